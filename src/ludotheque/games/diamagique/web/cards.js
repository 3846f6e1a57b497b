// Diamagique's card faces in SVG: a Sort, a Château, a Magicien (a low card that stays on the
// table), a card's back, the gems of the Diamagiques, and the words a card is read aloud with.
import { wrap } from "/static/js/dom.js";
import { emblemUse } from "/static/js/emblems.js";

// The faces of every card of the set (web/cards.json, made by faces.py): the view names cards,
// the faces say their colours, Puissance, Caché keyword and effect in French and English.
export const FACES = await (await fetch(new URL("cards.json", import.meta.url))).json();
export const BY_SLUG = {};
for (const [name, face] of Object.entries(FACES.sorts)) BY_SLUG[face.slug] = name;
export const CASTLE_BY_SLUG = {};
for (const [name, face] of Object.entries(FACES.chateaux)) CASTLE_BY_SLUG[face.slug] = name;

const NS = "http://www.w3.org/2000/svg";
// One emblem per team (emblems.svg, beside this file), on its Magiciens and its heading.
export const EMBLEMS = new URL("emblems.svg", import.meta.url).pathname;
const TINT = { Jaune: "#e9b81c", Rouge: "#cf4a2f", Vert: "#3c9550", Bleu: "#2f6fbf" };
const PALE = { Jaune: "#fbefc4", Rouge: "#f6d5cc", Vert: "#d3ecd8", Bleu: "#d3e2f5" };

export function sv(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, String(v));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export function textLines(lines, x, y, step, attrs) {
  const node = sv("text", { x, y, "text-anchor": "middle", ...attrs });
  lines.forEach((line, i) => node.append(sv("tspan", { x, dy: i ? step : 0, text: line })));
  return node;
}

// A Diamagique or colour mark: a cut gem with the colour's letter (never colour alone).
export function gem(ctx, colour, x, y, size) {
  const g = sv("g", { class: "dg-gem", transform: `translate(${x} ${y})` });
  const s = size / 2;
  const fill = colour ? TINT[colour] : "#6b6357";
  g.append(sv("polygon", {
    points: `0,${-s} ${s * 0.9},${-s * 0.25} ${s * 0.55},${s} ${-s * 0.55},${s} ${-s * 0.9},${-s * 0.25}`,
    fill, stroke: "#1d1b16", "stroke-width": 0.8,
  }));
  g.append(sv("text", {
    x: 0, y: s * 0.45, "text-anchor": "middle", "font-size": size * 0.62, "font-weight": 700,
    fill: colour === "Jaune" ? "#1d1b16" : "#fff",
    text: colour ? ctx.t(`colour.${colour}.letter`) : "?",
  }));
  return g;
}

export function colourNames(ctx, colours) {
  return colours.map((c) => ctx.t(`colour.${c}`)).join(" / ");
}

export function effectOf(ctx, effet) {
  return effet ? effet[ctx.lang === "en" ? "en" : "fr"] : ctx.t("no_effect");
}

function categoryLabel(ctx, effet) {
  // DG-14: the rank of the effect's category, 1 to 8, says when it acts.
  return ctx.t("category", { rank: effet.rang, name: ctx.t(`cat.${effet.categorie}`) });
}

// The coloured band at the top of a face: one colour, or two halves for a two-colour card.
function band(colours) {
  const g = sv("g");
  const w = 100 / colours.length;
  colours.forEach((c, i) => g.append(sv("rect", { x: i * w, y: 0, width: w, height: 30, fill: PALE[c] })));
  g.append(sv("line", { x1: 0, y1: 30, x2: 100, y2: 30, stroke: TINT[colours[0]], "stroke-width": 1.5 }));
  return g;
}

function faceFrame(colours, extraClass) {
  const root = sv("svg", { viewBox: "0 0 100 140", class: `dg-face ${extraClass || ""}` });
  const clip = `dgclip${Math.random().toString(36).slice(2, 8)}`;
  root.append(sv("defs", {}, sv("clipPath", { id: clip }, sv("rect", { x: 0, y: 0, width: 100, height: 140, rx: 7 }))));
  const inner = sv("g", { "clip-path": `url(#${clip})` });
  inner.append(sv("rect", { x: 0, y: 0, width: 100, height: 140, fill: "#fffdf6" }));
  inner.append(band(colours));
  root.append(inner);
  root.append(sv("rect", {
    x: 1, y: 1, width: 98, height: 138, rx: 6.5, fill: "none",
    stroke: TINT[colours[0]], "stroke-width": 2.2,
  }));
  if (colours[1]) {
    root.append(sv("path", { d: "M 60 139 L 93 139 Q 99 139 99 133 L 99 80", fill: "none", stroke: TINT[colours[1]], "stroke-width": 2.2 }));
  }
  return { root, inner };
}

function effectBox(ctx, g, effet, top) {
  g.append(sv("rect", { x: 5, y: top, width: 90, height: 136 - top, rx: 4, fill: "#f3eddf", stroke: "#d8cfbd", "stroke-width": 0.6 }));
  if (!effet) {
    g.append(textLines([ctx.t("no_effect")], 50, top + 14, 9, { class: "dg-fine", "font-size": 7, "font-style": "italic", fill: "#6b6357" }));
    return;
  }
  g.append(textLines([categoryLabel(ctx, effet)], 50, top + 9, 8, { class: "dg-fine", "font-size": 6.8, "font-weight": 700, fill: "#8a3b12" }));
  const room = Math.max(2, Math.floor((136 - top - 14) / 8.8));
  g.append(textLines(wrap(effectOf(ctx, effet), 23, room), 50, top + 19.5, 8.8, { class: "dg-fine", "font-size": 7.4, fill: "#1d1b16" }));
}

function nameText(g, name, y) {
  const lines = wrap(name, 15, 2);
  g.append(textLines(lines, 50, lines.length > 1 ? y - 4 : y, 10, { class: "dg-fine", "font-size": 9.6, "font-weight": 700, fill: "#1d1b16" }));
}

export function sortFace(ctx, name, final, shift) {
  const face = FACES.sorts[name];
  const { root, inner } = faceFrame(face.couleurs, "dg-sort");
  root.append(sv("title", { text: sortLabel(ctx, name) }));
  inner.append(sv("circle", { cx: 16, cy: 16, r: 11.5, fill: "#1d1b16" }));
  const printed = sv("text", { x: 16, y: 21.5, class: "dg-power", "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#fff", text: face.puissance });
  inner.append(printed);
  face.couleurs.forEach((c, i) => inner.append(gem(ctx, c, 86 - i * 15, 15, 13)));
  nameText(inner, name, 47);
  if (face.cache) {
    // Its band goes with its fine words (the name says ◐ on the table).
    inner.append(sv("rect", { x: 22, y: 57, width: 56, height: 11, rx: 5.5, fill: "#3b2e5a", class: "dg-fine" }));
    inner.append(sv("text", { x: 50, y: 65, class: "dg-fine", "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: "#fff", "letter-spacing": 0.6, text: `◐ ${ctx.t("cache")}` }));
  }
  effectBox(ctx, inner, face.effet, 72);
  if (final !== undefined && final !== null && final !== face.puissance) {
    // The Puissance after every modifier (DG-14), over the printed one.
    // It pops 1 s after the totals are known (shifted like the challenge panel's numbers).
    const fresh = shift !== null && shift !== undefined;
    const mark = sv("g", { class: fresh ? "dg-final dg-fresh" : "dg-final", style: fresh ? `animation-delay:${(1 - shift).toFixed(2)}s` : null });
    mark.append(sv("circle", { cx: 16, cy: 16, r: 13, fill: "#2d6a3e", stroke: "#fff", "stroke-width": 1.5 }));
    mark.append(sv("text", { x: 16, y: 21.5, class: "dg-power", "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#fff", text: final }));
    root.append(mark);
    // The printed number under it goes when the mark comes: no two numbers one over the other.
    printed.setAttribute("class", "dg-power dg-printed");
    if (fresh) printed.setAttribute("style", `animation-delay:${(1 - shift).toFixed(2)}s`);
  }
  return root;
}

// What the card shown large says beside its face: its whole label and its effect's category.
export function zoomOf(ctx, name, label, effet) {
  return { title: name, lines: [label, effet ? [ctx.t("zoom.category"), categoryLabel(ctx, effet)] : null] };
}

export function sortOver(ctx, name) {
  const face = FACES.sorts[name];
  return { name: face.cache ? `◐ ${name}` : name, effect: effectOf(ctx, face.effet) };
}

export function castleOver(ctx, name) {
  return { name, effect: effectOf(ctx, FACES.chateaux[name].effet) };
}

export function sortLabel(ctx, name) {
  const face = FACES.sorts[name];
  return ctx.t("sort_label", {
    name, power: face.puissance, colours: colourNames(ctx, face.couleurs),
    hidden: face.cache ? ctx.t("cache_suffix") : "", effect: effectOf(ctx, face.effet),
  });
}

export function castleFace(ctx, name) {
  const face = FACES.chateaux[name];
  const { root, inner } = faceFrame(face.couleurs, "dg-castle");
  root.append(sv("title", { text: ctx.t("castle_label", { name, colours: colourNames(ctx, face.couleurs), effect: effectOf(ctx, face.effet) }) }));
  // A small keep with battlements: the mark of a Château.
  inner.append(sv("path", { d: "M8 26 V12 h3 v3 h3 v-3 h3 v3 h3 v-3 h3 V26 Z", fill: TINT[face.couleurs[0]], stroke: "#1d1b16", "stroke-width": 0.6 }));
  face.couleurs.forEach((c, i) => inner.append(gem(ctx, c, 86 - i * 15, 15, 13)));
  nameText(inner, name, 47);
  inner.append(sv("text", { x: 50, y: 66, class: "dg-fine", "text-anchor": "middle", "font-size": 6.5, fill: "#6b6357", "letter-spacing": 0.8, text: ctx.t("castle_word") }));
  effectBox(ctx, inner, face.effet, 72);
  return root;
}

export function wizardFace(ctx, name, position, held, equipe) {
  // A Magicien stays on the table all game: a low card, name, ability and Diamagiques held.
  const face = FACES.magiciens[name];
  const root = sv("svg", { viewBox: "0 0 100 66", class: "dg-face dg-wizard" });
  root.append(sv("title", { text: ctx.t("wizard_label", {
    name, position, colours: colourNames(ctx, face.couleurs), effect: effectOf(ctx, face.effet),
    count: held.length, held: held.map((c) => ctx.t(`colour.${c}`)).join(", ") || "—",
  }) }));
  const w = 100 / face.couleurs.length;
  root.append(sv("rect", { x: 0.8, y: 0.8, width: 98.4, height: 64.4, rx: 5, fill: "#fffdf6" }));
  face.couleurs.forEach((c, i) => root.append(sv("rect", { x: 0.8 + i * w, y: 0.8, width: w - 0.8, height: 17, fill: PALE[c] })));
  root.append(sv("rect", { x: 0.8, y: 0.8, width: 98.4, height: 64.4, rx: 5, fill: "none", stroke: TINT[face.couleurs[0]], "stroke-width": 1.6 }));
  // The position in its box (its 11 units narrowed to fit), clear of the name beside it.
  root.append(sv("rect", { x: 2.5, y: 3, width: 18, height: 12.5, rx: 2.5, fill: "#1d1b16" }));
  root.append(sv("text", { x: 11.5, y: 12.8, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: "#fff", text: `M${position}`,
    textLength: 14, lengthAdjust: "spacingAndGlyphs" }));
  // A long name is narrowed to fit between the position and the colours (11 units: 11 px
  // or more on a laptop's table, issue #20).
  const room = 63 - 10 * (face.couleurs.length - 1);
  const fit = name.length * 5.6 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
  root.append(sv("text", { x: 23.5, y: 13.2, "font-size": 11, "font-weight": 700, fill: "#1d1b16", text: name, ...fit }));
  face.couleurs.forEach((c, i) => root.append(gem(ctx, c, 92 - i * 10, 9, 9)));
  // The team's emblem, faint behind the ability's words (which stay readable over it).
  if (equipe) root.append(sv("g", { color: TINT[face.couleurs[0]], opacity: 0.3 }, emblemUse(EMBLEMS, equipe, { x: 33, y: 17, width: 34, height: 34 })));
  const effet = face.effet;
  root.append(sv("text", { x: 50, y: 25.5, class: "dg-fine", "text-anchor": "middle", "font-size": 5.6, "font-weight": 700, fill: "#8a3b12", text: categoryLabel(ctx, effet) }));
  root.append(textLines(wrap(effectOf(ctx, effet), 29, 3), 50, 32.5, 6.6, { class: "dg-fine", "font-size": 6.2, fill: "#1d1b16" }));
  // On the table: the power in two lines large enough to read (the whole of it shown large).
  root.append(textLines(wrap(effectOf(ctx, effet), 17, 2), 50, 29.5, 11.5, { class: "dg-compact", "font-size": 11, fill: "#1d1b16" }));
  // DG-17: the Diamagiques won sit face up on the Magicien.
  if (held.length) {
    root.append(sv("rect", { x: 4, y: 47, width: 92, height: 15, rx: 3, fill: "#fff7dd", stroke: "#e0a800", "stroke-width": 0.7 }));
    const step = Math.min(12, 86 / held.length);
    held.forEach((c, i) => root.append(gem(ctx, c, 11 + i * step, 54.5, 10)));
  }
  return root;
}

export function backFace(ctx, label, hidden) {
  const root = sv("svg", { viewBox: "0 0 100 140", class: "dg-face dg-back" });
  root.append(sv("title", { text: label }));
  root.append(sv("defs", {}, sv("pattern", { id: "dgBackPattern", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    sv("rect", { width: 14, height: 14, fill: "#2b2450" }),
    sv("rect", { width: 7, height: 7, fill: "#342c62" }))));
  root.append(sv("rect", { x: 1, y: 1, width: 98, height: 138, rx: 7, fill: "url(#dgBackPattern)", stroke: "#c9a64a", "stroke-width": 2.5 }));
  root.append(sv("polygon", { points: "50,38 72,62 50,104 28,62", fill: "#c9a64a", stroke: "#fff3c4", "stroke-width": 1.2 }));
  root.append(sv("polygon", { points: "50,38 60,62 50,104 40,62", fill: "#e6c870", opacity: 0.8 }));
  if (hidden) {
    root.append(sv("rect", { x: 12, y: 110, width: 76, height: 18, rx: 9, fill: "#fff" }));
    root.append(sv("text", { x: 50, y: 123.5, "text-anchor": "middle", "font-size": 11.5, "font-weight": 700, fill: "#2b2450", text: `◐ ${ctx.t("cache")}` }));
  }
  return root;
}
