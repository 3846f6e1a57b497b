"""The room's sound (issue 20, point 8): off by default; an account's choice follows it to
another room in another browser; a guest's stays in their browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from ..server.live import LiveServer
from .helpers import as_guest, create
from .test_moderation import registered

PASSWORD = "correct horse battery"  # test_moderation.registered's


def test_an_accounts_sound_is_on_in_another_room_of_another_browser(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    name = f"Sonia{site.port}"
    laptop = registered(contexts(), name)
    create(laptop, ["me", "bot:random"])
    button = laptop.get_by_test_id("sound")
    expect(button).to_have_attribute("aria-pressed", "false")
    with laptop.expect_response(lambda r: r.url.endswith("/account/sound")) as answer:
        button.click()
    assert answer.value.status == 200
    expect(button).to_have_attribute("aria-pressed", "true")

    # A fresh browser (no localStorage, no cookie), the same account, another room.
    phone: Page = contexts().new_page()
    phone.goto("/login")
    form = phone.get_by_test_id("login-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.get_by_role("button").click()
    expect(phone.get_by_test_id("me")).to_contain_text(name)
    create(phone, ["me", "bot:random"])
    expect(phone.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate("localStorage.getItem('ludo.sound')") is None


def test_a_guests_sound_stays_in_their_browser(site: LiveServer,
                                              contexts: Callable[[], Any]) -> None:
    context = contexts()
    guest = as_guest(context, "Gaspard")
    create(guest, ["me", "bot:random"])
    guest.get_by_test_id("sound").click()
    expect(guest.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")
    create(guest, ["me", "bot:random"])
    expect(guest.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")
    other = as_guest(contexts(), "Gilles")
    create(other, ["me", "bot:random"])
    expect(other.get_by_test_id("sound")).to_have_attribute("aria-pressed", "false")
