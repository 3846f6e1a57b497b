"""Every ruling DG-1 ... DG-20 is cited in the engine and pinned by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "src" / "ludotheque" / "games" / "diamagique"
TESTS = Path(__file__).resolve().parent
RULINGS = [f"DG-{n}" for n in range(1, 21)]


def _text(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py")))


@pytest.mark.parametrize("ruling", RULINGS)
def test_each_ruling_is_cited_in_the_code_and_named_by_a_test(ruling: str) -> None:
    number = ruling.split("-")[1]
    assert re.search(rf"{ruling}\b", _text(SRC)), f"{ruling} is not cited in the engine"
    tests = _text(TESTS)
    named = re.search(rf"def test_dg{number}_", tests) or re.search(
        rf'"""[^"]*{ruling}\b', tests)
    assert named, f"no test names {ruling}"
