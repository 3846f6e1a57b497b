"""One device for two seats (issue #20, point 10): each seat goes by its name (no "vous" on
every seat), the log names who drew, and MIMIK offers "Abandonner" to the seat on screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import as_guest, create, lift_curtain

pytestmark = pytest.mark.browser


def test_a_hotseat_mimik_names_each_seat_and_lets_one_resign(contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Amélie")
    create(page, ["me", "me"], game="mimik", setup="2p")
    seats = page.get_by_test_id("seats")
    expect(seats.locator("li")).to_have_count(2)
    first, second = (seats.locator("li").nth(i).inner_text() for i in range(2))
    assert "Amélie" in first and "Amélie" in second and first != second
    expect(seats.locator(".badge", has_text="vous")).to_have_count(0)
    resign = page.get_by_test_id("resign")
    expect(resign).to_be_visible()
    expect(resign).to_contain_text("Abandonner (Amélie")
    lift_curtain(page)
    # The private draw is told with the drawer's name, never "Vous piochez".
    expect(page.locator("#log")).not_to_contain_text("Vous piochez")
    page.once("dialog", lambda dialog: dialog.accept())
    resign.click()
    expect(page.get_by_test_id("end")).to_be_visible()
    expect(page.get_by_test_id("end-why")).to_contain_text("abandonné")
