"""Random playouts per second for every registered game and setup, on one core.

    python bench/playouts.py [GAME ...] [--seconds 2] [--runs 3]

Each figure is the median of several timed runs. Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludotheque import games
from ludotheque.core import Config, Game, Rng


def playouts_per_second(game: Game, config: Config, seconds: float,
                        seed: int) -> tuple[float, float]:
    """(games per second, actions per second) of uniformly random playouts for ~`seconds`."""
    rng = Rng(seed)
    played = actions = 0
    started = time.perf_counter()
    while True:
        state = game.new(seed + played, config.players, config.options)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        played += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return played / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--runs", type=int, default=3, help="timed runs; the median is printed")
    args = parser.parse_args()
    chosen = [games.get(g) for g in args.games] or games.all_games()
    print(f"{'game':<12} {'setup':<28} {'games/s':>10} {'actions/s':>12}")
    for game in chosen:
        for config in game.configs():
            runs = [playouts_per_second(game, config, args.seconds, 1000 * r)
                    for r in range(args.runs)]
            gps = statistics.median(r[0] for r in runs)
            aps = statistics.median(r[1] for r in runs)
            print(f"{game.id:<12} {config.label:<28} {gps:>10.1f} {aps:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
