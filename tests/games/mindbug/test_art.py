"""The creatures' illustrations (issue 20, point 5): one SVG sprite per set in the screen's
folder (web/art-<set>.svg), one <symbol id="<key>" viewBox="0 0 120 90"> per creature of
web/cards.json, all drawn in one style, and nothing in them that could run or fetch.

Every set present in cards.json has its case: a set whose sprite is missing fails here."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ludotheque.games.mindbug.screen_data import CARDS_FILE

WEB = Path(CARDS_FILE).parent
NS = "{http://www.w3.org/2000/svg}"
VIEWBOX = "0 0 120 90"
INK = "#2b2233"  # the one outline colour
MOST_FILLS = 6  # at most five flat colours, and the light of the eye
CREATURES: dict[str, dict[str, object]] = json.loads(CARDS_FILE.read_text(encoding="utf-8"))[
    "creatures"]
SETS = sorted({str(c["set"]) for c in CREATURES.values()})

# Nothing that runs, fetches, writes words or bends the flat style.
FORBIDDEN = {"script", "foreignObject", "image", "iframe", "a", "style", "text", "tspan",
             "textPath", "linearGradient", "radialGradient", "pattern", "filter", "mask",
             "feGaussianBlur", "animate", "set"}
SHAPES = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
HEX = re.compile(r"#(?:[0-9a-f]{3}|[0-9a-f]{6})", re.IGNORECASE)


def sprite(set_name: str) -> Path:
    return WEB / f"art-{set_name}.svg"


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def symbols(set_name: str) -> tuple[ET.Element, list[ET.Element], str]:
    text = sprite(set_name).read_text(encoding="utf-8")
    root = ET.fromstring(text)
    return root, [e for e in root if local(e.tag) == "symbol"], text


def problems(symbol: ET.Element) -> list[str]:
    """What breaks the style or the safety rules in one symbol, in words."""
    found: list[str] = []
    fills: set[str] = set()
    parents = {child: parent for parent in symbol.iter() for child in parent}

    def inherited(node: ET.Element, name: str) -> str | None:
        # The value a shape draws with: its own, or its nearest group's inside the symbol
        # (never the card's, which the drawing must not rely on).
        at: ET.Element | None = node
        while at is not None:
            if name in at.attrib:
                return at.attrib[name]
            at = parents.get(at)
        return None

    for node in symbol.iter():
        tag = local(node.tag)
        if tag in FORBIDDEN:
            found.append(f"element <{tag}>")
        for name, value in node.attrib.items():
            bare = local(name)
            if bare.lower().startswith("on"):
                found.append(f"event attribute {bare}")
            if bare in ("style", "filter", "mask", "clip-path"):
                found.append(f"attribute {bare}")
            if bare == "href" and not value.startswith("#"):
                found.append(f"external reference {value}")
            if "url(" in value:
                found.append(f"{bare}={value!r} (a reference, not a flat colour)")
        if tag not in SHAPES:
            continue
        fill = inherited(node, "fill")
        stroke = inherited(node, "stroke")
        if fill is None or not (fill == "none" or HEX.fullmatch(fill)):
            found.append(f"<{tag}> fill {fill!r} (#rrggbb or none, set in the drawing)")
        elif fill.lower() not in ("none", INK):
            fills.add(fill.lower())
        # No stroke set is none (the card's <use> sets none either).
        if stroke is not None and stroke.lower() not in ("none", INK):
            found.append(f"<{tag}> stroke {stroke!r} (only the outline colour {INK})")
    if len(fills) > MOST_FILLS:
        found.append(f"{len(fills)} fill colours {sorted(fills)} (at most {MOST_FILLS})")
    if not any(lightness(f) > 0.9 for f in fills):
        found.append("no light fill: the eye's highlight")
    return found


def lightness(colour: str) -> float:
    digits = colour[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    return (max(channels) + min(channels)) / 2


def drawing(symbol: ET.Element) -> str:
    """A symbol's content without its id: two creatures must not share one drawing."""
    return "".join(ET.tostring(child, encoding="unicode") for child in symbol).strip()


@pytest.mark.parametrize("set_name", SETS)
def test_every_creature_of_the_set_has_its_own_drawing(set_name: str) -> None:
    root, found, text = symbols(set_name)
    assert local(root.tag) == "svg" and root.tag.startswith(NS), root.tag
    assert "<!DOCTYPE" not in text and "<!ENTITY" not in text
    wanted = sorted(k for k, c in CREATURES.items() if c["set"] == set_name)
    ids = [s.get("id", "") for s in found]
    assert sorted(ids) == wanted, f"symbols {sorted(set(ids) ^ set(wanted))} (missing or extra)"
    assert len(ids) == len(set(ids)), "a creature drawn twice"
    drawings: dict[str, str] = {}
    for symbol in found:
        key = symbol.get("id", "")
        assert symbol.get("viewBox") == VIEWBOX, key
        assert not problems(symbol), f"{key}: {problems(symbol)}"
        content = drawing(symbol)
        # Compact, and a real drawing rather than a placeholder shape.
        assert 400 <= len(content) <= 3000, f"{key}: {len(content)} characters"
        assert sum(1 for n in symbol.iter() if local(n.tag) in SHAPES) >= 8, key
        assert content not in drawings.values(), f"{key} draws the same as another creature"
        drawings[key] = content


def test_no_two_creatures_of_any_set_share_a_drawing() -> None:
    seen: dict[str, str] = {}
    for set_name in SETS:
        for symbol in symbols(set_name)[1]:
            content = drawing(symbol)
            assert content not in seen, f"{symbol.get('id')} draws the same as {seen[content]}"
            seen[content] = f"{set_name}/{symbol.get('id')}"
    assert len(seen) == len(CREATURES)


def test_the_style_check_sees_what_it_forbids() -> None:
    # The rules above on a few bad drawings: each must be caught (an unchecked rule passes all).
    def symbol(body: str) -> ET.Element:
        return ET.fromstring(f'<symbol xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}">'
                             f'<g stroke="{INK}" stroke-width="3">{body}'
                             '<circle r="1" fill="#fffaf0" stroke="none"/></g></symbol>')

    assert problems(symbol('<circle r="5" fill="#e0453a"/>')) == []
    assert problems(symbol('<circle r="5"/>'))  # no fill of its own: the card's black
    assert problems(symbol('<circle r="5" fill="red" stroke="#e0453a"/>'))
    assert problems(symbol('<circle r="5" fill="url(#g)"/>'))
    assert problems(symbol('<text>A</text>'))
    assert problems(symbol('<circle r="5" fill="#e0453a" onclick="x()"/>'))
    assert problems(symbol('<use href="https://example.org/a.svg#b"/>'))
    assert problems(symbol('<script>alert(1)</script>'))
    many = "".join(f'<circle r="5" fill="#{c}0{c}0{c}0"/>' for c in "123456789")
    assert problems(symbol(many))
    dark = ET.fromstring(f'<symbol xmlns="http://www.w3.org/2000/svg"><circle r="5" '
                         f'fill="#e0453a" stroke="{INK}"/></symbol>')
    assert problems(dark) == ["no light fill: the eye's highlight"]
