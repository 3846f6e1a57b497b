"""Time controls and ranked games (MT-26) through a real server: clocks that run for the seat
to act and survive a restart, a flag that ends the game, Glicko-2 ratings counted exactly once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ludotheque.store import Store

from .live import TOY, LiveServer, Player, Socket


def account(server: LiveServer, name: str) -> Player:
    p = Player(server)
    r = p.http.post("/register", data={"name": name, "password": "correct horse"})
    assert r.status_code == 303, r.text
    return p


def create(p: Player, seats: list[str], kind: str = TOY, **extra: str) -> Any:
    data = {"players": str(len(seats)), "public": "on", **extra}
    data.update({f"seat_{i}": s for i, s in enumerate(seats)})
    return p.http.post(f"/new/{kind}", data=data)


def gid_of(response: Any) -> str:
    assert response.status_code == 303, response.text[-400:]
    return str(response.headers["location"].rsplit("/", 1)[1])


def play_both(game: str, sockets: list[Socket], timeout: float = 30) -> dict[str, Any]:
    """Each socket plays its seats' first legal action until the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for s in sockets:
            s.sync()
            state = s.latest[game]
            if state["result"] is not None:
                return state
            mine = [seat for seat in state["mine"] if str(seat) in state["legal"]]
            if mine:
                s.act(game, mine[0])
    raise TimeoutError("the game did not end")


def test_who_may_create_a_ranked_game(server: LiveServer) -> None:
    guest = Player(server).guest("gaston")
    assert "avec un compte" in create(guest, ["me", "open"], ranked="on", clock="blitz").text
    owner = account(server, f"olga{server.port}")
    assert "à la pendule" in create(owner, ["me", "open"], ranked="on").text
    assert "sans bot" in create(owner, ["me", "bot:random"], ranked="on", clock="blitz").text
    hidden = create(owner, ["me", "open"], kind="mitan", ranked="on", clock="rapide",
                    opt_placement="hidden")
    assert hidden.status_code == 400 and "MT-16" in hidden.text
    assert create(owner, ["me", "open"], clock="fortnight").status_code == 400
    from_position = create(owner, ["me", "open"], kind="mitan", ranked="on", clock="rapide",
                           opt_position="4c4/9/9/9/9/9/9/4F4/4C4 w")
    assert from_position.status_code == 400 and "depuis le début" in from_position.text
    gid = gid_of(create(owner, ["me", "open"], kind="mitan", ranked="on", clock="rapide"))
    lobby = guest.http.get("/").text.split('data-lobby="open"')[1]
    assert gid in lobby and "Rapide · classée" in lobby
    guest.close()
    owner.close()


def test_a_ranked_game_rates_both_accounts_once_even_across_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "ranked.sqlite3").start()
    alice = account(server, "alice")
    bob = account(server, "bob")
    guest = Player(server).guest("gus")
    try:
        gid = gid_of(create(alice, ["me", "open"], ranked="on", clock="blitz"))
        a, b, g = alice.socket(), bob.socket(), guest.socket()
        a.watch(gid)
        g.watch(gid)
        g.send({"type": "sit", "game": gid, "seat": 1})
        assert g.error()["code"] == "ranked_account"
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        live = b.wait_state(gid, status="live")
        clock = live["clock"]
        assert clock["control"] == "blitz" and clock["label"] == "3+2"
        assert clock["running"] == live["to_act"] and clock["remaining"][0] <= 180
        assert [s["rating"] for s in live["seats"]] == [
            {"rating": 1500, "provisional": True}] * 2
        before = time.monotonic()
        mover = live["to_act"][0]
        (a if mover == 0 else b).act(gid, mover)
        spent = time.monotonic() - before
        store = Store(server.db_url)
        try:
            row = store.game(gid)
            assert row is not None and row.clock is not None
            # The mover paid the time it took and got the 2-second increment.
            assert 180 + 2 - spent - 1 <= row.clock["remaining"][mover] <= 182
        finally:
            store.close()
        end = play_both(gid, [a, b])
        rated = end["rated"]
        assert rated["pool"] == "blitz" and [s["before"] for s in rated["seats"]] == [None, None]
        afters = [s["after"] for s in rated["seats"]]
        if end["result"]["draw"]:
            assert afters[0] == afters[1] == 1500
        else:
            winner = end["result"]["winners"][0]
            assert afters[winner] > 1500 > afters[1 - winner]
        page = alice.http.get("/ratings").text.split(f'data-testid="ratings-{TOY}-blitz"')[1]
        page = page.split("</article>")[0]
        assert "alice" in page and "bob" in page and "?" in page
        server.stop()
        server = LiveServer(tmp_path / "ranked.sqlite3", port=server.port).start()
        again = alice.socket().watch(gid)
        assert again["rated"] == rated  # counted once, kept, not counted again
        store = Store(server.db_url)
        try:
            for seat, name in enumerate(("alice", "bob")):
                me = store.account(name)
                assert me is not None
                rating = store.rating(me.id, TOY, "blitz")
                assert rating is not None and rating.games == 1
                assert round(rating.rating) == afters[seat]
        finally:
            store.close()
    finally:
        for p in (alice, bob, guest):
            p.close()
        server.stop()


def test_a_fallen_flag_ends_a_two_player_game_and_hands_a_seat_to_a_bot_with_more(
        server: LiveServer) -> None:
    alice = Player(server).guest("alice")
    bob = Player(server).guest("bob")
    gid = gid_of(create(alice, ["me", "open"], clock="eclair"))
    a, b = alice.socket(), bob.socket()
    a.watch(gid)
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    live = b.wait_state(gid, status="live")
    late = live["to_act"][0]
    over = a.wait_state(gid, status="over", timeout=10)  # nobody moves: the flag falls
    assert over["result"]["reason"] == "timeout"
    assert over["result"]["winners"] == [1 - late]
    assert over["result"]["text"].endswith("a perdu au temps.")
    assert over["clock"]["remaining"][late] == 0 and over["clock"]["running"] == []
    (a if late == 0 else b).send({"type": "act", "game": gid, "seat": late, "action": "p1"})
    assert (a if late == 0 else b).error()["code"] == "game_over"

    for p in (alice, bob):
        p.close()


def test_with_three_players_a_fallen_flag_hands_the_seat_to_a_bot(tmp_path: Path) -> None:
    # A server of its own: the Moyen bot that takes the seat plays the game out, and must
    # not keep the shared server's bot workers busy.
    server = LiveServer(tmp_path / "flag3.sqlite3").start()
    alice = Player(server).guest("alice")
    try:
        gid = gid_of(create(alice, ["me", "bot:random", "bot:random"], kind="mimik",
                            clock="eclair"))
        watcher = alice.socket()
        state = watcher.watch(gid)
        deadline = time.monotonic() + 15
        while state["seats"][0]["kind"] != "bot" and time.monotonic() < deadline:
            watcher.recv(5)
            state = watcher.latest[gid]
        assert state["seats"][0]["kind"] == "bot" and state["seats"][0]["bot"] == "moyen"
        # The game goes on (or has ended by its rules, never by the clock).
        assert state["result"] is None or state["result"]["reason"] != "timeout"
    finally:
        alice.close()
        server.stop()
