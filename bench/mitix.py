"""Random playouts per second of the MiTiX engine, for each mode.

    python bench/mitix.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import time

from ludotheque.core.rng import Rng
from ludotheque.games.mitix import GAME


def playouts(mode: str, seconds: float) -> tuple[int, int, float]:
    started = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - started < seconds:
        state = GAME.new(games, options={"mode": mode})
        rng = Rng(games)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - started


def clones(mode: str, count: int = 20_000) -> float:
    state = GAME.new(1, options={"mode": mode})
    started = time.perf_counter()
    for _ in range(count):
        state.clone()
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for mode in ("mitix", "famix"):
        games, actions, elapsed = playouts(mode, args.seconds)
        print(f"{mode}: {games / elapsed:,.0f} random playouts/s "
              f"({actions / elapsed:,.0f} actions/s, {actions / games:.1f} actions a game), "
              f"{clones(mode):,.0f} clones/s")


if __name__ == "__main__":
    main()
