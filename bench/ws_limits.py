"""What the WebSocket limits cost per message: messages per second through the real protocol
handler (server/sockets.py `answer`: count, parse, handle, queue the reply) with the limits
on and off.

    python bench/ws_limits.py [--messages 20000] [--runs 3]

(Not bench/limits.py: that name would hide the `limits` library from mypy and from a script
run in this folder.)

In-process, on a throw-away SQLite site: no network, so the figures are the handler's own
cost. With limits on, each socket stays under its Limits.ws_messages (a realistic load: many
sockets, each within its quota); "refused" is one socket over its quota (a flood). The
figures are medians of the runs. Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast

from starlette.websockets import WebSocket

from ludotheque import games
from ludotheque.server.app import Site, create_app
from ludotheque.server.clients import Client
from ludotheque.server.limits import Limits
from ludotheque.server.sockets import answer
from ludotheque.store import GameRow

PER_SOCKET = 50  # messages each socket sends, under Limits.ws_messages (60 per 10 s)


def site_with_game(folder: Path, limits: Limits) -> tuple[Site, str]:
    folder.mkdir(exist_ok=True)
    app = create_app(f"sqlite:///{folder / 'bench.sqlite3'}", limits=limits)
    site: Site = app.state.site
    game = games.get(games.ids()[0])
    player = site.store.create_guest("bench")
    row = GameRow(id="bench", game=game.id, game_version=game.version, seed=1,
                  players=game.min_players,
                  options=game.options({}, game.min_players).model_dump(mode="json"),
                  seats=[{"kind": "human", "player": player.id, "name": "bench"}]
                  + [{"kind": "human", "player": None, "name": ""}] * (game.min_players - 1),
                  status="open", public=False, creator=player.id, result=None,
                  moves_count=0, clock=None, ranked=False)
    site.store.create_game(row)
    return site, row.id


def clients(site: Site, count: int) -> list[Client]:
    settings = site.limiter.settings
    return [Client(cast(WebSocket, None), None, "fr", address="127.0.0.1",
                   queue=settings.ws_queue if settings.enabled else 0) for _ in range(count)]


async def rate(site: Site, raw: str, messages: int, sockets: list[Client],
               watch: str | None) -> float:
    """Messages per second, `raw` sent round robin by `sockets` (each first follows
    `watch`, untimed)."""
    for c in sockets:
        if watch is not None:
            await answer(site, c, json.dumps({"type": "watch", "game": watch}))
        c.outbox.clear()
    started = time.perf_counter()
    for i in range(messages):
        c = sockets[i % len(sockets)]
        await answer(site, c, raw)
        c.outbox.clear()  # what the writer would send
    return messages / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=20_000, help="messages per run")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is printed")
    args = parser.parse_args()
    sockets_needed = -(-args.messages // PER_SOCKET)
    # (name, message, follows the room first, share of --messages: a watch builds a state)
    cases = [("ping", '{"type":"ping"}', False, 1),
             ("watch (the followed room)", '{"type":"watch","game":"bench","since":1}', True,
              10),
             ("bad JSON", "{not json", False, 1)]
    with tempfile.TemporaryDirectory() as folder:
        sites = {"off": site_with_game(Path(folder) / "off", Limits().off()),
                 "on": site_with_game(Path(folder) / "on", Limits())}
        print(f"{args.messages} messages a run (watches: a tenth), median of {args.runs}; "
              f"limits on: up to {sockets_needed} sockets of {PER_SOCKET} messages each")
        print(f"{'message':28} {'off msg/s':>10} {'on msg/s':>10} {'added µs/msg':>13} "
              f"{'refused msg/s':>14}")
        for name, raw, follows, share in cases:
            messages = args.messages // share
            runs: dict[str, list[float]] = {"off": [], "on": [], "refused": []}
            for _ in range(args.runs):
                for mode in runs:  # the modes in turn, so that a busy moment hits all
                    site, gid = sites["on" if mode != "off" else "off"]
                    # Fresh sockets each run: their quotas start empty.
                    pool = clients(site, 1 if mode == "refused" else sockets_needed)
                    if mode == "refused":  # over its quota before the timed run
                        for _ in range(PER_SOCKET + 20):
                            asyncio.run(answer(site, pool[0], '{"type":"ping"}'))
                            pool[0].outbox.clear()
                    runs[mode].append(asyncio.run(rate(site, raw, messages, pool,
                                                       gid if follows else None)))
            figures = {mode: statistics.median(found) for mode, found in runs.items()}
            added = 1e6 / figures["on"] - 1e6 / figures["off"]
            print(f"{name:28} {figures['off']:10.0f} {figures['on']:10.0f} {added:13.1f} "
                  f"{figures['refused']:14.0f}")


if __name__ == "__main__":
    main()
