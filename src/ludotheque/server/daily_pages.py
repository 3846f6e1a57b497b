"""The daily challenge's pages (MT-24): the day's leaderboards and the start of one's attempt."""

from __future__ import annotations

import asyncio
import secrets
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ludotheque import games
from ludotheque.store import GameRow, Player
from ludotheque.store.social import friend_ids

from . import daily
from .accounts import LANG_COOKIE
from .i18n import pick
from .screens import game_of, screen_text

if TYPE_CHECKING:
    from .app import Site


class DailyPages:
    def __init__(self, site: Site) -> None:
        self.site = site

    def routes(self) -> list[Route]:
        return [Route("/daily", self.daily_page, name="daily"),
                Route("/daily/{kind}", self.daily_start, methods=["POST"])]

    async def daily_page(self, request: Request) -> Response:
        player = await self.site.player(request)
        today = daily.today()
        raw = request.query_params.get("day")
        day = daily.parse_day(raw) if raw else today
        if day is None or day > today or day < daily.FIRST_DAY:
            return self.site.not_found(request, player, "daily.no_such_day")
        lang = pick(request.cookies.get(LANG_COOKIE))
        # ?friends=1: the leaderboards of the reader and their friends only.
        only = None
        if player is not None and request.query_params.get("friends"):
            only = await asyncio.to_thread(friend_ids, self.site.store, player.id) | {player.id}
        boards = await asyncio.to_thread(self._daily_boards, day, player, lang, only)
        return self.site.page(request, "daily.html", player, day=day.isoformat(),
                         friends_only=only is not None,
                         is_today=day == today, boards=boards, bot=daily.DAILY_BOT,
                         previous=(day - timedelta(days=1)).isoformat(),
                         following=(day + timedelta(days=1)).isoformat()
                         if day < today else None)

    def _daily_boards(self, day: date, player: Player | None, lang: str,
                      only: set[str] | None = None) -> list[dict[str, Any]]:
        out = []
        for game in games.all_games():
            found = self.site.challenge(game, day)
            if found is None:
                continue
            standings, playing, mine = [], 0, None
            for attempt, row, who in self.site.store.daily_attempts(day.isoformat(), game.id):
                if player is not None and who.id == player.id:
                    mine = {"game_id": row.id, "over": row.status == "over"}
                if only is not None and who.id not in only:
                    continue
                if row.status != "over" or row.result is None:
                    playing += 1
                    continue
                standings.append(daily.standing(who.name, who.id, row.id, attempt.seat,
                                                row.result, row.moves_count))
            words = screen_text(game, lang)
            label = found.config.label
            out.append({"game": game, "setup": words.get(f"setup.{label}", label),
                        "board": daily.leaderboard(standings), "playing": playing,
                        "mine": mine})
        return out

    async def daily_start(self, request: Request) -> Response:
        player = await self.site.player(request)
        game = game_of(request)
        if game is None:
            return self.site.not_found(request, player, "error.unknown_game")
        if player is None or player.login is None:
            # MT-24: one attempt per account; a guest has none to count it on.
            return self.site.page(request, "message.html", player, status=403,
                             message_key="daily.account_needed")
        if (banned := self.site.moderation.banned_page(request, player)) is not None:
            return banned
        day = daily.today()
        found = self.site.challenge(game, day)
        if found is None:
            return self.site.not_found(request, player, "daily.none")
        earlier = await asyncio.to_thread(self.site.store.daily_attempt, day.isoformat(), game.id,
                                          player.id)
        if earlier is not None:
            return RedirectResponse(f"/g/{earlier.game_id}", 303)
        row = GameRow(id=secrets.token_urlsafe(6), game=game.id, game_version=game.version,
                      seed=found.seed, players=found.config.players,
                      options=found.config.options.model_dump(mode="json"),
                      seats=found.seats(player.id, player.name), status="live",
                      # Private: nobody watches the day's deal before playing it.
                      public=False, creator=player.id, result=None, moves_count=0)
        attempt = await self.site.store.start_daily_committed(row, day.isoformat(), player.id,
                                                         daily.PLAYER_SEAT)
        return await self.site.open_room(attempt.game_id)
