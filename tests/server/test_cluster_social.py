"""Friends across the processes of one site (PostgreSQL and Redis between them): a friend
online on another process shows as online, and a challenge reaches their socket there."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .live import TOY, Player
from .postgres import Postgres
from .redisd import RedisServer
from .test_cluster import site_of


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[Postgres, RedisServer]]:
    postgres, broker = Postgres().start(), RedisServer().start()
    yield postgres, broker
    broker.stop()
    postgres.stop()


def test_presence_and_challenges_cross_processes(services: tuple[Postgres, RedisServer],
                                                 tmp_path: Path) -> None:
    with site_of(services, tmp_path, "social", 2) as (sites, people):
        one, two = sites
        mia, noe = Player(one), Player(two)
        people += [mia, noe]
        for p, name in ((mia, "mia"), (noe, "noe")):
            r = p.http.post("/register", data={"name": name, "password": "correct horse"})
            assert r.status_code == 303
        assert mia.http.post("/friends/ask", data={"name": "noe"}).status_code == 303
        assert noe.http.post("/friends/accept", data={"name": "mia"}).status_code == 303
        line = mia.http.get("/friends").text.split('data-name="noe"')[1]
        assert 'data-online="no"' in line.split(">")[0] or "hors ligne" in line
        socket = noe.socket()  # on the second process
        socket.sync()
        deadline = time.monotonic() + 5
        while 'data-online="yes"' not in mia.http.get("/friends").text:
            assert time.monotonic() < deadline, "noe, online on another process, not seen"
            time.sleep(0.1)
        sent = mia.http.post("/friends/challenge", data={"name": "noe", "game": TOY})
        assert sent.status_code == 303
        assert socket.expect("challenge")["from"] == "mia"
        socket.close()
        deadline = time.monotonic() + 8
        while 'data-online="no"' not in mia.http.get("/friends").text:
            assert time.monotonic() < deadline, "noe still online after leaving"
            time.sleep(0.2)
