"""Every MiTiX ruling (shared/rules/mitix.md: MX-1 to MX-25) is cited in the code and pinned
by a test that names it; every decision of docs/rules/mitix.md is pinned too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "src" / "ludotheque" / "games" / "mitix"
TESTS = Path(__file__).resolve().parent
RULINGS = [f"MX-{n}" for n in range(1, 26)]


def text_of(folder: Path, suffixes: tuple[str, ...]) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*"))
                     if p.suffix in suffixes)


CODE = text_of(SOURCE, (".py",))
TEST_TEXT = text_of(TESTS, (".py",)).replace(Path(__file__).read_text(encoding="utf-8"), "")


@pytest.mark.parametrize("ruling", RULINGS)
def test_every_ruling_is_cited_in_the_code_and_named_by_a_test(ruling):
    number = ruling.split("-")[1]
    assert re.search(rf"\b{ruling}\b", CODE), f"{ruling} is cited nowhere in games/mitix"
    named = re.search(rf"def test_\w*mx{number}_", TEST_TEXT) or re.search(
        rf'"""[^"]*\b{ruling}\b', TEST_TEXT)
    assert named, f"no test names {ruling}"


def test_every_decision_of_the_rules_page_is_pinned_by_a_test():
    page = (ROOT / "docs" / "rules" / "mitix.md").read_text(encoding="utf-8")
    decisions = re.findall(r"\*\*D-(\d+)\*\*", page)
    assert decisions
    for number in decisions:
        assert re.search(rf"def test_\w*d{number}_", TEST_TEXT), f"D-{number} is not tested"
