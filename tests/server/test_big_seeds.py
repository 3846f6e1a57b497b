"""Issue #17: a new game's seed has 128 random bits (a seated player who knows the code cannot
search them), the database keeps it whole (migration 0004, SQLite and PostgreSQL, old rows
kept), and it is published with the record only when the game is over."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, Table, create_engine

from ludotheque.core.record import Record, replay
from ludotheque.core.rng import HashedRng, fresh_seed
from ludotheque.server.bots import load_plugin
from ludotheque.store import Base, GameRow, Store, migrate
from ludotheque.store.db import alembic_config

from .live import PLUGIN, TOY, LiveServer, Player, Socket
from .postgres import Postgres

# Seeds the old INTEGER column could hold (PostgreSQL's INTEGER stops at 2**31 - 1).
OLD_SEEDS = {"zero": 0, "small": 12345, "top": 2**31 - 1}


def old_rows(url: str) -> None:
    """A database at revision 0003 with games whose seeds are stored as integers."""
    command.upgrade(alembic_config(url), "0003")
    engine = create_engine(url)
    games = Table("games", MetaData(), autoload_with=engine)
    at = datetime(2026, 12, 1, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(games.insert(), [
            {"id": gid, "game": "mitan", "game_version": "1", "seed": seed, "players": 2,
             "options": {}, "seats": [], "status": "over", "public": True,
             "moves_count": 0, "ranked": False, "created_at": at, "updated_at": at}
            for gid, seed in OLD_SEEDS.items()])
    engine.dispose()


def check_big_seeds_fit(url: str) -> None:
    """After 0004: the old rows keep their seeds, a 129-bit seed goes in and comes back
    whole, and the schema is exactly the models'."""
    migrate(url)
    store = Store(url)
    try:
        for gid, seed in OLD_SEEDS.items():
            row = store.game(gid)
            assert row is not None and row.seed == seed and isinstance(row.seed, int)
        big = fresh_seed()
        store.create_game(GameRow(id="big", game="mitan", game_version="1", seed=big,
                                  players=2, options={}, seats=[], status="live"))
        row = store.game("big")
        assert row is not None and row.seed == big
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == [], f"the models differ from the migrations: {diff}"
    finally:
        store.close()


def test_migration_0004_keeps_old_seeds_and_holds_big_ones_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old_rows(url)
    check_big_seeds_fit(url)


def test_migration_0004_goes_back_where_every_seed_is_small(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    old_rows(url)
    migrate(url)
    command.downgrade(alembic_config(url), "0003")
    engine = create_engine(url)
    games = Table("games", MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        query = games.select().with_only_columns(games.c.id, games.c.seed)
        stored = {gid: seed for gid, seed in conn.execute(query)}
    engine.dispose()
    assert stored == OLD_SEEDS


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    server = Postgres().start()
    yield server
    server.stop()


def test_migration_0004_keeps_old_seeds_and_holds_big_ones_on_postgresql(
        postgres: Postgres) -> None:
    url = postgres.create_database("seeds")
    old_rows(url)
    check_big_seeds_fit(url)


@pytest.mark.parametrize("seed", [-1, 10**80, True])
def test_the_seed_column_refuses_what_is_not_a_seed(tmp_path: Path, seed: int) -> None:
    url = f"sqlite:///{tmp_path / 'bad.sqlite3'}"
    migrate(url)
    store = Store(url)
    try:
        with pytest.raises(Exception, match="a seed is a whole number"):
            store.create_game(GameRow(id="bad", game="mitan", game_version="1", seed=seed,
                                      players=2, options={}, seats=[], status="live"))
        assert store.game("bad") is None
    finally:
        store.close()


class RecordingSocket(Socket):
    """A socket that keeps every frame it receives, as sent."""

    def __init__(self, server: LiveServer, cookies: str | None) -> None:
        super().__init__(server, cookies)
        self.frames: list[str] = []

    def _read(self, timeout: float) -> dict[str, Any]:
        data = self.conn.recv(timeout)
        text = data if isinstance(data, str) else data.decode()
        self.frames.append(text)
        message: dict[str, Any] = json.loads(text)
        if message.get("type") == "state":
            self.latest[message["game"]] = message
        return message


def test_a_fresh_games_seed_is_big_and_published_only_when_it_is_over(
        server: LiveServer) -> None:
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = alice.new_game(["me", "open"], kind=TOY)
        a = RecordingSocket(server, alice.cookie_header())
        b = RecordingSocket(server, bob.cookie_header())
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        pages: list[str] = []
        for who in (alice, bob):
            for path in ("/", f"/g/{gid}", f"/g/{gid}/replay", f"/g/{gid}/record.json"):
                pages.append(who.http.get(path).text)
        assert alice.http.get(f"/g/{gid}/record.json").status_code == 403
        for _ in range(100):
            for sock, seat in ((a, 0), (b, 1)):
                sock.sync()
                if sock.latest[gid]["result"] is None and str(seat) in sock.latest[gid]["legal"]:
                    sock.act(gid, seat)
            if a.latest[gid]["result"] is not None:
                break
        assert a.latest[gid]["result"] is not None, "the game did not end"
        # Every frame, the final state's too: only record.json tells the seed.
        shown = a.frames + b.frames + pages

        published = alice.http.get(f"/g/{gid}/record.json")
        assert published.status_code == 200
        record = Record.from_json(json.loads(published.text))
        seed = record.seed
        assert seed.bit_length() > 100
        # No frame nor page before the end showed the seed, nor the key of its generator.
        key = HashedRng(seed).key.hex()
        for text in shown:
            assert str(seed) not in text and f"{seed:x}" not in text and key not in text
        # The record replays to the game that was played.
        result = replay(load_plugin(PLUGIN), record).result()
        assert result is not None and list(result.ranks) == a.latest[gid]["result"]["ranks"]
    finally:
        alice.close()
        bob.close()
