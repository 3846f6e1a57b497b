"""Players' pages: /u/NAME (ratings with their history drawn, record per game, recent games)
and /u/NAME/games (every finished game, with filters and pages). Only accounts have one; an
unknown name is the site's 404 page. A banned player's page says so and shows nothing else;
a deleted account is unknown. Others see a player's public games; the player sees all."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import Response

from ludotheque import games
from ludotheque.core import LudoError
from ludotheque.store import GameRow, Player
from ludotheque.store import social as store_social
from ludotheque.store.moderation import ban_of
from ludotheque.store.plays import MULTI, OUTCOMES, seat_players

from .i18n import pick, seat_label

if TYPE_CHECKING:
    from .app import Site

CHART_WIDTH, CHART_HEIGHT = 240, 60


def profile_url(name: str) -> str:
    return "/u/" + quote(name, safe="")


def title_of(game_id: str) -> str:
    try:
        return games.get(game_id).title
    except LudoError:
        return game_id


def pool_parts(pool: str) -> tuple[str, bool]:
    """(the time control, whether it is the pool of games of 3+ seats)."""
    return (pool[:-len(MULTI)], True) if pool.endswith(MULTI) else (pool, False)


def chart(values: list[float]) -> dict[str, Any] | None:
    """An SVG polyline's points for a rating's history (the template draws it), with its
    lowest and highest values; None with fewer than two points."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = high - low or 1.0
    step = CHART_WIDTH / (len(values) - 1)
    points = " ".join(f"{i * step:.1f},{CHART_HEIGHT - (v - low) / span * CHART_HEIGHT:.1f}"
                      for i, v in enumerate(values))
    return {"points": points, "low": round(low), "high": round(high),
            "width": CHART_WIDTH, "height": CHART_HEIGHT}


def when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


class Profiles:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.store = site.store

    async def owner(self, request: Request) -> tuple[Player | None, Player | None]:
        """(the reader, the page's account or None)."""
        reader = await self.site.player(request)
        name = request.path_params["name"]
        found = await asyncio.to_thread(self.store.account, name) if len(name) <= 40 else None
        return reader, found

    def rows(self, items: list[tuple[Any, GameRow]], owner: Player, lang: str
             ) -> list[dict[str, Any]]:
        """Each game as a line: its title, the opponents (linked when accounts), the owner's
        result, the date, the replay's address."""
        ids = {p for _, g in items for p in seat_players(g.seats) if p}
        names = store_social.accounts_named(self.store, ids)
        out = []
        for play, row in items:
            players = seat_players(row.seats)
            opponents = [{"name": seat_label(lang, seat),
                          "url": profile_url(names[pid]) if pid in names else None}
                         for i, (seat, pid) in enumerate(zip(row.seats, players, strict=True))
                         if i != play.seat]
            out.append({"id": row.id, "title": title_of(row.game), "outcome": play.outcome,
                        "opponents": opponents, "date": when(play.ended_at),
                        "ranked": play.ranked, "replay": f"/g/{row.id}/replay"})
        return out

    async def page(self, request: Request) -> Response:
        reader, owner = await self.owner(request)
        if owner is None or owner.login is None:
            return self.site.not_found(request, reader, "profile.unknown")
        lang = pick(request.cookies.get("lang"))
        if ban_of(owner) is not None:
            return self.site.page(request, "profile.html", reader, owner=owner, banned=True)
        mine = reader is not None and reader.id == owner.id
        data = await asyncio.to_thread(self._profile, owner, not mine, lang)
        friendship = None
        if reader is not None and reader.login is not None and not mine:
            friendship = await asyncio.to_thread(self._friendship, reader.id, owner.id)
        return self.site.page(request, "profile.html", reader, owner=owner, banned=False,
                              mine=mine, friendship=friendship,
                              games_url=profile_url(owner.name) + "/games", **data)

    def _friendship(self, reader: str, owner: str) -> str:
        for f in store_social.friends(self.store, reader):
            if f.player.id == owner:
                return f.status if f.status == "accepted" else \
                    ("asked" if f.asked_by_me else "asked_you")
        return "none"

    def _profile(self, owner: Player, public_only: bool, lang: str) -> dict[str, Any]:
        ratings = []
        for r in store_social.ratings(self.store, owner.id):
            control, multi = pool_parts(r.pool)
            points = store_social.history(self.store, owner.id, r.game, r.pool)
            ratings.append({"game": r.game, "title": title_of(r.game), "pool": r.pool,
                            "control": control, "multi": multi, "rating": round(r.rating),
                            "rd": round(r.rd), "provisional": r.rd > 110, "games": r.games,
                            "chart": chart([p.rating for p in points])})
        record = store_social.record(self.store, owner.id, public_only)
        recent, total = store_social.plays(self.store, owner.id, public_only,
                                           store_social.GameFilter(), 1, store_social.RECENT)
        return {"ratings": ratings,
                "record": [{"game": g, "title": title_of(g), **counts}
                           for g, counts in sorted(record.items())],
                "recent": self.rows(recent, owner, lang), "total": total}

    async def games_page(self, request: Request) -> Response:
        reader, owner = await self.owner(request)
        if owner is None or owner.login is None or ban_of(owner) is not None:
            return self.site.not_found(request, reader, "profile.unknown")
        q = request.query_params
        game = q.get("game") or None
        outcome = q.get("result") or None
        ranked_raw = q.get("ranked") or ""
        opponent_name = (q.get("opponent") or "").strip()[:40]
        try:
            page = int(q.get("page") or "1")
        except ValueError:
            page = 0
        known = {g.id for g in games.all_games()}
        if (game is not None and game not in known) or (
                outcome is not None and outcome not in OUTCOMES) or \
                ranked_raw not in ("", "yes", "no") or not 1 <= page <= store_social.MAX_PAGE:
            return self.site.page(request, "message.html", reader, status=400,
                                  message_key="profile.bad_filter")
        opponent: Player | None = None
        if opponent_name:
            opponent = await asyncio.to_thread(self.store.account, opponent_name)
        lang = pick(request.cookies.get("lang"))
        mine = reader is not None and reader.id == owner.id
        chosen = store_social.GameFilter(
            game=game, outcome=outcome, ranked=None if not ranked_raw else ranked_raw == "yes",
            # An unknown opponent: no game (the filter stands, it matches nobody).
            opponent=opponent.id if opponent is not None else
            ("-" if opponent_name else None))
        items, total = await asyncio.to_thread(store_social.plays, self.store, owner.id,
                                               not mine, chosen, page)
        rows = await asyncio.to_thread(self.rows, items, owner, lang)
        pages = max(1, -(-total // store_social.PAGE))
        kept = {k: v for k, v in (("game", game or ""), ("result", outcome or ""),
                                  ("opponent", opponent_name), ("ranked", ranked_raw)) if v}

        def link(n: int) -> str:
            return "?" + urlencode({**kept, "page": str(n)})

        return self.site.page(
            request, "profile_games.html", reader, owner=owner, rows=rows, total=total,
            page=page, pages=pages, games=games.all_games(), chosen=kept,
            previous=link(page - 1) if page > 1 else None,
            following=link(page + 1) if page < pages else None,
            profile=profile_url(owner.name))
