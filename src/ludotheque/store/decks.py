"""The decks accounts build: reads and writes (docs/decks.md).

Each call checks the owner: a deck is read, renamed, copied or deleted only by the account
that built it. The limits (decks per account, a deck's name and text) are the caller's
(server/decks.py), which knows them; here they are enforced again by count, in the write's
own transaction, so two requests at once cannot pass the cap together.
"""

from __future__ import annotations

import secrets

from sqlalchemy import delete, func, select

from .db import Store
from .models import DeckRow, now


class DeckError(Exception):
    """A deck request refused; `code` is a catalogue key under "decks."."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def decks_of(store: Store, player: str, game: str | None = None) -> list[DeckRow]:
    """The player's decks (of one game), by name."""
    query = select(DeckRow).where(DeckRow.player == player)
    if game is not None:
        query = query.where(DeckRow.game == game)
    with store.session() as s:
        return list(s.scalars(query.order_by(DeckRow.name, DeckRow.created_at)))


def deck_of(store: Store, player: str, deck_id: str) -> DeckRow | None:
    """The player's deck `deck_id`; None when it is not theirs (or not at all)."""
    with store.session() as s:
        row = s.get(DeckRow, deck_id)
        return row if row is not None and row.player == player else None


def save(store: Store, player: str, game: str, name: str, text: str, *,
         deck_id: str | None, cap: int) -> DeckRow:
    """Create a deck (`deck_id` None) or change one of the player's; at most `cap` decks
    per account."""
    with store.session() as s:
        if deck_id is not None:
            row = s.get(DeckRow, deck_id)
            if row is None or row.player != player or row.game != game:
                raise DeckError("decks.no_such_deck")
            row.name, row.text, row.updated_at = name, text, now()
            return row
        count = s.scalar(select(func.count()).select_from(DeckRow)
                         .where(DeckRow.player == player)) or 0
        if count >= cap:
            raise DeckError("decks.too_many")
        row = DeckRow(id=secrets.token_urlsafe(8), player=player, game=game, name=name,
                      text=text, created_at=now(), updated_at=now())
        s.add(row)
        return row


def rename(store: Store, player: str, deck_id: str, name: str) -> DeckRow:
    with store.session() as s:
        row = s.get(DeckRow, deck_id)
        if row is None or row.player != player:
            raise DeckError("decks.no_such_deck")
        row.name, row.updated_at = name, now()
        return row


def copy(store: Store, player: str, deck_id: str, name: str, cap: int) -> DeckRow:
    found = deck_of(store, player, deck_id)
    if found is None:
        raise DeckError("decks.no_such_deck")
    return save(store, player, found.game, name, found.text, deck_id=None, cap=cap)


def remove(store: Store, player: str, deck_id: str) -> None:
    with store.session() as s:
        done = s.execute(delete(DeckRow).where(DeckRow.id == deck_id,
                                               DeckRow.player == player))
        if not done.rowcount:  # type: ignore[attr-defined]
            raise DeckError("decks.no_such_deck")
