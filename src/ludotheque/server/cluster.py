"""Several server processes, one site: room ownership and messages through Redis.

`ludo serve --redis redis://HOST:PORT/0` on as many processes (and machines) as wanted, all on
one database: any process accepts any client for any game, with no sticky sessions.

- **One owner a room.** A live room is owned by one process at a time, through a lease in
  Redis (`ludo:lease:GAME` = the process's id, a few seconds long, renewed every second). The
  owner alone changes the game: it applies actions, stores them, runs the clocks and asks the
  bots. A lease is a hint, not the safety: the database's unique (game, move number) refuses a
  move stored twice, so an owner that lost its lease without knowing cannot fork a game.
- **Replicas.** A process whose clients follow a room it does not own keeps a replica: the same
  room rebuilt from the database, which applies each step the owner publishes (the engines are
  deterministic, so the replica's state is the owner's) and sends its own clients their own
  views. A replica that misses a step (a gap in the versions) rebuilds from the database,
  where every published step already is (stored before it is published).
- **Requests.** An action, a seat taken or a resignation arriving at a replica's process is
  sent to the owner (`ludo:proc:ID`), which answers the sender's process with the refusal, if
  any, for its client. Chat is stored by the process that receives it and published to all.
- **Take-over.** When the owner dies (kill -9), its lease runs out; the first process that
  notices (its watchdog, or a request that the owner did not answer) claims the lease, rebuilds
  the room from the database and goes on: its bots, its clocks. No stored move is lost; the
  ones that were being stored when the owner died were never acknowledged.

Every process subscribes to every room's channel (one pattern); it keeps what concerns the
rooms it holds. Simple and robust; beyond a few thousand moves per second across the site,
per-room subscriptions would cut what each process reads (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from .protocol import ProtocolError

if TYPE_CHECKING:
    from .clients import Client
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("ludotheque.cluster")

LEASE_SECONDS = 3.0  # how long a dead owner keeps its rooms
RENEW_SECONDS = 1.0  # how often an owner renews its leases and replicas look for orphans
REQUEST_SECONDS = 2.5  # how long a forwarded request waits for the owner's answer
# Presence (a claim in an untimed game, offers.py): every process notes each second which
# players have a socket on which untimed game here; the owner reads it before a claim.
SEEN_FRESH = 3 * RENEW_SECONDS  # seen this recently on another process: still there
SEEN_KEEP = 24 * 3600  # how long a last sighting is kept

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def lease_key(game_id: str) -> str:
    return f"ludo:lease:{game_id}"


def room_channel(game_id: str) -> str:
    return f"ludo:room:{game_id}"


def seen_key(game_id: str, player_id: str) -> str:
    return f"ludo:seen:{game_id}:{player_id}"


def rematch_key(game_id: str) -> str:
    return f"ludo:rematch:{game_id}"


def process_channel(process_id: str) -> str:
    return f"ludo:proc:{process_id}"


PLAYER_CHANNELS = "ludo:player:*"  # messages to a player's sockets (presence.py)


class Cluster:
    """This process's part in a site of several: its id, its leases, its Redis messages."""

    def __init__(self, url: str, hub: Hub) -> None:
        self.url = url
        self.hub = hub
        self.id = secrets.token_hex(6)
        self.redis: Redis = Redis.from_url(url, decode_responses=True)
        self._requests = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any] | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        # One publisher, first in first out: a room's news reach the others in order.
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.on_player: Callable[[dict[str, Any]], None] | None = None

    # -- life ----------------------------------------------------------------------------
    async def start(self) -> None:
        await self.redis.ping()  # fail at start-up, with the address, not at the first move
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.psubscribe(room_channel("*"), PLAYER_CHANNELS)
        await pubsub.subscribe(process_channel(self.id))
        self._tasks = [asyncio.create_task(self._listen(pubsub)),
                       asyncio.create_task(self._watchdog()),
                       asyncio.create_task(self._publisher())]
        log.info("cluster: process %s on %s", self.id, self.url)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(RedisError):
            for room in list(self.hub.rooms.values()):
                if room.owned:
                    await self._release(keys=[lease_key(room.id)], args=[self.id])
        await self.redis.aclose()

    async def ping(self) -> None:
        await self.redis.ping()

    # -- leases --------------------------------------------------------------------------
    async def claim(self, game_id: str) -> bool:
        """Own the room if nobody does (or if this process already does)."""
        ms = int(LEASE_SECONDS * 1000)
        if await self.redis.set(lease_key(game_id), self.id, nx=True, px=ms):
            return True
        return await self.redis.get(lease_key(game_id)) == self.id

    async def owner(self, game_id: str) -> str | None:
        found = await self.redis.get(lease_key(game_id))
        return str(found) if found else None

    async def _watchdog(self) -> None:
        """Every second: renew this process's leases (a lost one makes its room a replica);
        take over the rooms whose owner is gone."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                for room in list(self.hub.rooms.values()):
                    if room.owned:
                        kept = await self._renew(keys=[lease_key(room.id)],
                                                 args=[self.id, int(LEASE_SECONDS * 1000)])
                        if not kept:
                            log.warning("cluster: lost the lease of game %s", room.id)
                            room.demote()
                    elif room.row.status != "over" and await self.owner(room.id) is None:
                        await self.take_over(room.id)
                await self._mark_seen()
            except RedisError as exc:
                log.error("cluster: Redis does not answer: %s", exc)
            except Exception:
                log.exception("cluster: watchdog")

    async def _mark_seen(self) -> None:
        """The players with a socket here on an untimed game being played, seen now."""
        now = time.time()
        pipe = self.redis.pipeline(transaction=False)
        marks = 0
        for room in list(self.hub.rooms.values()):
            if room.clocks is None and room.row.status == "live" and not room.over:
                for player in {c.player_id for c in room.clients if c.player_id}:
                    pipe.set(seen_key(room.id, player), now, ex=SEEN_KEEP)
                    marks += 1
        if marks:
            await pipe.execute()

    async def last_seen(self, game_id: str, players: list[str]) -> dict[str, float]:
        """When each of these players was last seen on the room by any process."""
        if not players:
            return {}
        values = await self.redis.mget([seen_key(game_id, p) for p in players])
        return {p: float(v) for p, v in zip(players, values, strict=True) if v}

    # -- rematches: an ended game has no owner; the requests meet here -------------------------
    async def ask_rematch(self, game_id: str, player_id: str | None) -> set[str]:
        """Note the player's rematch request (None: forget them all); every request so far."""
        key = rematch_key(game_id)
        if player_id is None:
            await self.redis.delete(key)
            return set()
        pipe = self.redis.pipeline(transaction=True)
        pipe.sadd(key, player_id)
        pipe.expire(key, SEEN_KEEP)
        pipe.smembers(key)
        *_, members = await pipe.execute()
        return {str(m) for m in members}

    def publish_rematch(self, room: Room) -> None:
        self.publish(room_channel(room.id), {
            "kind": "rematch", "from": self.id, "game": room.id,
            "asked": sorted(room.offers.rematch), "made": room.row.rematch})

    async def take_over(self, game_id: str) -> Room | None:
        """Claim an orphan room and become its owner, rebuilt from the database."""
        if not await self.claim(game_id):
            return None
        log.info("cluster: process %s takes over game %s", self.id, game_id)
        return await self.hub.promote(game_id)

    # -- what owners tell everyone ----------------------------------------------------------
    def publish_change(self, room: Room, step: dict[str, Any] | None) -> None:
        message = {"kind": "changed", "from": self.id, "game": room.id,
                   "version": room.version, "step": step, "row": room.row_fields(),
                   # Fewer steps than last told (a takeback): the replicas read it again.
                   "reset": room.published > room.version}
        self.publish(room_channel(room.id), message)

    def publish_chat(self, game_id: str, chat: dict[str, Any]) -> None:
        self.publish(room_channel(game_id),
                     {"kind": "chat", "from": self.id, "game": game_id, "chat": chat})

    def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Queue a message for the publisher (sent in the order queued)."""
        self._outbox.put_nowait((channel, json.dumps(message, ensure_ascii=False)))

    async def _publisher(self) -> None:
        while True:
            channel, data = await self._outbox.get()
            for attempt in range(3):
                try:
                    await self.redis.publish(channel, data)
                    break
                except RedisError as exc:
                    log.error("cluster: cannot publish on %s: %s", channel, exc)
                    await asyncio.sleep(0.2 * (attempt + 1))

    # -- requests to the owner ----------------------------------------------------------------
    async def forward(self, room: Room, client: Client, op: str, **fields: Any) -> None:
        """Have the room's owner do `op` for `client`; raise its refusal as ProtocolError.

        An owner that does not answer is presumed dead: once its lease runs out, this
        process takes the room over and does the request itself. A request sent again is
        tied to the version the first one was made at, so that an owner that did it and died
        before answering cannot have it done twice (the second is refused as stale)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REQUEST_SECONDS + LEASE_SECONDS + 2
        silent: set[str] = set()  # owners that did not answer
        if op == "act" and fields.get("version") is None:
            first_version = room.version
        else:
            first_version = None
        while True:
            owner = await self.owner(room.id)
            if owner is None or owner == self.id:
                taken = await self.take_over(room.id)
                if taken is not None and taken.owned:
                    if silent and first_version is not None:
                        fields = {**fields, "version": first_version}
                    await self.hub.local_request(taken, client, op, fields)
                    return
            elif owner not in silent:
                sent = {**fields, "version": first_version} if silent and \
                    first_version is not None else fields
                answered, error = await self._ask(owner, room, client, op, sent)
                if answered:
                    if error is not None:
                        raise ProtocolError(str(error["code"]), str(error.get("detail", "")),
                                            **dict(error.get("params") or {}))
                    return
                log.warning("cluster: process %s did not answer for game %s", owner, room.id)
                silent.add(owner)
            if loop.time() > deadline:
                raise ProtocolError("busy")
            await asyncio.sleep(0.2)

    async def _ask(self, owner: str, room: Room, client: Client, op: str,
                   fields: dict[str, Any]) -> tuple[bool, dict[str, Any] | None]:
        """(answered, the owner's refusal or None)."""
        number = next(self._requests)
        future: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        request = {"kind": "request", "from": self.id, "req": number, "op": op,
                   "game": room.id, "player": client.player_id, "lang": client.lang, **fields}
        try:
            self.publish(process_channel(owner), request)
            try:
                return True, await asyncio.wait_for(future, REQUEST_SECONDS)
            except TimeoutError:
                return False, None
        finally:
            self._waiting.pop(number, None)

    async def _answer(self, request: dict[str, Any]) -> None:
        """As the owner: do a forwarded request and tell the sender how it went."""
        error: dict[str, Any] | None = None
        try:
            room = self.hub.rooms.get(str(request["game"]))
            if room is None or not room.owned:
                raise ProtocolError("busy")
            client = await self.hub.remote_client(request.get("player"),
                                                  str(request.get("lang", "fr")))
            fields = {k: v for k, v in request.items()
                      if k not in ("kind", "from", "req", "op", "game", "player", "lang")}
            await self.hub.local_request(room, client, str(request["op"]), fields)
        except ProtocolError as exc:
            error = {"code": exc.code, "detail": exc.detail, "params": exc.params}
        except Exception:
            log.exception("cluster: a forwarded request failed")
            error = {"code": "internal", "detail": "", "params": {}}
        self.publish(process_channel(str(request["from"])),
                     {"kind": "reply", "req": request["req"], "error": error})

    # -- listening ---------------------------------------------------------------------------
    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for raw in pubsub.listen():
                    if raw.get("type") not in ("message", "pmessage"):
                        continue
                    try:
                        message = json.loads(raw["data"])
                        await self._dispatch(message)
                    except Exception:
                        log.exception("cluster: a message could not be handled")
            except asyncio.CancelledError:
                raise
            except RedisError as exc:
                log.error("cluster: subscription lost (%s); subscribing again", exc)
                await asyncio.sleep(0.5)
                with contextlib.suppress(RedisError):
                    await pubsub.psubscribe(room_channel("*"), PLAYER_CHANNELS)
                    await pubsub.subscribe(process_channel(self.id))

    async def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "reply":
            future = self._waiting.get(int(message["req"]))
            if future is not None and not future.done():
                future.set_result(message.get("error"))
        elif kind == "request":
            self.hub.spawn(self._answer(message))
        elif kind == "player":  # for a player's sockets, on every process (presence.py)
            if self.on_player is not None:
                self.on_player(message)
        elif message.get("from") == self.id:
            return  # this process's own news: its clients have had it
        elif kind == "changed":
            room = self.hub.rooms.get(str(message["game"]))
            if room is not None and not room.owned:
                await self.hub.follow(room, message)
        elif kind == "rematch":
            room = self.hub.rooms.get(str(message["game"]))
            if room is not None:
                room.offers.rematch = {str(p) for p in message.get("asked") or []}
                room.row.rematch = message.get("made") or room.row.rematch
                for client in list(room.clients):
                    room.send_state(client)
        elif kind == "chat":
            room = self.hub.rooms.get(str(message["game"]))
            if room is not None:
                for client in list(room.clients):
                    client.send(message["chat"])

