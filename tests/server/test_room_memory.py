"""Rooms leave memory when nothing holds them (Hub.sweep): watching every stored game in turn
must not keep them all loaded. A real store on a SQLite file; no server process needed."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from starlette.websockets import WebSocket

from ludotheque import games
from ludotheque.server.bots import BotPool
from ludotheque.server.clients import Client
from ludotheque.server.hub import Hub
from ludotheque.store import GameRow, Store, migrate

from .live import run_async


def stored_game(store: Store, gid: str, status: str) -> str:
    game = games.get(games.ids()[0])
    player = store.create_guest(f"p-{gid}")
    count = game.min_players
    store.create_game(GameRow(
        id=gid, game=game.id, game_version=game.version, seed=7, players=count,
        options=game.options({}, count).model_dump(mode="json"),
        seats=[{"kind": "human", "player": player.id, "name": "p"}]
        + [{"kind": "human", "player": player.id if status == "live" else None, "name": "q"}
           for _ in range(count - 1)],
        status=status, public=True, creator=player.id, result=None, moves_count=0,
        clock=None, ranked=False))
    return gid


def test_idle_rooms_of_games_not_being_played_are_forgotten(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    migrate(url)
    store = Store(url)
    waiting = [stored_game(store, f"open{i}", "open") for i in range(3)]
    played = stored_game(store, "live0", "live")
    followed = stored_game(store, "open9", "open")

    async def run() -> None:
        hub = Hub(store, BotPool(1, ()), room_idle=0.0)
        first = await hub.room(waiting[0])
        assert first is not None
        await hub.room(played)
        watched = await hub.room(followed)
        assert watched is not None
        watched.clients.add(Client(cast(WebSocket, None), None, "fr"))
        for gid in waiting[1:]:
            await hub.room(gid)
        # Loading the last one swept the others that nothing holds; what is being played
        # and what a client follows stay.
        assert set(hub.rooms) == {played, followed, waiting[2]}
        again = await hub.room(waiting[0])  # reloaded from the store when asked again
        assert again is not None and again is not first
        assert again.version == first.version and again.seats == first.seats
        busy = await hub.room(waiting[1])
        assert busy is not None
        async with busy.lock:  # a change under way holds its room
            await hub.room(waiting[2])
            assert waiting[1] in hub.rooms
        hub.bots.close()

    run_async(run())
    store.close()
