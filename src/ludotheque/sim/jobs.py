"""The lab's three series as jobs (sim/lab.py): `ludo sim`, `ludo balance` and `ludo arena`.

A job plays one batch where it is sent (this process, a local process, a Ray worker) with the
same per-game seeding as a single process, and says how its results are kept in a progress
file. What comes back is small: a balance batch brings each seat's tags, not the records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ludotheque import games
from ludotheque.core import JSON

from .arena import Arena, Played, play_game
from .balance import tags_of
from .runner import Match, Scored, play_one


def _match_identity(match: Match) -> dict[str, JSON]:
    return {"game": match.game, "players": match.players, "options": dict(match.options),
            "bots": list(match.bots)}


@dataclass(frozen=True)
class SimJob:
    """`ludo sim`: games from seeds first_seed.., their results (with records if asked)."""

    match: Match
    games: int
    first_seed: int = 0
    records: bool = False
    kind: str = "sim"

    def items(self) -> Sequence[int]:
        return range(self.first_seed, self.first_seed + self.games)

    def play(self, items: Sequence[Any]) -> list[Scored]:
        """The games' results; with `records`, each an `Outcome` that brings its record."""
        game = games.get(self.match.game)
        outcomes = [play_one(game, self.match, seed) for seed in items]
        if self.records:
            return list(outcomes)
        return [Scored(o.seed, o.utilities, o.ranks, o.reason, o.actions) for o in outcomes]

    def identity(self) -> dict[str, JSON]:
        return {**_match_identity(self.match), "games": self.games,
                "first_seed": self.first_seed}

    def dump(self, result: Scored) -> JSON:
        return {"seed": result.seed, "utilities": list(result.utilities),
                "ranks": list(result.ranks), "reason": result.reason,
                "actions": result.actions}

    def load(self, data: Any) -> Scored:
        return Scored(int(data["seed"]), tuple(float(u) for u in data["utilities"]),
                      tuple(int(r) for r in data["ranks"]), str(data["reason"]),
                      int(data["actions"]))


@dataclass(frozen=True)
class Tagged:
    """One game of a balance series: its result by seat and each seat's tags."""

    seed: int
    utilities: tuple[float, ...]
    reason: str
    tags: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class BalanceJob:
    """`ludo balance`: the games of `SimJob`, each read for its tags where it was played."""

    match: Match
    games: int
    first_seed: int = 0
    kind: str = "balance"

    def items(self) -> Sequence[int]:
        return range(self.first_seed, self.first_seed + self.games)

    def play(self, items: Sequence[Any]) -> list[Tagged]:
        game = games.get(self.match.game)
        out = []
        for seed in items:
            outcome = play_one(game, self.match, seed)
            tags = tuple(tuple(t) for t in tags_of(game, outcome))
            out.append(Tagged(seed, outcome.utilities, outcome.reason, tags))
        return out

    def identity(self) -> dict[str, JSON]:
        return {**_match_identity(self.match), "games": self.games,
                "first_seed": self.first_seed}

    def dump(self, result: Tagged) -> JSON:
        return {"seed": result.seed, "utilities": list(result.utilities),
                "reason": result.reason, "tags": [list(t) for t in result.tags]}

    def load(self, data: Any) -> Tagged:
        return Tagged(int(data["seed"]), tuple(float(u) for u in data["utilities"]),
                      str(data["reason"]), tuple(tuple(str(t) for t in seat)
                                                 for seat in data["tags"]))


@dataclass(frozen=True)
class ArenaJob:
    """`ludo arena`: the games of its schedule (seats rotated), one `Played` each."""

    arena: Arena
    kind: str = "arena"

    def items(self) -> Sequence[tuple[int, int, tuple[int, ...]]]:
        return self.arena.schedule()

    def play(self, items: Sequence[Any]) -> list[Played]:
        return [play_game(self.arena, index, seed, lineup) for index, seed, lineup in items]

    def identity(self) -> dict[str, JSON]:
        a = self.arena
        return {"game": a.game, "players": a.players, "options": dict(a.options),
                "bots": list(a.bots), "games": a.games, "first_seed": a.first_seed}

    def dump(self, result: Played) -> JSON:
        data: dict[str, JSON] = {}
        for key, value in asdict(result).items():
            data[key] = list(value) if isinstance(value, tuple) else value
        return data

    def load(self, data: Any) -> Played:
        return Played(int(data["index"]), int(data["seed"]),
                      tuple(int(b) for b in data["lineup"]),
                      tuple(int(r) for r in data["ranks"]),
                      tuple(float(u) for u in data["utilities"]), str(data["reason"]),
                      int(data["actions"]), tuple(float(t) for t in data["think_max"]),
                      tuple(float(t) for t in data["think_total"]),
                      tuple(int(d) for d in data["decisions"]))
