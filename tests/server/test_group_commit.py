"""Group commit (issue 18): moves that arrive together share one transaction and one fsync,
each is acknowledged only after that commit, a bad one fails alone, and kill -9 in the middle
of a stream of moves loses none that a player was shown. Real SQLite files, a real server."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError
from websockets.asyncio.client import ClientConnection, connect

from ludotheque.store import GameRow, Store, migrate

from .live import LiveServer, Player, run_async


def games_of(store: Store, count: int) -> list[str]:
    player = store.create_guest("alice")
    seats = [{"kind": "human", "player": player.id, "name": "alice"}] * 2
    ids = [f"g{i}" for i in range(count)]
    for game_id in ids:
        store.create_game(GameRow(id=game_id, game="mitan", game_version=1, seed=1, players=2,
                                  options={}, seats=seats, status="live", public=True,
                                  creator=player.id, result=None, moves_count=0))
    return ids


def stored_moves(url: str) -> dict[str, int]:
    """Moves per game, read through a connection of its own (not the store's)."""
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT game_id, count(*) FROM moves GROUP BY game_id"))
        counts = {str(g): int(n) for g, n in rows}
    engine.dispose()
    return counts


def test_moves_arriving_together_share_one_commit(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'group.sqlite3'}"
    migrate(url)
    store = Store(url)
    ids = games_of(store, 40)
    groups, writes = store.writer.groups, store.writer.writes

    async def together() -> dict[str, int]:
        await asyncio.gather(*(store.add_move.committed(g, 0, 0, "p1", "live", None)
                               for g in ids))
        # Acknowledged means committed: another connection sees every move already.
        return stored_moves(url)

    seen = run_async(together())
    assert seen == dict.fromkeys(ids, 1)
    assert store.writer.writes - writes == 40
    assert store.writer.groups - groups == 1  # one transaction, one fsync for all 40
    row = store.game(ids[0])
    assert row is not None and row.moves_count == 1
    store.close()


def test_a_bad_write_in_a_group_fails_alone(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'alone.sqlite3'}"
    migrate(url)
    store = Store(url)
    ids = games_of(store, 10)
    store.add_move(ids[0], 0, 0, "p1", "live", None)

    async def together() -> list[Any]:
        # The first game's move 0 is stored already: the unique (game, idx) refuses it again.
        return await asyncio.gather(
            store.add_move.committed(ids[0], 0, 1, "p2", "live", None),
            *(store.add_move.committed(g, 0, 0, "p1", "live", None) for g in ids[1:]),
            store.add_chat.committed(ids[1], None, "bob", "bonjour"),
            return_exceptions=True)

    outcomes = run_async(together())
    assert isinstance(outcomes[0], IntegrityError)
    assert not any(isinstance(o, BaseException) for o in outcomes[1:])
    assert stored_moves(url) == dict.fromkeys(ids, 1)
    assert [m.action for m in store.moves(ids[0])] == ["p1"]  # the refused one changed nothing
    assert [c.text for c in store.chat(ids[1])] == ["bonjour"]
    store.close()


async def play(server: LiveServer, cookie: str, game: str, acked: dict[str, int],
               stop: asyncio.Event) -> None:
    """One hotseat client: a random legal move as soon as the last one is acknowledged; the
    version of every state received is what this player has been shown."""
    rng = random.Random(game)
    ws: ClientConnection
    async with connect(f"ws://127.0.0.1:{server.port}/ws", origin=server.url,  # type: ignore[arg-type]
                       additional_headers={"Cookie": cookie}, open_timeout=10) as ws:
        await ws.send(json.dumps({"type": "watch", "game": game}))
        state: dict[str, Any] = {}
        try:
            while True:
                message = json.loads(await ws.recv())
                if message.get("type") != "state":
                    continue
                state = message
                acked[game] = max(acked.get(game, 0), state["version"])
                if stop.is_set() or state["result"] is not None or not state["legal"]:
                    return
                seat, legal = next(iter(state["legal"].items()))
                await ws.send(json.dumps({"type": "act", "game": game, "seat": int(seat),
                                          "action": rng.choice(legal),
                                          "version": state["version"]}))
        except Exception:  # the server was killed: what was received stands
            return


def test_kill_9_under_load_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "kill.sqlite3"
    server = LiveServer(db, limits=False).start()
    alice = Player(server).guest("alice")
    try:
        ids = [alice.new_game(["me", "me"], kind="mitan") for _ in range(30)]
        cookie = alice.cookie_header()
        acked: dict[str, int] = {}

        async def load_then_kill() -> None:
            stop = asyncio.Event()
            clients = [asyncio.create_task(play(server, cookie, g, acked, stop)) for g in ids]
            await asyncio.sleep(2.0)
            assert sum(acked.values()) > 60, "the clients did not get going"
            await asyncio.to_thread(server.kill)  # mid-stream: moves in flight everywhere
            await asyncio.wait_for(asyncio.gather(*clients), 30)

        run_async(load_then_kill())
        stored = stored_moves(f"sqlite:///{db}")
        lost = {g: (n, stored.get(g, 0)) for g, n in acked.items() if stored.get(g, 0) < n}
        assert not lost, f"acknowledged moves lost by kill -9 (shown, stored): {lost}"

        server = LiveServer(db, port=server.port, limits=False).start()
        sock = alice.socket()
        for g in ids:
            assert sock.watch(g)["version"] == stored.get(g, 0) >= acked.get(g, 0)
    finally:
        alice.close()
        server.stop()
