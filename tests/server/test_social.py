"""Profiles, friends, challenges (issue 21) through a real server: pages read from what the
games' ends stored, friend requests from both sides and from a hostile client, challenges
delivered live over the friend's socket and accepted into a game, limits."""

from __future__ import annotations

import re
import secrets
import time
from pathlib import Path
from typing import Any

from sqlalchemy import select

from ludotheque.store import Store
from ludotheque.store.models import Play
from ludotheque.store.moderation import ban, grant

from .live import ONE_ADDRESS_FOR_ALL, TOY, LiveServer, Player
from .test_ranked import account, create, gid_of

_RUN = secrets.randbelow(1000)


def unique(server: LiveServer) -> str:
    """Names of this test's own: a server's port can come back in a later server of the
    same worker, whose database may already know a name made from it."""
    return f"{server.port}{_RUN}"


def finish_by_resigning(host: Player, guest: Player, loser: int, public: bool = True,
                        ranked: bool = False) -> str:
    """A toy game between two players, ended at once by seat `loser` resigning."""
    extra: dict[str, str] = {"ranked": "on", "clock": "blitz"} if ranked else {}
    data = {"players": "2", "seat_0": "me", "seat_1": "open", **extra}
    if public:
        data["public"] = "on"
    gid = gid_of(host.http.post(f"/new/{TOY}", data=data))
    h, g = host.socket(), guest.socket()
    h.watch(gid)
    g.watch(gid)
    g.send({"type": "sit", "game": gid, "seat": 1})
    g.wait_state(gid, status="live")
    (h if loser == 0 else g).send({"type": "resign", "game": gid, "seat": loser})
    h.wait_state(gid, status="over")
    h.close()
    g.close()
    return gid


def test_a_profile_shows_ratings_record_and_recent_games_and_unknown_names_are_404(
        server: LiveServer) -> None:
    suffix = unique(server)
    alice, bob = account(server, f"pia{suffix}"), account(server, f"pol{suffix}")
    guest = Player(server).guest("passant")
    try:
        won = finish_by_resigning(alice, bob, loser=1)
        finish_by_resigning(alice, bob, loser=0)
        hidden = finish_by_resigning(alice, bob, loser=1, public=False)
        finish_by_resigning(alice, bob, loser=1, ranked=True)
        finish_by_resigning(alice, bob, loser=1, ranked=True)
        page = guest.http.get(f"/u/pia{suffix}")
        assert page.status_code == 200
        text = page.text
        # Record: the guest sees the public games only (2 wins, 1 loss with the ranked ones).
        record = text.split('data-testid="profile-record"')[1].split("</table>")[0]
        assert re.search(rf'data-game="{TOY}"><td>[^<]+</td><td>3</td><td>0</td><td>1</td>',
                         record), record
        recent = text.split('data-testid="profile-recent"')[1].split("</table>")[0]
        assert hidden not in recent and won in recent
        assert f'href="/u/pol{suffix}"' in recent and f'href="/g/{won}/replay"' in recent
        # Two ranked games: the rating, and its history drawn (two points).
        card = text.split(f'data-testid="rating-{TOY}-blitz"')[1].split("</li>")[0]
        assert "<svg" in card and "polyline" in card
        points = re.search(r'points="([^"]+)"', card)
        assert points is not None and len(points.group(1).split()) == 2
        # The owner sees the private game too.
        mine = alice.http.get(f"/u/pia{suffix}").text
        assert hidden in mine.split('data-testid="profile-recent"')[1]
        # An unknown name and a guest's name: the site's 404 page.
        for name in ("personne-ici", "passant"):
            missing = guest.http.get(f"/u/{name}")
            assert missing.status_code == 404 and 'data-testid="message"' in missing.text
        # Names link to profiles: the home page's lists and the ratings board.
        home = guest.http.get("/").text.split('data-lobby="over"')[1]
        assert f'href="/u/pia{suffix}"' in home
        board = guest.http.get("/ratings").text.split(f'data-testid="ratings-{TOY}-blitz"')[1]
        assert f'href="/u/pol{suffix}"' in board.split("</article>")[0]
    finally:
        for p in (alice, bob, guest):
            p.close()


def test_the_games_page_filters_and_pages_on_the_server(server: LiveServer) -> None:
    suffix = unique(server)
    alice, bob = account(server, f"fia{suffix}"), account(server, f"fol{suffix}")
    carol = account(server, f"fcarol{suffix}")
    try:
        for i in range(22):
            finish_by_resigning(alice, bob, loser=i % 2)
        finish_by_resigning(alice, carol, loser=1)
        url = f"/u/fia{suffix}/games"
        first = bob.http.get(url).text
        assert "23 parties" in first and "Page 1 sur 2" in first
        assert first.count("data-outcome=") == 20 and 'data-testid="page-next"' in first
        second = bob.http.get(url + "?page=2").text
        assert second.count("data-outcome=") == 3 and 'data-testid="page-previous"' in second
        wins = bob.http.get(url + "?result=win").text
        assert "12 parties" in wins and 'data-outcome="loss"' not in wins
        versus = bob.http.get(url + f"?opponent=fcarol{suffix}").text
        assert "1 partie" in versus and f'href="/u/fcarol{suffix}"' in versus
        assert "0 partie" in bob.http.get(url + "?opponent=inconnu&ranked=yes").text
        assert "23 parties" in bob.http.get(url + f"?game={TOY}&ranked=no").text
        for bad in ("?page=0", "?page=999999", "?result=maybe", "?game=chess", "?ranked=x",
                    "?page=abc"):
            assert bob.http.get(url + bad).status_code == 400, bad
        assert bob.http.get("/u/personne/games").status_code == 404
    finally:
        for p in (alice, bob, carol):
            p.close()


def post(p: Player, path: str, **form: str) -> Any:
    return p.http.post(path, data=form)


def test_friends_both_sides_and_a_hostile_client(server: LiveServer) -> None:
    suffix = unique(server)
    ann, ben, cat = (account(server, f"{n}{suffix}") for n in ("ann", "ben", "cat"))
    guest = Player(server).guest("gaspard")
    try:
        ben_socket = ben.socket()
        ben_socket.sync()
        assert post(ann, "/friends/ask", name=f"ben{suffix}").status_code == 303
        assert ben_socket.expect("friend_request")["from"] == f"ann{suffix}"
        # Hostile: twice, to oneself, to nobody, to a guest, as a guest, without CSRF.
        assert "déjà envoyée" in post(ann, "/friends/ask", name=f"ben{suffix}").text
        assert "vous-même" in post(ann, "/friends/ask", name=f"ann{suffix}").text
        assert post(ann, "/friends/ask", name="nobody-at-all").status_code == 400
        assert post(ann, "/friends/ask", name="gaspard").status_code == 400
        assert post(guest, "/friends/ask", name=f"ann{suffix}").status_code == 403
        no_token = ann.http.post("/friends/ask", data={"name": f"cat{suffix}", "csrf": "x"})
        assert no_token.status_code == 403
        # Someone else's request, and one's own, cannot be accepted.
        assert post(cat, "/friends/accept", name=f"ann{suffix}").status_code == 400
        assert post(ann, "/friends/accept", name=f"ben{suffix}").status_code == 400
        assert f'data-name="ben{suffix}"' in ann.http.get("/friends").text.split(
            'data-testid="outgoing"')[1]
        assert f'data-name="ann{suffix}"' in ben.http.get("/friends").text.split(
            'data-testid="incoming"')[1]
        assert post(ben, "/friends/accept", name=f"ann{suffix}").status_code == 303
        assert post(ann, "/friends/ask", name=f"ben{suffix}").status_code == 400  # friends
        # Online: ben has a socket open, and is playing a game.
        gid = gid_of(create(ben, ["me", "bot:random"]))
        listing = ann.http.get("/friends").text.split('data-testid="friend-list"')[1]
        line = listing.split(f'data-name="ben{suffix}"')[1].split("</li>")[0]
        assert 'data-online="yes"' in listing and f'href="/g/{gid}"' in line
        ben.close()
        deadline = time.monotonic() + 5
        while 'data-online="no"' not in ann.http.get("/friends").text:
            assert time.monotonic() < deadline, "ben still online after closing his socket"
            time.sleep(0.1)
        assert f"ann{suffix}" in ann.http.get(f"/u/ben{suffix}").text
        # Decline and remove.
        assert post(cat, "/friends/ask", name=f"ann{suffix}").status_code == 303
        assert post(ann, "/friends/decline", name=f"cat{suffix}").status_code == 303
        assert post(ann, "/friends/decline", name=f"cat{suffix}").status_code == 400
        assert post(ann, "/friends/remove", name=f"ben{suffix}").status_code == 303
        assert 'data-testid="no-friends"' in ann.http.get("/friends").text
    finally:
        for p in (ann, ben, cat, guest):
            p.close()


def test_a_challenge_reaches_the_friend_live_and_accepting_it_makes_the_game(
        server: LiveServer) -> None:
    suffix = unique(server)
    dan, eve, fay = (account(server, f"{n}{suffix}") for n in ("dan", "eve", "fay"))
    try:
        assert post(dan, "/friends/ask", name=f"eve{suffix}").status_code == 303
        assert post(eve, "/friends/accept", name=f"dan{suffix}").status_code == 303
        # Not friends: no challenge.
        refused = post(dan, "/friends/challenge", name=f"fay{suffix}", game=TOY, players="2")
        assert refused.status_code == 400
        bad = post(dan, "/friends/challenge", name=f"eve{suffix}", game=TOY, players="9")
        assert bad.status_code == 400
        eve_socket, dan_socket = eve.socket(), dan.socket()
        eve_socket.sync()
        dan_socket.sync()
        sent = post(dan, "/friends/challenge", name=f"eve{suffix}", game=TOY, players="2",
                    clock="blitz")
        assert sent.status_code == 303
        news = eve_socket.expect("challenge")
        assert news["from"] == f"dan{suffix}" and news["clock"] == "blitz"
        home = eve.http.get("/").text
        assert f'data-challenge="{news["id"]}"' in home
        # Someone else, and the challenger, cannot answer it.
        assert post(fay, f"/challenges/{news['id']}/accept").status_code == 400
        assert post(dan, f"/challenges/{news['id']}/accept").status_code == 400
        accepted = post(eve, f"/challenges/{news['id']}/accept")
        assert accepted.status_code == 303
        gid = accepted.headers["location"].rsplit("/", 1)[1]
        told = dan_socket.expect("challenge_answered")
        assert told["accepted"] and told["game_id"] == gid
        state = eve_socket.watch(gid)
        assert state["status"] == "live" and state["mine"] == [1]
        assert [s["name"] for s in state["seats"]] == [f"dan{suffix}", f"eve{suffix}"]
        assert state["seats"][0]["profile"] == f"/u/dan{suffix}"
        assert state["clock"]["control"] == "blitz"
        assert post(eve, f"/challenges/{news['id']}/accept").status_code == 400  # once
        # A declined challenge makes no game.
        post(dan, "/friends/challenge", name=f"eve{suffix}", game=TOY, players="2")
        second = eve_socket.expect("challenge")
        assert post(eve, f"/challenges/{second['id']}/decline").status_code == 303
        assert f'data-challenge="{second["id"]}"' not in eve.http.get("/friends").text
    finally:
        for p in (dan, eve, fay):
            p.close()


def test_friend_requests_and_challenges_have_their_limits(tmp_path: Path) -> None:
    limits = {**ONE_ADDRESS_FOR_ALL, "friend_request": "2 per minute",
              "challenge": "1 per minute"}
    server = LiveServer(tmp_path / "limits.sqlite3", limits=limits).start()
    try:
        people = [account(server, n) for n in ("gil", "hal", "ivy", "jon")]
        gil = people[0]
        assert post(gil, "/friends/ask", name="hal").status_code == 303
        assert post(gil, "/friends/ask", name="ivy").status_code == 303
        over = post(gil, "/friends/ask", name="jon")
        assert over.status_code == 429 and int(over.headers["Retry-After"]) >= 1
        assert post(people[1], "/friends/accept", name="gil").status_code == 303
        assert post(gil, "/friends/challenge", name="hal", game=TOY).status_code == 303
        assert post(gil, "/friends/challenge", name="hal", game=TOY).status_code == 429
        store = Store(server.db_url)
        try:
            with store.session() as s:
                assert s.scalars(select(Play)).all() == []
        finally:
            store.close()
        for p in people:
            p.close()
    finally:
        server.stop()


def test_deleting_an_account_takes_its_profile_friends_and_plays(server: LiveServer) -> None:
    suffix = unique(server)
    kim = account(server, f"kim{suffix}")
    lea = account(server, f"lea{suffix}")
    try:
        gid = finish_by_resigning(kim, lea, loser=1)
        assert post(kim, "/friends/ask", name=f"lea{suffix}").status_code == 303
        assert post(lea, "/friends/accept", name=f"kim{suffix}").status_code == 303
        gone = kim.http.post("/account/delete", data={"confirm": "correct horse"})
        assert gone.status_code == 200
        assert lea.http.get(f"/u/kim{suffix}").status_code == 404
        assert 'data-testid="no-friends"' in lea.http.get("/friends").text
        mine = lea.http.get(f"/u/lea{suffix}").text.split('data-testid="profile-recent"')[1]
        line = mine.split(f'data-game="{gid}"')[1].split("</tr>")[0]
        assert "Compte supprimé" in line and "/u/kim" not in line
        store = Store(server.db_url)
        try:
            with store.session() as s:
                assert [p.outcome for p in s.scalars(select(Play).where(
                    Play.game_id == gid))] == ["loss"]  # lea's, kim's is gone
        finally:
            store.close()
    finally:
        kim.close()
        lea.close()


def test_a_banned_players_profile_says_so_and_they_leave_the_boards(server: LiveServer) -> None:
    suffix = unique(server)
    mod, ned, ola = (account(server, f"{n}{suffix}") for n in ("mod", "ned", "ola"))
    try:
        finish_by_resigning(ned, ola, loser=1, ranked=True)
        store = Store(server.db_url)
        try:
            moderator = grant(store, f"mod{suffix}", "moderator")
            banned = store.account(f"ned{suffix}")
            assert banned is not None
            ban(store, moderator, banned.id, None, "triche")
        finally:
            store.close()
        page = ola.http.get(f"/u/ned{suffix}")
        assert page.status_code == 200 and 'data-testid="profile-banned"' in page.text
        assert 'data-testid="profile-record"' not in page.text
        assert ola.http.get(f"/u/ned{suffix}/games").status_code == 404
        board = ola.http.get("/ratings").text.split(f'data-testid="ratings-{TOY}-blitz"')[1]
        board = board.split("</article>")[0]
        assert f"ned{suffix}" not in board and f"ola{suffix}" in board
        # A banned player asks nobody.
        assert post(ned, "/friends/ask", name=f"ola{suffix}").status_code == 403
    finally:
        for p in (mod, ned, ola):
            p.close()
