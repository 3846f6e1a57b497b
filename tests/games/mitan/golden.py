"""Make Mitan's golden records (tests/records/mitan/) by playing seeded random games through
the engine, one for each way a game can end (and one with hidden placement).

    .venv/bin/python -m tests.games.mitan.golden      # rewrites the records
"""

from __future__ import annotations

from pathlib import Path

from ludotheque.core.record import Move, Record, record_of
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.games.mitan import GAME

RECORDS = Path(__file__).resolve().parents[2] / "records" / "mitan"
# (file name, wanted ending, placement option); the first seed giving that ending is kept.
WANTED = [
    ("chef_captured", "chef_captured", "open"),
    ("centre_held", "centre_held", "open"),
    ("half_move_limit", "half_move_limit", "open"),
    ("annihilation", "annihilation", "open"),
    ("hidden_placement", "chef_captured", "hidden"),
]


def random_game(seed: int, placement: str) -> Record:
    """A game of seeded random choices, with its result."""
    state = GAME.new(seed, 2, {"placement": placement})
    rng = Rng(derive_seed("golden", seed))
    moves: list[Move] = []
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.randrange(len(acting))]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append(Move(seat, action.text()))
    return record_of(GAME, seed, 2, {"placement": placement}, moves, state)


def find(reason: str, placement: str, limit: int = 5000) -> Record:
    for seed in range(limit):
        record = random_game(seed, placement)
        assert record.result is not None
        if record.result["reason"] == reason:
            return record
    raise LookupError(f"no {reason} game in {limit} seeds")


def main() -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    for name, reason, placement in WANTED:
        record = find(reason, placement)
        record.meta = {"made_by": "tests/games/mitan/golden.py (seeded random game)"}
        record.save(RECORDS / f"{name}.json")
        print(name, "seed", record.seed, len(record.moves), "actions")


if __name__ == "__main__":
    main()
