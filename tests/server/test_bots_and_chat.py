"""Bots in worker processes, mixed tables, and the chat of a room."""

from __future__ import annotations

import time

import httpx

from .live import LiveServer, Player


def test_a_human_against_a_bot_plays_to_the_end(server: LiveServer,
                                                people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "bot:random"])
    a = alice.socket()
    state = a.watch(gid)
    assert state["status"] == "live" and state["seats"][1]["kind"] == "bot"
    final = a.play_to_end(gid)
    assert final["result"]["reason"] == "hands_empty"
    assert final["version"] == 10


def test_a_bot_that_tries_illegal_actions_does_not_stall_the_game(
        server: LiveServer, people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "bot:cheat"])
    a = alice.socket()
    a.watch(gid)
    final = a.play_to_end(gid)
    assert final["result"]["reason"] == "hands_empty" and final["version"] == 10


def test_bots_against_bots_with_a_spectator(server: LiveServer, people: list[Player]) -> None:
    carol = people[2]
    gid = carol.new_game(["bot:random", "bot:random"])
    c = carol.socket()
    c.watch(gid)
    final = c.wait_state(gid, status="over")
    assert final["result"] is not None and final["mine"] == []
    assert gid in carol.http.get("/").text


def test_the_site_stays_responsive_while_slow_bots_think(server: LiveServer,
                                                         people: list[Player]) -> None:
    """Two slow bots (two seconds of CPU a move each) think at once, in worker processes,
    not on the event loop: pings and pages are answered meanwhile. Checked by order, not by
    a clock: the answers come while the bot's move is still to come. (A bot on the event loop
    would hold every answer until its move was played.)"""
    carol = people[2]
    rooms = [carol.new_game(["bot:slow", "me"]) for _ in range(2)]
    c = carol.socket()
    c.watch(rooms[0])
    c.sync()
    assert httpx.get(server.url + "/", timeout=30).status_code == 200
    state = c.latest[rooms[0]]
    assert state["version"] == 0 and state["seats"][0]["thinking"]
    assert server.process is not None
    # The worker marks its process when its search starts (a spawned worker may still be
    # starting under load): wait for the mark, then check whose process it is.
    thinkers: set[int] = set()
    for _ in range(300):
        thinkers = {int(p.name) for p in server.bot_pids.iterdir()}
        if thinkers:
            break
        time.sleep(0.1)
    assert thinkers and server.process.pid not in thinkers


def test_chat_is_escaped_limited_and_rate_limited(server: LiveServer,
                                                  people: list[Player]) -> None:
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"])
    a, b, c = alice.socket(), bob.socket(), carol.socket()
    for s in (a, b, c):
        s.watch(gid)
    # A spectator may chat too; everybody in the room gets the message, HTML escaped.
    c.send({"type": "chat", "game": gid, "text": "<script>alert(1)</script> bonjour"})
    for s in (a, b, c):
        m = s.expect("chat")
        assert m["name"] == "carol"
        assert m["text"] == "&lt;script&gt;alert(1)&lt;/script&gt; bonjour"
    c.send({"type": "chat", "game": gid, "text": "x" * 501})
    assert c.error()["code"] == "too_long"
    c.send({"type": "chat", "game": gid, "text": "   "})
    assert c.error()["code"] == "empty"
    for i in range(5):  # Limits.chat: 5 messages in a row are fine ...
        b.send({"type": "chat", "game": gid, "text": f"message {i}"})
        assert b.expect("chat")["text"] == f"message {i}"
    b.send({"type": "chat", "game": gid, "text": "one too many"})
    refusal = b.error()  # ... one more within the window is not, and says when to retry
    assert refusal["code"] == "rate_limited" and 1 <= refusal["retry_after"] <= 10
    a.sync()
    assert all(m["text"] != "one too many" for m in a.seen_chat)
    # The history is kept with the game and shown on its page, escaped.
    page = carol.http.get(f"/g/{gid}").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    assert "message 4" in page and "one too many" not in page
