"""Between the players of an online game (issue 21): a claim against a player who left an
untimed game, takebacks and draw offers (where the game allows them), rematches.

- **Claim.** In an online game without a time control, a seat to act whose player has had no
  socket on the room for `Hub.claim_after` seconds (5 minutes; `--claim-after`) may be
  claimed by another player of the game: with two players the claimer wins (reason
  `abandon`), with more a bot takes the seat, as when a player leaves.
- **Takeback and draw** (`Game.offers`: games that allow them, unranked). One player asks, the other
  accepts or declines. An accepted takeback replays the record without the moves since the
  asker's previous turn, and deletes them from the database in one transaction
  (`Store.take_back`); the other processes read the game again. A declined offer cannot be
  made again by the same seat before the next move, and every offer counts against the
  `offer` limit (server/limits.py).
- **Rematch.** At the end, each player asks for it; when all have, a new game is made with the
  same players, each moved one seat on (two players: swapped), the same options and time
  control, and its id goes into the old game's state: every page goes there.

Offers live in the room's memory (an offer dies with a restart; the moves do not).
"""

from __future__ import annotations

import math
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludotheque.core import LudoError
from ludotheque.core.record import ABANDONED, agreed_draw
from ludotheque.core.rng import fresh_seed
from ludotheque.store import GameRow

from .clocks import Clocks
from .cluster import SEEN_FRESH
from .limits import RateLimited
from .protocol import Message, ProtocolError

if TYPE_CHECKING:
    from .clients import Client
    from .hub import Hub
    from .rooms import Room

KINDS = ("takeback", "draw")
TYPES = ("claim", "offer", "answer", "rematch")  # the messages handled here
# Messages a room's owner must decide (forwarded to it from another process).
OWNER_OPS = ("claim", "offer", "answer")
SEAT_KEYS = ("kind", "player", "name", "bot")  # what a seat keeps into a rematch


@dataclass
class Offers:
    """A room's pending offers, by seat; `declined` (kind, seat) until the next move."""

    draw: int | None = None
    takeback: int | None = None
    declined: set[tuple[str, int]] = field(default_factory=set)
    rematch: set[str] = field(default_factory=set)  # the players who asked for a rematch
    kinds: frozenset[str] | None = None  # what the game's options allow (read once)

    def moved(self) -> None:
        self.draw = self.takeback = None
        self.declined.clear()

    def to_json(self) -> dict[str, Any]:
        return {"draw": self.draw, "takeback": self.takeback,
                "declined": sorted([k, s] for k, s in self.declined),
                "rematch": sorted(self.rematch)}

    def load(self, data: dict[str, Any] | None) -> None:
        """A replica takes the owner's offers (cluster.py)."""
        if not data:
            return
        self.draw, self.takeback = data.get("draw"), data.get("takeback")
        self.declined = {(str(k), int(s)) for k, s in data.get("declined") or []}
        self.rematch = {str(p) for p in data.get("rematch") or []}


def players_of(room: Room) -> list[str]:
    """The distinct people at the room's human seats, in seat order."""
    out: list[str] = []
    for seat in room.seats:
        player = seat.get("player")
        if seat.get("kind") == "human" and player and player not in out:
            out.append(str(player))
    return out


def online(room: Room) -> bool:
    """Two people or more play it (not one person's hotseat game, nor a game against bots)."""
    return len(players_of(room)) >= 2


def playing(room: Room) -> bool:
    return room.row.status == "live" and not room.over


def allowed(room: Room) -> frozenset[str]:
    """The offers the game allows now: its own (`Game.offers`), unranked, two people."""
    if room.row.ranked or room.row.players != 2 or not online(room) or not playing(room):
        return frozenset()
    if room.offers.kinds is None:
        try:
            options = room.game.options(room.row.options, room.row.players)
        except LudoError:
            room.offers.kinds = frozenset()
        else:
            room.offers.kinds = room.game.offers(options)
    return room.offers.kinds


def rematch_possible(room: Room) -> bool:
    return (room.over and room.row.status == "over" and room.lesson is None and online(room)
            and not any(s.get("deleted") for s in room.seats))


# -- who is away (a claim) ------------------------------------------------------------------------
def present(room: Room, player_id: str) -> bool:
    return any(c.player_id == player_id for c in room.clients)


def away(room: Room) -> list[tuple[int, float]]:
    """The human seats to act in an online untimed game whose player has no socket on the
    room, each with the time it left (or the room was loaded)."""
    if room.clocks is not None or not playing(room) or not online(room):
        return []
    out = []
    for seat in room.state.to_act():
        player = room.seats[seat].get("player")
        if room.seats[seat].get("kind") == "human" and player and not present(room, player):
            out.append((seat, room.gone.get(str(player), room.loaded)))
    return out


def left(room: Room, client: Client) -> None:
    """A socket left the room: if it was its player's last one, note when, and tell the
    others when that makes a seat to act claimable later."""
    player = client.player_id
    if player is None or not room.seats_of(player) or present(room, player):
        return
    room.gone[player] = time.time()
    if any(room.seats[s].get("player") == player for s, _ in away(room)):
        for other in list(room.clients):
            room.send_state(other)


def extras(room: Room, client: Client, mine: list[int]) -> dict[str, Any]:
    """What a state says of offers, rematch and claims (the room page's buttons)."""
    out: dict[str, Any] = {
        "offers": {"kinds": sorted(allowed(room)), "draw": room.offers.draw,
                   "takeback": room.offers.takeback},
        "rematch": None, "claim": None}
    if room.over:
        players = players_of(room)
        out["rematch"] = {"possible": rematch_possible(room), "game": room.row.rematch,
                          "asked": [s for s, seat in enumerate(room.seats)
                                    if seat.get("player") in room.offers.rematch]
                          if players else []}
    gone = away(room)
    if gone:
        wait = min(since for _, since in gone) + room.hub.claim_after - time.time()
        out["claim"] = {"seats": [s for s, _ in gone], "in": round(max(0.0, wait), 1)}
    return out


# -- requests --------------------------------------------------------------------------------------
def counted(room: Room, client: Client) -> None:
    """Offers, claims and rematch requests count against the `offer` limit (per account)."""
    try:
        room.hub.limiter.hit("offer", f"a:{client.player_id}")
    except RateLimited as exc:
        raise ProtocolError("rate_limited", retry_after=exc.retry_after_seconds) from None


def check_seat(room: Room, client: Client, seat: int) -> None:
    if seat not in room.seats_of(client.player_id):
        raise ProtocolError("not_your_seat")
    if not playing(room):
        raise ProtocolError("not_live" if room.row.status == "open" else "game_over")


async def handle(hub: Hub, room: Room, client: Client, m: Message) -> None:
    """A claim, offer, answer or rematch message; the owner decides (cluster.py)."""
    if m.type == "rematch":
        await rematch(room, client)
        return
    fields: dict[str, Any] = {"seat": m.int_field("seat")}
    if m.type in ("offer", "answer"):
        fields["offer"] = m.text_field("offer", 20)
    if m.type == "answer":
        fields["accept"] = m.data.get("accept")
    if m.type == "answer" and fields["offer"] == "rematch":
        if not isinstance(fields["accept"], bool):
            raise ProtocolError("bad_field", field="accept")
        if fields["accept"]:
            await rematch(room, client)
        else:
            await decline_rematch(room, client)
        return
    cluster = hub.cluster
    if cluster is not None and not room.owned:
        await cluster.forward(room, client, m.type, **fields)
        return
    await request(room, client, m.type, fields)


async def request(room: Room, client: Client, op: str, fields: dict[str, Any]) -> None:
    """Do a claim, an offer or an answer on a room this process owns."""
    seat = fields.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ProtocolError("bad_field", field="seat")
    if op == "claim":
        await claim(room, client, seat)
        return
    kind = fields.get("offer")
    if kind not in KINDS:
        raise ProtocolError("bad_field", field="offer")
    if op == "offer":
        await offer(room, client, seat, str(kind))
    else:
        accept = fields.get("accept")
        if not isinstance(accept, bool):
            raise ProtocolError("bad_field", field="accept")
        await answer(room, client, seat, str(kind), accept)


async def claim(room: Room, client: Client, seat: int) -> None:
    counted(room, client)
    async with room.lock:
        check_seat(room, client, seat)
        if room.clocks is not None:
            raise ProtocolError("claim_timed")  # the clock decides
        if not online(room):
            raise ProtocolError("claim_offline")
        if any(room.seats[s].get("player") == client.player_id for s in room.state.to_act()):
            raise ProtocolError("claim_your_turn")
        now = time.time()
        gone = await seen_elsewhere(room, away(room), now)
        if not gone:
            raise ProtocolError("claim_present")
        ready = [s for s, since in gone if now - since >= room.hub.claim_after]
        if not ready:
            wait = min(since for _, since in gone) + room.hub.claim_after - now
            raise ProtocolError("claim_not_yet", seconds=max(1, math.ceil(wait)))
        for target in ready:
            if not room.over:
                await room.give_up(target, ABANDONED)
        room.offers.moved()
        room.broadcast()
        room.watch_clock()
    room.schedule_bots()


async def seen_elsewhere(room: Room, gone: list[tuple[int, float]],
                         now: float) -> list[tuple[int, float]]:
    """Several processes: a player away from this one may have a socket on another (seen
    there within SEEN_FRESH seconds: not away), or have left it later than this one."""
    cluster = room.hub.cluster
    if cluster is None or not gone:
        return gone
    players = {s: str(room.seats[s].get("player")) for s, _ in gone}
    seen = await cluster.last_seen(room.id, sorted(set(players.values())))
    out = []
    for seat, since in gone:
        last = seen.get(players[seat], 0.0)
        if now - last >= SEEN_FRESH:
            out.append((seat, max(since, last)))
    return out


async def offer(room: Room, client: Client, seat: int, kind: str) -> None:
    counted(room, client)
    async with room.lock:
        check_seat(room, client, seat)
        if kind not in allowed(room):
            raise ProtocolError("offer_not_here")
        if (kind, seat) in room.offers.declined:
            raise ProtocolError("offer_declined")
        other = 1 - seat
        if kind == "draw":
            if room.offers.draw == other:  # both offered: agreed
                await end_in_draw(room)
                return
            room.offers.draw = seat
        else:
            if room.offers.takeback is not None:
                raise ProtocolError("offer_pending")
            if last_turn(room, seat) is None:
                raise ProtocolError("nothing_to_take_back")
            room.offers.takeback = seat
        room.broadcast()


async def answer(room: Room, client: Client, seat: int, kind: str, accept: bool) -> None:
    async with room.lock:
        check_seat(room, client, seat)
        asker = room.offers.draw if kind == "draw" else room.offers.takeback
        if asker is None or asker == seat:
            raise ProtocolError("no_offer")
        if not accept:
            room.offers.declined.add((kind, asker))
            if kind == "draw":
                room.offers.draw = None
            else:
                room.offers.takeback = None
            room.broadcast()
            return
        if kind == "draw":
            await end_in_draw(room)
        else:
            await take_back(room, asker)


async def end_in_draw(room: Room) -> None:
    """Under the lock: both players agreed to a draw."""
    result = agreed_draw(room.row.players)
    await room.write(room.hub.store.end_game, room.id, result.to_json(),
                     room.clocks.to_json() if room.clocks is not None else None)
    room.ended = result
    room.row.status = "over"
    room.row.result = result.to_json()
    room.offers.moved()
    await room.rate()
    room.broadcast()
    room.watch_clock()


def last_turn(room: Room, seat: int) -> int | None:
    """The number of moves kept by a takeback of `seat`: up to its last action."""
    for index in range(room.version - 1, -1, -1):
        if room.steps[index].seat == seat:
            return index
    return None


async def take_back(room: Room, asker: int) -> None:
    """Under the lock: the game goes back to the asker's previous turn, replayed from its
    record; the database loses the same moves in one transaction."""
    keep = last_turn(room, asker)
    if keep is None:
        raise ProtocolError("nothing_to_take_back")
    game, row = room.game, room.row
    state = game.new(row.seed, row.players, row.options)
    for step in room.steps[:keep]:
        state.apply(step.seat, game.parse(step.action))
    to_act = list(state.to_act())
    clocks = room.clocks
    if clocks is not None:
        clocks = Clocks(clocks.control, list(clocks.remaining), clocks.since)
        clocks.charge(room.running(), time.time())
        if clocks.control.per_move:
            for s in to_act:
                clocks.remaining[s] = clocks.control.base
    await room.write(room.hub.store.take_back, room.id, keep, to_act,
                     room.due(clocks, to_act), clocks.to_json() if clocks else None)
    room.state, room.steps = state, room.steps[:keep]
    room.clocks = clocks
    row.moves_count, row.to_act = keep, to_act
    room.offers.moved()
    for client in room.clients:
        client.version = 0  # every page draws the game again from its start
    room.broadcast()
    room.watch_clock()


async def rematch(room: Room, client: Client) -> None:
    counted(room, client)
    player = client.player_id
    async with room.lock:
        if player is None or player not in players_of(room):
            raise ProtocolError("not_your_seat")
        if not rematch_possible(room):
            raise ProtocolError("no_rematch")
        cluster = room.hub.cluster
        if room.row.rematch is None:
            if cluster is not None:  # the others may have asked through other processes
                room.offers.rematch = await cluster.ask_rematch(room.id, player)
            else:
                room.offers.rematch.add(player)
            if set(players_of(room)) <= room.offers.rematch:
                await make_rematch(room)
        room.broadcast()
        if cluster is not None:
            cluster.publish_rematch(room)


async def decline_rematch(room: Room, client: Client) -> None:
    async with room.lock:
        if client.player_id not in players_of(room):
            raise ProtocolError("not_your_seat")
        if room.row.rematch is None and (room.offers.rematch or room.hub.cluster):
            room.offers.rematch.clear()
            room.broadcast()
            if room.hub.cluster is not None:
                await room.hub.cluster.ask_rematch(room.id, None)
                room.hub.cluster.publish_rematch(room)


async def make_rematch(room: Room) -> None:
    """Under the lock: the new game, stored with its name on the old one."""
    old = room.row
    seats = [{k: v for k, v in s.items() if k in SEAT_KEYS} for s in old.seats]
    seats = seats[1:] + seats[:1]  # everyone one seat on: two players swap
    clock = None
    if room.clocks is not None:
        clock = Clocks.start(room.clocks.control, old.players).to_json()
    row = GameRow(id=secrets.token_urlsafe(6), game=room.game.id,
                  game_version=room.game.version, seed=fresh_seed(), players=old.players,
                  options=dict(old.options), seats=seats, status="live", public=old.public,
                  creator=old.creator, result=None, moves_count=0, clock=clock,
                  ranked=old.ranked)
    made = await room.write(room.hub.store.create_rematch, room.id, row)
    old.rematch = made
    fresh = await room.hub.room(made)
    if fresh is not None:
        async with fresh.lock:
            await fresh.save_turn()
        fresh.schedule_bots()
