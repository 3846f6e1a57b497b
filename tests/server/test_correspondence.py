"""Correspondence games and untimed claims (issue 21) through a real server: a move's
deadline stored, shown in the room and on the home page, a missed one ending the game (or
handing the seat to a bot with 3+ players), also across a restart; a claim against a player
to act who left an untimed game, refused before the delay, by the player to act and by
strangers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest

from ludotheque.store import Store

from .live import TOY, LiveServer, Player, Socket
from .test_ranked import account, create, gid_of, play_both

DAY = 3.0  # seconds: a correspondence day on these servers (`--day-seconds`)
CLAIM = 1.5  # seconds an untimed game's player to act may be away (`--claim-after`)
ARGS = ("--day-seconds", str(DAY), "--claim-after", str(CLAIM))


@pytest.fixture(scope="module")
def corr(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("corr") / "corr.sqlite3", args=ARGS).start()
    yield live
    live.stop()


def stored(server: LiveServer, gid: str) -> tuple[list[int] | None, float | None, int]:
    """The game row's seats to act, deadline (seconds since 1970) and number of moves."""
    store = Store(server.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        due = row.deadline
        when = None if due is None else (due if due.tzinfo else due.replace(tzinfo=UTC))
        return (row.to_act, when.timestamp() if when is not None else None,
                len(store.moves(gid)))
    finally:
        store.close()


def test_a_correspondence_move_has_a_stored_deadline_shown_in_the_room_and_at_home(
        corr: LiveServer) -> None:
    alice, bob = Player(corr).guest("alice"), Player(corr).guest("bob")
    try:
        before = time.time()
        gid = gid_of(create(alice, ["me", "open"], clock="corr1"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        live = b.wait_state(gid, status="live")
        # Carte haute: both seats choose a card at once, each with the same deadline.
        clock = live["clock"]
        assert live["to_act"] == [0, 1] and clock["control"] == "corr1"
        assert clock["running"] == [0, 1] and clock["label"] == ""
        due = clock["deadlines"]["0"]
        assert clock["deadlines"]["1"] == due
        assert before + DAY - 0.5 <= due <= time.time() + DAY + 0.5
        to_act, stored_due, _ = stored(corr, gid)
        assert to_act == [0, 1] and stored_due == pytest.approx(due, abs=0.01)
        # The home page: the game is in the "your turn" list, with its deadline.
        assert gid in your_turn(alice) and gid in your_turn(bob)
        assert 'data-testid="due"' in alice.http.get("/").text
        # Alice plays: the game leaves her list, stays in Bob's, Bob's deadline unchanged.
        after = a.act(gid, 0)
        assert after["to_act"] == [1] and after["clock"]["deadlines"] == {"1": due}
        assert gid not in your_turn(alice) and gid in your_turn(bob)
        to_act, stored_due, moves = stored(corr, gid)
        assert to_act == [1] and moves == 1 and stored_due == pytest.approx(due, abs=0.01)
        # Bob plays: a new trick, a whole day for each move from now.
        after = b.act(gid, 1)
        moved = time.time()
        if after["result"] is None:
            assert after["to_act"] == [0, 1]
            new_due = after["clock"]["deadlines"]["0"]
            assert moved + DAY - 0.5 <= new_due <= moved + DAY + 0.5
            to_act, stored_due, moves = stored(corr, gid)
            assert to_act == [0, 1] and moves == 2
            assert stored_due == pytest.approx(new_due, abs=0.01)
    finally:
        alice.close()
        bob.close()


def refusal(socket: Socket, message: dict[str, Any]) -> str:
    """The error code the server answers `message` with (what came before is read first)."""
    socket.sync()
    socket.send(message)
    return str(socket.expect("error")["code"])


def your_turn(p: Player) -> str:
    """The home page's "your turn" section of this player."""
    return p.http.get("/").text.split('data-lobby="turn"')[1].split("</section>")[0]


def test_a_missed_deadline_is_a_loss_on_time(corr: LiveServer) -> None:
    alice, bob = Player(corr).guest("alice"), Player(corr).guest("bob")
    try:
        gid = gid_of(create(alice, ["me", "open"], clock="corr1"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        late = b.wait_state(gid, status="live")["to_act"][0]
        over = a.wait_state(gid, status="over", timeout=DAY + 5)
        assert over["result"]["reason"] == "timeout" and over["result"]["winners"] == [1 - late]
        to_act, due, _ = stored(corr, gid)
        assert to_act == [] and due is None  # nothing left to be due
    finally:
        alice.close()
        bob.close()


def test_a_missed_deadline_hands_the_seat_to_a_bot_with_three_players(
        corr: LiveServer) -> None:
    alice = Player(corr).guest("alice")
    try:
        gid = gid_of(create(alice, ["me", "bot:random", "bot:random"], kind="mimik",
                            clock="corr1"))
        watcher = alice.socket()
        state = watcher.watch(gid)
        deadline = time.monotonic() + DAY + 10
        while state["seats"][0]["kind"] != "bot" and time.monotonic() < deadline:
            watcher.recv(DAY + 5)
            state = watcher.latest[gid]
        assert state["seats"][0]["kind"] == "bot" and state["seats"][0]["bot"] == "moyen"
        assert state["result"] is None or state["result"]["reason"] != "timeout"
    finally:
        alice.close()


def test_a_deadline_passed_while_the_site_was_down_ends_the_game_at_start(
        tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "down.sqlite3", args=ARGS).start()
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = gid_of(create(alice, ["me", "open"], clock="corr1"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        live = b.wait_state(gid, status="live")
        late = live["to_act"][0]
        due = live["clock"]["deadlines"][str(late)]
        for p in (alice, bob):
            for s in p.sockets:
                s.close()
        server.kill()  # kill -9, before the deadline
        assert time.time() < due
        time.sleep(max(0.0, due - time.time()) + 0.5)
        server.start()  # the deadline passed while no process ran
        store = Store(server.db_url)
        try:
            # Ended by the start-up pass; its write is committed by the writer thread a
            # moment later on a loaded machine.
            until = time.monotonic() + 15
            row = store.game(gid)
            while (row is None or row.status != "over") and time.monotonic() < until:
                time.sleep(0.1)
                row = store.game(gid)
            assert row is not None and row.status == "over"
            assert row.result is not None and row.result["reason"] == "timeout"
            assert row.result["ranks"][late] == 1
        finally:
            store.close()
    finally:
        alice.close()
        bob.close()
        server.stop()


def test_a_deadline_survives_a_restart_and_falls_after_it(tmp_path: Path) -> None:
    # Longer days: a restart of this machine's server takes a few seconds.
    long_day = 12.0
    server = LiveServer(tmp_path / "restart.sqlite3",
                        args=("--day-seconds", str(long_day))).start()
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = gid_of(create(alice, ["me", "open"], clock="corr1"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        live = b.wait_state(gid, status="live")
        late = live["to_act"][0]
        due = live["clock"]["deadlines"][str(late)]
        server.stop()
        server.start()  # before the deadline: the game goes on with the same date
        c = alice.socket()
        resumed = c.watch(gid)
        assert resumed["status"] == "live"
        assert resumed["clock"]["deadlines"][str(late)] == pytest.approx(due, abs=0.01)
        over = c.wait_state(gid, status="over", timeout=long_day + 5)
        assert over["result"]["reason"] == "timeout"
        assert time.time() >= due
    finally:
        alice.close()
        bob.close()
        server.stop()


def test_ranked_correspondence_has_its_own_rating(corr: LiveServer) -> None:
    alice, bob = account(corr, f"ada{corr.port}"), account(corr, f"ben{corr.port}")
    try:
        gid = gid_of(create(alice, ["me", "open"], clock="corr7", ranked="on"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        over = play_both(gid, [a, b])
        assert over["result"] is not None
        store = Store(corr.db_url)
        try:
            row = store.game(gid)
            assert row is not None
            deadline = time.monotonic() + 10
            while row.rated is None and time.monotonic() < deadline:
                time.sleep(0.1)
                row = store.game(gid)
                assert row is not None
            assert row.rated is not None and row.rated["pool"] == "corr"
            players = [s["player"] for s in row.seats]
            assert all(store.rating(p, TOY, "corr") is not None for p in players)
            assert all(store.rating(p, TOY, "corr7") is None for p in players)
        finally:
            store.close()
        board = alice.http.get("/ratings").text
        assert f'data-testid="ratings-{TOY}-corr"' in board
    finally:
        alice.close()
        bob.close()


# -- claims in untimed games ---------------------------------------------------------------------
def test_a_claim_is_refused_before_the_delay_and_to_the_player_to_act_then_wins(
        corr: LiveServer) -> None:
    alice, bob, carol = (Player(corr).guest(n) for n in ("alice", "bob", "carol"))
    try:
        gid = gid_of(create(alice, ["me", "open"]))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        a.act(gid, 0)  # Carte haute: both choose at once; Alice has, Bob is to act
        mover, waiting = 1, 0
        here, gone = a, b
        # The player to act may not claim; nobody may while the player to act is here.
        assert refusal(gone, {"type": "claim", "game": gid, "seat": mover}) == "claim_your_turn"
        assert refusal(here, {"type": "claim", "game": gid, "seat": waiting}) == "claim_present"
        # A stranger who watches may not claim; nor for a seat that is not theirs.
        c = carol.socket()
        c.watch(gid)
        assert refusal(c, {"type": "claim", "game": gid, "seat": waiting}) == "not_your_seat"
        assert refusal(here, {"type": "claim", "game": gid, "seat": mover}) == "not_your_seat"
        # The player to act leaves: the others see when a claim opens; not before it.
        gone.close()
        told = here.wait_state(gid, timeout=5)
        while told.get("claim") is None:
            told = here.wait_state(gid, timeout=5)
        assert told["claim"]["seats"] == [mover] and 0 < told["claim"]["in"] <= CLAIM
        here.sync()
        here.send({"type": "claim", "game": gid, "seat": waiting})
        early = here.expect("error")
        assert early["code"] == "claim_not_yet" and "s" in early["message"]
        time.sleep(CLAIM + 0.2)
        here.send({"type": "claim", "game": gid, "seat": waiting})
        over = here.wait_state(gid, status="over")
        assert over["result"]["reason"] == "abandon"
        assert over["result"]["winners"] == [waiting]
        assert over["result"]["text"].startswith(("alice", "bob"))
        assert refusal(here, {"type": "claim", "game": gid, "seat": waiting}) == "game_over"
    finally:
        for p in (alice, bob, carol):
            p.close()


def test_a_claim_in_a_timed_game_is_refused(corr: LiveServer) -> None:
    alice, bob = Player(corr).guest("alice"), Player(corr).guest("bob")
    try:
        gid = gid_of(create(alice, ["me", "open"], clock="rapide"))
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        assert refusal(b, {"type": "claim", "game": gid, "seat": 1}) == "claim_timed"
    finally:
        alice.close()
        bob.close()


def test_with_three_players_a_claim_hands_the_away_seat_to_a_bot(corr: LiveServer) -> None:
    people = [Player(corr).guest(n) for n in ("alice", "bob", "carol")]
    try:
        gid = gid_of(create(people[0], ["me", "open", "open"], kind="mimik"))
        sockets = [p.socket() for p in people]
        for s in sockets:
            s.watch(gid)
        sockets[1].send({"type": "sit", "game": gid, "seat": 1})
        sockets[1].sync()
        sockets[2].send({"type": "sit", "game": gid, "seat": 2})
        state = sockets[0].wait_state(gid, status="live")
        to_act = state["to_act"]
        claimer = next(s for s in range(3) if s not in to_act)
        for seat in to_act:
            sockets[seat].close()
        time.sleep(CLAIM + 0.3)
        sockets[claimer].send({"type": "claim", "game": gid, "seat": claimer})
        deadline = time.monotonic() + 10
        after = sockets[claimer].wait_state(gid)
        while any(after["seats"][s]["kind"] != "bot" for s in to_act) \
                and time.monotonic() < deadline:
            after = sockets[claimer].wait_state(gid)
        assert all(after["seats"][s]["kind"] == "bot" for s in to_act)
        assert after["seats"][claimer]["kind"] == "human"
        assert after["result"] is None or after["result"]["reason"] != "abandon"
    finally:
        for p in people:
            p.close()
