"""The cost of big seeds: SplitMix64 (seeds below 2**64, the old records) against the hashed
generator (SHAKE-256 counter stream, every new game's 129-bit seed), on one core.

    python bench/rng.py [GAME ...] [--seconds 2] [--runs 3]

Prints draws, shuffles, copies and forks per second of each generator, then the random playouts
per second of each card game's first setup dealt from old seeds and from fresh ones, and a
state's clone() and determinize() per second. Time is this process's CPU time, and the two
kinds' timed runs alternate, so that a loaded machine skews both alike; each figure is the
median of the runs. Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from ludotheque import games
from ludotheque.core import Config, Game, Rng
from ludotheque.core.rng import FRESH_BITS

KINDS = {"splitmix64": lambda i: 1_000_003 * i, "hashed": lambda i: (1 << FRESH_BITS) | i}
CARD_GAMES = ("mindbug", "mimik", "diamagique", "mitix")


def per_second(step: Callable[[int], int], seconds: float) -> float:
    """How many units `step(i)` does per CPU second (it returns how many it did)."""
    done = i = 0
    started = time.process_time()
    while True:
        done += step(i)
        i += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return done / elapsed


def medians(make: Callable[[str], Callable[[int], int]], seconds: float,
            runs: int) -> dict[str, float]:
    figures: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for _ in range(runs):
        for kind in KINDS:
            figures[kind].append(per_second(make(kind), seconds))
    return {kind: statistics.median(v) for kind, v in figures.items()}


def generator_steps(kind: str) -> dict[str, Callable[[int], int]]:
    rng = Rng(KINDS[kind](7))
    deck = list(range(52))

    def draws(_: int) -> int:
        for _ in range(1000):
            rng.next64()
        return 1000

    def shuffles(_: int) -> int:
        rng.shuffle(deck)
        return 1

    def copies(_: int) -> int:
        for _ in range(1000):
            rng.copy()
        return 1000

    def forks(_: int) -> int:
        rng.fork().next64()  # a fork's first draw hashes its first block
        return 1

    return {"next64": draws, "shuffle(52)": shuffles, "copy()": copies,
            "fork()+draw": forks}


def generator_step(name: str, kind: str) -> Callable[[int], int]:
    return generator_steps(kind)[name]


def playouts(game: Game, config: Config, kind: str) -> Callable[[int], int]:
    chooser = Rng(12345)

    def play(i: int) -> int:
        state = game.new(KINDS[kind](i), config.players, config.options)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        return 1

    return play


def copies(game: Game, config: Config, kind: str, what: str) -> Callable[[int], int]:
    state = game.new(KINDS[kind](3), config.players, config.options)
    for _ in range(6):  # a few actions in: a state a bot would search
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    rng = Rng(99)
    seat = state.to_act()[0] if not state.is_over() else 0

    def clone(_: int) -> int:
        state.clone()
        return 1

    def determinize(_: int) -> int:
        state.determinize(seat, rng)
        return 1

    return clone if what == "clone" else determinize


def row(label: str, figures: dict[str, float]) -> None:
    old, new = figures["splitmix64"], figures["hashed"]
    print(f"{label:<34} {old:>14,.0f} {new:>14,.0f} {100 * (new / old - 1):>+8.1f}%", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"game ids (default: {', '.join(CARD_GAMES)})")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=3, help="timed runs; the median is printed")
    args = parser.parse_args()
    print(f"{'per second':<34} {'splitmix64':>14} {'hashed':>14} {'change':>9}")
    for name in generator_steps("hashed"):
        row(name, medians(partial(generator_step, name), args.seconds, args.runs))
    for game in [games.get(g) for g in args.games or CARD_GAMES]:
        config = game.configs()[0]
        label = f"{game.id} [{config.label}]"
        row(f"{label} games", medians(partial(playouts, game, config), args.seconds, args.runs))
        for what in ("clone", "determinize"):
            row(f"{label} {what}()", medians(partial(copies, game, config, what=what),
                                             args.seconds, args.runs))


if __name__ == "__main__":
    main()
