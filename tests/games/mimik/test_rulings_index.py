"""Every MIMIK ruling is cited in the engine and pinned by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import ludotheque.games.mimik as package

RULINGS = [f"MK-{n}" for n in range(1, 30)]
HERE = Path(__file__).parent
SOURCE = Path(package.__file__).parent


def cited(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.glob("*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"MK-\d+", text))
        # test names: test_mk21_..., test_mk1_mk3_...
        found |= {f"MK-{n}" for n in re.findall(r"_mk(\d+)(?=_)", text)}
    return found


def test_every_ruling_is_cited_in_the_engine() -> None:
    missing = [r for r in RULINGS if r not in cited(SOURCE)]
    assert missing == []


def test_every_ruling_is_pinned_by_a_test() -> None:
    missing = [r for r in RULINGS if r not in cited(HERE)]
    assert missing == []
