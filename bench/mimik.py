"""Random playouts per second of MIMIK at 2, 4 and 8 players (and any setup asked for).

    .venv/bin/python bench/mimik.py                 # 2, 4 and 8 players, 10 s each
    .venv/bin/python bench/mimik.py --seconds 3 --players 6 --team

A playout is a whole game from a new state to its end, every action chosen uniformly among
the legal ones (the same loop the bots' rollouts and the simulator run).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ludotheque.core.rng import Rng
from ludotheque.games import get


def bench(players: int, seconds: float, options: dict[str, object]) -> str:
    game = get("mimik")
    rng = Rng(players)
    started = time.perf_counter()
    games = actions = 0
    endings: Counter[str] = Counter()
    while time.perf_counter() - started < seconds:
        state = game.new(games, players, options)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        result = state.result()
        assert result is not None
        endings[result.reason] += 1
        games += 1
    elapsed = time.perf_counter() - started
    ends = ", ".join(f"{k} {v}" for k, v in endings.most_common())
    return (f"mimik {players}p {options or ''}: {games / elapsed:8.1f} playouts/s, "
            f"{actions / elapsed:9.0f} actions/s, {actions / max(games, 1):6.1f} actions "
            f"per game ({ends})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    parser.add_argument("--target", type=int, choices=(30, 50, 75), default=50)
    parser.add_argument("--team", action="store_true")
    parser.add_argument("--beginner", action="store_true")
    args = parser.parse_args()
    options: dict[str, object] = {}
    if args.target != 50:
        options["target"] = args.target
    if args.team:
        options["team"] = True
    if args.beginner:
        options["beginner"] = True
    for players in args.players:
        print(bench(players, args.seconds, options), flush=True)


if __name__ == "__main__":
    main()
