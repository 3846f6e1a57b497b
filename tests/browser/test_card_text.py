"""Readable cards (issue #20, point 5): in each game's room on a 1366x768 laptop, against a
random bot on the player's turn, no text a player reads is drawn under 11 px, cards included
(SVG text measured at the size the SVG is drawn at: tests/browser/text_size.py). Also a
FaMiX room (its Dieux on the Olympes, its aréopages face up) and a Diamagique game played on
until its Châteaux have been offered and one stands on the table beside the Magiciens, and
the other games a few turns on (cards played, revealed, posed, drafted)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from .room_fit import GAMES, open_room
from .text_size import too_small

pytestmark = pytest.mark.browser
LEAST = 11  # px, at 1366x768


def assert_readable(page: Page, where: str) -> None:
    small = too_small(page, LEAST)
    assert not small, f"{where}: {len(small)} texts under {LEAST} px: " + "; ".join(
        f"{t['text']!r} {t['px']} px in {t['where']} ({t['tag']}.{t['cls']})" for t in small[:25])


@pytest.mark.parametrize("game", list(GAMES))
def test_no_text_under_11_px_in_a_laptop_room(sized: Callable[[str], Any], game: str) -> None:
    page = open_room(sized("laptop"), game)
    assert_readable(page, game)


def test_famix_olympes_and_aréopages_are_readable(sized: Callable[[str], Any]) -> None:
    # MX-14: both aréopages face up; MX-15: the Dieux dealt go up to the Olympes, with their
    # resource trays (a deal may give none: a new game then, a few at most).
    for deal in range(4):
        page = open_room(sized("laptop"), "mitix", name=f"Léa {deal}", setup="famix")
        assert page.locator('[data-testid="mx-areopage-1"] [data-card]').count() > 0
        assert_readable(page, f"famix, deal {deal + 1}")
        if page.locator('[data-testid^="mx-olympe-"] [data-card]').count():
            break
    else:
        pytest.fail("four FaMiX deals without a Dieu on an Olympe")


def my_turn(page: Page, moves: int) -> None:
    """Waits for the log to grow past `moves` steps and the player's turn to come back (or the
    game to end)."""
    page.wait_for_function(f"() => document.querySelectorAll('#log > li').length > {moves}",
                           timeout=30_000)
    page.wait_for_function("() => document.title.startsWith('●')"
                           " || !document.querySelector('[data-testid=replay-link]').hidden",
                           timeout=60_000)
    page.wait_for_timeout(400)  # the screen's reveal and entrance animations


def test_diamagique_chateaux_and_magiciens_are_readable(sized: Callable[[str], Any]) -> None:
    page = open_room(sized("laptop"), "diamagique")
    seen: set[str] = set()
    deadline = time.monotonic() + 150
    while not {"choice", "table"} <= seen:
        assert time.monotonic() < deadline, f"no Château offered and played in time: {seen}"
        assert page.locator("[data-testid^=dg-wizard-0-]").count() == 3  # the Magiciens
        assert_readable(page, f"diamagique {sorted(seen)}")
        moves = page.locator("#log > li").count()
        castles = page.locator("[data-testid^=dg-pick-chateau-]")
        if page.locator("[data-testid=dg-chateau] svg.dg-castle").count():
            seen.add("table")
        if castles.count():
            seen.add("choice")
        play_diamagique(page)
        my_turn(page, moves)


PLAY_FIRST = """() => {
  const button = document.querySelector("#board [data-action]");
  if (button) { button.click(); return true; }
  document.querySelector("#board [data-actions]")?.click();
  return false;
}"""


@pytest.mark.parametrize(("game", "setup"), [(g, None) for g in GAMES if g != "diamagique"]
                         + [("mitix", "famix")])
def test_a_few_turns_on_the_room_stays_readable(sized: Callable[[str], Any], game: str,
                                                setup: str | None) -> None:
    page = open_room(sized("laptop"), game, setup=setup)
    for turn in range(4):
        assert_readable(page, f"{game}, turn {turn + 1}")
        moves = page.locator("#log > li").count()
        # A legal action as the engine wrote it, clicked as its button would be: the first of
        # the screen's list, or (a Mindbug hand) a card to pick, then the button it brings.
        if not page.evaluate(PLAY_FIRST):
            page.wait_for_timeout(200)
            assert page.evaluate(PLAY_FIRST), f"{game}: no legal action to click"
        my_turn(page, moves)
        if page.get_by_test_id("replay-link").is_visible():
            break  # the game is over
    assert_readable(page, f"{game}, later")


# A Mindbug card drawn small: a card of another's hand this seat was shown, or one of a
# discard pile. Its power (cards.js: 16 of the face's 120 units) came to 10.4 px at a laptop's
# card width; a random game seldom shows one, so every creature is drawn small by the screen's
# own cards.js into the other seat's hand row, its name and effect left to the room's tiles.
DRAW_SMALL_MINDBUG_CARDS = """async () => {
  const { cardFace } = await import("/screens/mindbug/cards.js");
  const cards = await (await fetch("/screens/mindbug/cards.json")).json();
  const row = document.querySelector(".screen-mindbug .mb-hand-other");
  for (const [key, data] of Object.entries(cards.creatures)) {
    const info = { key, name: data.name, power: data.power, basePower: data.power,
      keywords: data.keywords, text: data.text_fr, set: data.set };
    const tile = document.createElement("div");
    tile.className = "mb-card mb-small";
    tile.dataset.testid = "mb-card-drawn-small";
    tile.append(cardFace(info, { keywordWord: (k) => k, t: (k) => k }));
    row.append(tile);
  }
  return row.querySelectorAll("[data-testid=mb-card-drawn-small]").length;
}"""


def test_a_small_mindbug_card_keeps_its_power_readable(sized: Callable[[str], Any]) -> None:
    page = open_room(sized("laptop"), "mindbug")
    assert page.evaluate(DRAW_SMALL_MINDBUG_CARDS) >= 30
    powers = page.evaluate("""() => [...document.querySelectorAll(
      "[data-testid=mb-card-drawn-small] .mb-t-power")].map((e) => e.textContent)""")
    assert "10" in powers  # two digits, the widest
    for tile in page.locator("[data-testid=mb-card-drawn-small]").all():
        tile.scroll_into_view_if_needed()
        small = [t for t in too_small(page, LEAST) if t["where"] == "mb-card-drawn-small"]
        assert not small, f"a small Mindbug card: {small[:5]}"


def play_diamagique(page: Page) -> None:
    """A Château to the table, or a Sort to a Magicien, or what the fallback list offers
    (shared with tests/browser/test_card_faces.py)."""
    castles = page.locator("[data-testid^=dg-pick-chateau-]")
    if castles.count():
        castles.first.click()
        page.get_by_test_id("dg-target-chateau").click()
    elif page.locator("[data-testid^=dg-pick-]").count():
        page.locator("[data-testid^=dg-pick-]").first.click()
        page.locator("[data-testid^=dg-target-]").first.click()
    else:
        page.get_by_test_id("dg-fallback").locator("button").first.click()
