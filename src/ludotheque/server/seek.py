"""The ranked lobby's seeks (MT-26): "find me a ranked opponent" in one game, size and time
control. A seek takes the free seat of the waiting ranked game whose seated players' rating
(their mean, with 3+ seats) is the nearest to the seeker's; with none waiting, it opens one
(the seeker first, the other seats free), which the next seek can take."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any, cast

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.websockets import WebSocket

from ludotheque import games
from ludotheque.core import Game, LudoError
from ludotheque.core.rng import fresh_seed
from ludotheque.store import GameRow
from ludotheque.store import social as store_social
from ludotheque.store.plays import rating_pool

from .accounts import address
from .clients import Client
from .clocks import TIME_CONTROLS, Clocks
from .i18n import pick
from .protocol import ProtocolError
from .ratings import Rating
from .rooms import seat_is_free

if TYPE_CHECKING:
    from .app import Site


def game_of(request: Request) -> Game | None:
    try:
        return games.get(request.path_params["kind"])
    except LudoError:
        return None


def nearest(mine: float, candidates: list[tuple[GameRow, list[str]]],
            ratings: dict[str, float]) -> list[GameRow]:
    """The waiting games, nearest rating first (the oldest first among equals)."""
    def distance(item: tuple[int, tuple[GameRow, list[str]]]) -> tuple[float, int]:
        order, (_, seated) = item
        values = [ratings.get(p, Rating().rating) for p in seated]
        return abs(sum(values) / len(values) - mine), order

    return [row for _, (row, _) in sorted(enumerate(candidates), key=distance)]


class Seeks:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.store = site.store

    async def seek(self, request: Request) -> Response:
        site = self.site
        player = await site.player(request)
        game = game_of(request)
        if game is None:
            return site.not_found(request, player, "error.unknown_game")
        if player is None:
            return RedirectResponse("/login?next=/ratings", 303)
        if player.login is None:
            return site.page(request, "message.html", player, status=403,
                             message_key="new.ranked_account")
        if (banned := site.moderation.banned_page(request, player)) is not None:
            return banned
        form = await request.form()
        control = TIME_CONTROLS.get(str(form.get("clock", "")))
        try:
            count = int(str(form.get("players", game.min_players)))
        except ValueError:
            count = 0
        if control is None or not max(2, game.min_players) <= count <= game.max_players:
            return site.page(request, "message.html", player, status=400,
                             message_key="seek.bad")
        site.limiter.hit("game_create", f"a:{player.id}", address(request))
        pool = rating_pool(control.name, count)
        waiting = await asyncio.to_thread(store_social.seeks, self.store, game.id, count,
                                          control.name, player.id)
        ids = {p for _, seated in waiting for p in seated} | {player.id}
        ratings = await asyncio.to_thread(store_social.ratings_in, self.store, ids, game.id,
                                          pool)
        mine = ratings.get(player.id, Rating().rating)
        client = Client(cast(WebSocket, None), player, pick(request.cookies.get("lang")))
        for row in nearest(mine, waiting, ratings):
            if await self.sit(row.id, client):
                return RedirectResponse(f"/g/{row.id}", 303)
        seats: list[dict[str, Any]] = [{"kind": "human", "player": player.id,
                                        "name": player.name, "account": True}]
        seats += [{"kind": "human", "player": None, "name": ""} for _ in range(count - 1)]
        row = GameRow(id=secrets.token_urlsafe(6), game=game.id, game_version=game.version,
                      seed=fresh_seed(), players=count,
                      options=game.options({}, count).model_dump(mode="json"), seats=seats,
                      status="open", public=True, creator=player.id, result=None,
                      moves_count=0, clock=Clocks.start(control, count).to_json(), ranked=True)
        await self.store.create_game.committed(row)
        return await site.open_room(row.id)

    async def sit(self, game_id: str, client: Client) -> bool:
        """Take the first free seat of that game (another seek may have taken it first)."""
        room = await self.site.hub.room(game_id)
        if room is None:
            return False
        free = next((i for i, s in enumerate(room.seats) if seat_is_free(s)), None)
        if free is None:
            return False
        try:
            cluster = self.site.hub.cluster
            if cluster is not None and not room.owned:
                await cluster.forward(room, client, "sit", seat=free)
            else:
                await room.sit(client, free)
        except ProtocolError:
            return False
        return True
