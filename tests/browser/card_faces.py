"""What spoils a card face (issue #20, point 5): a word broken inside, two texts of one card
over each other or over its magnifier, a line cut by the card. The texts are walked as
tests/browser/text_size.py walks them (visible text nodes, decorative glyphs skipped); a card is
an element the site's card zoom made `zoomable`, or the face shown large in its overlay."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from .text_size import SETTLED

# For each card: its visible text nodes, each with its line boxes (a Range over the node's
# text, or over each word). Faults, each {kind, card, text, other}:
# - "broken": a word (letters between spaces; a hyphen or a slash may end a line) whose
#   letters lie on two lines;
# - "overlap": two text nodes of the card, or a text and the card's magnifier, whose boxes
#   cross by more than a sliver (3 px down, 2 px across: the line boxes of a tight
#   line-height touch);
# - "clipped": a line box outside an ancestor in the card that hides its overflow (the card's
#   own box or an <svg>'s viewport): cut in half, or hidden whole without an ellipsis or a line
#   clamp between the text and that ancestor saying that words were left out; or a line over
#   the card's edge (a label beside the card, a caption or a ribbon, is not on it).
# An SVG text is one line, measured by its element's box (a textLength's squeeze included); a
# side of a flipped card turned away (backface hidden) is not seen.
FACE_FAULTS = r"""(within) => {
  const faults = [];
  const cardOf = (e) => e.closest(".zoomable, .card-zoom-face");
  const cards = [...document.querySelectorAll(within)].filter((card) =>
    !cardOf(card.parentElement ?? document.body) &&
    card.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  const rects = (range) => [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
  const cross = (a, b, down = 3, across = 2) =>
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > down &&
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > across;
  const shown = (element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let a = element; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.display === "none") return false;
      // A card's back turned away (a flipped card's other side).
      if (style.backfaceVisibility === "hidden" && style.transform !== "none" &&
          new DOMMatrixReadOnly(style.transform).m11 < 0) return false;
    }
    return true;
  };
  const label = (card) => (card.dataset.testid || card.getAttribute("aria-label") ||
    card.className?.baseVal || card.className || card.tagName).toString().slice(0, 50);
  for (const card of cards) {
    const name = label(card);
    const texts = [];
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (element.closest("script, style, template, title, desc, .card-zoom-button")) continue;
      if (element.closest("[aria-hidden=true]") && !/[\p{L}\p{N}]/u.test(text)) continue;
      if (!shown(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // An SVG text is one line: its box (a textLength's squeeze included).
      let lines = element instanceof SVGElement ? [element.getBoundingClientRect()] : rects(range);
      if (!lines.length) continue;
      const svgText = element instanceof SVGElement;
      // (c) cut by the card: the ancestors in the card (the card too) that hide overflow.
      let said = false; // an ellipsis or a line clamp between the text and the ancestor
      for (let a = element; a && card.contains(a); a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") said = true;
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = a.getBoundingClientRect();
        const border = (side) =>
          a instanceof SVGElement ? 0 : parseFloat(style[`border${side}Width`]);
        const box = { left: b.left + border("Left"), top: b.top + border("Top"),
          right: b.right - border("Right"), bottom: b.bottom - border("Bottom") };
        const kept = [];
        for (const r of lines) {
          const inside = r.left >= box.left - 1 && r.right <= box.right + 1 &&
            r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          const outside = r.bottom <= box.top + 1 || r.top >= box.bottom - 1 ||
            r.right <= box.left + 1 || r.left >= box.right - 1;
          const acrossOnly = r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          if (inside) kept.push(r);
          else if (said && (outside || (acrossOnly && style.textOverflow === "ellipsis"))) {
            if (!outside) kept.push(r); // an ellipsis ends the line inside the box
          } else {
            faults.push({ kind: "clipped", card: name, text: text.slice(0, 60),
              other: outside ? "a line hidden without an ellipsis" : "a line cut" });
            break;
          }
        }
        lines = kept.map((r) => DOMRect.fromRect({
          x: Math.max(r.left, box.left), y: Math.max(r.top, box.top),
          width: Math.max(0, Math.min(r.right, box.right) - Math.max(r.left, box.left)),
          height: Math.max(0, Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top)) }));
      }
      // (c) out of the card: a line over its edge, where nothing clips it.
      // (A label beside the card is not on it: a caption, a ribbon over its edge.)
      const edge = card.getBoundingClientRect();
      const beside = element.closest("figcaption") || lines.every((r) =>
        (r.top + r.bottom) / 2 < edge.top || (r.top + r.bottom) / 2 > edge.bottom);
      if (!beside && lines.some((r) => r.left < edge.left - 1 || r.right > edge.right + 1 ||
                            r.top < edge.top - 1 || r.bottom > edge.bottom + 1)) {
        faults.push({ kind: "clipped", card: name, text: text.slice(0, 60),
          other: "out of the card" });
      }
      // (a) a word broken inside: its letters on two lines (an SVG text is one line).
      if (!svgText) {
        const words = /[^\s\-\/]+[\-\/]?/g;
        for (let m = words.exec(node.textContent); m; m = words.exec(node.textContent)) {
          const word = document.createRange();
          word.setStart(node, m.index);
          word.setEnd(node, m.index + m[0].replace(/[\-\/]$/, "").length);
          const tops = new Set(rects(word).map((r) => Math.round(r.top / 3)));
          if (tops.size > 1) {
            faults.push({ kind: "broken", card: name, text: text.slice(0, 60), other: m[0] });
          }
        }
      }
      texts.push({ text, lines });
    }
    // (b) texts over each other, or over the magnifier.
    const button = card.querySelector(":scope > .card-zoom-button") ??
      (card.nextElementSibling?.matches(".card-zoom-button") ? card.nextElementSibling : null);
    const magnifier = button && shown(button) ? button.getBoundingClientRect() : null;
    texts.forEach((t, i) => {
      if (magnifier && t.lines.some((r) => cross(r, magnifier, 1, 1))) {
        faults.push({ kind: "overlap", card: name, text: t.text.slice(0, 60),
          other: "the magnifier" });
      }
      for (const u of texts.slice(i + 1)) {
        if (t.lines.some((r) => u.lines.some((s) => cross(r, s)))) {
          faults.push({ kind: "overlap", card: name, text: t.text.slice(0, 60),
            other: u.text.slice(0, 60) });
        }
      }
    });
  }
  return faults;
}"""


# A tilted card (an exhausted Mindbug creature, drawn turned aside) is measured upright:
# the boxes of a rotated text are the axis-aligned boxes around it, and two stacked lines
# turned by 9 degrees have boxes that cross though their letters do not.
UNTILTED = """async ([measure, within]) => {
  const style = document.createElement("style");
  style.textContent = ".screen-mindbug .mb-card.mb-exhausted svg { transform: none !important; }";
  document.head.append(style);
  try { return await (eval(measure))(within); } finally { style.remove(); }
}"""


def face_faults(page: Page, within: str = ".zoomable, .card-zoom-face") -> list[dict[str, Any]]:
    """Every fault of the page's visible card faces (those matching `within`), once its
    animations are over. A bot's move can land between the wait and the measure and start a
    new animation (a card flashing as it is posed): a fault counts only if it is still there
    once that animation is over too, measured up to three times."""
    faults: list[dict[str, Any]] = []
    for attempt in range(3):
        page.evaluate(SETTLED)
        found = list(page.evaluate(UNTILTED, [FACE_FAULTS, within]))
        if attempt:
            before = {_key(f) for f in faults}
            found = [f for f in found if _key(f) in before]
        faults = found
        if not faults:
            break
        page.wait_for_timeout(400)
    return faults


def _key(fault: dict[str, Any]) -> tuple[str, ...]:
    # Not the card's classes: a flash class comes and goes with the animation.
    return tuple(str(fault.get(k)) for k in ("kind", "text", "other"))
