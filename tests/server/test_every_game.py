"""Every registered game through the site, with the engine's own rules: a human against bots
makes the first moves, and bots play a whole game under a spectator's eyes."""

from __future__ import annotations

import html
import re

import pytest

from ludotheque import games
from ludotheque.core.decks import public_options

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

    watcher = carol.socket()
    # Each of the game's setups pre-fills the form, and the form as filled starts that setup.
    for config in game.configs():
        page = alice.http.get(f"/new/{kind}", params={"setup": config.label})
        assert page.status_code == 200
        data = form_data(page.text)
        assert data["players"] == str(config.players)
        data.update({f"seat_{i}": "open" for i in range(config.players)})  # nobody plays yet
        created = alice.http.post(f"/new/{kind}", data=data)
        assert created.status_code == 303, (config.label, created.text[-500:])
        room = created.headers["location"].rsplit("/", 1)[1]
        started = watcher.watch(room)
        # A seat's deck is its private setup (issue 22): the options sent leave it out.
        assert started["options"] == public_options(config.options.model_dump(mode="json"),
                                                    game.deck_rules()), config.label
        assert len(started["seats"]) == config.players

    # Bots only, watched by a spectator to the end.
    bots = carol.new_game(["bot:random"] * game.min_players, kind=kind)
    c = carol.socket()
    c.watch(bots)
    final = c.wait_state(bots, timeout=120, status="over")
    assert final["result"]["reason"] and final["views"] == {} and final["view"] is not None
    assert carol.http.get(f"/g/{bots}/record.json").status_code == 200


def form_data(page: str) -> dict[str, str]:
    """What a browser would post from the new-game form as shown (selected and checked)."""
    data: dict[str, str] = {}
    for select in re.finditer(r'<select name="([^"]+)".*?</select>', page, re.S):
        options = re.findall(r'<option( value="[^"]*")?([^>]*)>([^<]*)</option>',
                             select.group(0))
        chosen = next((o for o in options if "selected" in o[1]), options[0])
        # An option's value, even empty (value=""), else its text.
        value = chosen[0][len(' value="'):-1] if chosen[0] else chosen[2]
        data[select.group(1)] = html.unescape(value)
    for tag in re.finditer(r"<input [^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag.group(0))
        if name is None:
            continue
        if 'type="checkbox"' in tag.group(0):
            if " checked" in tag.group(0):
                data[name.group(1)] = "on"
            continue
        value = re.search(r'value="([^"]*)"', tag.group(0))
        data[name.group(1)] = html.unescape(value.group(1)) if value else ""
    return data

