"""Load a Ludothèque server with live games and measure the round trip of a move.

Each live game is one hotseat client (one WebSocket, both seats) that plays a random legal
move after a random think time (exponential, mean `--think` seconds), and starts a new game
when one ends. Every game on one server belongs to one guest (the limits are off); the set-up
(forms, eight at a time) is not measured: the window opens once every client has its game.
The round trip is the time from sending `act` to receiving the state that contains the move.
Prints one JSON object: p50/p90/p99/max round trip in ms, moves/s, errors by code, the CPU
time of the client and (given its pid, or started here) of the server, and how long the
server's event loop waited for a core (other work on the machine).

    # against a running server (the limits off: one address opens every game)
    ludo serve --limits off --db sqlite:///tmp/load.sqlite3 --port 8000
    python bench/load.py --url http://127.0.0.1:8000 --games 1000 --think 5 --duration 120

    # saturation: no think time, the server flat out
    python bench/load.py --start-server --games 200 --think 0 --duration 60

`--url` may be given several times: the games are spread over the servers in turn.
`--start-server` starts `python -m ludotheque.server --limits off` on a fresh SQLite file
and stops it at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

# A form's hidden token (a CSRF defence), sent back with the form when the page has one.
HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*name="([^"]*csrf[^"]*)"[^>]*value="([^"]*)"',
                    re.IGNORECASE)


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)  # seconds
    errors: Counter[str] = field(default_factory=Counter)
    games_done: int = 0
    measuring: bool = False

    def error(self, code: str) -> None:
        if self.measuring:
            self.errors[code] += 1


def hidden_fields(page: str) -> dict[str, str]:
    return dict(HIDDEN.findall(page))


async def form_post(http: httpx.AsyncClient, page: str, action: str,
                    data: dict[str, str]) -> httpx.Response:
    """POST a form as a browser would: the page first (its cookies and hidden tokens)."""
    got = await http.get(page)
    return await http.post(action, data={**hidden_fields(got.text), **data})


async def next_state(ws: ClientConnection, game: str, after: int) -> dict[str, Any]:
    """The first state of `game` past version `after` (an error raises)."""
    while True:
        message = json.loads(await ws.recv())
        if message.get("type") == "error":
            raise LookupError(str(message.get("code")))
        if message.get("type") == "state" and message.get("game") == game \
                and message["version"] > after:
            return message  # type: ignore[no-any-return]


class Site:
    """One server: a guest who owns every game of this tool there (the limits are off), and
    a cap on the forms in flight (setting up a thousand games at once is not the load
    measured)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.AsyncClient(base_url=url, timeout=60)
        self.forms = asyncio.Semaphore(8)
        self.cookie: str | None = None
        self._guest = asyncio.Lock()

    async def login(self) -> str:
        async with self._guest:
            if self.cookie is None:
                r = await self.post("/login", "/guest", {"name": "load", "next": "/"})
                if r.status_code != 303:
                    raise RuntimeError(f"guest not created: HTTP {r.status_code}")
                self.cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
            return self.cookie

    async def post(self, page: str, action: str, data: dict[str, str]) -> httpx.Response:
        for attempt in range(5):  # a refused connection while the server is busy: again
            try:
                async with self.forms:
                    return await form_post(self.http, page, action, data)
            except httpx.TransportError:
                if attempt == 4:
                    raise
                await asyncio.sleep(0.5 * (attempt + 1))
        raise AssertionError("unreachable")

    async def new_game(self, game: str) -> str:
        r = await self.post(f"/new/{game}", f"/new/{game}",
                            {"players": "2", "seat_0": "me", "seat_1": "me"})
        if r.status_code != 303:
            raise RuntimeError(f"game not created: HTTP {r.status_code}")
        return r.headers["location"].rsplit("/", 1)[1]


async def player(site: Site, index: int, args: argparse.Namespace, tally: Tally,
                 ready: list[int], stop: asyncio.Event) -> None:
    rng = random.Random(args.seed * 100_003 + index)
    cookie = await site.login()
    game = await site.new_game(args.game)
    ws_url = site.url.replace("http", "ws", 1) + "/ws"
    async with connect(ws_url, additional_headers={"Cookie": cookie}, origin=site.url,  # type: ignore[arg-type]
                       max_size=None, open_timeout=60, ping_interval=None) as ws:
        first = True
        while not stop.is_set():
            if not first:
                game = await site.new_game(args.game)
            await ws.send(json.dumps({"type": "watch", "game": game}))
            state = await next_state(ws, game, -1)
            if first:
                ready[0] += 1
            # The first think of each client at a random point: the moves do not come in
            # waves.
            pause = rng.uniform(0, 2 * args.think) if first else 0.0
            first = False
            while state["result"] is None and not stop.is_set():
                if not pause:
                    pause = rng.expovariate(1 / args.think) if args.think > 0 else 0.0
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), pause)
                pause = 0.0
                if stop.is_set():
                    break
                seat, choices = next(iter(state["legal"].items()))
                action = rng.choice(choices)
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "game": game, "seat": int(seat),
                                          "action": action, "version": state["version"]}))
                try:
                    state = await next_state(ws, game, state["version"])
                except LookupError as refused:
                    tally.error(str(refused))
                    await ws.send(json.dumps({"type": "watch", "game": game,
                                              "since": state["version"]}))
                    state = await next_state(ws, game, -1)
                    continue
                if tally.measuring:
                    tally.round_trips.append(time.perf_counter() - sent)
            if state["result"] is not None:
                tally.games_done += 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(folder / "server.log", "wb")  # noqa: SIM115 - the server's life
    process = subprocess.Popen(
        [sys.executable, "-m", "ludotheque.server", "--port", str(port), "--db",
         f"sqlite:///{folder / 'load.sqlite3'}", "--limits", "off", "--log-level", "warning",
         "--bot-workers", "1", *extra],
        stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((folder / "server.log").read_text()[-2000:])
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/login", timeout=1).status_code == 200:
                return process, url
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start in 60 s")


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


async def run(args: argparse.Namespace, urls: list[str], server_pid: int | None
              ) -> dict[str, Any]:
    tally = Tally()
    stop = asyncio.Event()
    sites = [Site(url) for url in urls]
    ready = [0]
    tasks = [asyncio.create_task(player(sites[i % len(sites)], i, args, tally, ready, stop))
             for i in range(args.games)]
    # Set-up: every client connected with its first game (at most --warmup seconds), then
    # a few seconds for the moves to spread out, then the measured window.
    began = time.perf_counter()
    while ready[0] < args.games and time.perf_counter() - began < args.warmup \
            and not all(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    set_up = time.perf_counter() - began
    await asyncio.sleep(min(args.think, 5.0))
    tally.measuring = True
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    server0 = server_cpu(server_pid)
    loop0, client0 = sched(server_pid), sched("self")
    began = time.perf_counter()
    await asyncio.wait(tasks, timeout=args.duration)
    elapsed = time.perf_counter() - began
    tally.measuring = False
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    server1 = server_cpu(server_pid)
    loop1, client1 = sched(server_pid), sched("self")
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    failed = Counter(type(t.exception()).__name__ for t in tasks
                     if t.done() and not t.cancelled() and t.exception() is not None)
    for t in tasks:
        t.cancel()
    for site in sites:
        await site.http.aclose()
    rts = sorted(tally.round_trips)
    return {
        "games": args.games, "clients_ready": ready[0], "set_up_s": round(set_up, 1),
        "game": args.game, "think_s": args.think,
        "duration_s": round(elapsed, 1), "urls": urls,
        "moves": len(rts), "moves_per_s": round(len(rts) / elapsed, 1),
        "round_trip_ms": {name: round(1000 * percentile(rts, q), 1)
                          for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99),
                                          ("max", 1.0))},
        "errors": dict(tally.errors), "clients_failed": dict(failed),
        "games_finished": tally.games_done,
        "client_cpu_s": round(cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime,
                              1),
        "server_cpu_s": None if server0 is None or server1 is None
        else round(server1 - server0, 1),
        "server_loop_ran_s": None if loop0 is None or loop1 is None
        else round(loop1[0] - loop0[0], 1),
        "server_loop_waited_for_a_core_s": None if loop0 is None or loop1 is None
        else round(loop1[1] - loop0[1], 1),
        "client_waited_for_a_core_s": None if client0 is None or client1 is None
        else round(client1[1] - client0[1], 1),
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", action="append", default=[],
                        help="a server (several: the games are spread over them)")
    parser.add_argument("--start-server", action="store_true",
                        help="start a server of this checkout on a fresh SQLite file")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="an extra argument for the started server")
    parser.add_argument("--games", type=int, default=100, help="live games (clients)")
    parser.add_argument("--think", type=float, default=5.0, help="mean think time, seconds")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=120.0,
                        help="at most this many seconds for the clients to connect and "
                             "start their games before measuring")
    parser.add_argument("--game", default="mitan", help="the game id")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-pid", type=int, default=None,
                        help="the running server's process id: its CPU time is reported")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per game
    urls = [u.rstrip("/") for u in args.url]
    server: subprocess.Popen[bytes] | None = None
    with tempfile.TemporaryDirectory(prefix="ludo-load-") as folder:
        try:
            if args.start_server or not urls:
                server, url = start_server(Path(folder), args.server_arg)
                urls = [url]
            report = asyncio.run(run(args, urls, server.pid if server else args.server_pid))
            print(json.dumps(report, indent=2))
        finally:
            if server is not None:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(20)
                except subprocess.TimeoutExpired:
                    server.kill()
    del soft


def sched(pid: int | str | None) -> tuple[float, float] | None:
    """A process's main thread (a server's event loop): seconds run on a core, and seconds
    spent ready to run but waiting for one (Linux /proc/PID/schedstat). The second says how
    much the machine's other work held it back."""
    if pid is None:
        return None
    try:
        ran, waited, _ = Path(f"/proc/{pid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return None
    return int(ran) / 1e9, int(waited) / 1e9


def server_cpu(pid: int | None) -> float | None:
    """A server's CPU seconds so far (Linux /proc), for the report."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return round((int(fields[11]) + int(fields[12])) / ticks, 1)


if __name__ == "__main__":
    main()
