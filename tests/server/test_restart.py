"""kill -9 the server in the middle of games, start it again: every game resumes exactly."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .live import LiveServer, Player, Socket

KEYS = ("version", "status", "mine", "views", "view", "legal", "to_act", "steps")


def seen(sock: Socket, gid: str) -> dict[str, Any]:
    """What this client is shown of the game, with its whole history."""
    state = sock.watch(gid, since=0)
    return {k: state[k] for k in KEYS} | {"names": [s["name"] for s in state["seats"]]}


def test_kill_9_mid_game_and_restart_resumes_every_game(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite3"
    server = LiveServer(db, bot_workers=1).start()
    alice, bob = Player(server).guest("alice"), Player(server).guest("bob")
    try:
        # An online game in the middle of a round: alice has chosen a card, bob has not.
        online = alice.new_game(["me", "open"])
        a, b = alice.socket(), bob.socket()
        a.watch(online)
        b.watch(online)
        b.send({"type": "sit", "game": online, "seat": 1})
        b.wait_state(online, status="live")
        a.act(online, 0)
        b.act(online, 1)
        a.act(online, 0)
        # A game against a slow bot (two seconds a move), killed while the bot thinks.
        vs_bot = alice.new_game(["me", "bot:slow"])
        a.watch(vs_bot)
        a.act(vs_bot, 0)
        # A game still waiting for a player, with a chat message.
        waiting = bob.new_game(["open", "me"])
        b.watch(waiting)
        b.send({"type": "chat", "game": waiting, "text": "anyone?"})
        b.expect("chat")
        # Wait until the slow bot is thinking in its worker process (it takes two seconds).
        deadline = time.monotonic() + 15
        while not any(server.bot_pids.iterdir()):
            assert time.monotonic() < deadline, "the slow bot never started thinking"
            time.sleep(0.05)
        thinkers = {int(p.name) for p in server.bot_pids.iterdir()}
        before = {(who, gid): seen(sock, gid)
                  for who, sock, gid in (("a", a, online), ("b", b, online),
                                         ("a", a, vs_bot), ("b", b, waiting))}
        assert before[("a", online)]["version"] == 3
        assert before[("a", vs_bot)]["version"] == 1  # the bot has not answered yet

        server.kill()
        # Its bot worker does not outlive it.
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in thinkers):
            assert time.monotonic() < deadline, "a bot worker outlived its killed server"
            time.sleep(0.1)
        server = LiveServer(db, port=server.port, bot_workers=1).start()

        # The same browsers (same cookies) come back: the same views, the same history.
        a2, b2 = alice.socket(), bob.socket()
        for (who, gid), was in before.items():
            sock = a2 if who == "a" else b2
            now = seen(sock, gid)
            if gid == vs_bot:
                # The bot was thinking when the server died: it thinks again and plays.
                assert now["version"] >= was["version"]
                continue
            assert now == was, f"game {gid} as {who} sees it changed across the restart"

        # Play on: the interrupted round completes and the game goes to its end.
        a2.watch(online)
        b2.watch(online)
        b2.act(online, 1)
        for _ in range(100):
            a2.sync()
            state = a2.latest[online]
            if state["result"] is not None:
                break
            if "0" in state["legal"]:
                a2.act(online, 0)
            b2.sync()
            if "1" in b2.latest[online]["legal"]:
                b2.act(online, 1)
        assert state["version"] == 10

        # The bot resumed on its own after the restart.
        deadline = time.monotonic() + 20
        while a2.watch(vs_bot)["version"] < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert a2.latest[vs_bot]["version"] >= 2
        assert "anyone?" in bob.http.get(f"/g/{waiting}").text
        assert waiting in alice.http.get("/").text  # still listed as an open game
    finally:
        server.stop()
        alice.close()
        bob.close()


def test_a_stored_game_the_rules_refuse_is_skipped_not_fatal(tmp_path: Path) -> None:
    """A record that the engine no longer accepts (rules changed) does not stop the server:
    that game answers "unknown", the others go on."""
    from sqlalchemy import create_engine, text

    db = tmp_path / "broken.sqlite3"
    server = LiveServer(db).start()
    alice = Player(server).guest("alice")
    try:
        good = alice.new_game(["me", "me"])
        bad = alice.new_game(["me", "me"])
        a = alice.socket()
        a.watch(good)
        a.act(good, 0)
        a.watch(bad)
        a.act(bad, 0)
        server.stop()
        engine = create_engine(f"sqlite:///{db}")
        with engine.begin() as conn:
            conn.execute(text("UPDATE moves SET action = 'p99' WHERE game_id = :g"), {"g": bad})
        engine.dispose()
        server = LiveServer(db, port=server.port).start()
        again = alice.socket()
        assert again.watch(good)["version"] == 1
        again.send({"type": "watch", "game": bad})
        assert again.error()["code"] == "unknown_game"
    finally:
        server.stop()
        alice.close()


def test_a_stored_game_of_older_rules_that_no_longer_replays_is_refused_not_fatal(
        tmp_path: Path) -> None:
    """A game stored under an older rules version (Game.version: MIMIK 1 -> 2 changed who
    starts) that the engine can no longer replay is refused, with both versions in the log;
    the others go on, an older game that still replays included."""
    from sqlalchemy import create_engine, text

    db = tmp_path / "old.sqlite3"
    server = LiveServer(db).start()
    alice = Player(server).guest("alice")
    try:
        good, older, broken = (alice.new_game(["me", "me"]) for _ in range(3))
        sock = alice.socket()
        sock.watch(broken)
        sock.act(broken, 0)
        server.stop()
        engine = create_engine(f"sqlite:///{db}")
        with engine.begin() as conn:
            for gid in (older, broken):
                conn.execute(text("UPDATE games SET game_version = '0' WHERE id = :g"),
                             {"g": gid})
            conn.execute(text("UPDATE moves SET action = 'p99' WHERE game_id = :g"),
                         {"g": broken})
        engine.dispose()
        server = LiveServer(db, port=server.port).start()
        again = alice.socket()
        assert again.watch(good)["version"] == 0
        assert again.watch(older)["version"] == 0
        again.send({"type": "watch", "game": broken})
        assert again.error()["code"] == "unknown_game"
        assert "rules version 0; this engine plays version" in server.log.read_text()
    finally:
        server.stop()
        alice.close()
