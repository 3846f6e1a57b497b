"""Correspondence games (issue 21): days a move, deadlines kept in the database.

The time controls `corr1`, `corr3`, `corr7` (clocks.py) give each move 1, 3 or 7 days. The
move's deadline is a date: it is stored with every action (games.deadline) and a restart
takes nothing off it. A room's owner arms a timer for it as for any clock (Room.watch_clock):
a missed deadline ends a two-player game as a loss on time, and hands the seat to a bot with
more players. What no timer covers (a room nobody has loaded since a restart, an owner that
died in a cluster) the deadline watcher finds: every few seconds it asks the database for
the live games whose deadline has passed and loads them, which claims them and arms their
timer, here or at their owner.

The home page's "your turn" list is every live online game (two people or more) where one of
the player's seats is to act (any time control), read from the rooms in memory or the stored
`to_act`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ludotheque.store import GameRow

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("ludotheque.server")


def watch_every(day: float) -> float:
    """How often the deadline watcher looks: every minute for real days, more often for
    the tests' short ones."""
    return max(0.2, min(60.0, day / 20))


async def watch_deadlines(hub: Hub, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await expire(hub)
        except Exception:  # the next round tries again; the log says why
            log.exception("the deadline watcher failed")


async def expire(hub: Hub) -> int:
    """Load every live game whose deadline has passed, so that its owner ends it; how many
    were found."""
    found = await asyncio.to_thread(hub.store.expired, time.time())
    for game_id in found:
        room = await hub.room(game_id)
        if room is not None and room.owned and (room.flag_task is None
                                                or room.flag_task.done()):
            room.watch_clock()
    return len(found)


def due_text(deadline: float | None) -> str | None:
    """A deadline as the lists show it (UTC, to the minute)."""
    if deadline is None:
        return None
    return datetime.fromtimestamp(deadline, UTC).strftime("%Y-%m-%d %H:%M UTC")


def your_turn(hub: Hub, rows: list[GameRow], player_id: str) -> list[dict[str, Any]]:
    """The live games among `rows` where one of the player's seats is to act, with the
    move's deadline (a time.time() value) when it has one."""
    out = []
    for row in rows:
        if row.status != "live":
            continue
        room = hub.rooms.get(row.id)
        if room is not None:
            seats, to_act = room.seats, room.running() if room.clocks is not None \
                else list(room.state.to_act()) if not room.over else []
            deadline = room.due(room.clocks, to_act)
        else:
            seats, to_act = row.seats, list(row.to_act or [])
            due = row.deadline
            if due is not None and due.tzinfo is None:  # SQLite: a UTC time without its zone
                due = due.replace(tzinfo=UTC)
            deadline = due.timestamp() if due is not None else None
        people = {s.get("player") for s in seats if s.get("kind") == "human" and s.get("player")}
        if len(people) < 2:
            continue  # an online game only: not one person's hotseat, nor a game with bots
        if any(seats[s].get("kind") == "human" and seats[s].get("player") == player_id
               for s in to_act if 0 <= s < len(seats)):
            out.append({"id": row.id, "deadline": deadline})
    return out
