"""Decks on the site (issue 22): the builder's check, an account's decks, a seat's deck, and
the secrecy of a deck against the opponent and spectators, on a real server."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheque import games
from ludotheque.core.record import Record
from ludotheque.games.diamagique import GAME as DIAMAGIQUE
from ludotheque.games.mitix import GAME as MITIX
from ludotheque.store import Store, migrate
from ludotheque.store import decks as stored
from ludotheque.store.models import DeckRow
from ludotheque.store.models import Player as PlayerRow

from .live import LiveServer, Player, Socket

OVER = -1  # a page read once the game is over


def account(server: LiveServer, name: str) -> Player:
    p = Player(server)
    r = p.http.post("/register", data={"name": name, "password": "correct horse"})
    assert r.status_code == 303, r.text
    return p


def save(person: Player, kind: str, name: str, text: str) -> dict[str, Any]:
    r = person.http.post(f"/decks/{kind}/save", data={"name": name, "text": text})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_the_builder_shows_the_collection_and_the_engine_checks_a_deck(
        server: LiveServer) -> None:
    alice = account(server, "deckbuilder")
    page = alice.http.get("/decks/mitix")
    assert page.status_code == 200 and 'id="deck-data"' in page.text
    found = re.search(r'<script type="application/json" id="deck-data">(.*?)</script>',
                      page.text, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    assert len(data["collection"]) == len(MITIX.deck_rules().collection())
    short = alice.http.post("/decks/mitix/check", data={"text": "10 Zeus\n5 Héra\n"}).json()
    # MX-3: the engine's own message, with the rule it names.
    assert not short["legal"] and short["problems"][0]["rule"] == "MX-3"
    assert "MiTiX vs MiTiX en demande au moins 20" in short["problems"][0]["text"]
    assert short["formats"] == ["famix"] and short["counts"] == {"cartes": 15}
    dg = alice.http.post("/decks/diamagique/check",
                         data={"text": "Équipe: Aube\nSorts:\n40 Tison\n"}).json()
    assert {p["rule"] for p in dg["problems"]} >= {"DG-7", "DG-1"}
    too_long = alice.http.post("/decks/mitix/check", data={"text": "Zeus\n" * 3000})
    assert too_long.status_code == 413
    assert alice.http.get("/decks/mitan").status_code == 404  # a game without decks
    alice.close()


def test_an_accounts_decks_save_rename_copy_export_delete_and_stay_its_own(
        server: LiveServer) -> None:
    alice, eve = account(server, "decksalice"), account(server, "deckseve")
    made = save(alice, "mitix", "Mes dieux", "20 Zeus\n")
    gid = made["id"]
    renamed = alice.http.post(f"/decks/mitix/{gid}/rename", data={"name": "Zeus seul"}).json()
    assert renamed["name"] == "Zeus seul"
    copied = alice.http.post(f"/decks/mitix/{gid}/copy", data={"name": "Zeus bis"}).json()
    assert copied["id"] != gid and copied["text"] == "20 Zeus\n"
    text = alice.http.get(f"/decks/mitix/{gid}/text")
    assert text.text == "20 Zeus\n" and "attachment" in text.headers["content-disposition"]
    # Another account reads, renames and deletes nothing of hers.
    assert eve.http.get(f"/decks/mitix/{gid}/text").status_code == 404
    assert eve.http.post(f"/decks/mitix/{gid}/rename", data={"name": "x"}).status_code == 404
    assert eve.http.post(f"/decks/mitix/{gid}/delete").status_code == 404
    assert "Zeus seul" not in eve.http.get("/decks/mitix").text
    # A bad name, a text too long, a form without its CSRF token: refused, nothing changes.
    assert alice.http.post("/decks/mitix/save", data={"name": " ", "text": "x"}).status_code \
        == 400
    assert alice.http.post("/decks/mitix/save", data={"name": "long",
                                                      "text": "Zeus\n" * 2000}).status_code \
        == 413
    forged = httpx.post(f"{server.url}/decks/mitix/{gid}/delete",
                        cookies=dict(alice.http.cookies))
    assert forged.status_code == 403
    assert alice.http.post(f"/decks/mitix/{gid}/delete").json() == {"deleted": gid}
    assert alice.http.get(f"/decks/mitix/{gid}/text").status_code == 404
    guest = Player(server).guest("invitée")
    refused = guest.http.post("/decks/mitix/save", data={"name": "a", "text": "20 Zeus"})
    assert refused.status_code == 403  # a guest keeps hers in the browser
    for p in (alice, eve, guest):
        p.close()


def test_the_number_of_decks_of_an_account_is_capped(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'decks.sqlite3'}"
    migrate(url)
    store = Store(url)
    try:
        with store.session() as s:
            s.add(PlayerRow(id="p1", name="Aline", name_key="aline", login="aline"))
        stored.save(store, "p1", "mitix", "a", "20 Zeus", deck_id=None, cap=2)
        stored.save(store, "p1", "mitix", "b", "20 Zeus", deck_id=None, cap=2)
        with pytest.raises(stored.DeckError, match=r"decks\.too_many"):
            stored.save(store, "p1", "mitix", "c", "20 Zeus", deck_id=None, cap=2)
        assert [d.name for d in stored.decks_of(store, "p1")] == ["a", "b"]
    finally:
        store.close()


class Recording(Socket):
    """A socket that keeps every message it receives, as the text that came."""

    def __init__(self, server: LiveServer, cookies: str | None) -> None:
        super().__init__(server, cookies)
        self.frames: list[dict[str, Any]] = []

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message = super().recv(timeout)
        self.frames.append(message)
        return message


def mentioned(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


def shown_by_version(kind: str, record: Record, viewer: int | None,
                     names: set[str]) -> list[set[str]]:
    """Per version, which of `names` the engine has shown `viewer` so far: in its views,
    the events it may see, and the actions it may read."""
    game = games.get(kind)
    state = game.new(record.seed, record.players, record.options)
    seen = mentioned(json.dumps(state.view(viewer), ensure_ascii=False), names)
    out = [set(seen)]
    for move in record.moves:
        action = game.parse(move.action)
        public = state.is_public(move.seat, action)
        events = state.apply(move.seat, action)
        visible = [e.to_json() for e in events if e.visible_to(viewer)]
        said = [json.dumps(state.view(viewer), ensure_ascii=False),
                json.dumps(visible, ensure_ascii=False),
                move.action if public or move.seat == viewer else ""]
        seen |= mentioned("\n".join(said), names)
        out.append(set(seen))
    return out


def secret_deck(kind: str, bob: set[str]) -> str:
    """Her deck: MiTiX vs MiTiX, 30 cards none of his, 20 drawn (MX-4), 10 never shown;
    Diamagique, the Braises deck's cards under a deck of her own."""
    if kind == "mitix":
        return "\n".join([n for n in MITIX.cards.names if n not in bob][:30])
    made = DIAMAGIQUE.deck_rules().ready("Braises")
    assert made is not None
    return made.text


@pytest.fixture(scope="module")
def unlimited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server without rate limits: two sockets play whole games as fast as they can."""
    live = LiveServer(tmp_path_factory.mktemp("decks") / "site.sqlite3", limits=False).start()
    yield live
    live.stop()


@pytest.mark.parametrize("kind", ["mitix", "diamagique"])
def test_no_opponent_nor_spectator_sees_a_card_of_a_deck_before_it_is_shown(
        unlimited: LiveServer, kind: str) -> None:
    server = unlimited
    game = games.get(kind)
    rules = game.deck_rules()
    assert rules is not None
    bob_text = rules.ready_made()[1].text
    alice, bob = account(server, f"secret{kind}a"), account(server, f"secret{kind}b")
    carol = Player(server).guest("carol")
    bob_cards = set(rules.check(bob_text).copies)
    text = secret_deck(kind, bob_cards)
    deck = save(alice, kind, "Secret", text)
    # The cards to keep secret: hers, not his, and not named by the game's public pages.
    public = alice.http.get(f"/rules/{kind}").text
    secret = {n for n in rules.check(text).copies if n not in bob_cards} - mentioned(
        public, set(rules.check(text).copies))
    assert len(secret) >= 10
    r = alice.http.post(f"/new/{kind}", data={"players": "2", "seat_0": "me",
                                              "seat_1": "open", "deck_0": f"deck:{deck['id']}",
                                              "public": "on"})
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    # (who, the version a page shows, the page)
    pages = [(who, 0, person.http.get(path).text) for who, person in (("bob", bob),
                                                                       ("carol", carol))
             for path in (f"/g/{gid}", "/")]
    a = alice.socket()
    b = Recording(server, bob.cookie_header())
    c = Recording(server, carol.cookie_header())
    for s in (a, b, c):
        s.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1, "deck": f"ready:{rules.ready_made()[1].name}"})
    try:
        b.wait_state(gid, status="live")
    except TimeoutError:
        raise AssertionError([f for f in b.frames if f["type"] == "error"]) from None
    steps = 0
    while steps < 500:
        a.sync()
        b.sync()
        state = a.latest[gid]
        if state["result"] is not None:
            break
        played = False
        for sock, seat in ((a, 0), (b, 1)):
            if str(seat) in sock.latest[gid]["legal"]:
                sock.act(gid, seat)
                played = True
                steps += 1
        if not played:
            a.recv(5)
    c.sync()
    # The replay viewer carries every step of the finished game (issue 20): read once over,
    # when the record is published anyway, so it may name the whole deck.
    pages += [("carol", OVER, carol.http.get(f"/g/{gid}/replay?step={k}").text)
              for k in (0, 1)]
    # The record, published now that the game is over, holds her whole deck.
    record = Record.from_json(carol.http.get(f"/g/{gid}/record.json").json())
    assert mentioned(json.dumps(record.options, ensure_ascii=False), secret) == secret
    for who, sock, viewer in (("bob", b, 1), ("carol", c, None)):
        shown = shown_by_version(kind, record, viewer, secret)
        # At the start most of her cards are unseen: a frame naming them would be a leak.
        assert len(shown[0]) < len(secret) // 2
        for frame in sock.frames:
            if frame.get("type") != "state":
                continue
            over = frame["result"] is not None
            seen = mentioned(json.dumps(frame, ensure_ascii=False), secret)
            allowed = secret if over else shown[frame["version"]]
            assert seen <= allowed, (who, frame["version"], seen - allowed)
        for whose, version, page in pages:
            if whose == who:
                allowed = secret if version == OVER else shown[version]
                assert mentioned(page, secret) <= allowed, (who, version)
    for p in (alice, bob, carol):
        p.close()
    for s in (a, b, c):
        s.close()


def test_a_seat_plays_the_deck_picked_on_the_form_or_when_sitting_and_a_bad_one_is_refused(
        server: LiveServer) -> None:
    alice = account(server, "seatdecks")
    bob = Player(server).guest("bob")
    # The form: an illegal deck of hers is refused with the engine's message (MX-3).
    short = save(alice, "mitix", "Trop court", "5 Zeus\n")
    refused = alice.http.post("/new/mitix", data={"players": "2", "seat_0": "me",
                                                  "seat_1": "open",
                                                  "deck_0": f"deck:{short['id']}"})
    assert refused.status_code == 400 and "MX-3" in refused.text
    assert "au moins 20" in refused.text
    mine = save(alice, "mitix", "Hydres", "25 Hydre de Lerne\n")
    form = alice.http.get("/new/mitix").text
    assert f"deck:{mine['id']}" in form and f"deck:{short['id']}" not in form  # legal ones
    r = alice.http.post("/new/mitix", data={"players": "2", "seat_0": "me", "seat_1": "open",
                                            "deck_0": f"deck:{mine['id']}", "public": "on"})
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    a, b = alice.socket(), bob.socket()
    a.watch(gid)
    b.watch(gid)
    # A guest sits with the deck kept in their browser, sent as text: checked first.
    b.send({"type": "sit", "game": gid, "seat": 1, "deck": "browser", "deck_text": "3 Zeus"})
    error = b.expect("error")
    assert error["code"] == "bad_deck" and "MX-3" in error["message"]
    b.sync()
    assert b.latest[gid]["status"] == "open" and b.latest[gid]["seats"][1]["free"]
    b.send({"type": "sit", "game": gid, "seat": 1, "deck": "browser",
            "deck_text": "20 Cerbère"})
    state = b.wait_state(gid, status="live")
    assert state["views"]["1"]["olympe"][1] == ["Cerbère", "Cerbère"]  # MX-5, from his paquet
    assert "paquets" not in state["options"]
    mine_now = a.wait_state(gid, status="live")
    assert mine_now["views"]["0"]["olympe"][0] == ["Hydre de Lerne"] * 2
    for s in (a, b):
        s.close()
    alice.close()
    bob.close()


def test_a_setup_with_decks_of_its_own_keeps_them_on_the_form(server: LiveServer) -> None:
    alice = account(server, "setupdecks")
    form = alice.http.get("/new/mitix?setup=famix-doubles").text
    assert re.search(r'value="setup:famix-doubles:0" selected', form)
    data = {"players": "2", "seat_0": "me", "seat_1": "bot:random", "opt_mode": "famix",
            "deck_0": "setup:famix-doubles:0", "deck_1": "setup:famix-doubles:1"}
    created = alice.http.post("/new/mitix", data=data)
    assert created.status_code == 303, created.text[-400:]
    wrong = alice.http.post("/new/mitix", data=dict(data, deck_1="setup:nulle:1"))
    assert wrong.status_code == 400
    alice.close()


def test_an_accounts_decks_are_in_its_data_and_leave_with_it(server: LiveServer) -> None:
    alice = account(server, "deckdata")
    made = save(alice, "diamagique", "Mon Aube", "Équipe: Aube\n")
    export = alice.http.get("/account/export").json()
    assert export["decks"] == [{"game": "diamagique", "name": "Mon Aube",
                                "text": "Équipe: Aube\n",
                                "updated_at": export["decks"][0]["updated_at"]}]
    gone = alice.http.post("/account/delete", data={"confirm": "correct horse"})
    assert gone.status_code in (200, 303)
    store = Store(server.db_url)
    try:
        with store.session() as s:
            assert s.get(DeckRow, made["id"]) is None  # deleted with the account
    finally:
        store.close()
    alice.close()


def test_a_ranked_game_takes_any_legal_deck_each_player_sitting_with_their_own(
        server: LiveServer) -> None:
    alice, bob = account(server, "rankeddecka"), account(server, "rankeddeckb")
    hers = save(alice, "diamagique", "Feu", DIAMAGIQUE.deck_rules().ready_made()[2].text)
    his = save(bob, "diamagique", "Forêt", DIAMAGIQUE.deck_rules().ready_made()[3].text)
    r = alice.http.post("/new/diamagique", data={
        "players": "2", "seat_0": "me", "seat_1": "open", "deck_0": f"deck:{hers['id']}",
        "ranked": "on", "clock": "blitz"})
    assert r.status_code == 303, r.text[-400:]
    gid = r.headers["location"].rsplit("/", 1)[1]
    page = bob.http.get(f"/g/{gid}").text
    assert f"deck:{his['id']}" in page and f"deck:{hers['id']}" not in page  # his own only
    a, b = alice.socket(), bob.socket()
    a.watch(gid)
    b.watch(gid)
    # Another's deck cannot be named: refused, nothing changes.
    b.send({"type": "sit", "game": gid, "seat": 1, "deck": f"deck:{hers['id']}"})
    assert b.expect("error")["code"] == "bad_deck"
    b.send({"type": "sit", "game": gid, "seat": 1, "deck": f"deck:{his['id']}"})
    state = b.wait_state(gid, status="live")
    assert state["ranked"]
    teams = state["views"]["1"]["teams"]
    assert [t["deck_name"] for t in teams] == ["perso", "perso"]
    # Each plays their own deck: the teams (public, DG-1) are theirs.
    assert [t["equipe"] for t in teams] == ["Ordre des Braises", "Confrérie des Sylves"]
    for s in (a, b):
        s.close()
    alice.close()
    bob.close()
