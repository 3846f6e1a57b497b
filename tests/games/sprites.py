"""What every drawing sprite of a screen must be (issue #20, point 5): an SVG file of
<symbol>s, one per thing drawn, each drawn for its subject (no two alike), and nothing in it
that runs, fetches or hides a picture (no script, no foreignObject, no image, no link, no
event attribute, no url() reference)."""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "{http://www.w3.org/2000/svg}"
FORBIDDEN = {"script", "foreignObject", "image", "use", "a", "iframe", "style", "text",
             "linearGradient", "radialGradient", "pattern", "filter", "mask", "animate", "set"}


def symbols(path: Path, view_box: str) -> dict[str, ET.Element]:
    """The file's symbols by id, after checking the file's shape: an <svg> root holding
    only symbols, each with an id and the given viewBox, ids unique."""
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg", f"{path.name}: the root is {root.tag}, not an SVG <svg>"
    found: dict[str, ET.Element] = {}
    for child in root:
        assert child.tag == f"{SVG}symbol", f"{path.name}: {child.tag} beside the symbols"
        ident = child.get("id", "")
        assert ident and ident not in found, f"{path.name}: symbol id {ident!r} missing or twice"
        box = child.get("viewBox")
        assert box == view_box, f"{path.name}#{ident}: viewBox {box}"
        found[ident] = child
    return found


def safety_problems(ident: str, symbol: ET.Element) -> list[str]:
    """Anything in a symbol that is not a plain drawing."""
    problems = []
    for node in symbol.iter():
        tag = node.tag.removeprefix(SVG)
        if not node.tag.startswith(SVG) or tag in FORBIDDEN:
            problems.append(f"{ident}: element {tag}")
        for name, value in node.attrib.items():
            bare = name.rsplit("}", 1)[-1]
            if bare.lower().startswith("on") or bare == "href" or bare == "style":
                problems.append(f"{ident}: attribute {bare}")
            if "url(" in value or "javascript:" in value.lower():
                problems.append(f"{ident}: {bare}={value!r}")
    return problems


def drawing(symbol: ET.Element) -> str:
    """A symbol's drawing without its id: two symbols with the same drawing are the same."""
    inner = "".join(ET.tostring(child, encoding="unicode") for child in symbol)
    return re.sub(r"\s+", " ", inner).strip()


def colours(symbol: ET.Element, attribute: str) -> set[str]:
    return {v for node in symbol.iter() if (v := node.get(attribute)) is not None}


def emblem_slug(name: str) -> str:
    """The emblem id of a family or team as the screens make it (web/static/js/emblems.js,
    emblemSlug): accents dropped, ascii lower case, other characters one hyphen."""
    bare = unicodedata.normalize("NFD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", bare).strip("-")


def check_emblems(path: Path, names: list[str]) -> None:
    """An emblem sprite: one 40x40 symbol per name (slug ids, no other), all different,
    plain drawings in currentColor only (the card's or the chip's colour applies)."""
    found = symbols(path, "0 0 40 40")
    assert sorted(found) == sorted({emblem_slug(n) for n in names})
    problems = [p for ident, s in found.items() for p in safety_problems(ident, s)]
    assert not problems, problems
    drawings = [drawing(s) for s in found.values()]
    assert len(set(drawings)) == len(drawings), "two emblems are the same drawing"
    for ident, symbol in found.items():
        assert colours(symbol, "fill") <= {"currentColor", "none"}, ident
        assert colours(symbol, "stroke") <= {"currentColor", "none"}, ident
        assert "currentColor" in colours(symbol, "fill") | colours(symbol, "stroke"), ident
        # A drawing, not a placeholder: several shapes.
        shapes = [n for n in symbol.iter() if n.tag in (f"{SVG}path", f"{SVG}circle")]
        assert len(shapes) >= 2, ident
