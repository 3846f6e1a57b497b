"""The HTTP side of issue 17, attacked the way it was: a real server on 127.0.0.1 with small
limits, real clients, a real SQLite file read behind the server's back to prove that a refused
request changed nothing.

Attacks: forms posted from another site (CSRF, login CSRF included), a flood of game creation,
guests and accounts in bulk from one address, a brute force on one account's password, a
session cookie replayed after its sign-out, look-alike names, a day out of the calendar, a
database that fails a write, a form too large to read."""

from __future__ import annotations

import html
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from ludotheque.server.app import create_app
from ludotheque.store import GameRow, Player, Store

from .live import TOY, Browser, LiveServer
from .live import Player as Person

SMALL = {
    "game_create": "3 per minute", "game_create_address": "1000 per minute",
    "guest_address": "1000 per hour", "register_address": "1000 per hour",
    "login_account": "4 per minute", "login_address": "1000 per minute",
    "login_free_failures": "1",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("abuse") / "abuse.sqlite3", limits=SMALL).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def store(site: LiveServer) -> Iterator[Store]:
    """The server's own database, read from outside."""
    found = Store(site.db_url)
    yield found
    found.close()


def players(store: Store) -> int:
    with store.session() as s:
        return int(s.scalar(select(func.count()).select_from(Player)) or 0)


def browser(site: LiveServer, lang: str | None = None) -> Browser:
    client = Browser(base_url=site.url, follow_redirects=False, timeout=20)
    if lang:
        client.cookies.set("lang", lang)
    return client


def account(site: LiveServer, name: str, password: str = "correct horse") -> Person:
    person = Person(site)
    r = person.http.post("/register", data={"name": name, "password": password})
    assert r.status_code == 303, r.text
    return person


def signed_in_as(client: httpx.Client) -> str | None:
    found = re.search(r'data-testid="me">([^<]*)<', client.get("/").text)
    return found.group(1) if found else None


def message(response: httpx.Response) -> str:
    found = re.search(r'data-testid="message">([^<]*)<', response.text)
    assert found is not None, response.text[:500]
    return html.unescape(found.group(1))


def my_games(client: httpx.Client) -> str:
    return client.get("/").text.split('data-lobby="mine"')[1].split('data-lobby="open"')[0]


# -- cross-site forms ---------------------------------------------------------------------------
def post_routes(folder: Path) -> set[str]:
    """Every path the app takes a POST on, read from the app itself."""
    from starlette.routing import Route

    app = create_app(f"sqlite:///{folder / 'routes.sqlite3'}")
    app.state.site.store.close()
    return {r.path for r in app.routes if isinstance(r, Route) and "POST" in (r.methods or ())}


def test_every_form_of_the_site_is_in_this_list(tmp_path: Path) -> None:
    """A new form must join the forged posts below."""
    assert post_routes(tmp_path) == {"/new/{kind}", "/login", "/register", "/guest", "/logout",
                                     "/daily/{kind}", "/learn/{kind}/{lesson}",
                                     "/account/delete", "/account/sound", "/mod/{action}",
                                     "/auth/name",
                                     "/auth/{provider}/link", "/auth/{provider}/unlink",
                                     "/friends/{action}", "/challenges/{cid}/{answer}",
                                     "/seek/{kind}",
                                     "/decks/{kind}/check",
                                     "/decks/{kind}/save", "/decks/{kind}/{deck}/rename",
                                     "/decks/{kind}/{deck}/copy", "/decks/{kind}/{deck}/delete"}


def test_a_form_posted_from_another_site_is_refused_and_changes_nothing(
        site: LiveServer, store: Store) -> None:
    victim = account(site, f"victime{site.port}")
    games_before, players_before = store.count_games(), players(store)
    cookies = victim.cookie_header()
    # Another site's page makes the victim's browser post: the victim's cookies go with it,
    # its own Origin, and no token (the page cannot read one of ours), or a made-up one.
    forged_forms = [
        (f"/new/{TOY}", {"players": "2", "seat_0": "me", "seat_1": "open", "public": "on"}),
        (f"/learn/{TOY}/highest", {}),
        (f"/daily/{TOY}", {}),
        ("/guest", {"name": "mallory"}),
        ("/register", {"name": f"mallory{site.port}", "password": "correct horse"}),
        ("/login", {"name": f"victime{site.port}", "password": "correct horse"}),
        ("/logout", {}),
        ("/account/delete", {"confirm": "correct horse"}),
        ("/account/sound", {"on": "1"}),
        ("/mod/hide", {"report": "1", "reason": "forged"}),
        ("/auth/name", {"name": "mallory"}),
        ("/auth/google/link", {}),
        ("/auth/google/unlink", {}),
        ("/friends/ask", {"name": "mallory"}),
        ("/friends/challenge", {"name": "mallory", "game": TOY}),
        ("/challenges/abc/accept", {}),
        (f"/seek/{TOY}", {"clock": "blitz"}),
        ("/decks/mitix/check", {"text": "20 Zeus"}),
        ("/decks/mitix/save", {"name": "forgé", "text": "20 Zeus"}),
        ("/decks/mitix/d-1/rename", {"name": "forgé"}),
        ("/decks/mitix/d-1/copy", {"name": "forgé"}),
        ("/decks/mitix/d-1/delete", {}),
    ]
    for token in (None, "", "forged-token", victim.http.csrf_token() + "x"):
        for path, form in forged_forms:
            data = dict(form) if token is None else {**form, "csrf": token}
            r = httpx.post(site.url + path, data=data, headers={
                "Cookie": cookies, "Origin": "http://127.0.0.1:1", "Referer": "http://127.0.0.1:1/"},
                timeout=20)
            assert r.status_code == 403, (path, token, r.status_code)
            assert "rien n'a été fait" in message(r)
    assert store.count_games() == games_before and players(store) == players_before
    with store.session() as s:  # the forged sound post changed no account's sound
        assert not s.scalar(select(func.count()).select_from(Player).where(Player.sound))
    assert signed_in_as(victim.http) == f"Bonjour, victime{site.port}"  # not signed out
    # A token is the browser's own: another session's token does not pass either.
    other = browser(site)
    r = httpx.post(f"{site.url}/new/{TOY}", data={"players": "2", "csrf": other.csrf_token()},
                   headers={"Cookie": cookies}, timeout=20)
    assert r.status_code == 403 and store.count_games() == games_before
    # In English for an English reader.
    english = httpx.post(site.url + "/logout", headers={"Cookie": cookies + "; lang=en"})
    assert english.status_code == 403 and "nothing was done" in message(english)
    victim.close()


def test_login_csrf_fails_before_any_session(site: LiveServer) -> None:
    """Login CSRF: another site signs a visitor in as the attacker. A visitor who never opened
    a page of ours has no token, so the forged sign-in is refused and signs in nobody."""
    account(site, f"attaquant{site.port}").close()
    visitor = httpx.Client(base_url=site.url, timeout=20)
    r = visitor.post("/login", data={"name": f"attaquant{site.port}",
                                     "password": "correct horse"})
    assert r.status_code == 403 and signed_in_as(visitor) is None
    # The same form from our own page (token of the pre-session) signs in.
    page = visitor.get("/login").text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token is not None
    r = visitor.post("/login", data={"name": f"attaquant{site.port}",
                                     "password": "correct horse", "csrf": token.group(1)})
    assert r.status_code == 303 and signed_in_as(visitor) == f"Bonjour, attaquant{site.port}"


def test_a_form_too_large_is_refused_unread(site: LiveServer) -> None:
    client = browser(site)
    token = client.csrf_token()
    r = client.post("/guest", data={"name": "x" * 100_000, "csrf": token})
    assert r.status_code == 413 and "trop grand" in message(r)


# -- quotas -------------------------------------------------------------------------------------
def test_a_flood_of_games_is_refused_with_retry_after_and_the_players_games_stay_listed(
        site: LiveServer, store: Store) -> None:
    alice, mallory = Person(site).guest("alice"), Person(site).guest("mallory")
    mine = alice.new_game(["me", "open"])
    before = store.count_games()
    created, refused = 0, None
    for _ in range(20):
        r = mallory.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me",
                                                    "seat_1": "open", "public": "on"})
        if r.status_code == 429:
            refused = r
            break
        assert r.status_code == 303
        created += 1
    assert created == 3 and refused is not None  # game_create: 3 per minute
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "réessayez dans" in message(refused)
    assert store.count_games() == before + 3  # the refused one was never stored
    mallory.http.cookies.set("lang", "en")
    english = mallory.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me"})
    assert english.status_code == 429 and "try again in" in message(english)
    # The quota is the account's: alice still creates, and her games are still hers to see.
    assert mine in my_games(alice.http)
    alice.new_game(["me", "open"])
    alice.close()
    mallory.close()


def test_my_games_are_found_however_many_games_others_create(tmp_path: Path) -> None:
    """The lobby's "my games" once looked only at the 500 newest games of the site."""
    from ludotheque.store import migrate

    url = f"sqlite:///{tmp_path / 'many.sqlite3'}"
    migrate(url)
    store = Store(url)
    alice, mallory = store.create_guest("alice"), store.create_guest("mallory")

    def row(game_id: str, who: str) -> GameRow:
        return GameRow(id=game_id, game=TOY, game_version="1", seed=1, players=2, options={},
                       seats=[{"kind": "human", "player": who, "name": "x"},
                              {"kind": "human", "player": None, "name": ""}],
                       status="open", public=True, creator=who, result=None, moves_count=0)

    store.create_game(row("mine", alice.id))
    with store.session() as s:
        s.add_all([row(f"flood{i}", mallory.id) for i in range(600)])
    assert [g.id for g in store.games_of(alice.id)] == ["mine"]
    store.close()


def test_guests_and_accounts_in_bulk_from_one_address_are_refused(tmp_path: Path) -> None:
    live = LiveServer(tmp_path / "bulk.sqlite3", limits={
        "guest_address": "3 per minute", "register_address": "2 per minute"}).start()
    try:
        client = browser(live)
        guests = [client.post("/guest", data={"name": f"bot{i}"}).status_code
                  for i in range(4)]
        assert guests == [303, 303, 303, 429]
        accounts = [client.post("/register", data={"name": f"bot{i}{live.port}",
                                                   "password": "correct horse"})
                    for i in range(3)]
        assert [r.status_code for r in accounts] == [303, 303, 429]
        assert int(accounts[-1].headers["Retry-After"]) >= 1
        store = Store(live.db_url)
        assert players(store) == 5  # the refused guest and account were never stored
        store.close()
    finally:
        live.stop()


# -- passwords ----------------------------------------------------------------------------------
def login(client: Browser, name: str, password: str) -> httpx.Response:
    return client.post("/login", data={"name": name, "password": password})


def test_a_password_brute_force_waits_longer_and_longer_then_stops(site: LiveServer) -> None:
    name = f"cible{site.port}"
    account(site, name).close()
    account(site, f"voisin{site.port}").close()
    attacker = browser(site)
    # login_free_failures=1: the first wrong password costs nothing more; after the second,
    # the name's next try waits 1 s, then 2 s; at 4 failures (login_account: 4 per minute)
    # the name is refused until the window moves on.
    assert login(attacker, name, "guess 1").status_code == 400
    assert login(attacker, name, "guess 2").status_code == 400
    waits = []
    for guess in ("guess 3", "guess 4"):
        refused = login(attacker, name, guess)
        assert refused.status_code == 429, refused.text
        waits.append(int(refused.headers["Retry-After"]))
        time.sleep(waits[-1] + 0.1)
        assert login(attacker, name, guess).status_code == 400
    assert waits == [1, 2]
    stopped = login(attacker, name, "correct horse")  # even the right one, for now
    assert stopped.status_code == 429 and int(stopped.headers["Retry-After"]) > 4
    assert signed_in_as(attacker) is None
    # An unknown name is counted the same way: the answers do not tell which names exist.
    ghost = f"fantome{site.port}"
    assert [login(attacker, ghost, "x").status_code for _ in range(3)] == [400, 400, 429]
    # Another account signs in from the same address as if nothing happened.
    neighbour = browser(site)
    assert login(neighbour, f"voisin{site.port}", "correct horse").status_code == 303


def test_a_login_flood_does_not_starve_the_pages(site: LiveServer) -> None:
    """Password hashes run on their own few threads: pages keep answering meanwhile."""
    client = browser(site)
    token = client.csrf_token()
    cookies = dict(client.cookies)
    stop = threading.Event()
    answered: list[int] = []

    def flood(worker: int) -> None:
        with httpx.Client(base_url=site.url, cookies=cookies, timeout=30) as c:
            n = 0
            while not stop.is_set():
                n += 1
                r = c.post("/login", data={"name": f"inconnu{worker}-{n}", "password": "x" * 20,
                                           "csrf": token})
                answered.append(r.status_code)

    threads = [threading.Thread(target=flood, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.5)
        times = []
        for _ in range(9):
            started = time.monotonic()
            assert httpx.get(f"{site.url}/rules/{TOY}", timeout=10).status_code == 200
            times.append(time.monotonic() - started)
            time.sleep(0.05)
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    assert answered and set(answered) <= {400, 429}
    # The median: one slow answer is the machine's (CI shares its two cores), not the site's.
    typical = sorted(times)[len(times) // 2]
    assert typical < 1.0, f"pages took {typical:.2f} s during the login flood ({times})"


def server_cpu_seconds(site: LiveServer) -> float:
    """CPU time the server process has used (all its threads): unlike the clock on the wall,
    other programs on the machine do not change it."""
    assert site.process is not None
    fields = Path(f"/proc/{site.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_sign_in_work_does_not_tell_whether_the_account_exists(site: LiveServer) -> None:
    """A wrong password for an account and any password for no account both cost one argon2
    check (a missing account once answered at once, with no hash). Measured in the server's
    CPU time, which a loaded machine does not blur."""
    real = [f"horloge{i}-{site.port}" for i in range(3)]
    for name in real:
        account(site, name).close()
    client = browser(site)
    token = client.csrf_token()

    def work(names: list[str]) -> float:
        before = server_cpu_seconds(site)
        for name in names:  # one try each: no wait before the next
            r = client.post("/login", data={"name": name, "password": "wrong", "csrf": token})
            assert r.status_code == 400
        return server_cpu_seconds(site) - before

    known = work(real)
    unknown = work([f"personne{i}-{site.port}" for i in range(3)])
    # Three argon2 checks are tens of milliseconds of CPU; three answers without one, a few.
    assert known > 0.05, known
    assert unknown > known / 2, (known, unknown)


# -- sessions -----------------------------------------------------------------------------------
def test_a_cookie_replayed_after_sign_out_signs_nobody_in(site: LiveServer) -> None:
    name = f"partie{site.port}"
    laptop = account(site, name)
    phone = browser(site)
    assert login(phone, name, "correct horse").status_code == 303
    stolen = laptop.cookie_header()
    assert laptop.http.post("/logout").status_code == 303
    replayed = httpx.Client(base_url=site.url, headers={"Cookie": stolen}, timeout=20)
    assert signed_in_as(replayed) is None
    assert replayed.get(f"/new/{TOY}").status_code == 303  # sent to sign in first
    # Only that browser's session ended: the phone is still signed in.
    assert signed_in_as(phone) == f"Bonjour, {name}"
    laptop.close()


# -- names --------------------------------------------------------------------------------------
def test_look_alike_names_cannot_be_a_second_account_nor_a_guest(
        site: LiveServer, store: Store) -> None:
    port = site.port
    account(site, f"Victim{port}").close()
    for look_alike in (f"V\u0456ctim{port}",  # Cyrillic і
                       "".join(chr(ord(c) + 0xFEE0) for c in f"Victim{port}"),  # fullwidth
                       f"VICTIM{port}", f"victim{port}", f"Vict\u0131m{port}"):  # dotless ı
        r = browser(site).post("/register", data={"name": look_alike,
                                                  "password": "correct horse"})
        assert r.status_code == 400 and "déjà pris" in r.text, look_alike
        r = browser(site).post("/guest", data={"name": look_alike})
        assert r.status_code == 400 and "Un compte porte ce nom" in r.text, look_alike
    # A name that merely shares letters is another name.
    account(site, f"Victor{port}").close()
    # Nor may a seat at someone's device carry an account's name (or a look-alike)...
    mallory = Person(site).guest("mallory")
    games_before = store.count_games()
    r = mallory.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me", "seat_1": "me",
                                                "name_1": f"V\u0456ctim{port}"})
    assert r.status_code == 400 and "Un compte porte ce nom" in r.text
    assert store.count_games() == games_before
    mallory.close()
    # ... but the account's own player may name a seat after themselves.
    victim = Person(site)
    assert login(victim.http, f"victim{port}", "correct horse").status_code == 303
    r = victim.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me", "seat_1": "me",
                                               "name_0": f"VICTIM{port}"})
    assert r.status_code == 303
    victim.close()


# -- small ones ---------------------------------------------------------------------------------
def test_a_day_out_of_the_calendar_is_a_clear_404(site: LiveServer) -> None:
    for day in ("0001-01-01", "1999-12-31", "9999-12-31", "2026-02-30", "x" * 5000):
        r = httpx.get(f"{site.url}/daily", params={"day": day}, timeout=20)
        assert r.status_code == 404 and message(r), day


def test_a_database_that_fails_a_write_gets_the_sites_page_and_nothing_changes(
        site: LiveServer, store: Store) -> None:
    """A real failure of the real file: a trigger (added behind the server's back) makes
    SQLite refuse every new game."""
    alice = Person(site).guest("alice")
    before = store.count_games()
    db = sqlite3.connect(site.db_url.removeprefix("sqlite:///"))
    db.execute("CREATE TRIGGER refuse_games BEFORE INSERT ON games "
               "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")
    db.commit()
    try:
        r = alice.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me",
                                                  "seat_1": "open"})
        assert r.status_code == 503 and "rien n'a été fait" in message(r)
        assert r.headers["Retry-After"]
        assert store.count_games() == before
    finally:
        db.execute("DROP TRIGGER refuse_games")
        db.commit()
        db.close()
    alice.new_game(["me", "open"])  # and the site goes on once the database does
    assert store.count_games() == before + 1
    alice.close()
