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

from .live import LiveServer, Player, Socket, seated
from .postgres import Postgres
from .redisd import RedisServer


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[Postgres, RedisServer]]:
    postgres, broker = Postgres().start(), RedisServer().start()
    yield postgres, broker
    broker.stop()
    postgres.stop()


def start_site(url: str, broker: RedisServer, folder: Path, count: int) -> list[LiveServer]:
    # One after another: the first brings the schema up to date.
    return [LiveServer(url, log=folder / f"site-{i}.log", bot_workers=1,
                       args=("--redis", broker.url)).start() for i in range(count)]


@contextmanager
def site_of(services: tuple[Postgres, RedisServer], folder: Path, database: str,
            count: int) -> Iterator[tuple[list[LiveServer], list[Player]]]:
    """`count` processes of one site on a new database, and the people the test adds
    (closed, like the processes stopped, at the end)."""
    postgres, broker = services
    sites = start_site(postgres.create_database(database), broker, folder, count)
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
