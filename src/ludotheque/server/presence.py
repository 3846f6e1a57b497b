"""Who is online (has a socket open), and messages to a player's sockets wherever they are.

One process: its own sockets. Several (cluster.py): each process keeps, per player with a
socket on it, its id in the Redis sorted set `ludo:online:PLAYER` with a score of when that
expires (renewed every second, so a killed process stops counting within a few seconds); a
message to a player goes on `ludo:player:PLAYER`, which every process hears and hands to its
own sockets of that player.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError

from .clients import Client

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("ludotheque.server")

SECONDS = 3.0  # how long a process's word that a player is online holds
RENEW = 1.0


def online_key(player_id: str) -> str:
    return f"ludo:online:{player_id}"


def player_channel(player_id: str) -> str:
    return f"ludo:player:{player_id}"


class Presence:
    def __init__(self) -> None:
        self.local: dict[str, set[Client]] = {}
        self.cluster: Cluster | None = None
        self._task: asyncio.Task[None] | None = None

    # -- sockets of this process ---------------------------------------------------------------
    def join(self, client: Client) -> None:
        if client.player_id is None:
            return
        first = client.player_id not in self.local
        self.local.setdefault(client.player_id, set()).add(client)
        if first and self.cluster is not None:
            self._spawn(self._mark([client.player_id]))

    def leave(self, client: Client) -> None:
        pid = client.player_id
        if pid is None or pid not in self.local:
            return
        self.local[pid].discard(client)
        if not self.local[pid]:
            del self.local[pid]
            if self.cluster is not None:
                self._spawn(self._unmark(pid))

    def deliver(self, player_id: str, message: dict[str, Any]) -> None:
        """Hand a message to this process's sockets of the player."""
        for client in list(self.local.get(player_id, ())):
            client.send(message)

    # -- the whole site ------------------------------------------------------------------------
    async def online(self, player_ids: Iterable[str]) -> set[str]:
        wanted = list(player_ids)
        here = {p for p in wanted if p in self.local}
        if self.cluster is None or not wanted:
            return here
        now = time.time()
        try:
            async with self.cluster.redis.pipeline(transaction=False) as pipe:
                for pid in wanted:
                    pipe.zcount(online_key(pid), now, "+inf")
                counts = await pipe.execute()
        except RedisError as exc:
            log.error("presence: Redis does not answer: %s", exc)
            return here
        return here | {p for p, n in zip(wanted, counts, strict=True) if n}

    def send(self, player_id: str, message: dict[str, Any]) -> None:
        """To every socket of the player, on any process."""
        if self.cluster is None:
            self.deliver(player_id, message)
            return
        # Every process (this one too) hears it on the player's channel and delivers it.
        self.cluster.publish(player_channel(player_id),
                             {"kind": "player", "player": player_id, "message": message})

    # -- Redis bookkeeping ---------------------------------------------------------------------
    def start(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self._task = asyncio.create_task(self._renew())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self.cluster is not None:
            for pid in list(self.local):
                with contextlib.suppress(RedisError):
                    await self._unmark(pid)

    def _spawn(self, coroutine: Any) -> None:
        assert self.cluster is not None
        self.cluster.hub.spawn(coroutine)

    async def _mark(self, player_ids: list[str]) -> None:
        assert self.cluster is not None
        until = time.time() + SECONDS
        try:
            async with self.cluster.redis.pipeline(transaction=False) as pipe:
                for pid in player_ids:
                    pipe.zadd(online_key(pid), {self.cluster.id: until})
                    pipe.zremrangebyscore(online_key(pid), "-inf", time.time())
                    pipe.expire(online_key(pid), int(SECONDS) + 1)
                await pipe.execute()
        except RedisError as exc:
            log.error("presence: Redis does not answer: %s", exc)

    async def _unmark(self, player_id: str) -> None:
        assert self.cluster is not None
        if player_id in self.local:
            return  # came back meanwhile
        try:
            await self.cluster.redis.zrem(online_key(player_id), self.cluster.id)
        except RedisError as exc:
            log.error("presence: Redis does not answer: %s", exc)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(RENEW)
            if self.local:
                await self._mark(list(self.local))


def player_message(raw: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A cluster message for a player's sockets: (player id, the message), or None."""
    if raw.get("kind") != "player":
        return None
    message = raw.get("message")
    return (str(raw.get("player")), message) if isinstance(message, dict) else None

