"""MIMIK's cards: fixed codes for the engine, counts and names from `data/cards.toml`.

A card in a hand, the draw pile or the discard pile is a small int (its code): 1 to 10 are
the Value cards, 11 to 19 the nine Actions, 20 the MIMIK. A posed card is an int too (see
`posed`): its printed face, its current value (MK-6) and, for a MIMIK, the card it copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ludotheque.core.data import (
    did_you_mean,
    entry_error,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.errors import DataError

SABOTAGE = 11
SWAP = 12
REVERSE = 13
PAUSE = 14
HALF = 15
DISCARD_TWO = 16
PICKPOCKET = 17
SWAP_SCORE = 18
TSUNAMI = 19
MIMIK = 20
# Posed faces beyond the printed cards: a MIMIK posed as a copy (MK-26, protected by MK-27)
# is face MIMIK; a later MIMIK posed as a plain Value 5 (MK-25) is face MIMIK_FIVE.
MIMIK_FIVE = 21

ACTIONS = (SABOTAGE, SWAP, REVERSE, PAUSE, HALF, DISCARD_TWO, PICKPOCKET, SWAP_SCORE, TSUNAMI)
# The names printed on the cards (the source text's), in code order 11..20.
ACTION_NAMES = ("Sabotage", "Swap", "Reverse", "Pause", "Half", "Discard x2", "Pickpocket",
                "Swap Score", "Tsunami")
NAMES: dict[int, str] = {v: str(v) for v in range(1, 11)}
NAMES.update(zip(ACTIONS, ACTION_NAMES, strict=True))
NAMES[MIMIK] = "MIMIK"
CODES: dict[str, int] = {name: code for code, name in NAMES.items()}

NO_VALUE = 15  # a posed MIMIK that copied an Action has no value (MK-26)
DECK_SIZE = 120  # MK-1


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


# -- the data file ----------------------------------------------------------------------------
class CardData(BaseModel):
    """One line of data/cards.toml."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: Literal["valeur", "action", "mimik"]
    count: int = Field(ge=1, le=120)
    value: int | None = Field(default=None, ge=1, le=10)
    beginner: bool = True
    nom: str
    en: str


@dataclass(frozen=True)
class CardSet:
    """The deck as the data file describes it."""

    counts: dict[int, int]  # card code -> copies in the deck
    beginner_removed: frozenset[int]
    names_fr: dict[int, str]
    names_en: dict[int, str]

    def deck(self, beginner: bool) -> list[int]:
        """Every card of the deck, in code order (the game shuffles it)."""
        out: list[int] = []
        for code, count in self.counts.items():
            if beginner and code in self.beginner_removed:
                continue  # MK-4: Beginner mode removes Swap, Swap Score, Reverse and MIMIK
            out.extend([code] * count)
        return out


def parse_cards(source: str, document: dict[str, object]) -> CardSet:
    """Validate a cards document; errors name the file, the card and the field."""
    extra = [k for k in document if k != "card"]
    if extra:
        raise DataError(f'{source}: unknown table "{extra[0]}" (the cards are [[card]] tables)')
    entries = validate_entries(source, document.get("card", []), CardData)
    counts: dict[int, int] = {}
    removed: set[int] = set()
    fr: dict[int, str] = {}
    en: dict[int, str] = {}
    for entry in entries:
        code = CODES.get(entry.name)
        if code is None:
            raise entry_error(source, "card", entry.name, "name",
                              f"not a MIMIK card{did_you_mean(entry.name, CODES)}")
        kind = "valeur" if is_value(code) else "mimik" if code == MIMIK else "action"
        if entry.kind != kind:
            raise entry_error(source, "card", entry.name, "kind",
                              f'must be "{kind}" (got "{entry.kind}")')
        if is_value(code) and entry.value != code:
            raise entry_error(source, "card", entry.name, "value",
                              f"must be {code} (got {entry.value!r})")
        if not is_value(code) and entry.value is not None:
            raise entry_error(source, "card", entry.name, "value",
                              "only Value cards have a value")
        counts[code] = entry.count
        if not entry.beginner:
            removed.add(code)
        fr[code] = entry.nom
        en[code] = entry.en
    missing = [NAMES[c] for c in NAMES if c not in counts]
    if missing:
        raise DataError(f'{source}: card "{missing[0]}" is missing (MK-1 needs every card)')
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise DataError(f"{source}: the deck has {total} cards, MK-1 says {DECK_SIZE}")
    ordered = {code: counts[code] for code in sorted(counts)}
    return CardSet(ordered, frozenset(removed), fr, en)


def load_cards(path: str | None = None) -> CardSet:
    """The card set from a file (for tests) or the one shipped with the game."""
    if path is not None:
        return parse_cards(path, read_document(path))
    return _shipped()


@cache
def _shipped() -> CardSet:
    source, document = read_package_document(__package__ or "ludotheque.games.mimik",
                                             "data/cards.toml")
    return parse_cards(source, document)
