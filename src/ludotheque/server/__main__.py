"""`python -m ludotheque.server --port 8123 --db URL --plugin module:Game`: the site alone
(what `ludo serve` runs; tests start it this way with their toy games)."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import uvicorn

from ludotheque.sim.reports import SHIPPED
from ludotheque.store import default_url
from ludotheque.store.lock import AlreadyServed, hold

from . import logs
from .app import create_app
from .chat_filter import ChatFilter
from .limits import Limits
from .oauth_config import Provider, from_command_line
from .sockets import allowed_origins


def run(host: str, port: int, db: str | None, plugins: list[str], bot_workers: int,
        bot_delay: float, log_level: str = "info", reports: Path = SHIPPED,
        limits_on: bool = True, limit_values: dict[str, str] | None = None,
        log_format: str = "text", metrics_token: str | None = None,
        redis_url: str | None = None, origins: Sequence[str] = (),
        chat_filter: Path | None = None, ws_compression: bool = False,
        oauth: dict[str, Provider] | None = None, public_url: str | None = None,
        claim_after: float = 300.0, day_seconds: float = 86_400.0) -> None:
    logs.configure(log_level, log_format)
    # Read before the site starts: a missing or unreadable list stops it with the reason.
    words = ChatFilter.from_file(chat_filter) if chat_filter is not None else None
    limits = Limits().with_values(limit_values or {})
    if not limits_on:
        limits = limits.off()
    if not limits_on:
        # Loud on purpose: a public site without limits is one client away from falling over.
        banner = "!" * 78
        print(f"{banner}\n! LIMITS OFF: no quota, no rate limit. For load tests on a private "
              f"machine only.\n{banner}", file=sys.stderr, flush=True)
        logging.getLogger("ludotheque.server").warning("quotas and rate limits are OFF")
    url = db or default_url()
    try:
        # One process per SQLite file, held until this process ends (kill -9 included);
        # several processes share a database through Redis (--redis, cluster.py).
        served = hold(url) if redis_url is None else None
    except AlreadyServed as exc:
        print(f"ludo serve: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(1) from None
    app = create_app(url, plugins=plugins, bot_workers=bot_workers,
                     bot_delay=bot_delay, reports_root=reports, limits=limits,
                     metrics_token=metrics_token or os.environ.get("LUDO_METRICS_TOKEN"),
                     redis_url=redis_url, origins=origins, chat_filter=words, oauth=oauth,
                     public_url=public_url,
                     claim_after=claim_after, day_seconds=day_seconds)
    # The collector's full passes walk every live room's states and steps; with the code
    # and data loaded now frozen out of them, and fewer young passes, a move costs less.
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    # Frames over 1 MiB close the connection; under it, over protocol.MAX_MESSAGE bytes, the
    # client gets an error message and stays connected.
    # Frames are not compressed unless asked: a state is a few kilobytes of JSON, and
    # deflating it (and the client inflating it) was 14% of the event loop's time under load
    # (docs/performance.md); a site far from its players may turn it on.
    uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level=log_level,
                proxy_headers=False, log_config=None, ws_per_message_deflate=ws_compression)
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
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="redis://HOST:PORT/0 shared by several processes on one database")
    parser.add_argument("--metrics-token", default=None,
                        help="bearer token that opens /metrics (default: $LUDO_METRICS_TOKEN)")
    parser.add_argument("--log-format", choices=logs.FORMATS, default="text",
                        help="json: one JSON object a line, with the game and the player")
    parser.add_argument("--limits", choices=("on", "off"), default="on",
                        help="quotas and rate limits (off: load tests on a private machine)")
    parser.add_argument("--origin", action="append", default=[],
                        help="another site whose pages may open the WebSocket "
                             "(https://host[:port]); the site's own is always allowed")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="change one limit, e.g. --limit 'game_create=5 per minute' "
                             "(names and defaults: docs/security.md)")
    parser.add_argument("--ws-compression", choices=("on", "off"), default="off",
                        help="permessage-deflate on the WebSocket (off: less CPU a move)")
    parser.add_argument("--chat-filter", type=Path, default=None, metavar="FILE",
                        help="words refused in the chat, one a line (docs/moderation.md)")
    parser.add_argument("--claim-after", type=float, default=300.0, metavar="SECONDS",
                        help="how long the player to act of an untimed online game may be "
                             "away before the others may claim (default: 5 minutes)")
    parser.add_argument("--day-seconds", type=float, default=86_400.0, metavar="SECONDS",
                        help="the length of a correspondence day (tests: a few seconds)")
    add_oauth_arguments(parser)
    args = parser.parse_args()
    if args.claim_after <= 0 or args.day_seconds <= 0:
        parser.error("--claim-after and --day-seconds take a positive number of seconds")
    try:
        values = limit_values(args.limit)
        Limits().with_values(values)
        allowed_origins(args.origin)
        oauth, public = from_command_line(os.environ, {
            f"{name}.{key}": getattr(args, f"oauth_{name}_{key}")
            for name in ("discord", "google") for key in ("client_id", "client_secret")},
            args.oauth_endpoint, args.public_url)
    except ValueError as exc:
        parser.error(str(exc))
    run(args.host, args.port, args.db, args.plugin, args.bot_workers, args.bot_delay,
        args.log_level, args.reports, limits_on=args.limits == "on", limit_values=values,
        log_format=args.log_format, metrics_token=args.metrics_token, redis_url=args.redis,
        origins=args.origin, chat_filter=args.chat_filter, oauth=oauth, public_url=public,
        claim_after=args.claim_after, day_seconds=args.day_seconds)


def add_oauth_arguments(parser: argparse.ArgumentParser) -> None:
    """Sign in with Discord or Google (docs/deploy.md): a provider is on with both its
    client id and secret (here or in $LUDO_OAUTH_<PROVIDER>_CLIENT_ID / _SECRET)."""
    for name in ("discord", "google"):
        parser.add_argument(f"--oauth-{name}-client-id", default=None)
        parser.add_argument(f"--oauth-{name}-client-secret", default=None,
                            help=f"(better: $LUDO_OAUTH_{name.upper()}_CLIENT_SECRET, "
                                 "which other users of the machine cannot list)")
    parser.add_argument("--oauth-endpoint", action="append", default=[],
                        metavar="PROVIDER.ENDPOINT=URL",
                        help="move a provider's endpoint (authorize, token, userinfo, jwks, "
                             "issuer), e.g. for a test provider")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the site's address as players reach it, e.g. "
                             "https://ludo.example.org (redirect URIs; default: "
                             "$LUDO_PUBLIC_URL, else the address of each request)")


def limit_values(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`NAME=VALUE` items as a dict; ValueError for an item without `=`."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--limit {item!r}: write NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


if __name__ == "__main__":
    main()
