"""Elo ratings from pairwise results (a Bradley-Terry fit), for the arena.

Every game gives each pair of seats held by different bots one result: 1 to the better rank,
0.5 each for equal ranks. The fit is Hunter's MM algorithm for Bradley-Terry with draws counted
as half a win each way, plus one virtual draw per pair met so that a 100% score stays finite.
Ratings are on the Elo scale (400 points for 10:1 odds), centred on a mean of 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


class PairwiseResults:
    """Scores between named bots: `score[a][b]` is what a scored against b in `games[a][b]`."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        n = len(self.names)
        self.score = [[0.0] * n for _ in range(n)]
        self.games = [[0] * n for _ in range(n)]

    def add(self, a: int, b: int, score_a: float) -> None:
        if a == b:
            return
        self.score[a][b] += score_a
        self.score[b][a] += 1.0 - score_a
        self.games[a][b] += 1
        self.games[b][a] += 1

    def add_ranks(self, bot_of_seat: Sequence[int], ranks: Sequence[int]) -> None:
        """One game: every pair of seats held by different bots."""
        for i in range(len(ranks)):
            for j in range(i + 1, len(ranks)):
                a, b = bot_of_seat[i], bot_of_seat[j]
                if a == b:
                    continue
                s = 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5
                self.add(a, b, s)


def elo(results: PairwiseResults, iterations: int = 2000) -> list[float]:
    n = len(results.names)
    if n == 0:
        return []
    wins = [[results.score[a][b] + (0.5 if results.games[a][b] else 0.0) for b in range(n)]
            for a in range(n)]
    games = [[results.games[a][b] + (1 if results.games[a][b] else 0) for b in range(n)]
             for a in range(n)]
    strength = [1.0] * n
    for _ in range(iterations):
        changed = 0.0
        for a in range(n):
            total = sum(wins[a])
            denominator = sum(games[a][b] / (strength[a] + strength[b])
                              for b in range(n) if b != a and games[a][b])
            if denominator <= 0 or total <= 0:
                continue
            new = total / denominator
            changed = max(changed, abs(math.log(new / strength[a])))
            strength[a] = new
        mean_log = sum(math.log(s) for s in strength) / n
        strength = [s / math.exp(mean_log) for s in strength]
        if changed < 1e-9:
            break
    return [400.0 * math.log10(s) for s in strength]
