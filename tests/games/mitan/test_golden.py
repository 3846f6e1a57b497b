"""The golden records are real games: each one is what its generator plays from its seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core.record import Record, replay
from ludotheque.games.mitan import GAME

from .golden import RECORDS, WANTED, random_game

ENDINGS = {"chef_captured", "centre_held", "annihilation", "half_move_limit", "double_pass"}


@pytest.mark.parametrize(("name", "reason", "placement"), WANTED)
def test_random_golden_record_is_reproduced_by_its_generator(name: str, reason: str,
                                                              placement: str) -> None:
    stored = Record.load(RECORDS / f"{name}.json")
    again = random_game(stored.seed, placement)
    assert [m.to_json() for m in again.moves] == [m.to_json() for m in stored.moves]
    assert stored.result is not None and stored.result["reason"] == reason


def test_mt19_to_mt23_every_ending_has_a_golden_record() -> None:
    # Pins MT-19.
    reasons = set()
    for path in Path(RECORDS).glob("*.json"):
        state = replay(GAME, Record.load(path))
        result = state.result()
        assert result is not None
        reasons.add(result.reason)
    assert reasons == ENDINGS
