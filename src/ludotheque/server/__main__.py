"""`python -m ludotheque.server --port 8123 --db URL --plugin module:Game`: the site alone
(what `ludo serve` runs; tests start it this way with their toy games)."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from pathlib import Path

import uvicorn

from ludotheque.sim.reports import SHIPPED
from ludotheque.store import default_url
from ludotheque.store.lock import AlreadyServed, hold

from .app import create_app
from .limits import Limits


def run(host: str, port: int, db: str | None, plugins: list[str], bot_workers: int,
        bot_delay: float, log_level: str = "info", reports: Path = SHIPPED,
        limits_on: bool = True) -> None:
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    limits = Limits() if limits_on else Limits().off()
    if not limits_on:
        # Loud on purpose: a public site without limits is one client away from falling over.
        banner = "!" * 78
        print(f"{banner}\n! LIMITS OFF: no quota, no rate limit. For load tests on a private "
              f"machine only.\n{banner}", file=sys.stderr, flush=True)
        logging.getLogger("ludotheque.server").warning("quotas and rate limits are OFF")
    url = db or default_url()
    try:
        # One process per SQLite file, held until this process ends (kill -9 included).
        served = hold(url)
    except AlreadyServed as exc:
        print(f"ludo serve: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(1) from None
    app = create_app(url, plugins=plugins, bot_workers=bot_workers,
                     bot_delay=bot_delay, reports_root=reports, limits=limits)
    # The collector's full passes walk every live room's states and steps; with the code
    # and data loaded now frozen out of them, and fewer young passes, a move costs less.
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    # Frames over 1 MiB close the connection; under it, over protocol.MAX_MESSAGE bytes, the
    # client gets an error message and stays connected.
    uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level=log_level,
                proxy_headers=False)
    if served is not None:
        served.close()


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
    parser.add_argument("--limits", choices=("on", "off"), default="on",
                        help="quotas and rate limits (off: load tests on a private machine)")
    args = parser.parse_args()
    run(args.host, args.port, args.db, args.plugin, args.bot_workers, args.bot_delay,
        args.log_level, args.reports, limits_on=args.limits == "on")


if __name__ == "__main__":
    main()
