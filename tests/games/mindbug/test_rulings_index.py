"""Every Mindbug ruling is cited in the engine and pinned by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import ludotheque.games.mindbug as package

RULINGS = [f"MB-{n}" for n in (*range(1, 28), 30)]


def _text(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))


def test_every_ruling_is_cited_in_the_code() -> None:
    code = _text(Path(package.__file__).parent)
    missing = [r for r in RULINGS if not re.search(rf"{r}\b", code)]
    assert not missing, f"rulings without code: {missing}"


def test_every_ruling_is_named_by_a_test() -> None:
    tests = _text(Path(__file__).parent)
    names = set(re.findall(r"def (test_\w+)", tests))
    missing = []
    for r in RULINGS:
        number = r.split("-")[1]
        in_name = any(re.search(rf"mb{number}(_|$)", n) for n in names)
        if not in_name and not re.search(rf'"{r}"', tests):
            missing.append(r)
    assert not missing, f"rulings without a test: {missing}"
