"""The games the adapter tests run: every registered game, the toy Carte haute included."""

from __future__ import annotations

import random

from ludotheque import games
from ludotheque.adapters import Table, has_encoding
from ludotheque.core import Game

from ..core.toys import EncodedHighCard

TOY = EncodedHighCard()
TOY_ID = TOY.id


def register_toy() -> None:
    """Put the toy in the registry, for the adapters that open games by id (conftest.py
    does it when the tests run, so that other modules' collection never sees it)."""
    if TOY_ID not in games.ids():
        games.register(TOY)


def registered() -> list[Game]:
    """Every game of the registry, and the toy Carte haute with its encoding."""
    found = games.all_games()
    return found if TOY_ID in {g.id for g in found} else [*found, TOY]


def encoded() -> list[Game]:
    """The games of `registered()` that give an encoding (each of the five does: pinned in
    test_pettingzoo.py; toys other test modules register may not)."""
    return [g for g in registered() if has_encoding(g)]


def play_randomly(table: Table, seed: int) -> None:
    """Random legal ids until the end."""
    chooser = random.Random(seed)
    while (seat := table.seat_to_act()) is not None:
        table.play(seat, chooser.choice(table.legal_ids(seat)))
