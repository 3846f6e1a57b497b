"""How long a bot may think: a node budget (reproducible) and a time budget (for play)."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """Stop at whichever comes first: `nodes` search steps or `seconds` of thinking.

    A node is one MCTS iteration, one greedy evaluation or one alpha-beta node. With
    `seconds=None` the search depends only on the seed: tests and repeatable arenas use that.
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is None and self.seconds is None:
            raise ValueError("a budget needs nodes, seconds or both")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node budget must be at least 1, not {self.nodes}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget must be positive, not {self.seconds}")

    def start(self) -> Clock:
        return Clock(self)


# Part of the time budget kept back for the work after the search (choosing, checking legality).
_MARGIN = 0.9


class Clock:
    """Counts the nodes spent and the time elapsed against a budget."""

    __slots__ = ("deadline", "limit", "nodes", "started")

    def __init__(self, budget: Budget) -> None:
        self.started = time.perf_counter()
        self.limit = budget.nodes
        self.deadline = (None if budget.seconds is None
                         else self.started + budget.seconds * _MARGIN)
        self.nodes = 0

    def spend(self, n: int = 1) -> None:
        self.nodes += n

    def out(self) -> bool:
        """True once the budget is spent (the time is looked at on every call)."""
        if self.limit is not None and self.nodes >= self.limit:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def elapsed(self) -> float:
        return time.perf_counter() - self.started
