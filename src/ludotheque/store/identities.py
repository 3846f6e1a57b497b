"""Accounts at sign-in providers (Discord, Google) and the players they sign in.

Short synchronous calls, run in a worker thread by the server (server/oauth.py). Each write
is one transaction, and the unique constraints of `identities` decide every race: two tabs
finishing the same first sign-in make one account, not two.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from .db import NameTaken, Store
from .models import Identity, Player
from .names import name_key


@dataclass(frozen=True)
class Linked:
    provider: str
    created: datetime


class IdentityTaken(Exception):
    """The identity already signs in another player."""


def owner(store: Store, provider: str, subject: str) -> Player | None:
    """The player this provider's user signs in, or None."""
    with store.session() as s:
        return s.scalars(select(Player).join(Identity, Identity.player_id == Player.id)
                         .where(Identity.provider == provider, Identity.subject == subject)
                         ).first()


def linked(store: Store, player_id: str) -> list[Linked]:
    """The providers a player can sign in with, in the order they were linked."""
    with store.session() as s:
        rows = s.scalars(select(Identity).where(Identity.player_id == player_id)
                         .order_by(Identity.created))
        return [Linked(r.provider, r.created) for r in rows]


def create_account(store: Store, name: str, provider: str, subject: str) -> Player:
    """A new account named `name` that this provider's user signs in, in one transaction:
    NameTaken when an account's name looks the same (store/names.py), IdentityTaken when the
    identity signs someone in already (then nothing is created)."""
    try:
        with store.session() as s:
            if s.scalar(select(Identity.id).where(Identity.provider == provider,
                                                  Identity.subject == subject)) is not None:
                raise IdentityTaken(provider)
            player = Player(id=secrets.token_hex(8), name=name, login=name.lower(),
                            password_hash=None, name_key=name_key(name))
            s.add(player)
            try:
                s.flush()
            except IntegrityError:
                raise NameTaken(name) from None
            s.add(Identity(provider=provider, subject=subject, player_id=player.id))
            s.flush()
            return player
    except IntegrityError:  # the identity, linked by another request meanwhile
        raise IdentityTaken(provider) from None


def link(store: Store, player_id: str, provider: str, subject: str) -> str:
    """Link the identity to the player: "linked", "already" (it was, to them), "taken" (it
    signs in another player) or "provider_taken" (they have another at this provider)."""
    try:
        with store.session() as s:
            found = s.scalars(select(Identity).where(Identity.provider == provider,
                                                     Identity.subject == subject)).first()
            if found is not None:
                return "already" if found.player_id == player_id else "taken"
            if s.scalar(select(Identity.id).where(Identity.player_id == player_id,
                                                  Identity.provider == provider)) is not None:
                return "provider_taken"
            s.add(Identity(provider=provider, subject=subject, player_id=player_id))
            s.flush()
            return "linked"
    except IntegrityError:  # a race with another request: it decided first
        return "taken"


def unlink(store: Store, player: Player, provider: str) -> str:
    """Unlink: "unlinked", "not_linked", or "last_way_in" (no password and no other
    provider: the player could never sign in again; nothing is changed)."""
    with store.session() as s:
        mine = list(s.scalars(select(Identity.provider)
                              .where(Identity.player_id == player.id)))
        if provider not in mine:
            return "not_linked"
        if player.password_hash is None and len(mine) == 1:
            return "last_way_in"
        s.execute(delete(Identity).where(Identity.player_id == player.id,
                                         Identity.provider == provider))
        return "unlinked"
