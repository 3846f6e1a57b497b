"""Profiles, friends and challenges: the reads and writes behind /u/NAME and /friends.

Every list is bounded (a page, a limit); every write checks who asks, so that a hostile client
cannot accept someone else's request or answer someone else's challenge (SocialError says
why, as a catalogue key, and nothing changes).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.orm import Session, aliased

from .db import Store
from .models import Challenge, Friendship, GameRow, Play, Player, RatingHistory, RatingRow, now
from .plays import OUTCOMES

PAGE = 20  # games per page of /u/NAME/games
MAX_PAGE = 500  # deeper pages are refused: OFFSET costs what it skips
RECENT = 10  # games on the profile itself
HISTORY = 100  # points of a rating's drawn history
MAX_FRIENDS = 500  # friends and requests listed (and kept) per account
MAX_OPEN_CHALLENGES = 20  # open challenges one account may have sent


class SocialError(Exception):
    """A refused request: `code` is the catalogue key's last part (friends.error_CODE)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


# -- profiles ------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameFilter:
    game: str | None = None
    outcome: str | None = None  # win, draw, loss
    opponent: str | None = None  # an account's id
    ranked: bool | None = None


def record(store: Store, player_id: str, public_only: bool) -> dict[str, dict[str, int]]:
    """Wins, draws and losses per game."""
    with store.session() as s:
        q = select(Play.game, Play.outcome, func.count()).where(Play.player == player_id)
        if public_only:
            q = q.where(Play.public.is_(True))
        rows = s.execute(q.group_by(Play.game, Play.outcome)).all()
    out: dict[str, dict[str, int]] = {}
    for game, outcome, count in rows:
        out.setdefault(game, dict.fromkeys(OUTCOMES, 0))[outcome] = int(count)
    return out


def plays(store: Store, player_id: str, public_only: bool, chosen: GameFilter,
          page: int = 1, size: int = PAGE) -> tuple[list[tuple[Play, GameRow]], int]:
    """One page of the player's finished games (newest first) with their rows, and how many
    there are in all with these filters."""
    with store.session() as s:
        q = select(Play, GameRow).join(GameRow, GameRow.id == Play.game_id) \
            .where(Play.player == player_id)
        if public_only:
            q = q.where(Play.public.is_(True))
        if chosen.game is not None:
            q = q.where(Play.game == chosen.game)
        if chosen.outcome is not None:
            q = q.where(Play.outcome == chosen.outcome)
        if chosen.ranked is not None:
            q = q.where(Play.ranked.is_(chosen.ranked))
        if chosen.opponent is not None:
            other = aliased(Play)
            q = q.join(other, and_(other.game_id == Play.game_id,
                                   other.player == chosen.opponent))
        total = int(s.scalar(select(func.count()).select_from(q.subquery())) or 0)
        rows = s.execute(q.order_by(Play.ended_at.desc(), Play.game_id)
                         .limit(size).offset((page - 1) * size)).all()
        return [(p, g) for p, g in rows], total


def ratings(store: Store, player_id: str) -> list[RatingRow]:
    with store.session() as s:
        return list(s.scalars(select(RatingRow).where(RatingRow.player == player_id)
                              .order_by(RatingRow.game, RatingRow.pool)))


def history(store: Store, player_id: str, game: str, pool: str,
            limit: int = HISTORY) -> list[RatingHistory]:
    """The rating's last `limit` values, oldest first."""
    with store.session() as s:
        rows = list(s.scalars(select(RatingHistory).where(
            RatingHistory.player == player_id, RatingHistory.game == game,
            RatingHistory.pool == pool).order_by(RatingHistory.id.desc()).limit(limit)))
    rows.reverse()
    return rows


def accounts_named(store: Store, ids: set[str]) -> dict[str, str]:
    """Of these player ids, the accounts' names (a guest has no profile)."""
    if not ids:
        return {}
    with store.session() as s:
        rows = s.execute(select(Player.id, Player.name).where(Player.id.in_(ids),
                                                              Player.login.is_not(None)))
        return {pid: name for pid, name in rows}


# -- friends --------------------------------------------------------------------------------
def _friendship(s: Session, a: str, b: str) -> Friendship | None:
    low, high = pair(a, b)
    return s.scalars(select(Friendship).where(Friendship.low == low,
                                              Friendship.high == high)).first()


def _count(s: Session, player_id: str) -> int:
    return int(s.scalar(select(func.count()).select_from(Friendship).where(
        or_(Friendship.low == player_id, Friendship.high == player_id))) or 0)


def ask(store: Store, asker: Player, target: Player | None) -> str:
    """Ask `target` to be friends: "asked", or "accepted" when the target had asked first."""
    if target is None or target.login is None:
        raise SocialError("unknown")
    if target.id == asker.id:
        raise SocialError("self")
    with store.session() as s:
        found = _friendship(s, asker.id, target.id)
        if found is not None:
            if found.status == "accepted":
                raise SocialError("already_friends")
            if found.asker == asker.id:
                raise SocialError("already_asked")
            found.status, found.at = "accepted", now()  # both asked: friends
            return "accepted"
        if _count(s, asker.id) >= MAX_FRIENDS or _count(s, target.id) >= MAX_FRIENDS:
            raise SocialError("too_many")
        low, high = pair(asker.id, target.id)
        s.add(Friendship(low=low, high=high, asker=asker.id, status="pending"))
    return "asked"


def accept(store: Store, me: Player, asker_id: str) -> None:
    """Accept the request `asker_id` made to me (and nobody else's, nor my own)."""
    with store.session() as s:
        found = _friendship(s, me.id, asker_id)
        if found is None or found.status != "pending" or found.asker != asker_id \
                or asker_id == me.id:
            raise SocialError("no_request")
        found.status, found.at = "accepted", now()


def decline(store: Store, me: Player, asker_id: str) -> None:
    with store.session() as s:
        found = _friendship(s, me.id, asker_id)
        if found is None or found.status != "pending" or found.asker != asker_id \
                or asker_id == me.id:
            raise SocialError("no_request")
        s.delete(found)


def remove(store: Store, me: Player, other_id: str) -> None:
    """End a friendship, or take back my own request."""
    with store.session() as s:
        found = _friendship(s, me.id, other_id)
        if found is None or (found.status == "pending" and found.asker != me.id):
            raise SocialError("not_friends")
        s.delete(found)
        # Open challenges between the two go with the friendship.
        s.execute(delete(Challenge).where(Challenge.status == "open", or_(
            and_(Challenge.challenger == me.id, Challenge.friend == other_id),
            and_(Challenge.challenger == other_id, Challenge.friend == me.id))))


@dataclass(frozen=True)
class Friend:
    player: Player
    status: str  # accepted, pending
    asked_by_me: bool


def friends(store: Store, player_id: str) -> list[Friend]:
    """Friends and requests both ways, by name."""
    with store.session() as s:
        rows = s.execute(
            select(Friendship, Player).join(Player, or_(
                and_(Friendship.low == player_id, Player.id == Friendship.high),
                and_(Friendship.high == player_id, Player.id == Friendship.low)))
            .order_by(Player.name).limit(MAX_FRIENDS)).all()
    return [Friend(p, f.status, f.asker == player_id) for f, p in rows]


def friend_ids(store: Store, player_id: str) -> set[str]:
    return {f.player.id for f in friends(store, player_id) if f.status == "accepted"}


def are_friends(store: Store, a: str, b: str) -> bool:
    with store.session() as s:
        found = _friendship(s, a, b)
        return found is not None and found.status == "accepted"


def live_games_of(store: Store, player_ids: set[str], limit: int = 3
                  ) -> dict[str, list[GameRow]]:
    """What these players play now: their games being played (a few each, newest first)."""
    from .db import holds_seat, seated
    out: dict[str, list[GameRow]] = {}
    with store.session() as s:
        for pid in player_ids:
            rows = s.scalars(select(GameRow).where(GameRow.status == "live", seated(pid))
                             .order_by(GameRow.updated_at.desc()).limit(4 * limit))
            out[pid] = [r for r in rows if holds_seat(r.seats, pid)][:limit]
    return out


# -- challenges -----------------------------------------------------------------------------
def challenge(store: Store, challenger: Player, friend: Player, game: str, players: int,
              clock: str | None) -> Challenge:
    with store.session() as s:
        found = _friendship(s, challenger.id, friend.id)
        if found is None or found.status != "accepted":
            raise SocialError("not_friends")
        open_count = int(s.scalar(select(func.count()).select_from(Challenge).where(
            Challenge.challenger == challenger.id, Challenge.status == "open")) or 0)
        if open_count >= MAX_OPEN_CHALLENGES:
            raise SocialError("too_many_challenges")
        made = Challenge(id=secrets.token_urlsafe(8), challenger=challenger.id,
                         friend=friend.id, game=game, players=players, clock=clock,
                         status="open")
        s.add(made)
    return made


def challenges(store: Store, player_id: str) -> list[tuple[Challenge, Player, Player]]:
    """Open challenges sent or received, with the challenger and the friend."""
    friend = aliased(Player)
    with store.session() as s:
        rows = s.execute(
            select(Challenge, Player, friend)
            .join(Player, Player.id == Challenge.challenger)
            .join(friend, friend.id == Challenge.friend)
            .where(Challenge.status == "open", or_(Challenge.challenger == player_id,
                                                   Challenge.friend == player_id))
            .order_by(Challenge.at.desc()).limit(2 * MAX_OPEN_CHALLENGES)).all()
    return [(c, a, b) for c, a, b in rows]


def answer_challenge(store: Store, me: Player, challenge_id: str, accepted: bool,
                     make_game: Any = None) -> Challenge:
    """The friend's answer. Accepting stores the game `make_game(challenge)` builds, in the
    same transaction: a second click finds the challenge answered."""
    with store.session() as s:
        found = s.get(Challenge, challenge_id, with_for_update=True)
        if found is None or found.friend != me.id or found.status != "open":
            raise SocialError("no_challenge")
        if not accepted:
            found.status = "declined"
            return found
        row: GameRow = make_game(found)
        s.add(row)
        s.flush()
        found.status, found.game_id = "accepted", row.id
    return found


# -- the ranked lobby ---------------------------------------------------------------------------
MAX_SEEKS = 200  # waiting ranked games looked at for one seek


def seeks(store: Store, game: str, players: int, control: str, player_id: str
          ) -> list[tuple[GameRow, list[str]]]:
    """Ranked games of this game, size and time control waiting for players (oldest first),
    that the player does not sit in, each with its seated accounts."""
    with store.session() as s:
        rows = s.scalars(select(GameRow).where(
            GameRow.status == "open", GameRow.ranked.is_(True), GameRow.public.is_(True),
            GameRow.game == game, GameRow.players == players)
            .order_by(GameRow.created_at).limit(MAX_SEEKS))
        out = []
        for row in rows:
            seated = [str(seat["player"]) for seat in row.seats
                      if seat.get("kind") == "human" and seat.get("player")]
            if (row.clock or {}).get("control") == control and player_id not in seated \
                    and seated and "deleted" not in seated:
                out.append((row, seated))
        return out


def ratings_in(store: Store, ids: set[str], game: str, pool: str) -> dict[str, float]:
    if not ids:
        return {}
    with store.session() as s:
        rows = s.execute(select(RatingRow.player, RatingRow.rating).where(
            RatingRow.player.in_(ids), RatingRow.game == game, RatingRow.pool == pool))
        return {p: float(r) for p, r in rows}
