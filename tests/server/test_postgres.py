"""The site on a real PostgreSQL server (`ludo serve --db postgresql+psycopg://...`): the
migrations build exactly the models' schema there, and a game survives kill -9."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from ludotheque.core.record import Record, replay
from ludotheque.server.bots import load_plugin
from ludotheque.store import Base, Store, migrate

from .live import PLUGIN, LiveServer, Player, Socket
from .postgres import Postgres


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    server = Postgres().start()
    yield server
    server.stop()


def test_migrations_build_the_models_schema_on_postgresql(postgres: Postgres) -> None:
    url = postgres.create_database("schema")
    migrate(url)
    migrate(url)  # a second run is a no-op
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.dialect.name == "postgresql"
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], f"the models differ from the migrations on PostgreSQL: {diff}"
    assert {"players", "games", "moves", "chat", "settings",
            "alembic_version"} <= set(inspect(engine).get_table_names())
    engine.dispose()


def test_a_game_on_postgresql_survives_kill_9(postgres: Postgres, tmp_path: Path) -> None:
    url = postgres.create_database("site")
    log = tmp_path / "pg-site.log"
    server = LiveServer(url, bot_workers=1, log=log).start()
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = alice.new_game(["me", "open"])
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        a.act(gid, 0)  # a round, then alice's secret choice of the next one
        b.act(gid, 1)
        a.act(gid, 0)
        a.sync()
        before = a.watch(gid, since=0)
        assert before["version"] == 3
        b.send({"type": "chat", "game": gid, "text": "à tout de suite"})
        b.expect("chat")

        server.kill()
        server = LiveServer(url, port=server.port, bot_workers=1, log=log).start()
        a2 = alice.socket()
        after = a2.watch(gid, since=0)
        for key in ("version", "views", "legal", "to_act", "steps", "status"):
            assert after[key] == before[key], key
        assert "à tout de suite" in alice.http.get(f"/g/{gid}").text

        # The game goes on to its end on PostgreSQL; its record replays to the same result.
        b2 = bob.socket()
        b2.watch(gid)
        final = play_to_end([(a2, 0), (b2, 1)], gid)
        record = Record.from_json(json.loads(alice.http.get(f"/g/{gid}/record.json").text))
        result = replay(load_plugin(PLUGIN), record).result()
        assert result is not None and list(result.ranks) == final["result"]["ranks"]
        store = Store(url)
        assert len(store.moves(gid)) == final["version"]
        store.close()
    finally:
        alice.close()
        bob.close()
        server.stop()


def play_to_end(seats: list[tuple[Socket, int]], gid: str) -> dict[str, Any]:
    for _ in range(100):
        for sock, seat in seats:
            sock.sync()
            state = sock.latest[gid]
            if state["result"] is not None:
                return state
            if str(seat) in state["legal"]:
                sock.act(gid, seat)
    raise AssertionError("the game did not end in 100 turns")


def test_a_second_process_without_redis_is_refused_on_postgresql(postgres: Postgres,
                                                                 tmp_path: Path) -> None:
    """Two processes on one PostgreSQL database without Redis would overwrite each other's
    games: the second stops at once, with the reason; after kill -9 of the first, its
    advisory lock goes with its connection and a new process starts."""
    import subprocess
    import sys

    from .live import ROOT, free_port

    url = postgres.create_database("one_server")
    first = LiveServer(url, log=tmp_path / "first.log").start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "ludotheque.server", "--port", str(free_port()),
             "--db", url, "--plugin", PLUGIN, "--log-level", "warning"],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])})
        assert second.returncode == 1
        assert "another server process already serves the database one_server" in second.stderr
        assert "--redis" in second.stderr
        first.kill()
        again = LiveServer(url, log=tmp_path / "again.log", port=first.port).start()
        again.stop()
    finally:
        first.stop()
