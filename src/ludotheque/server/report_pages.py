"""The /balance pages: the shipped balance reports (sim/reports.py), each with its plots and
files; what they show of a report is balance_pages.py's."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from ludotheque.core import DataError
from ludotheque.sim import reports

from . import balance_pages
from .accounts import LANG_COOKIE
from .i18n import pick
from .screens import screen_text

if TYPE_CHECKING:
    from .app import Site


class ReportPages:
    def __init__(self, site: Site) -> None:
        self.site = site

    def routes(self) -> list[Route]:
        return [Route("/balance", self.balance_page, name="balance"),
                Route("/balance/{setup}", self.balance_report, name="balance_report"),
                Route("/balance/{setup}/{file}", self.balance_file)]

    async def balance_page(self, request: Request) -> Response:
        player = await self.site.player(request)
        lang = pick(request.cookies.get(LANG_COOKIE))
        found = await asyncio.to_thread(reports.list_reports, self.site.reports_root)
        rows, unreadable = [], []
        for item in found:
            if isinstance(item, reports.Unreadable):
                unreadable.append(item)
                continue
            rows.append({"setup": item.setup, "report": item.report,
                         "title": balance_pages.game_title(item),
                         "setup_text": self._setup_text(item, lang),
                         "bots": balance_pages.bots_text(item, lang),
                         "specs": balance_pages.bot_specs(item),
                         "seats": balance_pages.seat_rows(item, lang),
                         "fair": balance_pages.percent(lang, item.report.fair_share),
                         "away": len(item.report.away_from_even),
                         "headline": item.findings.text(lang).headline
                         if item.findings else None})
        return self.site.page(request, "balance.html", player, rows=rows, unreadable=unreadable)

    def _setup_text(self, shipped: reports.Shipped, lang: str) -> str:
        game = balance_pages.game_of(shipped)
        words = {} if game is None else screen_text(game, lang)
        return balance_pages.setup_text(shipped, lang, words)

    async def balance_report(self, request: Request) -> Response:
        player = await self.site.player(request)
        lang = pick(request.cookies.get(LANG_COOKIE))
        folder = reports.find(request.path_params["setup"], self.site.reports_root)
        if folder is None:
            return self.site.not_found(request, player, "balance.no_such_report")
        try:
            shipped = await asyncio.to_thread(reports.load, folder)
        except DataError as exc:
            # The site's data is at fault, not the request: say which file and field.
            return self.site.page(request, "message.html", player, status=500,
                             message_key="balance.unreadable_report", detail=str(exc))
        seats = balance_pages.seat_rows(shipped, lang)
        tags = balance_pages.tag_rows(shipped, lang)
        return self.site.page(
            request, "balance_report.html", player, shipped=shipped, report=shipped.report,
            title=balance_pages.game_title(shipped),
            setup_text=self._setup_text(shipped, lang), bots=balance_pages.bots_text(shipped, lang),
            specs=balance_pages.bot_specs(shipped),
            findings=shipped.findings.text(lang) if shipped.findings else None,
            fair=balance_pages.percent(lang, shipped.report.fair_share),
            seats=seats, seats_axis=balance_pages.plot_axis(seats),
            tags=tags, tags_axis=balance_pages.plot_axis(tags) if tags else None,
            rare=balance_pages.rare_tags(shipped, lang),
            percent=lambda value, digits=1: balance_pages.percent(lang, value, digits),
            # report.json keeps the series' command; `--out` names the folder it writes.
            command=f"{shipped.report.command} --out {shipped.setup}")

    async def balance_file(self, request: Request) -> Response:
        """A report's own files (the matplotlib plots, report.md, report.json), as downloads."""
        folder = reports.find(request.path_params["setup"], self.site.reports_root)
        name = request.path_params["file"]
        if folder is None or name not in reports.FILES or not (folder / name).is_file():
            player = await self.site.player(request)
            return self.site.not_found(request, player, "balance.no_such_file")
        return FileResponse(folder / name, filename=f"{folder.name}-{name}")
