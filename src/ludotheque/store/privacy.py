"""A player's data: everything the site keeps about them, as one JSON document, and its
deletion (the privacy page, /privacy, promises both).

Deleting an account keeps the games for the other players: the seat stays taken (a finished
game is still the same game, a rating still counts it) but names nobody; the player's chat
messages, ratings and their history, plays, friends, challenges, daily attempts and sign-in
identities (Discord, Google) go, and so does the player row itself.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, or_, select, update

from .db import Store, holds_seat, seated
from .models import (
    Challenge,
    ChatMessage,
    DailyAttempt,
    DeckRow,
    Friendship,
    GameRow,
    Identity,
    Play,
    Player,
    RatingHistory,
    RatingRow,
    SignedIn,
)

EXPORT_FORMAT = "ludotheque-player-data"
# A deleted player's seat: taken (never free for another to sit), nobody's, named by the
# site's catalogue in the reader's language ("Compte supprimé", "Deleted account").
DELETED = "deleted"


def deleted_seat(seat: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "human", "player": DELETED, "name": "", "deleted": True,
            **({"why": seat["why"]} if "why" in seat else {})}


def _games_of(store: Store, player_id: str) -> list[GameRow]:
    """Every game where the player holds a seat, or that they created."""
    with store.session() as s:
        rows = s.scalars(select(GameRow).where(or_(GameRow.creator == player_id,
                                                   seated(player_id)))
                         .order_by(GameRow.created_at))
        return [r for r in rows if r.creator == player_id or holds_seat(r.seats, player_id)]


def live_games(store: Store, player_id: str) -> list[str]:
    """The games being played in which the player holds a seat."""
    with store.session() as s:
        rows = s.scalars(select(GameRow).where(GameRow.status == "live", seated(player_id)))
        return [r.id for r in rows if holds_seat(r.seats, player_id)]


def export(store: Store, player_id: str) -> dict[str, Any] | None:
    """Everything kept about one player. A game still being played, and today's daily
    challenge, are listed without their moves and seed: a record holds hidden choices and is
    published when the game is over (a daily's, the next day)."""
    with store.session() as s:
        player = s.get(Player, player_id)
        if player is None:
            return None
        ratings = list(s.scalars(select(RatingRow).where(RatingRow.player == player_id)))
        chat = list(s.scalars(select(ChatMessage).where(ChatMessage.player == player_id)
                              .order_by(ChatMessage.id)))
        daily = list(s.scalars(select(DailyAttempt).where(DailyAttempt.player == player_id)
                               .order_by(DailyAttempt.id)))
        identities = list(s.scalars(select(Identity).where(Identity.player_id == player_id)
                                    .order_by(Identity.id)))
        friendships = s.execute(
            select(Friendship, Player).join(Player, or_(
                (Friendship.low == player_id) & (Player.id == Friendship.high),
                (Friendship.high == player_id) & (Player.id == Friendship.low)))
            .order_by(Friendship.id)).all()
        decks = list(s.scalars(select(DeckRow).where(DeckRow.player == player_id)
                               .order_by(DeckRow.created_at)))
    # A daily challenge's record (its deal) is published the next day, for everyone: the
    # player who finished it today gets it tomorrow too, or could pass the deal on.
    today = datetime.now(UTC).date().isoformat()
    secret = {d.game_id for d in daily if d.day >= today}
    games: list[dict[str, Any]] = []
    for row in _games_of(store, player_id):
        entry: dict[str, Any] = {
            "id": row.id, "game": row.game, "status": row.status, "ranked": row.ranked,
            "created_at": row.created_at.isoformat(), "updated_at": row.updated_at.isoformat(),
            "seats": [{"name": seat.get("name", ""), "kind": seat.get("kind"),
                       "you": seat.get("player") == player_id} for seat in row.seats],
            "result": row.result,
        }
        if row.status == "over" and row.id not in secret:
            entry["record"] = {
                "seed": row.seed, "players": row.players, "options": row.options,
                "game_version": row.game_version,
                "actions": [{"seat": m.seat, "action": m.action, "at": m.at.isoformat()}
                            for m in store.moves(row.id)]}
        games.append(entry)
    return {
        "format": EXPORT_FORMAT,
        "version": 1,
        "account": {"id": player.id, "name": player.name, "login": player.login,
                    "kind": "account" if player.login else "guest",
                    "sound": player.sound,
                    "created_at": player.created_at.isoformat()},
        "games": games,
        "ratings": [{"game": r.game, "pool": r.pool, "rating": r.rating, "rd": r.rd,
                     "volatility": r.volatility, "games": r.games,
                     "updated_at": r.updated_at.isoformat()} for r in ratings],
        "chat": [{"game": m.game_id, "name": m.name, "text": m.text, "at": m.at.isoformat()}
                 for m in chat],
        "daily": [{"day": d.day, "game": d.game, "game_id": d.game_id, "seat": d.seat}
                  for d in daily],
        "sign_in_with": [{"provider": i.provider, "subject": i.subject,
                          "linked_at": i.created.isoformat()} for i in identities],
        "friends": [{"name": other.name, "status": f.status,
                     "asked_by_you": f.asker == player_id, "at": f.at.isoformat()}
                    for f, other in friendships],
        "decks": [{"game": d.game, "name": d.name, "text": d.text,
                   "updated_at": d.updated_at.isoformat()} for d in decks],
    }


def forget(store: Store, player_id: str) -> list[str]:
    """Delete the player, in one transaction: their seats name nobody, their chat, ratings,
    daily attempts and sessions (every browser they were signed in on) go. Returns the ids
    of the games whose seats changed (the caller updates rooms it holds in memory). Live
    games must have been resigned first."""
    changed: list[str] = []
    with store.session() as s:
        for row in s.scalars(select(GameRow).where(seated(player_id))):
            left = any(seat.get("left_player") == player_id for seat in row.seats)
            if holds_seat(row.seats, player_id) or left:
                row.seats = [deleted_seat(seat) if seat.get("player") == player_id else
                             {k: v for k, v in seat.items() if k != "left_player"}
                             if seat.get("left_player") == player_id else seat
                             for seat in row.seats]
                if row.status == "open":
                    row.public = False  # nobody waits for a deleted player in the lobby
                changed.append(row.id)
        s.execute(update(GameRow).where(GameRow.creator == player_id).values(creator=None))
        s.execute(delete(ChatMessage).where(ChatMessage.player == player_id))
        s.execute(delete(DeckRow).where(DeckRow.player == player_id))
        s.execute(delete(RatingRow).where(RatingRow.player == player_id))
        s.execute(delete(RatingHistory).where(RatingHistory.player == player_id))
        s.execute(delete(Play).where(Play.player == player_id))
        s.execute(delete(Friendship).where(or_(Friendship.low == player_id,
                                               Friendship.high == player_id)))
        s.execute(delete(Challenge).where(or_(Challenge.challenger == player_id,
                                              Challenge.friend == player_id)))
        s.execute(delete(DailyAttempt).where(DailyAttempt.player == player_id))
        s.execute(delete(SignedIn).where(SignedIn.player == player_id))  # every browser
        s.execute(delete(Identity).where(Identity.player_id == player_id))
        s.execute(delete(Player).where(Player.id == player_id))
    return changed

