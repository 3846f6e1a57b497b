"""The daily challenge (MT-24): one deal a day per game for everyone, one attempt per account,
against the strongest bot, and a leaderboard; through a real server where it matters."""

from __future__ import annotations

import hashlib
import hmac
from datetime import date, timedelta
from pathlib import Path

from ludotheque import games
from ludotheque.server import daily
from ludotheque.server.bots import load_plugin
from ludotheque.server.daily import Standing, challenge, leaderboard
from ludotheque.store import Store, migrate

from .live import PLUGIN, TOY, LiveServer, Player

DAY = date(2026, 12, 3)


KEY = b"k" * 32


def test_a_days_challenge_comes_from_the_date_the_game_and_the_sites_daily_key() -> None:
    for game in games.all_games():
        first = challenge(game, DAY, KEY)
        assert first is not None and first == challenge(game, DAY, KEY)
        # A big seed: the engines deal it with the hashed generator (core/rng.py).
        assert first.config.players == 2 and first.seed.bit_length() > 128
        assert first.config.label not in game.not_daily
        assert set(game.not_daily) <= {c.label for c in game.configs()}
        week = {challenge(game, DAY + timedelta(days=i), KEY).seed  # type: ignore[union-attr]
                for i in range(7)}
        assert len(week) == 7, "every day deals anew"
        # Without the site's key the deal cannot be worked out from the date.
        assert challenge(game, DAY, b"t" * 32).seed != first.seed  # type: ignore[union-attr]
    # MiTiX vs MiTiX has no decision to make: the MiTiX challenge is always FaMiX.
    mitix = games.get("mitix")
    labels = {challenge(mitix, DAY + timedelta(days=i), KEY).config.label  # type: ignore[union-attr]
              for i in range(30)}
    assert labels and "mitix" not in labels and labels <= {"famix", "famix-doubles"}
    # MT-24: the day's market, played in the open.
    assert {challenge(games.get("mitan"), DAY + timedelta(days=i), KEY).config.label  # type: ignore[union-attr]
            for i in range(10)} == {"open"}


def test_the_daily_seed_is_an_hmac_under_a_key_of_its_own_kept_by_the_store(
        tmp_path: Path) -> None:
    """Issue #17: FNV-1a of the date let two published seeds predict every day to come."""
    url = f"sqlite:///{tmp_path / 'daily.sqlite3'}"
    migrate(url)
    store = Store(url)
    key = store.daily_key()
    assert len(key) == 32
    assert key != store.secret_key().encode() and key.hex() != store.secret_key()
    store.close()
    again = Store(url)  # a restart: the same key, so the same deal all day
    assert again.daily_key() == key
    again.close()

    mindbug = games.get("mindbug")
    found = challenge(mindbug, DAY, key)
    assert found is not None
    mac = hmac.new(key, f"daily\x1fmindbug\x1f{DAY.isoformat()}".encode(), hashlib.sha256)
    assert found.seed == (1 << 128) | int.from_bytes(mac.digest()[:16], "big")

    other_url = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    migrate(other_url)
    other = Store(other_url)
    other_key = other.daily_key()
    other.close()
    assert other_key != key
    theirs = challenge(mindbug, DAY, other_key)
    assert theirs is not None and theirs.seed != found.seed
    # Different seeds, different deals (the cards' order, not just the generator).
    deals = [{k: v for k, v in mindbug.new(c.seed, 2, c.config.options).to_json().items()
              if k != "rng"} for c in (found, theirs)]
    assert deals[0] != deals[1]


def line(name: str, outcome: str, moves: int, score: float = 0.0) -> Standing:
    return Standing(name, name, name, outcome, moves, score)


def test_the_leaderboard_ranks_wins_then_fewer_moves_then_score() -> None:
    board = leaderboard([
        line("loss-quick", "loss", 3),
        line("win-long", "win", 40, 9),
        line("draw", "draw", 30),
        line("win-short-low", "win", 20, 1),
        line("loss-long", "loss", 50),
        line("win-short-high", "win", 20, 4),
        line("win-short-high-too", "win", 20, 4),
    ])
    assert [(rank, s.name) for rank, s in board] == [
        (1, "win-short-high"), (1, "win-short-high-too"),  # equal keys share a rank
        (3, "win-short-low"), (4, "win-long"), (5, "draw"),
        # Losses: the longer defence first (a quick resignation is no feat).
        (6, "loss-long"), (7, "loss-quick")]


def account(server: LiveServer, name: str) -> Player:
    p = Player(server)
    r = p.http.post("/register", data={"name": name, "password": "correct horse"})
    assert r.status_code == 303, r.text
    return p


def test_one_attempt_per_account_against_the_strongest_bot_then_the_board(
        server: LiveServer) -> None:
    guest = Player(server).guest("invité")
    refused = guest.http.post(f"/daily/{TOY}")
    assert refused.status_code == 403 and "avec un compte" in refused.text
    page = guest.http.get("/daily")
    assert page.status_code == 200 and "data-testid=\"daily-play-" not in page.text
    assert "data-testid=\"daily-account\"" in page.text

    alice = account(server, f"alice{server.port}")
    bob = account(server, f"bob{server.port}")
    assert 'data-testid="daily-play-mitan"' in alice.http.get("/daily").text
    started = alice.http.post(f"/daily/{TOY}")
    assert started.status_code == 303
    gid = started.headers["location"].rsplit("/", 1)[1]
    # A second try the same day (another tab, a double click) gets the same game back.
    assert alice.http.post(f"/daily/{TOY}").headers["location"] == f"/g/{gid}"
    assert f'href="/g/{gid}"' in alice.http.get("/daily").text

    store = Store(server.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        expected = challenge(load_plugin(PLUGIN), daily.today(), store.daily_key())
        assert expected is not None and row.seed == expected.seed
        assert row.seats[0]["player"] is not None and row.seats[0]["kind"] == "human"
        assert row.seats[1] == {"kind": "bot", "player": None, "name": "difficile",
                                "bot": "difficile"}
        assert not row.public  # nobody watches the day's deal before playing it
    finally:
        store.close()
    assert gid not in alice.http.get("/").text.split('data-lobby="live"')[1]

    # Alice resigns at once; Bob plays his game to the end.
    a = alice.socket()
    a.watch(gid)
    a.send({"type": "resign", "game": gid, "seat": 0})
    assert a.wait_state(gid, status="over")["result"]["reason"] == "resign"
    bob_gid = bob.http.post(f"/daily/{TOY}").headers["location"].rsplit("/", 1)[1]
    assert bob_gid != gid
    b = bob.socket()
    b.watch(bob_gid)
    end = b.play_to_end(bob_gid)
    assert end["status"] == "over"

    board = alice.http.get("/daily").text.split(f'data-testid="daily-board-{TOY}"')[1]
    board = board.split("</table>")[0]
    # Whatever Bob's result, he is above Alice: a win or a draw beats her loss, and a loss
    # over a whole game beats a resignation before the first move.
    assert board.index(f"bob{server.port}") < board.index(f"alice{server.port}")
    assert "Défaite" in board

    # The day's records stay secret until tomorrow: they hold the seed, so the deal.
    for path in (f"/g/{gid}/record.json", f"/g/{gid}/replay"):
        hidden = bob.http.get(path)
        assert hidden.status_code == 403 and "demain" in hidden.text
    # Past days can be read (no attempt there), future days cannot.
    yesterday = (daily.today() - timedelta(days=1)).isoformat()
    assert "Personne n'a encore terminé" in alice.http.get(f"/daily?day={yesterday}").text
    tomorrow = (daily.today() + timedelta(days=1)).isoformat()
    assert alice.http.get(f"/daily?day={tomorrow}").status_code == 404
    assert alice.http.get("/daily?day=hier").status_code == 404
    assert alice.http.post("/daily/no-such-game").status_code == 404
    for p in (guest, alice, bob):
        p.close()


def test_todays_daily_room_is_closed_to_all_but_its_player(server: LiveServer) -> None:
    """Nobody may follow the day's deal before playing it: the room page and the WebSocket
    refuse anyone but the game's own player (the rule of the replay: published tomorrow)."""
    alice = account(server, f"ann{server.port}")
    bob = account(server, f"ben{server.port}")
    guest = Player(server).guest("curieux")
    gid = alice.http.post(f"/daily/{TOY}").headers["location"].rsplit("/", 1)[1]
    a = alice.socket()
    first = a.watch(gid)
    assert first["mine"] == [0]

    for other in (bob, guest):
        page = other.http.get(f"/g/{gid}")
        assert page.status_code == 403 and 'data-testid="message"' in page.text
        assert "seul son joueur" in page.text and 'id="board"' not in page.text
        s = other.socket()
        s.send({"type": "watch", "game": gid, "since": 0})
        refused = s.error()
        assert refused["code"] == "daily_private" and "seul son joueur" in refused["message"]
        # Without a watch, nothing else of the room is open either.
        s.send({"type": "chat", "game": gid, "text": "la donne ?"})
        assert s.error()["code"] == "watch_first"
        assert s.nothing()
        # Nor is it listed among the games to watch.
        assert gid not in other.http.get("/").text
    bob.http.cookies.set("lang", "en")
    assert "only its player" in bob.http.get(f"/g/{gid}").text
    english = bob.socket()
    english.send({"type": "watch", "game": gid})
    assert "only its player" in english.error()["message"]

    # Alice plays on, her page open.
    assert alice.http.get(f"/g/{gid}").status_code == 200
    after = a.act(gid, 0)
    assert after["version"] > first["version"] and 0 in after["mine"]
    for p in (alice, bob, guest):
        p.close()
