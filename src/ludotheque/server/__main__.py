"""`python -m ludotheque.server --port 8123 --db URL --plugin module:Game`: the site alone
(what `ludo serve` runs; tests start it this way with their toy games)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

import uvicorn

from ludotheque.sim.reports import SHIPPED
from ludotheque.store import default_url

from . import logs
from .app import create_app
from .chat_filter import ChatFilter
from .limits import Limits


def run(host: str, port: int, db: str | None, plugins: list[str], bot_workers: int,
        bot_delay: float, log_level: str = "info", reports: Path = SHIPPED,
        limits_on: bool = True, log_format: str = "text",
        metrics_token: str | None = None, redis_url: str | None = None,
        chat_filter: Path | None = None) -> None:
    logs.configure(log_level, log_format)
    # Read before the site starts: a missing or unreadable list stops it with the reason.
    words = ChatFilter.from_file(chat_filter) if chat_filter is not None else None
    limits = Limits() if limits_on else Limits().off()
    if not limits_on:
        # Loud on purpose: a public site without limits is one client away from falling over.
        banner = "!" * 78
        print(f"{banner}\n! LIMITS OFF: no quota, no rate limit. For load tests on a private "
              f"machine only.\n{banner}", file=sys.stderr, flush=True)
        logging.getLogger("ludotheque.server").warning("quotas and rate limits are OFF")
    app = create_app(db or default_url(), plugins=plugins, bot_workers=bot_workers,
                     bot_delay=bot_delay, reports_root=reports, limits=limits,
                     metrics_token=metrics_token or os.environ.get("LUDO_METRICS_TOKEN"),
                     redis_url=redis_url, chat_filter=words)
    # Frames over 1 MiB close the connection; under it, over protocol.MAX_MESSAGE bytes, the
    # client gets an error message and stays connected.
    uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level=log_level,
                proxy_headers=False, log_config=None)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m ludotheque.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None)
    parser.add_argument("--plugin", action="append", default=[])
    parser.add_argument("--bot-workers", type=int, default=min(4, os.cpu_count() or 2))
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--reports", type=Path, default=SHIPPED,
                        help="folder of the balance reports shown at /balance")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="redis://HOST:PORT/0 shared by several processes on one database")
    parser.add_argument("--metrics-token", default=None,
                        help="bearer token that opens /metrics (default: $LUDO_METRICS_TOKEN)")
    parser.add_argument("--log-format", choices=logs.FORMATS, default="text",
                        help="json: one JSON object a line, with the game and the player")
    parser.add_argument("--limits", choices=("on", "off"), default="on",
                        help="quotas and rate limits (off: load tests on a private machine)")
    parser.add_argument("--chat-filter", type=Path, default=None, metavar="FILE",
                        help="words refused in the chat, one a line (docs/moderation.md)")
    args = parser.parse_args()
    run(args.host, args.port, args.db, args.plugin, args.bot_workers, args.bot_delay,
        args.log_level, args.reports, limits_on=args.limits == "on",
        log_format=args.log_format, metrics_token=args.metrics_token, redis_url=args.redis,
        chat_filter=args.chat_filter)


if __name__ == "__main__":
    main()
