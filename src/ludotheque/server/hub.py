"""The hub: every room of this server process, loaded on demand from the store (a room's
record replayed by the engine), and, with several processes, the rooms other processes own
(followed through cluster.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any, cast

from starlette.websockets import WebSocket

from ludotheque import games
from ludotheque.core import LudoError, Result
from ludotheque.core.record import Move, Record, replay_steps
from ludotheque.store import Store

from . import offers
from .bots import BotPool
from .clients import Client
from .clocks import Clocks
from .limits import Limiter
from .protocol import ProtocolError
from .rooms import CLAIM_AFTER, ROOM_IDLE, Room, Step

if TYPE_CHECKING:
    from .cluster import Cluster
    from .metrics import Metrics

log = logging.getLogger("ludotheque.server")


class Hub:
    """Every room of this server process, loaded on demand from the store."""

    def __init__(self, store: Store, bots: BotPool, bot_delay: float = 0.0,
                 room_idle: float = ROOM_IDLE, claim_after: float = CLAIM_AFTER) -> None:
        self.store = store
        # How long the player to act of an untimed online game may be away before the
        # others may claim (offers.py).
        self.claim_after = claim_after
        self.bots = bots
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.room_idle = room_idle
        self._swept = time.monotonic()
        self.limiter = Limiter()
        self.hinting: set[str] = set()  # players whose hint is being thought (hints.py)
        self.cluster: Cluster | None = None  # several processes: cluster.py
        self.metrics: Metrics | None = None  # what /metrics shows (metrics.py)
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def bot_games_of(self, player_id: str) -> int:
        """The player's games being played with a bot seat (Limits.live_bot_games): every
        live game is a room of this hub from its creation (open_room) or from start-up
        (resume). A game still waiting for players is not counted: its bots do not think
        yet, and its creator could not free its place (no resigning before the start)."""
        return sum(1 for room in self.rooms.values()
                   if room.row.creator == player_id and room.row.status == "live"
                   and not room.over and any(s.get("kind") == "bot" for s in room.seats))

    def sweep(self) -> int:
        """Forget the idle rooms (Room.idle), at most every tenth of `room_idle`; how many."""
        now = time.monotonic()
        if now - self._swept < self.room_idle / 10:
            return 0
        self._swept = now
        idle = [gid for gid, room in self.rooms.items() if room.idle(now, self.room_idle)]
        for gid in idle:
            del self.rooms[gid]
        return len(idle)

    async def room(self, game_id: str) -> Room | None:
        found = self.rooms.get(game_id)
        if found is not None:
            found.used = time.monotonic()
            return found
        self.sweep()  # a room is about to be loaded: make room first
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            if game_id in self.rooms:
                return self.rooms[game_id]
            room = await asyncio.to_thread(self.load, game_id)
            if room is not None:
                if self.cluster is not None and room.row.status != "over":
                    room.owned = await self.cluster.claim(game_id)
                self.rooms[game_id] = room
                await room.load_ratings()
                room.watch_clock()
                if room.owned and self.cluster is not None:
                    room.schedule_bots()  # a previous owner may have died mid-thought
        self._loading.pop(game_id, None)
        return room

    def load(self, game_id: str) -> Room | None:
        """Rebuild a room from its record: the engine replays every stored action."""
        row = self.store.game(game_id)
        if row is None:
            return None
        try:
            game = games.get(row.game)
        except LudoError:
            log.error("game %s is a %r game, which this server does not know", row.id, row.game)
            return None
        moves = self.store.moves(game_id)
        record = Record(row.game, row.seed, row.players, dict(row.options),
                        moves=[Move(m.seat, m.action) for m in moves],
                        game_version=row.game_version)
        steps: list[Step] = []
        try:
            state = game.new(row.seed, row.players, row.options)
            for after, step in replay_steps(game, record):
                state = after
                steps.append(Step(step.move.seat, step.move.action, step.events, step.public))
        except LudoError as exc:
            # The rules changed under a stored game: it cannot be resumed; the others can.
            log.error("game %s cannot be replayed: %s", row.id, exc)
            return None
        return Room(self, row, game, state, steps)

    # -- several processes (cluster.py) --------------------------------------------------------
    async def promote(self, game_id: str) -> Room | None:
        """This process now owns the room: read it again from the database (a replica may
        lag), in place (its clients keep it), and take up the owner's work."""
        room = self.rooms.get(game_id)
        if room is None:
            return await self.room(game_id)
        async with room.lock:
            await self._reread(room)
            room.owned = True
            room.published = -1  # the replicas read it again too
            room.broadcast()
            room.watch_clock()
        await room.load_ratings()
        room.schedule_bots()
        return room

    async def follow(self, room: Room, message: dict[str, Any]) -> None:
        """A replica takes the owner's news: a step to apply, or a reason to read again."""
        version, step = int(message["version"]), message.get("step")
        reset = bool(message.get("reset"))  # a takeback: moves went away
        async with room.lock:
            if version < room.version and not reset:
                return  # older than what this replica shows
            if reset:
                await self._reread(room)
            elif step is not None and version == room.version + 1:
                try:
                    action = room.game.parse(str(step["action"]))
                    public = room.state.is_public(int(step["seat"]), action)
                    events = room.state.apply(int(step["seat"]), action)
                except LudoError:
                    log.exception("replica of game %s: the owner's step does not apply",
                                  room.id)
                    await self._reread(room)
                else:
                    room.steps.append(Step(int(step["seat"]), action.text(), events, public))
            if version != room.version:
                await self._reread(room)  # a step missed (or not sent): the database has it
            fields = message.get("row") or {}
            if fields.get("options") is not None and fields["options"] != room.row.options:
                await self._reread(room)  # a seat's deck was chosen: the game is dealt again
            room.row.status = str(fields.get("status", room.row.status))
            room.row.seats = list(fields.get("seats") or room.row.seats)
            room.row.result = fields.get("result")
            room.row.rated = fields.get("rated")
            room.row.public = bool(fields.get("public", room.row.public))
            room.row.moves_count = room.version
            room.row.rematch = fields.get("rematch")
            room.offers.load(fields.get("offers"))
            clock = fields.get("clock")
            if clock is not None:
                room.clocks = Clocks.from_json(clock)
                room.clocks.since = clock.get("since")
            if room.row.status == "over" and room.row.result and not room.state.is_over():
                room.ended = Result.from_json(room.row.result)
            for client in list(room.clients):
                room.send_state(client, 0 if reset else None)

    async def _reread(self, room: Room) -> None:
        """Rebuild a replica from the database, in place (its clients stay)."""
        fresh = await asyncio.to_thread(self.load, room.id)
        if fresh is None:
            return
        room.row, room.state, room.steps = fresh.row, fresh.state, fresh.steps
        room.clocks, room.ended = fresh.clocks, fresh.ended

    async def remote_client(self, player_id: Any, lang: str) -> Client:
        """The client of another process, as the owner acts for it: who, in which language.
        Nothing is ever sent to it from here (its process answers it)."""
        player = None
        if isinstance(player_id, str):
            player = await asyncio.to_thread(self.store.player, player_id)
        return Client(cast(WebSocket, None), player, lang)

    async def local_request(self, room: Room, client: Client, op: str,
                            fields: dict[str, Any]) -> None:
        """Do a seat's request on a room this process owns (or `reread`: take what another
        process wrote of the game's row, its seats and its status)."""
        if op == "reread":
            await self.reread_row(room)
            return
        seat = fields.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ProtocolError("bad_field", field="seat")
        if op == "act":
            version = fields.get("version")
            await room.act(seat, str(fields.get("action", "")), client=client,
                           version=version if isinstance(version, int) else None)
        elif op == "sit":
            deck = fields.get("deck")  # [text, ready-made name or None] (cluster.py's JSON)
            chosen = (str(deck[0]), None if deck[1] is None else str(deck[1])) \
                if isinstance(deck, list | tuple) and len(deck) == 2 else None
            await room.sit(client, seat, chosen)
        elif op == "resign":
            await room.resign(client, seat)
        elif op in offers.OWNER_OPS:
            await offers.request(room, client, op, fields)
        else:
            raise ProtocolError("unknown_type")

    async def reread_row(self, room: Room) -> None:
        """The room takes its stored row's seats and status (written outside the room: an
        account deleted, a game closed by a moderator), and everyone watching is told."""
        async with room.lock:
            row = await asyncio.to_thread(self.store.game, room.id)
            if row is None:
                return
            room.row.seats, room.row.public = row.seats, row.public
            if row.status == "over" and room.row.status != "over":
                room.row.status, room.row.result = "over", row.result
            room.published = -1 if room.owned else room.published  # replicas read it again
            room.broadcast()
            room.watch_clock()

    async def reread_everywhere(self, game_id: str) -> None:
        """Have the room's owner (this process or another) take its stored row again."""
        room = await self.room(game_id)
        if room is None:
            return
        if self.cluster is not None and not room.owned:
            await self.cluster.forward(room, await self.remote_client(None, "fr"), "reread")
            return
        await self.reread_row(room)

    async def resume(self) -> int:
        """At start-up: load every game still being played and let its bots go on."""
        rows = await asyncio.to_thread(self.store.games, ["live"], public_only=False,
                                       limit=10_000)
        for row in rows:
            room = await self.room(row.id)
            if room is not None:
                room.schedule_bots()
        # A ranked game that ended just before a crash is counted now (exactly once).
        for game_id in await asyncio.to_thread(self.store.unrated):
            room = await self.room(game_id)
            if room is not None:
                async with room.lock:
                    await room.rate()
        return len(rows)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        self.bots.close()
