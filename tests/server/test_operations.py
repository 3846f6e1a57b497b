"""What an operator relies on, through a real server: the probes, JSON logs, and a backup
taken while games are played that restores into a site serving the same games."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from ludotheque.core.record import Move, Record, replay_steps
from ludotheque.server.bots import load_plugin
from ludotheque.store import Store
from ludotheque.store.backup import BackupError, backup, contents, restore

from .live import PLUGIN, ROOT, LiveServer, Player
from .postgres import Postgres


def ludo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ludotheque.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_healthz_and_readyz_answer(server: LiveServer) -> None:
    health = httpx.get(server.url + "/healthz")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    ready = httpx.get(server.url + "/readyz")
    assert ready.status_code == 200 and ready.json()["database"] == "ok"


def test_readyz_says_unavailable_when_the_database_is_gone(tmp_path: Path) -> None:
    postgres = Postgres().start()
    site = None
    try:
        site = LiveServer(postgres.create_database("probe"), log=tmp_path / "probe.log").start()
        assert httpx.get(site.url + "/readyz").status_code == 200
        postgres.stop()
        started = time.monotonic()
        ready = httpx.get(site.url + "/readyz", timeout=10)
        assert ready.status_code == 503
        assert ready.json() == {"status": "unavailable", "database": "unreachable"}
        assert time.monotonic() - started < 5
        # The process itself still answers: a liveness probe must not restart it for this.
        assert httpx.get(site.url + "/healthz").status_code == 200
    finally:
        if site is not None:
            site.stop()
        postgres.stop()


def test_json_logs_name_the_game_and_the_player(tmp_path: Path) -> None:
    site = LiveServer(tmp_path / "logs.sqlite3",
                      args=("--log-format", "json", "--log-level", "info")).start()
    alice = Player(site).guest("alice")
    try:
        gid = alice.new_game(["me", "bot:facile"])
        assert alice.http.get(f"/g/{gid}").status_code == 200
    finally:
        alice.close()
        site.stop()
    lines = [line for line in site.log.read_text().splitlines() if line.startswith("{")]
    assert lines, "no JSON line in the log"
    records = [json.loads(line) for line in lines]
    for record in records:
        assert {"time", "level", "logger", "message"} <= record.keys()
    about_room = [r for r in records if f"/g/{gid}" in r["message"]]
    assert about_room, "the room's request was not logged"
    assert all(r.get("game") == gid and r.get("player") for r in about_room)
    assert not [line for line in site.log.read_text().splitlines()
                if line.startswith(("INFO ", "WARNING "))], "a plain text line in JSON mode"


def keep_playing(site: LiveServer, stop: threading.Event, played: list[str]) -> None:
    """Two guests play one toy game after another until told to stop."""
    alice, bob = Player(site).guest("alice"), Player(site).guest("bob")
    try:
        a, b = alice.socket(), bob.socket()
        while not stop.is_set():
            gid = alice.new_game(["me", "open"])
            a.watch(gid)
            b.watch(gid)
            b.send({"type": "sit", "game": gid, "seat": 1})
            b.wait_state(gid, status="live")
            played.append(gid)
            for _ in range(4):
                if stop.is_set():
                    break
                a.act(gid, 0)
                b.act(gid, 1)
    finally:
        alice.close()
        bob.close()


def stored_record(store: Store, gid: str) -> Record:
    row = store.game(gid)
    assert row is not None
    return Record(game=row.game, seed=row.seed, players=row.players, options=row.options,
                  moves=[Move(m.seat, m.action) for m in store.moves(gid)])


def test_backup_while_games_are_played_restores_the_same_games(tmp_path: Path) -> None:
    db = tmp_path / "live.sqlite3"
    # Games as fast as the socket goes: more than the per-socket limits allow a person.
    site = LiveServer(db, args=("--limits", "off")).start()
    stop, played = threading.Event(), list[str]()
    player = threading.Thread(target=keep_playing, args=(site, stop, played))
    player.start()
    copies: list[Path] = []
    try:
        deadline = time.monotonic() + 30
        while len(played) < 2:
            assert time.monotonic() < deadline and player.is_alive(), "no game was played"
            time.sleep(0.05)
        for n in range(3):
            copy = tmp_path / f"backup-{n}.sqlite3"
            done = ludo("backup", str(copy), "--db", f"sqlite:///{db}")
            assert done.returncode == 0, done.stderr
            assert "backup written" in done.stdout
            copies.append(copy)
            time.sleep(0.2)
    finally:
        stop.set()
        player.join(60)
        site.stop()
    live = Store(f"sqlite:///{db}")
    for copy in copies:
        found = contents(copy)
        assert found.games >= 1 and found.moves >= 1
        kept = Store(f"sqlite:///{copy}")
        try:
            for gid in played:
                row = kept.game(gid)
                if row is None:
                    continue
                # Each game in a backup is a prefix of the live game, and replays.
                record = stored_record(kept, gid)
                final = stored_record(live, gid)
                assert final.moves[:len(record.moves)] == record.moves
                assert row.moves_count == len(record.moves)
                list(replay_steps(load_plugin(PLUGIN), record))
        finally:
            kept.close()
    live.close()

    # Restore the last copy into a new database and serve it: the games are there.
    restored_db = tmp_path / "restored.sqlite3"
    done = ludo("restore", str(copies[-1]), "--db", f"sqlite:///{restored_db}", "--yes")
    assert done.returncode == 0, done.stderr
    kept = Store(f"sqlite:///{copies[-1]}")
    expected = {gid: row.moves_count for gid in played if (row := kept.game(gid)) is not None}
    kept.close()
    assert expected
    site = LiveServer(restored_db, args=("--limits", "off")).start()  # one socket, many rooms
    viewer = Player(site).guest("viewer")
    try:
        sock = viewer.socket()
        for gid, count in expected.items():
            assert sock.watch(gid)["version"] == count
    finally:
        viewer.close()
        site.stop()


def test_backup_and_restore_refuse_what_they_cannot_do(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="pg_dump"):
        backup("postgresql+psycopg://ludo@127.0.0.1:1/site", tmp_path / "x.sqlite3")
    with pytest.raises(BackupError, match="no such database"):
        backup(f"sqlite:///{tmp_path / 'missing.sqlite3'}", tmp_path / "x.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match=r"not a SQLite database|not a Ludothèque"):
        restore(junk, f"sqlite:///{tmp_path / 'target.sqlite3'}")
    assert not (tmp_path / "target.sqlite3").exists()
    done = ludo("backup", str(tmp_path / "y.sqlite3"), "--db",
                "postgresql+psycopg://ludo@127.0.0.1:1/site")
    assert done.returncode == 1 and "pg_dump" in done.stderr


def metric(text: str, name: str) -> float:
    """The value of an unlabelled sample in Prometheus' text format."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not in the metrics")


def sample(text: str, name: str) -> float:
    """A sample's value, its labels written as Prometheus writes them."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} not in the metrics")


def test_metrics_only_with_the_token(server: LiveServer, tmp_path: Path) -> None:
    # Without a configured token, /metrics does not exist.
    assert httpx.get(server.url + "/metrics").status_code == 404
    site = LiveServer(tmp_path / "metrics.sqlite3", args=("--metrics-token", "s3cret")).start()
    alice = Player(site).guest("alice")
    try:
        url = site.url + "/metrics"
        assert httpx.get(url).status_code == 404
        assert httpx.get(url, headers={"Authorization": "Bearer wrong"}).status_code == 404
        gid = alice.new_game(["me", "open"])
        first, second = alice.socket(), alice.socket()
        first.watch(gid)
        second.sync()
        scraped = httpx.get(url, headers={"Authorization": "Bearer s3cret"})
        assert scraped.status_code == 200
        assert scraped.headers["content-type"].startswith("text/plain")
        text = scraped.text
        assert metric(text, "ludo_open_sockets") == 2
        assert metric(text, "ludo_live_rooms") == 1
        assert metric(text, "ludo_bot_queue") == 0
        for name in ("ludo_moves_total", "ludo_move_seconds", "ludo_db_write_seconds",
                     "ludo_bot_think_seconds", "ludo_rate_limited_total"):
            assert f"# TYPE {name.removesuffix('_total')}" in text, name
        # A game against a bot: moves counted and timed, the bot's thinking, the writes.
        vs_bot = alice.new_game(["me", "bot:random"])
        play = alice.socket()
        play.watch(vs_bot)
        play.act(vs_bot, 0)
        while "0" not in play.latest[vs_bot]["legal"]:  # the bot answers the round
            play.recv()
        play.act(vs_bot, 0)
        # Over a limit: six chat lines in a row (five per ten seconds).
        for n in range(6):
            play.send({"type": "chat", "game": vs_bot, "text": f"ligne {n}"})
        assert play.expect("error")["code"] == "rate_limited"
        text = httpx.get(url, headers={"Authorization": "Bearer s3cret"}).text
        assert sample(text, 'ludo_moves_total{game="carte_haute"}') >= 2
        assert sample(text, "ludo_move_seconds_count") >= 2
        assert sample(text, "ludo_db_write_seconds_count") >= 2
        assert sample(text, 'ludo_bot_think_seconds_count{level="random"}') >= 1
        assert sample(text, 'ludo_rate_limited_total{limit="chat"}') == 1
        second.close()
        first.sync()
        deadline = time.monotonic() + 5
        while metric(httpx.get(url, headers={"Authorization": "Bearer s3cret"}).text,
                     "ludo_open_sockets") != 2:  # first and play
            assert time.monotonic() < deadline, "a closed socket is still counted"
            time.sleep(0.05)
    finally:
        alice.close()
        site.stop()
