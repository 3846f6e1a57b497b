"""Shared helpers: stacked positions, card names, and a few shortcuts for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ludotheque.core import Event
from ludotheque.games.diamagique import GAME
from ludotheque.games.diamagique.cards import ChateauData, Effet, MagicienData, SortData
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.effects import Cast, Table
from ludotheque.games.diamagique.rules import Arrangement, DiamagiqueState

PLAIN_AUBE = ["Lueur vive", "Tison", "Rayon d'aube", "Tison", "Lueur vive"]
PLAIN_MAREES = ["Bruine", "Onde claire", "Bruine", "Raz-de-marée", "Onde claire"]


def stacked(pair: tuple[str, str] = ("Aube", "Marées"), official: bool = False,
            seed: int = 0, **arrange: object) -> DiamagiqueState:
    """A new game with a stacked position (see rules.Arrangement)."""
    decks = (CARDS.deck(pair[0]), CARDS.deck(pair[1]))
    return DiamagiqueState.start(seed, decks, official, Arrangement(**arrange))  # type: ignore[arg-type]


def play(state: DiamagiqueState, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.play(text)
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def sort_named(name: str) -> SortData:
    return next(s for s in CARDS.sorts if s.name == name)


def hand_names(state: DiamagiqueState, seat: int) -> list[str]:
    return [CARDS.sorts[c].name for c in state.hand[seat]]


# -- synthetic tables for the modifier pipeline ------------------------------------------------

def effet(**fields: object) -> Effet:
    """An effect written as in the data files."""
    return Effet.model_validate(fields)


NEUTRAL = effet(categorie="positif", montant=1, si={"diamagiques_min": 12})  # never holds here


def wizard(name: str, effet: Effet = NEUTRAL, couleurs: Sequence[str] = ("Jaune",)) -> MagicienData:
    return MagicienData(name=name, couleurs=tuple(couleurs), effet=effet)  # type: ignore[arg-type]


def spell(name: str, puissance: int, effet: Effet | None = None,
          couleurs: Sequence[str] = ("Jaune",), cache: bool = False) -> SortData:
    return SortData(name=name, couleurs=tuple(couleurs), puissance=puissance,  # type: ignore[arg-type]
                    effet=effet, cache=cache)


def table(casts: Sequence[tuple[int, int, SortData]], active: int = 0,
          chateau: ChateauData | None = None,
          wizards: tuple[Sequence[MagicienData], Sequence[MagicienData]] | None = None,
          held: tuple[Sequence[Sequence[str]], Sequence[Sequence[str]]] | None = None) -> Table:
    """A challenge: casts are (seat, position 0-2, Sort) in casting order."""
    if wizards is None:
        wizards = ([wizard(f"A{p}") for p in range(3)], [wizard(f"B{p}") for p in range(3)])
    if held is None:
        held = (((), (), ()), ((), (), ()))
    return Table(active, chateau, (tuple(wizards[0]), tuple(wizards[1])),
                 tuple(Cast(seat, pos, s, rank) for rank, (seat, pos, s) in enumerate(casts)),
                 tuple(tuple(tuple(h) for h in side) for side in held))


__all__ = ["GAME"]
