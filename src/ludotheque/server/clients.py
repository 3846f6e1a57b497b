"""One WebSocket client: who it is, and the bounded queue of what the server sends it.

A slow client never holds a room: messages go through the client's own queue, written by
its own task. The queue is bounded (`Limits.ws_queue`): a newer state of a room replaces the
one still waiting (the client gets only the latest state, with every step it has not been
sent), and a client that lets the queue fill up all the same (chat and errors are not
merged) is closed with code 1008 and a reason; its browser page reconnects and catches up.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketState

from ludotheque.store import Player

from .i18n import translate
from .protocol import ProtocolError
from .wire import encode

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("ludotheque.server")

CLOSE_SLOW = 1008  # WebSocket "policy violation": the client did not read what it was sent
CLOSE_WAIT = 10.0  # seconds a slow client gets to take its close frame before it is dropped

_numbers = itertools.count(1)


@dataclass(eq=False)
class Client:
    """One WebSocket. `queue` is the bound of its outbox (0: none, limits off)."""

    ws: WebSocket
    player: Player | None
    lang: str
    address: str = ""
    queue: int = 0
    room: Room | None = None
    version: int = 0  # the last version this client has been sent
    key: str = field(default_factory=lambda: f"ws:{next(_numbers)}")  # its limiter key
    rooms_seen: set[str] = field(default_factory=set)
    outbox: deque[dict[str, Any]] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    # Why the server is closing this socket ("slow"), or "gone" once the connection ended.
    closing: str | None = None
    busy: bool = False  # a message is being handled: the reader must not be cancelled now
    writer_task: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.closing is not None:
            return
        if message.get("type") == "state":
            # The newest state of a room replaces the one still waiting (Room.send_state
            # started the new one where the replaced one started: no step is lost).
            for i, queued in enumerate(self.outbox):
                if queued.get("type") == "state" and queued.get("game") == message.get("game"):
                    del self.outbox[i]
                    break
        if self.queue and len(self.outbox) >= self.queue:
            self.close_slow()
            return
        self.outbox.append(message)
        self.ready.set()

    def queued_since(self, game_id: str) -> int | None:
        """The `since` of a state of this room still waiting to be sent, if any."""
        for queued in self.outbox:
            if queued.get("type") == "state" and queued.get("game") == game_id:
                since = queued.get("since")
                return since if isinstance(since, int) else None
        return None

    def error(self, exc: ProtocolError, game: str | None = None) -> None:
        message = translate(self.lang, f"error.{exc.code}", **exc.params)
        if exc.detail:
            message = f"{message} {exc.detail}"
        out: dict[str, Any] = {"type": "error", "code": exc.code, "message": message}
        out.update({k: v for k, v in exc.params.items() if k == "retry_after"})
        if game is not None:
            out["game"] = game
        self.send(out)

    def leave(self) -> None:
        if self.room is not None:
            self.room.leave(self)

    def close_slow(self) -> None:
        """Too many messages waiting: forget them, leave the room, stop the writer (it may be
        stuck on a peer that does not read); the connection's task sends the close."""
        log.warning("closing a slow WebSocket client (%s): over %d messages waiting",
                    self.address, self.queue)
        self.closing = "slow"
        self.outbox.clear()
        self.leave()
        if self.writer_task is not None:
            self.writer_task.cancel()

    async def writer(self) -> None:
        while self.closing is None:
            if not self.outbox:
                self.ready.clear()
                await self.ready.wait()
                continue
            message = self.outbox.popleft()
            if self.ws.application_state != WebSocketState.CONNECTED:
                return
            try:
                await self.ws.send_text(encode(message))  # orjson (wire.py)
            except (TypeError, ValueError):
                # Not sendable (a bug of ours, not the peer's): the socket stays usable.
                log.exception("a message to a client could not be encoded")
            except Exception:  # the peer went away: the reader ends the connection
                return

    def stop(self) -> None:
        """The connection ended: the writer leaves."""
        if self.closing is None:
            self.closing = "gone"
        self.ready.set()

    @property
    def player_id(self) -> str | None:
        return self.player.id if self.player is not None else None
