"""The room's offers panel in a real browser (issue 21): a draw offered and accepted by
clicking, then a rematch asked on both pages, which both go to the new game."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from tests.server.live import LiveServer

from .helpers import as_guest, create


def test_a_draw_offer_then_a_rematch_by_clicking(site: LiveServer,
                                                 contexts: Callable[[], Any]) -> None:
    alice = as_guest(contexts(), "Alice")
    gid = create(alice, ["me", "open"], game="mitan")
    bob = as_guest(contexts(), "Bob", start=f"/g/{gid}")
    bob.goto(f"/g/{gid}")
    bob.get_by_test_id("sit-1").click()
    alice.get_by_test_id("offer-draw").click()
    expect(bob.get_by_test_id("asked-draw")).to_contain_text("Alice")
    bob.get_by_test_id("accept-draw").click()
    expect(alice.get_by_test_id("replay-link")).to_be_visible()
    expect(alice.get_by_test_id("offer-draw")).to_be_hidden()
    # The rematch: Alice asks, Bob sees it and accepts; both pages go to the new game.
    alice.get_by_test_id("rematch").click()
    expect(alice.get_by_test_id("rematch-waiting")).to_be_visible()
    expect(bob.get_by_test_id("rematch-asked")).to_contain_text("Alice")
    bob.get_by_test_id("rematch").click()
    new_game = re.compile(r"/g/(?!" + re.escape(gid) + r"$)[^/]+$")
    alice.wait_for_url(new_game)
    bob.wait_for_url(new_game)
    assert alice.url == bob.url
    expect(bob.get_by_test_id("offer-draw")).to_be_visible()  # a live game of theirs again
