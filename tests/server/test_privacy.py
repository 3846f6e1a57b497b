"""The privacy and terms pages, a player's data download and account deletion, through a
real server: what the privacy page promises is what the site does."""

from __future__ import annotations

import httpx

from .live import LiveServer, Player, seated


def account(server: LiveServer, name: str, password: str = "correct horse") -> Player:
    p = Player(server)
    r = p.http.post("/register", data={"name": name, "password": password})
    assert r.status_code == 303, r.text
    return p




def test_privacy_and_terms_in_both_languages_linked_from_every_page(server: LiveServer) -> None:
    for lang, privacy, terms, free in (
            ("fr", "Confidentialité", "Conditions d'utilisation", "sans publicité"),
            ("en", "Privacy", "Terms of use", "without advertising")):
        cookies = {"lang": lang}
        page = httpx.get(server.url + "/privacy", cookies=cookies)
        assert page.status_code == 200
        assert f"<h1>{privacy}</h1>" in page.text
        assert "argon2" in page.text and "14" in page.text  # what is kept, how long
        terms_page = httpx.get(server.url + "/terms", cookies=cookies)
        assert terms_page.status_code == 200
        assert f"<h1>{terms}</h1>".replace("'", "&#39;") in terms_page.text \
            or f"<h1>{terms}</h1>" in terms_page.text
        for path in ("/", "/login", "/learn", "/daily", "/ratings", "/no/such/page"):
            html = httpx.get(server.url + path, cookies=cookies).text
            assert 'href="/privacy"' in html and 'href="/terms"' in html, path
            assert free in html, path


def test_a_player_downloads_everything_kept_about_them(server: LiveServer) -> None:
    alice = account(server, f"exporte{server.port}")
    bob = Player(server).guest("bob")
    try:
        done = alice.new_game(["me", "open"])
        live = alice.new_game(["me", "open"])
        (a, b), (a2, _) = (seated(alice, bob, gid) for gid in (done, live))
        a.send({"type": "chat", "game": done, "text": "bonne partie"})
        a.expect("chat")
        a2.act(live, 0)
        while a.latest[done]["result"] is None:
            a.act(done, 0)
            if a.latest[done]["result"] is None:
                b.act(done, 1)
                a.sync()
        r = alice.http.get("/account/export")
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("application/json")
        assert "attachment" in r.headers["content-disposition"]
        data = r.json()
        assert data["format"] == "ludotheque-player-data"
        assert data["account"]["login"] == f"exporte{server.port}"
        assert "password" not in r.text and "argon2" not in r.text
        games = {g["id"]: g for g in data["games"]}
        assert games[done]["status"] == "over" and games[done]["record"]["actions"]
        assert isinstance(games[done]["record"]["seed"], int)
        assert [s["you"] for s in games[done]["seats"]] == [True, False]
        # A game still being played: no seed, no moves (its record holds hidden choices).
        assert games[live]["status"] == "live" and "record" not in games[live]
        assert [m["text"] for m in data["chat"]] == ["bonne partie"]
        # Someone else's download is not hers, and nobody's without a session.
        assert bob.http.get("/account/export").json()["account"]["name"] == "bob"
        anonymous = httpx.get(server.url + "/account/export")
        assert anonymous.status_code == 303
    finally:
        alice.close()
        bob.close()


def test_deleting_an_account_keeps_the_games_for_the_others(server: LiveServer) -> None:
    name = f"carol{server.port}"
    carol = account(server, name, "a long password")
    dave = Player(server).guest("dave")
    try:
        finished = carol.new_game(["me", "open"])
        ongoing = carol.new_game(["me", "open"])
        (c, d), (_, d2) = (seated(carol, dave, gid) for gid in (finished, ongoing))
        c.send({"type": "chat", "game": finished, "text": "secret de carol"})
        d.expect("chat")
        while c.latest[finished]["result"] is None:
            c.act(finished, 0)
            if c.latest[finished]["result"] is None:
                d.act(finished, 1)
                c.sync()
        # A wrong confirmation deletes nothing.
        wrong = carol.http.post("/account/delete", data={"confirm": "not my password"})
        assert wrong.status_code == 400
        assert carol.http.get("/account").status_code == 200
        carol.http.cookies.set("lang", "en")
        gone = carol.http.post("/account/delete", data={"confirm": "a long password"})
        assert gone.status_code == 200 and "Your account has been deleted." in gone.text
        # The old cookie is nobody's now; the name and password no longer log in.
        assert carol.http.get("/account").status_code == 303
        again = Player(server).http.post("/login",
                                         data={"name": name, "password": "a long password"})
        assert again.status_code == 400
        # Dave keeps both games: the live one ended as carol's resignation, he won.
        state = d2.wait_state(ongoing, status="over")
        assert state["result"] is not None
        viewer = Player(server)
        viewer.http.cookies.set("lang", "en")
        for gid in (finished, ongoing):
            v = viewer.socket()
            seen = v.watch(gid)
            assert seen["seats"][0]["name"] == "Deleted account"
            assert seen["seats"][0]["free"] is False
            v.sync()
            assert not [m for m in v.seen_chat if "secret de carol" in m["text"]]
        record = viewer.http.get(f"/g/{finished}/record.json")
        assert record.status_code == 200 and name not in record.text
        viewer.close()
    finally:
        carol.close()
        dave.close()


def test_a_guest_confirms_with_its_name(server: LiveServer) -> None:
    eve = Player(server).guest("eve")
    try:
        assert eve.http.post("/account/delete", data={"confirm": "Eve"}).status_code == 400
        assert eve.http.post("/account/delete", data={"confirm": "eve"}).status_code == 200
        assert eve.http.get("/account").status_code == 303
    finally:
        eve.close()
