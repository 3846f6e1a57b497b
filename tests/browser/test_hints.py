"""The hint button of a room (issue 24), in a real browser: offered to the player to act in
an unranked game against a bot, it shows Difficile's move in the game's words; a game
between people on one device offers none."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from .helpers import as_guest, create


def test_the_hint_button_shows_difficiles_move_in_the_games_words(
        contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Hélène")
    create(page, ["me", "bot:random"], game="mimik")
    expect(page.get_by_test_id("status")).to_contain_text("À vous de jouer", timeout=30_000)
    button = page.get_by_test_id("hint")
    expect(button).to_be_visible()
    button.click()
    text = page.get_by_test_id("hint-text")
    # Said as the log says moves (a seat's name, no ruling id: issue 20), the notation in
    # its title.
    expect(text).to_contain_text(re.compile(r"Le robot Difficile jouerait : \w"),
                                 timeout=60_000)
    expect(text).not_to_contain_text("MK-")
    # The engine's notation of the move, for those who read it, in its title.
    expect(text).to_have_attribute("title", re.compile(r"\S"))


def test_no_hint_between_people_on_one_device(contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Ivan")
    create(page, ["me", "me"], game="mitan")
    expect(page.get_by_test_id("board")).to_be_visible()
    expect(page.get_by_test_id("hint")).to_be_hidden()
