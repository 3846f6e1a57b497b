"""Online play through the real protocol: create, invite, join, play to the end, spectate."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from ludotheque.core.record import Record, replay
from ludotheque.server.bots import load_plugin

from .live import PLUGIN, TOY, LiveServer, Player


def test_create_join_and_play_an_online_game_to_the_end(server: LiveServer,
                                                        people: list[Player]) -> None:
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"])
    a = alice.socket()
    first = a.watch(gid)
    assert first["status"] == "open" and first["mine"] == [0]
    assert first["seats"][1]["free"] and first["legal"] == {}

    # The open game is listed for strangers; bob joins through the invitation link.
    assert gid in bob.http.get("/").text
    assert bob.http.get(f"/g/{gid}").status_code == 200
    b = bob.socket()
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    joined = b.wait_state(gid, status="live")
    assert joined["mine"] == [1] and joined["seats"][1]["name"] == "bob"
    assert a.wait_state(gid, status="live")["legal"]["0"]

    # A spectator follows the game from the live games list.
    c = carol.socket()
    assert gid in carol.http.get("/").text
    spectator = c.watch(gid)
    assert spectator["mine"] == [] and spectator["views"] == {}
    assert "hand" not in spectator["view"]

    while True:
        a.sync()
        state = a.latest[gid]
        if state["result"] is not None:
            break
        if "0" in state["legal"]:
            a.act(gid, 0)
        b.sync()
        if "1" in b.latest[gid]["legal"]:
            b.act(gid, 1)
    b.sync()
    c.sync()
    for sock in (a, b, c):
        assert sock.latest[gid]["status"] == "over"
        assert sock.latest[gid]["result"]["reason"] == "hands_empty"

    # The record is the game: the engine replays it to the same result.
    r = carol.http.get(f"/g/{gid}/record.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = Record.from_json(r.json())
    assert record.game == TOY and record.players == 2
    assert len(record.moves) == a.latest[gid]["version"] == 10  # 5 rounds of 2 cards
    final = replay(load_plugin(PLUGIN), record)
    result = final.result()
    assert result is not None
    assert list(result.ranks) == a.latest[gid]["result"]["ranks"]
    assert [s["name"] for s in record.seats] == ["alice", "bob"]


def test_each_seat_sees_its_own_view_and_only_its_events(server: LiveServer,
                                                         people: list[Player]) -> None:
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"])
    a, b, c = alice.socket(), bob.socket(), carol.socket()
    a.watch(gid)
    b.watch(gid)
    c.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    a.wait_state(gid, status="live")
    a_state = a.latest[gid]
    b_state = b.wait_state(gid, status="live")
    assert list(a_state["views"]) == ["0"] and list(b_state["views"]) == ["1"]
    assert a_state["view"] is None and b_state["view"] is None
    a_hand, b_hand = a_state["views"]["0"]["hand"], b_state["views"]["1"]["hand"]
    assert not set(a_hand) & set(b_hand)
    assert json.dumps(a_state).count('"hand"') == 1

    played = a_hand[0]
    a.act(gid, 0, f"p{played}")
    b.act(gid, 1)  # the round ends: both cards are revealed, both draw a card in secret
    a.sync()
    b.sync()
    c.sync()
    for sock, seat in ((a, 0), (b, 1), (c, None)):
        steps = [st for st in sock.watch(gid)["steps"]]
        assert len(steps) == 2
        # The action of a secret choice is shown to its own seat only.
        for st in steps:
            assert (st["action"] is not None) == (st["seat"] == seat)
        events = [e for st in steps for e in st["events"]]
        draws = [e for e in events if e["kind"] == "draw"]
        assert all(e["to"] == [seat] for e in draws)
        assert len(draws) == (0 if seat is None else 1)
        assert any(e["kind"] == "reveal" for e in events)
        assert all(e["text"] for e in events)
    assert a.latest[gid]["steps"][0]["action"] == f"p{played}"


def test_a_second_tab_and_a_reconnection_get_what_they_missed(server: LiveServer,
                                                             people: list[Player]) -> None:
    alice, bob, _ = people
    gid = alice.new_game(["me", "open"])
    a = alice.socket()
    a.watch(gid)
    b = bob.socket()
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    a.act(gid, 0)
    b.act(gid, 1)
    b.sync()
    had = b.latest[gid]["version"]
    assert had == 2

    # bob's connection drops; alice plays on meanwhile.
    b.close()
    a.act(gid, 0)
    a.sync()
    version = a.latest[gid]["version"]
    assert version == 3

    # A second tab of alice: the same seat, the same view, the whole history.
    tab = alice.socket()
    again = tab.watch(gid)
    assert again["mine"] == [0] and again["version"] == version
    assert again["views"] == a.latest[gid]["views"]
    assert [st["n"] for st in again["steps"]] == [1, 2, 3]

    # bob comes back with the version he had: he gets the current view and the step he missed.
    b2 = bob.socket()
    back = b2.watch(gid, since=had)
    assert back["since"] == had and back["version"] == version
    assert [st["n"] for st in back["steps"]] == [3]
    assert back["steps"][0]["action"] is None  # alice's secret choice stays secret
    assert back["legal"]["1"]
    # Both of alice's tabs see bob's move.
    b2.act(gid, 1)
    assert tab.wait_state(gid, version=version + 1)
    assert a.wait_state(gid, version=version + 1)


def test_hotseat_one_player_holds_every_seat(server: LiveServer,
                                             people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "me"])
    a = alice.socket()
    state = a.watch(gid)
    assert state["status"] == "live" and state["mine"] == [0, 1]
    assert set(state["views"]) == {"0", "1"}
    final = a.play_to_end(gid)
    assert final["status"] == "over" and len(final["steps"]) >= 0


def test_private_games_are_not_listed_but_the_link_works(server: LiveServer,
                                                        people: list[Player]) -> None:
    alice, bob, _ = people
    gid = alice.new_game(["me", "open"], public=False)
    assert gid not in bob.http.get("/").text
    assert gid in alice.http.get("/").text  # in alice's own games
    b = bob.socket()
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    assert b.wait_state(gid, status="live")["mine"] == [1]
    assert httpx.get(f"{server.url}/g/{gid}").status_code == 200


def test_a_public_action_is_shown_to_every_seat_and_spectator(server: LiveServer,
                                                              people: list[Player]) -> None:
    """State.is_public: Mitan with open placement hides nothing, so each action's text is
    read by the other seat and the spectators (the toy's secret choices are not: above)."""
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"], kind="mitan")
    a, b, c = alice.socket(), bob.socket(), carol.socket()
    a.watch(gid)
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    a.wait_state(gid, status="live")
    first = a.legal(gid, 0)[0]
    a.act(gid, 0, first)
    b.sync()
    step = b.watch(gid)["steps"][0]
    assert step["seat"] == 0 and step["public"] and step["action"] == first
    assert c.watch(gid)["steps"][0]["action"] == first


def test_resigning_ends_a_two_player_game_and_survives_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "resign.sqlite3").start()
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = alice.new_game(["me", "open"])
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        a.act(gid, 0)
        a.send({"type": "resign", "game": gid, "seat": 1})  # not alice's seat
        assert a.error()["code"] == "not_your_seat"
        b.send({"type": "resign", "game": gid, "seat": 1})
        over = a.wait_state(gid, status="over")
        assert over["result"]["reason"] == "resign" and over["result"]["winners"] == [0]
        assert over["result"]["text"] == "bob a abandonné." and over["legal"] == {}
        b.sync()
        b.send({"type": "act", "game": gid, "seat": 1, "action": "p1"})
        assert b.error()["code"] == "game_over"
        record = Record.from_json(json.loads(alice.http.get(f"/g/{gid}/record.json").text))
        assert record.result is not None and record.result["reason"] == "resign"
        assert not replay(load_plugin(PLUGIN), record).is_over()  # the stored result holds
        server.stop()
        server = LiveServer(tmp_path / "resign.sqlite3", port=server.port).start()
        again = alice.socket().watch(gid)
        assert again["status"] == "over" and again["result"]["reason"] == "resign"
        assert again["version"] == 1
    finally:
        alice.close()
        bob.close()
        server.stop()


def test_leaving_a_game_of_three_hands_the_seat_to_a_bot(server: LiveServer,
                                                         people: list[Player]) -> None:
    alice, bob, _ = people
    gid = alice.new_game(["me", "open", "bot:random"], kind="mimik")
    b = bob.socket()
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    b.send({"type": "resign", "game": gid, "seat": 1})
    state = b.expect("state")
    while state["seats"][1]["kind"] != "bot":
        state = b.expect("state")
    assert state["seats"][1]["bot"] == "moyen" and state["status"] == "live"
    assert state["mine"] == [] and state["result"] is None
