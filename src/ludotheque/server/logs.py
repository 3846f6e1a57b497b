"""The server's logs: plain text by default, JSON lines on request (`--log-format json`).

Each JSON line carries the game and the player the line is about, when there is one, so that
an operator can follow one game or one player through every process's logs. They come from
context variables set where a request or a WebSocket message is handled; a task started from
there (a bot's move, a clock) inherits them, as asyncio tasks copy their context.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

game_id: ContextVar[str | None] = ContextVar("game_id", default=None)
player_id: ContextVar[str | None] = ContextVar("player_id", default=None)

FORMATS = ("text", "json")
TEXT_FORMAT = "%(levelname)s %(name)s: %(message)s"
_ROOM_PATH = re.compile(r"^/g/([A-Za-z0-9_-]{1,32})(?:/|$)")


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, game, player, exception."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        game, player = game_id.get(), player_id.get()
        if game is not None:
            out["game"] = game
        if player is not None:
            out["player"] = player
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def configure(level: str, fmt: str) -> None:
    """Send every logger (uvicorn's too) to standard error in the chosen format."""
    if fmt not in FORMATS:
        raise ValueError(f"log format {fmt!r}: one of {', '.join(FORMATS)}")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True


def about(game: str | None, player: str | None) -> None:
    """The game and player the lines logged from here on (in this context) are about."""
    game_id.set(game)
    player_id.set(player)


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class LogContext:
    """ASGI middleware: each HTTP request's lines name its game (a /g/ID address); the site
    names the player once it knows who the session signs in (`player_id`)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = _ROOM_PATH.match(str(scope.get("path", "")))
            about(found.group(1) if found else None, None)
        await self.app(scope, receive, send)
