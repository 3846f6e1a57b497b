"""A gallery of the drawings of one SVG sprite file (each `<symbol>` in a cell, its id below),
rendered by Debian's Chromium and written as a PNG reduced to 128 colours (issue #20, point 5:
the creatures' illustrations and the families' emblems, looked at before they ship).

    PYTHONPATH=src python bench/sprite_gallery.py SPRITE.svg OUT.png [--cell 240] [--columns 4]
        [--colour "#7a2e1d"]

`--colour` is the CSS colour the page gives `currentColor` (monochrome emblems take it).
Prints the number of symbols, the image's size in pixels and in bytes.
"""

from __future__ import annotations

import argparse
import html
import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SVG_NS = "{http://www.w3.org/2000/svg}"


def page_html(sprite: str, cell: int, columns: int, colour: str) -> tuple[str, int]:
    """The gallery page and how many symbols it shows."""
    root = ET.fromstring(sprite)
    symbols = [(s.get("id", ""), s.get("viewBox", "0 0 1 1")) for s in root.iter(f"{SVG_NS}symbol")]
    cells = []
    for ident, box in symbols:
        _, _, width, height = (float(v) for v in box.split())
        tall = round(cell * height / width)
        cells.append(f'<figure><svg width="{cell}" height="{tall}"><use href="#{ident}"/></svg>'
                     f"<figcaption>{html.escape(ident)}</figcaption></figure>")
    style = (f"body{{margin:0;padding:12px;background:#fffdf6;color:{colour};"
             "font:14px system-ui,sans-serif}"
             f"main{{display:grid;grid-template-columns:repeat({columns},{cell}px);gap:12px}}"
             "figure{margin:0;border:1px solid #d8cfbd;border-radius:8px;background:#fff}"
             "svg{display:block}figcaption{text-align:center;color:#4a453d;padding:2px}"
             ".sprite{position:absolute;width:0;height:0;overflow:hidden}")
    hidden = sprite.replace("<svg ", '<svg class="sprite" ', 1)
    return (f"<!doctype html><meta charset=utf-8><style>{style}</style>{hidden}"
            f"<main>{''.join(cells)}</main>"), len(symbols)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sprite", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--cell", type=int, default=240, help="a cell's width in CSS pixels")
    parser.add_argument("--columns", type=int, default=4)
    parser.add_argument("--colour", default="#2b2233", help="currentColor of the page")
    args = parser.parse_args()
    from PIL import Image
    from playwright.sync_api import sync_playwright
    from tests.browser.conftest import ARGS, CHROMIUM

    content, count = page_html(args.sprite.read_text(encoding="utf-8"), args.cell,
                               args.columns, args.colour)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 24 + args.columns * (args.cell + 12),
                                          "height": 200})
        page.set_content(content)
        png = page.locator("main").screenshot(type="png")
        browser.close()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.quantize(colors=128, dither=Image.Dither.NONE)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    image.save(args.out, optimize=True)
    print(f"{args.sprite.name}: {count} symbols, {image.width}x{image.height} px, "
          f"{args.out.stat().st_size} bytes -> {args.out}")


if __name__ == "__main__":
    main()
