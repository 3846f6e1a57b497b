"""The arena: seeded games between bots with the seats rotated, win rates and Elo per bot.

With as many bots as seats, game i is played by the rotation i of the bot list; with more
bots than seats, every combination of bots is played, each in every rotation. Consecutive
games share a seed until every rotation (and combination) has played it, so each deal is
played from every seat and luck of the deal cancels out. Everything is seeded: with bots on
node budgets (`moyen:time=0`) an arena run repeats exactly, in one process or many.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.bots.base import seat_bots
from ludotheque.core import JSON, derive_seed
from ludotheque.core.stats import wilson

from .elo import PairwiseResults, elo
from .runner import play_out


@dataclass(frozen=True)
class Arena:
    """What to play: a game, its setup, the bot specs and how many games from which seed."""

    game: str
    players: int
    options: Mapping[str, JSON]
    bots: tuple[str, ...]
    games: int
    first_seed: int = 0

    def lineups(self) -> list[tuple[int, ...]]:
        """Each lineup names, per seat, the index of its bot in `bots`."""
        n = len(self.bots)
        if n < self.players:
            raise ValueError(f"{self.players} seats need at least {self.players} bots, "
                             f"got {n}")
        out: list[tuple[int, ...]] = []
        seen: set[tuple[str, ...]] = set()
        for combo in itertools.combinations(range(n), self.players):
            for r in range(self.players):
                lineup = combo[r:] + combo[:r]
                # Two lineups that seat the same specs play the same seeded game (a bot's seed
                # is its seat and spec): Tag Team's D,M,D,M turned twice is itself again.
                specs = tuple(self.bots[b] for b in lineup)
                if specs not in seen:
                    seen.add(specs)
                    out.append(lineup)
        return out

    def schedule(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """(game index, seed, lineup) for every game, in order."""
        lineups = self.lineups()
        return [(i, self.first_seed + i // len(lineups), lineups[i % len(lineups)])
                for i in range(self.games)]


@dataclass(frozen=True)
class Played:
    index: int
    seed: int
    lineup: tuple[int, ...]
    ranks: tuple[int, ...]
    utilities: tuple[float, ...]
    reason: str
    actions: int
    think_max: tuple[float, ...]  # per seat, the longest decision in seconds
    think_total: tuple[float, ...]
    decisions: tuple[int, ...]


def play_game(arena: Arena, index: int, seed: int, lineup: tuple[int, ...]) -> Played:
    game = games.get(arena.game)
    specs = [arena.bots[b] for b in lineup]
    bots = [make_bot(spec, derive_seed("arena", seed, seat, spec))
            for seat, spec in enumerate(specs)]
    options = game.options(arena.options, arena.players)
    seat_bots(bots, arena.players, options)
    state = game.new(seed, arena.players, options)
    moves, thinking = play_out(game, state, bots, specs, seed)
    result = state.result()
    assert result is not None
    return Played(index, seed, lineup, result.ranks,
                  tuple(result.utility(s) for s in range(arena.players)), result.reason,
                  len(moves), tuple(thinking.longest), tuple(thinking.total),
                  tuple(thinking.decisions))


def _play_task(arena: Arena, task: tuple[int, int, tuple[int, ...]]) -> Played:
    return play_game(arena, *task)


def play_all(arena: Arena, workers: int = 1) -> Iterator[Played]:
    """Every game of the arena, in completion order (over `workers` processes)."""
    tasks = arena.schedule()
    if workers <= 1:
        for task in tasks:
            yield _play_task(arena, task)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # Small chunks keep the progress bar moving and the processes busy to the end.
        yield from pool.map(_play_task, itertools.repeat(arena), tasks, chunksize=1)


def summarise(arena: Arena, played: Sequence[Played], seconds: float) -> dict[str, JSON]:
    """Per bot: seats played, score, win rate with its 95% interval (over games), Elo,
    thinking time."""
    names = list(dict.fromkeys(arena.bots))  # the same spec twice is one bot
    bot_index = [names.index(b) for b in arena.bots]
    seats = [0] * len(names)
    score = [0.0] * len(names)
    # Per game, the bot's mean utility over its seats: copies of a bot in one game (team-mates,
    # three Moyen against one Difficile) are not independent trials, games are.
    game_score = [0.0] * len(names)
    games_played = [0] * len(names)
    wins = [0] * len(names)
    think_max = [0.0] * len(names)
    think_total = [0.0] * len(names)
    decisions = [0] * len(names)
    seat_score = [0.0] * arena.players
    pairs = PairwiseResults(names)
    draws = 0
    actions = 0
    endings: dict[str, int] = {}
    for p in sorted(played, key=lambda p: p.index):
        owners = [bot_index[b] for b in p.lineup]
        pairs.add_ranks(owners, p.ranks)
        if all(r == 0 for r in p.ranks):
            draws += 1
        actions += p.actions
        endings[p.reason] = endings.get(p.reason, 0) + 1
        for b in set(owners):
            mine = [p.utilities[s] for s, o in enumerate(owners) if o == b]
            game_score[b] += sum(mine) / len(mine)
            games_played[b] += 1
        for seat, b in enumerate(owners):
            seats[b] += 1
            score[b] += p.utilities[seat]
            wins[b] += p.utilities[seat] == 1.0
            seat_score[seat] += p.utilities[seat]
            think_max[b] = max(think_max[b], p.think_max[seat])
            think_total[b] += p.think_total[seat]
            decisions[b] += p.decisions[seat]
    ratings = elo(pairs)
    n = len(played)
    bots: list[JSON] = []
    for b, name in enumerate(names):
        low, high = wilson(game_score[b], games_played[b])
        bots.append({
            "bot": name,
            "seats_played": seats[b],
            "games_played": games_played[b],
            "score": score[b],
            "outright_wins": wins[b],
            "win_rate": score[b] / seats[b] if seats[b] else 0.0,
            "ci95": [low, high],
            "elo": round(ratings[b], 1),
            "think_max_seconds": round(think_max[b], 4),
            "think_mean_seconds": round(think_total[b] / decisions[b], 4) if decisions[b]
            else 0.0,
        })
    head_to_head: list[JSON] = []
    for a, b in itertools.combinations(range(len(names)), 2):
        g = pairs.games[a][b]
        if g:
            low, high = wilson(pairs.score[a][b], g)
            head_to_head.append({"bot": names[a], "against": names[b], "pairings": g,
                                 "score": pairs.score[a][b],
                                 "rate": pairs.score[a][b] / g, "ci95": [low, high]})
    return {
        "game": arena.game,
        "players": arena.players,
        "options": dict(arena.options),
        "bots": list(arena.bots),
        "games": n,
        "first_seed": arena.first_seed,
        "results": bots,
        "head_to_head": head_to_head,
        "seat_win_rate": [s / n if n else 0.0 for s in seat_score],
        "draws": draws,
        "mean_actions": actions / n if n else 0.0,
        "endings": endings,
        "seconds": round(seconds, 2),
    }


def run_arena(arena: Arena, workers: int = 1,
              on_game: Callable[[Played], None] | None = None) -> dict[str, JSON]:
    started = time.perf_counter()
    played: list[Played] = []
    for p in play_all(arena, workers):
        played.append(p)
        if on_game is not None:
            on_game(p)
    return summarise(arena, played, time.perf_counter() - started)
