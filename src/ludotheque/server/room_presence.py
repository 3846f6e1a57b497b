"""Who has a room open: each seat's player online or away, and how many spectators watch
(issue #20). Told to the room's clients in a small `presence` message, apart from the
state: a page opening or closing costs the room one message per client, at most one such
round every PRESENCE_DELAY seconds however many come and go, and never a state (views are
what cost). Counted over this process's sockets: in a cluster each process tells what it
sees."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rooms import Room

PRESENCE_DELAY = 0.5  # seconds: pages that come and go together are told once


def presence_message(room: Room) -> dict[str, Any]:
    """The seats whose player has the room open, and the spectators: the other people with
    the room open (a person with two tabs counts once; each nameless visitor counts)."""
    seated = {s.get("player"): i for i, s in enumerate(room.seats)
              if s.get("kind") == "human" and s.get("player")}
    online: set[int] = set()
    watchers: set[str] = set()
    for client in room.clients:
        pid = client.player_id
        if pid is not None and pid in seated:
            online.update(i for i, s in enumerate(room.seats)
                          if s.get("kind") == "human" and s.get("player") == pid)
        else:
            watchers.add(pid if pid is not None else client.key)
    return {"type": "presence", "game": room.id, "online": sorted(online),
            "watchers": len(watchers)}


def presence_changed(room: Room) -> None:
    """A client came or went, or a seat was taken: tell the room soon, once."""
    if room.presence_timer is not None:
        return
    loop = asyncio.get_running_loop()
    room.presence_timer = loop.call_later(PRESENCE_DELAY, tell, room)


def tell(room: Room) -> None:
    room.presence_timer = None
    message = presence_message(room)
    for client in list(room.clients):
        client.send(message)
