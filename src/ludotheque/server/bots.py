"""Bots think in worker processes, never on the event loop.

A worker gets the game id, the state as JSON (to_json), the seat and the bot spec, rebuilds
the state and returns the chosen action's notation. Plug-in games (tests' toys) are
registered in each worker by the same `plugins` the server was started with.

The workers are shared fairly between players: each move to think is queued under its
owner (the player whose game it is), and a free worker takes the next move of the next
owner in turn (round robin). One player's forty Difficile games wait behind each other, not
in front of another player's Facile move, which waits for one worker to be free at most.
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
from collections import deque
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Move:
    """A move to think: `_choose`'s arguments and the future its answer goes to."""

    args: tuple[str, dict[str, Any], int, str, int]
    answer: asyncio.Future[str]


class BotPool:
    def __init__(self, workers: int, plugins: Sequence[str]) -> None:
        self.workers = max(1, workers)
        self.plugins = tuple(plugins)
        self._waiting: dict[str, deque[_Move]] = {}  # per owner, in order
        self._turns: deque[str] = deque()  # the owners with moves waiting, next first
        self._thinking = 0  # moves in the workers (never more than there are workers)
        self._tasks: set[asyncio.Task[None]] = set()
        self._pool: ProcessPoolExecutor | None = None
        self.pending = 0  # moves asked and not yet answered (the metrics' bot queue)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker, initargs=(self.plugins, os.getpid()))
        return self._pool

    async def choose(self, game_id: str, state_json: dict[str, Any], seat: int, spec: str,
                     seed: int, owner: str = "") -> str:
        """The bot's action for `seat`, thought in a worker when `owner`'s turn comes."""
        move = _Move((game_id, state_json, seat, spec, seed),
                     asyncio.get_running_loop().create_future())
        if owner not in self._waiting:
            self._waiting[owner] = deque()
            self._turns.append(owner)
        self._waiting[owner].append(move)
        self.pending += 1
        try:
            self._next()
            return await move.answer
        finally:
            self.pending -= 1

    def waiting(self) -> dict[str, int]:
        """Moves waiting for a worker, per owner."""
        return {owner: len(moves) for owner, moves in self._waiting.items()}

    def _next(self) -> None:
        """Give free workers the next owners' moves, in turn."""
        while self._thinking < self.workers and self._turns:
            owner = self._turns.popleft()
            moves = self._waiting[owner]
            move = moves.popleft()
            if moves:
                self._turns.append(owner)  # back of the line
            else:
                del self._waiting[owner]
            if move.answer.done():  # its room gave up waiting (cancelled at shut-down)
                continue
            self._thinking += 1
            task = asyncio.get_running_loop().create_task(self._think(move))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _think(self, move: _Move) -> None:
        loop = asyncio.get_running_loop()
        try:
            try:
                text = await loop.run_in_executor(self._executor(), _choose, *move.args)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start a fresh pool and try once more.
                self._pool = None
                text = await loop.run_in_executor(self._executor(), _choose, *move.args)
        except BaseException as exc:  # the waiting room logs it and plays a fallback
            if not move.answer.done():
                if isinstance(exc, asyncio.CancelledError):
                    move.answer.cancel()
                else:
                    move.answer.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
        else:
            if not move.answer.done():
                move.answer.set_result(text)
        finally:
            self._thinking -= 1
            self._next()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
