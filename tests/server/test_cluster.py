"""Three server processes on one PostgreSQL database with Redis between them
(`ludo serve --redis`): one game played by clients on different processes (moves, chat, a
spectator), its owner killed with SIGKILL in the middle, the game finished through the others;
and a game against a bot whose owner dies, the bot going on under the new owner."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from ludotheque.server.cluster import lease_key
from ludotheque.store import Store

from .live import LiveServer, Player, Socket, seated
from .postgres import Postgres
from .redisd import RedisServer
from .test_correspondence import refusal


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[Postgres, RedisServer]]:
    postgres, broker = Postgres().start(), RedisServer().start()
    yield postgres, broker
    broker.stop()
    postgres.stop()


def start_site(url: str, broker: RedisServer, folder: Path, count: int,
               args: tuple[str, ...] = ()) -> list[LiveServer]:
    # One after another: the first brings the schema up to date.
    return [LiveServer(url, log=folder / f"site-{i}.log", bot_workers=1,
                       args=("--redis", broker.url, *args)).start() for i in range(count)]


@contextmanager
def site_of(services: tuple[Postgres, RedisServer], folder: Path, database: str,
            count: int, args: tuple[str, ...] = ()
            ) -> Iterator[tuple[list[LiveServer], list[Player]]]:
    """`count` processes of one site on a new database, and the people the test adds
    (closed, like the processes stopped, at the end); `args`: more options of each."""
    postgres, broker = services
    sites = start_site(postgres.create_database(database), broker, folder, count, args)
    people: list[Player] = []
    try:
        yield sites, people
    finally:
        for person in people:
            person.close()
        for site in sites:
            site.stop()


def process_id(site: LiveServer) -> str:
    ready = httpx.get(site.url + "/readyz").json()
    assert ready["status"] == "ready" and ready["redis"] == "ok", ready
    return str(ready["process"])


def owner_of(broker: RedisServer, sites: list[LiveServer], gid: str) -> LiveServer:
    owner = redis.Redis.from_url(broker.url, decode_responses=True).get(lease_key(gid))
    assert owner, f"game {gid} has no owner"
    return next(site for site in sites if process_id(site) == owner)


def play_round(a: Socket, b: Socket, gid: str) -> None:
    """Each seat plays its first legal card (a round of Carte haute)."""
    a.act(gid, 0)
    b.act(gid, 1)


def wait_version(sock: Socket, gid: str, version: int,
                 timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        sock.sync()
        state = sock.latest[gid]
        if state["version"] >= version:
            return state
        assert time.monotonic() < deadline, f"still at version {state['version']}"
        sock.recv(max(0.1, deadline - time.monotonic()))


def test_three_processes_play_one_game_and_survive_the_owner(
        services: tuple[Postgres, RedisServer], tmp_path: Path) -> None:
    broker = services[1]
    with site_of(services, tmp_path, "cluster", 3) as (sites, people):
        assert len({process_id(s) for s in sites}) == 3
        # Each person on a process of their own: no sticky sessions, one cookie for all.
        alice = Player(sites[0]).guest("alice")
        bob = Player(sites[1]).guest("bob")
        watcher = Player(sites[2]).guest("watcher")
        people += [alice, bob, watcher]
        gid = alice.new_game(["me", "open"])
        a, s = alice.socket(), watcher.socket()
        a.watch(gid)
        b = bob.socket()
        b.watch(gid)
        s.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        for sock in (a, b, s):
            sock.wait_state(gid, status="live")
        play_round(a, b, gid)
        # Every process shows the same game: the spectator on the third sees both moves.
        assert wait_version(s, gid, 2)["status"] == "live"
        # A refusal travels back to the process that asked.
        b.send({"type": "act", "game": gid, "seat": 0, "action": "p1"})
        assert b.expect("error")["code"] == "not_your_seat"
        # Chat from one process reaches the others.
        b.send({"type": "chat", "game": gid, "text": "bonne chance"})
        for sock in (a, s):
            assert sock.expect("chat")["text"] == "bonne chance"

        owner = owner_of(broker, sites, gid)
        owner.kill()
        survivors = [site for site in sites if site is not owner]
        # The clients of the dead process come back on another one.
        socks = {}
        for name, person, sock in (("a", alice, a), ("b", bob, b), ("s", watcher, s)):
            if person.server is owner:
                person.move_to(survivors[0])
                sock = person.socket()
                sock.watch(gid)
            socks[name] = sock
        a, b, s = socks["a"], socks["b"], socks["s"]
        # The game goes on: no acknowledged move lost, through the survivors.
        state = wait_version(a, gid, 2)
        assert state["version"] == 2
        while a.latest[gid]["result"] is None:
            play_round(a, b, gid)
            a.sync()
        final = wait_version(s, gid, a.latest[gid]["version"])
        assert final["result"] is not None
        assert [st["n"] for st in s.watch(gid)["steps"]] == list(range(1, 11))
        new_owner = owner_of(broker, survivors, gid)
        assert new_owner in survivors


def test_a_bot_goes_on_when_its_owner_dies(services: tuple[Postgres, RedisServer],
                                           tmp_path: Path) -> None:
    broker = services[1]
    with site_of(services, tmp_path, "cluster_bot", 2) as (sites, people):
        alice = Player(sites[0]).guest("alice")
        people.append(alice)
        gid = alice.new_game(["me", "bot:facile"])
        a = alice.socket()
        a.watch(gid)
        a.act(gid, 0)
        wait_version(a, gid, 2)  # the bot answered
        owner = owner_of(broker, sites, gid)
        other = next(site for site in sites if site is not owner)
        if owner is sites[0]:
            owner.kill()
            alice.move_to(other)
            a = alice.socket()
            a.watch(gid)
        else:
            owner.kill()
        a.act(gid, 0)
        wait_version(a, gid, 4)  # the bot answered under its new owner
        assert owner_of(broker, [other], gid) is other


def test_an_account_deleted_through_another_process_leaves_every_room(
        services: tuple[Postgres, RedisServer], tmp_path: Path) -> None:
    """Deleting an account on a process that does not own its live game: the owner resigns
    it and every process names the seat "Deleted account" (Hub.reread_everywhere)."""
    broker = services[1]
    with site_of(services, tmp_path, "cluster_delete", 2) as (sites, people):
        carol, dave = Player(sites[0]).guest("carol"), Player(sites[1]).guest("dave")
        people += [carol, dave]
        gid = carol.new_game(["me", "open"])
        _, d = seated(carol, dave, gid)
        owner = owner_of(broker, sites, gid)
        other = next(site for site in sites if site is not owner)
        carol.move_to(other)  # her browser now reaches the process that does not own it
        gone = carol.http.post("/account/delete", data={"confirm": "carol"})
        assert gone.status_code == 200
        # Dave, on the owner's process, sees the game end (her resignation), then her name go.
        d.wait_state(gid, status="over")
        deadline = time.monotonic() + 10
        while d.latest[gid]["seats"][0]["name"] != "Compte supprimé":
            assert time.monotonic() < deadline, d.latest[gid]["seats"][0]
            d.recv(max(0.1, deadline - time.monotonic()))
        # Both processes show the same: a socket on each.
        for site in sites:
            viewer = Player(site).guest("viewer")
            people.append(viewer)
            seen = viewer.socket().watch(gid)
            assert seen["status"] == "over" and seen["seats"][0]["name"] == "Compte supprimé"


def test_a_clock_goes_on_under_the_new_owner(services: tuple[Postgres, RedisServer],
                                             tmp_path: Path) -> None:
    """A timed game whose owner dies before anyone moves: the new owner takes its clocks up
    (the seconds of the failover are nobody's) and the flag falls under it."""
    broker = services[1]
    with site_of(services, tmp_path, "cluster_clock", 2) as (sites, people):
        alice, bob = Player(sites[0]).guest("alice"), Player(sites[1]).guest("bob")
        people += [alice, bob]
        made = alice.http.post("/new/carte_haute", data={
            "players": "2", "seat_0": "me", "seat_1": "open", "public": "on",
            "clock": "eclair4"})
        assert made.status_code == 303, made.text[-300:]
        gid = made.headers["location"].rsplit("/", 1)[1]
        a, b = alice.socket(), bob.socket()
        a.watch(gid)
        b.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1})
        b.wait_state(gid, status="live")
        owner = owner_of(broker, sites, gid)
        owner.kill()  # well within the 4 s: the flag has not fallen
        killed = time.monotonic()
        survivor = next(site for site in sites if site is not owner)
        watcher = next(p for p in (alice, bob) if p.server is survivor)
        sock = a if watcher is alice else b
        over = sock.wait_state(gid, status="over", timeout=30)
        assert over["result"]["reason"] == "timeout"
        assert time.monotonic() - killed > 3  # the lease ran out, then four fresh seconds
        assert owner_of(broker, [survivor], gid) is survivor


def test_a_correspondence_deadline_falls_under_a_new_owner_that_never_saw_the_game(
        services: tuple[Postgres, RedisServer], tmp_path: Path) -> None:
    """Issue 21: a correspondence game played on one process only, whose process dies; the
    other process never loaded it, and its deadline watcher finds the passed deadline in the
    database, takes the room over and ends the game on time at the stored date."""
    day = 8.0
    broker = services[1]
    with site_of(services, tmp_path, "cluster_corr", 2,
                 ("--day-seconds", str(day))) as (sites, people):
        alice, bob = Player(sites[0]).guest("alice"), Player(sites[0]).guest("bob")
        people += [alice, bob]
        made = alice.http.post("/new/carte_haute", data={
            "players": "2", "seat_0": "me", "seat_1": "open", "public": "on",
            "clock": "corr1"})
        assert made.status_code == 303, made.text[-300:]
        gid = made.headers["location"].rsplit("/", 1)[1]
        a, _ = seated(alice, bob, gid)
        due = a.latest[gid]["clock"]["deadlines"]["0"]
        assert owner_of(broker, sites, gid) is sites[0]
        sites[0].kill()
        assert time.time() < due  # the owner died before the deadline
        store = Store(sites[1].db_url)
        try:
            deadline = time.monotonic() + day + 20
            row = store.game(gid)
            while (row is None or row.status != "over") and time.monotonic() < deadline:
                time.sleep(0.2)
                row = store.game(gid)
            ended = time.time()
            assert row is not None and row.status == "over", row
            assert row.result is not None and row.result["reason"] == "timeout"
            assert due <= ended <= due + 5  # at the stored date, not a new day
        finally:
            store.close()
        assert owner_of(broker, [sites[1]], gid) is sites[1]


def test_claims_takebacks_draws_and_rematches_across_processes(
        services: tuple[Postgres, RedisServer], tmp_path: Path) -> None:
    """Issue 21 on two processes, Alice on the room's owner and Bob on the other: a player to
    act who is on another process is present (no claim); a takeback removes the moves and
    Bob's process reads the game again; a draw; a rematch asked on each process."""
    with site_of(services, tmp_path, "cluster_offers", 2) as (sites, people):
        alice, bob = Player(sites[0]).guest("alice"), Player(sites[1]).guest("bob")
        people += [alice, bob]
        gid = alice.new_game(["me", "open"], kind="mitan")
        a, b = seated(alice, bob, gid)
        assert owner_of(services[1], sites, gid) is sites[0]
        a.act(gid, 0)  # the draft: Alice, then Bob twice
        time.sleep(1.5)  # a sighting of Bob on his process
        assert refusal(a, {"type": "claim", "game": gid, "seat": 0}) == "claim_present"
        b.act(gid, 1)
        b.act(gid, 1)
        wait_version(a, gid, 3)
        b.send({"type": "offer", "game": gid, "seat": 1, "offer": "takeback"})
        while a.wait_state(gid)["offers"]["takeback"] != 1:
            pass
        a.send({"type": "answer", "game": gid, "seat": 0, "offer": "takeback",
                "accept": True})
        back = b.wait_state(gid, version=2)
        assert back["since"] == 0 and back["to_act"] == [1] and len(back["steps"]) == 2
        store = Store(sites[1].db_url)
        try:
            assert len(store.moves(gid)) == 2
        finally:
            store.close()
        b.act(gid, 1, b.latest[gid]["legal"]["1"][-1])
        wait_version(a, gid, 3)
        a.send({"type": "offer", "game": gid, "seat": 0, "offer": "draw"})
        while b.wait_state(gid)["offers"]["draw"] != 0:
            pass
        b.send({"type": "answer", "game": gid, "seat": 1, "offer": "draw", "accept": True})
        assert a.wait_state(gid, status="over")["result"]["reason"] == "draw_agreed"
        b.wait_state(gid, status="over")
        a.send({"type": "rematch", "game": gid})
        asked = b.wait_state(gid)
        while asked["rematch"]["asked"] != [0]:
            asked = b.wait_state(gid)
        b.send({"type": "rematch", "game": gid})
        made = b.wait_state(gid)
        while made["rematch"]["game"] is None:
            made = b.wait_state(gid)
        seen = a.wait_state(gid)
        while seen["rematch"]["game"] is None:
            seen = a.wait_state(gid)
        assert seen["rematch"]["game"] == made["rematch"]["game"]
        assert [s["name"] for s in a.watch(seen["rematch"]["game"])["seats"]] == ["bob",
                                                                                 "alice"]
def test_a_seat_taken_with_its_deck_through_another_process_deals_the_game_again_everywhere(
        services: tuple[Postgres, RedisServer], tmp_path: Path) -> None:
    """Issue 22: the sit, with a guest's deck, travels to the room's owner; every process then
    shows the game dealt from the new paquet (replicas read the row again), and none sends it
    to another seat or to a spectator."""
    with site_of(services, tmp_path, "decks", 3) as (sites, people):
        alice = Player(sites[0]).guest("alice")
        bob = Player(sites[1]).guest("bob")
        watcher = Player(sites[2]).guest("watcher")
        people += [alice, bob, watcher]
        gid = alice.new_game(["me", "open"], kind="mitix")
        a, b, s = alice.socket(), bob.socket(), watcher.socket()
        for sock in (a, b, s):
            sock.watch(gid)
        b.send({"type": "sit", "game": gid, "seat": 1, "deck": "browser",
                "deck_text": "20 Cerbère"})
        states = [sock.wait_state(gid, status="live") for sock in (a, b, s)]
        assert states[1]["views"]["1"]["olympe"][1] == ["Cerbère", "Cerbère"]  # MX-5
        assert states[2]["view"]["olympe"][1] == ["Cerbère", "Cerbère"]
        assert all("paquets" not in st["options"] for st in states)
