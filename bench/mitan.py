"""Mitan's speed next to python-chess, on one core, in the same run.

    .venv/bin/python bench/mitan.py [--seconds 5]

Prints random battle playouts (from drafted and placed positions), whole random games,
python-chess random games, as games/s and plies/s, the ratio of battle plies/s to chess plies/s
(target >= 3), and the mean time of clone() + apply() (target < 20 us).
Times are the CPU time of this process (time.process_time), so that other work on a shared
machine does not count; run it on a quiet machine all the same.
"""

from __future__ import annotations

import argparse
import time

import chess

from ludotheque.core import Action
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


class Battles:
    """Random battle playouts from drafted and placed positions."""

    def __init__(self) -> None:
        self.starts = [random_game_to_battle(s) for s in range(50)]
        self.rng = Rng(1)
        self.games = 0

    def run(self, seconds: float) -> tuple[int, int]:
        games = plies = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            plies += playout(self.starts[self.games % len(self.starts)].clone(), self.rng)
            self.games += 1
            games += 1
        return games, plies


class WholeGames:
    """Random games from the market to the end."""

    def __init__(self) -> None:
        self.rng = Rng(2)
        self.games = 0

    def run(self, seconds: float) -> tuple[int, int]:
        games = plies = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            state = GAME.new(self.games)
            assert isinstance(state, MitanState)
            plies += playout(state, self.rng)
            self.games += 1
            games += 1
        return games, plies


class ChessGames:
    """python-chess random games: legal moves listed, one pushed, until the game is over."""

    def __init__(self) -> None:
        self.rng = Rng(3)

    def run(self, seconds: float) -> tuple[int, int]:
        games = plies = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            board = chess.Board()
            while not board.is_game_over():
                board.push(self.rng.choice(list(board.legal_moves)))
                plies += 1
            games += 1
        return games, plies


def bench_clone_apply(samples: int = 20000) -> float:
    """Mean seconds of clone() + apply() over positions met in random battles."""
    rng = Rng(4)
    pairs: list[tuple[MitanState, int, Action]] = []
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
    began = time.process_time()
    for s, seat, action in pairs:
        s.clone().apply(seat, action)
    return (time.process_time() - began) / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per measure")
    parser.add_argument("--rounds", type=int, default=6,
                        help="the measures are interleaved in rounds, so that a busy machine "
                             "slows them alike")
    args = parser.parse_args()
    benches: dict[str, Battles | WholeGames | ChessGames] = {
        "Mitan battles (drafted, placed)": Battles(), "Mitan whole games": WholeGames(),
        "python-chess random games": ChessGames()}
    totals: dict[str, list[float]] = {label: [0, 0, 0.0] for label in benches}
    for _ in range(args.rounds):
        for label, bench in benches.items():
            began = time.process_time()
            games, plies = bench.run(args.seconds / args.rounds)
            took = time.process_time() - began
            totals[label][0] += games
            totals[label][1] += plies
            totals[label][2] += took
    rates = {}
    for label, (n_games, n_plies, seconds) in totals.items():
        rates[label] = n_plies / seconds
        print(f"{label:34s} {n_games / seconds:9.1f} games/s {n_plies / seconds:11.0f} plies/s "
              f"({n_plies / n_games:.1f} plies/game)")
    ratio = rates["Mitan battles (drafted, placed)"] / rates["python-chess random games"]
    print(f"ratio Mitan battle plies/s : chess plies/s = {ratio:.2f} (target >= 3)")
    mean = bench_clone_apply()
    print(f"clone() + apply(): {mean * 1e6:.2f} us on average (target < 20 us)")


if __name__ == "__main__":
    main()
