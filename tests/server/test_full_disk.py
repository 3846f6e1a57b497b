"""A full disk: the database refuses a write; the player gets a clear error, the game stays
exactly as it was, and it goes on once there is room again. A real SQLite file, capped by
SQLite itself (`PRAGMA max_page_count`: "database or disk is full"), with the site's real
Store, Hub and Room."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from ludotheque.core.record import Move, Record, replay
from ludotheque.server.bots import BotPool, load_plugin
from ludotheque.server.hub import Hub
from ludotheque.server.protocol import ProtocolError
from ludotheque.store import GameRow, Store, migrate

from .live import PLUGIN

GAME = load_plugin(PLUGIN)


def cap(store: Store, pages: int | None) -> None:
    """Every new connection of the store (its writer's and its readers') may use at most
    `pages` pages (None: no cap)."""

    def limit(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute(f"PRAGMA max_page_count={pages or 1073741823}")
        cursor.close()

    for engine in (store.engine, store.write_engine):
        engine.dispose()
        event.listen(engine, "connect", limit)


def fill(store: Store, filler: str) -> None:
    """Write chat lines, long then short, then moves of another game, until not even the
    smallest row fits anywhere."""
    for size in (2000, 200, 20, 1):
        with pytest.raises(OperationalError, match="full"):
            for _ in range(10_000):
                store.add_chat(filler, None, "x", "x" * size)
    with pytest.raises(OperationalError, match="full"):
        for idx in range(100_000):
            store.add_move(filler, idx, 0, "p", "over", None)


def test_a_full_disk_refuses_the_action_clearly_and_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'full.sqlite3'}"
    migrate(url)
    store = Store(url)
    player = store.create_guest("alice")
    seats = [{"kind": "human", "player": player.id, "name": "alice"},
             {"kind": "human", "player": player.id, "name": "alice 2"}]
    for game_id in ("filler", "fulldisk"):
        store.create_game(GameRow(id=game_id, game=GAME.id, game_version=GAME.version, seed=3,
                                  players=2, options={}, seats=seats, status="live",
                                  public=True, creator=player.id, result=None,
                                  moves_count=0))

    async def scenario() -> None:
        hub = Hub(store, BotPool(1, ()))
        room = await hub.room("fulldisk")
        assert room is not None
        first = room.state.legal_texts(0)[0]
        await room.act(0, first, client=None)
        pages = store.engine.connect().exec_driver_sql("PRAGMA page_count").scalar()
        cap(store, int(pages or 0))
        fill(store, "filler")
        before = (room.version, room.state.to_json())
        action = room.state.legal_texts(1)[0]
        with pytest.raises(ProtocolError) as refused:
            await room.act(1, action, client=None)
        assert refused.value.code == "not_stored"
        assert (room.version, room.state.to_json()) == before  # nothing shown, nothing lost
        cap(store, None)  # room again
        await room.act(1, action, client=None)
        assert room.version == 2
        await hub.close()

    # A thread of its own: a browser test on this worker may hold the thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()
    moves = [Move(m.seat, m.action) for m in store.moves("fulldisk")]
    assert len(moves) == 2
    replay(GAME, Record(GAME.id, 3, 2, {}, moves=moves), check_result=False)
    store.close()
