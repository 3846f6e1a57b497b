"""Mindbug's creature illustrations in a real browser: a card of the hand shows its creature's
drawing (a <use> of the symbol of its key in its set's sprite, served by the site, with a
rendered box inside the card's art band), and every drawing of a set, rendered from the
site, fills its 120x90 box, centred (a gallery of them goes to test-artifacts/browser/)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque.games.mindbug.rules import MindbugState
from ludotheque.games.mindbug.screen_data import CARDS_FILE

from ..server.live import LiveServer
from .helpers import as_guest, create, true_state

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
CREATURES: dict[str, dict[str, Any]] = json.loads(CARDS_FILE.read_text(encoding="utf-8"))[
    "creatures"]
SETS = sorted({str(c["set"]) for c in CREATURES.values()})
BAND = (6, 31, 108, 48)  # the art band of a face (cards.js ART), in the face's 120x168 box

BOXES = """sel => [...document.querySelectorAll(sel)].map(u => {
  const b = u.getBBox();
  return { key: u.dataset.art || u.getAttribute('href'), href: u.getAttribute('href'),
           x: b.x, y: b.y, w: b.width, h: b.height };
})"""


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    """Each drawing's rendered box, once every sprite has arrived (an unloaded one is 0x0)."""
    page.wait_for_function(
        "sel => { const all = [...document.querySelectorAll(sel)]; return all.length > 0 && "
        "all.every(u => u.getBBox().width > 0 && u.getBBox().height > 0); }",
        arg=selector, timeout=10_000)
    found: list[dict[str, Any]] = page.evaluate(BOXES, selector)
    return found


def test_a_card_in_the_hand_shows_its_creature_drawing(site: LiveServer,
                                                       contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Delphine")
    gid = create(page, ["me", "bot:random"], game="mindbug", setup="2p")
    expect(page.get_by_test_id("mb-screen")).to_be_visible()
    deadline = time.monotonic() + 30
    while not isinstance(state := true_state(site, gid), MindbugState) or not state.hands[0]:
        assert time.monotonic() < deadline, "no hand was dealt"
        page.wait_for_timeout(100)
    hand = page.get_by_test_id("mb-handrow-0").locator(".mb-card")
    expect(hand.first).to_be_visible()
    card = hand.first
    key = card.get_attribute("data-key") or "?"
    creature = CREATURES[key]
    use = card.locator("use.mb-art")
    expect(use).to_have_count(1)
    href = f"/screens/mindbug/art-{creature['set']}.svg#{key}"
    assert use.get_attribute("href") == href
    # The sprite is served as SVG, and holds that symbol.
    reply = page.request.get(href.split("#")[0])
    assert reply.status == 200 and reply.headers["content-type"].startswith("image/svg+xml")
    assert f'<symbol id="{key}" viewBox="0 0 120 90">' in reply.text()
    # Every face on the page shows its drawing: a real box, whole inside the art band, and as
    # large as the band lets a 4:3 drawing be (in the face's own units).
    x0, y0, width, height = BAND
    shown = boxes(page, ".mb-card use.mb-art")
    assert {b["key"] for b in shown} >= {key}
    for box in shown:
        assert box["x"] >= x0 - 2 and box["x"] + box["w"] <= x0 + width + 2, box
        assert box["y"] >= y0 - 2 and box["y"] + box["h"] <= y0 + height + 2, box
        assert box["h"] >= height * 0.6 or box["w"] >= height * 4 / 3 * 0.6, box
    # No face shows an initial instead (the fallback of a creature without a set).
    assert page.locator(".mb-card svg text[font-size='34']").count() == 0


@pytest.mark.parametrize("set_name", SETS)
def test_every_drawing_of_the_set_fills_its_box_centred(set_name: str, site: LiveServer,
                                                        contexts: Callable[[], Any]) -> None:
    page = contexts().new_page()
    page.set_viewport_size({"width": 1300, "height": 900})
    page.goto("/")
    sprite = page.request.get(f"/screens/mindbug/art-{set_name}.svg")
    assert sprite.status == 200, f"no sprite art-{set_name}.svg in the screen's folder"
    keys = sorted(k for k, c in CREATURES.items() if c["set"] == set_name)
    # A gallery made in the site's page (same origin as the sprites), names beside drawings.
    page.evaluate("""([set, creatures]) => {
      const NS = 'http://www.w3.org/2000/svg';
      const grid = document.createElement('div');
      grid.style.cssText = 'display:grid;width:max-content;gap:6px;padding:8px;' +
        'grid-template-columns:repeat(8,150px);background:#fffaf0;font:11px sans-serif;' +
        'text-align:center';
      for (const [key, name] of creatures) {
        const box = document.createElementNS(NS, 'svg');
        box.setAttribute('viewBox', '0 0 120 90');
        box.style.cssText = 'width:150px;height:112px;display:block;background:#f3e6c8;' +
          'border-radius:6px';
        const use = document.createElementNS(NS, 'use');
        use.setAttribute('href', `/screens/mindbug/art-${set}.svg#${key}`);
        use.dataset.art = key;
        use.classList.add('gallery-art');
        box.append(use);
        const figure = document.createElement('figure');
        figure.style.margin = '0';
        const caption = document.createElement('figcaption');
        caption.textContent = name;
        figure.append(box, caption);
        grid.append(figure);
      }
      document.body.replaceChildren(grid);
    }""", [set_name, [[k, CREATURES[k]["name"]] for k in keys]])
    found = {b["key"]: b for b in boxes(page, "use.gallery-art")}
    assert sorted(found) == keys
    for b in found.values():
        # Inside the box (the outline may pass its edge by half its width), using most of it,
        # and centred (the drawing sits in the middle of the card's art band).
        assert b["x"] >= -2 and b["y"] >= -2 and b["x"] + b["w"] <= 122 and b["y"] + b["h"] <= 92, b
        assert b["w"] >= 75 or b["h"] >= 60, b
        assert abs(b["x"] + b["w"] / 2 - 60) <= 15 and abs(b["y"] + b["h"] / 2 - 45) <= 12, b
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("body > div").screenshot(path=str(ARTIFACTS / f"mindbug-art-{set_name}.png"))
