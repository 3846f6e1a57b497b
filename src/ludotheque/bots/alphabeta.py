"""Alpha-beta search for two-player games of perfect information with one seat to act.

Negamax with iterative deepening, a transposition table, and move ordering (the table's best
move first, then the game's own ordering hook, then killer moves and the history heuristic).
Leaves are valued by the game's evaluation: a per-game function registered here, else
`Game.heuristic`. A position where the search does not apply (hidden information, several
seats to act, more than two players) is handed to a fallback bot (MCTS by default).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ludotheque.core import Action, Rng, Seat, State, canonical

from .base import Bot, legal_choices
from .budget import Budget, Clock
from .common import sample
from .knowledge import load

Evaluation = Callable[[State, Seat], float]  # in [-1, 1], for the seat
PositionKey = Callable[[State], Hashable]
MoveOrder = Callable[[State, Seat, list[Action]], list[Action]]

# Per-game knowledge, by game id. Games register theirs from their own `bots` module.
EVALUATIONS: dict[str, Evaluation] = {}
POSITION_KEYS: dict[str, PositionKey] = {}
MOVE_ORDERS: dict[str, MoveOrder] = {}

WIN = 1_000.0  # a won position scores more than any evaluation
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CHECK_EVERY = 64  # nodes between looks at the clock


class _OutOfBudget(Exception):
    pass


@dataclass
class _Entry:
    depth: int
    value: float
    flag: int
    best: Action | None


def searchable(state: State) -> bool:
    """Alpha-beta applies: two players, perfect information, one seat to act. (A variant
    with a secret part, like a hidden placement, is searched on a determinization.)"""
    return (not state.hides_information() and len(state.to_act()) == 1
            and state.game.max_players == 2)


class AlphaBetaBot:
    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 fallback: Bot | None = None, max_depth: int = 64,
                 name: str = "alphabeta") -> None:
        self.name = name
        self.rng = Rng(seed)
        self.budget = budget or Budget(nodes=20_000)
        self.fallback = fallback
        self.max_depth = max_depth
        self.last_depth = 0
        self.last_nodes = 0

    # -- knowledge --------------------------------------------------------------------------
    def _evaluate(self, state: State, seat: Seat) -> float:
        result = state.result() if state.is_over() else None
        if result is not None:
            return (result.utility(seat) * 2.0 - 1.0) * WIN
        own = EVALUATIONS.get(state.game.id)
        if own is not None:
            return own(state, seat)
        h = state.game.heuristic(state, seat)
        return 0.0 if h is None else float(h)

    def _key(self, state: State) -> Hashable:
        own = POSITION_KEYS.get(state.game.id)
        if own is not None:
            return own(state)
        return canonical(state.to_json())

    # -- the search ---------------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> Action:
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            return legal[0]
        if not searchable(state):
            if self.fallback is None:
                from .mcts import MCTSBot

                self.fallback = MCTSBot(self.rng.next64(), self.budget)
            return self.fallback.choose(state, seat)
        load(state.game)
        clock = self.budget.start()
        self._clock = clock
        # The search runs on a determinization: a clone unless a variant hides something.
        state = sample(state, seat, self.rng)
        self._table: dict[Hashable, _Entry] = {}
        self._killers: dict[int, list[Action]] = {}
        self._history: dict[Action, int] = {}
        order = MOVE_ORDERS.get(state.game.id)
        root_moves = order(state, seat, list(legal)) if order else list(legal)
        best = root_moves[0]
        self.last_depth = 0
        for depth in range(1, self.max_depth + 1):
            self._cut = False
            try:
                value, move = self._root(state, seat, root_moves, depth)
            except _OutOfBudget:
                break
            best = move
            self.last_depth = depth
            root_moves.remove(move)
            root_moves.insert(0, move)
            if abs(value) >= WIN * 0.5 or not self._cut or clock.out():
                break  # a forced result, the whole game searched, or no time for more
        self.last_nodes = clock.nodes
        return best

    def _tick(self) -> None:
        clock = self._clock
        clock.spend()
        if clock.nodes % _CHECK_EVERY == 0 and clock.out():
            raise _OutOfBudget
        if clock.limit is not None and clock.nodes >= clock.limit:
            raise _OutOfBudget

    def _root(self, state: State, seat: Seat, moves: list[Action],
              depth: int) -> tuple[float, Action]:
        alpha, beta = -2 * WIN, 2 * WIN
        best_move = moves[0]
        best = -3 * WIN
        for a in moves:
            child = state.clone()
            child._apply(seat, a)
            value = self._value(child, seat, depth - 1, -beta, -alpha, 1)
            if value > best:
                best, best_move = value, a
            alpha = max(alpha, value)
        return best, best_move

    def _value(self, state: State, parent: Seat, depth: int, alpha: float, beta: float,
               ply: int) -> float:
        """The value for `parent` of `state` reached by parent's move."""
        if state.is_over() or depth <= 0:
            self._tick()
            if not state.is_over():
                self._cut = True
            value = self._evaluate(state, parent)
            if state.is_over():  # a win sooner, a loss later
                value -= ply * 0.001 if value > 0 else -ply * 0.001 if value < 0 else 0.0
            return value
        mover = state.to_act()[0]
        if mover == parent:  # the same seat moves again (a pass, a phase change)
            return self._search(state, mover, depth, alpha, beta, ply)
        return -self._search(state, mover, depth, -beta, -alpha, ply)

    def _search(self, state: State, seat: Seat, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        """Negamax value for `seat`, who is to act in `state`."""
        self._tick()
        key = self._key(state)
        entry = self._table.get(key)
        tt_move = None
        if entry is not None:
            tt_move = entry.best
            if entry.depth >= depth:
                if entry.flag == _EXACT:
                    return entry.value
                if entry.flag == _LOWER and entry.value >= beta:
                    return entry.value
                if entry.flag == _UPPER and entry.value <= alpha:
                    return entry.value
        legal = state.legal_actions(seat)
        moves = self._ordered(state, seat, legal, tt_move, ply)
        original_alpha = alpha
        best = -3 * WIN
        best_move: Action | None = None
        for a in moves:
            child = state.clone()
            child._apply(seat, a)
            value = self._value(child, seat, depth - 1, alpha, beta, ply + 1)
            if value > best:
                best, best_move = value, a
            if value > alpha:
                alpha = value
            if alpha >= beta:
                killers = self._killers.setdefault(ply, [])
                if a not in killers:
                    killers.insert(0, a)
                    del killers[2:]
                self._history[a] = self._history.get(a, 0) + depth * depth
                break
        flag = _EXACT
        if best <= original_alpha:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        self._table[key] = _Entry(depth, best, flag, best_move)
        return best

    def _ordered(self, state: State, seat: Seat, legal: list[Action], tt_move: Action | None,
                 ply: int) -> list[Action]:
        order = MOVE_ORDERS.get(state.game.id)
        moves = order(state, seat, list(legal)) if order else list(legal)
        history = self._history
        if history:
            moves.sort(key=lambda a: -history.get(a, 0))
        for killer in reversed(self._killers.get(ply, [])):
            if killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
        if tt_move is not None and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)
        return moves


__all__ = ["EVALUATIONS", "MOVE_ORDERS", "POSITION_KEYS", "AlphaBetaBot", "Clock", "searchable"]
