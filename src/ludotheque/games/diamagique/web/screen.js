// Diamagique's screen: the two teams facing each other (DG-15: position against position), the
// Château with its face-down Diamagiques (DG-11), the hands, and the last challenge computed
// step by step (DG-14, DG-16). It decides nothing: every click ends in one text of `legal`.
import { CSS } from "./style.js";
import { emblemIcon, emblemUse } from "/static/js/emblems.js";
import { zoomable } from "/static/js/overlay.js";

// The faces of every card of the set (web/cards.json, made by faces.py): the view names cards,
// the faces say their colours, Puissance, Caché keyword and effect in French and English.
const FACES = await (await fetch(new URL("cards.json", import.meta.url))).json();
const BY_SLUG = {};
for (const [name, face] of Object.entries(FACES.sorts)) BY_SLUG[face.slug] = name;
const CASTLE_BY_SLUG = {};
for (const [name, face] of Object.entries(FACES.chateaux)) CASTLE_BY_SLUG[face.slug] = name;

const NS = "http://www.w3.org/2000/svg";
// One emblem per team (emblems.svg, beside this file), on its Magiciens and its heading.
const EMBLEMS = new URL("emblems.svg", import.meta.url).pathname;
const TINT = { Jaune: "#e9b81c", Rouge: "#cf4a2f", Vert: "#3c9550", Bleu: "#2f6fbf" };
const PALE = { Jaune: "#fbefc4", Rouge: "#f6d5cc", Vert: "#d3ecd8", Bleu: "#d3e2f5" };
const TARGET = 6; // DG-19

// What the player has chosen so far in a multi-step decision; reset when `legal` changes.
let chosen = null;
let legalKey = "";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function sv(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, String(v));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// Greedy word wrap for SVG text (no automatic wrapping there).
function wrap(text, width, maxLines) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (!word) continue;
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = lines[maxLines - 1].replace(/.$/, "…");
  }
  return lines;
}

function textLines(lines, x, y, step, attrs) {
  const node = sv("text", { x, y, "text-anchor": "middle", ...attrs });
  lines.forEach((line, i) => node.append(sv("tspan", { x, dy: i ? step : 0, text: line })));
  return node;
}

// A Diamagique or colour mark: a cut gem with the colour's letter (never colour alone).
function gem(ctx, colour, x, y, size) {
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

function colourNames(ctx, colours) {
  return colours.map((c) => ctx.t(`colour.${c}`)).join(" / ");
}

function effectOf(ctx, effet) {
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

function sortFace(ctx, name, final, shift) {
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
function zoomOf(ctx, name, label, effet) {
  return { title: name, lines: [label, effet ? [ctx.t("zoom.category"), categoryLabel(ctx, effet)] : null] };
}

function sortOver(ctx, name) {
  const face = FACES.sorts[name];
  return { name: face.cache ? `◐ ${name}` : name, effect: effectOf(ctx, face.effet) };
}

function castleOver(ctx, name) {
  return { name, effect: effectOf(ctx, FACES.chateaux[name].effet) };
}

function sortLabel(ctx, name) {
  const face = FACES.sorts[name];
  return ctx.t("sort_label", {
    name, power: face.puissance, colours: colourNames(ctx, face.couleurs),
    hidden: face.cache ? ctx.t("cache_suffix") : "", effect: effectOf(ctx, face.effet),
  });
}

function castleFace(ctx, name) {
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

function wizardFace(ctx, name, position, held, equipe) {
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

function backFace(ctx, label, hidden) {
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

// A card on the screen: a focusable button when it can be chosen or is a target.
function slot(face, { label, testid, onpick, state, extraClass, zoom, over }) {
  const box = el("div", { class: `dg-card ${extraClass || ""} ${state ? `dg-${state}` : ""}`, "data-testid": testid, "aria-label": label });
  box.append(face);
  // A Sort or a Château drawn small says its name and effect over its face in HTML, at a size
  // one reads (issue #20), clipped to their boxes; the magnifier shows the whole card large.
  if (over) {
    box.append(el("span", { class: "dg-over dg-over-name", "aria-hidden": "true", text: over.name }),
      el("span", { class: "dg-over dg-over-effect", "aria-hidden": "true", text: over.effect }));
  }
  if (zoom) zoomable(box, () => ({ ...zoom, face, scope: "screen-diamagique" }));
  if (onpick) {
    box.setAttribute("role", "button");
    box.setAttribute("tabindex", "0");
    box.dataset.focus = testid || label;
    if (state === "chosen") box.setAttribute("aria-pressed", "true");
    box.addEventListener("click", onpick);
    box.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onpick();
      }
    });
  } else {
    box.setAttribute("role", "img");
  }
  return box;
}

function emptySlot(ctx, text, opts) {
  const h = opts.low ? 44 : 140;
  const root = sv("svg", { viewBox: `0 0 100 ${h}`, class: "dg-face dg-empty" });
  root.append(sv("title", { text: opts.label }));
  root.append(sv("rect", { x: 3, y: 3, width: 94, height: h - 6, rx: 7, fill: "none", stroke: "#b7ab93", "stroke-width": 2, "stroke-dasharray": "6 4" }));
  // Large enough for a hand's narrow card (11 px at 72 px wide, issue #20).
  const lines = wrap(text, 10, 3);
  root.append(textLines(lines, 50, h / 2 + 5 - (lines.length - 1) * 8.5, 17, { "font-size": 15.5, fill: "#6b6357", "font-weight": 600 }));
  return slot(root, opts);
}

// -- the legal actions, as gestures ---------------------------------------------------------
function parseLegal(legal) {
  const casts = [];
  const poses = [];
  const castles = [];
  const discards = [];
  const other = [];
  for (const text of legal) {
    let m;
    if ((m = /^M([123]) (\S+)$/.exec(text)) && BY_SLUG[m[2]]) casts.push({ text, position: Number(m[1]), slug: m[2] });
    else if ((m = /^pose M([123])$/.exec(text))) poses.push({ text, position: Number(m[1]) });
    else if ((m = /^chateau (\S+)$/.exec(text)) && CASTLE_BY_SLUG[m[1]]) castles.push({ text, slug: m[1] });
    else if ((m = /^defausse (\S+)$/.exec(text)) && BY_SLUG[m[1]]) discards.push({ text, slug: m[1] });
    else other.push(text);
  }
  return { casts, poses, castles, discards, other };
}

// -- moments: what just happened, shown for a moment (never blocking) ----------------------
function moments(ctx, view) {
  const out = [];
  // A first message (since 0) carries the whole history: nothing in it is a new moment.
  const steps = ctx.state?.since > 0 ? ctx.state.steps || [] : [];
  const events = steps.flatMap((s) => s.events || []);
  const me = ctx.seat;
  const who = (seat) => ctx.seatName(seat);
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "totaux") {
      const [a, b] = d.totaux;
      out.push({ kind: "totals", text: d.vainqueur < 0
        ? ctx.t("moment.tie", { a, b, p1: who(0), p2: who(1) })
        : ctx.t("moment.totals", { a, b, p1: who(0), p2: who(1), winner: who(d.vainqueur) }) });
    } else if (e.kind === "diamagiques_poses") {
      out.push({ kind: "won", text: ctx.t("moment.placed", { name: who(d.seat), n: d.couleurs.length, wizard: d.magicien }), seat: d.seat, position: d.position });
    } else if (e.kind === "revele") {
      out.push({ kind: "reveal", seat: d.seat, position: d.position });
    } else if (e.kind === "chateau") {
      out.push({ kind: "castle" });
    }
  }
  return { list: out, events, resolved: events.some((e) => e.kind === "totaux"), mine: me };
}

// -- the board ------------------------------------------------------------------------------
function teamZone(ctx, view, seat, mine, flags) {
  const team = view.teams[seat];
  const zone = el("section", { class: `dg-team ${mine ? "dg-mine" : "dg-theirs"}`, "data-testid": `dg-team-${seat}`, "aria-label": ctx.t("team_of", { name: ctx.seatName(seat) }) });
  zone.append(infoBar(ctx, view, seat, mine));
  const grid = el("div", { class: "dg-columns" });
  const last = view.last && view.last.turn === view.turn ? view.last : null;
  for (let p = 1; p <= 3; p++) {
    const col = el("div", { class: "dg-column" });
    const wizard = team.magiciens[p - 1];
    const held = team.held[p - 1];
    const poseTarget = flags.poseTargets?.get(p);
    const wizardLabel = ctx.t("wizard_label", {
      name: wizard, position: p, colours: colourNames(ctx, FACES.magiciens[wizard].couleurs),
      effect: effectOf(ctx, FACES.magiciens[wizard].effet), count: held.length,
      held: held.map((c) => ctx.t(`colour.${c}`)).join(", ") || "—",
    });
    const wizardCard = slot(wizardFace(ctx, wizard, p, held, team.equipe), {
      label: wizardLabel, zoom: zoomOf(ctx, wizard, wizardLabel, FACES.magiciens[wizard].effet),
      testid: poseTarget ? `dg-target-pose-${p}` : `dg-wizard-${seat}-${p}`,
      onpick: poseTarget ? () => ctx.act(poseTarget) : null,
      state: poseTarget ? "target" : null,
      extraClass: `dg-wizard-card ${flags.placed?.has(p) ? "dg-glow" : ""}`,
    });
    const cast = team.cast[p - 1];
    let castCard;
    const castTarget = flags.castTargets?.get(p);
    if (cast && cast.sort) {
      const final = last?.casts.find((c) => c.seat === seat && c.position === p)?.final;
      castCard = slot(sortFace(ctx, cast.sort, final, flags.resolved ? flags.shift : null), {
        label: `${ctx.t("cast_by", { position: p })} ${sortLabel(ctx, cast.sort)}`,
        testid: `dg-cast-${seat}-${p}`, over: sortOver(ctx, cast.sort),
        zoom: zoomOf(ctx, cast.sort, sortLabel(ctx, cast.sort), FACES.sorts[cast.sort].effet),
        extraClass: flags.revealed?.has(p) ? "dg-flip" : "",
      });
    } else if (cast) {
      // DG-13: a Caché Sort stays face down until every Magicien has cast.
      castCard = slot(backFace(ctx, ctx.t("hidden_cast", { position: p }), true), {
        label: ctx.t("hidden_cast", { position: p }), testid: `dg-cast-${seat}-${p}`,
      });
    } else if (castTarget) {
      castCard = emptySlot(ctx, ctx.t("cast_here", { position: p }), {
        label: ctx.t("cast_with", { position: p, wizard }), testid: `dg-target-cast-${p}`,
        onpick: () => ctx.act(castTarget), state: "target",
      });
    } else {
      castCard = emptySlot(ctx, `M${p}`, { label: ctx.t("no_cast", { position: p }), testid: `dg-cast-${seat}-${p}`, low: true });
    }
    castCard.classList.add("dg-cast");
    if (mine) col.append(castCard, wizardCard);
    else col.append(wizardCard, castCard);
    grid.append(col);
  }
  zone.append(grid);
  return zone;
}

function infoBar(ctx, view, seat, mine) {
  const team = view.teams[seat];
  const acting = ctx.state?.to_act?.includes(seat) || view.to_act?.includes(seat);
  const bar = el("div", { class: `dg-info ${acting ? "dg-acting" : ""}`, "data-testid": `dg-info-${seat}` });
  const head = el("div", { class: "dg-who" });
  head.append(el("strong", { text: ctx.seatName(seat) }));
  head.append(el("span", { class: "dg-team-name" }, emblemIcon(EMBLEMS, team.equipe), ` ${ctx.t("team_deck", { team: team.equipe, deck: team.deck_name })}`));
  if (view.active === seat && view.phase !== "fin") head.append(el("span", { class: "dg-tag", text: ctx.t("active_tag") }));
  if (acting && view.phase !== "fin") head.append(el("span", { class: "dg-tag dg-turn-tag", text: ctx.t(mine ? "your_turn_tag" : "their_turn_tag") }));
  bar.append(head);
  // DG-19: six Diamagiques win; the count is drawn as six sockets, filled or empty.
  const count = team.diamagiques;
  const score = el("div", { class: "dg-score", "data-testid": `dg-score-${seat}`, role: "img", "aria-label": ctx.t("score_label", { n: count, target: TARGET }) });
  const svgScore = sv("svg", { viewBox: `0 0 ${TARGET * 16 + 4} 18`, class: "dg-sockets" });
  const colours = team.held.flat();
  for (let i = 0; i < TARGET; i++) {
    if (i < colours.length) svgScore.append(gem(ctx, colours[i], 10 + i * 16, 9, 18));
    else svgScore.append(sv("circle", { cx: 10 + i * 16, cy: 9, r: 5.5, fill: "none", stroke: "#b7ab93", "stroke-width": 1.2, "stroke-dasharray": "2 2" }));
  }
  score.append(svgScore, el("span", { class: "dg-score-n", text: ctx.t("score", { n: count, target: TARGET }) }));
  bar.append(score);
  const piles = el("div", { class: "dg-piles" });
  piles.append(
    el("span", { "data-testid": `dg-hand-size-${seat}`, text: ctx.t("pile.hand", { n: team.hand_size }) }),
    el("span", { "data-testid": `dg-deck-size-${seat}`, text: ctx.t("pile.deck", { n: team.deck_size }) }),
    el("span", { text: ctx.t("pile.castles", { n: team.castle_deck_size }) }),
    el("span", { text: ctx.t("pile.discard", { n: team.discard.length }) }),
  );
  bar.append(piles);
  return bar;
}

function centre(ctx, view, flags) {
  const mid = el("section", { class: "dg-centre", "aria-label": ctx.t("table") });
  const castle = view.chateau;
  if (castle) {
    const castleLabel = ctx.t("castle_label", { name: castle, colours: colourNames(ctx, FACES.chateaux[castle].couleurs), effect: effectOf(ctx, FACES.chateaux[castle].effet) });
    mid.append(slot(castleFace(ctx, castle), {
      label: castleLabel, over: castleOver(ctx, castle), zoom: zoomOf(ctx, castle, castleLabel, FACES.chateaux[castle].effet),
      testid: "dg-chateau", extraClass: `dg-castle-card ${flags.newCastle ? "dg-arrive" : ""}`,
    }));
  } else if (flags.castleTarget) {
    mid.append(emptySlot(ctx, ctx.t("castle_here"), { label: ctx.t("castle_play", { name: flags.castleTarget.name }), testid: "dg-target-chateau", onpick: () => ctx.act(flags.castleTarget.text), state: "target" }));
  } else {
    mid.append(emptySlot(ctx, ctx.t("no_castle"), { label: ctx.t("no_castle"), testid: "dg-chateau" }));
  }
  const side = el("div", { class: "dg-stakes" });
  // DG-11: the Diamagiques in play, face down; their colour is known only to who drew them.
  const stake = el("div", { class: "dg-stake", "data-testid": "dg-en-jeu", role: "img", "aria-label": ctx.t("in_play_label", { n: view.en_jeu.length }) });
  const w = Math.max(1, view.en_jeu.length) * 22 + 6;
  const svgStake = sv("svg", { viewBox: `0 0 ${w} 26`, class: "dg-gems" });
  view.en_jeu.forEach((c, i) => svgStake.append(gem(ctx, c, 14 + i * 22, 13, 20)));
  stake.append(el("span", { class: "dg-k", text: ctx.t("in_play", { n: view.en_jeu.length }) }), svgStake);
  side.append(stake);
  if (view.won && view.won.length) {
    const wonSvg = sv("svg", { viewBox: `0 0 ${view.won.length * 22 + 6} 26`, class: "dg-gems" });
    view.won.forEach((c, i) => wonSvg.append(gem(ctx, c, 14 + i * 22, 13, 20)));
    const label = ctx.t("won_label", { colours: view.won.map((c) => ctx.t(`colour.${c}`)).join(", ") });
    const won = el("div", { class: "dg-won", "aria-label": label });
    won.append(el("span", { class: "dg-k", text: ctx.t("won", { name: ctx.seatName(view.last?.winner ?? view.to_act[0] ?? 0) }) }), wonSvg);
    if (flags.wonPick) {
      won.setAttribute("role", "button");
      won.setAttribute("tabindex", "0");
      won.dataset.testid = "dg-pick-won";
      won.dataset.focus = "dg-pick-won";
      won.classList.add(flags.wonPick.chosen ? "dg-chosen" : "dg-pickable");
      if (flags.wonPick.chosen) won.setAttribute("aria-pressed", "true");
      won.addEventListener("click", flags.wonPick.onpick);
      won.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          flags.wonPick.onpick();
        }
      });
    } else {
      won.setAttribute("role", "img");
    }
    side.append(won);
  }
  const pot = el("div", { class: "dg-pot", "data-testid": "dg-pot", role: "img", "aria-label": ctx.t("pot_label", { n: view.pot }) });
  const potSvg = sv("svg", { viewBox: "0 0 40 30", class: "dg-pot-svg" });
  potSvg.append(sv("path", { d: "M6 8 Q20 2 34 8 L30 27 Q20 30 10 27 Z", fill: "#6b4b2a", stroke: "#1d1b16", "stroke-width": 1 }));
  potSvg.append(sv("ellipse", { cx: 20, cy: 8, rx: 14, ry: 3.5, fill: "#3a2814" }));
  potSvg.append(sv("text", { x: 20, y: 22, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: "#fff", text: view.pot }));
  pot.append(potSvg, el("span", { class: "dg-k", text: ctx.t("pot", { n: view.pot }) }));
  side.append(pot);
  side.append(el("div", { class: "dg-turn", "data-testid": "dg-phase", text: ctx.t("turn_phase", { turn: view.turn, phase: ctx.t(`phase.${view.phase}`) }) }));
  mid.append(side);
  return mid;
}

// The last challenge, computed in the text's order (DG-14) and compared (DG-16).
function challenge(ctx, view, animate, shift) {
  // Delays in seconds, shifted back by the time already spent animating (a redraw by the next
  // state continues the sequence where it was instead of starting it over).
  const at = (seconds) => `animation-delay:${(seconds - shift).toFixed(2)}s`;
  const last = view.last;
  const box = el("section", { class: `dg-challenge ${animate ? "dg-animate" : ""}`, "data-testid": "dg-challenge", "aria-label": ctx.t("challenge_title", { turn: last.turn }) });
  box.append(el("h3", { text: ctx.t("challenge_title", { turn: last.turn }) }));
  if (last.chateau) box.append(el("p", { class: "dg-sub", text: ctx.t("challenge_castle", { name: last.chateau }) }));
  const table = el("table", { class: "dg-casts" });
  table.append(el("tr", {}, el("th", { text: ctx.t("col.who") }), el("th", { text: ctx.t("col.sort") }), el("th", { text: ctx.t("col.power") })));
  let delay = 0;
  for (const c of last.casts) {
    const tr = el("tr", { class: `dg-row-${c.seat}` });
    tr.append(el("td", { text: `${ctx.t("seat_short", { n: c.seat + 1 })} M${c.position}` }));
    tr.append(el("td", { text: c.sort }));
    const power = el("td", { class: "dg-power" });
    power.append(el("span", { class: "dg-before", text: String(c.base) }));
    if (c.final !== c.base) {
      power.append(el("span", { class: "dg-arrow", text: " → " }));
      power.append(el("b", { class: "dg-after", style: at(Math.min(3, 0.3 + last.steps.length * 0.35)), text: String(c.final) }));
    }
    tr.append(power);
    table.append(tr);
  }
  box.append(table);
  if (last.steps.length) {
    const list = el("ol", { class: "dg-steps", "aria-label": ctx.t("steps_title") });
    for (const s of last.steps) {
      const li = el("li", { style: at(Math.min(3, delay)) });
      delay += 0.35;
      li.append(el("span", { class: "dg-rank", title: ctx.t(`cat.${s.category}`), text: String(FACES.categories.indexOf(s.category) + 1) }));
      li.append(el("span", { text: ctx.t("step_line", {
        source: s.source, category: ctx.t(`cat.${s.category}`), who: ctx.t("seat_short", { n: s.seat + 1 }),
        position: s.position, sort: s.sort,
      }) }));
      li.append(el("span", { class: "dg-before", text: ` ${s.before}` }), el("span", { class: "dg-arrow", text: " → " }), el("b", { class: "dg-after", style: at(Math.min(3, delay)), text: String(s.after) }));
      list.append(li);
    }
    box.append(list);
    const note = orderNote(ctx, last.steps);
    if (note) box.append(el("p", { class: "dg-note", "data-testid": "dg-order-note", text: note }));
  } else {
    box.append(el("p", { class: "dg-sub", text: ctx.t("no_modifier") }));
  }
  const [a, b] = last.totals;
  const totals = el("div", { class: "dg-totals", "data-testid": "dg-totals", style: at(Math.min(3.4, delay + 0.3)) });
  const left = el("span", { class: `dg-total ${last.winner === 0 ? "dg-win" : ""}`, text: ctx.t("total", { name: ctx.seatName(0), n: a }) });
  const right = el("span", { class: `dg-total ${last.winner === 1 ? "dg-win" : ""}`, text: ctx.t("total", { name: ctx.seatName(1), n: b }) });
  const sign = a === b ? "=" : a > b ? ">" : "<";
  totals.append(left, el("span", { class: "dg-vs", text: sign }), right);
  box.append(totals);
  box.append(el("p", { class: "dg-verdict", text: last.winner < 0 ? ctx.t("verdict.tie") : ctx.t("verdict.win", { name: ctx.seatName(last.winner) }) }));
  return box;
}

// DG-14 in words when the order changed something: a Sort touched by two categories.
function orderNote(ctx, steps) {
  const bySort = new Map();
  for (const s of steps) {
    const key = `${s.seat}-${s.position}`;
    if (!bySort.has(key)) bySort.set(key, []);
    bySort.get(key).push(s);
  }
  for (const list of bySort.values()) {
    const first = list[0];
    const other = list.find((s) => s.category !== first.category);
    if (!other) continue;
    return ctx.t("order_note", {
      sort: first.sort, first: first.source, firstcat: ctx.t(`cat.${first.category}`),
      firstrank: FACES.categories.indexOf(first.category) + 1,
      second: other.source, secondcat: ctx.t(`cat.${other.category}`),
      secondrank: FACES.categories.indexOf(other.category) + 1,
    });
  }
  return "";
}

function handZone(ctx, view, parsed, seat) {
  const zone = el("section", { class: "dg-hand", "data-testid": "dg-hand", "aria-label": ctx.t("hand_title", { n: view.hand.length }) });
  zone.append(el("h3", { text: ctx.t("hand_title", { n: view.hand.length }) }));
  const row = el("div", { class: "dg-row" });
  const castable = new Set(parsed.casts.map((c) => c.slug));
  const discardable = new Set(parsed.discards.map((c) => c.slug));
  view.hand.forEach((name, i) => {
    const face = FACES.sorts[name];
    const pickable = castable.has(face.slug) || discardable.has(face.slug);
    const isChosen = chosen && chosen.slug === face.slug && chosen.index === i;
    row.append(slot(sortFace(ctx, name), {
      label: sortLabel(ctx, name), over: sortOver(ctx, name), zoom: zoomOf(ctx, name, sortLabel(ctx, name), face.effet),
      testid: pickable ? `dg-pick-hand-${i}` : `dg-hand-${i}`,
      onpick: pickable ? () => choose(ctx, { kind: castable.has(face.slug) ? "cast" : "discard", slug: face.slug, index: i }) : null,
      state: isChosen ? "chosen" : pickable ? "pickable" : null,
    }));
  });
  if (parsed.discards.length || view.phase === "defausse") {
    const pile = view.teams[seat].discard;
    const target = chosen && chosen.kind === "discard" ? parsed.discards.find((d) => d.slug === chosen.slug) : null;
    row.append(emptySlot(ctx, ctx.t("discard_here", { n: pile.length }), {
      label: target ? ctx.t("discard_target", { name: BY_SLUG[target.slug] }) : ctx.t("pile.discard", { n: pile.length }),
      testid: target ? "dg-target-discard" : "dg-discard-pile",
      onpick: target ? () => ctx.act(target.text) : null, state: target ? "target" : null,
    }));
  }
  zone.append(row);
  return zone;
}

function opponentHand(ctx, view, seat) {
  const team = view.teams[seat];
  const zone = el("div", { class: "dg-backs", "data-testid": `dg-backs-${seat}`, role: "img", "aria-label": ctx.t("their_hand", { name: ctx.seatName(seat), n: team.hand_size }) });
  const n = team.hand_size;
  const svgBacks = sv("svg", { viewBox: `0 0 ${Math.max(1, n) * 14 + 26} 40`, class: "dg-backs-svg" });
  for (let i = 0; i < n; i++) {
    const g = sv("g", { transform: `translate(${i * 14 + 2} 2)` });
    g.append(sv("rect", { width: 24, height: 35, rx: 3, fill: "#2b2450", stroke: "#c9a64a", "stroke-width": 1.2 }));
    g.append(sv("polygon", { points: "12,9 17,17 12,27 7,17", fill: "#c9a64a" }));
    svgBacks.append(g);
  }
  zone.append(svgBacks, el("span", { class: "dg-k", text: ctx.t("their_hand", { name: ctx.seatName(seat), n }) }));
  return zone;
}

function castleChoices(ctx, view, parsed) {
  const zone = el("section", { class: "dg-hand", "data-testid": "dg-castle-deck", "aria-label": ctx.t("castle_deck_title") });
  zone.append(el("h3", { text: ctx.t("castle_deck_title") }));
  const row = el("div", { class: "dg-row" });
  (view.castle_deck || []).forEach((name, i) => {
    const face = FACES.chateaux[name];
    const legal = parsed.castles.find((c) => c.slug === face.slug);
    const isChosen = chosen && chosen.kind === "chateau" && chosen.slug === face.slug && chosen.index === i;
    const castleLabel = ctx.t("castle_label", { name, colours: colourNames(ctx, face.couleurs), effect: effectOf(ctx, face.effet) });
    row.append(slot(castleFace(ctx, name), {
      label: castleLabel, over: castleOver(ctx, name), zoom: zoomOf(ctx, name, castleLabel, face.effet),
      testid: legal ? `dg-pick-chateau-${i}` : `dg-chateau-${i}`,
      onpick: legal ? () => choose(ctx, { kind: "chateau", slug: face.slug, index: i }) : null,
      state: isChosen ? "chosen" : legal ? "pickable" : null,
    }));
  });
  zone.append(row);
  return zone;
}

let rerender = null;
let focusTarget = false;
function choose(ctx, what) {
  chosen = chosen && chosen.kind === what.kind && chosen.slug === what.slug && chosen.index === what.index ? null : what;
  // From the keyboard, the next Tab stop is where the card can go.
  focusTarget = chosen !== null && document.activeElement?.dataset?.focus !== undefined;
  rerender();
}

// The step the player is at, in words, with a way back.
function prompt(ctx, view, parsed) {
  const box = el("div", { class: "dg-prompt", "data-testid": "dg-prompt", "aria-live": "polite" });
  let text = "";
  if (chosen && chosen.kind === "cast") text = ctx.t("prompt.cast_where", { name: BY_SLUG[chosen.slug] });
  else if (chosen && chosen.kind === "discard") text = ctx.t("prompt.discard_where", { name: BY_SLUG[chosen.slug] });
  else if (chosen && chosen.kind === "chateau") text = ctx.t("prompt.castle_where", { name: CASTLE_BY_SLUG[chosen.slug] });
  else if (chosen && chosen.kind === "won") text = ctx.t("prompt.pose_where");
  else if (parsed.casts.length) text = ctx.t("prompt.cast");
  else if (parsed.discards.length) text = ctx.t("prompt.discard", { n: view.hand.length });
  else if (parsed.castles.length) text = ctx.t("prompt.castle");
  else if (parsed.poses.length) text = ctx.t("prompt.pose");
  else if (view.phase === "fin") return null; // the end panel says it
  else if (ctx.seat !== null && ctx.seat !== undefined) text = ctx.t("prompt.wait", { name: ctx.seatName(view.to_act?.[0] ?? 1 - ctx.seat) });
  if (!text) return null;
  box.append(el("span", { text }));
  if (chosen) {
    box.append(el("button", {
      type: "button", class: "dg-back-button", "data-testid": "dg-back", "data-focus": "dg-back",
      text: ctx.t("back"), onclick: () => { chosen = null; rerender(); },
    }));
  }
  return box;
}

// Whatever no gesture covers stays playable from a short list (never leave a player stuck).
function fallback(ctx, parsed) {
  if (!parsed.other.length) return null;
  const box = el("div", { class: "dg-fallback", "data-testid": "dg-fallback" });
  box.append(el("h3", { text: ctx.t("other_actions") }));
  for (const text of parsed.other) {
    box.append(el("button", { type: "button", class: "action", "data-action": text, text, onclick: () => ctx.act(text) }));
  }
  return box;
}

function banner(list, elapsed) {
  if (!list.length) return null;
  const box = el("div", { class: "dg-moment", "data-testid": "dg-moment", role: "status", style: `animation-delay:-${Math.round(elapsed)}ms` });
  for (const m of list) box.append(el("p", { class: `dg-moment-${m.kind}`, text: m.text }));
  return box;
}

// The moments in progress: a banner lives ~3 s and a challenge's computation ~4.5 s, even when
// the next state (a bot answering at once) redraws the screen meanwhile.
const live = { bannerAt: -1e9, banner: [], resolvedAt: -1e9, resolvedTurn: null };
const BANNER_MS = 3000;
const COMPUTE_MS = 4500;

// Each side's Diamagiques at the end (DG-19, DG-20), on the board itself; who won and why is
// the room's end panel's to say, once (issue 20).
function endPanel(ctx, view) {
  const box = el("section", { class: "dg-end", "data-testid": "dg-end", "aria-label": ctx.t("end.title") });
  box.append(el("h3", { text: ctx.t("end.title") }));
  const r = view.result || {};
  const scores = el("p", { class: "dg-end-scores" });
  view.teams.forEach((team, seat) => {
    const winner = r.ranks && r.ranks[seat] === 0 && r.ranks[0] !== r.ranks[1];
    scores.append(el("span", { class: `dg-total ${winner ? "dg-win" : ""}`, text: ctx.t("end.score", { name: ctx.seatName(seat), n: team.diamagiques }) }));
  });
  box.append(scores);
  return box;
}

function injectStyle() {
  if (document.getElementById("dg-style")) return;
  document.head.append(el("style", { id: "dg-style", text: CSS }));
}

export default {
  ownsActions: true,
  render(element, context) {
    injectStyle();
    const { view, legal } = context;
    const key = legal.join("|");
    if (key !== legalKey) {
      chosen = null;
      legalKey = key;
    }
    const draw = () => {
      const focused = document.activeElement?.dataset?.focus;
      const ctx = { ...context, act: (text) => { chosen = null; if (legal.includes(text)) context.act(text); } };
      const parsed = parseLegal(legal);
      const info = moments(ctx, view);
      const now = performance.now();
      const fresh = info.list.filter((m) => m.text);
      if (fresh.length) {
        // Moments of quick successive states (totals, then the bot's placement) stack up.
        const still = now - live.bannerAt < BANNER_MS ? live.banner : [];
        Object.assign(live, { banner: [...still, ...fresh].slice(-2), bannerAt: now });
      }
      if (info.resolved && view.last) Object.assign(live, { resolvedAt: now, resolvedTurn: view.last.turn });
      // At the end the board stands still: the end panel tells the last moment.
      const over = view.phase === "fin";
      const computing = !over && view.last && live.resolvedTurn === view.last.turn && now - live.resolvedAt < COMPUTE_MS;
      const shift = computing ? (now - live.resolvedAt) / 1000 : 0;
      const me = typeof ctx.seat === "number" ? ctx.seat : null;
      const bottom = me ?? 0;
      const top = 1 - bottom;
      const flags = { castTargets: new Map(), poseTargets: new Map(), placed: new Set(), revealed: new Set() };
      if (chosen && chosen.kind === "cast") {
        for (const c of parsed.casts) if (c.slug === chosen.slug) flags.castTargets.set(c.position, c.text);
      }
      if (parsed.poses.length) {
        flags.wonPick = { chosen: chosen?.kind === "won", onpick: () => choose(ctx, { kind: "won", slug: "", index: 0 }) };
        if (chosen?.kind === "won") for (const p of parsed.poses) flags.poseTargets.set(p.position, p.text);
      }
      if (chosen && chosen.kind === "chateau") {
        const c = parsed.castles.find((x) => x.slug === chosen.slug);
        if (c) flags.castleTarget = { text: c.text, name: CASTLE_BY_SLUG[c.slug] };
      }
      flags.newCastle = info.list.some((m) => m.kind === "castle");
      const root = el("div", { class: `screen-diamagique phase-${view.phase}`, "data-testid": "dg-screen" });
      const layout = el("div", { class: "dg-layout" });
      const board = el("div", { class: "dg-board" });
      const topFlags = { resolved: computing, shift, placed: new Set(info.list.filter((m) => m.kind === "won" && m.seat === top).map((m) => m.position)), revealed: new Set(info.list.filter((m) => m.kind === "reveal" && m.seat === top).map((m) => m.position)) };
      const bottomFlags = { ...flags, resolved: computing, shift, placed: new Set(info.list.filter((m) => m.kind === "won" && m.seat === bottom).map((m) => m.position)), revealed: new Set(info.list.filter((m) => m.kind === "reveal" && m.seat === bottom).map((m) => m.position)) };
      if (view.phase === "fin") board.append(endPanel(ctx, view));
      // Two columns on a laptop (the teams; the table and what to do), one on a phone, in
      // this order: the CSS lays them out (style.js).
      const teams = el("div", { class: "dg-col dg-col-teams" });
      const play = el("div", { class: "dg-col dg-col-play" });
      board.append(teams, play);
      teams.append(opponentHand(ctx, view, top));
      teams.append(teamZone(ctx, view, top, false, topFlags));
      play.append(centre(ctx, view, flags));
      teams.append(teamZone(ctx, view, bottom, me !== null, bottomFlags));
      // The prompt and the player's cards: a dock stuck to the bottom of a phone's window.
      const dock = el("div", { class: "dg-dock" });
      play.append(dock);
      const p = prompt(ctx, view, parsed);
      if (p) dock.append(p);
      // The Château to choose (DG-10) comes first: it is the decision of the moment.
      if (parsed.castles.length) dock.append(castleChoices(ctx, view, parsed));
      if (me !== null && view.hand) dock.append(handZone(ctx, view, parsed, me));
      else dock.append(opponentHand(ctx, view, bottom));
      const fb = fallback(ctx, parsed);
      if (fb) dock.append(fb);
      layout.append(board);
      const aside = el("div", { class: "dg-aside" });
      if (view.last) {
        // The computation is animated when its totals are new (a redraw by a click is not).
        aside.append(challenge(ctx, view, computing, shift));
      } else {
        aside.append(el("section", { class: "dg-challenge" }, el("h3", { text: ctx.t("no_challenge_yet") }), el("p", { class: "dg-sub", text: ctx.t("order_help") })));
      }
      layout.append(aside);
      root.append(layout);
      const b = !over && now - live.bannerAt < BANNER_MS ? banner(live.banner, now - live.bannerAt) : null;
      if (b) root.append(b);
      // Escape goes back a step, like the "Retour" button.
      root.addEventListener("keydown", (e) => {
        if (e.key === "Escape" && chosen) {
          chosen = null;
          rerender();
        }
      });
      element.replaceChildren(root);
      const target = focusTarget ? element.querySelector("[data-testid^=dg-target-]") : null;
      focusTarget = false;
      if (target) target.focus();
      else if (focused) {
        const again = element.querySelector(`[data-focus="${CSS_escape(focused)}"]`);
        if (again) again.focus();
      }
      // A moment is shown once: a redraw by a click must not replay it.
      context = { ...context, state: { ...context.state, steps: [] } };
    };
    rerender = draw;
    draw();
  },
};

function CSS_escape(text) {
  return window.CSS && window.CSS.escape ? window.CSS.escape(text) : text.replace(/"/g, '\\"');
}
