"""MIMIK's cards: fixed codes for the engine (counts and names are in `data/cards.toml`, read
by carddata.py).

A card in a hand, the draw pile or the discard pile is a small int (its code): 1 to 10 are
the Value cards, 11 to 19 the nine Actions, 20 the MIMIK. A posed card is an int too (see
`posed`): its printed face, its current value (MK-6) and, for a MIMIK, the card it copied.
The constants are `Final`: the compiled build (COMPILED in __init__.py) writes them in place.
"""

from __future__ import annotations

from typing import Final

SABOTAGE: Final = 11
SWAP: Final = 12
REVERSE: Final = 13
PAUSE: Final = 14
HALF: Final = 15
DISCARD_TWO: Final = 16
PICKPOCKET: Final = 17
SWAP_SCORE: Final = 18
TSUNAMI: Final = 19
MIMIK: Final = 20
# Posed faces beyond the printed cards: a MIMIK posed as a copy (MK-26, protected by MK-27)
# is face MIMIK; a later MIMIK posed as a plain Value 5 (MK-25) is face MIMIK_FIVE.
MIMIK_FIVE: Final = 21

ACTIONS: Final = (SABOTAGE, SWAP, REVERSE, PAUSE, HALF, DISCARD_TWO, PICKPOCKET, SWAP_SCORE,
                  TSUNAMI)
# The names printed on the cards (the source text's), in code order 11..20.
ACTION_NAMES: Final = ("Sabotage", "Swap", "Reverse", "Pause", "Half", "Discard x2",
                       "Pickpocket", "Swap Score", "Tsunami")
NAMES: Final[dict[int, str]] = {v: str(v) for v in range(1, 11)}
NAMES.update(zip(ACTIONS, ACTION_NAMES, strict=True))
NAMES[MIMIK] = "MIMIK"
CODES: Final[dict[str, int]] = {name: code for code, name in NAMES.items()}

NO_VALUE: Final = 15  # a posed MIMIK that copied an Action has no value (MK-26)
DECK_SIZE: Final = 120  # MK-1


def is_value(card: int) -> bool:
    return 1 <= card <= 10


# -- posed cards ------------------------------------------------------------------------------
def posed(face: int, value: int, copied: int = 0) -> int:
    """A posed card: printed face (or MIMIK / MIMIK_FIVE), current value, and for a MIMIK
    that copied an Action, that Action (a copied Value is just the value)."""
    return copied << 10 | face << 4 | value


def face_of(card: int) -> int:
    return (card >> 4) & 63


def value_of(card: int) -> int:
    """The current value, NO_VALUE for a MIMIK that copied an Action."""
    return card & 15


def copied_of(card: int) -> int:
    return card >> 10


def points(card: int) -> int:
    value = card & 15
    return 0 if value == NO_VALUE else value


def printed(card: int) -> int:
    """The card that goes to the discard pile when a posed card leaves play."""
    face = (card >> 4) & 63
    return MIMIK if face == MIMIK_FIVE else face
