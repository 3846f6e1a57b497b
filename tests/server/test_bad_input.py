"""Bad input gets a clear error to its sender only; the game and the other clients are untouched."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from .live import LiveServer, Player, Socket


@pytest.fixture
def table(server: LiveServer, people: list[Player]) -> tuple[str, Socket, Socket, Socket]:
    """A live online game (alice seat 0, bob seat 1) with carol watching."""
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"])
    a, b, c = alice.socket(), bob.socket(), carol.socket()
    a.watch(gid)
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    c.watch(gid)
    a.sync()
    c.sync()
    return gid, a, b, c


def snapshot(sock: Socket, gid: str) -> dict[str, Any]:
    return sock.watch(gid, since=1 << 20)


def refused(sender: Socket, others: list[Socket], gid: str, message: Any, code: str,
            raw: bool = False) -> dict[str, Any]:
    before = snapshot(sender, gid)
    if raw:
        sender.send_raw(message)
    else:
        sender.send(message)
    error = sender.error()
    assert error["code"] == code, error
    assert error["message"] and error["message"] != f"error.{code}"
    for other in others:
        assert other.nothing(0.2), "another client was told about a refused message"
    after = snapshot(sender, gid)
    assert after["version"] == before["version"]
    assert after["views"] == before["views"] and after["view"] == before["view"]
    sender.sync()  # the connection still works
    return error


def test_malformed_and_oversized_messages(table: tuple[str, Socket, Socket, Socket]) -> None:
    gid, a, b, c = table
    others = [b, c]
    refused(a, others, gid, "this is not json", "bad_json", raw=True)
    refused(a, others, gid, b"\x00\x01binary", "not_text", raw=True)
    refused(a, others, gid, "[1, 2, 3]", "not_object", raw=True)
    refused(a, others, gid, json.dumps({"type": "act", "game": gid, "seat": 0,
                                        "action": "p" + "1" * 20_000}), "too_large", raw=True)
    refused(a, others, gid, "[" * 3000 + "]" * 3000, "bad_json", raw=True)
    refused(a, others, gid, {"type": "launch_missiles", "game": gid}, "unknown_type")
    refused(a, others, gid, {"type": "act", "seat": 0, "action": "p1"}, "bad_field")
    refused(a, others, gid, {"type": "act", "game": gid, "seat": "zero", "action": "p1"},
            "bad_field")
    refused(a, others, gid, {"type": "act", "game": gid, "seat": True, "action": "p1"},
            "bad_field")
    refused(a, others, gid, {"type": "act", "game": gid, "seat": 0, "action": 7}, "bad_field")


def test_unknown_game_ids(server: LiveServer, table: tuple[str, Socket, Socket, Socket]) -> None:
    gid, a, b, c = table
    for message in ({"type": "watch", "game": "nope"},
                    {"type": "act", "game": "nope", "seat": 0, "action": "p1"},
                    {"type": "sit", "game": "nope", "seat": 0},
                    {"type": "chat", "game": "nope", "text": "hello"}):
        refused(a, [b, c], gid, message, "unknown_game")
    for path in ("/g/nope", "/g/nope/replay", "/g/nope/record.json", "/new/nope", "/rules/nope"):
        assert httpx.get(server.url + path).status_code == 404, path


def test_illegal_out_of_turn_and_foreign_seat_actions(
        table: tuple[str, Socket, Socket, Socket]) -> None:
    gid, a, b, c = table
    mine = a.latest[gid]["views"]["0"]["hand"]
    theirs = b.latest[gid]["views"]["1"]["hand"]
    refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 0, "action": "p11"},
            "bad_action")
    refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 0, "action": ""},
            "bad_action")
    # A card alice does not hold: the engine refuses it, with its reason.
    error = refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 0,
                                     "action": f"p{theirs[0]}"}, "illegal")
    assert f"p{theirs[0]}" in error["message"]
    # Acting for bob's seat, and for a seat that does not exist.
    refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 1,
                             "action": f"p{theirs[0]}"}, "not_your_seat")
    refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 7, "action": "p1"},
            "not_your_seat")
    # A spectator acts for nobody.
    refused(c, [a, b], gid, {"type": "act", "game": gid, "seat": 0, "action": f"p{mine[0]}"},
            "not_your_seat")
    # Out of turn: alice has chosen her card; she may not choose again before bob.
    a.act(gid, 0, f"p{mine[0]}")
    b.sync()
    c.sync()
    refused(a, [b, c], gid, {"type": "act", "game": gid, "seat": 0, "action": f"p{mine[1]}"},
            "not_your_turn")
    # An action for an old version of the game is refused as stale.
    refused(b, [a, c], gid, {"type": "act", "game": gid, "seat": 1, "action": f"p{theirs[0]}",
                             "version": 0}, "stale")


def test_acting_before_watching_and_in_a_game_not_started(
        server: LiveServer, people: list[Player],
        table: tuple[str, Socket, Socket, Socket]) -> None:
    gid = table[0]
    fresh = people[0].socket()
    fresh.send({"type": "act", "game": gid, "seat": 0, "action": "p1"})
    assert fresh.error()["code"] == "watch_first"
    waiting = people[0].new_game(["me", "open"])
    fresh.watch(waiting)
    fresh.send({"type": "act", "game": waiting, "seat": 0, "action": "p1"})
    assert fresh.error()["code"] == "not_live"


def test_joining_a_full_game_or_a_taken_seat(server: LiveServer, people: list[Player],
                                             table: tuple[str, Socket, Socket, Socket]) -> None:
    gid, a, b, c = table
    refused(c, [a, b], gid, {"type": "sit", "game": gid, "seat": 1}, "game_full")
    refused(c, [a, b], gid, {"type": "sit", "game": gid, "seat": 0}, "game_full")
    open_game = people[0].new_game(["me", "open"])
    s = people[2].socket()
    s.watch(open_game)
    s.send({"type": "sit", "game": open_game, "seat": 0})
    assert s.error()["code"] == "seat_taken"
    s.send({"type": "sit", "game": open_game, "seat": 5})
    assert s.error()["code"] == "no_such_seat"
    # The creator already holds seat 0: the free seat is for someone else.
    creator = people[0].socket()
    creator.watch(open_game)
    creator.send({"type": "sit", "game": open_game, "seat": 1})
    assert creator.error()["code"] == "already_seated"
    # Someone without a name (no cookie) cannot take a seat or chat.
    anonymous = Socket(server, None)
    anonymous.watch(open_game)
    anonymous.send({"type": "sit", "game": open_game, "seat": 1})
    assert anonymous.error()["code"] == "need_name"
    anonymous.send({"type": "chat", "game": open_game, "text": "hi"})
    assert anonymous.error()["code"] == "need_name"
    anonymous.close()


def test_a_refused_message_is_answered_in_the_clients_language(
        server: LiveServer, table: tuple[str, Socket, Socket, Socket]) -> None:
    gid = table[0]
    english = Player(server).guest("dora")
    english.http.get("/lang/en")
    assert english.http.cookies.get("lang") == "en"
    s = english.socket()
    s.send_raw("nonsense")
    assert s.error()["message"] == "Message refused: not JSON."
    french = Player(server).guest("émile").socket()
    french.send_raw("nonsense")
    assert french.error()["message"] == "Message refusé : ce n'est pas du JSON."
    s.watch(gid)
    english.close()
