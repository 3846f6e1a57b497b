"""Positions for scenario tests: hands, posed cards and a stacked draw pile, by card names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ludotheque.core.game import Event
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import CODES, MIMIK, MIMIK_FIVE, NAMES, NO_VALUE, posed
from ludotheque.games.mimik.rules import PLAY, MimikState

Spec = int | str | tuple[int, int]


def code(name: int | str) -> int:
    return CODES[str(name)]


def pose_spec(spec: Spec) -> int:
    """7: a Value 7; (7, 4): a printed 7 now worth 4; "M7": a MIMIK copying 7;
    "M:Sabotage": a MIMIK that copied Sabotage; "M5*": a later MIMIK posed as a Value 5."""
    if isinstance(spec, tuple):
        return posed(spec[0], spec[1])
    if isinstance(spec, int):
        return posed(spec, spec)
    if spec == "M5*":
        return posed(MIMIK_FIVE, 5)
    if spec.startswith("M:"):
        return posed(MIMIK, NO_VALUE, CODES[spec[2:]])
    value = int(spec[1:])
    return posed(MIMIK, value)


def table(players: int = 2, *, hands: Sequence[Iterable[int | str]] = (),
          posed_cards: Sequence[Iterable[Spec]] = (), deck: Iterable[int | str] = ("1",) * 30,
          discard: Iterable[int | str] = (), base: Sequence[int] = (), target: int = 50,
          team: bool = False, beginner: bool = False, active: int = 0,
          mimik_posed: Iterable[int] = ()) -> MimikState:
    """Seat `active` has drawn and is to play. The draw pile is listed top card first."""
    state = GAME.new(0, players, {"target": target, "team": team, "beginner": beginner})
    assert isinstance(state, MimikState)
    for seat in range(players):
        state.hands[seat] = sorted(code(c) for c in hands[seat]) if seat < len(hands) else []
        state.posed[seat] = ([pose_spec(p) for p in posed_cards[seat]]
                             if seat < len(posed_cards) else [])
    state.deck = [code(c) for c in reversed(list(deck))]
    state.discard = [code(c) for c in discard]
    state.base = list(base) if base else [0] * len(state.members)
    state.mimik_posed = [s in set(mimik_posed) for s in range(players)]
    state.skip = [False] * players
    state.active = active
    state.phase = PLAY
    state.turns = 0
    return state


def play(state: MimikState, *texts: str) -> list[Event]:
    """Play each text for the seat to act; returns every event."""
    events: list[Event] = []
    for text in texts:
        events += state.play(text)
    return events


def scores(state: MimikState) -> list[int]:
    return [state.score(s) for s in range(state.players)]


def hand(state: MimikState, seat: int) -> list[str]:
    return [NAMES[c] for c in state.hands[seat]]


def values(state: MimikState, seat: int) -> list[int | None]:
    return [None if c & 15 == NO_VALUE else c & 15 for c in state.posed[seat]]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def rulings(events: Sequence[Event]) -> set[str]:
    return {e.ruling for e in events if e.ruling}
