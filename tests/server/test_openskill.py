"""Ranked games of 3+ seats and of teams, rated with OpenSkill (Plackett-Luce) through a real
server, the values checked against the `openskill` library's own computation; and the ranked
lobby's seek, which pairs with the nearest rating."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from ludotheque.store import Store, social
from ludotheque.store.models import RatingRow

from .live import ONE_ADDRESS_FOR_ALL, TOY, LiveServer, Player
from .test_ranked import account, create, gid_of, play_both

# The site's model: openskill's defaults on the Glicko scale (x 60), written out here.
MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own: playing a whole Mindbug game by first legal actions, each
    socket asking for the state before each move, goes over the per-socket message rate."""
    folder: Path = tmp_path_factory.mktemp("openskill")
    live = LiveServer(folder / "site.sqlite3", limits={
        **ONE_ADDRESS_FOR_ALL, "ws_messages": "100000 per 10 second",
        "ws_watch": "100000 per 10 second"}).start()
    yield live
    live.stop()


def ranked_game(server: LiveServer, kind: str, names: list[str]) -> tuple[dict[str, Any], str]:
    """A ranked blitz game of len(names) accounts, played to its end (first legal actions)."""
    people = [account(server, n) for n in names]
    try:
        seats = ["me"] + ["open"] * (len(names) - 1)
        gid = gid_of(create(people[0], seats, kind=kind, ranked="on", clock="blitz"))
        sockets = [p.socket() for p in people]
        for s in sockets:
            s.watch(gid)
        for seat, s in enumerate(sockets[1:], start=1):
            s.send({"type": "sit", "game": gid, "seat": seat})
            s.wait_state(gid, mine=[seat])
        sockets[0].wait_state(gid, status="live")
        end = play_both(gid, sockets, timeout=120)
        return end, gid
    finally:
        for p in people:
            p.close()


def stored(server: LiveServer, names: list[str], game: str, pool: str,
           gid: str) -> list[RatingRow]:
    """The accounts' ratings after their first game, `gid`, which their history holds."""
    store = Store(server.db_url)
    try:
        out = []
        for name in names:
            me = store.account(name)
            assert me is not None
            row = store.rating(me.id, game, pool)
            assert row is not None and row.games == 1
            [point] = social.history(store, me.id, game, pool)
            assert point.game_id == gid and point.rating == row.rating
            out.append(row)
        return out
    finally:
        store.close()


def expected(result: dict[str, Any]) -> list[tuple[float, float]]:
    """openskill's own ratings after this result, every seat a newcomer."""
    seats = len(result["ranks"])
    teams = result.get("teams") or list(range(seats))
    order = sorted(set(teams), key=teams.index)
    groups = [[s for s in range(seats) if teams[s] == team] for team in order]
    ranks = [min(result["ranks"][s] for s in group) for group in groups]
    rated = MODEL.rate([[MODEL.rating() for _ in group] for group in groups], ranks=ranks)
    out: list[tuple[float, float]] = [(0.0, 0.0)] * seats
    for group, new in zip(groups, rated, strict=True):
        for seat, r in zip(group, new, strict=True):
            out[seat] = (r.mu, r.sigma)
    return out


def test_a_ranked_mimik_game_of_three_is_rated_with_openskill(server: LiveServer) -> None:
    names = [f"mk{i}{server.port}" for i in range(3)]
    end, gid = ranked_game(server, "mimik", names)
    assert end["rated"]["pool"] == "blitz-multi"
    rows = stored(server, names, "mimik", "blitz-multi", gid)
    want = expected(end["result"])
    assert [(round(r.rating, 6), round(r.rd, 6)) for r in rows] == \
        [(round(mu, 6), round(sigma, 6)) for mu, sigma in want]
    assert len({round(r.rating, 3) for r in rows}) > 1  # the result moved the ratings apart
    page = Player(server).http.get(f"/u/{names[0]}").text
    assert 'data-testid="rating-mimik-blitz-multi"' in page


def test_a_ranked_mindbug_tag_team_game_is_rated_by_team(server: LiveServer) -> None:
    names = [f"tt{i}{server.port}" for i in range(4)]
    end, gid = ranked_game(server, "mindbug", names)
    result = end["result"]
    assert result["teams"] is not None and len(set(result["teams"])) == 2
    rows = stored(server, names, "mindbug", "blitz-multi", gid)
    want = expected(result)
    assert [(round(r.rating, 6), round(r.rd, 6)) for r in rows] == \
        [(round(mu, 6), round(sigma, 6)) for mu, sigma in want]
    # Partners rated alike (both newcomers, one side).
    teams = result["teams"]
    partners = [s for s in range(4) if teams[s] == teams[0]]
    assert rows[partners[0]].rating == rows[partners[1]].rating
    # Duels of Mindbug keep their own Glicko-2 pool: untouched.
    store = Store(server.db_url)
    try:
        me = store.account(names[0])
        assert me is not None and store.rating(me.id, "mindbug", "blitz") is None
    finally:
        store.close()


def set_rating(server: LiveServer, name: str, value: float) -> None:
    store = Store(server.db_url)
    try:
        me = store.account(name)
        assert me is not None
        with store.session() as s:
            s.add(RatingRow(player=me.id, game=TOY, pool="rapide", rating=value, rd=60.0,
                            volatility=0.06, games=20))
    finally:
        store.close()


def test_a_seek_takes_the_waiting_game_of_the_nearest_rating(server: LiveServer) -> None:
    low, high, near = (f"{n}{server.port}" for n in ("low", "high", "near"))
    people = {n: account(server, n) for n in (low, high, near)}
    try:
        set_rating(server, low, 1200)
        set_rating(server, high, 1800)
        set_rating(server, near, 1750)
        # Two ranked games waiting, the lower-rated one first (the older).
        older = gid_of(create(people[low], ["me", "open"], ranked="on", clock="rapide"))
        newer = gid_of(create(people[high], ["me", "open"], ranked="on", clock="rapide"))
        found = people[near].http.post(f"/seek/{TOY}", data={"clock": "rapide",
                                                             "players": "2"})
        assert found.status_code == 303 and found.headers["location"] == f"/g/{newer}"
        state = people[near].socket().watch(newer)
        assert state["status"] == "live" and state["mine"] == [1]
        # Another seeker (a newcomer, 1500) gets the one left; a third opens a new one.
        late = account(server, f"late{server.port}")
        assert late.http.post(f"/seek/{TOY}", data={"clock": "rapide"}).headers[
            "location"] == f"/g/{older}"
        last = account(server, f"last{server.port}")
        opened = gid_of(last.http.post(f"/seek/{TOY}", data={"clock": "rapide"}))
        assert opened not in (older, newer)
        assert last.socket().watch(opened)["status"] == "open"
        bad = last.http.post(f"/seek/{TOY}", data={"clock": "fortnight"})
        assert bad.status_code == 400
        for p in (late, last):
            p.close()
    finally:
        for p in people.values():
            p.close()
