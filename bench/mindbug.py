"""Mindbug tools: speed and golden records.

    python bench/mindbug.py [games]     random playouts per second, for each setup
    python bench/mindbug.py records [SETUP]
                                        write tests/records/mindbug/: one seeded random game
                                        for each way each setup can end (only SETUP's, e.g.
                                        tag-team, when given)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from ludotheque.core import Rng
from ludotheque.core.record import Move, record_of
from ludotheque.games import get


def speed(count: int) -> None:
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


def records(only: str | None = None) -> None:
    game = get("mindbug")
    folder = Path(__file__).resolve().parent.parent / "tests" / "records" / "mindbug"
    folder.mkdir(parents=True, exist_ok=True)
    for config in game.configs():
        if only is not None and config.label != only:
            continue
        options = config.options.model_dump(mode="json")
        wanted = {"life", "no_action"} if config.players == 2 else {"life", "team_stuck"}
        for seed in range(5000):
            if not wanted:
                break
            state = game.new(seed, config.players, config.options)
            rng = Rng(seed * 7919 + 1)
            moves: list[Move] = []
            while not state.is_over():
                seat = state.to_act()[0]
                action = rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
                moves.append(Move(seat, action.text()))
            result = state.result()
            assert result is not None
            if result.reason in wanted and len(moves) >= 20:
                wanted.discard(result.reason)
                record = record_of(game, seed, config.players, options, moves, state)
                record.meta = {"how": f"seeded random play (action seed {seed * 7919 + 1})",
                               "setup": config.label}
                path = folder / f"{config.label}-{result.reason}.json"
                record.save(path)
                print(f"{path.name}: seed {seed}, {len(moves)} actions")
        if wanted:
            print(f"{config.label}: no game found ending by {sorted(wanted)}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "records":
        records(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        speed(int(sys.argv[1]) if len(sys.argv) > 1 else 300)


if __name__ == "__main__":
    main()
