"""Mindbug's passive powers (MB-17): conditions, target selectors, the stats of the creatures
in play recomputed from the board, and the permanent "the opponent" effects of Tag Team
(shared/rules/mindbug-cards.md: one opponent, named by the creature's controller)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .cards import Creature, Effect
from .marks import KW_SHIFT, NONE

if TYPE_CHECKING:
    from .rules import MindbugState


class Stats:
    """Power, keywords and restrictions of the creatures in play, recomputed (MB-17)."""

    __slots__ = ("evade", "kw", "no_attack", "no_block", "power")

    def __init__(self) -> None:
        self.power: dict[int, int] = {}
        self.kw: dict[int, int] = {}
        self.no_block: set[int] = set()
        self.no_attack: set[int] = set()
        self.evade: dict[int, int] = {}


def holds(state: MindbugState, e: Effect, seat: int, foe: int = NONE) -> bool:
    """Whether `e`'s condition holds for `seat`; `foe` is "the opponent" it compares with
    (NONE: any opponent, as the passive powers read it)."""
    c = e.condition
    if c is None:
        return True
    if c == "my_turn":
        return state.active == seat
    mine = len(state.boards[seat])
    if c == "alone":
        return mine == 1
    foes = state.opponents(seat) if foe == NONE else [foe]
    if c == "fewer_creatures":
        return any(mine < len(state.boards[o]) for o in foes)
    if c == "more_creatures":
        return any(mine > len(state.boards[o]) for o in foes)
    if c == "life_is":
        return state.life[state.team(seat)] == e.value
    raise ValueError(c)


def select(state: MindbugState, target: str, seat: int, source: int) -> list[int]:
    if target == "self":
        return [source] if state.ctrl[source] == seat else []
    if target == "allies":
        return list(state.boards[seat])
    if target == "other_allies":
        return [c for c in state.boards[seat] if c != source]
    if target == "enemies":
        return state.enemies(seat)
    if target == "opponent":  # the creatures of the opponent its creature aims at
        return [c for o in aimed(state, source, seat) for c in state.boards[o]]
    return state.all_in_play()


def filter_power(e: Effect, cards: list[int], power: Mapping[int, int]) -> list[int]:
    if e.power_min is not None:
        cards = [c for c in cards if power[c] >= e.power_min]
    if e.power_max is not None:
        cards = [c for c in cards if power[c] <= e.power_max]
    if e.extreme is not None and cards:
        best = (max if e.extreme == "highest" else min)(power[c] for c in cards)
        cards = [c for c in cards if power[c] == best]
    return cards


def compute_stats(state: MindbugState) -> Stats:
    st = Stats()
    power, kw = st.power, st.kw
    creatures = state.cat.creatures
    placed: list[tuple[int, int, Creature]] = []
    for s in range(state.n):
        for c in state.boards[s]:
            cr = creatures[state.kind[c]]
            power[c] = cr.power
            kw[c] = cr.keywords | (state.flags[c] >> KW_SHIFT)
            if cr.passive:
                placed.append((s, c, cr))
    if not placed:
        return st
    for s, c, cr in placed:
        for e in cr.passive:
            if e.verb == "power" and holds(state, e, s):
                amount = e.amount
                if e.per == "other_ally":
                    amount *= len(state.boards[s]) - 1
                for t in select(state, e.target, s, c):
                    power[t] += amount
    for c in power:  # MB-17: power never drops below 0
        if power[c] < 0:
            power[c] = 0
    for s, c, cr in placed:
        for e in cr.passive:
            if e.verb == "keywords" and holds(state, e, s):
                for t in filter_power(e, select(state, e.target, s, c), power):
                    kw[t] |= e.keywords
    # MB-17: copied keywords are evaluated last, from the keywords before any copy.
    before = dict(kw)
    for s, c, cr in placed:
        for e in cr.passive:
            if e.verb == "copy_keywords" and state.ctrl[c] == s:
                seen = 0
                for t in state.enemies(s):
                    seen |= before[t]
                kw[c] |= seen & e.keywords
    for s, c, cr in placed:
        for e in cr.passive:
            if not holds(state, e, s):
                continue
            if e.verb == "cannot_block":
                st.no_block.update(filter_power(e, select(state, e.target, s, c), power))
            elif e.verb == "cannot_attack":
                st.no_attack.update(filter_power(e, select(state, e.target, s, c), power))
            elif e.verb == "evade" and e.power_max is not None:
                st.evade[c] = max(st.evade.get(c, -1), e.power_max)
    return st


def aimed(state: MindbugState, card: int, seat: int) -> list[int]:
    """The opponents that the permanent "the opponent" effects of `card`, controlled by
    `seat`, apply to: the only one with 2 players; in Tag Team the one its controller
    named (mindbug-cards.md: "the opponent" is one opponent, chosen), none before that."""
    if state.n == 2:
        return state.opponents(seat)
    return [state.aim[card]] if state.aim[card] in state.opponents(seat) else []


def silenced(state: MindbugState, seat: int) -> bool:
    """Whether an opponent's creature stops `seat`'s Play effects (the silence_play verb)."""
    for o in state.opponents(seat):
        for c in state.boards[o]:
            for e in state.creature(c).passive:
                if e.verb == "silence_play" and seat in aimed(state, c, o):
                    return True
    return False
