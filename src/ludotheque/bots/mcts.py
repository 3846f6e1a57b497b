"""Monte Carlo tree search on the contract: UCT, and IS-MCTS for hidden information.

One tree per decision. Each iteration searches a fresh `sample()` of the state: for a game with
hidden information that is a determinization from the bot's own seat (single-observer IS-MCTS:
a node's statistics gather every determinization that reached it, and an action's exploration
term counts the visits where it was available); for a game without, a clone.

Simultaneous moves (several seats in `to_act()`): each of those seats picks its action from its
own statistics at the node, without seeing the others' picks, and the node's child is the
joint action (decoupled search). There the picks follow Exp3, a mixed strategy: UCB would
have the seats chase each other's last picks (on matching pennies it finds 1 and 0 instead of
a half each). At a simultaneous root the bot plays the mixed strategy found (visits as
probabilities). No seat's search ever conditions on a secret choice it could not know: the
others' choices already made there are taken back (`reopen_secret_choices`), so the seat
that answers second searches the same simultaneous choice as the one that chose first;
other hidden parts are re-dealt by `determinize`.

Rewards are per seat in [0, 1] (a win 1, a draw 0.5), each seat maximising its own: this is
max^n search, so it works for 2 to N players.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludotheque.core import Action, IllegalAction, Rng, Seat, State

from .base import legal_choices
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
        # seat -> action -> [visits, total reward, availability, Exp3 reward estimate]
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
        # The root statistics of the last decision: action -> (visits, mean reward).
        self.last_stats: dict[Action, tuple[int, float]] = {}

    def _policy(self, state: State) -> RolloutPolicy:
        kind = self.settings.rollout
        if kind == "greedy":
            return greedy_policy()
        if kind == "game":
            load(state.game)
            return ROLLOUT_POLICIES.get(state.game.id, random_policy)
        return random_policy

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_stats = {}
            return legal[0]
        clock = self.budget.start()
        rng = self.rng
        use_heuristic = has_heuristic(state, seat, self.rng)
        depth = self.settings.rollout_depth if use_heuristic else None
        policy = self._policy(state)
        c = self.settings.exploration
        # A secret choice the others made before us is searched as the simultaneous choice
        # it is (`reopen_secret_choices`). Whether they chose is public; what, is not read.
        probe = state.clone()
        probe.reopen_secret_choices(seat)
        simultaneous = len(probe.to_act()) > 1
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
        self.last_stats = {a: (int(e[0]), e[1] / e[0] if e[0] else 0.0)
                           for a, e in stats.items()}
        if simultaneous:
            # A simultaneous choice: play the mixed strategy the search converged to, its
            # visits less the share Exp3 spent exploring uniformly (Lanctot et al.'s
            # "purified" strategy), so that a weak choice is not played for noise.
            total = sum(stats[a][0] for a in legal if a in stats)
            floor = _GAMMA * total / len(legal)
            weights = [max(0.0, stats[a][0] - floor) if a in stats else 0.0 for a in legal]
            mass = sum(weights)
            if mass > 0:
                x = rng.random() * mass
                for a, w in zip(legal, weights, strict=True):
                    x -= w
                    if x < 0:
                        return a
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
        state.reopen_secret_choices(root_seat)
        node = root
        path: list[tuple[_Node, list[tuple[Seat, Action, float | None]]]] = []
        seats: set[Seat] = set()
        while not state.is_over():
            acting = state.to_act()
            if node is root and root_seat in acting:  # the bot's own decision comes first
                acting = (root_seat, *(s for s in acting if s != root_seat))
            picks: list[tuple[Seat, Action, float | None]] = []
            together = len(acting) > 1
            for s in acting:
                legal = state.legal_actions(s)
                if legal:
                    a, p = self._select(node, s, legal, rng, c, together)
                    picks.append((s, a, p))
            applied: list[tuple[Seat, Action, float | None]] = []
            for i, (s, a, p) in enumerate(picks):
                if i == 0:
                    state._apply(s, a)
                    applied.append((s, a, p))
                    continue
                if s not in state.to_act():
                    continue  # the first pick ended the simultaneous choice
                try:
                    state.apply(s, a)
                except IllegalAction:
                    # Not a true simultaneous choice: this seat decides at the next node.
                    continue
                applied.append((s, a, p))
            path.append((node, applied))
            seats.update(s for s, _, _ in applied)
            key = tuple(a for _, a, _ in applied)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        if not state.is_over():
            rollout(state, rng, depth, policy)
        reward = values(state, seats, use_heuristic)
        for visited, applied in path:
            for s, a, p in applied:
                entry = visited.stats[s][a]
                entry[0] += 1
                entry[1] += reward[s]
                if p is not None:
                    entry[3] += reward[s] / p

    @staticmethod
    def _select(node: _Node, seat: Seat, legal: list[Action], rng: Rng, c: float,
                together: bool) -> tuple[Action, float | None]:
        stats = node.stats.get(seat)
        if stats is None:
            stats = node.stats[seat] = {}
        untried: list[Action] = []
        for a in legal:
            entry = stats.get(a)
            if entry is None:
                entry = stats[a] = [0, 0.0, 0, 0.0]
            entry[2] += 1
            if entry[0] == 0:
                untried.append(a)
        if together:
            return _exp3(stats, legal, rng)
        if untried:
            return untried[rng.randrange(len(untried))], None
        best = legal[0]
        best_score = -math.inf
        for a in legal:
            n, w, avail, _ = stats[a]
            score = w / n + c * math.sqrt(math.log(avail) / n)
            if score > best_score:
                best, best_score = a, score
        return best, None


_GAMMA = 0.2  # Exp3's share of uniform exploration


def _exp3(stats: dict[Action, list[float]], legal: list[Action],
          rng: Rng) -> tuple[Action, float]:
    """Exp3 at a simultaneous node: a mixed strategy from importance-weighted rewards, so
    that seats choosing at once converge towards an equilibrium instead of chasing each
    other's last picks (as UCB does there)."""
    k = len(legal)
    eta = _GAMMA / k
    top = max(stats[a][3] for a in legal)
    weights = [math.exp(eta * (stats[a][3] - top)) for a in legal]
    total = sum(weights)
    x = rng.random()
    for a, w in zip(legal, weights, strict=True):
        p = (1 - _GAMMA) * w / total + _GAMMA / k
        if x < p:
            return a, p
        x -= p
    p = (1 - _GAMMA) * weights[-1] / total + _GAMMA / k
    return legal[-1], p
