"""Friends and challenges: /friends, its forms, and the news sent to a player's sockets.

Every form is a POST checked for its CSRF token (csrf.py, before these handlers); asking and
challenging count against `Limits.friend_request` and `Limits.challenge` per account and per
address (429 over them). A refused request (to oneself, to an unknown name, twice, someone
else's request or challenge) is a 400 page that says why, and changes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ludotheque import games
from ludotheque.core import LudoError
from ludotheque.core.rng import fresh_seed
from ludotheque.store import GameRow, Player
from ludotheque.store import social as store_social
from ludotheque.store.social import SocialError

from .accounts import address
from .clocks import TIME_CONTROLS, Clocks
from .profiles import profile_url, title_of

if TYPE_CHECKING:
    from .app import Site


class Friends:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.store = site.store

    def routes(self) -> list[Route]:
        return [
            Route("/friends", self.page, name="friends"),
            Route("/friends/{action}", self.act, methods=["POST"]),
            Route("/challenges/{cid}/{answer}", self.answer, methods=["POST"]),
        ]

    async def account(self, request: Request) -> tuple[Player | None, Response | None]:
        """The reader, if an account in good standing; else the page to answer with."""
        player = await self.site.player(request)
        if player is None:
            return None, RedirectResponse("/login?next=/friends", 303)
        if player.login is None:
            return None, self.site.page(request, "message.html", player, status=403,
                                        message_key="friends.account_needed")
        banned = self.site.moderation.banned_page(request, player)
        return (None, banned) if banned is not None else (player, None)

    def refused(self, request: Request, player: Player, code: str) -> Response:
        return self.site.page(request, "message.html", player, status=400,
                              message_key=f"friends.error_{code}")

    # -- the page --------------------------------------------------------------------------
    async def page(self, request: Request) -> Response:
        player, answer = await self.account(request)
        if player is None:
            assert answer is not None
            return answer
        found = await asyncio.to_thread(store_social.friends, self.store, player.id)
        accepted = [f for f in found if f.status == "accepted"]
        online = await self.site.presence.online(f.player.id for f in accepted)
        playing = await asyncio.to_thread(store_social.live_games_of, self.store, online)
        challenges = await asyncio.to_thread(store_social.challenges, self.store, player.id)
        return self.site.page(
            request, "friends.html", player,
            friends=[{"name": f.player.name, "url": profile_url(f.player.name),
                      "online": f.player.id in online,
                      "playing": [{"id": g.id, "title": title_of(g.game)}
                                  for g in playing.get(f.player.id, [])]}
                     for f in accepted],
            incoming=[f.player.name for f in found
                      if f.status == "pending" and not f.asked_by_me],
            outgoing=[f.player.name for f in found if f.status == "pending" and f.asked_by_me],
            received=[self.challenge_item(c, a) for c, a, b in challenges
                      if b.id == player.id],
            sent=[self.challenge_item(c, b) for c, a, b in challenges if a.id == player.id],
            games=games.all_games(), time_controls=list(TIME_CONTROLS.values()))

    @staticmethod
    def challenge_item(found: Any, other: Player) -> dict[str, Any]:
        return {"id": found.id, "name": other.name, "url": profile_url(other.name),
                "title": title_of(found.game), "players": found.players,
                "clock": found.clock}

    # -- asking, answering, removing, challenging ---------------------------------------------
    async def act(self, request: Request) -> Response:
        player, answer = await self.account(request)
        if player is None:
            assert answer is not None
            return answer
        action = request.path_params["action"]
        if action not in ("ask", "accept", "decline", "remove", "challenge"):
            return self.site.not_found(request, player, "error.not_found")
        form = await request.form()
        name = str(form.get("name", "")).strip()[:40]
        other = await asyncio.to_thread(self.store.account, name) if name else None
        try:
            if action == "ask":
                self.site.limiter.hit("friend_request", f"a:{player.id}", address(request))
                done = await asyncio.to_thread(store_social.ask, self.store, player, other)
                assert other is not None
                self.site.presence.send(other.id, {"type": "friend_request",
                                                   "from": player.name, "done": done})
            elif other is None or other.login is None:
                raise SocialError("unknown")
            elif action == "accept":
                await asyncio.to_thread(store_social.accept, self.store, player, other.id)
                self.site.presence.send(other.id, {"type": "friend_accepted",
                                                   "from": player.name})
            elif action == "decline":
                await asyncio.to_thread(store_social.decline, self.store, player, other.id)
            elif action == "remove":
                await asyncio.to_thread(store_social.remove, self.store, player, other.id)
            else:
                return await self.challenge(request, player, other, form)
        except SocialError as exc:
            return self.refused(request, player, exc.code)
        return RedirectResponse("/friends", 303)

    async def challenge(self, request: Request, player: Player, friend: Player,
                        form: Any) -> Response:
        try:
            game = games.get(str(form.get("game", "")))
        except LudoError:
            raise SocialError("bad_game") from None
        try:
            count = int(str(form.get("players", game.min_players)))
        except ValueError:
            raise SocialError("bad_game") from None
        clock = str(form.get("clock") or "none")
        if not game.min_players <= count <= game.max_players or (
                clock != "none" and clock not in TIME_CONTROLS):
            raise SocialError("bad_game")
        self.site.limiter.hit("challenge", f"a:{player.id}", address(request))
        made = await asyncio.to_thread(store_social.challenge, self.store, player, friend,
                                       game.id, count, None if clock == "none" else clock)
        # Live on the friend's sockets (the home page and /friends show it, and raise a
        # browser notification if the friend allowed them).
        self.site.presence.send(friend.id, {
            "type": "challenge", "id": made.id, "from": player.name, "title": game.title,
            "players": count, "clock": made.clock})
        return RedirectResponse("/friends", 303)

    async def answer(self, request: Request) -> Response:
        player, refusal = await self.account(request)
        if player is None:
            assert refusal is not None
            return refusal
        answer = request.path_params["answer"]
        if answer not in ("accept", "decline"):
            return self.site.not_found(request, player, "error.not_found")
        cid = request.path_params["cid"][:16]

        def make_game(found: Any) -> GameRow:
            return self.game_of(found, player)

        try:
            found = await asyncio.to_thread(store_social.answer_challenge, self.store, player,
                                            cid, answer == "accept", make_game)
        except SocialError as exc:
            return self.refused(request, player, exc.code)
        self.site.presence.send(found.challenger, {
            "type": "challenge_answered", "id": found.id, "from": player.name,
            "accepted": found.status == "accepted", "game_id": found.game_id})
        if found.game_id is None:
            return RedirectResponse("/friends", 303)
        return await self.site.open_room(found.game_id)

    def game_of(self, found: Any, friend: Player) -> GameRow:
        """The game a challenge makes: the challenger first, the friend second, any other
        seat open; private (friends share its address); not ranked."""
        game = games.get(found.game)
        challenger = self.store.player(found.challenger)
        if challenger is None:
            raise SocialError("no_challenge")
        seats: list[dict[str, Any]] = [
            {"kind": "human", "player": challenger.id, "name": challenger.name,
             "account": True},
            {"kind": "human", "player": friend.id, "name": friend.name, "account": True}]
        seats += [{"kind": "human", "player": None, "name": ""}
                  for _ in range(found.players - 2)]
        options = game.options({}, found.players)
        control = TIME_CONTROLS.get(found.clock or "")
        return GameRow(id=secrets.token_urlsafe(6), game=game.id, game_version=game.version,
                       seed=fresh_seed(), players=found.players,
                       options=options.model_dump(mode="json"), seats=seats,
                       status="live" if found.players == 2 else "open", public=False,
                       creator=challenger.id, result=None, moves_count=0,
                       clock=Clocks.start(control, found.players).to_json() if control
                       else None, ranked=False)
