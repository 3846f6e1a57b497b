"""The WebSocket under attack (issue 17): each attack runs against a real server process on
127.0.0.1 and the test checks the defence: the server's memory stays bounded, foreign pages
get 403, floods get `rate_limited`, nothing changes in the game, and a ping from another
client is answered in under a second while the attack goes on.

Raw sockets (the `Raw` class below) play the attacker who never reads: a client library
would read for it in the background."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from .live import LiveServer, Player, Socket

FRIEND = "https://friends.example.org"  # an origin the abuse server is told to allow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """This module's own server: its per-address counts (every test client is 127.0.0.1)
    are its own. ws_rooms is lowered so that the test needs few games."""
    folder: Path = tmp_path_factory.mktemp("abuse")
    live = LiveServer(folder / "site.sqlite3", bot_workers=1,
                      args=("--origin", FRIEND, "--limit", "ws_rooms=3")).start()
    yield live
    live.stop()


def rss_kib(pid: int) -> int:
    """The process's resident memory (VmRSS) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def pid_of(server: LiveServer) -> int:
    assert server.process is not None
    return server.process.pid


class Raw:
    """A WebSocket client written by hand on a TCP socket with a small receive buffer: it
    sends what it likes and reads only when told to."""

    def __init__(self, server: LiveServer, headers: dict[str, str] | None = None) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET /ws HTTP/1.1", f"Host: 127.0.0.1:{server.port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                 "Sec-WebSocket-Version: 13",
                 *(f"{k}: {v}" for k, v in (headers or {}).items())]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.take()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.status = int(head.split()[1])

    def take(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the server closed the connection")
        return data

    @staticmethod
    def frame(message: dict[str, Any]) -> bytes:
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        size = len(payload)
        head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126
                                else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def send_all(self, messages: list[dict[str, Any]]) -> None:
        self.sock.sendall(b"".join(self.frame(m) for m in messages))

    def frames(self, timeout: float = 20) -> Iterator[tuple[int, bytes]]:
        """(opcode, payload) of every frame the server sent, up to its close frame (an
        AssertionError if the connection ends without one)."""
        self.sock.settimeout(timeout)
        while True:
            while len(self.buffer) < 2:
                try:
                    self.buffer += self.take()
                except EOFError:
                    raise AssertionError("closed without a close frame") from None
            opcode, size = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F
            start = 2
            if size == 126:
                start, size = 4, int.from_bytes(self.buffer[2:4], "big")
            elif size == 127:
                start, size = 10, int.from_bytes(self.buffer[2:10], "big")
            while len(self.buffer) < start + size:
                self.buffer += self.take()
            payload, self.buffer = self.buffer[start:start + size], self.buffer[start + size:]
            yield opcode, payload
            if opcode == 0x8:
                return

    def close(self) -> None:
        self.sock.close()


def ping_times(sock: Socket, stop: threading.Event, out: list[float]) -> None:
    while not stop.is_set():
        started = time.monotonic()
        sock.sync(timeout=5)
        out.append(time.monotonic() - started)
        time.sleep(0.05)


def while_pinging(server: LiveServer, attack: Any) -> list[float]:
    """Run `attack()` while another client pings the server; the ping times."""
    bystander = Socket(server, None)
    bystander.sync()
    stop, times = threading.Event(), list[float]()
    pinger = threading.Thread(target=ping_times, args=(bystander, stop, times))
    pinger.start()
    try:
        attack()
        time.sleep(0.3)
    finally:
        stop.set()
        pinger.join(10)
        bystander.close()
    return times


def logged(server: LiveServer, text: str, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in server.log.read_text(errors="replace"):
            return True
        time.sleep(0.1)
    return False


def test_a_client_that_never_reads_costs_bounded_memory_and_is_closed(
        server: LiveServer) -> None:
    """The repro: 5,000 `watch` messages from one anonymous socket that never reads (the
    server went from 100 to 476 MB). Now its replies wait in a bounded queue; past it the
    client is closed with 1008 and a reason, and the server's memory hardly moves."""
    owner = Player(server).guest("owner")
    gid = owner.new_game(["me", "open"])
    before = rss_kib(pid_of(server))
    attacker = Raw(server)
    assert attacker.status == 101
    flood = [{"type": "watch", "game": gid, "since": 0}] * 5000
    # The server stops reading a client it gives up on: the flood is sent from a thread.
    sender = threading.Thread(target=attacker.send_all, args=(flood,), daemon=True)

    def attack() -> None:
        sender.start()
        assert logged(server, "closing a slow WebSocket client")

    times = while_pinging(server, attack)
    grown = rss_kib(pid_of(server)) - before
    assert grown < 20_000, f"the server grew by {grown} KiB"
    assert times and max(times) < 1.0, times
    # What it was sent before the server gave up on it, then the close and its reason.
    kinds: list[str] = []
    for opcode, payload in attacker.frames():
        if opcode == 0x1:
            message = json.loads(payload)
            kinds.append(message.get("code") or message["type"])
        elif opcode == 0x8:
            assert int.from_bytes(payload[:2], "big") == 1008
            assert b"too slow" in payload[2:]
    # The states it got were merged (one per room waiting at a time); the errors piled up
    # past the bound and were dropped with the connection.
    assert "state" in kinds
    assert len(kinds) < 5000  # it was not answered to the end
    attacker.close()
    sender.join(5)
    owner.close()


def test_message_floods_are_refused_with_rate_limited(server: LiveServer) -> None:
    """Every message counts (Limits.ws_messages: 60 per 10 s per socket); a refusal says
    when to retry; nothing changes in the game; the socket stays usable."""
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    gid = alice.new_game(["me", "open"])
    a, b = alice.socket(), bob.socket()
    a.watch(gid)
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    start = b.wait_state(gid, status="live")
    a.sync()
    for _ in range(70):
        b.send({"type": "ping"})
    answers = [b.recv() for _ in range(70)]
    refused = [m for m in answers if m["type"] == "error"]
    assert refused and all(m["code"] == "rate_limited" for m in refused)
    assert len(refused) >= 70 - 60 + 1  # the watch, sit and ping before count too
    assert all(1 <= m["retry_after"] <= 10 and m["message"] for m in refused)
    # An action inside the flood is refused too, and the game has not moved.
    b.send({"type": "act", "game": gid, "seat": 1, "action": start["legal"]["1"][0]})
    assert b.error()["code"] == "rate_limited"
    after = a.watch(gid, since=1 << 20)
    assert after["version"] == start["version"] == 0
    alice.close()
    bob.close()


def test_watching_many_rooms_is_limited(server: LiveServer) -> None:
    """Loading rooms is what a watch costs: Limits.ws_watch per socket, and a socket may load
    only ws_rooms different rooms (3 on this test server)."""
    carol = Player(server).guest("carol")
    games = [carol.new_game(["me", "open"]) for _ in range(4)]
    s = carol.socket()
    for gid in games[:3]:
        s.watch(gid)
    s.send({"type": "watch", "game": games[3]})
    refusal = s.error()
    assert refusal["code"] == "too_many_rooms" and "3" in refusal["message"]
    s.watch(games[0])  # one it has loaded already is fine
    # Switching between rooms over and over: 20 loads in 10 s, then rate_limited.
    answers = []
    for i in range(30):
        s.send({"type": "watch", "game": games[i % 3]})
        answers.append(s.recv())
    refused = [m for m in answers if m["type"] == "error"]
    assert len(refused) >= 10 and {m["code"] for m in refused} == {"rate_limited"}
    # Unknown game ids cost a load too, and never answer more than an error.
    s.send({"type": "watch", "game": "nope"})
    assert s.error()["code"] == "rate_limited"
    carol.close()


def test_chat_is_limited_across_all_of_a_players_sockets(server: LiveServer) -> None:
    """The repro: 40 sockets of one player sent 200 messages in 1.2 s. Limits.chat counts
    per account (5 per 10 s) and Limits.chat_address per address (20 per 10 s)."""
    dave = Player(server).guest("dave")
    gid = dave.new_game(["me", "open"])
    reader = dave.socket()
    reader.watch(gid)
    sockets = [dave.socket() for _ in range(40)]
    for s in sockets:
        s.watch(gid)
    codes: list[str] = []

    def spam() -> None:
        for i, s in enumerate(sockets):
            s.send({"type": "chat", "game": gid, "text": f"spam {i}"})
        for s in sockets:  # a socket's messages are answered in order: its refusal, then pong
            s.send({"type": "ping"})
            while (answer := s.recv(5))["type"] != "pong":
                if answer["type"] == "error":
                    codes.append(answer["code"])

    times = while_pinging(server, spam)
    assert times and max(times) < 1.0, times
    assert len(codes) == 35 and set(codes) == {"rate_limited"}
    reader.sync()
    time.sleep(0.3)
    reader.sync()
    assert len([m for m in reader.seen_chat if m["text"].startswith("spam")]) == 5
    # Other guests from the same address: together at most 20 in the window.
    guests = [Player(server).guest(f"g{i}") for i in range(6)]
    accepted = 5
    for guest in guests:
        s = guest.socket()
        s.watch(gid)
        for j in range(5):
            s.send({"type": "chat", "game": gid, "text": f"guest {j}"})
            answer = s.recv()
            while answer["type"] != "chat" and answer["type"] != "error":
                answer = s.recv()
            if answer["type"] == "chat":
                accepted += 1
            else:
                assert answer["code"] == "rate_limited"
    assert accepted == 20
    for guest in guests:
        guest.close()
    dave.close()


def test_a_foreign_origin_gets_403(server: LiveServer) -> None:
    """The repro: a page on another port of the same host opened the victim's socket with
    their cookies and chatted as them. Only the site's own pages (and configured ones) may;
    a client that sends no Origin is not a browser and is let in."""
    victim = Player(server).guest("victim")
    gid = victim.new_game(["me", "open"])
    url = f"ws://127.0.0.1:{server.port}/ws"
    cookies = {"Cookie": victim.cookie_header()}
    for origin in (f"http://127.0.0.1:{server.port + 1}", f"http://localhost:{server.port}",
                   "null", "https://evil.example.org", f"ftp://127.0.0.1:{server.port}"):
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=Origin(origin), additional_headers=cookies)
        assert refused.value.response.status_code == 403, origin
    for allowed in (f"http://127.0.0.1:{server.port}", f"https://127.0.0.1:{server.port}",
                    FRIEND, None):
        with connect(url, origin=Origin(allowed) if allowed else None,
                     additional_headers=cookies) as ok:
            ok.send(json.dumps({"type": "ping"}))
            assert json.loads(ok.recv(5))["type"] == "pong"
    # The raw handshake, as a page's script on another port would make it: 403, nothing
    # accepted, nothing said in the game.
    raw = Raw(server, {"Origin": f"http://127.0.0.1:{server.port + 1}",
                       "Cookie": victim.cookie_header()})
    assert raw.status == 403
    raw.close()
    page = victim.http.get(f"/g/{gid}")
    assert page.status_code == 200
    victim.close()


def test_bad_text_and_huge_numbers_get_clear_errors(server: LiveServer) -> None:
    """A game id with a lone surrogate made the socket silently deaf; an integer of 5,000
    digits gave `internal`. Both are clear errors now, and the socket stays usable."""
    erin = Player(server).guest("erin")
    gid = erin.new_game(["me", "open"])
    s = erin.socket()
    s.watch(gid)
    s.send_raw('{"type": "watch", "game": "\\ud800"}')
    assert s.error()["code"] == "bad_field"
    s.send_raw('{"type": "chat", "game": "' + gid + '", "text": "hi \\udfff"}')
    assert s.error()["code"] == "bad_field"
    s.send_raw('{"type": "watch", "game": "' + gid + '", "since": ' + "9" * 5000 + "}")
    refusal = s.error()
    assert refusal["code"] == "bad_json" and refusal["message"]
    s.sync()
    assert s.watch(gid)["game"] == gid
    erin.close()


def test_one_players_bot_games_do_not_starve_anothers(tmp_path: Path) -> None:
    """The repro: 40 Difficile bot games of one player made another's Facile bot answer in
    25 s instead of 0.3 s. Now a player has at most Limits.live_bot_games (5) games with a
    bot, and the bot workers take the players' moves in turn: with the one worker facing
    ten slow moves of one player (2 s each), another player's bot answers after the one in
    the worker, not after all those asked before it."""
    live = LiveServer(tmp_path / "bots.sqlite3", bot_workers=1).start()
    try:
        greedy, other = Player(live).guest("greedy"), Player(live).guest("other")
        theirs = [greedy.new_game(["bot:slow", "bot:slow"]) for _ in range(5)]
        form = {"players": "2", "seat_0": "bot:slow", "seat_1": "bot:slow"}
        capped = greedy.http.post("/new/carte_haute", data=form)
        assert capped.status_code == 429
        assert "robots" in capped.text  # the form's message, in French by default
        gid = other.new_game(["me", "bot:facile"])
        s = other.socket()
        s.watch(gid)
        s.wait_state(gid, timeout=60, version=1)  # the Facile bot has chosen its card
        played = sum(s.watch(g)["version"] for g in theirs)
        # Taking turns: the move in the worker when it asked, and one more at most played
        # since. In the order asked (FIFO) it waited for a first move of each of the five
        # games (their other seat's move is thought again after it).
        assert played <= 2, played
        # Other players still create bot games: the cap is per player.
        assert other.new_game(["me", "bot:facile"])
        greedy.close()
        other.close()
    finally:
        live.stop()


def test_limits_off_lets_a_load_test_through(tmp_path: Path) -> None:
    """`--limits off` (load tests on a private machine): no message limit."""
    live = LiveServer(tmp_path / "off.sqlite3", args=("--limits", "off")).start()
    try:
        s = Socket(live, None)
        for _ in range(100):
            s.send({"type": "ping"})
        assert all(s.recv()["type"] == "pong" for _ in range(100))
        s.close()
        assert httpx.get(live.url + "/").status_code == 200
    finally:
        live.stop()
