"""The Store: every database read and write the server makes, as short synchronous calls.

Two paths that never wait on each other. Reads run in worker threads (asyncio.to_thread) on
their own pool of connections; with SQLite in WAL mode a reader goes on while a write is
slow or the database is locked. Writes go through one writer thread (`writer.Writer`) that
commits the writes queued together in one transaction (group commit: one fsync for all of
them); the event loop awaits them with `store.X.committed(...)` without holding a thread.
SQLite file by default; any SQLAlchemy URL (postgresql+psycopg://...) for a real deployment.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    Table,
    Text,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.elements import ColumnElement

from .models import (
    ChatMessage,
    DailyAttempt,
    GameRow,
    MoveRow,
    Play,
    Player,
    RatingHistory,
    RatingRow,
    Setting,
    SignedIn,
    now,
)
from .names import name_key
from .plays import plays_of, rating_pool, seat_players
from .writer import Write, WriteMany, Writer


def default_url(folder: str | Path = "var") -> str:
    """A SQLite file in ./var (created if missing)."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(path / 'ludotheque.sqlite3').resolve()}"


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "ludotheque.store:migrations")
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(url: str) -> None:
    """Bring the database at `url` to the newest schema (creates it when empty)."""
    command.upgrade(alembic_config(url), "head")


def make_engine(url: str, *, busy_timeout: float = 30, pool_size: int = 5) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, pool_size=pool_size, max_overflow=2 * pool_size,
                               connect_args={"timeout": busy_timeout,
                                             "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
            cur.execute("PRAGMA synchronous=FULL")  # an accepted action survives kill -9
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=pool_size,
                         max_overflow=2 * pool_size)


class NameTaken(Exception):
    pass


def holds_seat(seats: list[dict[str, Any]], player_id: str) -> bool:
    return any(seat.get("player") == player_id for seat in seats)


def seated(player_id: str) -> ColumnElement[bool]:
    """The games whose seats' JSON text holds the player's id: the database narrows the
    search (however many games others create); `holds_seat` confirms it in Python."""
    return cast(GameRow.seats, Text).contains(player_id, autoescape=True)


MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
GAMES: Table = GameRow.__table__  # type: ignore[assignment]
INSERT_MOVE = insert(MOVES).values(game_id=bindparam("gid"), idx=bindparam("idx"),
                                   seat=bindparam("seat"), action=bindparam("action"),
                                   at=bindparam("at"))
MOVED: dict[str, Any] = {"moves_count": bindparam("count"), "status": bindparam("status"),
         "result": bindparam("result"), "updated_at": bindparam("at"),
         "to_act": bindparam("to_act"), "deadline": bindparam("deadline")}
UPDATE_GAME = update(GAMES).where(GAMES.c.id == bindparam("gid")).values(**MOVED)
UPDATE_GAME_CLOCK = (update(GAMES).where(GAMES.c.id == bindparam("gid"))
                     .values(**MOVED, clock=bindparam("clock")))


def move_item(_store: Any, game_id: str, idx: int, seat: int, action: str, status: str,
              result: dict[str, Any] | None, clock: dict[str, Any] | None = None,
              to_act: list[int] | None = None, deadline: float | None = None
              ) -> dict[str, Any]:
    """`Store.add_move`: store one accepted action (and the result when it ends the game,
    the clocks when the game has a time control), atomically.

    The unique (game_id, idx) refuses a second action at the same place. Moves that arrive
    together share one transaction (the writer's group commit) and two statements
    (`add_moves`). `to_act` are the seats to act after it, `deadline` (a time.time() value)
    when a correspondence move is due."""
    return {"gid": game_id, "idx": idx, "seat": seat, "action": action, "status": status,
            "result": result, "clock": clock, "to_act": to_act, "deadline": moment(deadline)}


def moment(epoch: float | None) -> datetime | None:
    """A time.time() value as the database keeps times (UTC)."""
    return None if epoch is None else datetime.fromtimestamp(epoch, UTC)


def add_moves(s: Session, items: list[dict[str, Any]]) -> None:
    """Every move of a group: one INSERT and one UPDATE (each an executemany), on the
    Core tables: the ORM's bookkeeping per row was most of the writer's time."""
    at = now()
    rows = [{**item, "at": at, "count": item["idx"] + 1} for item in items]
    connection = s.connection()
    connection.execute(INSERT_MOVE, rows)
    plain = [r for r in rows if r["clock"] is None]
    timed = [r for r in rows if r["clock"] is not None]
    if plain:
        connection.execute(UPDATE_GAME, plain)
    if timed:
        connection.execute(UPDATE_GAME_CLOCK, timed)
    for row in rows:
        if row["status"] == "over":
            write_plays(s, row["gid"])


def write_plays(s: Session, game_id: str) -> None:
    """A game just ended: its players' `plays` rows (profiles), in the same transaction."""
    row = s.get(GameRow, game_id, populate_existing=True)
    if row is None:
        return
    s.execute(delete(Play).where(Play.game_id == game_id))
    rows = plays_of(row.id, row.game, row.seats, row.result, row.ranked, row.public,
                    row.lesson, now())
    if rows:
        s.execute(insert(Play), rows)


class Store:
    def __init__(self, url: str, *, readers: int = 8) -> None:
        self.url = url
        # Reads: a pool of their own (as many connections as the threads that read).
        self.engine = make_engine(url, pool_size=readers)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Writes: one connection, owned by the writer thread. A locked database holds it
        # (and the writes queued behind) for at most this long, never a reader.
        self.write_engine = make_engine(url, busy_timeout=10, pool_size=1)
        self.writer = Writer(self.write_engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A read (the write methods below run in the writer's transaction instead)."""
        with self.sessions.begin() as s:
            yield s

    def close(self) -> None:
        self.writer.close()
        self.write_engine.dispose()
        self.engine.dispose()

    def ping(self) -> None:
        """Raise unless the database answers a query (the readiness probe)."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    # -- settings -------------------------------------------------------------------------
    def secret_key(self) -> str:
        """The cookie signing key, made once and kept: sessions survive a restart."""
        return self._setting("secret_key", lambda: secrets.token_urlsafe(48))

    def daily_key(self) -> bytes:
        """The key of the daily deals' HMAC (server/daily.py), made once and kept: a day's
        deal stays the same across restarts. Its own, not the cookie key: publishing or
        rotating one never touches the other."""
        return bytes.fromhex(self._setting("daily_key", lambda: secrets.token_hex(32)))

    def _setting(self, name: str, make: Callable[[], str]) -> str:
        """A site setting, made by `make` the first time it is asked for."""
        with self.session() as s:
            row = s.get(Setting, name)
            if row is not None:
                return row.value
        return self._make_setting(name, make())

    @Write
    def _make_setting(self, s: Session, name: str, value: str) -> str:
        row = s.get(Setting, name)  # two first calls: the one stored first wins for both
        if row is None:
            row = Setting(key=name, value=value)
            s.add(row)
        return row.value

    # -- players --------------------------------------------------------------------------
    def create_guest(self, name: str) -> Player:
        """A guest; NameTaken when an account holds a name that looks the same."""
        if self.account(name) is not None:
            raise NameTaken(name)
        return self._create_guest(name)

    async def create_guest_committed(self, name: str) -> Player:
        """`create_guest` from the event loop: the read in a thread, the write awaited
        without holding one (a locked database must not use up the threads that read)."""
        if await asyncio.to_thread(self.account, name) is not None:
            raise NameTaken(name)
        return await self._create_guest.committed(name)

    @Write
    def _create_guest(self, s: Session, name: str) -> Player:
        p = Player(id=secrets.token_hex(8), name=name)
        s.add(p)
        return p

    def create_account(self, login: str, password_hash: str) -> Player:
        """An account; NameTaken when another account's name looks the same (name_key)."""
        try:
            return self._create_account(login, password_hash)
        except IntegrityError:
            raise NameTaken(login) from None

    async def create_account_committed(self, login: str, password_hash: str) -> Player:
        try:
            return await self._create_account.committed(login, password_hash)
        except IntegrityError:
            raise NameTaken(login) from None

    @Write
    def _create_account(self, s: Session, login: str, password_hash: str) -> Player:
        p = Player(id=secrets.token_hex(8), name=login, login=login.lower(),
                   password_hash=password_hash, name_key=name_key(login))
        s.add(p)
        s.flush()  # a taken name fails here, as this job's error
        return p

    def account(self, login: str) -> Player | None:
        """The account whose name looks like `login` (store/names.py), or None."""
        with self.session() as s:
            return s.scalars(select(Player).where(or_(
                Player.name_key == name_key(login), Player.login == login.lower()))
                .order_by(Player.created_at)).first()

    # -- sessions (a signed-in browser) ----------------------------------------------------------
    @Write
    def sign_in(self, s: Session, player_id: str, token_hash: str, lifetime: timedelta) -> None:
        """A new session for the player (whose expired ones are deleted on the way)."""
        s.execute(delete(SignedIn).where(SignedIn.player == player_id,
                                         SignedIn.expires_at < now()))
        s.add(SignedIn(id=token_hash, player=player_id, expires_at=now() + lifetime))

    def signed_in(self, token_hash: str) -> Player | None:
        """The player a session token signs in, or None (signed out, expired, unknown)."""
        with self.session() as s:
            found = s.execute(select(SignedIn.expires_at, Player)
                              .join(Player, Player.id == SignedIn.player)
                              .where(SignedIn.id == token_hash)).first()
        if found is None:
            return None
        expires, player = found
        if expires.tzinfo is None:  # SQLite gives the stored UTC time back without its zone
            expires = expires.replace(tzinfo=UTC)
        return player if expires > now() else None

    @Write
    def sign_out(self, s: Session, token_hash: str) -> None:
        s.execute(delete(SignedIn).where(SignedIn.id == token_hash))

    def player(self, player_id: str) -> Player | None:
        with self.session() as s:
            return s.get(Player, player_id)

    @Write
    def set_sound(self, s: Session, player_id: str, on: bool) -> None:
        """The account's sound when it is their turn (issue 20): on or off."""
        s.execute(update(Player).where(Player.id == player_id).values(sound=on))

    @Write
    def set_password_hash(self, s: Session, player_id: str, password_hash: str) -> None:
        s.execute(update(Player).where(Player.id == player_id)
                      .values(password_hash=password_hash))

    # -- games ----------------------------------------------------------------------------
    @Write
    def create_game(self, s: Session, row: GameRow) -> GameRow:
        s.add(row)
        return row

    def game(self, game_id: str) -> GameRow | None:
        with self.session() as s:
            return s.get(GameRow, game_id)

    def moves(self, game_id: str) -> list[MoveRow]:
        with self.session() as s:
            return list(s.scalars(select(MoveRow).where(MoveRow.game_id == game_id)
                                  .order_by(MoveRow.idx)))

    @Write
    def set_seats(self, s: Session, game_id: str, seats: list[dict[str, Any]],
                  status: str) -> None:
        s.execute(update(GameRow).where(GameRow.id == game_id)
                  .values(seats=seats, status=status, updated_at=now()))

    @Write
    def set_seats_and_options(self, s: Session, game_id: str, seats: list[dict[str, Any]],
                              status: str, options: dict[str, Any]) -> None:
        """A seat taken with the deck it chose: the game's options change with it."""
        s.execute(update(GameRow).where(GameRow.id == game_id, GameRow.moves_count == 0)
                  .values(seats=seats, status=status, options=options, updated_at=now()))

    add_move = WriteMany(add_moves, move_item)

    @Write
    def end_game(self, s: Session, game_id: str, result: dict[str, Any],
                 clock: dict[str, Any] | None = None) -> None:
        """End a game outside its rules (a resignation, a clock run out): no action, a
        stored result."""
        values: dict[str, Any] = {"status": "over", "result": result, "updated_at": now(),
                                  "to_act": [], "deadline": None}
        if clock is not None:
            values["clock"] = clock
        s.execute(update(GameRow).where(GameRow.id == game_id).values(**values))
        write_plays(s, game_id)

    # -- turns, deadlines, takebacks, rematches (server/correspondence.py) ------------------
    @Write
    def set_turn(self, s: Session, game_id: str, to_act: list[int], deadline: float | None,
                 clock: dict[str, Any] | None) -> None:
        """The seats to act and the move's deadline after a change that is not an action (the
        game starts, a bot takes a seat)."""
        values: dict[str, Any] = {"to_act": to_act, "deadline": moment(deadline)}
        if clock is not None:
            values["clock"] = clock
        s.execute(update(GameRow).where(GameRow.id == game_id).values(**values))

    @Write
    def take_back(self, s: Session, game_id: str, keep: int, to_act: list[int],
                  deadline: float | None, clock: dict[str, Any] | None) -> None:
        """A takeback: the moves from number `keep` on are deleted and the game is live again
        at that point, in one transaction (the record and the row never disagree)."""
        s.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.idx >= keep))
        s.execute(update(GameRow).where(GameRow.id == game_id).values(
            moves_count=keep, status="live", result=None, to_act=to_act,
            deadline=moment(deadline), updated_at=now(),
            **({"clock": clock} if clock is not None else {})))

    @Write
    def create_rematch(self, s: Session, game_id: str, row: GameRow) -> str:
        """The rematch of a finished game: `row` stored and named on the old game, unless a
        rematch was made already (then that one's id, and `row` is not stored)."""
        old = s.get(GameRow, game_id, with_for_update=True, populate_existing=True)
        if old is None:
            raise LookupError(game_id)
        if old.rematch:
            return old.rematch
        s.add(row)
        s.flush()  # the new game first: the old one names it
        old.rematch = row.id
        return row.id

    def expired(self, moment_now: float, limit: int = 500) -> list[str]:
        """Live games whose correspondence deadline has passed."""
        with self.session() as s:
            return list(s.scalars(select(GameRow.id).where(
                GameRow.status == "live", GameRow.deadline.is_not(None),
                GameRow.deadline <= moment(moment_now)).limit(limit)))

    # -- ratings (MT-26) ---------------------------------------------------------------------
    def rating(self, player: str, game: str, pool: str) -> RatingRow | None:
        with self.session() as s:
            return s.get(RatingRow, (player, game, pool))

    @Write
    def rate_game(self, s: Session, game_id: str,
                  rate: Callable[[list[RatingRow | None], dict[str, Any]],
                                 list[tuple[float, float, float]]],
                  ) -> dict[str, Any] | None:
        """Count a finished ranked game in its players' ratings, exactly once.

        `rate` gets the seats' rating rows (None for a first game) and the stored result, and
        returns each seat's new (rating, rd, volatility); the result has `left`, the seats
        whose player left the game to a bot. One transaction: the new ratings, their
        history and the game's `rated` mark land together, so a crash never counts a game
        twice or half. Returns the `rated` mark (each seat's rating before and after), or
        None. A seat whose account was deleted is rated as a newcomer and kept nowhere."""
        row = s.get(GameRow, game_id, with_for_update=True, populate_existing=True)
        if (row is None or not row.ranked or row.status != "over" or row.result is None
                or row.rated is not None or row.clock is None):
            return None
        pool = rating_pool(str(row.clock.get("pool") or row.clock["control"]),
                           len(row.seats))
        players = seat_players(row.seats)
        current = [s.get(RatingRow, (p, row.game, pool)) if p else None for p in players]
        before = [(r.rating, r.rd) if r is not None else None for r in current]
        left = [i for i, seat in enumerate(row.seats) if seat.get("kind") != "human"]
        after = rate(current, {**row.result, "left": left})
        mark: dict[str, Any] = {"pool": pool, "seats": []}
        for p, old, old_pair, new in zip(players, current, before, after, strict=True):
            mark["seats"].append({"before": None if old_pair is None else
                                  round(old_pair[0]), "after": round(new[0]),
                                  "rd": round(new[1])})
            if p is None:
                continue
            if old is None:
                old = RatingRow(player=p, game=row.game, pool=pool, games=0)
                s.add(old)
            old.rating, old.rd, old.volatility = new
            old.games = (old.games or 0) + 1
            old.updated_at = now()
            s.add(RatingHistory(player=p, game=row.game, pool=pool, game_id=row.id,
                                rating=new[0], rd=new[1]))
        row.rated = mark
        return mark

    def unrated(self) -> list[str]:
        """Finished ranked games not yet counted (a crash between the end and the count)."""
        with self.session() as s:
            return list(s.scalars(select(GameRow.id).where(
                GameRow.ranked.is_(True), GameRow.status == "over", GameRow.rated.is_(None))))

    def ratings_board(self, game: str, pool: str, limit: int = 50
                      ) -> list[tuple[RatingRow, Player]]:
        with self.session() as s:
            rows = s.execute(select(RatingRow, Player).join(Player, Player.id == RatingRow.player)
                             .where(RatingRow.game == game, RatingRow.pool == pool)
                             .order_by(RatingRow.rating.desc()).limit(limit))
            return [(r, p) for r, p in rows]

    def ratings_of(self, player: str) -> list[RatingRow]:
        with self.session() as s:
            return list(s.scalars(select(RatingRow).where(RatingRow.player == player)))

    def games(self, statuses: Sequence[str], *, public_only: bool = True,
              limit: int = 50) -> list[GameRow]:
        with self.session() as s:
            q = select(GameRow).where(GameRow.status.in_(statuses))
            if public_only:
                q = q.where(GameRow.public.is_(True))
            return list(s.scalars(q.order_by(GameRow.updated_at.desc()).limit(limit)))

    def games_of(self, player_id: str, limit: int = 30) -> list[GameRow]:
        """Games where the player holds a seat, newest first. The database picks those whose
        seats' JSON text holds the id (however many games others create, a player's own stay
        found); Python confirms the seat."""
        with self.session() as s:
            rows = s.scalars(select(GameRow).where(seated(player_id))
                             .order_by(GameRow.updated_at.desc()).limit(4 * limit))
            return [r for r in rows if holds_seat(r.seats, player_id)][:limit]

    def count_games(self) -> int:
        with self.session() as s:
            return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)

    # -- the daily challenge ----------------------------------------------------------------
    def daily_attempt(self, day: str, game: str, player: str) -> DailyAttempt | None:
        with self.session() as s:
            return s.scalars(select(DailyAttempt).where(
                DailyAttempt.day == day, DailyAttempt.game == game,
                DailyAttempt.player == player)).first()

    def daily_of_game(self, game_id: str) -> DailyAttempt | None:
        with self.session() as s:
            return s.scalars(select(DailyAttempt).where(DailyAttempt.game_id == game_id)).first()

    async def start_daily_committed(self, row: GameRow, day: str, player: str,
                                    seat: int) -> DailyAttempt:
        """The game and the attempt in one transaction; a second start of the same day (a
        second tab, a double click) gets the first attempt back and creates nothing."""
        try:
            return await self._start_daily.committed(row, day, player, seat)
        except IntegrityError:
            return await asyncio.to_thread(self._first_attempt, day, row.game, player)

    def _first_attempt(self, day: str, game: str, player: str) -> DailyAttempt:
        first = self.daily_attempt(day, game, player)
        if first is None:
            raise LookupError(f"no daily attempt of {player} at {game} on {day}")
        return first

    @Write
    def _start_daily(self, s: Session, row: GameRow, day: str, player: str,
                     seat: int) -> DailyAttempt:
        s.add(row)
        s.flush()  # the game first: the attempt refers to it
        attempt = DailyAttempt(day=day, game=row.game, player=player, game_id=row.id,
                               seat=seat)
        s.add(attempt)
        s.flush()  # a second attempt of the day fails here, as this job's error
        return attempt

    def daily_attempts(self, day: str, game: str) -> list[tuple[DailyAttempt, GameRow, Player]]:
        """Every attempt of the day at one game, with its game and its player."""
        with self.session() as s:
            rows = s.execute(
                select(DailyAttempt, GameRow, Player)
                .join(GameRow, GameRow.id == DailyAttempt.game_id)
                .join(Player, Player.id == DailyAttempt.player)
                .where(DailyAttempt.day == day, DailyAttempt.game == game))
            return [(a, g, p) for a, g, p in rows]

    # -- tutorials -----------------------------------------------------------------------------
    def lesson_games(self, player: str, game: str) -> list[tuple[GameRow, list[MoveRow]]]:
        """The player's lesson games of one game, each with its moves (oldest first)."""
        with self.session() as s:
            rows = list(s.scalars(select(GameRow).where(GameRow.game == game,
                                                        GameRow.lesson.is_not(None),
                                                        GameRow.creator == player)
                                  .order_by(GameRow.created_at)))
            out = []
            for row in rows:
                moves = list(s.scalars(select(MoveRow).where(MoveRow.game_id == row.id)
                                       .order_by(MoveRow.idx)))
                out.append((row, moves))
            return out

    # -- chat -----------------------------------------------------------------------------
    @Write
    def add_chat(self, s: Session, game_id: str, player: str | None, name: str,
                 text: str) -> ChatMessage:
        m = ChatMessage(game_id=game_id, player=player, name=name, text=text)
        s.add(m)
        s.flush()  # its id and time now, for the message sent to the room
        return m

    def chat(self, game_id: str, limit: int = 100) -> list[ChatMessage]:
        with self.session() as s:
            rows = list(s.scalars(select(ChatMessage).where(ChatMessage.game_id == game_id)
                                  .order_by(ChatMessage.id.desc()).limit(limit)))
        rows.reverse()
        return rows
