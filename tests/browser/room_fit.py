"""The game rooms at a laptop's and a phone's size (issue #20, point 1): open a room of each
game against a random bot, wait for the player's turn, and measure what a player sees
without scrolling. Shared by tests/browser/test_room_layout.py and bench/screens.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .helpers import as_guest, create

# game -> (setup, the prompt's selector, the own hand's or board's selector)
GAMES: dict[str, tuple[str, str, str]] = {
    "mitix": ("mitix", "[data-testid=mx-prompt]", "[data-testid=mx-side-0]"),
    "mindbug": ("2p", "[data-testid=mb-prompt]", "[data-testid=mb-handrow-0]"),
    "diamagique": ("Sylves-Aube-officiel", "[data-testid=dg-prompt]", "[data-testid=dg-hand]"),
    "mitan": ("open", "[data-testid=mitan-turn]", "[data-testid=mitan-board]"),
    "mimik": ("2p", "[data-testid=prompt]", "[data-testid=hand]"),
}
# The opponent's side (seat 1), which a laptop shows without scrolling too.
OPPONENT: dict[str, str] = {
    "mitix": "[data-testid=mx-side-1]",
    "mindbug": "[data-testid=mb-player-1]",
    "diamagique": "[data-testid=dg-team-1]",
    "mitan": "[data-testid=mitan-seat-1]",
    "mimik": "[data-testid=player-1]",
}
SIZES: dict[str, tuple[int, int]] = {"laptop": (1366, 768), "phone": (390, 844)}


def open_room(context: Any, game: str, name: str = "Amélie", setup: str | None = None) -> Page:
    """A game of `game` against a random bot, the player at seat 0, on the player's turn;
    `setup` one of the game's setups (its usual one in GAMES by default)."""
    usual, prompt, hand = GAMES[game]
    setup = setup or usual
    page = as_guest(context, name)
    create(page, ["me", "bot:random"], game=game, setup=setup)
    expect(page.locator(hand)).to_be_visible()
    expect(page.locator(prompt)).to_be_visible()
    # The tab's title says when it is the player's turn (game.js, signals.js).
    page.wait_for_function("() => document.title.startsWith('●')", timeout=60_000)
    page.wait_for_timeout(300)  # the screen's entrance animations
    return page


def in_view(page: Page, selector: str) -> bool:
    """The element is on screen without scrolling: its top is in the window and, unless it
    is taller than the window, its bottom too (a hand wider than a phone scrolls sideways
    within itself)."""
    return bool(page.evaluate("""(selector) => {
        const element = document.querySelector(selector);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        const h = window.innerHeight;
        return box.height > 0 && box.top >= 0 && box.top < h
            && (box.bottom <= h + 1 || box.height > h * 0.6 && h - box.top >= h * 0.5);
    }""", selector))


def fit(page: Page) -> dict[str, Any]:
    """The page's height against the window's, and whether the prompt and the hand (or own
    board) are in view, measured at the page's current scroll (the top)."""
    game = page.evaluate("() => JSON.parse(document.getElementById('room-data').textContent).kind")
    _, prompt, hand = GAMES[str(game)]
    page.evaluate("() => window.scrollTo(0, 0)")
    return {
        "page": page.evaluate("() => document.documentElement.scrollHeight"),
        "width": page.evaluate("() => document.documentElement.scrollWidth"),
        "window": page.evaluate("() => window.innerHeight"),
        # How much of the screen's column is below its fold (it scrolls inside itself).
        "hidden": page.evaluate("() => { const m = document.getElementById('room-main');"
                                " return m.scrollHeight - m.clientHeight; }"),
        "prompt": in_view(page, prompt),
        "hand": in_view(page, hand),
        "opponent": in_view(page, OPPONENT[str(game)]),
        # The newest event (none yet when the player moves first).
        "last_event": in_view(page, "#log > li") if page.locator("#log > li").count() else None,
    }
