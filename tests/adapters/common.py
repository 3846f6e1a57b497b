"""The games the adapter tests run: every registered game, the toy Carte haute included."""

from __future__ import annotations

import random

from ludotheque import games
from ludotheque.adapters import Table
from ludotheque.core import Game

from ..core.toys import EncodedHighCard

TOY_ID = EncodedHighCard.id
if TOY_ID not in games.ids():
    games.register(EncodedHighCard())


def registered() -> list[Game]:
    """Every game of the registry, the toy with its encoding among them."""
    return games.all_games()


def play_randomly(table: Table, seed: int) -> None:
    """Random legal ids until the end."""
    chooser = random.Random(seed)
    while (seat := table.seat_to_act()) is not None:
        table.play(seat, chooser.choice(table.legal_ids(seat)))
