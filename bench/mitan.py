"""Mitan's speed next to python-chess, on one core, in the same run.

    .venv/bin/python bench/mitan.py [--seconds 5]

Prints random battle playouts (from drafted and placed positions), whole random games,
python-chess random games, as games/s and plies/s, the ratio of battle plies/s to chess plies/s
(target >= 3), and the mean time of clone() + apply() (target < 20 us).
"""

from __future__ import annotations

import argparse
import time

import chess

from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanState


def random_game_to_battle(seed: int) -> MitanState:
    """A game drafted and placed by random choices, at the first move of the battle."""
    rng = Rng(seed)
    state = GAME.new(seed)
    assert isinstance(state, MitanState)
    while state.phase < 2:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def playout(state: MitanState, rng: Rng) -> int:
    plies = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        plies += 1
    return plies


def bench_battles(seconds: float) -> tuple[int, int, float]:
    starts = [random_game_to_battle(s) for s in range(50)]
    rng = Rng(1)
    games = plies = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        plies += playout(starts[games % len(starts)].clone(), rng)
        games += 1
    return games, plies, time.perf_counter() - began


def bench_whole_games(seconds: float) -> tuple[int, int, float]:
    rng = Rng(2)
    games = plies = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = GAME.new(games)
        assert isinstance(state, MitanState)
        plies += playout(state, rng)
        games += 1
    return games, plies, time.perf_counter() - began


def bench_chess(seconds: float) -> tuple[int, int, float]:
    rng = Rng(3)
    games = plies = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - began


def bench_clone_apply(samples: int = 20000) -> float:
    """Mean seconds of clone() + apply() over positions met in random battles."""
    rng = Rng(4)
    pairs = []
    seed = 0
    while len(pairs) < samples:
        state = random_game_to_battle(1000 + seed)
        seed += 1
        while not state.is_over() and len(pairs) < samples:
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            pairs.append((state.clone(), seat, action))
            state.apply(seat, action)
    for s, _, _ in pairs:
        s.legal_actions(s.to_act()[0])  # legality is checked from the cached legal list
    began = time.perf_counter()
    for s, seat, action in pairs:
        s.clone().apply(seat, action)
    return (time.perf_counter() - began) / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measure")
    args = parser.parse_args()
    rows = []
    for label, fn in (("Mitan battles (drafted, placed)", bench_battles),
                      ("Mitan whole games", bench_whole_games),
                      ("python-chess random games", bench_chess)):
        games, plies, took = fn(args.seconds)
        rows.append((label, games / took, plies / took, plies / games))
        print(f"{label:34s} {games / took:9.1f} games/s {plies / took:11.0f} plies/s "
              f"({plies / games:.1f} plies/game)")
    ratio = rows[0][2] / rows[2][2]
    print(f"ratio Mitan battle plies/s : chess plies/s = {ratio:.2f} (target >= 3)")
    mean = bench_clone_apply()
    print(f"clone() + apply(): {mean * 1e6:.2f} us on average (target < 20 us)")


if __name__ == "__main__":
    main()
