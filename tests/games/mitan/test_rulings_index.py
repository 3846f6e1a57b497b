"""Every ruling of Mitan's engine is cited in the code and pinned by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "src" / "ludotheque" / "games" / "mitan"
TESTS = Path(__file__).parent
ENGINE_RULINGS = [f"MT-{n}" for n in range(1, 24)]
# MT-24..MT-27 are about the site around the game (daily challenge, bot levels, online play,
# tutorial); the engine's parts of MT-24 (a market from a seed) and MT-27 (lessons played
# from positions) are pinned all the same.


def source_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SOURCE.rglob("*.py"))


def names_of_tests() -> str:
    names = []
    for path in TESTS.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        names += re.findall(r"def (test_\w+)\(.*?\).*?:\n(?:\s+\"\"\"(.*?)\"\"\")?", text,
                            flags=re.S)
    return "\n".join(f"{n} {d}" for n, d in names)


@pytest.mark.parametrize("ruling", ENGINE_RULINGS)
def test_ruling_is_cited_in_the_code(ruling: str) -> None:
    assert re.search(rf"{ruling}\b", source_text()), f"{ruling} is cited nowhere in the code"


@pytest.mark.parametrize("ruling", [*ENGINE_RULINGS, "MT-24", "MT-27"])
def test_ruling_is_pinned_by_a_named_test(ruling: str) -> None:
    n = ruling.split("-")[1]
    pattern = rf"(test_(\w+_)?mt{n}_|{ruling}\b)"
    assert re.search(pattern, names_of_tests()), f"no test names {ruling}"
