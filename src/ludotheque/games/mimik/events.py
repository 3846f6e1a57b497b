"""MIMIK's frequent events, made once and shared like the plays (an event is an immutable value).

A random playout makes about 4 events an action (a turn, a draw and its card, the play), and
building them was a tenth of its time; a table read costs less than a cached call. What the
events say is unchanged.
"""

from __future__ import annotations

from typing import Final

from ludotheque.core.game import Event

from .cards import MIMIK, NAMES

MAX_SEATS: Final = 8  # the game's most players (Mimik.max_players)

# By seat, then the card's code less 1 (the codes run 1 to 20: a tuple read costs less than a
# dict's), or the count of cards drawn.
DREW: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("drew", {"seat": seat, "card": NAMES[card]}, to=(seat,))
          for card in range(1, MIMIK + 1)) for seat in range(MAX_SEATS))
# A turn's draw is 1 card, an opening hand 5 (MK-3), a Discard x2 2 (MK-20), a hand refilled
# at the end of a turn (MK-11) at most 5.
DRAWS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("draw", {"seat": seat, "cards": cards}) for cards in range(6))
    for seat in range(MAX_SEATS))
DISCARDED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("discarded", {"seat": seat, "card": NAMES[card]}, ruling="MK-11")
          for card in range(1, MIMIK + 1)) for seat in range(MAX_SEATS))
# MK-12: a Value card, by seat then value less 1; MK-25: a later MIMIK posed as a Value 5.
POSED: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("posed", {"seat": seat, "card": NAMES[card], "value": card}, ruling="MK-12")
          for card in range(1, 11)) for seat in range(MAX_SEATS))
POSED_MIMIK: Final = tuple(Event("posed", {"seat": seat, "card": "MIMIK", "value": 5},
                                 ruling="MK-25") for seat in range(MAX_SEATS))
SKIPPED: Final = tuple(Event("skipped", {"seat": seat}, ruling="MK-14")
                       for seat in range(MAX_SEATS))
NO_CARD: Final = tuple(Event("no_card", {"seat": seat}) for seat in range(MAX_SEATS))
MIMIK_RETURNED: Final = tuple(Event("mimik_returned", {"seat": seat}, to=(seat,),
                                    ruling="MK-25") for seat in range(MAX_SEATS))
# "turn" events by `turn << 3 | seat`, made on first use (at most 8 seats x 2,000 turns, MK-29).
TURNS: Final[dict[int, Event]] = {}


def draws(seat: int, cards: int) -> Event:
    row = DRAWS[seat]
    return row[cards] if cards < len(row) else Event("draw", {"seat": seat, "cards": cards})


def turn(seat: int, number: int) -> Event:
    """The "turn" event of turn `number` (counted from 1), `seat` to play."""
    key = number << 3 | seat
    event = TURNS.get(key)
    if event is None:
        event = TURNS[key] = Event("turn", {"seat": seat, "turn": number})
    return event
