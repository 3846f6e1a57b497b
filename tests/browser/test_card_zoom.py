"""A card shown large (issue #20, point 5), in each of the five games' rooms against a random
bot: the magnifier in a card's corner (a click, or Tab and Enter), a long press of the mouse
or of a finger, and a right click each open the site's overlay with the card drawn large and
its full text in HTML (checked against the games' own card data); Escape closes it. A long
press on a card the player could play plays nothing. Hidden cards (the opponent's hand, an
aréopage face down) have no magnifier."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .room_fit import open_room
from .text_size import too_small

pytestmark = pytest.mark.browser
GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "ludotheque" / "games"
LONG_PRESS_MS = 700  # the screens open the card from 450 ms


def words(game: str) -> dict[str, str]:
    return dict(json.loads((GAMES_DIR / game / "web" / "fr.json").read_text(encoding="utf-8")))


def mitix_card(page: Page) -> tuple[Locator, list[str]]:
    """A Dieu on the player's Olympe: its Amis, Ennemis and family (MX-1), from cartes.toml."""
    card = page.locator('[data-testid="mx-olympe-0"] .mx-card[data-card]').first
    name = card.get_attribute("data-card")
    data = tomllib.loads((GAMES_DIR / "mitix" / "data" / "cartes.toml").read_text(encoding="utf-8"))
    face = next(c for c in data["carte"] if c["nom"] == name)
    return card, [str(name), *face["amis"], *face["ennemis"], face["famille"], str(face["bios"])]


def mindbug_card(page: Page) -> tuple[Locator, list[str]]:
    """A creature of the player's hand: its name and effect (cards.json)."""
    card = page.locator('[data-testid="mb-handrow-0"] .mb-card').first
    key = str(card.get_attribute("data-key"))
    data = json.loads((GAMES_DIR / "mindbug" / "web" / "cards.json").read_text(encoding="utf-8"))
    creature = data["creatures"][key]
    return card, [creature["name"], creature["text_fr"]]


def diamagique_card(page: Page) -> tuple[Locator, list[str]]:
    """The player's first Magicien: its name and its power (cards.json)."""
    card = page.get_by_test_id("dg-wizard-0-1")
    label = str(card.get_attribute("aria-label"))
    data = json.loads((GAMES_DIR / "diamagique" / "web" / "cards.json").read_text(encoding="utf-8"))
    name = max((n for n in data["magiciens"] if n in label), key=len)
    return card, [name, data["magiciens"][name]["effet"]["fr"]]


def mitan_card(page: Page) -> tuple[Locator, list[str]]:
    """A piece of the draft's market: its name and how it moves (the screen's catalogue)."""
    card = page.locator("[data-testid^=market-]").first
    letter = str(card.get_attribute("data-testid")).removeprefix("market-")
    said = words("mitan")
    return card, [said[f"mitan.piece.{letter}"], said[f"mitan.move.{letter}"]]


def mimik_card(page: Page) -> tuple[Locator, list[str]]:
    """A card of the player's hand: an Action card's name and effect, or a Valeur's number."""
    said = words("mimik")
    hand = page.get_by_test_id("hand-card")
    for i in range(hand.count()):
        card = hand.nth(i)
        name = str(card.get_attribute("data-card"))
        if not name.isdigit():
            effects = [v for k, v in said.items() if k.startswith("mimik.effect.")]
            shown = card.locator(".mk-over-effect").inner_text()
            assert shown in effects
            return card, [shown]
    card = hand.first
    return card, [said["mimik.card_label"].replace("{card}", str(card.get_attribute("data-card")))]


CARDS: dict[str, Callable[[Page], tuple[Locator, list[str]]]] = {
    "mitix": mitix_card, "mindbug": mindbug_card, "diamagique": diamagique_card,
    "mitan": mitan_card, "mimik": mimik_card,
}
# Where each screen keeps what the player may not see: no magnifier there.
HIDDEN = {
    "mitix": '[data-testid="mx-areopage-1"] .mx-stack',
    "mindbug": ".mb-backs",
    "diamagique": "[data-testid=dg-backs-1]",
    "mitan": "[data-testid=army-1] .mt-secret",
    "mimik": "[data-testid=hand-size-1]",
}
# A card the player may play, and the sign that it was picked (a long press picks nothing).
PICKED = {"mindbug": ".mb-selected", "diamagique": ".dg-chosen", "mimik": ".mk-chosen"}


def shown_large(page: Page, expected: list[str], measured: bool = False) -> None:
    """The overlay is open on the card, drawn large with its full text; Escape closes it.
    `measured`: also no text under 11 px, the card shown large included."""
    overlay = page.get_by_test_id("overlay")
    expect(overlay).to_be_visible()
    assert overlay.get_attribute("data-kind") == "card"
    expect(overlay.get_by_test_id("card-zoom").locator("svg").first).to_be_visible()
    text = overlay.inner_text()
    for part in expected:
        assert part in text, (part, text)
    # Drawn large: the face in the overlay is 2.5 times as wide as a card on the table.
    width = overlay.locator(".card-zoom-face").evaluate("e => e.getBoundingClientRect().width")
    assert width >= 250, width
    if measured:
        small = too_small(page)
        assert not small, small[:10]
    page.keyboard.press("Escape")
    expect(overlay).to_be_hidden()


def long_press(page: Page, card: Locator) -> None:
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.45)
    page.mouse.down()
    page.wait_for_timeout(LONG_PRESS_MS)
    page.mouse.up()


def touch_press(page: Page, card: Locator) -> None:
    """A finger held on the card (Chromium's touch events, through the DevTools protocol)."""
    box = card.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] * 0.4, "y": box["y"] + box["height"] * 0.45}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(LONG_PRESS_MS)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
    cdp.detach()


@pytest.mark.parametrize("game", list(CARDS))
def test_any_card_shows_large_with_its_full_text(sized: Callable[[str], Any], game: str) -> None:
    page = open_room(sized("laptop"), game)
    card, expected = CARDS[game](page)
    button = card.get_by_test_id("card-zoom-button")
    # The magnifier: a click.
    button.click()
    shown_large(page, expected, measured=True)
    expect(button).to_be_focused()  # the dialog gives the focus back
    # The magnifier from the keyboard.
    button.focus()
    page.keyboard.press("Enter")
    shown_large(page, expected)
    # A long press with the mouse: the card large, and no move begun.
    long_press(page, card)
    shown_large(page, expected)
    if game in PICKED:
        expect(page.locator(PICKED[game])).to_have_count(0)
    # A finger held on the card.
    touch_press(page, card)
    shown_large(page, expected)
    # A right click.
    card.click(button="right")
    shown_large(page, expected)
    # Nothing the player may not see can be shown large.
    hidden = page.locator(HIDDEN[game])
    if hidden.count():
        expect(hidden.first.get_by_test_id("card-zoom-button")).to_have_count(0)
