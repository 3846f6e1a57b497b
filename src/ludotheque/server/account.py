"""The privacy and terms pages, and a player's own data: download it, delete the account.

/privacy and /terms are Markdown texts shipped with the site (web/legal/, one per language).
/account shows what is kept and the two actions; /account/export is one JSON file;
/account/delete asks the password again (a guest, its name), resigns the player's live games,
then forgets the player (store/privacy.py) and ends the session.
"""

from __future__ import annotations

import asyncio
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ludotheque.core.record import RESIGNED
from ludotheque.store import privacy

from .auth import check_password
from .i18n import pick

if TYPE_CHECKING:
    from .app import Site

LEGAL = ("privacy", "terms")


@cache
def legal_text(name: str, lang: str) -> str:
    return (resources.files("ludotheque.web").joinpath("legal", f"{name}.{lang}.md")
            .read_text("utf-8"))


class AccountPages:
    def __init__(self, site: Site) -> None:
        self.site = site

    def lang(self, request: Request) -> str:
        from .app import LANG_COOKIE

        return pick(request.cookies.get(LANG_COOKIE))

    async def legal(self, request: Request) -> Response:
        from .app import MARKDOWN

        name = request.url.path.strip("/")
        assert name in LEGAL
        player = await self.site.player(request)
        html = Markup(MARKDOWN.render(legal_text(name, self.lang(request))))
        return self.site.page(request, "legal.html", player, legal=name, text=html)

    async def page(self, request: Request) -> Response:
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        return self.site.page(request, "account.html", player, error=None)

    async def export(self, request: Request) -> Response:
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        data = await asyncio.to_thread(privacy.export, self.site.store, player.id)
        if data is None:
            return RedirectResponse("/login?next=/account", 303)
        return Response(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                        media_type="application/json",
                        headers={"Content-Disposition":
                                 'attachment; filename="ludotheque-my-data.json"',
                                 "Cache-Control": "no-store"})

    async def delete(self, request: Request) -> Response:
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        form = await request.form()
        confirm = str(form.get("confirm", ""))[:1000]
        if player.password_hash is not None:
            ok, _ = await asyncio.to_thread(check_password, player.password_hash, confirm)
        else:
            ok = confirm.strip() == player.name
        if not ok:
            return self.site.page(request, "account.html", player, status=400,
                                  error="account.confirm_wrong")
        await self.resign_everything(player.id)
        changed = await asyncio.to_thread(privacy.forget, self.site.store, player.id)
        await self.refresh_rooms(changed)
        request.session.clear()
        return self.site.page(request, "message.html", None, message_key="account.deleted")

    async def resign_everything(self, player_id: str) -> None:
        """Every live game of the player ends for them as a resignation (two players: the
        other wins; more: a bot takes the seat), as if they had resigned each one."""
        hub = self.site.hub
        for gid in await asyncio.to_thread(privacy.live_games, hub.store, player_id):
            room = await hub.room(gid)
            if room is None:
                continue
            async with room.lock:
                for seat in room.seats_of(player_id):
                    if room.row.status == "live" and not room.over:
                        await room.give_up(seat, RESIGNED)
                room.broadcast()
                room.watch_clock()
            room.schedule_bots()

    async def refresh_rooms(self, game_ids: list[str]) -> None:
        """Rooms held in memory take the stored seats (the deleted player's name gone)."""
        hub = self.site.hub
        for gid in game_ids:
            room = hub.rooms.get(gid)
            if room is None:
                continue
            row = await asyncio.to_thread(hub.store.game, gid)
            if row is None:
                continue
            async with room.lock:
                room.row.seats = row.seats
                room.row.public = row.public
                room.broadcast()
