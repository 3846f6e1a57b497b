"""Mindbug positions, for the tutorial's lessons: a 2-player game that starts mid-game.

A position is a text, the `position` option of a 2-player game:

    HAND0/BOARD0/HAND1/BOARD1 FIRST LIFE0,LIFE1 MINDBUGS0,MINDBUGS1 [PILE0,PILE1]

HAND and BOARD are creature keys separated by commas (empty for none); a board creature
written `key!` is exhausted (its CORIACE already used, MB-11). FIRST is the seat to act.
PILE, when given, is the size of each seat's draw pile after the placed cards are taken from
it (the other cards of the pile go to the unused pile); without it the draw piles keep the
rest of their 10 cards (MB-3).
Example: `gorillion,tigrecureuil/arachnhibou//rhino-tortue! 0 3,2 2,0`.

The game is dealt from its seed as usual (MB-3), then each listed card takes the place of the
first cards of its seat's draw pile (the creatures swap with other cards of the box, so the
deck is still the box); hands are then refilled to 5 from the rest of the pile (MB-5). Board
creatures are in play since an earlier turn (they may attack), owned and controlled by their
seat. No MB-4 reveal: FIRST starts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import Catalogue

SEATS = 2
PILE = 10  # MB-3: a draw pile of 10 per player


@dataclass(frozen=True)
class Position:
    hands: tuple[tuple[str, ...], ...]
    boards: tuple[tuple[str, ...], ...]
    exhausted: tuple[tuple[bool, ...], ...]
    first: int
    life: tuple[int, int]
    mindbugs: tuple[int, int]
    piles: tuple[int, int] | None = None


def _keys(text: str) -> list[str]:
    return text.split(",") if text else []


def _pair(text: str, what: str, low: int, high: int) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{what} must be two numbers like '3,3', not {text!r}")
    a, b = int(parts[0]), int(parts[1])
    if not (low <= a <= high and low <= b <= high):
        raise ValueError(f"{what} must be between {low} and {high}, not {text!r}")
    return a, b


def parse_position(text: str, cat: Catalogue) -> Position:
    """The position written `text`; ValueError with a reason a person can read."""
    fields = text.split()
    if len(fields) not in (4, 5):
        raise ValueError("a position is 'HAND0/BOARD0/HAND1/BOARD1 FIRST LIFE0,LIFE1 "
                         "MINDBUGS0,MINDBUGS1', then optionally 'PILE0,PILE1'")
    zones = fields[0].split("/")
    if len(zones) != 2 * SEATS:
        raise ValueError("the cards are four zones: HAND0/BOARD0/HAND1/BOARD1")
    if fields[1] not in ("0", "1"):
        raise ValueError(f"the first seat is 0 or 1, not {fields[1]!r}")
    life = _pair(fields[2], "life", 1, 99)  # MB-18: at 0 the game would be over
    bugs = _pair(fields[3], "Mindbugs", 0, 2)  # MB-3: two each at most
    piles = _pair(fields[4], "draw piles", 0, PILE) if len(fields) == 5 else None
    hands: list[tuple[str, ...]] = []
    boards: list[tuple[str, ...]] = []
    tired: list[tuple[bool, ...]] = []
    used: Counter[str] = Counter()
    for s in range(SEATS):
        hand = _keys(zones[2 * s])
        board = _keys(zones[2 * s + 1])
        marks = tuple(k.endswith("!") for k in board)
        board = [k.removesuffix("!") for k in board]
        for key in hand + board:
            if cat.get(key) is None:
                raise ValueError(f"no creature {key!r} in this game's box")
            used[key] += 1
        if len(hand) + len(board) > PILE:
            raise ValueError(f"seat {s} has {len(hand) + len(board)} cards placed, more than "
                             f"its draw pile of {PILE}")
        if piles is not None and len(hand) + len(board) + piles[s] > PILE:
            raise ValueError(f"seat {s} has {len(hand) + len(board)} cards placed and a draw "
                             f"pile of {piles[s]}: more than its {PILE} cards")
        hands.append(tuple(hand))
        boards.append(tuple(board))
        tired.append(marks)
    for key, count in used.items():
        creature = cat.get(key)
        assert creature is not None
        if count > creature.copies:
            raise ValueError(f"{key!r} is placed {count} times; the box has {creature.copies}")
    return Position(tuple(hands), tuple(boards), tuple(tired), int(fields[1]), life, bugs,
                    piles)
