"""MIMIK's card data file (`data/cards.toml`): how many copies of each card, which cards
Beginner mode removes, the cards' French and English names. Kept apart from cards.py, the
engine's codes, which the compiled build compiles (COMPILED in __init__.py).
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

from .cards import CODES, DECK_SIZE, MIMIK, NAMES, is_value


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
