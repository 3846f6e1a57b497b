"""Mindbug's passive powers (MB-17): conditions, target selectors, the stats of the creatures
in play recomputed from the board, and the permanent "the opponent" effects of Tag Team
(shared/rules/mindbug-cards.md: one opponent, named by the creature's controller)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, final

from .cards import Catalogue, Effect
from .marks import KW_SHIFT, NONE

if TYPE_CHECKING:
    from .rules import MindbugState


@final
class Stats:
    """Power, keywords and restrictions of the creatures in play, recomputed (MB-17).

    `reads_turn` / `reads_life`: a condition of a creature in play reads whose turn it is /
    a life total, so a change of either changes the stats (otherwise they stay)."""

    __slots__ = ("evade", "kw", "no_attack", "no_block", "power", "reads_life", "reads_turn")

    def __init__(self) -> None:
        self.power: dict[int, int] = {}
        self.kw: dict[int, int] = {}
        self.no_block: set[int] = set()
        self.no_attack: set[int] = set()
        self.evade: dict[int, int] = {}
        self.reads_turn = False
        self.reads_life = False

    def __reduce__(self) -> tuple[Callable[..., Stats], tuple[object, ...]]:
        # The same pickle from the compiled class (no __dict__, mypyc's own state) and the
        # pure one (slots): states pickled by one build load in the other.
        return (_stats, (self.power, self.kw, self.no_block, self.no_attack, self.evade,
                         self.reads_turn, self.reads_life))


def _stats(power: dict[int, int], kw: dict[int, int], no_block: set[int],
           no_attack: set[int], evade: dict[int, int], reads_turn: bool,
           reads_life: bool) -> Stats:
    """The stats that `Stats.__reduce__` wrote."""
    st = Stats()
    st.power, st.kw, st.no_block, st.no_attack, st.evade = power, kw, no_block, no_attack, evade
    st.reads_turn, st.reads_life = reads_turn, reads_life
    return st


@final
class _Plan:
    """A creature's passive effects sorted by the pass of `compute_stats` that reads them."""

    __slots__ = ("copy", "keywords", "limits", "power", "reads_life", "reads_turn")

    def __init__(self, effects: tuple[Effect, ...]) -> None:
        self.power = tuple(e for e in effects if e.verb == "power")
        self.keywords = tuple(e for e in effects if e.verb == "keywords")
        self.copy = tuple(e for e in effects if e.verb == "copy_keywords")
        self.limits = tuple(e for e in effects if e.verb in ("cannot_block", "cannot_attack")
                            or (e.verb == "evade" and e.power_max is not None))
        self.reads_turn = any(e.condition == "my_turn" for e in effects)
        self.reads_life = any(e.condition == "life_is" for e in effects)


@cache
def _plans(cat: Catalogue) -> tuple[_Plan | None, ...]:
    """Each creature's plan by its index (None: no passive power); once a catalogue."""
    return tuple(_Plan(cr.passive) if cr.passive else None for cr in cat.creatures)


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
        powers = [power[c] for c in cards]
        best = max(powers) if e.extreme == "highest" else min(powers)
        cards = [c for c in cards if power[c] == best]
    return cards


def compute_stats(state: MindbugState) -> Stats:
    st = Stats()
    power, kw = st.power, st.kw
    creatures, kind, flags = state.cat.creatures, state.kind, state.flags
    plans = _plans(state.cat)
    placed: list[tuple[int, int, _Plan]] = []
    for s, board in enumerate(state.boards):
        for c in board:
            k = kind[c]
            cr = creatures[k]
            power[c] = cr.power
            kw[c] = cr.keywords | (flags[c] >> KW_SHIFT)
            plan = plans[k]
            if plan is not None:
                placed.append((s, c, plan))
    if not placed:
        return st
    lowered = False
    for s, c, plan in placed:
        st.reads_turn |= plan.reads_turn
        st.reads_life |= plan.reads_life
        for e in plan.power:
            if holds(state, e, s):
                amount = e.amount
                if e.per == "other_ally":
                    amount *= len(state.boards[s]) - 1
                lowered |= amount < 0
                for t in select(state, e.target, s, c):
                    power[t] += amount
    if lowered:  # MB-17: power never drops below 0 (printed powers are never negative)
        for c in power:
            if power[c] < 0:
                power[c] = 0
    copying = False
    for s, c, plan in placed:
        copying |= bool(plan.copy)
        for e in plan.keywords:
            if holds(state, e, s):
                for t in filter_power(e, select(state, e.target, s, c), power):
                    kw[t] |= e.keywords
    if copying:
        # MB-17: copied keywords are evaluated last, from the keywords before any copy.
        before = dict(kw)
        for s, c, plan in placed:
            for e in plan.copy:
                if state.ctrl[c] == s:
                    seen = 0
                    for t in state.enemies(s):
                        seen |= before[t]
                    kw[c] |= seen & e.keywords
    for s, c, plan in placed:
        for e in plan.limits:
            if not holds(state, e, s):
                continue
            if e.verb == "cannot_block":
                st.no_block.update(filter_power(e, select(state, e.target, s, c), power))
            elif e.verb == "cannot_attack":
                st.no_attack.update(filter_power(e, select(state, e.target, s, c), power))
            else:  # evade
                assert e.power_max is not None
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
