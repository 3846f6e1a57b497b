"""Scenario helpers: lay out a Mindbug position by creature keys, then play in notation."""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.core import Event
from ludotheque.games.mindbug.cards import Catalogue, catalogue
from ludotheque.games.mindbug.rules import EXHAUSTED, NONE, MindbugState, register_catalogue


def setup(
    *,
    hands: Sequence[Sequence[str]] = (),
    boards: Sequence[Sequence[str]] = (),
    discards: Sequence[Sequence[str]] = (),
    piles: Sequence[Sequence[str]] = (),
    life: Sequence[int] | None = None,
    mindbugs: Sequence[int] | None = None,
    mindfrogs: Sequence[int] | None = None,
    active: int = 0,
    players: int = 2,
    new_servants: bool = False,
    cat: Catalogue | None = None,
) -> MindbugState:
    """A position: per seat, the creature keys in hand, in play ("key*" is exhausted), in the
    discard pile and in the draw pile (drawn from the end). Nothing else is in the game."""
    cat = cat or catalogue(new_servants)
    register_catalogue(cat)
    state = MindbugState.start(0, players, cat)
    everyone = (1 << players) - 1
    kind: list[int] = []
    owner: list[int] = []
    known: list[int] = []
    ctrl: list[int] = []
    flags: list[int] = []

    def new(key: str, seat: int, mask: int, controller: int = NONE, flag: int = 0) -> int:
        creature = cat.get(key)
        assert creature is not None, f"no creature {key!r}"
        kind.append(creature.index)
        owner.append(seat)
        known.append(mask)
        ctrl.append(controller)
        flags.append(flag)
        return len(kind) - 1

    def zone(rows: Sequence[Sequence[str]], s: int) -> Sequence[str]:
        return rows[s] if s < len(rows) else ()

    state.hands = [[new(k, s, 1 << s) for k in zone(hands, s)] for s in range(players)]
    state.boards = [[new(k.rstrip("*"), s, everyone, s, EXHAUSTED if k.endswith("*") else 0)
                     for k in zone(boards, s)] for s in range(players)]
    state.discards = [[new(k, s, everyone) for k in zone(discards, s)] for s in range(players)]
    state.piles = [[new(k, s, 0) for k in zone(piles, s)] for s in range(players)]
    state.unused = []
    state.kind, state.owner, state.known, state.ctrl, state.flags = (
        kind, owner, known, ctrl, flags)
    state.aim = [NONE] * len(kind)
    if life is not None:
        state.life = list(life)
    if mindbugs is not None:
        state.mindbugs = list(mindbugs)
    if mindfrogs is not None:
        state.mindfrogs = list(mindfrogs)
    state.active = active
    state.turn = 1
    state.passed = [0] * players
    state.stack = [("act",)]
    state._advance([])
    return state


def legal(state: MindbugState) -> list[str]:
    seat = state.to_act()[0]
    return state.legal_texts(seat)


def act(state: MindbugState, text: str) -> list[Event]:
    """Play `text` for the seat to act; "attack gorillion" picks the first such card."""
    options = legal(state)
    if text not in options:
        matches = [t for t in options if t.startswith(text + "#")]
        assert matches, f"{text!r} is not legal; legal: {options}"
        text = matches[0]
    return state.play(text)


def acts(state: MindbugState, *texts: str) -> list[Event]:
    out: list[Event] = []
    for t in texts:
        out += act(state, t)
    return out


def board(state: MindbugState, seat: int) -> list[str]:
    return state.cards_of(seat)


def hand(state: MindbugState, seat: int) -> list[str]:
    return [state.key(c) for c in state.hands[seat]]


def discard(state: MindbugState, seat: int) -> list[str]:
    return [state.key(c) for c in state.discards[seat]]


def find(state: MindbugState, key: str) -> int:
    """The card number of the first creature `key` in play."""
    for b in state.boards:
        for c in b:
            if state.key(c) == key:
                return c
    raise AssertionError(f"{key} is not in play")


def exhausted(state: MindbugState, key: str) -> bool:
    return bool(state.flags[find(state, key)] & EXHAUSTED)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def rulings(events: Sequence[Event]) -> set[str]:
    return {e.ruling for e in events if e.ruling}


def pending(state: MindbugState) -> str:
    return str(state.stack[-1][0]) if state.stack else ""


def play(state: MindbugState, key: str, steal: bool = False) -> list[Event]:
    """Play a creature from hand; the opponent (seat to decide) declines or uses a Mindbug."""
    events = act(state, f"play {key}")
    while pending(state) == "mindbug":
        events += act(state, "mindbug" if steal else "decline")
        if steal:
            break
    return events
