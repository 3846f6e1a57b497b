"""The WebSocket endpoint `/ws`: who may open one (Origin), what one socket may ask (limits),
and each message handed to its room (the protocol is in protocol.py).

- Origin: a browser always says which page opens a socket. A page of another site (another
  port of the same host is another site) would open it with the visitor's cookies, so it is
  refused with HTTP 403 before the handshake completes. A client that sends no Origin is not
  a browser: it carries only the cookies it was given, and is let in (the test clients, the
  load tool, scripts).
- Limits, per socket (`Limits.ws_messages` every message, `ws_watch` a watch of another room
  than the one it follows, or any message that loads a room, `ws_rooms` the rooms it may
  load in its life), counted in this process's memory (`Site.socket_limiter`: a socket lives
  in one process); chat per account and per address (Room.chat, the shared `Site.limiter`).
  A refusal is an error with code `rate_limited` and `retry_after`.
- The outbox is bounded (clients.py): a client that does not read is closed (1008).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.websockets import WebSocket

from . import hints, logs, offers, protocol
from .clients import CLOSE_SLOW, CLOSE_WAIT, Client
from .i18n import pick
from .limits import Limiter, RateLimited
from .protocol import ProtocolError
from .room_presence import presence_changed, presence_message
from .rooms import Room

if TYPE_CHECKING:
    from .app import Site

log = logging.getLogger("ludotheque.server")

LANG_COOKIE = "lang"
DEFAULT_PORTS = {"http": 80, "https": 443}


def site_of(scheme: str, host: str) -> str | None:
    """`scheme://host[:port]` in one spelling (lower case, no default port), or None when it
    is not an http(s) origin."""
    if scheme not in DEFAULT_PORTS:
        return None
    try:
        parts = urlsplit(f"//{host}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.username is not None or parts.path:
        return None
    name = parts.hostname.lower()
    if ":" in name:  # an IPv6 address keeps its brackets
        name = f"[{name}]"
    return f"{scheme}://{name}" + (f":{port}" if port and port != DEFAULT_PORTS[scheme] else "")


def origin_key(origin: str) -> str | None:
    """An Origin header (or a configured origin) in `site_of`'s spelling."""
    parts = urlsplit(origin.strip())
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return site_of(parts.scheme.lower(), parts.netloc)


def allowed_origins(extra: Iterable[str]) -> frozenset[str]:
    """The configured extra origins (`--origin https://ludo.example.org`), checked."""
    out = set()
    for origin in extra:
        key = origin_key(origin)
        if key is None:
            raise ValueError(f"{origin!r} is not an origin (http(s)://host[:port])")
        out.add(key)
    return frozenset(out)


def origin_allowed(headers: Mapping[str, str], extra: frozenset[str]) -> bool:
    """The page that opens the socket is one of this site's: its Origin names the host the
    request came to (scheme http or https: a proxy may end TLS), or a configured one."""
    origin = headers.get("origin")
    if origin is None:
        return True  # not a browser (see the module's text)
    key = origin_key(origin)
    if key is None:
        return False  # "null" (a sandboxed page, a file), or not http(s)
    if key in extra:
        return True
    host = headers.get("host", "")
    return key in {site_of(scheme, host) for scheme in DEFAULT_PORTS}


def count(limiter: Limiter, name: str, *keys: str) -> None:
    try:
        limiter.hit(name, *keys)
    except RateLimited as exc:
        raise ProtocolError("rate_limited", retry_after=exc.retry_after_seconds) from None


async def serve(site: Site, ws: WebSocket) -> None:
    """One connection: a reader handles the client's messages one at a time, a writer sends
    the client's outbox; whichever ends first ends the other."""
    if not origin_allowed(ws.headers, site.origins):
        log.warning("WebSocket refused: Origin %r is not this site's (Host %r)",
                    ws.headers.get("origin"), ws.headers.get("host"))
        if "websocket.http.response" in ws.scope.get("extensions", {}):
            await ws.send_denial_response(
                PlainTextResponse("Forbidden: this page's origin is not the site's.", 403))
        else:
            await ws.close(1008)  # before the handshake: the server answers 403
        return
    await ws.accept()
    settings = site.socket_limiter.settings
    client = Client(ws, await site.player(ws), pick(ws.cookies.get(LANG_COOKIE)),
                    address=ws.client.host if ws.client is not None else "",
                    queue=settings.ws_queue if settings.enabled else 0)
    site.sockets += 1
    site.presence.join(client)  # online for friends, reachable by challenges
    writer = client.writer_task = asyncio.create_task(client.writer())
    reader = asyncio.create_task(read(site, client))
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        site.sockets -= 1
        site.presence.leave(client)
        slow = client.closing == "slow"
        client.stop()
        left = client.room
        client.leave()
        if left is not None:
            presence_changed(left)
        if not client.busy:  # waiting for a message: nothing half done to lose
            reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)
        writer.cancel()
        await asyncio.gather(writer, return_exceptions=True)
        if slow:
            # Sent when the client reads again; a client that still does not read is
            # dropped (the server stops waiting and the connection closes).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(CLOSE_SLOW, f"too slow: over {client.queue} "
                                                            "messages waiting"), CLOSE_WAIT)


async def read(site: Site, client: Client) -> None:
    while client.closing is None:
        message = await client.ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes")
        client.busy = True
        try:
            await answer(site, client, raw)
        finally:
            client.busy = False


async def answer(site: Site, client: Client, raw: str | bytes | None) -> None:
    game_id: str | None = None
    try:
        count(site.socket_limiter, "ws_messages", client.key)
        parsed = protocol.parse(raw)
        game_id = parsed.game
        logs.about(game_id, client.player_id)
        await handle(site, client, parsed)
    except ProtocolError as exc:
        client.error(exc, game_id)
    except Exception:
        log.exception("message from a client failed")
        client.error(ProtocolError("internal"), game_id)


async def room_for(site: Site, client: Client, game_id: str) -> Room:
    """The room a message names. Loading one (the store, a replay) is what costs: it counts
    as a watch, and a socket may load only so many different rooms."""
    settings = site.socket_limiter.settings
    count(site.socket_limiter, "ws_watch", client.key)
    if (settings.enabled and game_id not in client.rooms_seen
            and len(client.rooms_seen) >= settings.ws_rooms):
        raise ProtocolError("too_many_rooms", limit=settings.ws_rooms)
    room = await site.hub.room(game_id)
    if room is None:
        raise ProtocolError("unknown_game")
    client.rooms_seen.add(room.id)
    return room


async def handle(site: Site, client: Client, m: protocol.Message) -> None:
    if m.type == "ping":
        client.send({"type": "pong"})
        return
    assert m.game is not None
    if client.room is not None and client.room.id == m.game:
        room = client.room  # the room it follows: nothing to load
    else:
        room = await room_for(site, client, m.game)
    if m.type == "watch":
        if await site.daily_closed(room.id, room.seats_of(client.player_id)):
            raise ProtocolError("daily_private")
        since = m.int_field("since", required=False) or 0
        if client.room is not None and client.room is not room:
            client.room.leave(client)
            presence_changed(client.room)
        client.room = room
        room.join(client)
        room.send_state(client, since)
        client.send(presence_message(room))  # at once for this page; the others soon
        presence_changed(room)
        return
    if client.room is not room:
        raise ProtocolError("watch_first")
    if m.type == "sit" and not await site.moderation.may_sit(client, room):
        return  # banned: told why and until when
    if m.type in offers.TYPES:
        await offers.handle(site.hub, room, client, m)
        return
    cluster = site.hub.cluster
    if cluster is not None and not room.owned and m.type in ("act", "sit", "resign"):
        # Another process owns the room: it decides, and answers the refusal, if any.
        fields: dict[str, Any] = {"seat": m.int_field("seat")}
        if m.type == "sit":
            fields["deck"] = await site.decks.sit_text(client.player, room.game, m.data)
        if m.type == "act":
            fields["action"] = m.text_field("action", 200)
            fields["version"] = m.int_field("version", required=False)
        await cluster.forward(room, client, m.type, **fields)
        return
    if m.type == "act":
        seat = m.int_field("seat")
        assert seat is not None
        text = m.text_field("action", 200)
        await room.act(seat, text, client=client,
                       version=m.int_field("version", required=False))
    elif m.type == "sit":
        seat = m.int_field("seat")
        assert seat is not None
        await room.sit(client, seat, await site.decks.sit_text(client.player, room.game, m.data))
    elif m.type == "chat":
        text = m.text_field("text", 4 * protocol.MAX_CHAT)
        if not await site.moderation.chat_refused(client, room, text):
            await room.chat(client, text)
    elif m.type == "report":
        await site.moderation.report(client, room, m)
    elif m.type == "hint":
        seat = m.int_field("seat")
        assert seat is not None
        await hints.ask(room, client, seat)
    elif m.type == "resign":
        seat = m.int_field("seat")
        assert seat is not None
        await room.resign(client, seat)
