"""Prometheus metrics of one server process, served at /metrics to whoever holds the token.

Built on prometheus-client with a registry of the app's own (two apps in one process, as in
tests, do not share counts). Gauges that describe the present (rooms, sockets, the bot queue)
are read when scraped, not kept up to date by hand. /metrics answers 404 unless a token is
configured (`ludo serve --metrics-token`, or LUDO_METRICS_TOKEN), and then only to a request
that carries it (`Authorization: Bearer TOKEN`): the figures tell how busy the site is and
which limits refuse, nothing a stranger needs.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

# Seconds: a move is a few milliseconds when all is well, a second when something is wrong.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
THINK = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0)


class Metrics:
    def __init__(self, token: str | None = None) -> None:
        self.token = token or None
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.live_rooms = Gauge("ludo_live_rooms", "Rooms held in memory by this process",
                                registry=r)
        self.open_sockets = Gauge("ludo_open_sockets", "WebSocket connections open", registry=r)
        self.moves = Counter("ludo_moves", "Actions accepted, stored and sent", ["game"],
                             registry=r)
        self.move_seconds = Histogram(
            "ludo_move_seconds", "From an action received to its state sent to the room",
            buckets=FAST, registry=r)
        self.db_write_seconds = Histogram(
            "ludo_db_write_seconds", "One database write (a commit with its fsync)",
            buckets=FAST, registry=r)
        self.bot_queue = Gauge("ludo_bot_queue", "Bot moves waiting for a worker", registry=r)
        self.bot_think_seconds = Histogram(
            "ludo_bot_think_seconds", "A bot's move, from asked to answered", ["level"],
            buckets=THINK, registry=r)
        self.rate_limited = Counter("ludo_rate_limited", "Requests refused by a limit",
                                    ["limit"], registry=r)

    def watch(self, rooms: Callable[[], float], sockets: Callable[[], float],
              bot_queue: Callable[[], float]) -> None:
        """Read these gauges from the process's own state at each scrape."""
        self.live_rooms.set_function(rooms)
        self.open_sockets.set_function(sockets)
        self.bot_queue.set_function(bot_queue)

    def moved(self, game: str, seconds: float) -> None:
        """An action accepted, stored and sent, `seconds` after it arrived."""
        self.moves.labels(game).inc()
        self.move_seconds.observe(seconds)

    def refused(self, limit: str) -> None:
        self.rate_limited.labels(limit).inc()

    def allowed(self, request: Request) -> bool:
        if self.token is None:
            return False
        given = request.headers.get("authorization", "")
        scheme, _, value = given.partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(value.strip(), self.token)

    async def endpoint(self, request: Request) -> Response:
        if not self.allowed(request):
            # The same answer whether metrics are off or the token is wrong: nothing to learn.
            return PlainTextResponse("Not Found", 404)
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)
