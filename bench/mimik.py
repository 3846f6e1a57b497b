"""Random playouts per second of MIMIK at 2, 4 and 8 players (and any setup asked for).

    .venv/bin/python bench/mimik.py                 # 2, 4 and 8 players, 10 CPU s each
    .venv/bin/python bench/mimik.py --seconds 3 --players 6 --team

    .venv/bin/python bench/mimik.py --soak 8p 0 500  # the conformance harness on seeds 0-499
    .venv/bin/python bench/mimik.py --soak 8p 0 500 --biased  # its biased players instead

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
    cpu_started = time.process_time()
    games = actions = 0
    endings: Counter[str] = Counter()
    while time.process_time() - cpu_started < seconds:
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
    # Rates per CPU second: on a shared machine the wall clock says more about the neighbours.
    cpu = max(time.process_time() - cpu_started, 1e-9)
    ends = ", ".join(f"{k} {v}" for k, v in endings.most_common())
    return (f"mimik {players}p {options or ''}: {games / cpu:8.1f} playouts/s, "
            f"{actions / cpu:9.0f} actions/s (per CPU second; wall {games / elapsed:.1f} "
            f"playouts/s), {actions / max(games, 1):6.1f} actions per game ({ends})")


def soak(label: str, first: int, count: int, biased: bool = False) -> str:
    """The conformance harness (the same check as tests/test_conformance.py) on one setup and
    the seeds [first, first + count): a soak run can be split into chunks run side by side.
    `biased`: its biased playouts (always first, last, leanings, MIMIK's styles) instead."""
    from ludotheque.core.conformance import check_game, check_game_biased

    game = get("mimik")
    config = next(c for c in game.configs() if c.label == label)
    check = check_game_biased if biased else check_game
    report = check(game, config, count, first_seed=first)
    return f"seeds {first}-{first + count - 1}: {report.summary()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    parser.add_argument("--target", type=int, choices=(30, 50, 75), default=50)
    parser.add_argument("--team", action="store_true")
    parser.add_argument("--beginner", action="store_true")
    parser.add_argument("--soak", nargs=3, metavar=("SETUP", "FIRST_SEED", "COUNT"))
    parser.add_argument("--biased", action="store_true", help="with --soak: biased playouts")
    args = parser.parse_args()
    if args.soak:
        label, first, count = args.soak
        print(soak(label, int(first), int(count), args.biased), flush=True)
        return
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
