"""The WebSocket's rules on their own: which Origins may open a socket, how a client's
outbox merges states and when it gives up, how limits are changed from the command line.
(tests/server/test_abuse_socket.py attacks a real server with them.)"""

from __future__ import annotations

from typing import Any, cast

import pytest
from click.testing import CliRunner
from starlette.websockets import WebSocket

from ludotheque.cli import main
from ludotheque.server.clients import Client
from ludotheque.server.limits import Limits
from ludotheque.server.protocol import ProtocolError, parse
from ludotheque.server.sockets import allowed_origins, origin_allowed

from .live import run_async

EXTRA = allowed_origins(["https://Friends.Example.org/", "http://127.0.0.1:9000"])


@pytest.mark.parametrize(("origin", "host", "allowed"), [
    (None, "ludo.example.org", True),  # not a browser
    ("https://ludo.example.org", "ludo.example.org", True),
    ("http://ludo.example.org", "ludo.example.org", True),  # TLS ended by a proxy
    ("https://LUDO.example.org", "ludo.example.org:443", True),  # case, default port
    ("http://ludo.example.org:80", "ludo.example.org", True),
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),  # another port is another site
    ("http://localhost:8000", "127.0.0.1:8000", False),
    ("https://ludo.example.org.evil.net", "ludo.example.org", False),
    ("https://evil.net", "ludo.example.org", False),
    ("null", "ludo.example.org", False),  # a sandboxed page, a file
    ("ws://ludo.example.org", "ludo.example.org", False),
    ("https://ludo.example.org/path", "ludo.example.org", False),
    ("https://user@ludo.example.org", "ludo.example.org", False),
    ("http://ludo.example.org:99999", "ludo.example.org:99999", False),
    ("https://friends.example.org", "ludo.example.org", True),  # configured
    ("http://127.0.0.1:9000", "ludo.example.org", True),
    ("http://127.0.0.1:9001", "ludo.example.org", False),
])
def test_origin(origin: str | None, host: str, allowed: bool) -> None:
    headers = {"host": host} if origin is None else {"host": host, "origin": origin}
    assert origin_allowed(headers, EXTRA) is allowed


def test_a_configured_origin_must_be_one() -> None:
    for bad in ("friends.example.org", "https://friends.example.org/app", "null", "ftp://x"):
        with pytest.raises(ValueError, match="not an origin"):
            allowed_origins([bad])


def client(queue: int) -> Client:
    # send() never touches the socket: the writer does, and it is not started here.
    return Client(cast(WebSocket, None), None, "en", queue=queue)


def state(game: str, since: int, version: int) -> dict[str, Any]:
    return {"type": "state", "game": game, "since": since, "version": version}


def test_a_newer_state_replaces_the_waiting_one_and_keeps_its_start() -> None:
    c = client(queue=4)
    c.send(state("a", 0, 1))
    c.send({"type": "chat", "game": "a", "text": "hi"})
    c.send(state("b", 0, 7))
    assert c.queued_since("a") == 0 and c.queued_since("b") == 0 and c.queued_since("z") is None
    c.send(state("a", 0, 2))  # Room.send_state starts it where the waiting one started
    assert [(m["type"], m.get("game"), m.get("version")) for m in c.outbox] == [
        ("chat", "a", None), ("state", "b", 7), ("state", "a", 2)]
    assert c.closing is None


def test_a_client_past_its_bound_is_given_up() -> None:
    async def run() -> None:
        c = client(queue=3)
        for i in range(3):
            c.send({"type": "chat", "game": "a", "text": str(i)})
        assert len(c.outbox) == 3 and c.closing is None
        c.send({"type": "error", "code": "rate_limited", "message": "x"})
        assert c.closing == "slow" and not c.outbox
        c.send({"type": "pong"})  # nothing more is queued for it
        assert not c.outbox
        unbounded = client(queue=0)  # limits off
        for _ in range(500):
            unbounded.send({"type": "pong"})
        assert len(unbounded.outbox) == 500 and unbounded.closing is None

    run_async(run())


def test_errors_say_when_to_retry() -> None:
    c = client(queue=4)
    c.error(ProtocolError("rate_limited", retry_after=3), "g1")
    assert c.outbox[0] == {"type": "error", "code": "rate_limited", "retry_after": 3,
                           "game": "g1", "message": "Too many requests: try again in 3 s."}


def test_bad_text_and_huge_integers_are_refused_at_the_door() -> None:
    for raw, code in (('{"type": "watch", "game": "\\ud800"}', "bad_field"),
                      ('{"type": "watch", "game": "a b"}', "bad_field"),
                      ('{"type": "watch", "game": "x", "since": ' + "9" * 5000 + "}",
                       "bad_json")):
        with pytest.raises(ProtocolError) as refused:
            parse(raw)
        assert refused.value.code == code
    message = parse('{"type": "chat", "game": "g", "text": "\\udfff"}')
    with pytest.raises(ProtocolError, match="bad_field"):
        message.text_field("text", 100)
    assert parse('{"type": "chat", "game": "g", "text": "\\ud83d\\ude00"}').text_field(
        "text", 100) == "\U0001F600"  # a pair is a character


def test_limits_changed_from_the_command_line() -> None:
    limits = Limits().with_values({"ws_queue": "128", "chat": "10 per 10 second"})
    assert limits.ws_queue == 128 and limits.chat == "10 per 10 second"
    assert limits.ws_watch == Limits().ws_watch
    for name, bad in (("ws_queue", "0"), ("ws_queue", "many"), ("chat", "often"),
                      ("nope", "1"), ("enabled", "0")):
        with pytest.raises(ValueError, match=name):
            Limits().with_values({name: bad})


def test_ludo_serve_refuses_a_wrong_limit_or_origin_before_starting() -> None:
    runner = CliRunner()
    wrong = runner.invoke(main, ["serve", "--limit", "ws_queue=lots"])
    assert wrong.exit_code == 2 and "ws_queue: 'lots' is not a whole number" in wrong.output
    wrong = runner.invoke(main, ["serve", "--origin", "friends.example.org"])
    assert wrong.exit_code == 2 and "is not an origin" in wrong.output
