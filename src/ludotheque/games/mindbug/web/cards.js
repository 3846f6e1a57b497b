// Mindbug's card faces, card backs and small icons, drawn in SVG. Words come from the caller
// (the card data and the screen's catalogue); shapes here only repeat what the words say. The
// creatures' illustrations are symbols of the sets' sprites (web/art-<set>.svg), used by reference.
import { wrap } from "/static/js/dom.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function text(x, y, words, attrs = {}) {
  const node = svg("text", { x, y, ...attrs });
  node.textContent = words;
  return node;
}

// One hue per creature, stable across games, so that two copies look alike.
function hue(key) {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return Math.round((h % 1000) * 137.508) % 360;
}

// Keyword icons in a 10x10 box: a shape for each keyword, beside its word (never alone).
export const KEYWORD_ICONS = {
  CHASSEUR: () => svg("g", { fill: "none", stroke: "currentColor", "stroke-width": 1.4 },
    svg("circle", { cx: 5, cy: 5, r: 3.6 }), svg("path", { d: "M5 0v3M5 7v3M0 5h3M7 5h3" })),
  CORIACE: () => svg("path", { d: "M5 0.5 L9.5 2 V5 C9.5 7.6 7.4 9.2 5 10 C2.6 9.2 0.5 7.6 0.5 5 V2 Z",
    fill: "currentColor" }),
  FURIE: () => svg("path", { d: "M0.5 1 L4.5 5 L0.5 9 M5 1 L9 5 L5 9", fill: "none",
    stroke: "currentColor", "stroke-width": 1.8 }),
  FURTIF: () => svg("g", { fill: "none", stroke: "currentColor", "stroke-width": 1.3 },
    svg("path", { d: "M0.5 5 C3 1.5 7 1.5 9.5 5 C7 8.5 3 8.5 0.5 5 Z" }),
    svg("circle", { cx: 5, cy: 5, r: 1.4, fill: "currentColor" }), svg("path", { d: "M1 9.5 L9 0.5" })),
  VENIMEUX: () => svg("path", { d: "M5 0.3 C6.5 3 8.5 5 8.5 6.8 A3.5 3.5 0 0 1 1.5 6.8 C1.5 5 3.5 3 5 0.3 Z",
    fill: "currentColor" }),
  RAPIDE: () => svg("path", { d: "M6 0 L1.5 5.6 H4.6 L3.6 10 L8.5 4 H5.4 Z", fill: "currentColor" }),
};

const KEYWORD_COLOURS = {
  CHASSEUR: "#7a3e00", CORIACE: "#33507a", FURIE: "#a3161a", FURTIF: "#3d3d5c",
  VENIMEUX: "#2f6b1f", RAPIDE: "#8a6a00",
};

let faces = 0;

// The art band: where a creature's illustration sits, under the name, above the keywords.
const ART = { x: 6, y: 31, width: 108, height: 48 };

// A creature's illustration: its symbol in its set's sprite (web/art-<set>.svg, drawn in a
// 120x90 box and kept whole inside the band), or its initial for a creature of no set.
function art(info) {
  if (info.set) {
    return [svg("use", { href: `/screens/mindbug/art-${info.set}.svg#${info.key}`, ...ART,
      class: "mb-art", "data-art": info.key })];
  }
  return [text(60, ART.y + ART.height / 2 + 12, info.name.slice(0, 1).toUpperCase(), {
    "text-anchor": "middle", "font-size": 34, "font-weight": 700, fill: "#2b2233", opacity: 0.4,
    "font-family": "Georgia, serif" })];
}

// The face of a creature: power, name, art band, keywords (icon and word), effect text.
export function cardFace(info, { live = null, keywordWord, t }) {
  const h = hue(info.key);
  // Each face its own gradient: a face inside a closed discard pile must not hide another's.
  faces += 1;
  const gid = `mb-art-${faces}`;
  const face = svg("svg", { viewBox: "0 0 120 168", class: "mb-face", role: "presentation" });
  const words = info.keywords.map(keywordWord);
  face.append(svg("title", {}, `${info.name} — ${t("mb.card.power", { power: info.power })}${
    words.length ? ` — ${words.join(", ")}` : ""} — ${info.text}`));
  // Light tints of the creature's own hue, so that the drawing's dark outline reads on them.
  face.append(svg("defs", {},
    svg("linearGradient", { id: gid, x1: 0, y1: 0, x2: 1, y2: 1 },
      svg("stop", { offset: "0", "stop-color": `hsl(${h} 70% 90%)` }),
      svg("stop", { offset: "1", "stop-color": `hsl(${(h + 50) % 360} 55% 74%)` }))));
  face.append(svg("rect", { x: 1.5, y: 1.5, width: 117, height: 165, rx: 9, fill: "#fffaf0",
    stroke: "#3a2c3f", "stroke-width": 3 }));
  face.append(svg("rect", { ...ART, rx: 5, fill: `url(#${gid})` }), ...art(info));
  // Power in a circle: green when raised, red when lowered (and the number says it too).
  const base = info.basePower;
  const colour = live && info.power > base ? "#1f6b3a" : live && info.power < base ? "#8a1c1c" : "#2b2230";
  face.append(svg("circle", { cx: 17, cy: 16.5, r: 13, fill: colour, stroke: "#e0b040", "stroke-width": 2 }));
  face.append(text(17, 22, String(info.power), { class: "mb-t-power", "text-anchor": "middle", "font-size": 16,
    "font-weight": 700, fill: "#fff" }));
  // The name: one line as large as fits, or two lines.
  const room = 82;
  const fit = (line) => room / (Math.max(line.length, 1) * 0.66);
  let nameLines = [info.name];
  let nameSize = Math.min(11, fit(info.name));
  if (nameSize < 8.2) {
    nameLines = wrap(info.name, Math.ceil(info.name.length / 2) + 2).slice(0, 2);
    nameSize = Math.min(9.6, ...nameLines.map(fit));
  }
  nameLines.forEach((line, i) => {
    const y = nameLines.length > 1 ? 13.5 + i * (nameSize + 1) : 20;
    face.append(text(34, y, line, { class: "mb-t-name", "font-size": nameSize.toFixed(2), "font-weight": 700, fill: "#1d1b16" }));
  });
  // Keywords: icon and word, one per line.
  let y = ART.y + ART.height + 4;
  for (const k of info.keywords) {
    const colourK = KEYWORD_COLOURS[k] || "#333";
    const g = svg("g", { transform: `translate(6 ${y})`, color: colourK });
    g.append(svg("rect", { x: 0, y: 0, width: 108, height: 13, rx: 6.5, fill: colourK, opacity: 0.13 }));
    const iconBox = svg("g", { transform: "translate(3 1.5)" });
    iconBox.append((KEYWORD_ICONS[k] || KEYWORD_ICONS.CORIACE)());
    g.append(iconBox, text(17, 10, keywordWord(k).toUpperCase(), { class: "mb-t-keyword", "font-size": 8.4,
      "font-weight": 700, fill: colourK, "letter-spacing": 0.4 }));
    face.append(g);
    y += 15;
  }
  // The effect text, wrapped; smaller when the card is crowded.
  const crowded = info.keywords.length > 1 && info.text.length > 60;
  const size = crowded ? 7.4 : 8.4;
  const lines = wrap(info.text, crowded ? 27 : 24);
  const step = size + 1.6;
  const fits = Math.max(1, Math.floor((164 - y - 4) / step));
  lines.slice(0, fits).forEach((line, i) => {
    face.append(text(7, y + 9 + i * step, i === fits - 1 && lines.length > fits ? `${line}…` : line,
      { class: "mb-t-effect", "font-size": size, fill: "#2a2622" }));
  });
  return face;
}

// The back of a card: a pattern and a brain-bug mark; `label` is its words (for the title).
export function cardBack(label) {
  const back = svg("svg", { viewBox: "0 0 120 168", class: "mb-back", role: "presentation" });
  back.append(svg("title", {}, label));
  back.append(svg("rect", { x: 1.5, y: 1.5, width: 117, height: 165, rx: 9, fill: "#3b1f4f",
    stroke: "#d8b25a", "stroke-width": 3 }));
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 5; c++) {
      back.append(svg("circle", { cx: 16 + c * 22 + (r % 2) * 11, cy: 16 + r * 23, r: 4,
        fill: "#5a3474" }));
    }
  }
  back.append(svg("ellipse", { cx: 60, cy: 90, rx: 26, ry: 30, fill: "#7c4ba0", stroke: "#d8b25a",
    "stroke-width": 2.5 }));
  back.append(svg("path", { d: "M50 62 Q44 44 34 40 M70 62 Q76 44 86 40", fill: "none",
    stroke: "#d8b25a", "stroke-width": 2.5 }));
  back.append(svg("circle", { cx: 50, cy: 84, r: 5, fill: "#f3e3b0" }),
    svg("circle", { cx: 70, cy: 84, r: 5, fill: "#f3e3b0" }));
  back.append(svg("path", { d: "M46 102 Q60 112 74 102", fill: "none", stroke: "#f3e3b0",
    "stroke-width": 2.5 }));
  return back;
}

// Small icons for the players' counters (life, Mindbugs, hand, draw pile, discard pile).
export function icon(kind) {
  const box = svg("svg", { viewBox: "0 0 16 16", class: `mb-icon mb-icon-${kind}`, "aria-hidden": "true" });
  switch (kind) {
    case "life":
      box.append(svg("path", { d: "M8 14 C2 10 0.5 7 0.5 4.6 A3.6 3.6 0 0 1 8 3.2 A3.6 3.6 0 0 1 15.5 4.6 C15.5 7 14 10 8 14 Z",
        fill: "#c0262d" }));
      break;
    case "mindbug":
      box.append(svg("ellipse", { cx: 8, cy: 9.5, rx: 5.5, ry: 5.5, fill: "#7c4ba0" }),
        svg("path", { d: "M5.5 5 Q4 1.5 2 1 M10.5 5 Q12 1.5 14 1", fill: "none", stroke: "#7c4ba0",
          "stroke-width": 1.5 }),
        svg("circle", { cx: 6, cy: 9, r: 1.2, fill: "#fff" }), svg("circle", { cx: 10, cy: 9, r: 1.2, fill: "#fff" }));
      break;
    case "mindfrog":
      box.append(svg("ellipse", { cx: 8, cy: 10, rx: 6.5, ry: 4.5, fill: "#2f8a3c" }),
        svg("circle", { cx: 4.8, cy: 5.5, r: 2.4, fill: "#2f8a3c" }), svg("circle", { cx: 11.2, cy: 5.5, r: 2.4, fill: "#2f8a3c" }),
        svg("circle", { cx: 4.8, cy: 5.3, r: 1, fill: "#fff" }), svg("circle", { cx: 11.2, cy: 5.3, r: 1, fill: "#fff" }));
      break;
    case "hand":
      for (const [r, c] of [[-18, "#b9a6c9"], [0, "#9a7bb5"], [18, "#7c4ba0"]]) {
        box.append(svg("rect", { x: 5, y: 2, width: 6.5, height: 10, rx: 1.2, fill: c, stroke: "#3b1f4f",
          "stroke-width": 0.6, transform: `rotate(${r} 8 14)` }));
      }
      break;
    case "pile":
      for (let i = 2; i >= 0; i--) {
        box.append(svg("rect", { x: 3 + i, y: 1 + i * 2, width: 9, height: 11, rx: 1.2, fill: "#3b1f4f",
          stroke: "#d8b25a", "stroke-width": 0.7 }));
      }
      break;
    default: // discard pile: cards askew
      box.append(svg("rect", { x: 3, y: 3, width: 9, height: 11, rx: 1.2, fill: "#ddd2bd", stroke: "#6b6357",
        "stroke-width": 0.7, transform: "rotate(-14 8 8)" }),
      svg("rect", { x: 4, y: 2, width: 9, height: 11, rx: 1.2, fill: "#f4ead2", stroke: "#6b6357",
        "stroke-width": 0.7, transform: "rotate(10 8 8)" }));
  }
  return box;
}
