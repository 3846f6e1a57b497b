"""The database against trouble (issue 17), through real server processes on real SQLite
files: a second server on the same file refuses to start; a locked database does not stall
page reads; a server started on a read-only database answers with its message page and
recovers as soon as the file is writable."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from ludotheque.store.lock import lock_path

from .live import PLUGIN, ROOT, Browser, LiveServer, Player, free_port

SOURCES = os.pathsep.join([str(ROOT / "src"), str(ROOT)])  # this checkout's, as LiveServer


def read_only(path: Path, on: bool) -> None:
    """Make a file read-only, or writable again. root writes through a file's mode: for
    root the file is made immutable instead (ext4's attribute), which binds root too."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)
    else:
        path.chmod(0o444 if on else 0o644)


def test_a_second_server_on_the_same_file_refuses_to_start(tmp_path: Path) -> None:
    db = tmp_path / "one.sqlite3"
    first = LiveServer(db).start()
    try:
        second = subprocess.run(
            [sys.executable, "-m", "ludotheque.server", "--port", str(free_port()), "--db",
             f"sqlite:///{db}", "--plugin", PLUGIN, "--log-level", "warning"],
            cwd=ROOT, env=dict(os.environ, PYTHONPATH=SOURCES), capture_output=True, text=True,
            timeout=60)
        assert second.returncode == 1
        assert f"pid {first.process.pid if first.process else '?'}" in second.stderr
        assert "already serves the database" in second.stderr
        assert str(lock_path(db.resolve())) in second.stderr
        assert httpx.get(first.url + "/", timeout=5).status_code == 200  # untouched
        # kill -9 releases the lock with the process: no stale lock to clean by hand.
        first.kill()
        first = LiveServer(db, port=first.port).start()
    finally:
        first.stop()


def test_a_locked_database_does_not_stall_page_reads(tmp_path: Path) -> None:
    db = tmp_path / "locked.sqlite3"
    server = LiveServer(db, limits=False).start()
    alice = Player(server).guest("alice")
    game = alice.new_game(["me", "open"])
    writers: list[httpx.Response] = []
    try:
        locker = sqlite3.connect(db, isolation_level=None, timeout=0)
        locker.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        try:
            # Writes pile up behind the lock (more than a thread pool's worth)...
            def guest(n: int) -> None:
                with Browser(base_url=server.url, timeout=60) as http:
                    writers.append(http.post("/guest", data={"name": f"g{n}", "next": "/"}))

            threads = [threading.Thread(target=guest, args=(n,)) for n in range(40)]
            for t in threads:
                t.start()
            time.sleep(0.5)
            # ... and a logged-in player's pages are read as if nothing were wrong.
            for path in ("/", f"/g/{game}", "/", "/learn"):
                began = time.monotonic()
                r = alice.http.get(path)
                took = time.monotonic() - began
                assert r.status_code == 200, (path, r.status_code)
                assert took < 1.0, f"{path} took {took:.1f} s behind a locked database"
            assert "alice" in alice.http.get("/").text
        finally:
            locker.execute("COMMIT")
            locker.close()
        for t in threads:
            t.join(60)
        # The writes that waited were stored (or, past the wait, answered with the message
        # page, never a bare 500); a write now goes through at once.
        assert {r.status_code for r in writers} <= {303, 503}
        bob = Player(server).guest("bob")
        assert bob.http.get("/").status_code == 200
        bob.close()
    finally:
        alice.close()
        server.stop()


def test_a_server_started_on_a_read_only_database_recovers(tmp_path: Path) -> None:
    db = tmp_path / "ro.sqlite3"
    server = LiveServer(db, limits=False).start()
    alice = Player(server).guest("alice")
    game = alice.new_game(["me", "me"])
    server.stop()
    read_only(db, True)
    try:
        server = LiveServer(db, port=server.port, limits=False).start()
        assert alice.http.get("/").status_code == 200  # reads work
        # A form that writes: the site's message page, "try again", not a bare 500.
        visitor = Browser(base_url=server.url, timeout=20)  # a browser: the form's token
        refused = visitor.post("/guest", data={"name": "bob", "next": "/"})
        assert refused.status_code == 503
        assert 'data-testid="message"' in refused.text
        assert refused.headers["retry-after"] == "5"
        # A move: a clear error, nothing changes.
        sock = alice.socket()
        before = sock.watch(game)
        action = before["legal"]["0"][0]
        sock.send({"type": "act", "game": game, "seat": 0, "action": action})
        assert sock.error()["code"] == "not_stored"
        assert sock.watch(game)["version"] == before["version"]

        read_only(db, False)
        # Writable again: the same process stores again, with no restart.
        deadline = time.monotonic() + 10
        while True:
            r = visitor.post("/guest", data={"name": "bob", "next": "/"})
            if r.status_code == 303 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert r.status_code == 303
        after = sock.act(game, 0, action)
        assert after["version"] == before["version"] + 1
    finally:
        read_only(db, False)
        alice.close()
        server.stop()
