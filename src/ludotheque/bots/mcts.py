"""Monte Carlo tree search on the contract: UCT, and IS-MCTS for hidden information.

One tree per decision. Each iteration searches a fresh `sample()` of the state: for a game with
hidden information that is a determinization from the bot's own seat (single-observer IS-MCTS:
a node's statistics gather every determinization that reached it, and an action's exploration
term counts the visits where it was available); for a game without, a clone.

Simultaneous moves (several seats in `to_act()`): each of those seats picks its action from its
own statistics at the node, without seeing the others' picks (decoupled UCT), and the node's
child is the joint action. So no seat's search ever conditions on a secret choice it could not
know; hidden choices already made are re-dealt by `determinize`.

Rewards are per seat in [0, 1] (a win 1, a draw 0.5), each seat maximising its own: this is
max^n search, so it works for 2 to N players.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludotheque.core import Action, IllegalAction, Rng, Seat, State

from .budget import Budget
from .common import (
    ROLLOUT_POLICIES,
    RolloutPolicy,
    greedy_policy,
    has_heuristic,
    random_policy,
    rollout,
    sample,
    values,
)
from .knowledge import load


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[tuple[Action, ...], _Node] = {}
        # seat -> action -> [visits, total reward, availability]
        self.stats: dict[Seat, dict[Action, list[float]]] = {}


@dataclass(frozen=True)
class MCTSSettings:
    """The knobs of the search. `rollout_depth` cuts playouts short and asks the game's
    heuristic (only when the game has one; without it playouts run to the end)."""

    exploration: float = 0.7
    rollout_depth: int | None = 8
    rollout: str = "random"  # random | greedy | game (the game's own policy, else random)


class MCTSBot:
    """UCT (IS-MCTS on hidden-information games) within a node and/or time budget."""

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 settings: MCTSSettings | None = None, name: str = "mcts") -> None:
        self.name = name
        self.rng = Rng(seed)
        self.budget = budget or Budget(nodes=500)
        self.settings = settings or MCTSSettings()
        self.last_iterations = 0

    def _policy(self, state: State) -> RolloutPolicy:
        kind = self.settings.rollout
        if kind == "greedy":
            return greedy_policy()
        if kind == "game":
            load(state.game.id)
            return ROLLOUT_POLICIES.get(state.game.id, random_policy)
        return random_policy

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        clock = self.budget.start()
        rng = self.rng
        use_heuristic = has_heuristic(state, seat, self.rng)
        depth = self.settings.rollout_depth if use_heuristic else None
        policy = self._policy(state)
        c = self.settings.exploration
        root = _Node()
        iterations = 0
        while True:
            iterations += 1
            clock.spend()
            self._iterate(state, seat, root, rng, c, depth, policy, use_heuristic)
            if clock.out():
                break
        self.last_iterations = iterations
        stats = root.stats.get(seat, {})
        best = legal[0]
        best_key = (-1.0, -1.0)
        for a in legal:  # most visited, then best mean; ties go to the earlier legal action
            entry = stats.get(a)
            if entry is None:
                continue
            key = (entry[0], entry[1] / entry[0] if entry[0] else 0.0)
            if key > best_key:
                best, best_key = a, key
        return best

    def _iterate(self, root_state: State, root_seat: Seat, root: _Node, rng: Rng, c: float,
                 depth: int | None, policy: RolloutPolicy, use_heuristic: bool) -> None:
        state = sample(root_state, root_seat, rng)
        node = root
        path: list[tuple[_Node, list[tuple[Seat, Action]]]] = []
        seats: set[Seat] = set()
        while not state.is_over():
            acting = state.to_act()
            if node is root and root_seat in acting:  # the bot's own decision comes first
                acting = (root_seat, *(s for s in acting if s != root_seat))
            picks: list[tuple[Seat, Action]] = []
            for s in acting:
                legal = state.legal_actions(s)
                if legal:
                    picks.append((s, self._select(node, s, legal, rng, c)))
            applied: list[tuple[Seat, Action]] = []
            for i, (s, a) in enumerate(picks):
                if i == 0:
                    state._apply(s, a)
                    applied.append((s, a))
                    continue
                if s not in state.to_act():
                    continue  # the first pick ended the simultaneous choice
                try:
                    state.apply(s, a)
                except IllegalAction:
                    # Not a true simultaneous choice: this seat decides at the next node.
                    continue
                applied.append((s, a))
            path.append((node, applied))
            seats.update(s for s, _ in applied)
            key = tuple(a for _, a in applied)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        if not state.is_over():
            rollout(state, rng, depth, policy)
        reward = values(state, seats, use_heuristic)
        for visited, applied in path:
            for s, a in applied:
                entry = visited.stats[s][a]
                entry[0] += 1
                entry[1] += reward[s]

    @staticmethod
    def _select(node: _Node, seat: Seat, legal: list[Action], rng: Rng, c: float) -> Action:
        stats = node.stats.get(seat)
        if stats is None:
            stats = node.stats[seat] = {}
        untried: list[Action] = []
        for a in legal:
            entry = stats.get(a)
            if entry is None:
                entry = stats[a] = [0, 0.0, 0]
            entry[2] += 1
            if entry[0] == 0:
                untried.append(a)
        if untried:
            return untried[rng.randrange(len(untried))]
        best = legal[0]
        best_score = -math.inf
        for a in legal:
            n, w, avail = stats[a]
            score = w / n + c * math.sqrt(math.log(avail) / n)
            if score > best_score:
                best, best_score = a, score
        return best
