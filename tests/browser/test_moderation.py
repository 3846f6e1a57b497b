"""Moderation in a real browser: a player reports a chat message with the room's "Signaler"
button, a moderator hides it from the queue, and it leaves the other players' chats at once.
Clicks only, like a person (docs/moderation.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Dialog, Page, expect

from ludotheque.store import Store
from ludotheque.store.moderation import grant

from ..server.live import LiveServer
from .helpers import as_guest, create

pytestmark = pytest.mark.browser


def registered(context: Any, name: str) -> Page:
    page: Page = context.new_page()
    page.goto("/login")
    form = page.get_by_test_id("register-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill("correct horse battery")
    form.get_by_role("button").click()
    expect(page.get_by_test_id("me")).to_contain_text(name)
    return page


def test_report_a_message_and_a_moderator_hides_it(site: LiveServer,
                                                   contexts: Callable[[], Any]) -> None:
    alice = as_guest(contexts(), "Alice")
    gid = create(alice, ["me", "open"])
    bob = as_guest(contexts(), "Bob", start=f"/g/{gid}")
    bob.goto(f"/g/{gid}")
    bob.get_by_test_id("sit-1").click()
    expect(alice.get_by_test_id("status")).to_contain_text("À vous de jouer")
    bob.get_by_test_id("chat-text").fill("un message vilain")
    bob.get_by_test_id("chat-send").click()
    line = alice.locator("#chat li", has_text="un message vilain")
    expect(line).to_be_visible()

    def answer(dialog: Dialog) -> None:
        dialog.accept("propos blessants")

    alice.once("dialog", answer)
    line.get_by_role("button", name="Signaler").click()
    expect(alice.get_by_test_id("errors")).to_contain_text("Signalement envoyé")

    name = f"modo{site.port}"
    modo = registered(contexts(), name)
    store = Store(site.db_url)
    try:
        grant(store, name, "moderator")
    finally:
        store.close()
    modo.goto("/mod")
    card = modo.get_by_test_id("report").filter(has_text="propos blessants")
    expect(card.get_by_test_id("reported-message")).to_contain_text("un message vilain")
    form = card.get_by_test_id("act-hide")
    form.locator("input[name=reason]").fill("propos blessants")
    form.get_by_role("button").click()
    modo.wait_for_url(re.compile("/mod$"))
    # Gone from both players' open pages at once, and from a reload.
    expect(alice.locator("#chat li", has_text="un message vilain")).to_have_count(0)
    expect(bob.locator("#chat li", has_text="un message vilain")).to_have_count(0)
    bob.reload()
    expect(bob.get_by_test_id("chat")).not_to_contain_text("un message vilain")
    modo.goto("/mod/log")
    expect(modo.get_by_test_id("mod-log")).to_contain_text("propos blessants")
