"""Moderation through a real server (docs/moderation.md): reports, the queue at /mod with its
context, hiding a message, muting, banning, closing a game, dismissing, the log, the rights
of each role, the chat's word filter, and `ludo admin grant` on the command line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, inspect, text

from ludotheque.core.record import RESIGNED
from ludotheque.server.chat_filter import ChatFilter
from ludotheque.server.moderation import parse_duration
from ludotheque.store import GameRow, Store, migrate, privacy
from ludotheque.store.db import alembic_config
from ludotheque.store.moderation import (
    ModerationError,
    actions,
    add_report,
    ban,
    grant,
    hide,
    mute,
    open_reports,
    visible_chat,
)

from .live import ROOT, LiveServer, Player, Socket, seated
from .postgres import Postgres
from .redisd import RedisServer

WORDS = "# words refused in the chat\ncrapaud\n\nGros Mot\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("moderation")
    words = folder / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    live = LiveServer(folder / "site.sqlite3", args=("--chat-filter", str(words))).start()
    yield live
    live.stop()


def ludo(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "ludotheque.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def account(server: LiveServer, name: str) -> Player:
    p = Player(server)
    r = p.http.post("/register", data={"name": name, "password": "correct horse"})
    assert r.status_code == 303, r.text
    return p


def moderator(server: LiveServer, name: str) -> Player:
    """An account made moderator in the site's database (what `ludo admin grant` does; the
    command itself is tested once, in a subprocess, below)."""
    p = account(server, name)
    store = Store(server.db_url)
    try:
        grant(store, name, "moderator")
    finally:
        store.close()
    return p




def chat(s: Socket, gid: str, text: str) -> dict[str, Any]:
    s.send({"type": "chat", "game": gid, "text": text})
    return s.expect("chat", text=text)


def report(s: Socket, gid: str, reason: str, **target: int) -> dict[str, Any]:
    s.send({"type": "report", "game": gid, "reason": reason, **target})
    while True:  # the answer, after any chat or state already on its way
        message = s.recv()
        if message["type"] in ("reported", "error"):
            return message


def report_id(page: str, reason: str) -> int:
    found = re.search(r'data-report="(\d+)">.*?data-testid="report-reason">'
                      + re.escape(reason) + "<", page, re.S)
    assert found is not None, f"no report {reason!r} in the queue"
    return int(found.group(1))


def log_rows(moderator_http: Player) -> list[str]:
    page = moderator_http.http.get("/mod/log")
    assert page.status_code == 200
    return re.findall(r'<tr data-testid="mod-act".*?</tr>', page.text, re.S)


def test_ludo_admin_grant_on_the_command_line(site: LiveServer) -> None:
    name = f"chef{site.port}"
    chef = account(site, name)
    try:
        assert chef.http.get("/mod").status_code == 403
        unknown = ludo("admin", "grant", "nobody-at-all", "moderator", "--db", site.db_url)
        assert unknown.returncode == 1 and "no account named 'nobody-at-all'" in unknown.stderr
        bad_role = ludo("admin", "grant", name, "emperor", "--db", site.db_url)
        assert bad_role.returncode == 1 and "unknown role 'emperor'" in bad_role.stderr
        assert chef.http.get("/mod").status_code == 403  # a refusal granted nothing
        done = ludo("admin", "grant", name.upper(), "admin", "--db", site.db_url)
        assert done.returncode == 0 and "is now admin" in done.stdout
        queue = chef.http.get("/mod")
        assert queue.status_code == 200 and 'href="/mod/log"' in queue.text
        assert 'data-testid="mod-link"' in queue.text
        assert any("admin" in row and name in row and "ludo admin" in row
                   for row in log_rows(chef))
        back = ludo("admin", "grant", name, "player", "--db", site.db_url)
        assert back.returncode == 0
        assert chef.http.get("/mod").status_code == 403
    finally:
        chef.close()


def test_report_hide_mute_ban_and_the_log(site: LiveServer) -> None:
    alice = account(site, f"alice{site.port}")
    bob = Player(site).guest("bob")
    carol = Player(site).guest("carol")
    modo = moderator(site, f"modo{site.port}")
    try:
        gid = alice.new_game(["me", "open"])
        a, b = seated(alice, bob, gid)
        c = carol.socket()
        c.watch(gid)
        chat(a, gid, "bonne chance")
        insult = chat(b, gid, "tu joues comme un pied")
        assert isinstance(insult["id"], int)
        # Nothing to report without a reason, nor oneself, nor a message of another game.
        assert report(a, gid, "  ", message=insult["id"])["code"] == "report_reason"
        assert report(b, gid, "moi", message=insult["id"])["code"] == "report_self"
        assert report(a, gid, "x", message=10**6)["code"] == "no_such_message"
        done = report(a, gid, "insulte", message=insult["id"])
        assert done["type"] == "reported" and done["game"] == gid

        # Only moderators see the queue and act: 403 for a player, for every action.
        assert alice.http.get("/mod").status_code == 403
        assert alice.http.get("/mod/log").status_code == 403
        page = modo.http.get("/mod")
        assert page.status_code == 200
        rid = report_id(page.text, "insulte")
        for action in ("hide", "mute", "ban", "close", "dismiss"):
            refused = alice.http.post(f"/mod/{action}", data={"report": str(rid),
                                                              "reason": "moi aussi",
                                                              "duration": "1h"})
            assert refused.status_code == 403, action
        assert report_id(modo.http.get("/mod").text, "insulte") == rid  # nothing changed
        # The context: the game and its link, the message among its neighbours, bob's words.
        card = page.text[page.text.index(f'data-report="{rid}"'):]
        assert f'href="/g/{gid}"' in card and "Carte haute" in card
        around = card[card.index('data-testid="report-around"'):]
        assert around.index("bonne chance") < around.index("tu joues comme un pied")
        assert 'data-testid="reported-message"' in around
        assert 'data-testid="report-recent"' in card and ">bob<" in card

        # An act needs a reason; then the message leaves every chat, live and on reload.
        assert modo.http.post("/mod/hide", data={"report": str(rid)}).status_code == 400
        hidden = modo.http.post("/mod/hide", data={"report": str(rid), "reason": "insulte"})
        assert hidden.status_code == 303
        for s in (a, c):
            s.expect("chat_hidden", game=gid, id=insult["id"])
        room = carol.http.get(f"/g/{gid}").text
        history = json.loads(re.search(r'id="chat-history">(.*?)</script>', room, re.S)
                             .group(1))  # type: ignore[union-attr]
        assert [m["text"] for m in history] == ["bonne chance"]

        # Muted for two seconds: told why and until when, nothing sent; then free again.
        muted = modo.http.post("/mod/mute", data={"report": str(rid), "duration": "2s",
                                                  "reason": "calme-toi"})
        assert muted.status_code == 303
        b.send({"type": "chat", "game": gid, "text": "encore"})
        refusal = b.expect("error", code="muted")
        until = datetime.fromisoformat(str(refusal["until"]))
        assert refusal["reason"] == "calme-toi" and "calme-toi" in str(refusal["message"])
        assert timedelta(0) < until - datetime.now(until.tzinfo) <= timedelta(seconds=3)
        assert c.nothing(0.3)
        time.sleep(max(0.0, (until - datetime.now(until.tzinfo)).total_seconds()) + 0.2)
        chat(b, gid, "pardon")

        # Banned for good: the live game ends as bob's resignation; no new game, no seat.
        banned = modo.http.post("/mod/ban", data={"report": str(rid), "duration": "",
                                                  "reason": "récidive"})
        assert banned.status_code == 303
        over = a.wait_state(gid, status="over")
        assert over["result"]["winners"] == [0] and over["result"]["reason"] == RESIGNED
        bob.http.cookies.set("lang", "en")
        form = bob.http.post("/new/carte_haute", data={"players": "2", "seat_0": "me",
                                                       "seat_1": "open"})
        assert form.status_code == 403
        assert "Your account is banned" in form.text and "récidive" in form.text
        other = alice.new_game(["me", "open"])
        b.watch(other)
        b.send({"type": "sit", "game": other, "seat": 1})
        refusal = b.expect("error", code="banned")
        assert refusal["until"] is None and refusal["reason"] == "récidive"
        assert b.watch(other)["seats"][1]["free"] is True

        # Every act is in the log: who, what, why.
        rows = log_rows(modo)
        for action, reason in (("hide", "insulte"), ("mute", "calme-toi"),
                               ("ban", "récidive")):
            assert any(f'data-action="{action}"' in row and f"modo{site.port}" in row
                       and reason in row and ">bob<" in row for row in rows), action
        # Dismissed, the report leaves the queue (and the dismissal is logged too).
        assert modo.http.post("/mod/dismiss", data={"report": str(rid),
                                                    "reason": "traité"}).status_code == 303
        assert f'data-report="{rid}"' not in modo.http.get("/mod").text
        assert any('data-action="dismiss"' in row and "traité" in row for row in log_rows(modo))
        assert modo.http.post("/mod/dismiss", data={"report": str(rid),
                                                    "reason": "encore"}).status_code == 400
    finally:
        for p in (alice, bob, carol, modo):
            p.close()


def test_closing_a_game_ends_it_without_a_result(site: LiveServer) -> None:
    dora = account(site, f"dora{site.port}")
    eric = Player(site).guest("eric")
    modo = moderator(site, f"modo2{site.port}")
    try:
        gid = dora.new_game(["me", "open"])
        d, e = seated(dora, eric, gid)
        done = report(d, gid, "triche", seat=1)
        assert done["type"] == "reported"
        assert report(d, gid, "vide", seat=5)["code"] == "no_such_seat"
        rid = report_id(modo.http.get("/mod").text, "triche")
        closed = modo.http.post("/mod/close", data={"report": str(rid), "reason": "triche"})
        assert closed.status_code == 303
        state = e.wait_state(gid, status="over")
        assert state["result"] is None and state["to_act"] == []
        d.send({"type": "act", "game": gid, "seat": 0, "action": "x"})
        assert d.expect("error")["code"] == "game_over"
        again = modo.http.post("/mod/close", data={"report": str(rid), "reason": "deux fois"})
        assert again.status_code == 400
        assert any('data-action="close"' in row and "triche" in row and gid in row
                   for row in log_rows(modo))
    finally:
        for p in (dora, eric, modo):
            p.close()


def test_the_word_filter_refuses_and_sends_nothing(site: LiveServer) -> None:
    fay = Player(site).guest("fay")
    gus = Player(site).guest("gus")
    try:
        gid = fay.new_game(["me", "open"])
        f, g = seated(fay, gus, gid)
        for text in ("Espèce de CRAPAUD !", "ｃｒａｐａｕｄ", "un gros   mot? non: un GROS MOT"):
            f.send({"type": "chat", "game": gid, "text": text})
            refusal = f.expect("error", code="filtered")
            assert refusal["message"]
        assert g.nothing(0.3)
        chat(f, gid, "la crapaudine est une fleur")  # a word boundary, not a substring
        room = gus.http.get(f"/g/{gid}").text
        assert "CRAPAUD" not in room and "la crapaudine" in room
    finally:
        fay.close()
        gus.close()


def test_reports_are_limited_per_account(site: LiveServer) -> None:
    hal = Player(site).guest("hal")
    ida = Player(site).guest("ida")
    try:
        gid = hal.new_game(["me", "open"])
        h, i = seated(hal, ida, gid)
        message = chat(i, gid, "bonjour")
        for n in range(5):
            assert report(h, gid, f"raison {n}", message=message["id"])["type"] == "reported"
        refusal = report(h, gid, "une de trop", message=message["id"])
        assert refusal["code"] == "rate_limited" and refusal["retry_after"] >= 1
    finally:
        hal.close()
        ida.close()


def test_chat_filter_and_durations() -> None:
    words = ChatFilter(["Crapaud", " ", "ÉTÉ"])
    assert words.blocks("quel crapaud") and words.blocks("CRAPAUD!")
    assert words.blocks("ｃｒａｐａｕｄ") and words.blocks("l'été")
    assert not words.blocks("crapaudine") and not words.blocks("décrapaud")
    assert not ChatFilter([]).blocks("anything")
    assert parse_duration("45s") == timedelta(seconds=45)
    assert parse_duration(" 2 H ") == timedelta(hours=2)
    assert parse_duration("7d") == timedelta(days=7)
    assert parse_duration("") is None
    for bad in ("0m", "soon", "-5m", "5y", "99999d"):
        with pytest.raises(ModerationError):
            parse_duration(bad)


def test_migration_0006_keeps_the_players_and_messages_of_0003(tmp_path: Path) -> None:
    """Upgrading a database of the previous schema with data in it: every player becomes a
    `player`, every message visible; the downgrade gives the previous schema back."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0003")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, name, login, created_at) "
                          "VALUES ('p1', 'Ana', 'ana', '2026-12-01 10:00:00')"))
        conn.execute(text("INSERT INTO games (id, game, game_version, seed, players, options, "
                          "seats, status, public, moves_count, ranked, created_at, updated_at) "
                          "VALUES ('g1', 'mitan', '1', 7, 2, '{}', '[]', 'live', 1, 0, 0, "
                          "'2026-12-01 10:00:00', '2026-12-01 10:00:00')"))
        conn.execute(text("INSERT INTO chat (game_id, player, name, text, at) "
                          "VALUES ('g1', 'p1', 'Ana', 'bonjour', '2026-12-01 10:01:00')"))
    command.upgrade(alembic_config(url), "0006")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT role, ban_reason FROM players WHERE id = 'p1'")).one() \
            == ("player", None)
    # Later migrations add columns the store reads (0011: players.sound): it reads the head.
    command.upgrade(alembic_config(url), "head")
    store = Store(url)
    try:
        player = store.player("p1")
        assert player is not None and player.role == "player" and player.ban_reason is None
        assert [m.text for m in visible_chat(store, "g1")] == ["bonjour"]
        assert grant(store, "ANA", "moderator").role == "moderator"
    finally:
        store.close()
    command.downgrade(alembic_config(url), "0003")
    assert "reports" not in inspect(engine).get_table_names()
    assert "role" not in {c["name"] for c in inspect(engine).get_columns("players")}
    engine.dispose()


def test_deleting_an_account_keeps_the_reports_about_it(tmp_path: Path) -> None:
    """A deleted account (store/privacy.py) leaves the reports it made or received, naming
    nobody, and the log keeps the names it had."""
    url = f"sqlite:///{tmp_path / 'forget.sqlite3'}"
    migrate(url)
    store = Store(url)
    try:
        ann, ben = store.create_account("ann", "x"), store.create_account("ben", "x")
        store.create_game(GameRow(id="g1", game="mitan", game_version="1", seed=1, players=2,
                                  options={}, seats=[{"kind": "human", "player": ann.id},
                                                     {"kind": "human", "player": ben.id}],
                                  status="over", public=True, creator=ann.id,
                                  result=None, moves_count=0))
        said = store.add_chat("g1", ben.id, "ben", "hou")
        found = add_report(store, ann.id, "g1", "hou", message_id=said.id)
        grant(store, "ann", "moderator")
        mod = store.player(ann.id)
        assert mod is not None
        hide(store, mod, said.id, "hou", found.id)
        privacy.forget(store, ben.id)
        privacy.forget(store, ann.id)
        [item] = open_reports(store)
        assert item["report"].target is None and item["report"].reporter is None
        assert item["message"] is None and item["game"].id == "g1"
        assert [(a.action, a.moderator_name, a.target_name) for a in actions(store)] == [
            ("hide", "ann", "ben"), ("grant", "ludo admin", "ann")]
    finally:
        store.close()


def test_who_may_act_against_whom(tmp_path: Path) -> None:
    """Nobody sanctions themselves; a moderator does not sanction a moderator or an admin;
    an admin does. A refused act changes nothing and logs nothing."""
    url = f"sqlite:///{tmp_path / 'roles.sqlite3'}"
    migrate(url)
    store = Store(url)
    try:
        for name in ("mia", "max", "ada", "pat"):
            store.create_account(name, "x")
        mia, max_, ada = (grant(store, n, r) for n, r in
                          (("mia", "moderator"), ("max", "moderator"), ("ada", "admin")))
        later = datetime.now(UTC) + timedelta(hours=1)
        for actor, target, code in ((mia, mia, "self"), (mia, max_, "staff"),
                                    (mia, ada, "staff"), (ada, ada, "self")):
            with pytest.raises(ModerationError) as refused:
                mute(store, actor, target.id, later, "non")
            assert refused.value.code == code
        assert [a.action for a in actions(store)] == ["grant"] * 3
        assert mute(store, ada, max_.id, later, "oui").mute_reason == "oui"
        pat = store.account("pat")
        assert pat is not None
        assert ban(store, mia, pat.id, None, "pour de bon").ban_reason == "pour de bon"
        with pytest.raises(ModerationError) as unknown:
            grant(store, "pat", "emperor")
        assert unknown.value.code == "unknown_role"
    finally:
        store.close()


def test_a_ban_on_another_process_resigns_the_games_its_owner_holds(tmp_path: Path) -> None:
    """Two processes on PostgreSQL with Redis (`--redis`): the moderator's request reaches the
    process that does not own the banned player's game; the owner resigns it all the same,
    and the other player sees the game end."""
    postgres, broker = Postgres().start(), RedisServer().start()
    sites: list[LiveServer] = []
    people: list[Player] = []
    try:
        url = postgres.create_database("moderation")
        sites = [LiveServer(url, log=tmp_path / f"site-{i}.log", bot_workers=1,
                            args=("--redis", broker.url)).start() for i in range(2)]
        alice = account(sites[0], "alice")
        bob = Player(sites[1]).guest("bob")
        modo = account(sites[1], "modo")
        people += [alice, bob, modo]
        store = Store(url)
        try:
            grant(store, "modo", "moderator")
        finally:
            store.close()
        gid = alice.new_game(["me", "open"])  # its room starts, and is owned, on sites[0]
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        a.wait_state(gid, status="live")
        assert report(a, gid, "triche", seat=1)["type"] == "reported"
        rid = report_id(modo.http.get("/mod").text, "triche")
        banned = modo.http.post("/mod/ban", data={"report": str(rid), "duration": "1d",
                                                  "reason": "triche"})
        assert banned.status_code == 303
        over = a.wait_state(gid, status="over")
        assert over["result"]["winners"] == [0] and over["result"]["reason"] == RESIGNED
    finally:
        for p in people:
            p.close()
        for site in sites:
            site.stop()
        broker.stop()
        postgres.stop()
