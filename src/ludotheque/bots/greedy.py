"""The greedy bot: tries each legal action one step ahead and keeps the best-looking one.

"Best-looking" is the game's heuristic after the action (a win or a loss counts as 1 or 0);
a game without a heuristic is judged by random playouts to the end. On a game with hidden
information every look-ahead is made on a fresh determinization from the bot's own seat.
"""

from __future__ import annotations

from ludotheque.core import Action, Rng, State

from .base import legal_choices
from .budget import Budget
from .common import has_heuristic, random_policy, rollout, sample, values


class GreedyBot:
    def __init__(self, seed: int = 0, budget: Budget | None = None, name: str = "greedy") -> None:
        self.name = name
        self.rng = Rng(seed)
        self.budget = budget or Budget(nodes=64)

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            return legal[0]
        use_heuristic = has_heuristic(state, seat, self.rng)
        # A perfect-information game with a heuristic needs one look per action.
        one_round = use_heuristic and not state.hides_information()
        clock = self.budget.start()
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        done = False
        while not done:
            for i, a in enumerate(legal):
                after = sample(state, seat, self.rng)
                after._apply(seat, a)
                if not use_heuristic and not after.is_over():
                    rollout(after, self.rng, None, random_policy)
                totals[i] += values(after, (seat,), use_heuristic)[seat]
                counts[i] += 1
                clock.spend()
                if clock.out():
                    done = True
                    break
            if one_round:
                done = True
        best: list[int] = []
        best_mean = -1.0
        for i in range(len(legal)):
            if counts[i] == 0:
                continue
            mean = totals[i] / counts[i]
            if mean > best_mean + 1e-12:
                best, best_mean = [i], mean
            elif abs(mean - best_mean) <= 1e-12:
                best.append(i)
        return legal[best[self.rng.randrange(len(best))]]
