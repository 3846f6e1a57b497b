"""Random playouts per second of Mindbug, for each setup: `python bench/mindbug.py [games]`."""

from __future__ import annotations

import sys
import time

from ludotheque.core import Rng
from ludotheque.games import get


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    game = get("mindbug")
    for config in game.configs():
        started = time.perf_counter()
        actions = 0
        for seed in range(count):
            state = game.new(seed, config.players, config.options)
            rng = Rng(seed)
            while not state.is_over():
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                actions += 1
        seconds = time.perf_counter() - started
        print(f"{config.label}: {count / seconds:.0f} playouts/s, "
              f"{actions / seconds:.0f} actions/s, {actions / count:.1f} actions a game")


if __name__ == "__main__":
    main()
