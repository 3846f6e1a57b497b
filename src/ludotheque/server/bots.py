"""Bots think in worker processes, never on the event loop.

A worker gets the game id, the state as JSON (to_json), the seat and the bot spec, rebuilds
the state and returns the chosen action's notation. Plug-in games (tests' toys) are
registered in each worker by the same `plugins` the server was started with.
"""

from __future__ import annotations

import asyncio
import ctypes
import inspect
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module
from typing import Any

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.core import Game


def load_plugin(spec: str) -> Game:
    """Register a game defined outside the package: "module:attribute" names a Game
    instance or a Game subclass (instantiated once)."""
    module_name, _, attribute = spec.partition(":")
    obj = getattr(import_module(module_name), attribute or "GAME")
    game = obj() if isinstance(obj, type) else obj
    if not isinstance(game, Game):
        raise TypeError(f"{spec} is not a Game")
    for method in ("describe", "describe_result"):
        # The site says every text with the seats' names (docs/games-guide.md): a game
        # written for the older contract would fail in the middle of a room.
        if "names" not in inspect.signature(getattr(game, method)).parameters:
            raise TypeError(f"{spec}: {method}() takes no `names` (each seat's name, "
                            f"in seat order): see docs/games-guide.md")
    if game.id not in games.ids():
        games.register(game)
    return games.get(game.id)


def _init_worker(plugins: Sequence[str], parent: int) -> None:
    _die_with(parent)
    for spec in plugins:
        load_plugin(spec)


def _die_with(parent: int) -> None:
    """A worker whose server died (kill -9) leaves at once instead of lingering: Linux kills
    it with its parent (PR_SET_PDEATHSIG); elsewhere, a thread watches the parent's pid."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(0)
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()


def _orphan_watch(parent: int) -> None:
    """A worker whose server died (kill -9) leaves at once instead of lingering."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _choose(game_id: str, state_json: dict[str, Any], seat: int, spec: str, seed: int) -> str:
    game = games.get(game_id)
    state = game.state_from_json(state_json)
    return make_bot(spec, seed).choose(state, seat).text()


class BotPool:
    def __init__(self, workers: int, plugins: Sequence[str]) -> None:
        self.workers = max(1, workers)
        self.plugins = tuple(plugins)
        self._pool: ProcessPoolExecutor | None = None
        self.pending = 0  # moves asked and not yet answered (the metrics' bot queue)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker, initargs=(self.plugins, os.getpid()))
        return self._pool

    async def choose(self, game_id: str, state_json: dict[str, Any], seat: int, spec: str,
                     seed: int) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), _choose, game_id, state_json,
                                              seat, spec, seed)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and try once more.
            self._pool = None
            return await loop.run_in_executor(self._executor(), _choose, game_id, state_json,
                                              seat, spec, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
