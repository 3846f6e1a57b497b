// The MiTiX screen (issue 9): card faces in SVG (MX-1), both modes, the Olympe and its nine
// combinations (MX-7 / MX-21), batailles, Vivants and Enfers at a glance, and the FaMiX
// decisions guided step by step: a resource on a Dieu (MX-20), then the FaMiX and its carte
// mise en avant (MX-17), or the card put face down in a bataille (MX-22).
// The engine decides: the screen only ever sends a text found in `legal`.

import { emblemIcon, emblemUse } from "/static/js/emblems.js";
import { zoomable } from "/static/js/overlay.js";

const SVG = "http://www.w3.org/2000/svg";
// One emblem per family (emblems.svg, beside this file), in the family's colour.
const EMBLEMS = new URL("emblems.svg", import.meta.url).pathname;
const CARD_W = 120;
const CARD_H = 170;
// Family colours, picked by the family's name; the name is always printed on the band too.
const PALETTE = ["#7a2e1d", "#1f4e79", "#2d6a3e", "#6a2c70", "#8a5a00", "#0f5e63", "#9c2f55",
  "#3f4a8a", "#5b6b1f", "#6b3e26", "#24577a", "#7d3c98"];

let styled = false;
// The choice in progress: which legal texts it was made against, and the steps taken.
let pick = { key: "", family: null, card: null, sent: false };

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function familyColour(name) {
  let hash = 0;
  for (const ch of name || "") hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

// Names wrapped in lines of about `width` characters; the last line says how many are left.
function wrap(names, width, lines) {
  const out = [];
  let line = "";
  let used = 0;
  for (const name of names) {
    const next = line ? `${line}, ${name}` : name;
    if (next.length > width && line) {
      out.push(`${line},`);
      line = name;
      if (out.length === lines) break;
    } else {
      line = next;
    }
    used += 1;
  }
  if (out.length < lines && line) {
    out.push(line);
  } else if (out.length === lines && used < names.length) {
    out[lines - 1] = `${out[lines - 1].replace(/,$/, "")} +${names.length - used + 1}`;
  }
  return out;
}

function symbolFor(genre) {
  // A shape per attack kind, so that the kind is not carried by a word alone.
  if (genre === "Ravage") {
    return s("g", { class: "mx-icon" },
      s("path", { d: "M-5 5 L-2 -6 M0 5 L3 -6 M5 5 L8 -6", stroke: "currentColor", "stroke-width": 1.6, fill: "none" }));
  }
  if (genre === "Prodige") {
    return s("path", { class: "mx-icon", d: "M0 -7 L2 -2 L7 -2 L3 1 L5 6 L0 3 L-5 6 L-3 1 L-7 -2 L-2 -2 Z", fill: "currentColor" });
  }
  return s("path", { class: "mx-icon", d: "M-6 6 L5 -5 M3 -7 L7 -3 M-4 2 L-2 4", stroke: "currentColor", "stroke-width": 1.8, fill: "none" });
}

function sun(x, y) {
  const rays = [];
  for (let i = 0; i < 8; i += 1) {
    const a = (i * Math.PI) / 4;
    rays.push(s("line", { x1: x + Math.cos(a) * 5, y1: y + Math.sin(a) * 5, x2: x + Math.cos(a) * 7.5,
      y2: y + Math.sin(a) * 7.5, stroke: "#c98a00", "stroke-width": 1.2 }));
  }
  return s("g", {}, s("circle", { cx: x, cy: y, r: 3.6, fill: "#f2b705" }), rays);
}

function cloud(x, y) {
  return s("path", { d: `M${x - 7} ${y + 3} a3 3 0 0 1 2-5 a4 4 0 0 1 7-1 a3 3 0 0 1 5 3 a2.5 2.5 0 0 1-1 3 Z`,
    fill: "#8b93a1", stroke: "#59606b", "stroke-width": 0.6 });
}

// A word printed on a card (its nature, its kind of attack) in the reader's language
// (docs/i18n.md); card and family names stay as printed.
function printed(t, group, word) {
  const key = `${group}.${word}`;
  const said = t(key);
  return said === key ? word : said;
}

// A whole card face (MX-1): name, nature, Dieu, Bios, attack and its kind, Amis (sun),
// Ennemis (cloud), family (the band at the bottom).
function cardFace(name, face, t) {
  const colour = familyColour(face.famille);
  const svg = s("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "mx-face", "aria-hidden": "true" });
  svg.append(
    s("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 7, fill: face.dieu ? "#fff7dd" : "#fffdf6", stroke: colour, "stroke-width": 2 }),
    s("text", { x: 7, y: 15, class: "mx-name", ...(name.length > 15 ? { textLength: 106, lengthAdjust: "spacingAndGlyphs" } : {}), text: name }),
    s("text", { x: 7, y: 25, class: "mx-nature", text: face.nature ? printed(t, "nature", face.nature) : "" }),
  );
  if (face.dieu) {
    svg.append(s("g", {},
      s("rect", { x: 78, y: 18, width: 36, height: 10, rx: 5, fill: "#b8860b" }),
      s("path", { d: "M84 19 L81 24 L84 24 L82 28 L87 22 L84 22 L86 19 Z", fill: "#fff" }),
      s("text", { x: 101, y: 26, class: "mx-dieu", "text-anchor": "middle", text: t("card.dieu") })));
  }
  svg.append(
    s("line", { x1: 6, y1: 30, x2: CARD_W - 6, y2: 30, stroke: colour, "stroke-width": 0.8 }),
    s("text", { x: 7, y: 38, class: "mx-label", text: t("card.bios") }),
    s("text", { x: 7, y: 57, class: "mx-bios", text: face.bios }),
    s("text", { x: 113, y: 38, class: "mx-label", "text-anchor": "end", text: printed(t, "genre", face.genre) }),
    s("g", { transform: "translate(76 50)", color: "#7a2e1d" }, symbolFor(face.genre)),
    s("text", { x: 113, y: 57, class: "mx-attack", "text-anchor": "end", text: face.attaque }),
    s("g", { color: colour }, emblemUse(EMBLEMS, face.famille, { x: 46, y: 38, width: 20, height: 20 })),
    s("rect", { x: 5, y: 62, width: 110, height: 44, rx: 4, fill: "#fff4cf" }),
    sun(13, 70),
    s("text", { x: 24, y: 72, class: "mx-label", text: t("card.amis") }),
  );
  const amis = face.amis.length ? wrap(face.amis, 30, 4) : ["—"];
  amis.forEach((line, i) => svg.append(s("text", { x: 8, y: 81 + i * 7, class: "mx-small", text: line })));
  svg.append(
    s("rect", { x: 5, y: 108, width: 110, height: 36, rx: 4, fill: "#eceef2" }),
    cloud(13, 115),
    s("text", { x: 24, y: 117, class: "mx-label", text: t("card.ennemis") }),
  );
  const ennemis = face.ennemis.length ? wrap(face.ennemis, 30, 3) : ["—"];
  ennemis.forEach((line, i) => svg.append(s("text", { x: 8, y: 126 + i * 7, class: "mx-small", text: line })));
  svg.append(
    s("rect", { x: 1, y: 147, width: CARD_W - 2, height: 22, rx: 0, fill: colour }),
    s("rect", { x: 1, y: 147, width: 8, height: 22, fill: "url(#mx-hatch)", opacity: 0.5 }),
    s("text", { x: CARD_W / 2, y: 161, class: "mx-family", "text-anchor": "middle",
      ...(face.famille.length > 19 ? { textLength: 104, lengthAdjust: "spacingAndGlyphs" } : {}), text: face.famille }),
  );
  return svg;
}

function cardBack(label) {
  return s("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "mx-face mx-back", "aria-hidden": "true" },
    s("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 7, fill: "#23395b", stroke: "#c9a227", "stroke-width": 2 }),
    s("rect", { x: 9, y: 9, width: CARD_W - 18, height: CARD_H - 18, rx: 4, fill: "url(#mx-meander)", stroke: "#c9a227" }),
    s("circle", { cx: CARD_W / 2, cy: CARD_H / 2, r: 24, fill: "#23395b", stroke: "#c9a227", "stroke-width": 1.5 }),
    s("text", { x: CARD_W / 2, y: CARD_H / 2 + 5, "text-anchor": "middle", class: "mx-backword", text: label }));
}

function describeCard(name, face, t) {
  return t("card.aria", {
    name, nature: face.nature ? printed(t, "nature", face.nature) : "", bios: face.bios,
    genre: printed(t, "genre", face.genre), attaque: face.attaque,
    famille: face.famille, amis: face.amis.join(", ") || "—", ennemis: face.ennemis.join(", ") || "—",
  }) + (face.dieu ? ` ${t("card.aria_dieu")}` : "");
}

// A card as an element: `choose` makes it a button (highlighted legal target).
function card(name, view, t, opts = {}) {
  const face = view.faces[name];
  const box = h("div", { class: `mx-card ${opts.class || ""}`, "data-card": name });
  const label = describeCard(name, face, t);
  const svg = cardFace(name, face, t);
  svg.prepend(s("title", { text: label }));
  if (opts.flip) {
    const inner = h("div", { class: "mx-flip-in" }, svg, cardBack(opts.backWord || ""));
    box.classList.add("mx-flip");
    box.append(inner);
  } else {
    box.append(svg);
  }
  if (opts.choose) {
    box.classList.add("mx-target");
    box.setAttribute("role", "button");
    box.setAttribute("tabindex", "0");
    box.dataset.testid = opts.testid || "mx-target";
    box.setAttribute("aria-label", `${opts.hint ? `${opts.hint} — ` : ""}${label}`);
    clickable(box, opts.choose);
  } else {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", label);
  }
  if (opts.badge) box.append(h("span", { class: "mx-ribbon", text: opts.badge }));
  // Drawn small, the face keeps its numbers; its Amis and Ennemis are HTML over their boxes
  // (as many as fit), the name is said below it, and the whole card (nature, every Ami and
  // Ennemi, family) is read large through the magnifier (issue #20).
  box.append(h("span", { class: "mx-on-face mx-on-amis", "aria-hidden": "true", text: face.amis.join(", ") || "—" }),
    h("span", { class: "mx-on-face mx-on-ennemis", "aria-hidden": "true", text: face.ennemis.join(", ") || "—" }),
    h("span", { class: "mx-caption", "aria-hidden": "true", text: name }));
  zoomable(box, () => ({ title: name, face: svg, scope: "screen-mitix", lines: fullText(name, face, t) }));
  return box;
}

// The card's whole text, for the card shown large (MX-1: every field of the face).
function fullText(name, face, t) {
  return [
    [name, face.nature || ""],
    face.dieu ? t("card.aria_dieu") : null,
    [t("card.bios"), face.bios],
    [face.genre, face.attaque],
    [`☀ ${t("card.amis")}`, face.amis.join(", ") || "—"],
    [`☁ ${t("card.ennemis")}`, face.ennemis.join(", ") || "—"],
    [t("card.famille"), face.famille],
  ];
}

function clickable(node, handler) {
  node.addEventListener("click", handler);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler();
    }
  });
}

function button(text, handler, attrs = {}) {
  return h("button", { type: "button", text, onclick: handler, ...attrs });
}

// A resource token (MX-20): Offrandes are squares, Nourritures divines circles, each with
// the first letters of its name.
function token(resource, kind, held, size = 18) {
  const r = size / 2;
  const g = s("g", { class: `mx-token ${held ? "held" : "empty"} ${kind}` });
  g.append(kind === "offrande"
    ? s("rect", { x: -r + 1, y: -r + 1, width: size - 2, height: size - 2, rx: 2 })
    : s("circle", { r: r - 1 }));
  g.append(s("text", { y: size * 0.19, "text-anchor": "middle", text: resource.slice(0, 2) }));
  if (held > 1) g.append(s("text", { x: r - 1, y: -r + size * 0.22, class: "mx-count", text: `×${held}` }));
  return g;
}

function resourceTray(view, held, t) {
  // Two rows, Offrandes above and Nourritures divines below, tokens large enough for their
  // letters to read 11 px under a small Dieu (issue #20).
  const svg = s("svg", { viewBox: "0 0 120 70", class: "mx-tray", role: "img" });
  const count = (name) => held.filter((x) => x === name).length;
  const title = t("olympe.tray", {
    offrandes: view.offrandes.filter(count).join(", ") || "—",
    nourritures: view.nourritures.filter(count).join(", ") || "—",
  });
  svg.append(s("title", { text: title }));
  svg.setAttribute("aria-label", title);
  view.offrandes.forEach((name, i) => {
    const g = token(name, "offrande", count(name), 31);
    g.setAttribute("transform", `translate(${19 + i * 40} 17)`);
    svg.append(g);
  });
  view.nourritures.forEach((name, i) => {
    const g = token(name, "nourriture", count(name), 31);
    g.setAttribute("transform", `translate(${19 + i * 40} 53)`);
    svg.append(g);
  });
  svg.append(s("line", { x1: 3, y1: 35, x2: 117, y2: 35, stroke: "#b9ad95" }));
  return svg;
}

function defs() {
  return s("svg", { width: 0, height: 0, class: "mx-defs", "aria-hidden": "true" }, s("defs", {},
    s("pattern", { id: "mx-meander", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
      s("rect", { width: 12, height: 12, fill: "#2c4a75" }),
      s("path", { d: "M0 11 H11 V1 H3 V8 H8 V4", stroke: "#c9a227", "stroke-width": 1, fill: "none" })),
    s("pattern", { id: "mx-hatch", width: 4, height: 4, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 4 L4 0", stroke: "#fff", "stroke-width": 1 }))));
}

// -- what happened: the new steps' events ----------------------------------------------------

function moments(steps) {
  const events = steps.flatMap((step) => step.events);
  const kinds = new Set(events.map((e) => e.kind));
  const flip = kinds.has("reveal") || kinds.has("combatant");
  const glow = [];
  for (const e of events) {
    if (e.kind === "soutien") for (const n of e.data.by) glow.push({ seat: e.data.seat, name: n, kind: "sun" });
    if (e.kind === "condamnation") for (const n of e.data.by) glow.push({ seat: 1 - e.data.seat, name: n, kind: "cloud" });
    if (e.kind === "intervention") glow.push({ seat: e.data.seat, slot: e.data.slot, kind: e.data.sens });
  }
  const won = events.filter((e) => e.kind === "round_won").map((e) => e.data.winner);
  // The one title of the moment, the most telling first; a won bataille says so.
  let top = null;
  // The end itself is no moment: the room's end panel says who won, once (issue 20).
  if (kinds.has("intervention")) top = "intervention";
  else if (kinds.has("olympe_decides")) top = "olympe_decides";
  else if (kinds.has("bataille_impossible")) top = "bataille_impossible";
  else if (won.length && kinds.has("bataille")) top = "bataille_won";
  else if (kinds.has("bataille")) top = "bataille";
  else if (won.length) top = "round_won";
  else if (kinds.has("condamnation")) top = "condamnation";
  else if (kinds.has("soutien")) top = "soutien";
  const lines = events.filter((e) => ["intervention", "olympe_decides", "soutien", "condamnation", "annulation",
    "bataille", "bataille_impossible", "round_won", "marks_cancel"].includes(e.kind)).map((e) => e.text);
  return { flip, glow, top, lines: lines.slice(-3), won };
}

function banner(m, seat, ctx) {
  const { t, seatName } = ctx;
  if (!m.top) return null;
  const winner = m.won[m.won.length - 1];
  let title = t(`moment.${m.top}`);
  let kind = m.top;
  if (m.top === "round_won" || m.top === "bataille_won") {
    const what = m.top === "round_won" ? "round" : "bataille";
    title = seat === null ? t(`moment.${what}_won_by`, { name: seatName(winner) })
      : t(winner === seat ? `moment.${what}_won` : `moment.${what}_lost`);
    kind = seat !== null && winner !== seat ? "lost" : "round_won";
  }
  return h("div", { class: `mx-banner mx-banner-${kind}`, role: "status", "data-testid": "mx-banner" },
    h("strong", { text: title }), ...m.lines.map((line) => h("span", { text: line })));
}

// -- the parts of the board ---------------------------------------------------------------

function sideHeader(view, side, seat, ctx) {
  const { t, seatName } = ctx;
  const acting = view.to_act.includes(side) && !ctx.over;
  const famix = view.mode === "famix";
  let turn = null;
  if (acting) turn = h("span", { class: "mx-turn", text: `▶ ${side === seat ? t("turn.you") : t("turn.them")}` });
  else if (famix && view.chosen[side] && !ctx.over) turn = h("span", { class: "mx-chosen", text: `✓ ${t("turn.chosen")}` });
  return h("header", { class: "mx-side-head" },
    h("h3", { text: side === seat ? t("side.you", { name: seatName(side) }) : seatName(side) }),
    turn,
    h("span", { class: "mx-stat mx-stat-vivants", "data-testid": `mx-vivants-${side}`,
      text: t("stat.vivants", { n: view.vivants[side].length, bios: view.vivants_bios[side] }) }),
    h("span", { class: "mx-stat", text: t("stat.enfers", { n: view.enfers[side].length }) }),
    h("span", { class: "mx-stat", "data-testid": `mx-areopage-size-${side}`, text: t("stat.areopage", { n: view.areopage_size[side] }) }));
}

function pile(view, side, key, ctx) {
  const { t } = ctx;
  const names = view[key][side];
  const chips = names.map((n) => {
    const face = view.faces[n];
    return h("li", { class: "mx-chip", style: `--fam:${familyColour(face.famille)}`, title: describeCard(n, face, t) },
      emblemIcon(EMBLEMS, face.famille), h("span", { text: n }), h("b", { text: face.bios }));
  });
  return h("section", { class: `mx-pile mx-pile-${key}`, "aria-label": t(`pile.${key}`, { n: names.length }) },
    h("h4", {}, h("span", { class: "mx-sym", "aria-hidden": "true", text: key === "vivants" ? "☀" : "☾" }),
      ` ${t(`pile.${key}`, { n: names.length })}`),
    names.length ? h("ul", {}, chips) : h("p", { class: "mx-none", text: t("pile.none") }));
}

function olympe(view, side, ctx, targets, m) {
  const { t } = ctx;
  const famix = view.mode === "famix";
  const row = h("div", { class: "mx-row" });
  view.olympe[side].forEach((name, slot) => {
    const target = targets.get(`${side}:${slot}`);
    let cls = "";
    for (const g of m.glow) {
      if (g.seat !== side) continue;
      if ((g.slot !== undefined && g.slot === slot) || (g.slot === undefined && g.name === name)) cls += ` mx-glow-${g.kind}`;
    }
    const c = card(name, view, t, {
      class: cls,
      choose: target ? target.choose : null,
      hint: target ? target.hint : null,
      testid: target ? "mx-target" : null,
    });
    const holder = h("div", { class: "mx-dieu-slot" }, c);
    if (famix) {
      // The Dieu's power (MX-21): how many of each set of three it holds.
      const held = view.resources[side][slot];
      const of = (set) => set.filter((r) => held.includes(r)).length;
      holder.append(resourceTray(view, held, t),
        h("span", { class: "mx-progress", text: t("olympe.progress", { o: of(view.offrandes), n: of(view.nourritures) }) }));
    }
    row.append(holder);
  });
  if (!view.olympe[side].length) row.append(h("p", { class: "mx-none", text: t("olympe.empty") }));
  return h("section", { class: "mx-zone mx-olympe", "data-testid": `mx-olympe-${side}` },
    h("h4", { text: famix ? t("olympe.title_famix") : t("olympe.title") }), row);
}

function stack(view, side, ctx, reveal) {
  const { t } = ctx;
  const n = view.areopage_size[side];
  const layers = Math.min(n, 4);
  const box = h("div", { class: "mx-stack", style: `--layers:${layers}` });
  for (let i = 0; i < layers; i += 1) box.append(h("div", { class: "mx-stack-card", style: `--i:${i}` }, cardBack("MX")));
  box.append(h("span", { class: "mx-count-badge", text: n }));
  const label = t("areopage.hidden", { n });
  if (reveal) {
    box.classList.add("mx-target");
    box.setAttribute("role", "button");
    box.setAttribute("tabindex", "0");
    box.dataset.testid = "mx-reveal-stack";
    box.setAttribute("aria-label", `${t("action.reveal")} — ${label}`);
    clickable(box, reveal);
  } else {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", label);
  }
  return h("section", { class: "mx-zone mx-areopage", "data-testid": `mx-areopage-${side}` },
    h("h4", { text: t("areopage.title") }), box, h("p", { class: "mx-note", text: t("areopage.secret") }));
}

function famixAreopage(view, side, ctx, choices) {
  const { t } = ctx;
  const groups = new Map();
  for (const name of view.areopage[side]) {
    const fam = view.faces[name].famille;
    if (!groups.has(fam)) groups.set(fam, []);
    groups.get(fam).push(name);
  }
  const famix = new Map(view.famix[side].map((f) => [f.famille, f]));
  const wrapBox = h("div", { class: "mx-families" });
  for (const [fam, names] of groups) {
    const f = famix.get(fam);
    const group = h("div", { class: `mx-family ${f ? "is-famix" : ""}`, style: `--fam:${familyColour(fam)}` },
      h("div", { class: "mx-family-head" }, h("span", {}, emblemIcon(EMBLEMS, fam), ` ${fam}`),
        f ? h("b", { text: t("famix.bios", { n: names.length, bios: f.bios }) }) : h("span", { class: "mx-note", text: t("famix.alone") })));
    const row = h("div", { class: "mx-row" });
    for (const name of names) {
      const choice = choices(name);
      row.append(card(name, view, t, choice || {}));
    }
    group.append(row);
    wrapBox.append(group);
  }
  if (!groups.size) wrapBox.append(h("p", { class: "mx-none", text: t("areopage.empty") }));
  return h("section", { class: "mx-zone mx-areopage-open", "data-testid": `mx-areopage-${side}` },
    h("h4", { text: t("areopage.title_open") }), wrapBox);
}

// The nine combinations of the two marks (MX-7, MX-21): the last one lit.
function marksTable(view, seat, ctx, lit) {
  const { t, seatName } = ctx;
  const me = seat ?? 0;
  const other = 1 - me;
  const famix = view.mode === "famix";
  const word = (m) => t(`marks.${famix ? "famix" : "mitix"}.${m > 0 ? "plus" : m < 0 ? "minus" : "zero"}`);
  const table = h("table", { class: "mx-marks", "data-testid": "mx-marks" },
    h("caption", { text: t(famix ? "marks.caption_famix" : "marks.caption") }));
  const head = h("tr", {}, h("th", { scope: "col", text: `${seatName(me)} ╲ ${seatName(other)}` }));
  for (const b of [1, 0, -1]) head.append(h("th", { scope: "col", text: `${b > 0 ? "+1" : b < 0 ? "−1" : "0"} ${word(b)}` }));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  for (const a of [1, 0, -1]) {
    const tr = h("tr", {}, h("th", { scope: "row", text: `${a > 0 ? "+1" : a < 0 ? "−1" : "0"} ${word(a)}` }));
    for (const b of [1, 0, -1]) {
      const mine = a > b;
      const text = a === b ? t("marks.bios") : `${mine ? "▲" : "▼"} ${seatName(mine ? me : other)}`;
      const on = lit && lit[me] === a && lit[other] === b;
      tr.append(h("td", { class: `${a === b ? "mx-cancel" : mine ? "mx-up" : "mx-down"}${on ? " mx-lit" : ""}`,
        "aria-current": on ? "true" : null, text }));
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

function markBadge(mark, t, famix) {
  const key = mark > 0 ? "plus" : mark < 0 ? "minus" : "zero";
  return h("span", { class: `mx-mark mx-mark-${key}`, text: `${mark > 0 ? "☀ +1" : mark < 0 ? "☁ −1" : "0"} ${t(`marks.${famix ? "famix" : "mitix"}.${key}`)}` });
}

function arena(view, seat, ctx, m) {
  const { t, seatName } = ctx;
  const me = seat ?? 0;
  const other = 1 - me;
  const famix = view.mode === "famix";
  const box = h("section", { class: "mx-arena", "data-testid": "mx-arena", "aria-label": t("arena.title") });
  const last = view.last || [];
  let lit = null;
  if (ctx.over) {
    // The final count only: who won and why is the room's end panel's to say (issue 20).
    box.append(h("div", { class: "mx-end", "data-testid": "mx-end" },
      h("strong", { text: t("end.title") }),
      h("span", { text: t("end.score", { a: seatName(me), na: view.vivants[me].length, ba: view.vivants_bios[me],
        b: seatName(other), nb: view.vivants[other].length, bb: view.vivants_bios[other] }) })));
  }
  // FaMiX: who has chosen, and one's own secret choice (never the other's).
  if (famix && (view.phase === "choix" || view.phase === "bataille") && !ctx.over) {
    const waiting = h("div", { class: "mx-waiting" });
    for (const side of [other, me]) {
      const mine = side === seat && view.my_choice;
      const label = view.chosen[side] ? t("arena.chosen", { name: seatName(side) }) : t("arena.choosing", { name: seatName(side) });
      const slot = h("div", { class: "mx-choice-slot" }, h("span", { class: "mx-note", text: label }));
      if (mine) slot.append(card(view.my_choice, view, t, { badge: view.phase === "bataille" ? t("arena.my_down") : t("arena.my_choice") }));
      else if (view.chosen[side]) slot.append(h("div", { class: "mx-card mx-card-back", role: "img", "aria-label": label }, cardBack("?")));
      else slot.append(h("div", { class: "mx-card mx-card-ghost", "aria-hidden": "true" }));
      waiting.append(slot);
    }
    box.append(h("h4", { text: view.phase === "bataille" ? t("arena.bataille_choice") : t("arena.choice") }), waiting);
  }
  // The engaged cards, when more than the last round shows (the face-down ones of a bataille).
  const shown = (side) => last.reduce((n, step) => n + (famix ? step.cards[side].length : 1), 0);
  if (famix && (view.engaged[0].length > shown(0) || view.engaged[1].length > shown(1))) {
    const row = h("div", { class: "mx-engaged" });
    for (const side of [other, me]) {
      row.append(h("div", { class: "mx-engaged-side" }, h("span", { class: "mx-note", text: seatName(side) }),
        h("div", { class: "mx-row mx-small-cards" }, view.engaged[side].map((n) => card(n, view, t)))));
    }
    box.append(h("h4", { text: t("arena.engaged") }), row);
  }
  if (last.length) {
    box.append(h("h4", { text: last.length > 1 ? t("arena.last_bataille", { n: last.length - 1 }) : t("arena.last") }));
    last.forEach((step, i) => {
      const newest = i === last.length - 1;
      const flip = m.flip && !ctx.replay;
      const pair = h("div", { class: `mx-duel ${newest ? "" : "mx-older"}`, "data-testid": "mx-duel" });
      for (const side of [other, me]) {
        const names = famix ? step.cards[side] : [step.cards[side]];
        const avant = famix ? step.avant[side] : step.cards[side];
        const won = step.by !== "egalite" && ((step.final[side] > step.final[1 - side] && step.by === "bios")
          || (step.by === "olympe" && step.marks[side] > step.marks[1 - side]));
        const col = h("div", { class: `mx-duel-side ${won ? "mx-won" : ""}` },
          h("span", { class: "mx-note", text: seatName(side) }));
        const cards = h("div", { class: "mx-row mx-duel-cards" });
        for (const n of names) {
          cards.append(card(n, view, t, { flip, backWord: "MX", class: n === avant && names.length > 1 ? "mx-avant" : "",
            badge: n === avant && names.length > 1 ? t("arena.avant") : null }));
        }
        col.append(cards);
        const facts = h("div", { class: "mx-facts" }, markBadge(step.marks[side], t, famix));
        if (famix) facts.append(h("span", { text: t("arena.famix_bios", { bios: step.bios[side] }) }));
        facts.append(h("span", { class: "mx-final", text: t("arena.final", { n: step.final[side] }) }));
        if (won) facts.append(h("span", { class: "mx-winmark", text: `✔ ${t("arena.won")}` }));
        col.append(facts);
        pair.append(col);
      }
      pair.insertBefore(h("span", { class: "mx-vs", "aria-hidden": "true", text: "⚔" }), pair.lastChild);
      const by = { olympe: "arena.by_olympe", bios: "arena.by_bios", egalite: "arena.by_tie" }[step.by];
      if (by) pair.append(h("p", { class: "mx-by", text: t(by) }));
      if (!newest && !famix) pair.append(h("p", { class: "mx-note", text: t("arena.face_down_mitix") }));
      box.append(pair);
      if (newest) lit = step.marks;
    });
  } else if (!ctx.over && !(famix && view.phase !== "placement")) {
    box.append(h("p", { class: "mx-note", text: t(famix ? "arena.empty_famix" : "arena.empty") }));
  }
  if (famix) {
    box.append(h("p", { class: "mx-resources-line", "data-testid": "mx-pile" },
      t("arena.pile", { n: view.pile_size, used: view.used.length })));
  }
  box.append(marksTable(view, seat, ctx, lit));
  return box;
}

// -- decisions -------------------------------------------------------------------------------

// Each legal text, read into what it does (without judging it: the engine listed it).
function readLegal(legal) {
  const out = { reveal: null, send: new Map(), down: new Map(), place: [], other: [] };
  for (const text of legal) {
    if (text === "reveal") out.reveal = text;
    else if (text.startsWith("send ")) out.send.set(text.slice(5), text);
    else if (text.startsWith("down ")) out.down.set(text.slice(5), text);
    else if (text.includes(" > ")) {
      const [resource, rest] = text.split(" > ");
      const match = rest.match(/^(.*) #(\d+)$/);
      out.place.push({ text, resource, dieu: match ? match[1] : rest, copy: match ? Number(match[2]) : 1 });
    } else out.other.push(text);
  }
  return out;
}

function render(element, ctx, internal = false) {
  const { view, seat, legal, act, t, state } = ctx;
  if (!styled) {
    document.head.append(h("link", { rel: "stylesheet", href: new URL("./screen.css", import.meta.url).href }));
    styled = true;
  }
  const focused = document.activeElement && element.contains(document.activeElement)
    ? document.activeElement.dataset.focuskey : null;
  const over = Boolean(state && state.result);
  const c = { ...ctx, over };
  const key = `${seat}|${legal.join("|")}`;
  if (pick.key !== key) pick = { key, family: null, card: null, sent: false };
  // The room redraws on a new state or after a refusal: the seat may act again (the same
  // texts may be legal twice in a row, e.g. two resources of one kind); a choice in progress
  // survives the other seat's moves.
  if (!internal) pick.sent = false;
  const me = seat ?? 0;
  const other = 1 - me;
  const famix = view.mode === "famix";
  // A page opening on a game under way gets all its past steps at once: no moment then.
  const fresh = state && state.since === 0 && (state.steps || []).length > 1;
  const m = moments(fresh ? [] : (state && state.steps) || []);
  const L = readLegal(pick.sent ? [] : legal);
  const send = (text) => {
    if (!legal.includes(text) || pick.sent) return;
    pick.sent = true;
    act(text);
    redraw(); // nothing more to click until the server answers
  };
  const redraw = () => render(element, ctx, true);

  // Where each gesture leads: Olympe slots for a resource, aréopage cards for a choice.
  const targets = new Map();
  if (L.place.length && view.place_on && view.place_on[me] !== null) {
    const owner = view.place_on[me];
    const copies = {};
    view.olympe[owner].forEach((name, slot) => {
      copies[name] = (copies[name] || 0) + 1;
      const found = L.place.find((p) => p.dieu === name && p.copy === copies[name]);
      if (found) targets.set(`${owner}:${slot}`, { choose: () => send(found.text), hint: t("place.hint", { resource: found.resource, dieu: name }) });
    });
  }
  let prompt = null;
  const steps = [];
  const controls = [];
  let choices = () => null;
  if (L.reveal) {
    prompt = t("prompt.reveal");
    controls.push(button(t("action.reveal"), () => send(L.reveal), { class: "mx-primary", "data-testid": "mx-reveal" }));
  } else if (L.place.length) {
    const resource = L.place[0].resource;
    const kind = view.offrandes.includes(resource) ? "offrande" : "nourriture";
    prompt = t(kind === "offrande" ? "prompt.place_offrande" : "prompt.place_nourriture", { resource });
    const waiting = view.to_place[me];
    const tokens = s("svg", { viewBox: `0 0 ${waiting.length * 26 + 4} 26`, class: "mx-waiting-tokens", role: "img",
      "aria-label": t("place.waiting", { list: waiting.join(", ") }) });
    waiting.forEach((r, i) => {
      const g = token(r, view.offrandes.includes(r) ? "offrande" : "nourriture", 1, 22);
      g.setAttribute("transform", `translate(${15 + i * 26} 13)`);
      if (i === 0) g.classList.add("mx-next");
      tokens.append(g);
    });
    steps.push(tokens);
  } else if (L.send.size) {
    const groups = new Map(view.famix[me].map((f) => [f.famille, f]));
    const candidates = [...L.send.keys()];
    const families = [...new Set(candidates.map((n) => view.faces[n].famille))].filter((f) => groups.has(f));
    const hasFamix = families.length > 0;
    if (hasFamix && families.length === 1 && pick.family === null) pick.family = families[0];
    const stage = pick.card ? 3 : hasFamix && pick.family === null ? 1 : 2;
    const labels = hasFamix ? [t("step.famix"), t("step.avant"), t("step.confirm")] : [t("step.alone"), t("step.confirm")];
    const at = hasFamix ? stage : stage - 1;
    steps.push(h("ol", { class: "mx-steps", "aria-label": t("step.title") },
      labels.map((label, i) => h("li", { class: i + 1 < at ? "done" : i + 1 === at ? "now" : "", "aria-current": i + 1 === at ? "step" : null, text: label }))));
    if (stage === 1) {
      prompt = t("prompt.famix");
      choices = (name) => (L.send.has(name) ? { choose: () => { pick.family = view.faces[name].famille; redraw(); },
        hint: t("hint.famix", { famille: view.faces[name].famille }), testid: "mx-target" } : null);
      for (const fam of families) {
        controls.push(button(t("famix.pick", { famille: fam, bios: groups.get(fam).bios }), () => { pick.family = fam; redraw(); },
          { class: "mx-family-button", style: `--fam:${familyColour(fam)}` }));
      }
    } else if (stage === 2) {
      prompt = hasFamix ? t("prompt.avant", { famille: pick.family }) : t("prompt.alone");
      choices = (name) => {
        if (!L.send.has(name)) return null;
        if (hasFamix && view.faces[name].famille !== pick.family) return null;
        const face = view.faces[name];
        return { choose: () => { pick.card = name; redraw(); }, testid: "mx-target",
          hint: t(hasFamix ? "hint.avant" : "hint.alone", { name, genre: printed(t, "genre", face.genre), attaque: face.attaque }) };
      };
      if (hasFamix && families.length > 1) controls.push(button(`◀ ${t("action.back")}`, () => { pick.family = null; redraw(); }, { "data-testid": "mx-back", class: "mx-secondary" }));
    } else {
      const face = view.faces[pick.card];
      const group = hasFamix ? groups.get(pick.family) : null;
      prompt = group
        ? t("prompt.confirm_famix", { famille: pick.family, n: group.cartes.length, bios: group.bios, name: pick.card, genre: printed(t, "genre", face.genre), attaque: face.attaque })
        : t("prompt.confirm_alone", { name: pick.card, bios: face.bios, genre: printed(t, "genre", face.genre), attaque: face.attaque });
      choices = (name) => (name === pick.card ? { class: "mx-picked", badge: t("arena.avant") }
        : group && view.faces[name].famille === pick.family ? { class: "mx-member" } : null);
      controls.push(button(`◀ ${t("action.back")}`, () => { pick.card = null; if (!hasFamix || families.length > 1) { /* stay on the family */ } redraw(); }, { "data-testid": "mx-back", class: "mx-secondary" }));
      controls.push(button(t("action.send"), () => send(L.send.get(pick.card)), { class: "mx-primary", "data-testid": "mx-confirm" }));
    }
  } else if (L.down.size) {
    steps.push(h("ol", { class: "mx-steps", "aria-label": t("step.title") },
      [t("step.down"), t("step.confirm")].map((label, i) => h("li", { class: (pick.card ? 1 : 0) === i ? "now" : (pick.card && i === 0 ? "done" : ""), text: label }))));
    if (!pick.card) {
      prompt = t("prompt.down");
      choices = (name) => (L.down.has(name) ? { choose: () => { pick.card = name; redraw(); }, testid: "mx-target", hint: t("hint.down", { name }) } : null);
    } else {
      prompt = t("prompt.confirm_down", { name: pick.card });
      choices = (name) => (name === pick.card ? { class: "mx-picked" } : null);
      controls.push(button(`◀ ${t("action.back")}`, () => { pick.card = null; redraw(); }, { "data-testid": "mx-back", class: "mx-secondary" }));
      controls.push(button(t("action.down"), () => send(L.down.get(pick.card)), { class: "mx-primary", "data-testid": "mx-confirm" }));
    }
  } else if (pick.sent) {
    prompt = t("prompt.sent");
  } else if (!over && seat !== null && !ctx.replay) {
    prompt = view.to_act.length ? t("prompt.wait", { names: view.to_act.filter((x) => x !== seat).map(c.seatName).join(", ") || "—" }) : null;
  }

  // -- assemble ------------------------------------------------------------------------------
  const root = h("div", { class: `screen-mitix mode-${view.mode}${ctx.replay ? " is-replay" : ""}`, "data-testid": "mx-screen" });
  root.append(defs());
  const modeLine = h("p", { class: "mx-mode" }, h("strong", { text: t(`mode.${view.mode}`) }),
    ` · ${t("mode.round", { n: view.rounds + 1 })}`, famix ? ` · ${t(`phase.${view.phase}`)}` : "");
  root.append(modeLine);
  const b = banner(m, seat, c);
  if (b) root.append(b);

  const sideBox = (side) => {
    const zone = h("section", { class: `mx-side ${side === me && seat !== null ? "mx-me" : "mx-them"}${view.to_act.includes(side) && !over ? " mx-acting" : ""}`,
      "data-testid": `mx-side-${side}`, "aria-label": c.seatName(side) });
    zone.append(sideHeader(view, side, seat, c));
    const main = h("div", { class: "mx-side-main" });
    main.append(olympe(view, side, c, targets, m));
    if (famix) main.append(famixAreopage(view, side, c, side === me ? choices : () => null));
    else main.append(stack(view, side, c, side === me && L.reveal ? () => send(L.reveal) : null));
    zone.append(main);
    zone.append(h("div", { class: "mx-piles" }, pile(view, side, "vivants", c), pile(view, side, "enfers", c)));
    return zone;
  };

  root.append(sideBox(other));
  root.append(arena(view, seat, c, m));
  // The decision and the player's own side: one dock, stuck to the bottom of a phone's
  // window (screen.css); elsewhere it is no box at all.
  const dock = h("div", { class: "mx-dock" });
  if (!ctx.replay && seat !== null && (prompt || legal.length)) {
    const panel = h("section", { class: "mx-decide", "data-testid": "mx-decide", "aria-label": t("decide.title") });
    if (prompt) panel.append(h("p", { class: "mx-prompt", "data-testid": "mx-prompt", text: prompt }));
    panel.append(...steps);
    if (controls.length) panel.append(h("div", { class: "mx-controls" }, controls));
    if (legal.length && !pick.sent) {
      // Never stuck: every legal action, as the engine writes it, in a compact list.
      const all = h("details", { class: "mx-all", "data-testid": "mx-all-actions" },
        h("summary", { text: t("decide.all", { n: legal.length }) }),
        h("div", { class: "mx-all-list" }, legal.map((text) => button(text, () => send(text), { class: "action", "data-action": text }))));
      panel.append(all);
    }
    dock.append(panel);
  }
  dock.append(sideBox(me));
  root.append(dock);
  // A loupe: the card under the pointer or the keyboard, drawn large enough to read its Amis
  // and Ennemis (never in the way: it ignores the pointer).
  const loupe = h("div", { class: "mx-loupe", "aria-hidden": "true" });
  root.append(loupe);
  for (const node of root.querySelectorAll(".mx-card[data-card]")) {
    const show = () => {
      const face = node.querySelector("svg.mx-face:not(.mx-back)");
      if (!face) return;
      loupe.replaceChildren(face.cloneNode(true));
      loupe.classList.add("on");
    };
    const hide = () => loupe.classList.remove("on");
    node.addEventListener("mouseenter", show);
    node.addEventListener("mouseleave", hide);
    node.addEventListener("focus", show);
    node.addEventListener("blur", hide);
  }
  element.replaceChildren(root);

  // Keep the keyboard where it was across redraws.
  for (const node of root.querySelectorAll("[tabindex], button")) {
    node.dataset.focuskey = node.getAttribute("aria-label") || node.textContent;
  }
  if (focused) {
    const again = [...root.querySelectorAll("[data-focuskey]")].find((n) => n.dataset.focuskey === focused);
    if (again) again.focus();
  }
}

export default { ownsActions: true, render };
