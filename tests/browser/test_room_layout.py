"""The game room fits the window (issue #20, point 1), for each of the five games, against a
random bot on the player's turn: on a 1366x768 laptop the page is no taller than the window
and the prompt, the player's hand or board, the opponent's side and the last event are all in
view. On a 390x844 phone the prompt and the
hand are in view at the top of the page and still after scrolling to its bottom, and the page
never scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .room_fit import GAMES, SIZES, fit, open_room

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", list(GAMES))
def test_a_laptop_sees_the_whole_room_without_scrolling(sized: Callable[[str], Any],
                                                        game: str) -> None:
    page = open_room(sized("laptop"), game)
    seen = fit(page)
    assert seen["page"] <= seen["window"], seen
    assert seen["width"] <= SIZES["laptop"][0], seen
    assert seen["prompt"] and seen["hand"] and seen["opponent"], seen
    assert seen["last_event"] is not False, seen  # None: no event yet (the player began)
    # The log and the chat scroll inside their own panels, never the page.
    for panel in ("#log", "#chat"):
        overflow = page.evaluate(f"() => getComputedStyle(document.querySelector('{panel}'))"
                                 ".overflowY")
        assert overflow == "auto", (panel, overflow)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_phone_keeps_the_prompt_and_the_hand_on_screen(sized: Callable[[str], Any],
                                                         game: str) -> None:
    page = open_room(sized("phone"), game)
    seen = fit(page)
    # The bot may be answering as the page opens (a state, a stolen creature flying): the
    # screen settles within a moment.
    for _ in range(20):
        if seen["prompt"] and seen["hand"]:
            break
        page.wait_for_timeout(250)
        seen = fit(page)
    assert seen["width"] <= SIZES["phone"][0], seen
    assert seen["prompt"] and seen["hand"], seen
    _, prompt, hand = GAMES[game]
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    shown = ("(s) => { const b = document.querySelector(s).getBoundingClientRect();"
             " return b.height > 0 && b.bottom > 0 && b.top < window.innerHeight; }")
    assert page.evaluate(shown, prompt), "the prompt scrolled away"
    assert page.evaluate(shown, hand), "the hand scrolled away"
