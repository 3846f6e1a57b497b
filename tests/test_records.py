"""Golden records: every stored game under tests/records/<game>/ replays to its stored result.

Each engine stores at least one record for each way its game can end; a change to the rules
that makes an old game illegal, or ends it differently, fails here with the action and reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque import games
from ludotheque.core.record import Record, replay

RECORDS = sorted((Path(__file__).parent / "records").glob("*/*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_golden_record_replays_to_its_stored_result(path: Path) -> None:
    record = Record.load(path)
    assert record.game == path.parent.name, "a record lives in the folder of its game"
    assert record.result is not None, "a golden record stores its result"
    state = replay(games.get(record.game), record)  # raises on any illegal action or result
    assert state.is_over()
