"""Rooms: one live game each, owned by the server.

A room holds the engine's state, rebuilt from the stored record (seed, options, moves) when
first needed. Every action is checked by the engine on a copy, stored, and only then becomes
the room's state and is sent: each seat gets its own view and the events it may see;
spectators get the spectator's. Clients follow a room by version (the number of actions), so
a reconnecting client gets the current view and the steps it missed.
"""

from __future__ import annotations

import asyncio
import html
import logging
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from sqlalchemy.exc import SQLAlchemyError

from ludotheque.core import Event, Game, IllegalAction, NotationError, Result, State
from ludotheque.core.decks import public_options
from ludotheque.core.lessons import Lesson, Progress, progress
from ludotheque.core.record import (
    AGREED_DRAW,
    LOSSES,
    RESIGNED,
    TIMEOUT,
    Move,
    Record,
    record_of,
    resignation,
)
from ludotheque.store import GameRow, RatingRow
from ludotheque.store.plays import rating_pool
from ludotheque.store.writer import BoundWrite

from . import hints, offers
from .clients import Client
from .clocks import Clocks
from .i18n import bot_label, seat_label, translate
from .lesson_words import missed_words
from .limits import RateLimited
from .offers import Offers, extras
from .protocol import MAX_CHAT, ProtocolError
from .ratings import Rating, rate_game
from .room_presence import presence_changed
from .skill import openskill

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")

SUBSTITUTE = "moyen"  # the bot that takes the seat of a player who leaves a game of 3 or more
# A room nobody follows, of a game not being played, leaves memory after this many seconds
# unused (it is reloaded from the store when asked again): watching every stored game in
# turn must not keep them all loaded.
ROOM_IDLE = 120.0
CLAIM_AFTER = 300.0  # seconds (issue 21: five minutes; `--claim-after`)


@dataclass
class Step:
    seat: int
    action: str
    events: list[Event]
    public: bool  # may every seat read the action's text (State.is_public)


def seat_is_free(seat: dict[str, Any]) -> bool:
    return seat.get("kind") == "human" and not seat.get("player")


def text_names(lang: str, seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's name in the games' texts (`Game.describe`'s `names`), as the room's seat
    line shows it: a person by their name, a bot by its level ("Robot Moyen"), the tutor; a
    seat without a player by its number ("Joueur 2"). A name that two seats share (two guests
    of one name, two Moyen bots, a hotseat game's one player), or that is another seat's
    number, gets its own seat's number: "Robot Moyen (2)", "Robot Moyen (3)"."""
    numbers = [translate(lang, "seat.number", n=i + 1) for i in range(len(seats))]
    labels = [numbers[i] if seat_is_free(s) else seat_label(lang, s)
              for i, s in enumerate(seats)]
    counts = Counter(labels)
    return [f"{label} ({i + 1})"
            if counts[label] > 1 or (label in numbers and label != numbers[i]) else label
            for i, label in enumerate(labels)]


class Room:
    def __init__(self, hub: Hub, row: GameRow, game: Game, state: State,
                 steps: list[Step]) -> None:
        self.hub = hub
        self.id = row.id
        self.row = row
        self.game = game
        self.state = state
        self.steps = steps
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.used = time.monotonic()  # when the hub last handed it out
        self.thinking: set[int] = set()
        self._names: dict[str, tuple[list[dict[str, Any]], list[str]]] = {}
        # A game ended outside its rules (a resignation): the engine's state is not over.
        self.ended: Result | None = None
        if row.status == "over" and row.result and not state.is_over():
            self.ended = Result.from_json(row.result)
        # The time control's clocks; a (re)loaded live game starts them now (the time the
        # server was down is nobody's).
        self.clocks = Clocks.from_json(row.clock) if row.clock else None
        if self.clocks is not None and row.status == "live" and not self.over and (
                not self.clocks.control.per_move or self.clocks.since is None):
            self.clocks.since = time.time()  # a correspondence move keeps its date
        self.flag_task: asyncio.Task[None] | None = None
        # Ranked games: each seat's rating in the game's pool, shown beside the names.
        self.ratings: dict[int, dict[str, Any]] = {}
        # A tutorial lesson (MT-27): the tutor's seats play its replies.
        self.lesson: Lesson | None = find_lesson(game, row.lesson) if row.lesson else None
        # Several processes (cluster.py): only the owner changes the game; a replica follows
        # the owner's steps. One process alone owns every room.
        self.owned = True
        self.published = len(steps)  # the version the other processes were last told of
        # Offers between the players (offers.py), and when each player's last socket left
        # this room (an untimed game's claim): before any, since the room was loaded.
        self.offers = Offers()
        self.loaded = time.time()
        self.gone: dict[str, float] = {}
        # Who has the room open is told a moment after a change (room_presence.py).
        self.presence_timer: asyncio.TimerHandle | None = None

    def result(self) -> Result | None:
        return self.ended if self.ended is not None else self.state.result()

    @property
    def over(self) -> bool:
        return self.ended is not None or self.state.is_over()

    def join(self, client: Client) -> None:
        self.clients.add(client)
        if client.player_id is not None:
            self.gone.pop(client.player_id, None)

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        offers.left(self, client)

    def idle(self, now: float, after: float) -> bool:
        """Nothing holds this room: no client, no bot or tutor thinking, no clock, no change
        under way, a game that is not being played, and unused for `after` seconds."""
        return (not self.clients and not self.thinking and not self.lock.locked()
                and (self.flag_task is None or self.flag_task.done())
                and (self.over or self.row.status != "live") and now - self.used >= after)

    # -- the record ----------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.steps)

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.row.seats

    def record(self) -> Record:
        seats = [{"name": s.get("name", ""), "kind": s.get("kind"),
                  **({"bot": s["bot"]} if s.get("kind") == "bot" else {}),
                  **({"deleted": True} if s.get("deleted") else {})} for s in self.seats]
        rec = record_of(self.game, self.row.seed, self.row.players, self.row.options,
                        [Move(st.seat, st.action) for st in self.steps], self.state, seats)
        if self.ended is not None:
            rec.result = self.ended.to_json()
        rec.meta = {"site_game": self.id}
        return rec

    def seats_of(self, player_id: str | None) -> list[int]:
        if player_id is None:
            return []
        return [i for i, s in enumerate(self.seats)
                if s.get("kind") == "human" and s.get("player") == player_id]

    # -- what a client sees --------------------------------------------------------------
    def state_for(self, client: Client, since: int) -> dict[str, Any]:
        mine = self.seats_of(client.player_id)
        lang = client.lang
        since = max(0, min(since, self.version))
        live = self.row.status == "live" and not self.over
        to_act = list(self.state.to_act()) if live else []
        names = self.text_names(lang)
        message: dict[str, Any] = {
            "type": "state",
            "game": self.id,
            "kind": self.game.id,
            "title": self.game.title,
            # Hotseat shows a curtain between players while some seat cannot see everything.
            "hidden": self.state.hides_information(),
            # A seat's deck is its private setup: sent to nobody (the record keeps it).
            "options": public_options(self.row.options, self.game.deck_rules()),
            "status": self.row.status,
            "version": self.version,
            "since": since,
            "mine": mine,
            "seats": [self.seat_info(i, s, client) for i, s in enumerate(self.seats)],
            "to_act": to_act,
            "views": {str(s): self.state.view(s) for s in mine},
            # Only what the spectator may see, plus the client's own seats' views.
            "view": None if mine else self.state.view(None),
            "legal": {str(s): self.state.legal_texts(s) for s in mine if s in to_act},
            "steps": [self.step_for(i, self.steps[i], mine, lang, names)
                      for i in range(since, self.version)],
            "result": None,
            "clock": self.clocks.message(self.running(), time.time())
            if self.clocks is not None else None,
            "ranked": self.row.ranked,
            "rated": self.row.rated,
            "lesson": self.lesson_state(lang, names),
            "hint": hints.offered(self),  # the room offers hints (hints.py)
            **extras(self, client, mine),
        }
        result = self.result()
        if result is not None:
            message["result"] = {**result.to_json(), "winners": list(result.winners),
                                 "draw": result.is_draw, "text": self.result_text(result, lang)}
        return message

    def text_names(self, lang: str) -> list[str]:
        """The seats' names in the game's texts for a reader of `lang` (`text_names`), kept
        until the seats change (every state sent asks for them)."""
        seats = self.seats
        kept = self._names.get(lang)
        if kept is None or kept[0] is not seats:  # a change of seats is a new list
            kept = (seats, text_names(lang, seats))
            self._names[lang] = kept
        return kept[1]

    def result_text(self, result: Result, lang: str) -> str:
        names = self.text_names(lang)
        if result.reason in LOSSES:
            loser = result.ranks.index(1)
            key = {RESIGNED: "result.resigned", TIMEOUT: "result.timeout"}.get(
                result.reason, "result.abandoned")
            return translate(lang, key, name=names[loser])
        if result.reason == AGREED_DRAW:
            return translate(lang, "result.draw_agreed")
        return self.game.describe_result(result, lang, names)

    def seat_info(self, index: int, seat: dict[str, Any], client: Client) -> dict[str, Any]:
        return {
            "seat": index,
            "kind": seat.get("kind"),
            # A deleted account's seat is named by the catalogue, in the client's language.
            "name": seat_label(client.lang, seat) if seat.get("deleted") else
            seat.get("name") or "",
            "bot": seat.get("bot"),
            # The level's name in the client's language ("Facile", "Easy"); "bot" is the spec.
            "bot_name": bot_label(client.lang, str(seat["bot"])) if seat.get("bot") else None,
            "free": seat_is_free(seat),
            "mine": seat.get("kind") == "human" and seat.get("player") is not None
            and seat.get("player") == client.player_id,
            "thinking": index in self.thinking and index in self.state.to_act(),
            "rating": self.ratings.get(index),
            "profile": "/u/" + quote(str(seat.get("name")), safe="")
            if seat.get("account") and seat.get("kind") == "human" and seat.get("player")
            and not seat.get("deleted") else None,
        }

    def step_for(self, index: int, step: Step, mine: list[int], lang: str,
                 names: list[str]) -> dict[str, Any]:
        """A step as `mine` may see it, its events said with the seats' `names`. A secret
        choice's text is shown to its own seat only; what others may learn of it is in the
        events."""
        visible = [e for e in step.events
                   if e.visible_to(None) or any(e.visible_to(s) for s in mine)]
        return {
            "n": index + 1,
            "seat": step.seat,
            "action": step.action if step.public or step.seat in mine else None,
            "public": step.public,
            "events": [{**e.to_json(), "text": self.game.describe(e, lang, names)}
                       for e in visible],
        }

    def send_state(self, client: Client, since: int | None = None) -> None:
        if since is None:
            since = client.version
            # A state still waiting is replaced by this one: start where it started.
            queued = client.queued_since(self.id)
            if queued is not None:
                since = min(since, queued)
        client.send(self.state_for(client, since))
        client.version = self.version

    def broadcast(self) -> None:
        for client in list(self.clients):
            self.send_state(client)
        cluster = self.hub.cluster
        if cluster is not None and self.owned:
            # One new step travels as such; anything else makes the replicas read it again.
            step = None
            if self.published >= 0 and self.version == self.published + 1:
                last = self.steps[-1]
                step = {"seat": last.seat, "action": last.action}
            cluster.publish_change(self, step)
            self.published = self.version

    def row_fields(self) -> dict[str, Any]:
        """What a replica needs of the game row besides the steps (cluster.py)."""
        clock = None
        if self.clocks is not None:
            clock = {**self.clocks.to_json(), "since": self.clocks.since}
        return {"status": self.row.status, "seats": self.row.seats, "result": self.row.result,
                "rated": self.row.rated, "public": self.row.public, "clock": clock,
                "rematch": self.row.rematch, "offers": self.offers.to_json(),
                "options": self.row.options}

    def demote(self) -> None:
        """This process no longer owns the room (its lease was lost): follow the owner."""
        self.owned = False
        if self.flag_task is not None:
            self.flag_task.cancel()
            self.flag_task = None

    async def write(self, call: BoundWrite[..., T], *args: Any) -> T:
        """A store write, awaited until committed (the store's writer commits the writes of
        every room that arrive together at once). When the database refuses it (a full
        disk, a lost server), the sender gets a clear error and the room stays as it was:
        nothing is shown that was not stored."""
        began = time.perf_counter()
        try:
            stored = await call.committed(*args)
        except SQLAlchemyError as exc:
            log.error("game %s: the database refused a write: %s", self.id, exc)
            raise ProtocolError("not_stored") from None
        if self.hub.metrics is not None:
            self.hub.metrics.db_write_seconds.observe(time.perf_counter() - began)
        return stored

    # -- changes ---------------------------------------------------------------------------
    async def act(self, seat: int, text: str, *, client: Client | None,
                  version: int | None = None) -> None:
        """Apply `text` for `seat` if the engine accepts it; store it, then tell everyone.

        `client` is None for a bot. Raises ProtocolError for the sender on any refusal."""
        began = time.perf_counter()
        async with self.lock:
            if client is not None and seat not in self.seats_of(client.player_id):
                raise ProtocolError("not_your_seat")
            if self.row.status != "live" or self.over:
                raise ProtocolError("not_live" if self.row.status == "open" else "game_over")
            if version is not None and version != self.version:
                raise ProtocolError("stale")
            try:
                action = self.game.parse(text)
            except NotationError as exc:
                raise ProtocolError("bad_action", exc.reason) from None
            if seat not in self.state.to_act():
                raise ProtocolError("not_your_turn")
            trial = self.state.clone()
            try:
                events = trial.apply(seat, action)
            except IllegalAction as exc:
                raise ProtocolError("illegal", exc.reason) from None
            public = self.state.is_public(seat, action)  # asked of the state before it
            result = trial.result()
            status = "over" if trial.is_over() else "live"
            clocks = None
            if self.clocks is not None:
                now = time.time()
                late = self.clocks.out_of_time(self.running(), now)
                if late is not None:
                    # A flag fell before this action arrived: the clock decides first.
                    await self.flag(now)
                    self.broadcast()
                    if late == seat or self.over:
                        raise ProtocolError("out_of_time")
                    # Another seat's flag (3+ seats): a bot has its seat; the action stands.
                clocks = Clocks(self.clocks.control, list(self.clocks.remaining),
                                self.clocks.since)
                clocks.after_action(seat, self.running(), now)
            to_act = list(trial.to_act()) if status == "live" else []
            # Stored before anyone hears of it: a crash now loses nothing that was shown.
            await self.write(self.hub.store.add_move, self.id, self.version, seat,
                                    action.text(), status,
                                    result.to_json() if result is not None else None,
                                    clocks.to_json() if clocks is not None else None,
                                    to_act, self.due(clocks, to_act))
            self.state = trial
            self.steps.append(Step(seat, action.text(), events, public))
            self.row.status = status
            self.row.moves_count = self.version
            self.offers.moved()
            if clocks is not None:
                self.clocks = clocks
            if status == "over":
                await self.rate()
            self.broadcast()
            self.watch_clock()
        if self.hub.metrics is not None:
            self.hub.metrics.moved(self.game.id, time.perf_counter() - began)
        if status != "over":
            self.schedule_bots()

    async def resign(self, client: Client, seat: int) -> None:
        """A player gives up their seat. In a two-player game the other seat wins (stored as
        the game's result); with more seats a bot (Moyen) takes the seat and the others play
        on, so that no one is left waiting."""
        async with self.lock:
            if seat not in self.seats_of(client.player_id):
                raise ProtocolError("not_your_seat")
            if self.row.status != "live" or self.over:
                raise ProtocolError("not_live" if self.row.status == "open" else "game_over")
            await self.give_up(seat, RESIGNED)
            self.broadcast()
            self.watch_clock()
        self.schedule_bots()

    async def give_up(self, seat: int, reason: str) -> None:
        """A seat leaves the game (under the room's lock): with two players the other wins;
        with more, a bot (Moyen) takes the seat and the others play on."""
        if self.row.players == 2:
            result = resignation(2, seat, reason)
            await self.write(self.hub.store.end_game, self.id, result.to_json(),
                                    self.clocks.to_json() if self.clocks is not None else None)
            self.ended = result
            self.row.status = "over"
            self.row.result = result.to_json()
            await self.rate()
        else:
            seats = [dict(s) for s in self.seats]
            # The player who left stays known (store/plays.py): it is their loss, and in a
            # ranked game their rating counts it (last place).
            seats[seat] = {"kind": "bot", "bot": SUBSTITUTE, "name": "",
                           "left": seats[seat].get("name", ""), "why": reason,
                           **({"left_player": seats[seat]["player"]}
                              if seats[seat].get("player") else {})}
            await self.write(self.hub.store.set_seats, self.id, seats, "live")
            self.row.seats = seats
            await self.save_turn()  # a bot's seat has no deadline

    # -- tutorial lessons ---------------------------------------------------------------------
    def lesson_progress(self) -> Progress | None:
        if self.lesson is None:
            return None
        return progress(self.lesson, [(st.seat, st.action) for st in self.steps])

    def lesson_state(self, lang: str = "fr",
                     names: Sequence[str] = ()) -> dict[str, Any] | None:
        """Where the learner stands; after a miss, the moves that would have solved the step
        (a tutorial hides nothing from its learner), said in the game's words."""
        now = self.lesson_progress()
        if now is None or self.lesson is None:
            return None
        out = {**now.to_json(), "id": self.lesson.id, "steps": len(self.lesson.step)}
        if now.status == "missed":
            out["solutions"] = list(self.lesson.step[now.step].solutions)
            out.update(missed_words(self.game, self.lesson, self.row, self.steps, lang,
                                    names or self.text_names(lang)))
        return out

    async def tutor_turn(self, seat: int) -> None:
        """The tutor's seat plays the lesson's replies, in a row (at once: it is a script,
        not a bot)."""
        played = False
        try:
            while not self.over:
                now = self.lesson_progress()
                if now is None or now.reply is None or seat not in self.state.to_act():
                    break
                await self.act(seat, now.reply, client=None)
                played = True
        except ProtocolError as exc:
            log.error("lesson %s of game %s: reply refused: %s %s", self.row.lesson, self.id,
                      exc.code, exc.detail)
        finally:
            self.thinking.discard(seat)
        if played:
            self.schedule_bots()  # another tutor seat may answer next

    # -- clocks and ratings ------------------------------------------------------------------
    def due(self, clocks: Clocks | None, to_act: list[int]) -> float | None:
        """When the move of the human seats in `to_act` is due, for a correspondence control
        (a time.time() value), else None."""
        if clocks is None or not clocks.control.per_move:
            return None
        return clocks.deadline([s for s in to_act if self.seats[s].get("kind") == "human"])

    async def save_turn(self) -> None:
        """Store the seats to act and the deadline (under the lock), after a change that is
        not an action: the game starts, a bot takes a seat, a game is opened."""
        to_act = list(self.state.to_act()) if self.row.status == "live" and not self.over \
            else []
        await self.write(self.hub.store.set_turn, self.id, to_act, self.due(self.clocks, to_act),
                         self.clocks.to_json() if self.clocks is not None else None)
        self.row.to_act = to_act

    def running(self) -> list[int]:
        """The seats whose clocks run: humans to act in a live game with a time control."""
        if self.clocks is None or self.row.status != "live" or self.over:
            return []
        return [s for s in self.state.to_act() if self.seats[s].get("kind") == "human"]

    async def flag(self, now: float) -> None:
        """Under the lock: the seat whose time is over loses (or leaves, with 3+ seats)."""
        assert self.clocks is not None
        running = self.running()
        seat = self.clocks.out_of_time(running, now)
        if seat is None:
            return
        self.clocks.charge(running, now)
        self.clocks.remaining[seat] = 0.0
        await self.give_up(seat, TIMEOUT)

    def watch_clock(self) -> None:
        """(Re)arm the timer for the first clock that can fall now (the owner's job)."""
        if self.flag_task is not None and self.flag_task is not asyncio.current_task():
            self.flag_task.cancel()
        self.flag_task = None
        if not self.owned:
            return
        deadline = self.clocks.deadline(self.running()) if self.clocks is not None else None
        if deadline is not None:
            self.flag_task = self.hub.spawn(self._flag_at(deadline))

    async def _flag_at(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()) + 0.02)
        async with self.lock:
            if self.clocks is None:
                return
            try:
                await self.flag(time.time())
            except ProtocolError:
                return  # not stored (logged): the next action checks the clocks again
            self.broadcast()
        self.watch_clock()
        self.schedule_bots()

    async def rate(self) -> None:
        """Count a finished ranked game in both ratings (under the lock; exactly once)."""
        if not self.row.ranked:
            return
        # Two seats: Glicko-2 (MT-26); more, or teams: OpenSkill (skill.py).
        rate = glicko if self.row.players == 2 else openskill
        mark = await self.write(self.hub.store.rate_game, self.id, rate)
        if mark is not None:
            self.row.rated = mark

    async def load_ratings(self) -> None:
        if not self.row.ranked or self.clocks is None:
            return
        pool = rating_pool(self.clocks.control.pool, self.row.players)
        out: dict[int, dict[str, Any]] = {}
        for i, seat in enumerate(self.seats):
            if seat.get("player"):
                row = await asyncio.to_thread(self.hub.store.rating, str(seat["player"]),
                                              self.game.id, pool)
                r = Rating(row.rating, row.rd, row.volatility) if row else Rating()
                out[i] = {"rating": round(r.rating), "provisional": r.provisional}
        self.ratings = out

    async def sit(self, client: Client, seat: int,
                  deck: tuple[str, str | None] | None = None) -> None:
        """`client` takes a free seat, with `deck` (its text and, if ready-made, its name;
        None: the seat's default deck)."""
        if client.player is None:
            raise ProtocolError("need_name")
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("no_such_seat")
            if not any(seat_is_free(s) for s in self.seats):
                raise ProtocolError("game_full")
            if not seat_is_free(self.seats[seat]):
                raise ProtocolError("seat_taken")
            if self.seats_of(client.player.id):
                raise ProtocolError("already_seated")  # one seat per person online
            if self.row.ranked and client.player.login is None:
                raise ProtocolError("ranked_account")  # MT-26: ratings belong to accounts
            seats = [dict(s) for s in self.seats]
            seats[seat] = {**seats[seat], "player": client.player.id, "name": client.player.name,
                           # An account's name links to its profile (profiles.py).
                           **({"account": True} if client.player.login else {})}
            status = "live" if not any(seat_is_free(s) for s in seats) else "open"
            if deck is not None:
                await self.sit_with_deck(seat, deck, seats, status, client.lang)
            else:
                await self.write(self.hub.store.set_seats, self.id, seats, status)
            self.row.seats = seats
            self.row.status = status
            if status == "live" and self.clocks is not None:
                self.clocks.since = time.time()
            if status == "live":
                await self.save_turn()
            await self.load_ratings()
            self.broadcast()
            presence_changed(self)  # the new player is online, no longer a spectator
            self.watch_clock()
        self.schedule_bots()

    async def sit_with_deck(self, seat: int, deck: tuple[str, str | None],
                            seats: list[dict[str, Any]],
                            status: str, lang: str) -> None:
        """Store the seat taken with its deck, and deal the game again from the new options
        (no action was played: the game was waiting for this seat)."""
        from .decks import DeckChoiceError, put_deck

        rules = self.game.deck_rules()
        if rules is None or self.version:
            raise ProtocolError("bad_field", field="deck")
        try:
            options = put_deck(self.game, rules, self.game.options(self.row.options), seat,
                               deck, self.row.players, lang)
        except DeckChoiceError as exc:
            raise ProtocolError("bad_deck", str(exc)) from None
        dumped = options.model_dump(mode="json")
        state = self.game.new(self.row.seed, self.row.players, options)
        await self.write(self.hub.store.set_seats_and_options, self.id, seats, status, dumped)
        self.row.options = dumped
        self.state = state

    async def chat(self, client: Client, text: str) -> None:
        if client.player is None:
            raise ProtocolError("need_name")
        text = text.strip()
        if not text:
            raise ProtocolError("empty")
        if len(text) > MAX_CHAT:
            raise ProtocolError("too_long", field="text", limit=MAX_CHAT)
        try:
            # Over all of the player's sockets, and of their address's (a guest per socket
            # does not multiply the quota).
            self.hub.limiter.hit("chat", f"a:{client.player.id}", f"ip:{client.address}")
        except RateLimited as exc:
            raise ProtocolError("rate_limited", retry_after=exc.retry_after_seconds) from None
        stored = await self.write(self.hub.store.add_chat, self.id, client.player.id,
                                         client.player.name, text)
        message = chat_message(self.id, stored.name, stored.text, stored.at.isoformat(),
                               stored.id)
        for c in list(self.clients):
            c.send(message)
        if self.hub.cluster is not None:
            self.hub.cluster.publish_chat(self.id, message)

    # -- bots ------------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        if self.row.status != "live" or self.over or not self.owned:
            return
        for seat in self.state.to_act():
            spec = self.seats[seat].get("bot")
            if seat in self.thinking:
                continue
            if self.seats[seat].get("kind") == "bot" and spec:
                self.thinking.add(seat)
                self.hub.spawn(self.bot_turn(seat, str(spec)))
            elif self.seats[seat].get("kind") == "tutor":
                now = self.lesson_progress()
                if now is not None and now.reply is not None:  # a miss gets no answer
                    self.thinking.add(seat)
                    self.hub.spawn(self.tutor_turn(seat))

    async def bot_turn(self, seat: int, spec: str) -> None:
        moved = again = False
        version = self.version
        try:
            # Secret, not derived from the game's id: a player who could compute a bot's seed
            # would know its choices before making theirs (secret simultaneous choices).
            seed = secrets.randbits(63)
            # Bots take turns between the players whose games they play (BotPool): the
            # game's creator is the player this bot's time is counted to.
            asked = time.perf_counter()
            text = await self.hub.bots.choose(self.game.id, self.state.to_json(), seat, spec,
                                              seed, owner=self.row.creator or self.id)
            if self.hub.metrics is not None:  # the level's name, without its knobs
                self.hub.metrics.bot_think_seconds.labels(spec.split(":")[0]).observe(
                    time.perf_counter() - asked)
            if self.hub.bot_delay:
                await asyncio.sleep(self.hub.bot_delay)
            if self.version != version:
                again = True  # someone else moved meanwhile (simultaneous choices): rethink
            else:
                await self.act(seat, text, client=None, version=version)
                moved = True
        except ProtocolError as exc:
            again = exc.code == "stale"
            if not again:
                log.error("bot %s of game %s, seat %d: %s %s", spec, self.id, seat, exc.code,
                          exc.detail)
                moved = await self.fallback(seat, version)
        except Exception:
            log.exception("bot %s of game %s, seat %d failed", spec, self.id, seat)
            moved = await self.fallback(seat, version)
        finally:
            self.thinking.discard(seat)
        if moved or again:
            self.schedule_bots()  # the same seat may have to decide again

    async def fallback(self, seat: int, version: int) -> bool:
        """A bot that failed or chose an illegal action: a legal action instead, so that the
        game never waits forever for it (the failure is in the log)."""
        if self.version != version or seat not in self.state.to_act():
            return True
        legal = self.state.legal_texts(seat)
        if not legal:
            return False
        try:
            await self.act(seat, legal[0], client=None, version=version)
        except ProtocolError:
            return True
        return True


def find_lesson(game: Game, lesson_id: str) -> Lesson | None:
    return next((lesson for lesson in game.lessons() if lesson.id == lesson_id), None)


def glicko(rows: list[RatingRow | None], result: dict[str, Any]) -> list[tuple[float, float,
                                                                                   float]]:
    """Both seats' new (rating, deviation, volatility) after a ranked game (MT-26)."""
    first, second = (Rating(r.rating, r.rd, r.volatility) if r is not None else Rating()
                     for r in rows)
    a, b = rate_game(first, second, Result.from_json(result).utility(0))
    return [(a.rating, a.rd, a.volatility), (b.rating, b.rd, b.volatility)]


def chat_message(game_id: str, name: str, text: str, at: str,
                 msg_id: int | None = None) -> dict[str, Any]:
    # Escaped by the server: no client can get HTML out of a chat message. The id is what a
    # report names and what a moderator's hiding removes (docs/moderation.md).
    return {"type": "chat", "game": game_id, "name": html.escape(name),
            "text": html.escape(text), "at": at, "id": msg_id}
