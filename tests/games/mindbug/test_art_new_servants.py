"""The New Servants' illustrations (issue #20, point 5): web/art-new_servants.svg has one
drawing per creature of the set, in the game's one style (flat colours, a dark outline 3
wide), all different, and nothing in it but drawing."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from ludotheque.games.mindbug.screen_data import CARDS_FILE

from ..sprites import colours, drawing, safety_problems, symbols

WEB = Path(CARDS_FILE).parent
SPRITE = WEB / "art-new_servants.svg"
OUTLINE = "#2b2233"


def creatures() -> list[str]:
    data = json.loads(Path(CARDS_FILE).read_text(encoding="utf-8"))
    return [slug for slug, c in data["creatures"].items() if c["set"] == "new_servants"]


def test_one_drawing_per_creature_of_the_set() -> None:
    wanted = creatures()
    assert len(wanted) == 12 and "hamster-lion" in wanted
    found = symbols(SPRITE, "0 0 120 90")
    assert sorted(found) == sorted(wanted)
    problems = [p for ident, s in found.items() for p in safety_problems(ident, s)]
    assert not problems, problems
    drawings = [drawing(s) for s in found.values()]
    assert len(set(drawings)) == len(drawings), "two creatures have the same drawing"


def test_the_drawings_keep_the_style() -> None:
    for ident, symbol in symbols(SPRITE, "0 0 120 90").items():
        outlined = symbol.find("{http://www.w3.org/2000/svg}g")
        assert outlined is not None, ident
        assert (outlined.get("stroke"), outlined.get("stroke-width")) == (OUTLINE, "3"), ident
        assert outlined.get("stroke-linejoin") == outlined.get("stroke-linecap") == "round"
        assert colours(symbol, "stroke") == {OUTLINE}, ident
        flat = colours(symbol, "fill") - {OUTLINE, "#fff", "none"}
        assert 2 <= len(flat) <= 6, f"{ident}: fills {sorted(flat)}"
        assert all(c.startswith("#") for c in flat), ident
        size = len(ET.tostring(symbol, encoding="utf-8"))
        assert 500 <= size <= 3000, f"{ident}: {size} bytes"
