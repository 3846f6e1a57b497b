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

from ludotheque.store import privacy
from ludotheque.store.names import name_key

from .accounts import address

if TYPE_CHECKING:
    from .app import Site

LEGAL = ("privacy", "terms")


@cache
def legal_text(name: str, lang: str) -> str:
    return (resources.files("ludotheque.web").joinpath("legal", f"{name}.{lang}.md")
            .read_text("utf-8"))


class PrivacyPages:
    def __init__(self, site: Site) -> None:
        self.site = site


    async def legal(self, request: Request) -> Response:
        from .app import MARKDOWN

        name = request.url.path.strip("/")
        assert name in LEGAL
        player = await self.site.player(request)
        html = Markup(MARKDOWN.render(legal_text(name, self.site.lang(request))))
        return self.site.page(request, "legal.html", player, legal=name, text=html)

    async def page(self, request: Request) -> Response:
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        return self.site.page(request, "account.html", player, error=None,
                              identities=await self.site.sign_in_with.account_rows(player))

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
            # The password again, counted and hashed as a sign-in is (accounts.py): a stolen
            # session cannot try passwords here faster than at /login.
            accounts = self.site.accounts
            who, addr = f"name:{name_key(player.name)}", address(request)
            accounts.throttle.check(who, addr)
            ok, _ = await accounts.hasher.check(player.password_hash, confirm)
            if not ok:
                accounts.throttle.failed(who, addr)
        else:
            ok = confirm.strip() == player.name
        if not ok:
            return self.site.page(request, "account.html", player, status=400,
                                  error="account.confirm_wrong",
                                  identities=await self.site.sign_in_with.account_rows(player))
        # Each live game ends for them as a resignation, by the room's owner (cluster.py).
        await self.site.moderation.resign_games(player)
        changed = await asyncio.to_thread(privacy.forget, self.site.store, player.id)
        for gid in changed:  # the seats now name nobody: the rooms say so
            await self.site.hub.reread_everywhere(gid)
        request.session.clear()
        return self.site.page(request, "message.html", None, message_key="account.deleted")
