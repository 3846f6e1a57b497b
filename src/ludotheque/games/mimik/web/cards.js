// MIMIK's card faces in SVG (a Value, an Action, the MIMIK, a card's back), a card shown large,
// and a card's name in the reader's words.
import { wrap } from "/static/js/dom.js";
import { zoomable } from "/static/js/overlay.js";
import { el, svg } from "./dom.js";

export const VALUES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
// The printed card names (the view's and the notation's words) and the catalogue keys.
export const KEYS = {
  Sabotage: "sabotage", Swap: "swap", Reverse: "reverse", Pause: "pause", Half: "half",
  "Discard x2": "discard2", Pickpocket: "pickpocket", "Swap Score": "swapscore",
  Tsunami: "tsunami", MIMIK: "mimik",
};

export function keyOf(card) {
  return KEYS[card] || "value";
}

function isValue(card) {
  return VALUES.includes(card);
}

export function cardName(t, card) {
  return isValue(card) ? card : t(`mimik.card.${keyOf(card)}`);
}

// -- card faces -----------------------------------------------------------------------------
// A font size that fits `text` in a card's width (about 0.6 em a letter).
function fit(text, largest, room) {
  return Math.min(largest, room / Math.max(1, text.length));
}

function valueHue(value) {
  return 200 - Math.max(0, Math.min(11, value) - 1) * 19;
}

function icon(key) {
  // Simple drawn symbols, centred on (50, 62); shapes, not colours, tell the cards apart.
  const ink = { fill: "none", stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (key) {
    case "sabotage":
      return svg("g", {}, svg("circle", { cx: 46, cy: 66, r: 16, fill: "#fff" }),
        svg("path", { ...ink, d: "M57 54 L66 45 M66 45 l6 -3 M66 45 l3 -6 M66 45 l7 2" }));
    case "swap":
      return svg("g", {}, svg("path", { ...ink, d: "M28 54 H70 M60 44 L72 54 L60 64" }),
        svg("path", { ...ink, d: "M72 74 H30 M40 64 L28 74 L40 84" }));
    case "reverse":
      return svg("g", {}, svg("path", { ...ink, d: "M66 50 A18 18 0 1 0 68 70" }),
        svg("path", { ...ink, d: "M58 44 L67 50 L60 58" }),
        svg("text", { class: "mk-t-icon", x: 49, y: 67, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff", text: "11−x" }));
    case "pause":
      return svg("g", {}, svg("rect", { x: 34, y: 46, width: 11, height: 34, rx: 2, fill: "#fff" }),
        svg("rect", { x: 55, y: 46, width: 11, height: 34, rx: 2, fill: "#fff" }));
    case "half":
      return svg("g", {}, svg("text", { class: "mk-t-icon", x: 50, y: 76, "text-anchor": "middle", "font-size": 34, "font-weight": 700, fill: "#fff", text: "½" }));
    case "discard2":
      return svg("g", {}, svg("rect", { x: 30, y: 46, width: 24, height: 34, rx: 3, fill: "#fff", transform: "rotate(-12 42 63)" }),
        svg("rect", { x: 46, y: 44, width: 24, height: 34, rx: 3, fill: "#fff", stroke: "#555", transform: "rotate(10 58 61)" }),
        svg("text", { class: "mk-t-icon", x: 58, y: 68, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#333", text: "×2" }));
    case "pickpocket":
      return svg("g", {}, svg("path", { ...ink, d: "M26 63 Q50 40 74 63 Q50 86 26 63 Z" }),
        svg("circle", { cx: 50, cy: 63, r: 7, fill: "#fff" }));
    case "swapscore":
      return svg("g", {}, svg("text", { class: "mk-t-icon", x: 50, y: 70, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#fff", text: "Σ⇄Σ" }));
    case "tsunami":
      return svg("g", {}, svg("path", { ...ink, d: "M24 70 Q32 58 40 70 T56 70 T72 70" }),
        svg("path", { ...ink, d: "M30 56 Q38 44 46 56 T62 56 T78 56" }));
    default:
      return svg("g", {}, svg("path", { ...ink, d: "M24 62 Q50 36 76 62 Q50 88 24 62 Z" }),
        svg("circle", { cx: 50, cy: 62, r: 9, fill: "#fff" }),
        svg("circle", { cx: 50, cy: 62, r: 4, fill: "#2b6a3a" }));
  }
}

// A card face: `card` is a printed name; `posed` ([face, value, copied?]) for a posed card.
export function cardFace(t, card, posed = null, label = "") {
  const key = keyOf(card);
  const root = svg("svg", { viewBox: "0 0 100 140", class: `mk-face mk-${key}`, role: "img", "aria-label": label || null });
  if (label) root.append(svg("title", { text: label }));
  if (key === "value") {
    const printedValue = Number(card);
    const value = posed ? posed[1] : printedValue;
    const hue = valueHue(printedValue);
    root.append(
      svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#fffdf7", stroke: `hsl(${hue} 55% 35%)`, "stroke-width": 3 }),
      svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 7, fill: `hsl(${hue} 70% 92%)`, stroke: `hsl(${hue} 50% 60%)` }),
      svg("text", { x: 14, y: 28, class: "mk-t-corner", "font-size": 18, "font-weight": 700, fill: `hsl(${hue} 60% 28%)`, text: card }),
      svg("text", { x: 86, y: 126, class: "mk-t-corner", "font-size": 18, "font-weight": 700, "text-anchor": "end", fill: `hsl(${hue} 60% 28%)`, text: card }),
      svg("text", { x: 50, y: 82, "font-size": value >= 10 ? 50 : 58, "font-weight": 800, "text-anchor": "middle", fill: `hsl(${valueHue(value)} 65% 30%)`, text: String(value) }),
    );
    if (posed && value !== printedValue) {
      // MK-6: the changed value stays on the card; the printed one is still shown, struck.
      root.append(svg("rect", { x: 14, y: 100, width: 72, height: 18, rx: 9, fill: "#222" }),
        svg("text", { x: 50, y: 113, class: "mk-t-fine", "font-size": 12, "text-anchor": "middle", fill: "#fff", text: `${card} → ${value}` }));
    } else {
      root.append(svg("text", { x: 50, y: 108, class: "mk-t-kind", "font-size": 10, "text-anchor": "middle", fill: "#555", "letter-spacing": 1, text: t("mimik.kind.value") }));
    }
    return root;
  }
  if (key === "mimik") {
    root.append(
      svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#2b6a3a", stroke: "#12361c", "stroke-width": 3 }),
      svg("path", { d: "M2 40 Q50 20 98 40 V2 H2 Z", fill: "#3f8f52" }),
      svg("text", { x: posed && posed.length > 2 ? 40 : 50, y: 24, class: "mk-t-title", "font-size": 16, "font-weight": 800, "text-anchor": "middle", fill: "#fff", "letter-spacing": 2, text: "MIMIK" }),
      icon("mimik"),
    );
    if (posed && posed.length > 2) {
      // MK-26: what this MIMIK copied; MK-27: it is out of the opponents' reach.
      const name = posed[1] === null ? cardName(t, posed[2]) : "";
      // The copied value reads "= 5"; a small card shows the 5 alone, a little to the left
      // (the screen's CSS), which would otherwise run under its magnifier.
      const shown = posed[1] === null
        ? svg("text", { x: 50, y: 107, class: "mk-t-fine", "font-size": fit(name, 13, 120), "font-weight": 800, "text-anchor": "middle", fill: "#12361c", text: name })
        : svg("text", { x: 50, y: 110, class: "mk-t-posed mk-t-copied", "font-size": 22, "font-weight": 800, "text-anchor": "middle", fill: "#12361c" },
          svg("tspan", { class: "mk-t-equals", text: "= " }), svg("tspan", { text: String(posed[1]) }));
      root.append(svg("rect", { x: 10, y: 88, width: 80, height: 28, rx: 6, fill: "#fff" }), shown,
        svg("path", { d: "M84 6 L95 10 V19 Q95 27 84 32 Q73 27 73 19 V10 Z", fill: "#f4d35e", stroke: "#12361c" }),
        svg("text", { x: 50, y: 132, class: "mk-t-fine", "font-size": 9, "text-anchor": "middle", fill: "#fff", text: posed[1] === null ? t("mimik.face.no_value") : t("mimik.face.copy") }));
    } else if (posed) {
      root.append(svg("rect", { x: 10, y: 88, width: 80, height: 28, rx: 6, fill: "#fff" }),
        svg("text", { x: 50, y: 110, class: "mk-t-posed", "font-size": 22, "font-weight": 800, "text-anchor": "middle", fill: "#12361c", text: String(posed[1]) }),
        svg("text", { x: 50, y: 132, class: "mk-t-fine", "font-size": 9, "text-anchor": "middle", fill: "#fff", text: t("mimik.face.five") }));
    } else {
      wrap(t("mimik.effect.mimik"), 17).slice(0, 4).forEach((line, i) => root.append(
        svg("text", { x: 50, y: 96 + i * 11, class: "mk-t-effect", "font-size": 9.5, "text-anchor": "middle", fill: "#fff", text: line })));
    }
    return root;
  }
  // An Action card: name, symbol, effect.
  root.append(
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#fff", stroke: "#3b2a5c", "stroke-width": 3 }),
    svg("rect", { x: 6, y: 32, width: 88, height: 54, rx: 6, fill: "#5b3f8c" }),
    svg("text", { x: 50, y: 15, class: "mk-t-kind", "font-size": 8, "text-anchor": "middle", fill: "#5b3f8c", "letter-spacing": 1.5, text: t("mimik.kind.action") }),
    svg("text", { x: 50, y: 29, class: "mk-t-name", "font-size": fit(cardName(t, card), 13, 140), "font-weight": 800, "text-anchor": "middle", fill: "#2a1d45", text: cardName(t, card),
      // A long name is narrowed rather than made small (issue #20: 11 px on a laptop's hand).
      ...(cardName(t, card).length > 10 ? { textLength: 88, lengthAdjust: "spacingAndGlyphs" } : {}) }),
    icon(key),
  );
  wrap(t(`mimik.effect.${key}`), 17).slice(0, 4).forEach((line, i) => root.append(
    svg("text", { x: 50, y: 98 + i * 11, class: "mk-t-effect", "font-size": 9.5, "text-anchor": "middle", fill: "#222", text: line })));
  return root;
}

// A card shown large (issue #20): its face, its name and its whole effect in words; `more`
// what the table adds (a posed card's value, whose it is).
export function zoomCard(box, t, card, face, more = null) {
  const key = keyOf(card);
  const effect = key === "value" ? t("mimik.card_label", { card }) : t(`mimik.effect.${key}`);
  zoomable(box, () => ({ title: cardName(t, card), face, scope: "screen-mimik", lines: [more, effect] }));
  // The effect over the face in HTML, at a size one reads in the hand (the face's own lines
  // are for the card shown large).
  if (key !== "value") box.append(el("span", { class: "mk-over-effect", "aria-hidden": "true", text: t(`mimik.effect.${key}`) }));
}

export function cardBack(label) {
  return svg("svg", { viewBox: "0 0 100 140", class: "mk-face mk-back", role: "img", "aria-label": label },
    svg("title", { text: label }),
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#23402b", stroke: "#0e1f13", "stroke-width": 3 }),
    svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 7, fill: "none", stroke: "#8fc79b", "stroke-dasharray": "4 3" }),
    svg("path", { d: "M22 70 Q50 44 78 70 Q50 96 22 70 Z", fill: "none", stroke: "#8fc79b", "stroke-width": 4 }),
    svg("circle", { cx: 50, cy: 70, r: 7, fill: "#8fc79b" }),
    svg("text", { x: 50, y: 120, class: "mk-t-back", "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: "#8fc79b", "letter-spacing": 2, text: "MIMIK" }));
}
