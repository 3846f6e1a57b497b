"""Every registered game through the site, with the engine's own rules: a human against bots
makes the first moves, and bots play a whole game under a spectator's eyes."""

from __future__ import annotations

import pytest

from ludotheque import games

from .live import LiveServer, Player

BUILT_IN = list(games.GAME_MODULES)


@pytest.mark.parametrize("kind", BUILT_IN)
def test_a_game_through_the_site(server: LiveServer, people: list[Player], kind: str) -> None:
    game = games.get(kind)
    alice, _, carol = people
    form = alice.http.get(f"/new/{kind}")
    assert form.status_code == 200 and game.title in form.text
    others = ["bot:random"] * (game.min_players - 1)
    gid = alice.new_game(["me", *others], kind=kind)
    a = alice.socket()
    state = a.watch(gid)
    assert state["status"] == "live" and state["mine"] == [0] and list(state["views"]) == ["0"]
    for _ in range(6):
        a.sync()
        state = a.latest[gid]
        if state["result"] is not None:
            break
        if "0" in state["legal"]:
            a.act(gid, 0)
        else:
            a.recv(20)
    assert a.latest[gid]["version"] >= 1
    assert alice.http.get(f"/g/{gid}").status_code == 200
    assert alice.http.get(f"/g/{gid}/replay", params={"step": 1}).status_code == 200

    # Bots only, watched by a spectator to the end.
    bots = carol.new_game(["bot:random"] * game.min_players, kind=kind)
    c = carol.socket()
    c.watch(bots)
    final = c.wait_state(bots, timeout=120, status="over")
    assert final["result"]["reason"] and final["views"] == {} and final["view"] is not None
    assert carol.http.get(f"/g/{bots}/record.json").status_code == 200
