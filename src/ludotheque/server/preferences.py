"""An account's preferences kept with it: the room's sound when it is your turn (issue 20).

The sound is off by default. A guest's choice stays in their browser (game.js keeps it in
localStorage); an account's is stored, so that it follows them to every room and every browser.
The room page gives a signed-in account its `sound` and the address to post a change to;
the post carries the CSRF token like every form (csrf.py) and counts against
`Limits.preference` per account (429 over it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheque.store import Player

from . import csrf

if TYPE_CHECKING:
    from .app import Site

SOUND_URL = "/account/sound"


def room_sound(player: Player | None, session: Any) -> dict[str, Any]:
    """What the room page tells game.js about the sound: an account's stored choice, the
    address to post a change to and the token to post it with; nothing for a guest (their
    browser keeps it)."""
    if player is None or player.login is None:
        return {}
    return {"sound": player.sound, "sound_url": SOUND_URL, "csrf": csrf.token(session)}


class Preferences:
    def __init__(self, site: Site) -> None:
        self.site = site

    def routes(self) -> list[Route]:
        return [Route(SOUND_URL, self.sound, methods=["POST"])]

    async def sound(self, request: Request) -> Response:
        """Turn the account's sound on (`on=1`) or off (`on=0`); answers the stored value."""
        player = await self.site.player(request)
        if player is None or player.login is None:
            return JSONResponse({"error": "account_needed"}, 403)
        self.site.limiter.hit("preference", f"a:{player.id}")
        form = await request.form()
        on = form.get("on")
        if on not in ("0", "1"):
            return JSONResponse({"error": "bad_value"}, 400)
        await self.site.store.set_sound.committed(player.id, on == "1")
        return JSONResponse({"sound": on == "1"})
