"""Who has a room open (issue #20, point 8): each seat's player online or away and the
spectators' count, told in `presence` messages (server/room_presence.py) to every page of the
room when someone comes, sits or goes; a page with two tabs counts once."""

from __future__ import annotations

from .live import LiveServer, Player


def test_presence_tells_who_is_online_and_how_many_watch(server: LiveServer,
                                                         people: list[Player]) -> None:
    alice, bob, carol = people
    gid = alice.new_game(["me", "open"])
    a = alice.socket()
    a.watch(gid)
    # The watcher is told at once: her seat is online, nobody else is here.
    assert a.presence(gid)["online"] == [0] and a.presence(gid)["watchers"] == 0

    # Bob opens the invitation: a spectator until he sits, then his seat is online.
    b = bob.socket()
    b.watch(gid)
    a.presence(gid, online=[0], watchers=1)
    b.send({"type": "sit", "game": gid, "seat": 1})
    b.wait_state(gid, status="live")
    a.presence(gid, online=[0, 1], watchers=0)

    # Carol watches from two tabs: one spectator.
    c1, c2 = carol.socket(), carol.socket()
    c1.watch(gid)
    c2.watch(gid)
    a.presence(gid, online=[0, 1], watchers=1)
    assert not any(p["watchers"] > 1 for p in a.presences[gid])

    # Bob closes his page: his seat is away, and Alice's page is told so.
    b.conn.close()
    a.presence(gid, online=[0], watchers=1)
    c1.presence(gid, online=[0], watchers=1)
    for s in (a, c1, c2):
        s.conn.close()


def test_a_burst_of_arrivals_is_told_in_few_messages(server: LiveServer,
                                                     people: list[Player]) -> None:
    alice = people[0]
    gid = alice.new_game(["me", "open"])
    a = alice.socket()
    a.watch(gid)
    a.presence(gid, online=[0])
    watchers = [Player(server).guest(f"w{i}") for i in range(8)]
    sockets = [w.socket() for w in watchers]
    for s in sockets:
        s.watch(gid)
    a.presence(gid, watchers=8)
    # Eight arrivals within the delay: far fewer than eight rounds of messages to the room.
    assert len(a.presences[gid]) <= 4, a.presences[gid]
    for s in sockets:
        s.conn.close()
    for w in watchers:
        w.close()
    a.conn.close()
