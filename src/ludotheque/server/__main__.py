"""`python -m ludotheque.server --port 8123 --db URL --plugin module:Game`: the site alone
(what `ludo serve` runs; tests start it this way with their toy games)."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

import uvicorn

from ludotheque.sim.reports import SHIPPED
from ludotheque.store import default_url

from .app import create_app


def run(host: str, port: int, db: str | None, plugins: list[str], bot_workers: int,
        bot_delay: float, log_level: str = "info", reports: Path = SHIPPED) -> None:
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    app = create_app(db or default_url(), plugins=plugins, bot_workers=bot_workers,
                     bot_delay=bot_delay, reports_root=reports)
    # Frames over 1 MiB close the connection; under it, over protocol.MAX_MESSAGE bytes, the
    # client gets an error message and stays connected.
    uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level=log_level,
                proxy_headers=False)


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
    args = parser.parse_args()
    run(args.host, args.port, args.db, args.plugin, args.bot_workers, args.bot_delay,
        args.log_level, args.reports)


if __name__ == "__main__":
    main()
