"""Moderation on the site (docs/moderation.md): players' reports (the WebSocket's `report`),
the moderators' queue at /mod with each report's context, the acts (hide a message, mute,
ban, close a game, dismiss a report) logged at /mod/log, what a muted or banned player is
told, and the chat's word filter."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ludotheque import games
from ludotheque.core import LudoError
from ludotheque.core.record import RESIGNED
from ludotheque.store import Player, Store, privacy
from ludotheque.store import moderation as store_mod
from ludotheque.store.models import Report, now
from ludotheque.store.moderation import ModerationError, ban_of, is_staff, muted_until

from .chat_filter import ChatFilter
from .i18n import translate
from .limits import RateLimited
from .protocol import Message, ProtocolError

if TYPE_CHECKING:
    from .app import Site
    from .clients import Client
    from .rooms import Room

ACTIONS = ("hide", "mute", "ban", "close", "dismiss")
MAX_REASON = 500  # characters of a report's or an act's reason
DURATION = re.compile(r"(\d{1,6})\s*(s|m|min|h|d)")
UNITS = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}
LONGEST = timedelta(days=3650)


def parse_duration(raw: str) -> timedelta | None:
    """"30m", "2h", "7d", "45s"; empty: None (a ban for good). Anything else is refused."""
    text = raw.strip().lower()
    if not text:
        return None
    found = DURATION.fullmatch(text)
    if found is None:
        raise ModerationError("bad_duration")
    length = timedelta(seconds=int(found.group(1)) * UNITS[found.group(2)])
    if not timedelta(0) < length <= LONGEST:
        raise ModerationError("bad_duration")
    return length


def when(moment: datetime | None) -> str:
    """An end time as players and moderators read it, in UTC."""
    if moment is None:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


class Moderation:
    def __init__(self, site: Site, chat_filter: ChatFilter | None = None) -> None:
        self.site = site
        self.filter = chat_filter

    @property
    def store(self) -> Store:
        return self.site.store


    async def fresh(self, player_id: str) -> Player | None:
        """The player as stored now (a socket's player was read when it connected)."""
        return await asyncio.to_thread(self.store.player, player_id)

    # -- the room's socket -----------------------------------------------------------------
    def tell(self, client: Client, game: str, code: str, reason: str,
             until: datetime | None) -> None:
        """Refuse with why and until when (`until` None: a ban for good)."""
        key = f"error.{code}" if until is not None else f"error.{code}_forever"
        client.send({"type": "error", "code": code, "game": game, "reason": reason,
                     "until": until.isoformat() if until is not None else None,
                     "message": translate(client.lang, key, reason=reason, until=when(until))})

    async def refused(self, client: Client, room: Room) -> bool:
        """Whether the client's player is muted or banned now; if so they have been told."""
        if client.player is None:
            return False
        player = await self.fresh(client.player.id)
        if player is None:
            return False
        ban = ban_of(player)
        if ban is not None:
            self.tell(client, room.id, "banned", ban.reason, ban.until)
            return True
        until = muted_until(player)
        if until is not None:
            self.tell(client, room.id, "muted", player.mute_reason or "", until)
            return True
        return False

    async def chat_refused(self, client: Client, room: Room, text: str) -> bool:
        """A muted or banned player's message is refused (True, they are told why and until
        when); a message the word filter catches raises `filtered`. Nothing is stored."""
        if await self.refused(client, room):
            return True
        if self.filter is not None and self.filter.blocks(text):
            raise ProtocolError("filtered")
        return False

    async def may_sit(self, client: Client, room: Room) -> bool:
        """A banned player takes no seat (they are told why and until when)."""
        if client.player is None:
            return True
        player = await self.fresh(client.player.id)
        ban = ban_of(player) if player is not None else None
        if ban is not None:
            self.tell(client, room.id, "banned", ban.reason, ban.until)
            return False
        return True

    async def report(self, client: Client, room: Room, m: Message) -> None:
        """{"type": "report", "game": ID, "message": CHAT_ID | "seat": S, "reason": TEXT}"""
        if client.player is None:
            raise ProtocolError("need_name")
        reason = m.text_field("reason", MAX_REASON).strip()
        if not reason:
            raise ProtocolError("report_reason")
        message_id = m.int_field("message", required=False)
        seat = m.int_field("seat", required=False)
        if (message_id is None) == (seat is None):
            raise ProtocolError("bad_field", field="message")
        target = None
        if seat is not None:
            if seat >= len(room.seats):
                raise ProtocolError("no_such_seat")
            who = room.seats[seat]
            if who.get("kind") != "human" or not who.get("player") or who.get("deleted"):
                raise ProtocolError("no_such_player")
            target = str(who["player"])
        try:
            self.site.hub.limiter.hit("report", f"a:{client.player.id}")
        except RateLimited as exc:
            # The site's refusal code (docs/security.md), with this limit's own words.
            wait = exc.retry_after_seconds
            client.send({"type": "error", "code": "rate_limited", "game": room.id,
                         "retry_after": wait,
                         "message": translate(client.lang, "error.report_rate", seconds=wait)})
            return
        try:
            await asyncio.to_thread(store_mod.add_report, self.store, client.player.id,
                                    room.id, reason, message_id=message_id, seat_player=target)
        except ModerationError as exc:
            raise ProtocolError(exc.code) from None
        client.send({"type": "reported", "game": room.id,
                     "message": translate(client.lang, "mod.reported")})

    # -- forms that start a game -------------------------------------------------------------
    def banned_page(self, request: Request, player: Player | None) -> Response | None:
        """The site's message page with the reason and the end, for a banned player."""
        ban = ban_of(player) if player is not None else None
        if ban is None:
            return None
        lang = self.site.lang(request)
        key = "mod.ban_detail" if ban.until is not None else "mod.ban_detail_forever"
        return self.site.page(request, "message.html", player, status=403,
                              message_key="mod.banned_page",
                              detail=translate(lang, key, reason=ban.reason,
                                               until=when(ban.until)))

    # -- the moderators' pages ---------------------------------------------------------------
    async def staff(self, request: Request) -> tuple[Player | None, Response | None]:
        player = await self.site.player(request)
        if not is_staff(player):
            return player, self.site.page(request, "message.html", player, status=403,
                                          message_key="mod.forbidden")
        return player, None

    def problem(self, request: Request, player: Player | None, code: str) -> Response:
        return self.site.page(request, "message.html", player, status=400,
                              message_key=f"mod.error.{code}")

    async def queue(self, request: Request) -> Response:
        player, refused = await self.staff(request)
        if refused is not None:
            return refused
        items = await asyncio.to_thread(store_mod.open_reports, self.store)
        for item in items:
            row = item["game"]
            try:
                item["title"] = games.get(row.game).title if row is not None else ""
            except LudoError:
                item["title"] = row.game
            target = item["target"]
            item["muted"] = muted_until(target) if target is not None else None
            item["ban"] = ban_of(target) if target is not None else None
        return self.site.page(request, "mod.html", player, items=items, when=when)

    async def log_page(self, request: Request) -> Response:
        player, refused = await self.staff(request)
        if refused is not None:
            return refused
        rows = await asyncio.to_thread(store_mod.actions, self.store)
        return self.site.page(request, "mod_log.html", player, rows=rows, when=when)

    async def act(self, request: Request) -> Response:
        """POST /mod/{action}: one act on one report of the queue, with its reason."""
        player, refused = await self.staff(request)
        if refused is not None:
            return refused
        assert player is not None
        action = request.path_params["action"]
        if action not in ACTIONS:
            return self.site.not_found(request, player, "error.not_found")
        form = await request.form()
        reason = str(form.get("reason", ""))[:MAX_REASON].strip()
        try:
            report_id = int(str(form.get("report", "")))
        except ValueError:
            return self.problem(request, player, "no_such_report")
        if not reason:
            return self.problem(request, player, "reason_needed")
        found = await asyncio.to_thread(store_mod.report, self.store, report_id)
        if found is None or found.status != "open":
            return self.problem(request, player, "no_such_report")
        try:
            if action == "hide":
                await self.hide(player, found, reason)
            elif action == "mute":
                await self.mute(player, found, reason, str(form.get("duration", "")))
            elif action == "ban":
                await self.ban(player, found, reason, str(form.get("duration", "")))
            elif action == "close":
                await self.close(player, found, reason)
            else:
                await asyncio.to_thread(store_mod.dismiss, self.store, player, found.id, reason)
        except ModerationError as exc:
            return self.problem(request, player, exc.code)
        return RedirectResponse("/mod", 303)

    # -- the acts ------------------------------------------------------------------------------
    async def hide(self, moderator: Player, found: Report, reason: str) -> None:
        """The message leaves every open chat at once, and every page loaded after."""
        if found.message_id is None:
            raise ModerationError("no_such_message")
        message = await asyncio.to_thread(store_mod.hide, self.store, moderator,
                                          found.message_id, reason, found.id)
        notice = {"type": "chat_hidden", "game": message.game_id, "id": message.id}
        hub = self.site.hub
        room = hub.rooms.get(message.game_id)
        if room is not None:
            for client in list(room.clients):
                client.send(notice)
        if hub.cluster is not None:
            hub.cluster.publish_chat(message.game_id, notice)

    async def mute(self, moderator: Player, found: Report, reason: str, raw: str) -> None:
        length = parse_duration(raw)
        if length is None:
            raise ModerationError("bad_duration")  # a mute always ends
        if found.target is None:
            raise ModerationError("no_such_player")
        await asyncio.to_thread(store_mod.mute, self.store, moderator, found.target,
                                now() + length, reason, found.id)

    async def ban(self, moderator: Player, found: Report, reason: str, raw: str) -> None:
        """No seat, no new game, no chat; the live games end as resignations (as when an
        account is deleted) and the games still waiting for players are closed."""
        length = parse_duration(raw)
        if found.target is None:
            raise ModerationError("no_such_player")
        target = await asyncio.to_thread(
            store_mod.ban, self.store, moderator, found.target,
            now() + length if length is not None else None, reason, found.id)
        await self.resign_games(target)
        for gid in await asyncio.to_thread(store_mod.open_games_of, self.store, target.id):
            await self.end_room(gid, functools.partial(store_mod.set_status, self.store, gid,
                                                       "over"))

    async def resign_games(self, target: Player) -> None:
        """Each live game of the banned player ends for them as a resignation (two players:
        the other wins; more: a bot takes the seat), as if they had resigned it: by this
        process when it owns the room, else by the room's owner (cluster.py)."""
        hub = self.site.hub
        for gid in await asyncio.to_thread(privacy.live_games, self.store, target.id):
            room = await hub.room(gid)
            if room is None:
                continue
            if hub.cluster is not None and not room.owned:
                client = await hub.remote_client(target.id, "fr")
                for seat in room.seats_of(target.id):
                    with contextlib.suppress(ProtocolError):  # over meanwhile
                        await hub.cluster.forward(room, client, "resign", seat=seat)
                continue
            async with room.lock:
                for seat in room.seats_of(target.id):
                    if room.row.status == "live" and not room.over:
                        await room.give_up(seat, RESIGNED)
                room.broadcast()
                room.watch_clock()
            room.schedule_bots()

    async def close(self, moderator: Player, found: Report, reason: str) -> None:
        if found.game_id is None:
            raise ModerationError("no_such_game")
        game_id = found.game_id

        def write() -> None:
            store_mod.close_game(self.store, moderator, game_id, reason, found.id)

        await self.end_room(game_id, write)

    async def end_room(self, game_id: str, write: Callable[[], object]) -> None:
        """End a game with no result, under its room's lock (no move lands in between), and
        show it ended to everyone watching."""
        hub = self.site.hub
        room = await hub.room(game_id)
        if room is None:
            await asyncio.to_thread(write)
            return
        if hub.cluster is not None and not room.owned:
            # Another process owns the room: it takes the stored end (cluster.py).
            await asyncio.to_thread(write)
            await hub.reread_everywhere(game_id)
            return
        async with room.lock:
            await asyncio.to_thread(write)
            room.row.status = "over"
            room.row.public = False
            room.broadcast()
            room.watch_clock()
