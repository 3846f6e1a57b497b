"""A real server for the server tests: one per test worker, on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .live import LiveServer, Player


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("site")
    live = LiveServer(folder / "site.sqlite3", bot_workers=2).start()
    yield live
    live.stop()


@pytest.fixture
def people(server: LiveServer) -> Iterator[list[Player]]:
    """alice, bob and carol, guests of the server (each with her own cookies)."""
    out = [Player(server).guest(n) for n in ("alice", "bob", "carol")]
    yield out
    for p in out:
        p.close()
