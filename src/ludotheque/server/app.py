"""The ASGI application: pages, the record download, and the one WebSocket per client."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup
from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ludotheque import games
from ludotheque.bots import bot_names
from ludotheque.core import Game, LudoError
from ludotheque.core.lessons import progress
from ludotheque.core.rng import fresh_seed
from ludotheque.sim import reports
from ludotheque.store import GameRow, Player, Store, migrate
from ludotheque.store.moderation import ban_of, visible_chat
from ludotheque.store.plays import rating_pool
from ludotheque.store.social import challenges as challenges_of

from . import correspondence, csrf, daily, logs, sockets
from .accounts import LANG_COOKIE, Accounts, address, safe_next
from .auth import clean_name
from .bots import BotPool, load_plugin
from .chat_filter import ChatFilter
from .clocks import DAY, TIME_CONTROLS, Clocks, pools, set_day_length
from .cluster import Cluster
from .daily_pages import DailyPages
from .decks import DeckPages
from .forms import bot_choices, option_fields, options_from_form, ranked_problem
from .friends import Friends
from .hub import Hub
from .i18n import LANGS, catalogue, is_one, pick, seat_label, translate
from .limits import Limiter, Limits, RateLimited
from .metrics import Metrics
from .moderation import Moderation
from .oauth import SignInWith
from .oauth_config import Provider
from .preferences import Preferences, room_sound
from .presence import Presence, player_message
from .privacy_pages import PrivacyPages
from .profiles import profile_url
from .replay_frames import frames
from .report_pages import ReportPages
from .rooms import CLAIM_AFTER, chat_message, find_lesson
from .rule_help import rule_help
from .screens import game_of, room_words, screen_dir, screen_text, web_root
from .social_pages import social_routes

log = logging.getLogger("ludotheque.server")

YEAR = 365 * 24 * 3600
READY_TIMEOUT = 2.0  # seconds the readiness probe waits for the database


MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_html(game: Game, lang: str) -> Markup:
    """The game's rules summary as HTML; raw HTML in the Markdown is escaped, not kept."""
    return Markup(MARKDOWN.render(game.rules(lang)))


# Paths whose 404 and 405 stay a plain status: files fetched by pages (styles, scripts,
# screens), not addresses a person types.
PLAIN_ERRORS = ("/static/", "/screens/")


class Site:
    """What the handlers share: the store, the rooms, the templates."""

    def __init__(self, store: Store, hub: Hub, reports_root: Path = reports.SHIPPED,
                 limiter: Limiter | None = None) -> None:
        self.store = store
        self.hub = hub
        self.reports_root = reports_root
        self.limiter = limiter or Limiter()
        # Per-socket counts (sockets.py): a socket lives in one process, so they stay in its
        # memory even when `limiter` counts in a shared storage.
        self.socket_limiter = Limiter(self.limiter.settings)
        self.accounts = Accounts(self)
        self.metrics = Metrics()
        self.sockets = 0  # WebSocket connections open now
        self.origins: frozenset[str] = frozenset()  # pages of other sites that may open /ws
        self.daily_key = store.daily_key()
        self.moderation = Moderation(self)
        self.presence = Presence()  # who has a socket open (friends.py)
        self.decks = DeckPages(self)
        self.env = Environment(loader=PackageLoader("ludotheque.web", "templates"),
                               autoescape=select_autoescape(["html"]))
        self.sign_in_with = SignInWith(self, {})  # Discord, Google: none until configured

    def offer_sign_in_with(self, providers: dict[str, Provider],
                           public_url: str | None) -> None:
        self.sign_in_with = SignInWith(self, providers, public_url)
        self.env.globals["sign_in_buttons"] = self.sign_in_with.buttons()

    async def player(self, conn: HTTPConnection) -> Player | None:
        found = await self.accounts.player(conn)
        logs.player_id.set(found.id if found is not None else None)  # the log lines' player
        return found

    def lang(self, conn: HTTPConnection) -> str:
        """The reader's language (the cookie set by /lang/CODE; French by default)."""
        return pick(conn.cookies.get(LANG_COOKIE))

    def page(self, request: Request, name: str, player: Player | None, status: int = 200,
             **context: Any) -> HTMLResponse:
        lang = pick(request.cookies.get(LANG_COOKIE))

        def t(key: str, **params: Any) -> str:
            return translate(lang, key, **params)

        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        body = self.env.get_template(name).render(
            t=t, lang=lang, langs=LANGS, player=player, here=here, quote=quote,
            one=lambda n: is_one(lang, n), csrf=csrf.token(request.session),
            catalogue=json.dumps(catalogue(lang), ensure_ascii=False).replace("</", "<\\/"),
            **context)
        return HTMLResponse(body, status_code=status)

    def not_found(self, request: Request, player: Player | None, key: str) -> HTMLResponse:
        return self.page(request, "message.html", player, status=404, message_key=key)

    async def http_error(self, request: Request, exc: Exception) -> Response:
        """Starlette's own 404 (no such address) and 405 (a form's address opened as a page)
        as the site's message page, in the reader's language; files keep a plain status."""
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith(PLAIN_ERRORS) or exc.status_code not in (404, 405):
            return PlainTextResponse(exc.detail, exc.status_code, headers=exc.headers)
        player = await self.player(request)
        key = "error.not_found" if exc.status_code == 404 else "error.method_not_allowed"
        response = self.page(request, "message.html", player, status=exc.status_code,
                             message_key=key)
        response.headers.update(exc.headers or {})
        return response

    # -- probes for operators (docs/operations.md) ------------------------------------------
    async def healthz(self, request: Request) -> Response:
        """The process answers (its event loop turns)."""
        return JSONResponse({"status": "ok"})

    async def readyz(self, request: Request) -> Response:
        """The process can serve: its database answers within the probe's time."""
        checks: dict[str, str] = {}
        try:
            await asyncio.wait_for(asyncio.to_thread(self.store.ping), READY_TIMEOUT)
            checks["database"] = "ok"
        except Exception as exc:  # any failure means "not ready"; the log says which
            log.warning("readiness: the database does not answer: %r", exc)
            checks["database"] = "unreachable"
        if self.hub.cluster is not None:
            try:
                await asyncio.wait_for(self.hub.cluster.ping(), READY_TIMEOUT)
                checks["redis"] = "ok"
            except Exception as exc:
                log.warning("readiness: Redis does not answer: %r", exc)
                checks["redis"] = "unreachable"
        where = {"process": self.hub.cluster.id} if self.hub.cluster is not None else {}
        if any(v != "ok" for v in checks.values()):
            return JSONResponse({"status": "unavailable", **checks, **where}, 503)
        return JSONResponse({"status": "ready", **checks, **where})

    async def rate_limited(self, request: Request, exc: Exception) -> Response:
        """Over a quota or a rate: 429, when to retry, in the reader's language."""
        assert isinstance(exc, RateLimited) and not isinstance(request, WebSocket)
        player = await self.player(request)
        response = self.page(request, "message.html", player, status=429,
                             message_key="error.rate_limited",
                             message_params={"retry_after": exc.retry_after_seconds})
        response.headers["Retry-After"] = str(exc.retry_after_seconds)
        return response

    async def refused(self, request: Request, refusal: csrf.Refusal) -> Response:
        """A form refused before its handler (no or a wrong CSRF token, too large): nothing
        was done."""
        return self.page(request, "message.html", None, status=refusal.status,
                         message_key=refusal.key)

    async def database_error(self, request: HTTPConnection, exc: Exception) -> Response:
        """The database failed (locked, full, read-only): the site's page, not a bare 500.
        The reader is not looked up (that would ask the failing database again)."""
        log.error("database error on %s: %s", request.url.path, exc)
        if isinstance(request, WebSocket):  # a socket's handshake: closed, "try again later"
            await request.close(code=1013)
            return Response(status_code=503)  # Starlette sends nothing more on a socket
        assert isinstance(request, Request)
        response = self.page(request, "message.html", None, status=503,
                             message_key="error.database")
        response.headers["Retry-After"] = "5"
        return response

    async def favicon(self, request: Request) -> Response:
        return FileResponse(web_root() / "static" / "favicon.svg", media_type="image/svg+xml")

    # -- pages ------------------------------------------------------------------------------
    async def home(self, request: Request) -> Response:
        player = await self.player(request)
        lang = pick(request.cookies.get(LANG_COOKIE))
        lists = await asyncio.to_thread(self._lists, player, lang)
        return self.page(request, "home.html", player, games=games.all_games(), **lists)

    def _lists(self, player: Player | None, lang: str) -> dict[str, Any]:
        def rows(items: list[GameRow]) -> list[dict[str, Any]]:
            out = []
            for r in items:
                try:
                    title = games.get(r.game).title
                except LudoError:
                    continue
                out.append({"id": r.id, "title": title, "status": r.status,
                            "names": [seat_label(lang, s) for s in r.seats],
                            "urls": [profile_url(str(s["name"])) if s.get("account")
                                     and not s.get("deleted") else None for s in r.seats],
                            "free": sum(1 for s in r.seats
                                        if s.get("kind") == "human" and not s.get("player")),
                            "moves": r.moves_count, "ranked": r.ranked,
                            "clock": (r.clock or {}).get("control")})
            return out

        mine = self.store.games_of(player.id) if player else []
        turns = {t["id"]: t["deadline"] for t in correspondence.your_turn(
            self.hub, mine, player.id)} if player else {}
        return {
            "open_games": rows(self.store.games(["open"])),
            "live_games": rows(self.store.games(["live"])),
            "over_games": rows(self.store.games(["over"], limit=20)),
            "my_games": rows(mine),
            "your_turn": [{**r, "due": correspondence.due_text(turns[r["id"]])}
                          for r in rows(mine) if r["id"] in turns],
            # Friends' challenges waiting for this player's answer (friends.py).
            "challenges": [Friends.challenge_item(c, a) for c, a, b in
                           challenges_of(self.store, player.id) if b.id == player.id]
            if player is not None and player.login else [],
        }

    async def new_form(self, request: Request) -> Response:
        player = await self.player(request)
        game = game_of(request)
        if game is None:
            return self.not_found(request, player, "error.unknown_game")
        if player is None:
            return RedirectResponse(f"/login?next={quote(request.url.path)}", 303)
        # The game's own setups (player counts and variants) as presets of the form.
        setups = list(game.configs())
        # Without a choice, the setup a newcomer should play (Game.newcomer_setup).
        wanted = request.query_params.get("setup", game.newcomer_setup)
        preset = next((c for c in setups if c.label == wanted), None)
        return self.page(request, "new.html", player, game=game,
                         words=screen_text(game, pick(request.cookies.get(LANG_COOKIE))),
                         fields=option_fields(game, preset.options if preset else None),
                         bots=bot_choices(), error=None, setups=setups, preset=preset,
                         time_controls=list(TIME_CONTROLS.values()),
                         **await self.decks.form_fields(player, game, preset))

    async def new_game(self, request: Request) -> Response:
        player = await self.player(request)
        game = game_of(request)
        if game is None:
            return self.not_found(request, player, "error.unknown_game")
        if player is None:
            return RedirectResponse(f"/login?next={quote(request.url.path)}", 303)
        if (banned := self.moderation.banned_page(request, player)) is not None:
            return banned
        form = await request.form()

        decks = await self.decks.form_fields(player, game)

        def again(key: str, detail: str = "") -> Response:
            return self.page(request, "new.html", player, status=400, game=game,
                             words=screen_text(game, pick(request.cookies.get(LANG_COOKIE))),
                             fields=option_fields(game), bots=bot_choices(), setups=[],
                             preset=None, time_controls=list(TIME_CONTROLS.values()),
                             error=translate(pick(request.cookies.get(LANG_COOKIE)), key)
                             + (f" {detail}" if detail else ""), **decks)

        try:
            count = int(str(form.get("players", game.min_players)))
        except ValueError:
            return again("new.bad_players")
        if not game.min_players <= count <= game.max_players:
            return again("new.bad_players")
        seats: list[dict[str, Any]] = []
        for i in range(count):
            choice = str(form.get(f"seat_{i}", "me" if i == 0 else "open"))
            # An engine chosen under "Options avancées" takes the seat whatever its list says.
            if engine := str(form.get(f"engine_{i}") or ""):
                choice = f"bot:{engine}"
            if choice == "me":
                # Hotseat: the players at this device may give their names.
                given = clean_name(str(form.get(f"name_{i}", "")))
                if given and await self.anothers_account(given, player):
                    return again("new.name_is_account")
                mine = sum(1 for s in seats if s.get("player") == player.id)
                default = player.name if mine == 0 else f"{player.name} · {i + 1}"
                seats.append({"kind": "human", "player": player.id,
                              "name": given or default,
                              # The account's own name links to its profile.
                              **({"account": True} if player.login and not given
                                 and mine == 0 else {})})
            elif choice == "open":
                seats.append({"kind": "human", "player": None, "name": ""})
            elif choice.startswith("bot:") and choice[4:] in bot_names():
                seats.append({"kind": "bot", "player": None, "name": choice[4:],
                              "bot": choice[4:]})
            else:
                return again("new.bad_seat")
        try:
            options = game.options(options_from_form(game, form), count)
            options = await self.decks.seat_options(player, game, options, count, form, seats,
                                                    self.lang(request))
        except LudoError as exc:
            return again("new.bad_options", str(exc))
        open_seats = any(s["kind"] == "human" and not s["player"] for s in seats)
        chosen_clock = str(form.get("clock") or "none")
        control = TIME_CONTROLS.get(chosen_clock)
        if chosen_clock != "none" and control is None:
            return again("new.bad_clock")
        ranked = form.get("ranked") is not None
        if ranked:
            problem = ranked_problem(game, player, seats, control, options)
            if problem is not None:
                return again(problem)
        cap = self.limiter.settings.live_bot_games
        if (self.limiter.enabled and any(s["kind"] == "bot" for s in seats)
                and self.hub.bot_games_of(player.id) >= cap):
            # The bots are shared: one player's games may not crowd out everyone else's.
            page = again("new.bot_games_cap", str(cap))
            page.status_code = 429
            return page
        row = GameRow(id=secrets.token_urlsafe(6), game=game.id, game_version=game.version,
                      seed=fresh_seed(), players=count,
                      options=options.model_dump(mode="json"), seats=seats,
                      status="open" if open_seats else "live",
                      # Ranked games are for strangers too: always in the lobby.
                      public=ranked or form.get("public") is not None, creator=player.id,
                      result=None, moves_count=0,
                      clock=Clocks.start(control, count).to_json() if control else None,
                      ranked=ranked)
        self.limiter.hit("game_create", f"a:{player.id}", address(request))
        await self.store.create_game.committed(row)
        return await self.open_room(row.id)

    async def anothers_account(self, name: str, player: Player) -> bool:
        """Whether `name` (or a look-alike) is an account other than `player`'s: a seat at
        this device may be named freely, but not as someone else's account."""
        account = await asyncio.to_thread(self.store.account, name)
        return account is not None and account.id != player.id

    async def open_room(self, game_id: str) -> Response:
        """A game just stored: its room starts (its bots think) and the creator goes there."""
        room = await self.hub.room(game_id)
        if room is not None:
            if room.row.status == "live":
                async with room.lock:
                    await room.save_turn()  # the "your turn" list, a first move's deadline
            room.schedule_bots()
        return RedirectResponse(f"/g/{game_id}", 303)

    async def room_page(self, request: Request) -> Response:
        player = await self.player(request)
        room = await self.hub.room(request.path_params["gid"])
        if room is None:
            return self.not_found(request, player, "error.unknown_game")
        if await self.daily_closed(room.id, room.seats_of(player.id if player else None)):
            return self.page(request, "message.html", player, status=403,
                             message_key="daily.room_private")
        lang = pick(request.cookies.get(LANG_COOKIE))
        data = {"game": room.id, "kind": room.game.id, "lang": lang,
                "screen": f"/screens/{room.game.id}/screen.js" if screen_dir(room.game)
                else None, "screen_text": room_words(room.game, lang),
                "rule_help": rule_help(room.game, lang),
                **room_sound(player, request.session)}
        history = await asyncio.to_thread(visible_chat, self.store, room.id)
        chat = [chat_message(room.id, m.name, m.text, m.at.isoformat(), m.id) for m in history]
        lessons = list(room.game.lessons()) if room.lesson is not None else []
        # A game waiting for players: the decks this player may sit with (their own only).
        rules = room.game.deck_rules()
        sit_decks = await self.decks.choices(player, room.game, room.game.options(
            room.row.options)) if rules is not None and player is not None \
            and room.row.status == "open" and not room.seats_of(player.id) else []
        number = next((i for i, x in enumerate(lessons) if x.id == room.row.lesson), -1)
        return self.page(request, "game.html", player, room=room, sit_decks=sit_decks,
                         sit_word=rules.word[lang] if rules is not None else "",
                         lesson=room.lesson, lesson_number=number + 1,
                         lesson_total=len(lessons),
                         next_lesson=lessons[number + 1].id if 0 <= number < len(lessons) - 1
                         else None,
                         rules=rules_html(room.game, lang),
                         invite=str(request.url_for("room", gid=room.id)),
                         data=json.dumps(data).replace("</", "<\\/"),
                         chat=json.dumps(chat, ensure_ascii=False).replace("</", "<\\/"))

    async def record(self, request: Request) -> Response:
        player = await self.player(request)
        room = await self.hub.room(request.path_params["gid"])
        if room is None:
            return self.not_found(request, player, "error.unknown_game")
        if not room.over:
            # The record holds every secret choice: it is published when the game is over.
            return self.page(request, "message.html", player, status=403,
                             message_key="record.not_yet")
        if await self.daily_secret(room.id):
            return self.page(request, "message.html", player, status=403,
                             message_key="daily.record_tomorrow")
        return Response(room.record().dumps() + "\n", media_type="application/json",
                         headers={"Content-Disposition":
                                  f'attachment; filename="{room.game.id}-{room.id}.json"'})

    async def replay_page(self, request: Request) -> Response:
        player = await self.player(request)
        room = await self.hub.room(request.path_params["gid"])
        if room is None:
            return self.not_found(request, player, "error.unknown_game")
        if await self.daily_secret(room.id):
            return self.page(request, "message.html", player, status=403,
                             message_key="daily.record_tomorrow")
        lang = pick(request.cookies.get(LANG_COOKIE))
        helps = rule_help(room.game, lang)
        # Every step as a spectator saw it, once (the viewer steps in the browser); off the
        # event loop: a long game replays hundreds of moves.
        shown = await asyncio.to_thread(frames, room, list(room.steps), lang, set(helps))
        last = len(shown) - 1
        # The viewer opens on the first move (a link or #n=12 may ask for another).
        try:
            step = int(request.query_params.get("step", str(min(1, last))))
        except ValueError:
            step = min(1, last)
        step = max(0, min(step, last))
        frame = shown[step]
        result = room.result()
        # With a screen of its own, the game is drawn by it, read-only (no legal actions).
        data = {"game": room.id, "kind": room.game.id, "lang": lang, "view": frame["view"],
                "screen": f"/screens/{room.game.id}/screen.js" if screen_dir(room.game)
                else None, "screen_text": room_words(room.game, lang),
                "seats": [{"seat": i, "name": seat_label(lang, s), "kind": s.get("kind"),
                           "bot": s.get("bot")} for i, s in enumerate(room.seats)],
                "frames": shown, "step": step, "rule_help": helps}
        return self.page(request, "replay.html", player, room=room, step=step,
                         data=json.dumps(data, ensure_ascii=False).replace("</", "<\\/"),
                         last=last, view=frame["view"],
                         events=[e["text"] for e in frame["events"]],
                         action=frame["action"],
                         result_text=room.result_text(result, lang) if result else "",
                         mover=frame["mover"], frames=shown,
                         result=result, seat_names=[seat_label(lang, s) for s in room.seats],
                         seat_urls=[profile_url(str(s["name"])) if s.get("account")
                                    and not s.get("deleted") else None for s in room.seats])


    # -- the daily challenge (MT-24) -----------------------------------------------------------
    def challenge(self, game: Game, day: date) -> daily.Challenge | None:
        # The site's daily key makes the seed: a day's deal cannot be computed from the date
        # nor from past days' seeds (card games hide their shuffles), yet it is the same for
        # everyone here.
        return daily.challenge(game, day, key=self.daily_key)

    async def daily_secret(self, game_id: str) -> bool:
        """Whether a game is a daily challenge whose day is not over: its record (the seed,
        every shuffle) and its replay wait until the next day."""
        attempt = await asyncio.to_thread(self.store.daily_of_game, game_id)
        return attempt is not None and attempt.day >= daily.today().isoformat()

    async def daily_closed(self, game_id: str, seats: list[int]) -> bool:
        """Whether a room is closed to a viewer holding `seats` in it: a daily challenge is
        followed by its own player alone until its record is published (daily_secret), so
        nobody sees the day's deal (the bot's moves, the log) before playing it."""
        return not seats and await self.daily_secret(game_id)

    async def ratings_page(self, request: Request) -> Response:
        player = await self.player(request)
        boards = await asyncio.to_thread(self._ratings_boards)
        return self.page(request, "ratings.html", player, boards=boards)

    def _ratings_boards(self) -> list[dict[str, Any]]:
        """A board per game, time control and kind of pool: two seats (Glicko-2) where the
        game is played by two, 3+ seats (OpenSkill) where by more. Banned players are left
        out (moderation)."""
        out = []
        for game in games.all_games():
            sizes = ([2] if game.min_players <= 2 <= game.max_players else []) \
                + ([3] if game.max_players >= 3 else [])
            for control in pools():
                for size in sizes:
                    pool = rating_pool(control.pool, size)
                    rows = self.store.ratings_board(game.id, pool)
                    out.append({"game": game, "control": control, "pool": pool,
                                "multi": size > 2, "rows": [
                                    {"name": p.name, "url": profile_url(p.name),
                                     "rating": round(r.rating), "rd": round(r.rd),
                                     "provisional": r.rd > 110, "games": r.games}
                                    for r, p in rows if ban_of(p) is None]})
        return out

    # -- tutorials (MT-27) ---------------------------------------------------------------------
    async def learn_page(self, request: Request) -> Response:
        player = await self.player(request)
        lang = pick(request.cookies.get(LANG_COOKIE))
        done = await asyncio.to_thread(self._lessons_done, player)
        tutorials = [{"game": g, "lessons": [
            {"id": lesson.id, "number": i + 1, "title": lesson.title[lang],
             "rulings": ", ".join(lesson.rulings), "done": lesson.id in done.get(g.id, set())}
            for i, lesson in enumerate(g.lessons())]}
            for g in games.all_games() if g.lessons()]
        return self.page(request, "learn.html", player, tutorials=tutorials)

    def _lessons_done(self, player: Player | None) -> dict[str, set[str]]:
        """Per game, the lessons this player has solved at least once."""
        if player is None:
            return {}
        out: dict[str, set[str]] = {}
        for game in games.all_games():
            lessons = {lesson.id: lesson for lesson in game.lessons()}
            if not lessons:
                continue
            for row, moves in self.store.lesson_games(player.id, game.id):
                lesson = lessons.get(row.lesson or "")
                if lesson is not None and progress(
                        lesson, [(m.seat, m.action) for m in moves]).status == "solved":
                    out.setdefault(game.id, set()).add(lesson.id)
        return out

    async def lesson_start(self, request: Request) -> Response:
        player = await self.player(request)
        game = game_of(request)
        if game is None:
            return self.not_found(request, player, "error.unknown_game")
        lesson = find_lesson(game, request.path_params["lesson"])
        if lesson is None:
            return self.not_found(request, player, "learn.no_such_lesson")
        if player is None:
            return RedirectResponse(f"/login?next={quote('/learn')}", 303)
        if (banned := self.moderation.banned_page(request, player)) is not None:
            return banned
        seats: list[dict[str, Any]] = [
            {"kind": "human", "player": player.id, "name": player.name}
            if i == lesson.learner else {"kind": "tutor", "player": None, "name": ""}
            for i in range(lesson.players)]
        options = game.options(lesson.options, lesson.players)
        row = GameRow(id=secrets.token_urlsafe(6), game=game.id, game_version=game.version,
                      seed=lesson.seed, players=lesson.players,
                      options=options.model_dump(mode="json"), seats=seats, status="live",
                      public=False, creator=player.id, result=None, moves_count=0,
                      lesson=lesson.id)
        self.limiter.hit("game_create", f"a:{player.id}", address(request))
        await self.store.create_game.committed(row)
        return await self.open_room(row.id)

    async def rules_page(self, request: Request) -> Response:
        player = await self.player(request)
        game = game_of(request)
        if game is None:
            return self.not_found(request, player, "error.unknown_game")
        lang = pick(request.cookies.get(LANG_COOKIE))
        return self.page(request, "rules.html", player, game=game,
                         rules=rules_html(game, lang))

    async def screen_file(self, request: Request) -> Response:
        game = game_of(request)
        if game is None:
            return Response(status_code=404)
        folder = screen_dir(game)
        name = request.path_params["file"]
        if folder is None or "/" in name or name.startswith("."):
            return Response(status_code=404)
        path = folder / name
        return FileResponse(path) if path.is_file() else Response(status_code=404)

    # -- players ----------------------------------------------------------------------------
    async def set_lang(self, request: Request) -> Response:
        lang = pick(request.path_params["code"])
        response = RedirectResponse(safe_next(request.query_params.get("next")), 303)
        response.set_cookie(LANG_COOKIE, lang, max_age=YEAR, samesite="lax")
        return response

    # -- the WebSocket ----------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        await sockets.serve(self, ws)


def create_app(db_url: str, *, plugins: Sequence[str] = (), bot_workers: int = 2,
               bot_delay: float = 0.0, reports_root: Path = reports.SHIPPED,
               limits: Limits | None = None, metrics_token: str | None = None,
               redis_url: str | None = None, origins: Sequence[str] = (),
               chat_filter: ChatFilter | None = None,
               oauth: dict[str, Provider] | None = None,
               public_url: str | None = None,
               claim_after: float = CLAIM_AFTER,
               day_seconds: float = DAY) -> Starlette:
    """The site on the database at `db_url` (migrated to the newest schema first).

    `plugins` are "module:attribute" games to register (tests' toys, plug-ins);
    `reports_root` the folder of the balance reports shown at /balance (default: those
    shipped with the package); `limits` the quotas and rate limits (default: `Limits()`);
    `metrics_token` the bearer token that opens /metrics (without one, /metrics is a 404);
    `redis_url` a Redis shared by several processes serving the same database (cluster.py):
    rooms have one owner each, news go through Redis, and the limits count there too;
    `origins` other sites whose pages may open the WebSocket ("https://ludo.example.org");
    `chat_filter` the words no chat message may contain (docs/moderation.md);
    `oauth` the sign-in providers that are on (oauth_config.py), `public_url` the site's
    address as players reach it (the providers' redirect URIs start with it).
    `claim_after` the seconds an untimed game's player to act may be away before the others
    may claim (offers.py); `day_seconds` a correspondence day (the tests' are short)."""
    set_day_length(day_seconds)
    for spec in plugins:
        load_plugin(spec)
    migrate(db_url)
    store = Store(db_url)
    metrics = Metrics(metrics_token)
    settings = limits or Limits()
    limiter = Limiter.from_uri(settings, redis_url) if redis_url else Limiter(settings)
    limiter.on_refusal = metrics.refused
    hub = Hub(store, BotPool(bot_workers, plugins), bot_delay, claim_after=claim_after)
    hub.limiter = limiter
    if redis_url:
        hub.cluster = Cluster(redis_url, hub)
    site = Site(store, hub, reports_root, limiter)
    site.origins = sockets.allowed_origins(origins)
    site.socket_limiter.on_refusal = metrics.refused
    site.metrics = metrics
    hub.metrics = metrics
    privacy = PrivacyPages(site)
    if hub.cluster is not None:
        cluster = hub.cluster

        def to_player(raw: dict[str, Any]) -> None:
            found = player_message(raw)
            if found is not None:
                site.presence.deliver(*found)

        cluster.on_player = to_player
    metrics.watch(rooms=lambda: len(hub.rooms), sockets=lambda: site.sockets,
                  bot_queue=lambda: hub.bots.pending)
    site.moderation.filter = chat_filter
    site.offer_sign_in_with(oauth or {}, public_url)
    if oauth:
        log.info("sign in with: %s", ", ".join(oauth))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if hub.cluster is not None:
            await hub.cluster.start()
            site.presence.start(hub.cluster)
        resumed = await hub.resume()
        log.info("Ludothèque: %d games resumed", resumed)
        await correspondence.expire(hub)  # deadlines that passed while the site was down
        hub.spawn(correspondence.watch_deadlines(hub, correspondence.watch_every(day_seconds)))
        yield
        await site.presence.close()
        if hub.cluster is not None:
            await hub.cluster.close()
        await hub.close()
        site.accounts.hasher.close()
        store.close()

    routes = [
        Route("/", site.home, name="home"),
        Route("/favicon.ico", site.favicon),
        Route("/healthz", site.healthz),
        Route("/readyz", site.readyz),
        Route("/metrics", metrics.endpoint),
        Route("/privacy", privacy.legal, name="privacy"),
        Route("/terms", privacy.legal, name="terms"),
        Route("/account", privacy.page, name="account"),
        Route("/account/export", privacy.export),
        Route("/account/delete", privacy.delete, methods=["POST"]),
        Route("/new/{kind}", site.new_form, methods=["GET"], name="new"),
        Route("/new/{kind}", site.new_game, methods=["POST"]),
        Route("/g/{gid}", site.room_page, name="room"),
        Route("/g/{gid}/record.json", site.record, name="record"),
        Route("/g/{gid}/replay", site.replay_page, name="replay"),
        Route("/rules/{kind}", site.rules_page, name="rules"),
        Route("/ratings", site.ratings_page, name="ratings"),
        Route("/mod", site.moderation.queue, name="mod"),
        Route("/mod/log", site.moderation.log_page, name="mod_log"),
        Route("/mod/{action}", site.moderation.act, methods=["POST"]),
        Route("/learn", site.learn_page, name="learn"),
        Route("/learn/{kind}/{lesson}", site.lesson_start, methods=["POST"]),
        Route("/screens/{kind}/{file}", site.screen_file),
        Route("/login", site.accounts.login_page, methods=["GET"], name="login"),
        Route("/login", site.accounts.login, methods=["POST"]),
        Route("/register", site.accounts.register, methods=["POST"]),
        Route("/guest", site.accounts.guest, methods=["POST"]),
        Route("/logout", site.accounts.logout, methods=["POST"]),
        Route("/lang/{code}", site.set_lang),
        *site.sign_in_with.routes(),
        *social_routes(site),
        *site.decks.routes(),
        *DailyPages(site).routes(),
        *ReportPages(site).routes(),
        *Preferences(site).routes(),
        WebSocketRoute("/ws", site.websocket),
        Mount("/static", StaticFiles(directory=web_root() / "static"), name="static"),
    ]
    # The session first (outermost): the CSRF check reads the token it keeps.
    middleware = [Middleware(SessionMiddleware, secret_key=store.secret_key(),
                             session_cookie="ludo_session", max_age=YEAR, same_site="lax"),
                  Middleware(logs.LogContext),
                  Middleware(csrf.CsrfMiddleware, refuse=site.refused)]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={404: site.http_error, 405: site.http_error,
                                        RateLimited: site.rate_limited,
                                        SQLAlchemyError: site.database_error})
    app.state.site = site
    return app
