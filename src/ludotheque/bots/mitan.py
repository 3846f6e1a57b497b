"""Mitan knowledge for the bots: an evaluation, move ordering and a position key for alpha-beta,
and the levels that use them (MT-25: Facile, Moyen, Difficile, each clearly stronger).

This module reads the engine's state directly (board, streaks, Zobrist key): it belongs in
`games/mitan/` and should move there once the game's engineer takes it over.

The evaluation, for one side: material (the pieces' data values), the Mitans held and the
streak towards the centre win (MT-21), centre points (MT-23), closeness to the Mitans,
protection by a Porte-bouclier (MT-9) and paralysis by an Envoûteur (MT-10).
"""

from __future__ import annotations

from collections.abc import Hashable

from ludotheque.core import Action, Seat, State, derive_seed
from ludotheque.games.mitan.board import (
    CHEF,
    ENVOUTEUR,
    MITANS,
    NEIGHBOURS,
    PORTE_BOUCLIER,
    SIZE,
    SQUARES,
)
from ludotheque.games.mitan.pieces import piece
from ludotheque.games.mitan.rules import BATTLE, MitanState

from .alphabeta import EVALUATIONS, MOVE_ORDERS, POSITION_KEYS, AlphaBetaBot
from .base import Bot
from .budget import Budget
from .levels import LEVELS, GameLevelFactory, register_game_level
from .mcts import MCTSBot

VALUES = tuple(0.0 if k == 0 else piece(k).value for k in range(14))
_D3 = SQUARES * SQUARES * 14
_CAPTURE, _SHOT, _PUSH = 1, 2, 3


def _closeness() -> tuple[float, ...]:
    """Per square, 1 on a Mitan falling to 0 four squares away (Chebyshev)."""
    out = []
    for sq in range(SQUARES):
        d = min(max(abs(sq % SIZE - m % SIZE), abs(sq // SIZE - m // SIZE)) for m in MITANS)
        out.append(max(0.0, 1.0 - d / 4))
    return tuple(out)


CLOSENESS = _closeness()

# Weights, in material units (a Fantassin is 1).
MITAN_HELD = 1.2
STREAK = 2.5
POINT = 0.05
CENTRE = 0.25
PROTECTED = 0.15
PARALYSED = 0.3


def evaluate(state: State, seat: Seat) -> float:
    assert isinstance(state, MitanState)
    b = state.board
    score = [0.0, 0.0]
    for sq in range(SQUARES):
        v = b[sq]
        if not v:
            continue
        side = v & 1
        kind = v >> 1
        s = VALUES[kind] + CENTRE * CLOSENESS[sq]
        if kind == PORTE_BOUCLIER:
            for n in NEIGHBOURS[sq]:  # MT-9: its neighbours cannot be captured
                w = b[n]
                if w and w & 1 == side:
                    s += PROTECTED * (3.0 if w >> 1 == CHEF else 1.0)
        elif kind == ENVOUTEUR:
            for n in NEIGHBOURS[sq]:  # MT-10: enemies next to it are paralysed
                w = b[n]
                if w and w & 1 != side:
                    s += PARALYSED * max(VALUES[w >> 1], 1.0) / 2.5
        score[side] += s
    if state.phase == BATTLE:
        for m in MITANS:
            if b[m]:
                score[b[m] & 1] += MITAN_HELD
        for side in (0, 1):
            score[side] += STREAK * state.streak[side] + POINT * state.points[side]
    else:  # draft and placement: what is still to place counts as material
        for side in (0, 1):
            score[side] += sum(VALUES[k] * n for k, n in enumerate(state.reserve[side]))
    return (score[seat] - score[1 - seat]) / 20.0


def order(state: State, seat: Seat, moves: list[Action]) -> list[Action]:
    """Captures first (the most valuable victim first), then moves onto a Mitan."""
    assert isinstance(state, MitanState)
    if state.phase != BATTLE:
        return moves
    b = state.board

    def rank(a: Action) -> float:
        if not isinstance(a, int):
            return 0.0
        t = a % SQUARES
        mtype = a // _D3
        if mtype in (_CAPTURE, _SHOT) or (mtype == _PUSH and b[t]):
            return -10.0 - VALUES[b[t] >> 1] - (100.0 if b[t] >> 1 == CHEF else 0.0)
        if t in MITANS:
            return -1.0
        return 0.0

    return sorted(moves, key=rank)


def key(state: State) -> Hashable:
    assert isinstance(state, MitanState)
    if state.phase == BATTLE:
        return (state.key, state.turn, state.streak[0], state.streak[1], state.passes)
    return (state.phase, tuple(state.board), tuple(state.market), tuple(state.reserve[0]),
            tuple(state.reserve[1]), state.placed[0], state.placed[1])


EVALUATIONS["mitan"] = evaluate
MOVE_ORDERS["mitan"] = order
POSITION_KEYS["mitan"] = key


# MT-25: the levels. Facile is the generic MCTS; Moyen and Difficile search with alpha-beta,
# to these node budgets unless the spec sets one (measured in docs/bots.md).
ALPHABETA_NODES = {"moyen": 1_000, "difficile": 10_000}


def _level(level: str) -> GameLevelFactory:
    def make(seed: int, nodes: int | None, seconds: float | None) -> Bot:
        generic = LEVELS[level]
        # Hidden placement (MT-16) is a simultaneous choice: the level's own MCTS plays it.
        fallback = MCTSBot(derive_seed(seed, "fallback"),
                           Budget(nodes=generic.nodes if nodes is None else nodes,
                                  seconds=seconds), generic.settings)
        budget = Budget(nodes=ALPHABETA_NODES[level] if nodes is None else nodes,
                        seconds=seconds)
        return AlphaBetaBot(seed, budget, fallback=fallback, name=f"{level} (alpha-beta)")

    return make


for _name in ALPHABETA_NODES:
    register_game_level("mitan", _name, _level(_name))
