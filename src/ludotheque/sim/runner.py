"""Play seeded games between bots, in one process or several, and summarise them."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ludotheque import games
from ludotheque.bots import Bot, make_bot
from ludotheque.bots.base import seat_bots
from ludotheque.core import JSON, Game, IllegalAction, State, derive_seed
from ludotheque.core.record import Move, Record, record_of
from ludotheque.core.stats import wilson


@dataclass(frozen=True)
class Match:
    """What to simulate: a game, its setup, and a bot spec per seat."""

    game: str
    players: int
    options: Mapping[str, JSON]
    bots: tuple[str, ...]


@dataclass(frozen=True)
class Scored:
    """A game's result: what a summary counts (what the lab keeps in its progress file)."""

    seed: int
    utilities: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str
    actions: int


@dataclass(frozen=True)
class Outcome(Scored):
    """A game's result and its record."""

    record: Record


@dataclass
class Thinking:
    """Per seat: the longest decision and the total thinking time (seconds), and decisions."""

    longest: list[float]
    total: list[float]
    decisions: list[int]


def play_out(game: Game, state: State, bots: Sequence[Bot], specs: Sequence[str],
             seed: int) -> tuple[list[Move], Thinking]:
    """Let the bots play `state` to its end; the moves made and how long each seat thought."""
    players = len(bots)
    thinking = Thinking([0.0] * players, [0.0] * players, [0] * players)
    moves: list[Move] = []
    while not state.is_over():
        if len(moves) > game.step_limit:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {game.step_limit} actions")
        seat = state.to_act()[0]
        started = time.perf_counter()
        action = bots[seat].choose(state, seat)
        spent = time.perf_counter() - started
        thinking.longest[seat] = max(thinking.longest[seat], spent)
        thinking.total[seat] += spent
        thinking.decisions[seat] += 1
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise RuntimeError(f"{game.id} seed {seed}: bot {specs[seat]} played an illegal "
                               f"action {action.text()!r}: {exc.reason}") from exc
        moves.append(Move(seat, action.text()))
    return moves, thinking


def play_one(game: Game, match: Match, seed: int) -> Outcome:
    """One game from `seed`; each seat's bot seeded from the game seed and the seat."""
    bots = [make_bot(spec, derive_seed("bot", seed, seat)) for seat, spec in enumerate(match.bots)]
    options = game.options(match.options, match.players)
    seat_bots(bots, match.players, options)
    state = game.new(seed, match.players, options)
    moves, _ = play_out(game, state, bots, match.bots, seed)
    result = state.result()
    assert result is not None
    seats: list[dict[str, JSON]] = [{"bot": b} for b in match.bots]
    record = record_of(game, seed, match.players, options.model_dump(mode="json"), moves,
                       state, seats)
    return Outcome(seed, tuple(result.utility(s) for s in range(match.players)), result.ranks,
                   result.reason, len(moves), record)


def _play_chunk(match: Match, seeds: Sequence[int]) -> list[Outcome]:
    game = games.get(match.game)
    return [play_one(game, match, s) for s in seeds]


def play_many(match: Match, seeds: Sequence[int], workers: int = 1,
              chunk: int = 20) -> Iterator[Outcome]:
    """Outcomes for every seed, in seed order, over `workers` processes."""
    if workers <= 1:
        game = games.get(match.game)
        for s in seeds:
            yield play_one(game, match, s)
        return
    chunks = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for outcomes in pool.map(_play_chunk, [match] * len(chunks), chunks):
            yield from outcomes


@dataclass
class Summary:
    match: Match
    games: int = 0
    wins: list[float] = field(default_factory=list)  # utility summed per seat
    actions: int = 0
    draws: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, o: Scored) -> None:
        if not self.wins:
            self.wins = [0.0] * len(o.utilities)
        self.games += 1
        self.actions += o.actions
        self.endings[o.reason] += 1
        if all(r == 0 for r in o.ranks):
            self.draws += 1
        for s, u in enumerate(o.utilities):
            self.wins[s] += u

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.match.game,
            "players": self.match.players,
            "options": dict(self.match.options),
            "bots": list(self.match.bots),
            "games": self.games,
            "seats": [
                {"seat": s, "bot": self.match.bots[s], "score": w,
                 "win_rate": w / self.games if self.games else 0.0,
                 "ci95": list(wilson(w, self.games))}
                for s, w in enumerate(self.wins)
            ],
            "draws": self.draws,
            "mean_actions": self.actions / self.games if self.games else 0.0,
            "endings": dict(self.endings),
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }


def simulate(match: Match, n: int, first_seed: int = 0, workers: int = 1,
             on_outcome: Callable[[Outcome], None] | None = None) -> Summary:
    summary = Summary(match)
    started = time.perf_counter()
    for outcome in play_many(match, list(range(first_seed, first_seed + n)), workers):
        summary.add(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    summary.seconds = time.perf_counter() - started
    return summary
