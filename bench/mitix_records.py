"""Write MiTiX golden records: one seeded game for each way each mode can end.

    python bench/mitix_records.py        # writes tests/records/mitix/<mode>-<reason>.json

Games are played through the engine with the default paquets; the choices (FaMiX) are drawn
from a seeded generator, the first seed giving each ending is kept.
"""

from __future__ import annotations

from pathlib import Path

from ludotheque.core.game import State
from ludotheque.core.record import Move, record_of
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.games.mitix import GAME

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


def main() -> None:
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
                record.meta = {"ending": result.reason, "written_by": "bench/mitix_records.py"}
                path = OUT / f"{mode}-{result.reason}.json"
                record.save(path)
                print(f"{path}: seed {seed}, {len(moves)} actions, {result.detail}")
            if not wanted:
                break
        for reason in sorted(wanted):
            print(f"{mode}: no game ended by {reason}")


if __name__ == "__main__":
    main()
