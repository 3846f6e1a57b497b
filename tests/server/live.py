"""A real Ludothèque server in a subprocess on 127.0.0.1, and real clients for it.

Players talk HTTP through httpx (forms, cookies) and the protocol through real WebSocket
connections (the websockets library), with the player's session cookie.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")
PLUGIN = "tests.server.plugin:HighCard"
TOY = "carte_haute"


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own: a test worker that ran the browser tests keeps
    Playwright's event loop running in its main thread, where asyncio.run refuses to start."""
    out: list[T] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            out.append(asyncio.run(coroutine))
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return out[0]


def stop_process(process: subprocess.Popen[bytes] | None, wait: float = 10) -> None:
    """Ask a server process to stop (SIGTERM); kill it if it has not within `wait` s."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def seated(host: Player, guest: Player, gid: str) -> tuple[Socket, Socket]:
    """The host's and the guest's sockets on an online game, the guest seated at seat 1."""
    h, g = host.socket(), guest.socket()
    h.watch(gid)
    g.watch(gid)
    g.send({"type": "sit", "game": gid, "seat": 1})
    g.wait_state(gid, status="live")
    h.wait_state(gid, status="live")
    return h, g


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# Every test client comes from 127.0.0.1: the per-address quotas of HTTP forms would add up
# over a whole test run. Tests of those very limits start a server with their own.
ONE_ADDRESS_FOR_ALL = {
    "guest_address": "100000 per hour", "register_address": "100000 per hour",
    "game_create": "100000 per hour", "game_create_address": "100000 per hour",
    "login_account": "100000 per hour", "login_address": "100000 per hour",
}


class LiveServer:
    def __init__(self, db: Path | str, port: int | None = None, bot_workers: int = 1,
                 log: Path | None = None, reports: Path | None = None,
                 limits: dict[str, str] | bool | None = None,
                 args: tuple[str, ...] = ()) -> None:
        """`db`: a SQLite file, or a database URL (then `log` is required); `reports`: the
        balance reports' folder (default: those shipped with the package); `limits`: limits
        to change (`--limit NAME=VALUE`; default: ONE_ADDRESS_FOR_ALL), or False for
        `--limits off` (tests that load the server); `args`: more options of
        `python -m ludotheque.server`."""
        self.limits = ONE_ADDRESS_FOR_ALL if limits is None or limits is True else limits
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.port = port or free_port()
        self.bot_workers = bot_workers
        if log is None:
            assert isinstance(db, Path), "a server on a database URL needs a log path"
            log = db.with_suffix(".log")
        self.log = log
        self.reports = reports
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.bot_pids = self.log.with_suffix(".bots")
        self.bot_pids.mkdir(exist_ok=True)
        # The checkout's own sources first, whatever package is installed.
        path = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
        env = dict(os.environ, PYTHONPATH=path, LUDO_TEST_BOT_PIDS=str(self.bot_pids))
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "ludotheque.server", "--port", str(self.port),
                 "--db", self.db_url, "--plugin", PLUGIN, "--bot-workers",
                 str(self.bot_workers), "--bot-delay", "0", "--log-level", "warning",
                 *(["--reports", str(self.reports)] if self.reports else []),
                 *([f"--limit={name}={value}" for name, value in self.limits.items()]
                   if self.limits is not False else ["--limits", "off"]),
                 *self.args],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        stop_process(self.process)


class Socket:
    """One WebSocket connection speaking the protocol."""

    def __init__(self, server: LiveServer, cookies: str | None) -> None:
        headers = {"Cookie": cookies} if cookies else {}
        self.conn: ClientConnection = connect(
            f"ws://127.0.0.1:{server.port}/ws", additional_headers=headers, max_size=None,
            open_timeout=10, close_timeout=2, max_queue=None, legacy=True)
        self.latest: dict[str, dict[str, Any]] = {}  # the last state seen, per game
        self.seen_chat: list[dict[str, Any]] = []
        self.presences: dict[str, list[dict[str, Any]]] = {}
        self.unread: list[dict[str, Any]] = []  # other messages met while waiting for presence

    def send(self, message: dict[str, Any]) -> None:
        self.conn.send(json.dumps(message))

    def send_raw(self, data: str | bytes) -> None:
        self.conn.send(data)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next message, other than a `presence` one (who has the room open: kept in
        `presences`, by game; `presence()` waits for one)."""
        if self.unread:
            return self.unread.pop(0)
        deadline = time.monotonic() + timeout
        while True:
            data = self._read(max(0.0, deadline - time.monotonic()))
            if data.get("type") != "presence":
                return data

    def _read(self, timeout: float) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.conn.recv(timeout))
        if data.get("type") == "state":
            self.latest[data["game"]] = data
        elif data.get("type") == "chat":
            self.seen_chat.append(data)
        elif data.get("type") == "presence":
            self.presences.setdefault(data["game"], []).append(data)
        return data

    def presence(self, game: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The first presence message of `game` with these fields, seen or coming; other
        messages read meanwhile stay for `recv`."""
        deadline = time.monotonic() + timeout
        while True:
            for data in self.presences.get(game, []):
                if all(data.get(k) == v for k, v in match.items()):
                    return data
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no presence message with {match}")
            with contextlib.suppress(TimeoutError):
                data = self._read(min(left, 0.2))
                if data.get("type") != "presence":
                    self.unread.append(data)

    def nothing(self, wait: float = 0.3) -> bool:
        """True if no message other than a presence one arrives within `wait` seconds."""
        try:
            self.recv(wait)
        except TimeoutError:
            return True
        return False

    def expect(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The next message of this type (and fields), skipping others."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind} message with {match}")
            message = self.recv(left)
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    def error(self, timeout: float = 10) -> dict[str, Any]:
        message = self.recv(timeout)
        assert message["type"] == "error", message
        return message

    def watch(self, game: str, since: int = 0) -> dict[str, Any]:
        self.send({"type": "watch", "game": game, "since": since})
        return self.expect("state", game=game)

    def wait_state(self, game: str, timeout: float = 20, **match: Any) -> dict[str, Any]:
        # A game over stays over: a bots' game can end before the watch is answered, and its
        # last state is then the one already read.
        seen = self.latest.get(game)
        if match.get("status") == "over" and seen is not None and seen.get("status") == "over" \
                and all(seen.get(k) == v for k, v in match.items()):
            return seen
        return self.expect("state", timeout, game=game, **match)

    def sync(self, timeout: float = 10) -> None:
        """Read everything the server sent before it answers this ping."""
        self.send({"type": "ping"})
        self.expect("pong", timeout)

    def legal(self, game: str, seat: int) -> list[str]:
        self.sync()
        legal: list[str] = self.latest[game]["legal"].get(str(seat), [])
        return legal

    def act(self, game: str, seat: int, action: str | None = None) -> dict[str, Any]:
        """Play `action` (default: the first legal one) and return the state that follows."""
        if action is None:
            action = self.legal(game, seat)[0]
        version = self.latest[game]["version"]
        self.send({"type": "act", "game": game, "seat": seat, "action": action})
        while True:
            message = self.recv()
            if message["type"] == "error":
                raise AssertionError(f"{action!r} refused: {message}")
            if message["type"] == "state" and message["version"] > version:
                return message

    def play_to_end(self, game: str, timeout: float = 30) -> dict[str, Any]:
        """Play the first legal action of this socket's seats until the game is over
        (other seats are played by someone else: other sockets, bots)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sync()
            state = self.latest[game]
            if state["result"] is not None:
                return state
            mine = [s for s in state["mine"] if str(s) in state["legal"]]
            if mine:
                self.act(game, mine[0])
            else:
                self.recv(deadline - time.monotonic())
        raise TimeoutError("the game did not end")

    def close(self) -> None:
        self.conn.close()


class Browser(httpx.Client):
    """An httpx client that sends forms the way a browser does: from a page of the site, so
    with the page's CSRF token (the hidden field `csrf`), unless the form already has one."""

    def post(self, url: httpx.URL | str, **kwargs: Any) -> httpx.Response:
        form = dict(kwargs.pop("data", None) or {})
        form.setdefault("csrf", self.csrf_token())
        return super().post(url, data=form, **kwargs)

    def csrf_token(self) -> str:
        """The token a page of the site gives this browser (its session keeps it)."""
        page = self.get("/login")
        found = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert found is not None, f"no CSRF token on /login ({page.status_code})"
        return found.group(1)


class Player:
    """A person: a browser's cookies (httpx) and any number of tabs (sockets)."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.http = Browser(base_url=server.url, follow_redirects=False, timeout=10)
        self.sockets: list[Socket] = []

    def move_to(self, server: LiveServer) -> None:
        """Go on through another server process of the same site, with the same cookies
        (a load balancer without sticky sessions)."""
        cookies = self.http.cookies
        self.http.close()
        self.server = server
        self.http = Browser(base_url=server.url, follow_redirects=False, timeout=10,
                            cookies=cookies)

    def guest(self, name: str) -> Player:
        r = self.http.post("/guest", data={"name": name, "next": "/"})
        assert r.status_code == 303, r.text
        return self

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def new_game(self, seats: list[str], kind: str = TOY, public: bool = True,
                 **options: Any) -> str:
        data: dict[str, Any] = {"players": str(len(seats))}
        data.update({f"seat_{i}": s for i, s in enumerate(seats)})
        data.update({f"opt_{k}": str(v) for k, v in options.items()})
        if public:
            data["public"] = "on"
        r = self.http.post(f"/new/{kind}", data=data)
        assert r.status_code == 303, r.text
        return r.headers["location"].rsplit("/", 1)[1]

    def socket(self) -> Socket:
        s = Socket(self.server, self.cookie_header())
        self.sockets.append(s)
        return s

    def close(self) -> None:
        for s in self.sockets:
            s.close()
        self.http.close()
