"""Hints (issue 24) through a real server: Difficile's move for the asker's seat, in the
game's words, thought on the bot workers; refused in ranked games, in games without a bot,
to spectators, for a seat not to act, while the previous hint is thought and over the rate
limit, each refusal changing nothing."""

from __future__ import annotations

from pathlib import Path

from .live import ONE_ADDRESS_FOR_ALL, LiveServer, Player, Socket
from .test_ranked import account, create, gid_of


def refused(socket: Socket) -> str:
    """The code of the next error (states of the room may come first: bots play on)."""
    return str(socket.expect("error")["code"])


def test_a_player_against_a_bot_gets_difficiles_move_in_the_games_words(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "bot:random"], kind="mimik")
    a = alice.socket()
    state = a.watch(gid)
    assert state["hint"] is True
    state = a.wait_state(gid, timeout=30, to_act=[0]) if state["to_act"] != [0] else state
    a.send({"type": "hint", "game": gid, "seat": 0})
    hint = a.expect("hint", timeout=60, game=gid)
    assert hint["seat"] == 0 and hint["version"] == state["version"]
    assert hint["action"] in state["legal"]["0"]
    # The move said as the log says moves (MK rulings), not the notation alone.
    assert hint["text"] != hint["action"] and "MK-" not in hint["text"]  # in words (issue 20)
    # The hint changed nothing: the game is where it was, and the move is playable.
    a.sync()
    assert a.latest[gid]["version"] == state["version"]
    after = a.act(gid, 0, hint["action"])
    assert after["version"] == state["version"] + 1


def test_hints_are_refused_where_they_do_not_belong(server: LiveServer,
                                                    people: list[Player]) -> None:
    alice, bob, carol = people
    # Against a slow bot: once alice has played, her seat waits for the bot's card.
    gid = alice.new_game(["me", "bot:slow"])
    a, c = alice.socket(), carol.socket()
    state = a.watch(gid)
    c.watch(gid)
    c.send({"type": "hint", "game": gid, "seat": 0})  # a spectator
    assert refused(c) == "not_your_seat"
    a.send({"type": "hint", "game": gid, "seat": 1})  # the bot's seat
    assert refused(a) == "not_your_seat"
    a.send({"type": "hint", "game": gid, "seat": 7})
    assert refused(a) == "not_your_seat"
    a.send({"type": "hint", "game": gid, "seat": "0"})
    assert refused(a) == "bad_field"
    a.send({"type": "hint", "game": gid, "seat": 0, "version": state["version"]})
    a.expect("hint", timeout=60, game=gid)
    # Play until alice's card is down and the bot's is not (it thinks 2 s a card).
    after = a.act(gid, 0)
    while after["to_act"] != [1]:
        after = a.act(gid, 0)
    a.send({"type": "hint", "game": gid, "seat": 0})
    assert refused(a) == "not_your_turn"
    # Between people on one device: no bot, no hint (and the page offers none).
    hotseat = alice.new_game(["me", "me"])
    assert a.watch(hotseat)["hint"] is False
    a.send({"type": "hint", "game": hotseat, "seat": 0})
    assert refused(a) == "hint_no_bot"
    # Online between two people, before the game starts: no bot either.
    online = bob.new_game(["me", "open"])
    b = bob.socket()
    b.watch(online)
    b.send({"type": "hint", "game": online, "seat": 0})
    assert refused(b) == "hint_no_bot"
    assert b.nothing()


def test_no_hint_in_a_ranked_game(server: LiveServer) -> None:
    ann, ben = account(server, "hint_ann"), account(server, "hint_ben")
    try:
        gid = gid_of(create(ann, ["me", "open"], ranked="on", clock="blitz"))
        a, b = ann.socket(), ben.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        live = b.wait_state(gid, status="live")
        assert live["hint"] is False
        a.send({"type": "hint", "game": gid, "seat": 0})
        assert refused(a) == "hint_ranked"
        a.sync()
        assert a.latest[gid]["version"] == live["version"]
    finally:
        ann.close()
        ben.close()


def test_one_hint_at_a_time_and_a_rate_limit_per_player(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "hints.sqlite3", bot_workers=1,
                      limits={**ONE_ADDRESS_FOR_ALL, "hint": "2 per minute"}).start()
    try:
        dan = Player(live).guest("dan")
        # The one worker is busy 2 s with dan's slow bot: his hint waits behind it.
        busy = dan.new_game(["bot:slow", "bot:slow"])
        gid = dan.new_game(["me", "bot:random"])
        d = dan.socket()
        d.watch(busy)
        d.watch(gid)
        d.send({"type": "hint", "game": gid, "seat": 0})
        d.send({"type": "hint", "game": gid, "seat": 0})
        assert refused(d) == "hint_busy"
        d.expect("hint", timeout=60, game=gid)
        d.send({"type": "hint", "game": gid, "seat": 0})
        d.expect("hint", timeout=60, game=gid)
        d.send({"type": "hint", "game": gid, "seat": 0})
        over = d.expect("error")
        assert over["code"] == "rate_limited" and over["retry_after"] > 0
        dan.close()
    finally:
        live.stop()
