"""Random playouts per second of the MiTiX engine, for each mode; and the golden records.

    python bench/mitix.py [--seconds 5]     # playouts per second and clones per second
    python bench/mitix.py --records         # writes tests/records/mitix/<mode>-<reason>.json

The records are games played through the engine with the default paquets, choices (FaMiX)
drawn from a seeded generator: for each mode the first seed giving each ending is kept.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ludotheque.core.game import State
from ludotheque.core.record import Move, record_of
from ludotheque.core.rng import Rng, derive_seed
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


REASONS = ("plus_de_vivants", "bios_des_vivants", "egalite")
OUT = Path("tests/records/mitix")


def play(seed: int, mode: str) -> tuple[list[Move], State]:
    state = GAME.new(seed, options={"mode": mode})
    rng = Rng(derive_seed("record", mode, seed))
    moves = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append(Move(seat, action.text()))
    return moves, state


def write_records() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for mode in ("mitix", "famix"):
        wanted = set(REASONS)
        for seed in range(200_000):
            moves, state = play(seed, mode)
            result = state.result()
            assert result is not None
            if result.reason in wanted:
                wanted.discard(result.reason)
                record = record_of(GAME, seed, 2, {"mode": mode}, moves, state)
                record.seats = [{"name": "aléatoire"}, {"name": "aléatoire"}]
                record.meta = {"ending": result.reason, "written_by": "bench/mitix.py --records"}
                path = OUT / f"{mode}-{result.reason}.json"
                record.save(path)
                print(f"{path}: seed {seed}, {len(moves)} actions, {result.detail}")
            if not wanted:
                break
        for reason in sorted(wanted):
            print(f"{mode}: no game ended by {reason}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--records", action="store_true", help="write the golden records")
    args = parser.parse_args()
    if args.records:
        write_records()
        return
    for mode in ("mitix", "famix"):
        games, actions, elapsed = playouts(mode, args.seconds)
        print(f"{mode}: {games / elapsed:,.0f} random playouts/s "
              f"({actions / elapsed:,.0f} actions/s, {actions / games:.1f} actions a game), "
              f"{clones(mode):,.0f} clones/s")


if __name__ == "__main__":
    main()
