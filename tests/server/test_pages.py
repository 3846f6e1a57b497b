"""Pages, players, languages and the finished game's page, through real HTTP."""

from __future__ import annotations

import http.client
import re

import httpx

from ludotheque.core.record import Record, replay
from ludotheque.server.bots import load_plugin

from .live import PLUGIN, TOY, Browser, LiveServer, Player


def test_french_by_default_english_by_choice_and_remembered(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as browser:
        home = browser.get("/")
        assert '<html lang="fr">' in home.text and "Nouvelle partie" in home.text
        switch = browser.get("/lang/en", params={"next": "/rules/" + TOY})
        assert switch.status_code == 303 and switch.headers["location"] == "/rules/" + TOY
        assert "max-age" in switch.headers["set-cookie"].lower()
        again = browser.get("/")
        assert '<html lang="en">' in again.text and "New game" in again.text
        assert "Nouvelle partie" not in again.text
        browser.get("/lang/fr")
        assert "Nouvelle partie" in browser.get("/").text
        # Never an open redirect, and an unknown language falls back to French.
        assert browser.get("/lang/en", params={"next": "//evil.example"}).headers[
            "location"] == "/"
        browser.get("/lang/xx")
        assert '<html lang="fr">' in browser.get("/").text


def test_guests_and_accounts(server: LiveServer) -> None:
    guest = Player(server)
    assert guest.http.get(f"/new/{TOY}").status_code == 303  # a name first
    r = guest.http.post("/guest", data={"name": "   ", "next": "/"})
    assert r.status_code == 400 and "1 à 24" in r.text
    guest.guest("zoé")
    assert "Bonjour, zoé" in guest.http.get("/").text

    user = Player(server)
    name = f"user{server.port}"
    assert user.http.post("/register", data={"name": name, "password": "short"}
                          ).status_code == 400
    r = user.http.post("/register", data={"name": name, "password": "correct horse",
                                          "next": "/rules/" + TOY})
    assert r.status_code == 303 and r.headers["location"] == "/rules/" + TOY
    assert f"Bonjour, {name}" in user.http.get("/").text
    taken = Player(server).http.post("/register", data={"name": name.upper(),
                                                        "password": "another one"})
    assert taken.status_code == 400 and "déjà pris" in taken.text
    user.http.post("/logout")
    assert f"Bonjour, {name}" not in user.http.get("/").text

    other = Player(server)
    wrong = other.http.post("/login", data={"name": name, "password": "wrong password"})
    assert wrong.status_code == 400 and "incorrect" in wrong.text
    right = other.http.post("/login", data={"name": name, "password": "correct horse"})
    assert right.status_code == 303
    assert f"Bonjour, {name}" in other.http.get("/").text
    # A forged session cookie is ignored.
    forged = httpx.Client(base_url=server.url, cookies={"ludo_session": "eyJwbGF5ZXIiOiAieCJ9"})
    assert 'data-testid="me"' not in forged.get("/").text
    for p in (guest, user, other):
        p.close()


def test_new_game_form_checks_its_input(server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    form = alice.http.get(f"/new/{TOY}")
    assert form.status_code == 200 and 'name="opt_hand_size"' in form.text
    bad = alice.http.post(f"/new/{TOY}", data={"players": "2", "seat_0": "me",
                                               "seat_1": "open", "opt_hand_size": "many"})
    assert bad.status_code == 400 and "hand_size" in bad.text
    assert alice.http.post(f"/new/{TOY}", data={"players": "9"}).status_code == 400
    assert alice.http.post(f"/new/{TOY}", data={"players": "2", "seat_1": "bot:nope"}
                           ).status_code == 400
    gid = alice.new_game(["me", "open"], hand_size=4)
    s = alice.socket()
    assert len(s.watch(gid)["views"]["0"]["hand"]) == 4


def test_finished_game_page_replay_and_record(server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "bot:random"])
    # Before the end, the record (with every secret choice) is not published.
    assert alice.http.get(f"/g/{gid}/record.json").status_code == 403
    s = alice.socket()
    s.watch(gid)
    final = s.play_to_end(gid)
    total = final["version"]

    page = alice.http.get(f"/g/{gid}/replay")
    assert page.status_code == 200 and 'data-testid="result"' in page.text
    assert f"Coup 1 sur {total}" in page.text  # the viewer opens on the first move
    first = alice.http.get(f"/g/{gid}/replay", params={"step": 1}).text
    assert f"Coup 1 sur {total}" in first and "?step=2" in first
    second = alice.http.get(f"/g/{gid}/replay", params={"step": 2}).text
    assert re.search(r"<li>[^<]+</li>", second)  # the round's public events, in words
    start = alice.http.get(f"/g/{gid}/replay", params={"step": "-5"}).text
    assert f"Coup 0 sur {total}" in start

    r = alice.http.get(f"/g/{gid}/record.json")
    record = Record.from_json(r.json())
    assert record.seats[1] == {"name": "random", "kind": "bot", "bot": "random"}
    assert replay(load_plugin(PLUGIN), record).result() is not None
    assert gid in alice.http.get("/").text


def test_rules_and_unknown_pages(server: LiveServer) -> None:
    assert httpx.get(f"{server.url}/rules/{TOY}").status_code == 200
    missing = httpx.get(f"{server.url}/g/nothing-here")
    assert missing.status_code == 404 and "n'existe pas" in missing.text
    assert httpx.get(f"{server.url}/static/js/game.js").status_code == 200
    assert httpx.get(f"{server.url}/screens/{TOY}/screen.js").status_code == 404


def test_a_game_may_ship_its_own_screen(tmp_path, monkeypatch) -> None:
    """games/<game>/web/screen.js is found in the game's package, whether the Game class lives
    in the package's __init__ or in a module of it."""
    from ludotheque import games as registry
    from ludotheque.server.screens import screen_dir

    for game in registry.all_games():
        folder = screen_dir(game)
        if folder is not None:
            assert folder.name == "web" and (folder / "screen.js").is_file()
    package = tmp_path / "screened"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from tests.core.toys import HighCard, HighCardState\n\n"
        "class ScreenedState(HighCardState):\n    pass\n\n"
        "class Screened(HighCard):\n    id = 'screened'\n    state_type = ScreenedState\n\n"
        "GAME = Screened()\n")
    (package / "web" / "screen.js").write_text("export default {render() {}};\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    screened = importlib.import_module("screened").GAME
    assert screen_dir(screened) == package / "web"


def test_a_screens_modules_are_served_from_its_folder_and_nothing_beyond(
        server: LiveServer) -> None:
    """A screen may be several modules: screen.js imports the files beside it (`./board.js`)
    and the site's shared ones (`/static/js/dom.js`), all served as JavaScript. A path that
    would leave the game's web/ folder is a 404, sent as the browser wrote it (not cleaned)."""
    from ludotheque import games as registry
    from ludotheque.server.screens import screen_dir

    screened = [(game.id, folder) for game in registry.all_games()
                if (folder := screen_dir(game)) is not None]
    assert screened
    with httpx.Client(base_url=server.url) as browser:
        for game_id, folder in screened:
            for path in sorted(folder.glob("*.js")):
                r = browser.get(f"/screens/{game_id}/{path.name}")
                assert r.status_code == 200, path
                assert "javascript" in r.headers["content-type"], path
                assert r.content == path.read_bytes(), path
                code = path.read_text(encoding="utf-8")
                for name in re.findall(r'^import [^;]* from "\./([^"]+)";$', code, re.M):
                    assert (folder / name).is_file(), (path, name)
                for url in re.findall(r'^import [^;]* from "(/static/js/[^"]+)";$', code, re.M):
                    assert browser.get(url).status_code == 200, (path, url)
    host, port = server.url.removeprefix("http://").split(":")
    for game_id, _ in screened:
        for hostile in ("../__init__.py", "..%2F__init__.py", "%2e%2e%2f__init__.py",
                        "..%2f..%2f..%2fpyproject.toml", "%2e%2e", "..", ".%2e/rules.py",
                        "..%5C__init__.py", "%5C..%5C__init__.py", "%2Fetc%2Fpasswd",
                        "screen.js%00.py", ".hidden", "./screen.js", "web%2Fscreen.js"):
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.request("GET", f"/screens/{game_id}/{hostile}")
            answer = connection.getresponse()
            body = answer.read()
            connection.close()
            assert answer.status == 404, (game_id, hostile, answer.status)
            assert b"import" not in body and b"def " not in body, (game_id, hostile)
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", f"/screens/..%2F{game_id}/screen.js")
        assert connection.getresponse().status == 404
        connection.close()


def test_rules_are_shown_as_html_with_raw_html_escaped() -> None:
    from ludotheque.server.app import rules_html
    from tests.core.toys import HighCard

    class Marked(HighCard):
        def rules(self, lang: str = "fr") -> str:
            return "# Titre\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>\n"

    html = str(rules_html(Marked(), "fr"))
    assert "<h1>Titre</h1>" in html and "<td>1</td>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_the_room_page_has_the_rules_panel_and_the_end_banner(server: LiveServer,
                                                             people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "open"], kind="mitan")
    page = alice.http.get(f"/g/{gid}").text
    assert 'data-testid="rules-panel"' in page and 'data-testid="end"' in page
    assert "<h1>" in page.split('data-testid="rules-panel"', 1)[1]


def test_a_deck_per_seat_is_chosen_from_lists(server: LiveServer, people: list[Player]) -> None:
    """Each seat's deck (Diamagique's) is a select per seat, its ready-made decks labelled
    from the game's catalogue; the chosen decks start the game, and no client is sent them
    (issue 22: a seat's deck is its private setup)."""
    alice = people[0]
    form = alice.http.get("/new/diamagique").text
    assert 'name="deck_0"' in form and 'name="deck_1"' in form
    assert 'name="opt_decks_0"' not in form
    assert "Braises — Ordre des Braises" in form
    data = {"players": "2", "seat_0": "me", "seat_1": "bot:random", "deck_0": "ready:Braises",
            "deck_1": "ready:Sylves", "public": "on"}
    created = alice.http.post("/new/diamagique", data=data)
    assert created.status_code == 303, created.text[-400:]
    gid = created.headers["location"].rsplit("/", 1)[1]
    state = alice.socket().watch(gid)
    assert "decks" not in state["options"]
    teams = state["views"]["0"]["teams"]
    assert [t["deck_name"] for t in teams] == ["Braises", "Sylves"]
    bad = dict(data, deck_1="ready:Nulle-part")
    refused = alice.http.post("/new/diamagique", data=bad)
    assert refused.status_code == 400 and "Nulle-part" in refused.text
    # A setup of the game that names ready-made decks picks them on the form.
    preset = alice.http.get("/new/diamagique?setup=Sylves-Aube-officiel").text
    assert re.search(r'value="ready:Sylves" selected', preset)


def test_unknown_addresses_and_wrong_methods_get_the_sites_message_page(
        server: LiveServer) -> None:
    """Every 404 and 405 of a page address is the site's message page, in the reader's
    language; files fetched by pages (/static, /screens) keep a plain status."""
    with httpx.Client(base_url=server.url) as browser:
        for path, status, words in [
                ("/nope", 404, "Cette page n'existe pas."),
                ("/g/x/y/z", 404, "Cette page n'existe pas."),
                ("/learn/mimik/nope", 405, "elle reçoit un formulaire"),
                ("/daily/mimik", 405, "elle reçoit un formulaire"),
                ("/balance/nope/x", 404, "Ce rapport n'a pas de tel fichier")]:
            r = browser.get(path)
            assert r.status_code == status, path
            assert r.headers["content-type"].startswith("text/html"), path
            assert 'data-testid="message"' in r.text and words in r.text, path
            assert '<header class="top">' in r.text and 'data-testid="login-link"' in r.text
        assert "POST" in browser.get("/daily/mimik").headers["allow"]
        browser.cookies.set("lang", "en")
        english = browser.get("/nope")
        assert english.status_code == 404 and "This page does not exist." in english.text
        assert "is not a page to open" in browser.get("/learn/mimik/nope").text
        for path in ("/static/nope.css", "/static/js/nope.js", f"/screens/{TOY}/screen.js"):
            plain = browser.get(path)
            assert plain.status_code == 404 and "<html" not in plain.text, path
        # A favicon, linked from every page, so that no page asks for a missing one.
        assert 'rel="icon" href="/static/favicon.svg"' in browser.get("/").text
        for path in ("/static/favicon.svg", "/favicon.ico"):
            icon = browser.get(path)
            assert icon.status_code == 200 and icon.headers["content-type"].startswith(
                "image/svg+xml") and "<svg" in icon.text


def seat_options(html: str, seat: int) -> list[tuple[str, str]]:
    select = html.split(f'data-testid="seat-{seat}">')[1].split("</select>")[0]
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select)


def test_the_bot_menu_offers_the_four_levels_in_order_then_other_engines(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    form = alice.http.get(f"/new/{TOY}").text
    options = seat_options(form, 1)
    assert options[:6] == [("me", "Moi, sur cet appareil"), ("open", "Un joueur invité (en ligne)"),
                           ("bot:facile", "Robot : Facile"), ("bot:moyen", "Robot : Moyen"),
                           ("bot:difficile", "Robot : Difficile"),
                           ("bot:expert", "Robot : Expert")]  # Expert last (issue 24)
    # The other engines stay for those who know them, under "Options avancées" (issue #20),
    # one list per seat, out of the seat's own list.
    group = form.split('data-testid="engine-1">')[1].split("</select>")[0]
    engines = re.findall(r'value="([^"]+)"', group)
    assert "random" in engines and "mcts" in engines
    assert not {"facile", "moyen", "difficile", "expert"} & set(engines)
    assert options[6:] == []
    alice.http.cookies.set("lang", "en")
    english = seat_options(alice.http.get(f"/new/{TOY}").text, 1)
    assert [text for _, text in english[2:6]] == ["Bot: Easy", "Bot: Medium", "Bot: Hard",
                                                  "Bot: Expert"]

    # Wherever the bot's seat is shown, its level is named the same way.
    gid = alice.new_game(["me", "bot:facile"])
    listed = alice.http.get("/").text.split(f'data-game="{gid}"')[1].split("</li>")[0]
    assert "alice, Bot Easy" in listed
    alice.http.cookies.set("lang", "fr")
    listed = alice.http.get("/").text.split(f'data-game="{gid}"')[1].split("</li>")[0]
    assert "alice, Robot Facile" in listed
    seats = alice.socket().watch(gid)["seats"]
    assert seats[1]["bot"] == "facile" and seats[1]["bot_name"] == "Facile"


def badges(html: str, gid: str) -> str:
    return html.split(f'data-game="{gid}"')[1].split("</li>")[0]


def test_home_lists_count_moves_and_free_seats_in_words(server: LiveServer,
                                                         people: list[Player]) -> None:
    alice, bob = people[0], people[1]
    gid = alice.new_game(["me", "open"])
    open_row = badges(bob.http.get("/").text.split('data-lobby="open"')[1], gid)
    assert "alice, place libre" in open_row and "1 place libre<" in open_row
    assert "?" not in open_row and "(s)" not in open_row
    bob.http.cookies.set("lang", "en")
    open_row = badges(bob.http.get("/").text.split('data-lobby="open"')[1], gid)
    assert "alice, free seat" in open_row and "1 free seat<" in open_row
    b = bob.socket()
    b.watch(gid)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")

    def live_row(player: Player) -> str:
        return badges(player.http.get("/").text.split('data-lobby="live"')[1], gid)

    assert ">0 coup<" in live_row(alice) and ">0 moves<" in live_row(bob)
    a = alice.socket()
    a.watch(gid)
    a.act(gid, 0)
    assert ">1 coup<" in live_row(alice) and ">1 move<" in live_row(bob)
    b.act(gid, 1)
    assert ">2 coups<" in live_row(alice) and ">2 moves<" in live_row(bob)


def test_account_creation_states_the_password_rule_in_the_pages_language(
        server: LiveServer) -> None:
    with Browser(base_url=server.url) as browser:
        form = browser.get("/login").text.split('data-testid="register-form"')[1]
        assert 'minlength="8"' in form and 'aria-describedby="password-rule"' in form
        assert "Au moins 8 caractères." in form
        short = browser.post("/register", data={"name": f"court{server.port}",
                                                 "password": "1234567"})
        assert short.status_code == 400
        assert "Le mot de passe doit faire au moins 8 caractères." in short.text
        browser.cookies.set("lang", "en")
        assert "At least 8 characters." in browser.get("/login").text
        short = browser.post("/register", data={"name": f"short{server.port}",
                                                 "password": "1234567"})
        assert short.status_code == 400
        assert "The password must be at least 8 characters long." in short.text


def test_every_games_checkboxes_sit_beside_their_text(server: LiveServer,
                                                        people: list[Player]) -> None:
    """A checkbox of the new-game form is in a "check" label, before its text (site.css
    lays those out in a row), in every game's form."""
    seen = 0
    for game_id in ("mitix", "mindbug", "diamagique", "mitan", "mimik"):  # not test plugins
        form = people[0].http.get(f"/new/{game_id}").text
        labels = re.findall(r"<label([^>]*)>\s*(<input[^>]*>|[^<]*)", form)
        for attributes, start in labels:
            if 'type="checkbox"' in start:
                assert 'class="check"' in attributes, (game_id, attributes)
        checkboxes = re.findall(r'<input type="checkbox"[^>]*>', form)
        inside = re.findall(r'<label class="check"[^>]*><input type="checkbox"', form)
        assert len(checkboxes) == len(inside) >= 2, game_id  # the options', ranked, public
        seen += len(checkboxes) - 2
    assert seen >= 1  # Mindbug's New Servants at least
