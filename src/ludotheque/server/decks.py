"""The deck builder (/decks): the collection, the engine's check of a deck, an account's
saved decks; and the deck a seat plays, chosen on the new-game form or when sitting.

Every rule is the game's (`Game.deck_rules()`): the page sends a deck's text, the engine
says what is wrong with it. A deck is a seat's private setup: it is never sent to another
seat nor to spectators (rooms.py sends the options without it); the record keeps it.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from ludotheque import games
from ludotheque.core import Config, Game, LudoError, Options
from ludotheque.core.decks import MAX_TEXT, DeckRules
from ludotheque.store import Player
from ludotheque.store import decks as stored

from .i18n import translate
from .protocol import ProtocolError, encodable

if TYPE_CHECKING:
    from .app import Site

MAX_DECKS = 100  # decks one account keeps, all games together
MAX_NAME = 60  # characters of a deck's name
READY = "ready:"  # a seat's choice of a ready-made deck: "ready:Aube"
SAVED = "deck:"  # a seat's choice of one of the player's decks: "deck:<id>"
BROWSER = "browser"  # a guest's deck, kept in the browser, sent as text
SETUP = "setup:"  # a deck of one of the game's setups: "setup:famix-doubles:0"
# A seat's deck: its text, and the ready-made deck's name when it is one.
SeatDeck = tuple[str, str | None]


class DeckChoiceError(LudoError):
    """A seat's deck refused; the message says why (the engine's words)."""


def games_with_decks() -> list[tuple[Game, DeckRules]]:
    out = []
    for game in games.all_games():
        rules = game.deck_rules()
        if rules is not None:
            out.append((game, rules))
    return out


def rules_of(request: Request) -> tuple[Game, DeckRules] | None:
    try:
        game = games.get(request.path_params["kind"])
    except LudoError:
        return None
    rules = game.deck_rules()
    return None if rules is None else (game, rules)


def clean_deck_name(raw: object) -> str | None:
    """A deck's name as given, trimmed; None when empty, too long or not text."""
    if not isinstance(raw, str):
        return None
    name = " ".join(raw.split())
    if not name or len(name) > MAX_NAME or not encodable(name):
        return None
    return name


def deck_text_of(raw: object) -> str | None:
    """A deck's text as sent; None when it is not text or past the site's limit."""
    if not isinstance(raw, str) or len(raw) > MAX_TEXT or not encodable(raw):
        return None
    return raw.replace("\r\n", "\n")


def legal_formats(rules: DeckRules, text: str) -> list[str]:
    return [key for key, _ in rules.formats() if rules.check(text, key).legal]


class DeckPages:
    """The /decks routes; `site` gives the store, the player and the page renderer."""

    def __init__(self, site: Site) -> None:
        self.site = site

    def routes(self) -> list[Route]:
        return [
            Route("/decks", self.index, name="decks"),
            Route("/decks/{kind}", self.builder, name="deck_builder"),
            Route("/decks/{kind}/check", self.check, methods=["POST"]),
            Route("/decks/{kind}/save", self.save, methods=["POST"]),
            Route("/decks/{kind}/{deck}/rename", self.rename, methods=["POST"]),
            Route("/decks/{kind}/{deck}/copy", self.copy, methods=["POST"]),
            Route("/decks/{kind}/{deck}/delete", self.delete, methods=["POST"]),
            Route("/decks/{kind}/{deck}/text", self.export),
        ]

    # -- pages ------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        player = await self.site.player(request)
        return self.site.page(request, "decks.html", player,
                              games=[g for g, _ in games_with_decks()])

    async def builder(self, request: Request) -> Response:
        player = await self.site.player(request)
        found = rules_of(request)
        if found is None:
            return self.site.not_found(request, player, "error.unknown_game")
        game, rules = found
        lang = self.site.lang(request)
        mine = await self.mine(player, game.id)
        data = {"kind": game.id, "word": rules.word.get(lang, rules.word["fr"]),
                "account": player is not None and player.login is not None,
                "facets": [f.to_json(lang) for f in rules.facets()],
                "curve": rules.curve_facet,
                "formats": [{"key": k, "title": title} for k, title in rules.formats()],
                "collection": rules.collection(lang),
                "ready": [{"name": r.name, "text": r.text} for r in rules.ready_made()],
                "decks": mine, "limit": MAX_TEXT}
        return self.site.page(request, "deck_builder.html", player, game=game,
                              data=json.dumps(data, ensure_ascii=False).replace("</", "<\\/"))

    async def mine(self, player: Player | None, game_id: str) -> list[dict[str, Any]]:
        if player is None or player.login is None:
            return []
        rows = await asyncio.to_thread(stored.decks_of, self.site.store, player.id, game_id)
        return [{"id": r.id, "name": r.name, "text": r.text} for r in rows]

    # -- the engine's check ---------------------------------------------------------------------
    async def check(self, request: Request) -> Response:
        found = rules_of(request)
        if found is None:
            return self.refuse(request, "error.unknown_game", 404)
        _, rules = found
        form = await request.form()
        text = deck_text_of(form.get("text"))
        if text is None:
            return self.refuse(request, "decks.too_long", 413)
        lang = self.site.lang(request)
        fmt = str(form.get("format") or "") or None
        result = rules.check(text, fmt).to_json(lang)
        result["formats"] = legal_formats(rules, text)
        return JSONResponse(result)

    # -- an account's decks ---------------------------------------------------------------------
    def refuse(self, request: Request, key: str, status: int = 400) -> Response:
        return JSONResponse({"error": translate(self.site.lang(request), key)}, status)

    async def owner(self, request: Request) -> tuple[Player, Game, FormData] | Response:
        """The account asking (guests keep their deck in their browser), the game, the form."""
        player = await self.site.player(request)
        found = rules_of(request)
        if found is None:
            return self.refuse(request, "error.unknown_game", 404)
        if player is None or player.login is None:
            return self.refuse(request, "decks.account_needed", 403)
        return player, found[0], await request.form()

    async def save(self, request: Request) -> Response:
        asked = await self.owner(request)
        if isinstance(asked, Response):
            return asked
        player, game, form = asked
        name = clean_deck_name(form.get("name"))
        text = deck_text_of(form.get("text"))
        if name is None:
            return self.refuse(request, "decks.bad_name")
        if text is None:
            return self.refuse(request, "decks.too_long", 413)
        deck_id = str(form.get("id") or "") or None
        return await self.stored_call(request, stored.save, self.site.store, player.id,
                                      game.id, name, text, deck_id=deck_id, cap=MAX_DECKS)

    async def rename(self, request: Request) -> Response:
        asked = await self.owner(request)
        if isinstance(asked, Response):
            return asked
        player, _, form = asked
        name = clean_deck_name(form.get("name"))
        if name is None:
            return self.refuse(request, "decks.bad_name")
        return await self.stored_call(request, stored.rename, self.site.store, player.id,
                                      request.path_params["deck"], name)

    async def copy(self, request: Request) -> Response:
        asked = await self.owner(request)
        if isinstance(asked, Response):
            return asked
        player, _, form = asked
        name = clean_deck_name(form.get("name"))
        if name is None:
            return self.refuse(request, "decks.bad_name")
        return await self.stored_call(request, stored.copy, self.site.store, player.id,
                                      request.path_params["deck"], name, MAX_DECKS)

    async def delete(self, request: Request) -> Response:
        asked = await self.owner(request)
        if isinstance(asked, Response):
            return asked
        player, _, _ = asked
        try:
            await asyncio.to_thread(stored.remove, self.site.store, player.id,
                                    request.path_params["deck"])
        except stored.DeckError as exc:
            return self.refuse(request, exc.code, 404)
        return JSONResponse({"deleted": request.path_params["deck"]})

    async def stored_call(self, request: Request, call: Any, *args: Any,
                          **kwargs: Any) -> Response:
        try:
            row = await asyncio.to_thread(call, *args, **kwargs)
        except stored.DeckError as exc:
            status = 404 if exc.code == "decks.no_such_deck" else 409
            return self.refuse(request, exc.code, status)
        return JSONResponse({"id": row.id, "name": row.name, "text": row.text})

    async def export(self, request: Request) -> Response:
        """A deck's text as a file to share (its owner's; docs/decks.md)."""
        player = await self.site.player(request)
        found = rules_of(request)
        if found is None or player is None:
            return RedirectResponse("/decks", 303)
        row = await asyncio.to_thread(stored.deck_of, self.site.store, player.id,
                                      request.path_params["deck"])
        if row is None or row.game != found[0].id:
            return self.site.not_found(request, player, "decks.no_such_deck")
        safe = "".join(c if c.isalnum() else "-" for c in row.name)[:40] or "deck"
        return PlainTextResponse(row.text, headers={
            "Content-Disposition": f'attachment; filename="{found[0].id}-{safe}.txt"'})

    # -- the deck a seat plays ----------------------------------------------------------------
    async def form_fields(self, player: Player, game: Game,
                          preset: Config | None = None) -> dict[str, Any]:
        """The new-game form's deck per seat: the choices and each seat's default (the
        ready-made deck a preset setup plays there, or the seat's own)."""
        rules = game.deck_rules()
        if rules is None:
            return {"deck_choices": [], "deck_defaults": []}
        choices = await self.choices(player, game)
        defaults = []
        for seat in range(game.max_players):
            made = ready_made_of(rules, preset, seat) if preset is not None else None
            if preset is not None and made is None:
                # The setup plays a deck of its own there ("famix-doubles"): offered first.
                value = f"{SETUP}{preset.label}:{seat}"
                choices.insert(0, {"value": value, "name": f"{preset.label} ({seat + 1})",
                                   "ready": ""})
                defaults.append(value)
            else:
                defaults.append(f"{READY}{made or rules.default_name(seat)}")
        return {"deck_choices": choices, "deck_defaults": defaults,
                "deck_word": rules.word, "deck_option": rules.option}

    async def choices(self, player: Player, game: Game, options: Options | None = None
                      ) -> list[dict[str, str]]:
        """The decks `player` may pick for a seat: the ready-made ones, then their own that
        are legal (for the format of `options`, or any format)."""
        rules = game.deck_rules()
        if rules is None:
            return []
        out = [{"value": READY + r.name, "name": r.name, "ready": "1"}
               for r in rules.ready_made()]
        fmt = rules.format_of(options) if options is not None else None
        for deck in await self.mine(player, game.id):
            legal = legal_formats(rules, deck["text"])
            if (fmt in legal) if fmt is not None else legal:
                out.append({"value": SAVED + deck["id"], "name": deck["name"], "ready": ""})
        return out

    async def chosen_text(self, player: Player | None, rules: DeckRules, choice: str,
                          browser_text: object = None, game: Game | None = None
                          ) -> SeatDeck | None:
        """The deck a seat's `choice` names, as (its text, the ready-made deck's name or
        None): a ready-made one, one of the player's, or (a guest's) the text kept in their
        browser. None: the seat's default."""
        if not choice:
            return None
        if choice.startswith(READY):
            made = rules.ready(choice[len(READY):])
            if made is None:
                raise DeckChoiceError(f"unknown ready-made deck {choice[len(READY):]!r}")
            return made.text, made.name
        if choice.startswith(SAVED) and player is not None:
            row = await asyncio.to_thread(stored.deck_of, self.site.store, player.id,
                                          choice[len(SAVED):])
            if row is None:
                raise DeckChoiceError("no such deck of yours")
            return row.text, None
        if choice.startswith(SETUP) and game is not None:
            # A setup of the game (Game.configs) with a deck of its own ("famix-doubles").
            label, _, seat = choice[len(SETUP):].rpartition(":")
            config = next((c for c in game.configs() if c.label == label), None)
            if config is None or not seat.isdigit() or int(seat) >= config.players:
                raise DeckChoiceError(f"no deck {choice!r}")
            return rules.deck_text(config.options, int(seat)), None
        if choice == BROWSER:
            text = deck_text_of(browser_text)
            if text is None:
                raise DeckChoiceError(f"a deck's text is at most {MAX_TEXT} characters")
            return text, None
        raise DeckChoiceError(f"no deck {choice!r}")

    async def seat_options(self, player: Player, game: Game, options: Options, count: int,
                           form: FormData, seats: list[dict[str, Any]], lang: str) -> Options:
        """The new-game form's options with each seat's deck: the creator picks for the
        seats at this device and the bots'; for an open seat, a ready-made deck or a setup's
        is the default its player may change when they sit."""
        rules = game.deck_rules()
        if rules is None:
            return options
        for seat in range(count):
            choice = str(form.get(f"deck_{seat}") or "")
            if seats[seat]["kind"] == "human" and not seats[seat]["player"] \
                    and not choice.startswith((READY, SETUP)):
                continue  # an open seat: a table's deck is its default; the sitter may change it
            deck = await self.chosen_text(player, rules, choice, form.get(f"deck_text_{seat}"),
                                          game)
            if deck is not None:
                options = put_deck(game, rules, options, seat, deck, count, lang)
        return options

    async def sit_text(self, player: Player | None, room_game: Game, data: dict[str, Any]
                       ) -> SeatDeck | None:
        """The deck a `sit` message picks (its "deck" field), or None."""
        rules = room_game.deck_rules()
        choice = data.get("deck")
        if rules is None or choice is None:
            return None
        if not isinstance(choice, str) or len(choice) > 100:
            raise ProtocolError("bad_field", field="deck")
        try:
            return await self.chosen_text(player, rules, choice, data.get("deck_text"))
        except DeckChoiceError as exc:
            raise ProtocolError("bad_deck", str(exc)) from None


def ready_made_of(rules: DeckRules, setup: Config, seat: int) -> str | None:
    """The ready-made deck `seat` plays in a setup of the game; None for a deck of its own."""
    if seat >= setup.players:
        return rules.default_name(seat)
    text = rules.deck_text(setup.options, seat)
    for made in rules.ready_made():
        body = made.text.split("\n", 1)[1] if made.text.startswith("# ") else made.text
        if body == text:
            return made.name
    return None


def put_deck(game: Game, rules: DeckRules, options: Options, seat: int, deck: SeatDeck,
             players: int, lang: str = "fr") -> Options:
    """`options` with `seat` playing `deck` (its text, and its name if ready-made), checked
    by the engine for those options' format (MX-3, DG-7): DeckChoiceError otherwise."""
    text, ready = deck
    check = rules.check(text, rules.format_of(options))
    if not check.legal:
        raise DeckChoiceError(translate(lang, "seat.number", n=seat + 1) + " : " + "; ".join(
            p.text(lang) for p in check.problems))
    try:
        chosen = rules.seat_ready(options, seat, ready) if ready is not None \
            else rules.seat_deck(options, seat, text)
        return game.options(chosen.model_dump(mode="json"), players)
    except (LudoError, ValueError) as exc:
        raise DeckChoiceError(str(exc)) from None


__all__ = ["DeckChoiceError", "DeckPages", "put_deck"]
