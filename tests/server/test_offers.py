"""Takebacks, draw offers and rematches (issue 21) through a real server: accepted and declined,
refused where the game or the ranking does not allow them, refused to strangers, limited
against spam; a takeback deletes the moves from the database in one go."""

from __future__ import annotations

from typing import Any

from ludotheque import games
from ludotheque.core.record import Move, Record, replay
from ludotheque.store import Store

from .live import TOY, LiveServer, Player, Socket, seated
from .test_correspondence import refusal
from .test_ranked import account, create, gid_of, play_both


def offer(gid: str, seat: int, kind: str) -> dict[str, Any]:
    return {"type": "offer", "game": gid, "seat": seat, "offer": kind}


def answer(gid: str, seat: int, kind: str, accept: bool) -> dict[str, Any]:
    return {"type": "answer", "game": gid, "seat": seat, "offer": kind, "accept": accept}


def told(socket: Socket, gid: str, **offers: Any) -> dict[str, Any]:
    """The next state whose offers are these."""
    while True:
        state = socket.wait_state(gid)
        if all(state["offers"].get(k) == v for k, v in offers.items()):
            return state


def mitan(server: LiveServer, **options: Any) -> tuple[Player, Player, str, Socket, Socket]:
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    gid = alice.new_game(["me", "open"], kind="mitan", **options)
    a, b = seated(alice, bob, gid)
    return alice, bob, gid, a, b


def stored_moves(server: LiveServer, gid: str) -> list[tuple[int, str]]:
    store = Store(server.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        moves = [(m.seat, m.action) for m in store.moves(gid)]
        assert row.moves_count == len(moves)
        return moves
    finally:
        store.close()


def test_a_takeback_declined_then_accepted_goes_back_in_the_database_too(
        server: LiveServer) -> None:
    alice, bob, gid, a, b = mitan(server)
    try:
        assert a.latest[gid]["offers"]["kinds"] == ["draw", "takeback"]
        # The draft: Alice picks, then Bob twice (snake order).
        assert refusal(b, offer(gid, 1, "takeback")) == "nothing_to_take_back"
        a.act(gid, 0)
        b.act(gid, 1)
        b.act(gid, 1)
        first = stored_moves(server, gid)
        assert len(first) == 3
        # Bob asks; Alice declines; Bob may not ask again before the next move.
        b.send(offer(gid, 1, "takeback"))
        assert told(a, gid, takeback=1)["offers"]["takeback"] == 1
        assert refusal(b, answer(gid, 1, "takeback", True)) == "no_offer"  # not his own
        assert refusal(b, offer(gid, 1, "takeback")) == "offer_pending"
        a.send(answer(gid, 0, "takeback", False))
        told(b, gid, takeback=None)
        assert refusal(b, offer(gid, 1, "takeback")) == "offer_declined"
        # Alice moves; Bob asks again: back to his previous turn (his move and hers undone).
        a.act(gid, 0)
        assert len(stored_moves(server, gid)) == 4
        b.send(offer(gid, 1, "takeback"))
        told(a, gid, takeback=1)
        a.send(answer(gid, 0, "takeback", True))
        back = a.wait_state(gid, version=2)
        assert back["since"] == 0 and len(back["steps"]) == 2  # drawn again from the start
        assert back["to_act"] == [1] and back["offers"]["takeback"] is None
        assert b.wait_state(gid, version=2)["legal"]["1"]
        assert stored_moves(server, gid) == first[:2]
        # A new page sees the same; the game goes on from there, stored as any move.
        fresh = alice.socket().watch(gid)
        assert fresh["version"] == 2
        other = b.latest[gid]["legal"]["1"][-1]
        b.act(gid, 1, other)
        moves = stored_moves(server, gid)
        assert moves == [*first[:2], (1, other)]
        game = games.get("mitan")
        store = Store(server.db_url)
        try:
            row = store.game(gid)
            assert row is not None
            state = replay(game, Record("mitan", row.seed, 2, dict(row.options),
                                        moves=[Move(s, t) for s, t in moves]))
            assert list(state.to_act()) == b.latest[gid]["to_act"]
        finally:
            store.close()
    finally:
        alice.close()
        bob.close()


def test_a_draw_offer_declined_then_accepted(server: LiveServer) -> None:
    alice, bob, gid, a, b = mitan(server)
    try:
        a.send(offer(gid, 0, "draw"))
        assert told(b, gid, draw=0)["offers"]["draw"] == 0
        b.send(answer(gid, 1, "draw", False))
        told(a, gid, draw=None)
        assert refusal(a, offer(gid, 0, "draw")) == "offer_declined"
        a.act(gid, 0)  # a move: offers may be made again
        a.send(offer(gid, 0, "draw"))
        told(b, gid, draw=0)
        b.send(answer(gid, 1, "draw", True))
        over = a.wait_state(gid, status="over")
        assert over["result"]["reason"] == "draw_agreed" and over["result"]["draw"]
        assert over["result"]["winners"] == []  # a draw has no winner
        assert over["result"]["text"] == "Partie nulle par accord."
        assert refusal(a, offer(gid, 0, "draw")) == "game_over"
    finally:
        alice.close()
        bob.close()


def test_two_draw_offers_make_a_draw(server: LiveServer) -> None:
    alice, bob, gid, a, b = mitan(server)
    try:
        a.send(offer(gid, 0, "draw"))
        told(b, gid, draw=0)
        b.send(offer(gid, 1, "draw"))
        assert a.wait_state(gid, status="over")["result"]["reason"] == "draw_agreed"
    finally:
        alice.close()
        bob.close()


def test_offers_are_refused_where_the_game_or_the_ranking_does_not_allow_them(
        server: LiveServer) -> None:
    # Carte haute allows none; ranked Mitan none; hidden placement (MT-16) no takeback.
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    # Names of their own: the workers' shared server has other tests' accounts (ben...).
    ada = account(server, f"adaoffre{server.port}")
    ben = account(server, f"benoffre{server.port}")
    carol = Player(server).guest("carol")
    try:
        toy = alice.new_game(["me", "open"])
        a, _ = seated(alice, bob, toy)
        assert a.latest[toy]["offers"]["kinds"] == []
        assert refusal(a, offer(toy, 0, "draw")) == "offer_not_here"
        ranked = gid_of(create(ada, ["me", "open"], kind="mitan", ranked="on",
                               clock="rapide"))
        r, _ = seated(ada, ben, ranked)
        assert refusal(r, offer(ranked, 0, "draw")) == "offer_not_here"
        assert refusal(r, offer(ranked, 0, "takeback")) == "offer_not_here"
        hidden = alice.new_game(["me", "open"], kind="mitan", placement="hidden")
        h, _ = seated(alice, bob, hidden)
        assert h.latest[hidden]["offers"]["kinds"] == ["draw"]
        assert refusal(h, offer(hidden, 0, "takeback")) == "offer_not_here"
        # A stranger who watches, a seat not one's own, an unknown kind of offer.
        c = carol.socket()
        c.watch(hidden)
        assert refusal(c, offer(hidden, 0, "draw")) == "not_your_seat"
        assert refusal(c, answer(hidden, 1, "draw", True)) == "not_your_seat"
        assert refusal(h, offer(hidden, 1, "draw")) == "not_your_seat"
        assert refusal(h, offer(hidden, 0, "resign")) == "bad_field"
        assert refusal(h, answer(hidden, 0, "draw", "yes")) == "bad_field"  # type: ignore[arg-type]
    finally:
        for p in (alice, bob, ada, ben, carol):
            p.close()


def test_takeback_spam_is_limited(server: LiveServer) -> None:
    alice, bob, gid, a, b = mitan(server)
    try:
        a.act(gid, 0)
        a.send(offer(gid, 0, "takeback"))
        told(b, gid, takeback=0)
        b.send(answer(gid, 1, "takeback", False))
        told(a, gid, takeback=None)
        codes = [refusal(a, offer(gid, 0, "takeback")) for _ in range(12)]
        assert codes[0] == "offer_declined" and codes[-1] == "rate_limited"
        assert set(codes) == {"offer_declined", "rate_limited"}
    finally:
        alice.close()
        bob.close()


def test_a_rematch_asked_by_both_starts_a_new_game_with_the_seats_swapped(
        server: LiveServer) -> None:
    alice, bob, carol = (Player(server).guest(n) for n in ("alice", "bob", "carol"))
    try:
        gid = alice.new_game(["me", "open"], hand_size="3")
        a, b = seated(alice, bob, gid)
        assert refusal(a, {"type": "rematch", "game": gid}) == "no_rematch"  # not over
        over = play_both(gid, [a, b])
        assert over["rematch"] == {"possible": True, "game": None, "asked": []}
        a.send({"type": "rematch", "game": gid})
        asked = b.wait_state(gid)
        assert asked["rematch"]["asked"] == [0] and asked["rematch"]["game"] is None
        c = carol.socket()
        c.watch(gid)
        assert refusal(c, {"type": "rematch", "game": gid}) == "not_your_seat"
        b.send(answer(gid, 1, "rematch", True))
        made = a.wait_state(gid)
        while made["rematch"]["game"] is None:
            made = a.wait_state(gid)
        new = made["rematch"]["game"]
        assert b.wait_state(gid)["rematch"]["game"] == new and new != gid
        # Same players, seats swapped, same options; live at once.
        state = a.watch(new)
        assert [s["name"] for s in state["seats"]] == ["bob", "alice"]
        assert state["mine"] == [1] and state["status"] == "live"
        assert state["options"] == over["options"]
        assert b.watch(new)["mine"] == [0]
        # Asking again changes nothing: the same new game.
        again = alice.socket()
        again.watch(gid)
        again.send({"type": "rematch", "game": gid})
        assert again.wait_state(gid)["rematch"]["game"] == new
        store = Store(server.db_url)
        try:
            row = store.game(gid)
            assert row is not None and row.rematch == new
        finally:
            store.close()
        assert state["kind"] == TOY
    finally:
        for p in (alice, bob, carol):
            p.close()


def test_a_declined_rematch_forgets_the_request(server: LiveServer) -> None:
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        gid = alice.new_game(["me", "open"], hand_size="3")
        a, b = seated(alice, bob, gid)
        play_both(gid, [a, b])
        a.send({"type": "rematch", "game": gid})
        assert b.wait_state(gid)["rematch"]["asked"] == [0]
        b.send(answer(gid, 1, "rematch", False))
        state = a.wait_state(gid)
        while state["rematch"]["asked"]:
            state = a.wait_state(gid)
        assert state["rematch"]["game"] is None
    finally:
        alice.close()
        bob.close()
