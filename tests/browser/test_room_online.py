"""The online room's comforts (issue #20, points 3 and 8): a 500-character word in the chat
never widens the page, each message shows its time, a folded chat (a phone) counts the
unread messages; the host has a copy button, the guest sits in one step; each seat shows its
player online or away, the spectators are counted, and an opponent who leaves is announced."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import as_guest, create

pytestmark = pytest.mark.browser


def test_chat_presence_and_the_one_step_seat(contexts: Callable[[], Any]) -> None:
    alice = as_guest(contexts(), "Alice")
    alice.set_viewport_size({"width": 390, "height": 844})  # a phone: the chat is folded
    gid = create(alice, ["me", "open"])
    expect(alice.get_by_test_id("invite-copy")).to_be_visible()
    bob_context = contexts()
    bob = bob_context.new_page()
    bob.goto(f"/g/{gid}")
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-sit").click()
    expect(bob.get_by_test_id("status")).not_to_contain_text("attente")
    expect(alice.get_by_test_id("presence-1")).to_have_attribute("data-presence", "online")

    # A spectator is counted.
    carol = as_guest(contexts(), "Carol", start=f"/g/{gid}")
    carol.goto(f"/g/{gid}")
    expect(alice.get_by_test_id("watchers")).to_have_text("1 spectateur")

    # One word of 500 characters: wrapped in the chat, the page as wide as the window.
    bob.get_by_test_id("chat-text").fill("A" * 500)
    bob.get_by_test_id("chat-send").click()
    expect(bob.locator("#chat li")).to_have_count(1)
    for page in (alice, bob):
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], width  # type: ignore[index]
    expect(bob.locator("#chat li time")).to_have_text(re.compile(r"\d\d:\d\d"))
    # Alice's chat is folded: the message is counted unread until she opens it.
    expect(alice.get_by_test_id("chat-unread")).to_have_text("1")
    alice.get_by_test_id("chat-toggle").click()
    expect(alice.get_by_test_id("chat-unread")).to_be_hidden()
    expect(alice.locator("#chat li")).to_have_count(1)

    # Bob closes his page: Alice sees him away and is told.
    bob_context.close()
    expect(alice.get_by_test_id("presence-1")).to_have_attribute("data-presence", "away")
    expect(alice.get_by_test_id("notice")).to_contain_text("Bob a quitté la partie")
