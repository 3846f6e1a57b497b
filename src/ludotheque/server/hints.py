"""Hints (issue 24): in an unranked game against bots, a player to act may ask what Difficile
would play from their seat.

`{"type": "hint", "game": ID, "seat": S}` is answered, to the asker only, with
`{"type": "hint", "game": ID, "seat": S, "version": N, "action": TEXT, "text": WORDS}`: the
move in the engine's notation and in the game's own words, for the position at version N
(the page drops a hint the game has moved past). Difficile thinks on the bot workers
(server/bots.py), in turn with the asker's own games' bots, never on the event loop.

Refused, with an error to the asker only and nothing else changed: in a ranked game (its
result must be the players' own), in a game without a bot seat (between people, or a lesson,
whose tutor teaches), to a spectator or for another's seat, for a seat not to act now, in a
game not live, while the player's previous hint is still being thought, and over the `hint`
rate limit (per account and per address).
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from ludotheque.core import Game, LudoError, Rng, Seat, State

from .limits import RateLimited
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .clients import Client
    from .rooms import Room

log = logging.getLogger(__name__)

# The level whose move a hint gives, with its clock (3 s on one core).
HINT_BOT = "difficile"
# A hint's words are the first event the seat would see; they must not depend on what the
# seat cannot see (a card it would draw): asked of this many re-deals, they must agree.
WORLDS = 3


def offered(room: Room) -> bool:
    """Whether the room offers hints at all: unranked, with a bot seat, not a lesson."""
    return (not room.row.ranked and room.lesson is None
            and any(s.get("kind") == "bot" for s in room.seats))


def describe_action(game: Game, state: State, seat: Seat, text: str, lang: str,
                    names: list[str]) -> str:
    """`text` in the game's words: the first event `seat` would see if it played it, on
    copies re-dealt for that seat (never the true state). When that event differs between
    re-deals, it tells something the seat cannot know: the notation is said instead."""
    action = game.parse(text)
    said: set[str] = set()
    for _ in range(WORLDS):
        copy = state.determinize(seat, Rng(secrets.randbits(128)))
        try:
            events = copy.apply(seat, action)
        except LudoError:
            return text
        first = next((e for e in events if e.visible_to(seat)), None)
        said.add("" if first is None else game.describe(first, lang, names))
    words = said.pop() if len(said) == 1 else ""
    return words or text


def check(room: Room, client: Client, seat: int) -> None:
    """Raise the refusal, if any, before anything is asked of the workers."""
    if client.player is None or seat not in room.seats_of(client.player_id):
        raise ProtocolError("not_your_seat")  # a spectator, or another's seat
    if room.row.ranked:
        raise ProtocolError("hint_ranked")
    if not offered(room):
        raise ProtocolError("hint_no_bot")
    if room.row.status != "live" or room.over:
        raise ProtocolError("not_live" if room.row.status == "open" else "game_over")
    if seat not in room.state.to_act():
        raise ProtocolError("not_your_turn")
    if client.player.id in room.hub.hinting:
        raise ProtocolError("hint_busy")
    try:
        room.hub.limiter.hit("hint", f"a:{client.player.id}", f"ip:{client.address}")
    except RateLimited as exc:
        raise ProtocolError("rate_limited", retry_after=exc.retry_after_seconds) from None


async def ask(room: Room, client: Client, seat: int) -> None:
    """Check the request, then think the hint in the background and answer the asker."""
    check(room, client, seat)
    assert client.player is not None
    player = client.player.id
    room.hub.hinting.add(player)
    room.hub.spawn(_think(room, client, seat, player))


async def _think(room: Room, client: Client, seat: int, player: str) -> None:
    version = room.version
    state = room.state.clone()
    try:
        text = await room.hub.bots.choose(room.game.id, state.to_json(), seat, HINT_BOT,
                                          secrets.randbits(63), owner=player)
        words = describe_action(room.game, state, seat, text, client.lang,
                                room.text_names(client.lang))
    except Exception:
        log.exception("hint for game %s, seat %d failed", room.id, seat)
        client.error(ProtocolError("hint_failed"), room.id)
    else:
        client.send({"type": "hint", "game": room.id, "seat": seat, "version": version,
                     "action": text, "text": words})
    finally:
        room.hub.hinting.discard(player)
