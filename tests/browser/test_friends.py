"""Friends and profiles in a real browser: a request asked and accepted with the /friends
page's buttons, a challenge that appears live on the friend's home page and, accepted, opens
the game, whose seat line leads to the challenger's profile. Clicks only, like a person."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from ..server.live import LiveServer
from .test_moderation import registered

pytestmark = pytest.mark.browser


def test_ask_accept_challenge_and_visit_a_profile(site: LiveServer,
                                                  contexts: Callable[[], Any]) -> None:
    ana_name, ben_name = f"ana{site.port}", f"ben{site.port}"
    ana = registered(contexts(), ana_name)
    ben = registered(contexts(), ben_name)
    ana.get_by_test_id("friends-link").click()
    ana.get_by_test_id("ask-name").fill(ben_name)
    ana.get_by_test_id("ask").click()
    expect(ana.get_by_test_id("outgoing")).to_contain_text(ben_name)
    ben.get_by_test_id("friends-link").click()
    ben.get_by_test_id(f"accept-{ana_name}").click()
    expect(ben.get_by_test_id("friend-list")).to_contain_text(ana_name)
    # Ben waits on the home page: the challenge arrives over his socket.
    ben.goto("/")
    presence = ana.locator(f'[data-name="{ben_name}"] [data-testid="presence"]')
    for _ in range(50):  # the page says who is online when it is made: load it again
        ana.goto("/friends")
        if presence.inner_text().strip() == "en ligne":
            break
        ana.wait_for_timeout(100)
    expect(presence).to_have_text("en ligne")
    ana.get_by_test_id(f"challenge-{ben_name}").click()
    challenge = ben.locator("#challenges li")
    expect(challenge).to_contain_text(ana_name)
    challenge.get_by_test_id("challenge-accept").click()
    expect(ben).to_have_url(f"{site.url}/g/" + ben.url.rsplit("/", 1)[-1])
    expect(ben.locator("#seats a.profile-link", has_text=ana_name)).to_be_visible()
    ben.locator("#seats a.profile-link", has_text=ana_name).click()
    expect(ben.get_by_test_id("profile-name")).to_have_text(ana_name)
    expect(ben.get_by_test_id("profile-friendship")).to_contain_text("Ami")
