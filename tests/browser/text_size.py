"""Every text a player reads in a page, with the size it is drawn at (issue #20, point 5)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# For each visible text node: the rendered size of its font, in CSS pixels of the window.
# HTML text: the computed font-size (in CSS px) times the vertical scale of every CSS
# transform above it. SVG text: the computed font-size is in the SVG's user units, so it is
# multiplied by the vertical scale of the element's screen CTM (the viewBox's scale, the
# SVG's own transforms and, in Chromium, the CSS transforms above the <svg>). (No screen puts
# HTML in a <foreignObject>.) Hidden text (display:none, visibility:hidden, opacity 0, closed
# <details>, off-window or clipped to nothing) is skipped; so is a decorative glyph: text
# with no letter and no digit (⚔, ☀, ▶) inside an aria-hidden element. Words in an
# aria-hidden card face (its label is said on the card's box) are still read: they count.
RENDERED_SIZES = r"""() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || !element || element.closest("script, style, template, title, desc")) continue;
    if (element.closest("[aria-hidden=true]") && !/[\p{L}\p{N}]/u.test(text)) continue;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    // Chromium's checkVisibility misses an SVG group with display: none above a text.
    let shown = true;
    for (let a = element; a && shown; a = a.parentElement) {
      shown = getComputedStyle(a).display !== "none";
    }
    if (!shown) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    if (box.bottom <= 0 || box.top >= innerHeight) continue;
    if (box.right <= 0 || box.left >= innerWidth) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    let scale = 1;
    let above = element;
    if (element instanceof SVGElement && element.getScreenCTM) {
      const m = element.getScreenCTM();
      if (m) scale = Math.hypot(m.c, m.d);
      above = null; // Chromium's screen CTM already holds the CSS transforms above the <svg>
    }
    // CSS transforms above (a card raised or scaled on hover): their vertical scale.
    for (; above && above !== document.documentElement; above = above.parentElement) {
      const transform = getComputedStyle(above).transform;
      if (transform && transform !== "none") {
        const m = new DOMMatrixReadOnly(transform);
        scale *= Math.hypot(m.c, m.d);
      }
    }
    const tag = element.tagName.toLowerCase();
    const where = element.closest("[data-testid]")?.dataset.testid ?? tag;
    const cls = String(element.className?.baseVal ?? element.className ?? "");
    out.push({ text: text.slice(0, 40), px: Math.round(size * scale * 10) / 10, where, tag, cls });
  }
  return out;
}"""


# The sizes a page settles at: its finite animations (a number popping in, a card arriving,
# scaled while they run) are let finish first, for 5 s at most; endless ones (a pulse) run on.
SETTLED = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null))),
  new Promise((resolve) => setTimeout(resolve, 5000)),
]).then(() => true)"""


def rendered_sizes(page: Page) -> list[dict[str, Any]]:
    """Every visible text node of the page with the size its font is drawn at, once the
    page's animations are over."""
    page.evaluate(SETTLED)
    return list(page.evaluate(RENDERED_SIZES))


def too_small(page: Page, least: float = 11) -> list[dict[str, Any]]:
    """The visible texts drawn smaller than `least` px."""
    return [t for t in rendered_sizes(page) if t["px"] < least - 0.05]
