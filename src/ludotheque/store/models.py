"""The tables. Changing them means a new Alembic migration in migrations/versions/."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

# A seed's decimal digits: fresh seeds have 129 bits (39 digits); room for 256 bits.
SEED_DIGITS = 80


class Seed(TypeDecorator[int]):
    """A game's seed, a whole number of any size (core/rng.py: 129 bits for a new game),
    kept as its decimal text: SQLite's INTEGER and PostgreSQL's BIGINT stop at 64 bits, and
    SQLite's NUMERIC would round it to a float."""

    impl = String(SEED_DIGITS)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 \
                or len(str(value)) > SEED_DIGITS:
            raise ValueError(f"a seed is a whole number of at most {SEED_DIGITS} digits")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> int | None:
        return None if value is None else int(value)


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Setting(Base):
    """Site-wide values kept across restarts (the cookie signing key)."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Player(Base):
    """A guest (a name, no password) or an account (a unique name and an argon2 hash)."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    # Only accounts have a login name; it is unique. Guests keep it NULL.
    login: Mapped[str | None] = mapped_column(String(40), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # Moderation (docs/moderation.md): the role, and the sanctions in force with their reason.
    role: Mapped[str] = mapped_column(String(10), default="player", server_default="player")
    muted_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    mute_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    # A ban is in force while ban_reason is set and banned_until is None (for good) or later.
    banned_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                          nullable=True)
    ban_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # An account's name as compared (store/names.py: NFKC, case-folded, UTS #39 skeleton):
    # unique, so that look-alike names cannot be two accounts. Guests keep it NULL.
    name_key: Mapped[str | None] = mapped_column(String(200), nullable=True, unique=True,
                                                 index=True)
    # A sound when it is their turn (issue 20): off unless the account turned it on.
    sound: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SignedIn(Base):
    """A signed-in browser: the session cookie names it; signing out deletes it, so a copy of
    the cookie signs nobody in. The id is the SHA-256 of the cookie's token (a copy of the
    table gives no cookie)."""

    __tablename__ = "signed_in"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    player: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """A game: what `core.record.Record` needs (game, seed, players, options, seats) + status."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    game_version: Mapped[str] = mapped_column(String(20), default="")
    seed: Mapped[int] = mapped_column(Seed)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # One entry per seat: {"kind": "human"|"bot", "player": id|None, "name": str, "bot": spec}
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(10), index=True)  # open, live, over
    public: Mapped[bool] = mapped_column(default=True)
    creator: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    moves_count: Mapped[int] = mapped_column(Integer, default=0)
    # The time control and each seat's remaining seconds after the last action (clocks.py).
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Ranked (MT-26): two accounts, a time control; `rated` holds each seat's rating before
    # and after, once the result has been counted (exactly once).
    ranked: Mapped[bool] = mapped_column(default=False)
    rated: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # A tutorial lesson played as this game (core/lessons.py, MT-27): the lesson's id.
    lesson: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # The seats to act now (the home page's "your turn" list), kept with every action; and
    # for a correspondence time control, when the move is due (server/correspondence.py): a
    # restarted site, or another process, finds the games whose deadline has passed.
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True,
                                                      index=True)
    # The game that the players agreed to play next (a rematch): its id, set once.
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingRow(Base):
    """An account's Glicko-2 rating in one game and one time control (MT-26)."""

    __tablename__ = "ratings"
    player: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    pool: Mapped[str] = mapped_column(String(20), primary_key=True)  # blitz, rapide
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MoveRow(Base):
    """One accepted action, in the game's notation. (game_id, idx) orders the record."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "idx", name="uq_moves_game_idx"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatMessage(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # Hidden by a moderator: kept for the moderation log, shown to nobody.
    hidden: Mapped[bool] = mapped_column(default=False, server_default=false())


class DailyAttempt(Base):
    """One account's attempt at one game's daily challenge (MT-24: one a day per account)."""

    __tablename__ = "daily"
    __table_args__ = (UniqueConstraint("day", "game", "player", name="uq_daily_attempt"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    day: Mapped[str] = mapped_column(String(10), index=True)  # ISO date, UTC
    game: Mapped[str] = mapped_column(String(40))
    player: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), unique=True)
    seat: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Report(Base):
    """A player's report of another player, or of one chat message, waiting for a moderator."""

    __tablename__ = "reports"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter: Mapped[str | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"),
                                                 nullable=True)
    target: Mapped[str | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"),
                                               nullable=True, index=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    message_id: Mapped[int | None] = mapped_column(ForeignKey("chat.id", ondelete="SET NULL"),
                                                   nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10), default="open", index=True)  # open, closed
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ModAction(Base):
    """One moderation act: who did what to whom, when and why (shown at /mod/log)."""

    __tablename__ = "mod_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The moderator, by id and by name (the name stays if the account goes).
    moderator: Mapped[str | None] = mapped_column(String(32), nullable=True)
    moderator_name: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(10))  # hide, mute, ban, close, dismiss, grant
    target: Mapped[str | None] = mapped_column(String(32), nullable=True)
    target_name: Mapped[str] = mapped_column(String(40), default="")
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    message_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    report_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    detail: Mapped[str] = mapped_column(Text, default="")  # the role granted, the text hidden
    reason: Mapped[str] = mapped_column(Text)


class Identity(Base):
    """An account at a sign-in provider (Discord, Google) that signs a player in here: the
    provider's stable id of its user (`subject`: OpenID's `sub`, Discord's user id). One
    player per identity, one identity per provider and player."""

    __tablename__ = "identities"
    __table_args__ = (UniqueConstraint("provider", "subject", name="uq_identities_subject"),
                      UniqueConstraint("player_id", "provider", name="uq_identities_player"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    provider: Mapped[str] = mapped_column(String(20))
    subject: Mapped[str] = mapped_column(String(255))
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
class Play(Base):
    """One account's part in one finished game (written with the game's end, in the same
    transaction): what profiles, their records and their filters read, with bounded queries.
    A hotseat game where one person holds every seat, and a tutorial, are nobody's play."""

    __tablename__ = "plays"
    __table_args__ = (Index("ix_plays_player_ended", "player", "ended_at"),)
    player: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True,
                                         index=True)
    game: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(5))  # win, draw, loss
    ranked: Mapped[bool] = mapped_column(Boolean, default=False)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingHistory(Base):
    """An account's rating after each ranked game, in one game and pool (profiles draw it)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_player", "player", "game", "pool", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(40))
    pool: Mapped[str] = mapped_column(String(20))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Friendship(Base):
    """A friend request (`pending`) or a friendship (`accepted`) between two accounts; one
    row per pair, whoever asked (`asker`)."""

    __tablename__ = "friends"
    __table_args__ = (UniqueConstraint("low", "high", name="uq_friends_pair"),
                      Index("ix_friends_high", "high"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # The pair in a fixed order (low < high): one row whichever of them asks.
    low: Mapped[str] = mapped_column(ForeignKey("players.id"))
    high: Mapped[str] = mapped_column(ForeignKey("players.id"))
    asker: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(10))  # pending, accepted
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Challenge(Base):
    """A friend challenged to a game: the game is created when the friend accepts."""

    __tablename__ = "challenges"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    challenger: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    friend: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    clock: Mapped[str | None] = mapped_column(String(20), nullable=True)  # a time control
    status: Mapped[str] = mapped_column(String(10), index=True)  # open, accepted, declined
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class DeckRow(Base):
    """A deck an account built (docs/decks.md): its game, its name and its text, as the
    game's deck rules read it. Private to its owner until a game that plays it is over."""

    __tablename__ = "decks"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    player: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                        index=True)
    game: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(60))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
