// MIMIK's screen (issue 9): the table drawn from the view, every card a real card face in SVG,
// each player's race to the exact target, and the engine's legal action texts turned into
// gestures. A gesture is a path of picks (a hand card, then a target...); a pick is offered
// only when some legal text starts with the picks made so far, and the screen sends a text
// only once its whole path is picked: nothing illegal can be sent (the engine decides).
import { zoomable } from "/static/js/overlay.js";

const SVG = "http://www.w3.org/2000/svg";
const VALUES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
// The printed card names (the view's and the notation's words) and the catalogue keys.
const KEYS = {
  Sabotage: "sabotage", Swap: "swap", Reverse: "reverse", Pause: "pause", Half: "half",
  "Discard x2": "discard2", Pickpocket: "pickpocket", "Swap Score": "swapscore",
  Tsunami: "tsunami", MIMIK: "mimik",
};
const NAMES = [...Object.keys(KEYS), ...VALUES].sort((a, b) => b.length - a.length);
// Seats have a colour and always their number too (colour never carries meaning alone).
const SEAT_COLOURS = ["#2f6db3", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#7f5a3a", "#c2417e", "#138d90"];
const TEAM_LETTERS = ["A", "B", "C", "D"];
// The moments worth a banner, most important first. The end is none: the room's end panel
// says who won, once (issue 20).
const MOMENTS = ["copied", "stole", "kept", "overshoot", "tsunami", "swapped_score",
  "sabotaged", "swapped", "reversed", "halved", "paused"];

let ui = { key: "", picks: [], pending: false, byKey: false };
let lastStep = 0;
let lastGame = null;
let lastDraw = null;
let resizing = false;

// -- small DOM helpers ----------------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

function keyOf(card) {
  return KEYS[card] || "value";
}

function isValue(card) {
  return VALUES.includes(card);
}

// -- the legal texts as paths of picks -----------------------------------------------------
// Picks: "hand:<card>", "robbed:<card>", "posed:<seat>.<index>", "seat:<seat>", "top" (the
// discard pile's top card), "btn:pose", "btn:discard", "btn:play", "btn:keep".
function splitCards(text) {
  for (const name of NAMES) {
    if (text.startsWith(`${name} `)) return [name, text.slice(name.length + 1)];
  }
  return [text, ""];
}

function copySources(value, view) {
  const out = [];
  view.posed.forEach((cards, seat) => cards.forEach((card, i) => {
    if (card[1] === value) out.push([`posed:${seat}.${i}`]);
  }));
  if (view.discard_top === String(value)) out.push(["top"]);
  return out;
}

function actionPaths(text, view, me) {
  let m;
  if (text === "Pause" || text === "Tsunami") return { card: text, rests: [["btn:play"]] };
  if ((m = text.match(/^Swap Score (\d+)$/))) {
    // MK-22 in Team mode: any member of the other team names that team.
    const team = view.teams[Number(m[1])];
    const seats = view.teams.map((t, s) => (t === team ? s : -1)).filter((s) => s >= 0);
    return { card: "Swap Score", rests: seats.map((s) => [`seat:${s}`]) };
  }
  if ((m = text.match(/^Discard x2 (.+)$/))) {
    const [a, b] = splitCards(m[1]);
    const rests = [[`hand:${a}`, `hand:${b}`]];
    if (a !== b) rests.push([`hand:${b}`, `hand:${a}`]);
    return { card: "Discard x2", rests };
  }
  if ((m = text.match(/^(Sabotage|Reverse|Half) (\d+\.\d+)$/))) return { card: m[1], rests: [[`posed:${m[2]}`]] };
  if ((m = text.match(/^Swap (\d+) (\d+\.\d+)$/))) {
    return { card: "Swap", rests: [[`posed:${me}.${m[1]}`, `posed:${m[2]}`]] };
  }
  if ((m = text.match(/^Pickpocket (\d+)$/))) return { card: "Pickpocket", rests: [[`seat:${m[1]}`]] };
  return null;
}

function playPaths(text, view, me) {
  let m;
  if ((m = text.match(/^pose (.+)$/))) return { card: m[1], rests: [["btn:pose"]] };
  if ((m = text.match(/^MIMIK = (\d+)$/))) return { card: "MIMIK", rests: copySources(Number(m[1]), view) };
  if (text.startsWith("MIMIK ")) {
    const inner = actionPaths(text.slice(6), view, me);
    if (inner) return { card: "MIMIK", rests: inner.rests.map((r) => ["top", ...r]) };
  }
  return actionPaths(text, view, me);
}

function paths(text, view, me) {
  let m;
  if ((m = text.match(/^discard (.+)$/))) return [[`hand:${m[1]}`, "btn:discard"]];
  if ((m = text.match(/^drop (\d+)$/))) return [[`posed:${me}.${m[1]}`]];
  if ((m = text.match(/^keep (.+)$/))) {
    const [card, rest] = splitCards(m[1]);
    return [[`robbed:${card}`, "btn:keep", `hand:${rest.replace(/^discard /, "")}`]];
  }
  if ((m = text.match(/^take (.+)$/))) {
    const play = playPaths(m[1], view, me);
    return play ? play.rests.map((r) => [`robbed:${play.card}`, ...r]) : [];
  }
  const play = playPaths(text, view, me);
  return play ? play.rests.map((r) => [`hand:${play.card}`, ...r]) : [];
}

function sameStart(path, picks) {
  return picks.every((p, i) => path[i] === p);
}

// -- words ----------------------------------------------------------------------------------
function cardName(t, card) {
  return isValue(card) ? card : t(`mimik.card.${keyOf(card)}`);
}

function posedWords(t, view, seat, index, seatName) {
  const card = view.posed[seat]?.[index];
  if (!card) return "?";
  const [face, value, copied] = card;
  let what;
  if (copied !== undefined) {
    what = value === null
      ? t("mimik.posed.mimik_action", { card: cardName(t, copied) })
      : t("mimik.posed.mimik_value", { value });
  } else if (face === "MIMIK") {
    what = t("mimik.posed.mimik_five");
  } else if (Number(face) !== value) {
    what = t("mimik.posed.changed", { card: face, value });
  } else {
    what = face;
  }
  return t("mimik.posed.of", { card: what, name: seatName(seat) });
}

// An action text in words, for the list of every legal action and for screen readers.
function actionWords(t, text, view, me, seatName) {
  let m;
  const target = (ref) => {
    const [s, i] = ref.split(".").map(Number);
    return posedWords(t, view, s, i, seatName);
  };
  if ((m = text.match(/^discard (.+)$/))) return t("mimik.act.discard", { card: cardName(t, m[1]) });
  if ((m = text.match(/^drop (\d+)$/))) return t("mimik.act.drop", { target: target(`${me}.${m[1]}`) });
  if ((m = text.match(/^keep (.+)$/))) {
    const [card, rest] = splitCards(m[1]);
    return t("mimik.act.keep", { card: cardName(t, card), other: cardName(t, rest.replace(/^discard /, "")) });
  }
  if ((m = text.match(/^take (.+)$/))) return t("mimik.act.take", { play: actionWords(t, m[1], view, me, seatName) });
  if ((m = text.match(/^pose (.+)$/))) {
    return m[1] === "MIMIK" ? t("mimik.act.pose_mimik") : t("mimik.act.pose", { card: m[1] });
  }
  if ((m = text.match(/^MIMIK = (\d+)$/))) return t("mimik.act.copy", { value: m[1] });
  if (text.startsWith("MIMIK ")) {
    return t("mimik.act.copy_action", { play: actionWords(t, text.slice(6), view, me, seatName) });
  }
  if (text === "Pause" || text === "Tsunami") return cardName(t, text);
  if ((m = text.match(/^Swap Score (\d+)$/))) {
    return t("mimik.act.on_player", { card: cardName(t, "Swap Score"), name: seatName(Number(m[1])) });
  }
  if ((m = text.match(/^Pickpocket (\d+)$/))) {
    return t("mimik.act.on_player", { card: cardName(t, "Pickpocket"), name: seatName(Number(m[1])) });
  }
  if ((m = text.match(/^Discard x2 (.+)$/))) {
    const [a, b] = splitCards(m[1]);
    return t("mimik.act.discard2", { a: cardName(t, a), b: cardName(t, b) });
  }
  if ((m = text.match(/^(Sabotage|Reverse|Half) (\d+\.\d+)$/))) {
    return t("mimik.act.on_card", { card: cardName(t, m[1]), target: target(m[2]) });
  }
  if ((m = text.match(/^Swap (\d+) (\d+\.\d+)$/))) {
    return t("mimik.act.swap", { mine: target(`${me}.${m[1]}`), target: target(m[2]) });
  }
  return text;
}

// -- card faces -----------------------------------------------------------------------------
function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

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
function cardFace(t, card, posed = null, label = "") {
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
      const shown = posed[1] === null ? cardName(t, posed[2]) : `= ${posed[1]}`;
      root.append(svg("rect", { x: 10, y: 88, width: 80, height: 28, rx: 6, fill: "#fff" }),
        svg("text", { x: 50, y: posed[1] === null ? 107 : 110, class: posed[1] === null ? "mk-t-fine" : "mk-t-posed", "font-size": posed[1] === null ? fit(shown, 13, 120) : 22, "font-weight": 800, "text-anchor": "middle", fill: "#12361c", text: shown }),
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
function zoomCard(box, t, card, face, more = null) {
  const key = keyOf(card);
  const effect = key === "value" ? t("mimik.card_label", { card }) : t(`mimik.effect.${key}`);
  zoomable(box, () => ({ title: cardName(t, card), face, scope: "screen-mimik", lines: [more, effect] }));
  // The effect over the face in HTML, at a size one reads in the hand (the face's own lines
  // are for the card shown large).
  if (key !== "value") box.append(el("span", { class: "mk-over-effect", "aria-hidden": "true", text: t(`mimik.effect.${key}`) }));
}

function cardBack(label) {
  return svg("svg", { viewBox: "0 0 100 140", class: "mk-face mk-back", role: "img", "aria-label": label },
    svg("title", { text: label }),
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#23402b", stroke: "#0e1f13", "stroke-width": 3 }),
    svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 7, fill: "none", stroke: "#8fc79b", "stroke-dasharray": "4 3" }),
    svg("path", { d: "M22 70 Q50 44 78 70 Q50 96 22 70 Z", fill: "none", stroke: "#8fc79b", "stroke-width": 4 }),
    svg("circle", { cx: 50, cy: 70, r: 7, fill: "#8fc79b" }),
    svg("text", { x: 50, y: 120, class: "mk-t-back", "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: "#8fc79b", "letter-spacing": 2, text: "MIMIK" }));
}

// -- the race to the target -----------------------------------------------------------------
function sides(view) {
  // One entry per side: a seat, or a team of two in Team mode (MK-5: one shared score).
  const out = [];
  view.teams.forEach((team, seat) => {
    const side = out.find((o) => o.team === team);
    if (side) side.seats.push(seat);
    else out.push({ team, seats: [seat], score: view.scores[seat] });
  });
  return out;
}

function sideLabel(t, view, side, seatName) {
  return view.team
    ? t("mimik.team", { letter: TEAM_LETTERS[side.team], names: side.seats.map(seatName).join(" + ") })
    : seatName(side.seats[0]);
}

function race(t, view, seatName, narrow) {
  // Drawn for the width it gets: a phone's narrow board gets a shorter track, bigger marks.
  const target = view.target;
  const width = narrow ? 330 : 520;
  const left = 20;
  const right = width - 38;
  const x = (score) => left + (Math.min(score, target + 6) / target) * (right - left);
  const all = sides(view);
  // Tokens that would overlap go one row down: every side stays readable at 8 players.
  const placed = [];
  const rows = all.map((side) => {
    let row = 0;
    while (placed.some((p) => p.row === row && Math.abs(p.x - x(side.score)) < 26)) row += 1;
    placed.push({ row, x: x(side.score) });
    return row;
  });
  const height = 60 + Math.max(0, ...rows) * 26;
  const summary = all.map((s) => t("mimik.race.entry", { name: sideLabel(t, view, s, seatName), score: s.score, left: target - s.score })).join(" ; ");
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "mk-race", role: "img", "aria-label": t("mimik.race.label", { target }) + " " + summary, "data-testid": "race" },
    svg("title", { text: summary }));
  root.append(svg("rect", { x: left, y: 30, width: right - left, height: 8, rx: 4, fill: "#e6dfcf" }));
  for (let v = 0; v <= target; v += 5) {
    const major = v % 10 === 0;
    root.append(svg("line", { x1: x(v), x2: x(v), y1: major ? 24 : 28, y2: 44, stroke: "#8a8070", "stroke-width": major ? 1.5 : 1 }));
    if (major && v < target) root.append(svg("text", { x: x(v), y: 18, "font-size": 13, "text-anchor": "middle", fill: "#6b6357", text: String(v) }));
  }
  // The exact target, a flag: beyond it is overshoot (MK-7).
  root.append(svg("rect", { x: x(target), y: 26, width: right - x(target) + 30, height: 16, fill: "url(#mk-hatch)", opacity: 0.7 }),
    svg("defs", {}, svg("pattern", { id: "mk-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 3, height: 6, fill: "#c0392b" }))),
    svg("path", { d: `M${x(target)} 44 V6 L${x(target) + 16} 11 L${x(target)} 16`, fill: "#f4d35e", stroke: "#1d1b16", "stroke-width": 1.5 }),
    svg("text", { x: x(target) - 4, y: 14, "font-size": 13, "font-weight": 800, "text-anchor": "end", fill: "#1d1b16", text: String(target) }));
  all.forEach((side, i) => {
    const cx = x(side.score);
    const cy = 34 + rows[i] * 26;
    const seat = side.seats[0];
    const label = view.team ? TEAM_LETTERS[side.team] : String(seat + 1);
    const acting = side.seats.includes(view.active);
    root.append(svg("g", { class: acting ? "mk-token mk-acting" : "mk-token" },
      svg("title", { text: t("mimik.race.entry", { name: sideLabel(t, view, side, seatName), score: side.score, left: target - side.score }) }),
      svg("circle", { cx, cy, r: 12, fill: SEAT_COLOURS[seat % 8], stroke: acting ? "#1d1b16" : "#fff", "stroke-width": acting ? 3 : 2 }),
      svg("text", { x: cx, y: cy + 4.5, "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: "#fff", text: label })));
  });
  return root;
}

function gauge(t, view, seat) {
  const score = view.scores[seat];
  const target = view.target;
  const fill = Math.min(score, target) / target;
  const over = score > target;
  return svg("svg", { viewBox: "0 0 200 14", class: "mk-gauge", "aria-hidden": "true", preserveAspectRatio: "none" },
    svg("rect", { x: 0, y: 2, width: 200, height: 10, rx: 5, fill: "#ece5d4" }),
    svg("rect", { x: 0, y: 2, width: Math.max(0, 200 * fill), height: 10, rx: 5, fill: over ? "#c0392b" : score === target ? "#e0a800" : SEAT_COLOURS[seat % 8] }),
    ...[0.2, 0.4, 0.6, 0.8].map((f) => svg("line", { x1: 200 * f, x2: 200 * f, y1: 2, y2: 12, stroke: "#fff", "stroke-width": 1 })));
}

// -- the screen -----------------------------------------------------------------------------
function injectStyle() {
  if (document.getElementById("mimik-screen-style")) return;
  const link = document.createElement("link");
  link.id = "mimik-screen-style";
  link.rel = "stylesheet";
  link.href = new URL("./screen.css", import.meta.url).href;
  document.head.append(link);
}

function pickable(node, pick, label, onPick) {
  node.classList.add("mk-pickable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.dataset.pick = pick;
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    onPick(pick);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      onPick(pick, true);
    }
  });
}

function moment(t, events, view, seatName) {
  // The most important event of the new steps, said in a banner (the log has every line).
  const found = MOMENTS.map((kind) => events.find((e) => e.kind === kind)).find(Boolean);
  if (!found) return null;
  const d = found.data;
  const name = (key = "seat") => seatName(d[key]);
  switch (found.kind) {
    case "copied": {
      const from = (d.from || []).map(seatName);
      if (d.discard) from.push(t("mimik.moment.the_discard"));
      const text = d.value === null || d.value === undefined
        ? t("mimik.moment.copied_action", { name: name(), card: cardName(t, d.card) })
        : t("mimik.moment.copied", { name: name(), card: d.card, from: from.join(t("mimik.or")) || "?" });
      return { kind: "copied", text, seats: [d.seat, ...(d.from || [])], value: d.value };
    }
    case "stole":
      return { kind: "stole", text: t("mimik.moment.stole", { name: name(), card: cardName(t, d.card), victim: name("victim") }), seats: [d.seat, d.victim] };
    case "kept":
      return { kind: "stole", text: t("mimik.moment.kept", { name: name(), victim: name("victim"), card: cardName(t, d.discarded) }), seats: [d.seat, d.victim] };
    case "overshoot": {
      const seats = d.seats || [d.seat];
      return { kind: "bad", text: t("mimik.moment.overshoot", { names: seats.map(seatName).join(" + "), score: d.score, base: d.base }), seats };
    }
    case "tsunami":
      return { kind: "bad", text: t("mimik.moment.tsunami", { name: name() }), seats: [d.seat] };
    case "swapped_score":
      return { kind: "info", text: t("mimik.moment.swapped_score", { name: name(), other: name("other") }), seats: [d.seat, d.other] };
    case "sabotaged":
      return { kind: "bad", text: t("mimik.moment.sabotaged", { name: name(), owner: name("owner"), card: d.card }), seats: [d.owner] };
    case "swapped":
      return { kind: "info", text: t("mimik.moment.swapped", { name: name(), owner: name("owner"), gave: d.gave, got: d.got }), seats: [d.seat, d.owner] };
    case "reversed":
    case "halved":
      return { kind: "info", text: t(`mimik.moment.${found.kind}`, { name: name(), owner: name("owner"), before: d.before, after: d.after }), seats: [d.owner] };
    case "paused":
      return { kind: "info", text: t("mimik.moment.paused", { name: name(), other: name("paused") }), seats: [d.paused] };
    default:
      return null;
  }
}

// The room calls render() with each new state, and again after the server refused a move:
// either way the screen takes clicks again.
function render(element, context) {
  ui.pending = false;
  draw(element, context);
  lastDraw = () => draw(element, context);
  if (!resizing) {
    // The race is drawn for the board's width: a phone turned sideways gets it redrawn.
    resizing = true;
    let timer = 0;
    window.addEventListener("resize", () => {
      clearTimeout(timer);
      timer = setTimeout(() => lastDraw && lastDraw(), 150);
    });
  }
}

function draw(element, context) {
  const { view, seat, legal, act, t, state, seatName, replay } = context;
  injectStyle();
  if (!view) {
    element.replaceChildren();
    return;
  }
  const game = state && state.game ? state.game : "replay";
  if (game !== lastGame) {
    lastGame = game;
    lastStep = 0;
  }
  const me = seat === null || seat === undefined ? null : seat;
  const key = `${me}|${legal.join("\n")}`;
  if (key !== ui.key) ui = { key, picks: [], pending: false, byKey: ui.byKey };

  // Every legal text with its paths of picks; the picks offered next.
  const options = [];
  for (const text of legal) for (const path of paths(text, view, me)) options.push({ text, path });
  const live = ui.pending ? [] : options.filter((o) => sameStart(o.path, ui.picks));
  const next = new Set(live.filter((o) => o.path.length > ui.picks.length).map((o) => o.path[ui.picks.length]));
  const redraw = () => draw(element, context);
  const onPick = (pick, byKey = false) => {
    if (ui.pending || !next.has(pick)) return;
    ui.byKey = byKey;
    const picks = [...ui.picks, pick];
    const done = live.find((o) => o.path.length === picks.length && sameStart(o.path, picks));
    if (done) {
      ui.picks = [];
      ui.pending = true;
      act(done.text);
    } else {
      ui.picks = picks;
    }
    redraw();
  };
  const focused = element.querySelector(":focus")?.dataset?.pick;

  const root = el("div", { class: "screen-mimik", "data-testid": "mimik" });
  const phase = view.phase;
  const actingSeats = view.to_act || [];

  // The head: turn, target and variants, the piles.
  const variants = [t(view.target === 30 ? "mimik.variant.express" : view.target === 75 ? "mimik.variant.hardcore" : "mimik.variant.standard")];
  if (view.team) variants.push(t("mimik.variant.team"));
  if (view.beginner) variants.push(t("mimik.variant.beginner"));
  const head = el("div", { class: "mk-head" },
    el("div", { class: "mk-info" },
      el("span", { class: "mk-turn", "data-testid": "turn", text: t("mimik.turn", { n: view.turn }) }),
      el("strong", { class: "mk-target", "data-testid": "target", text: t("mimik.target", { target: view.target }) }),
      el("span", { class: "mk-variants", text: variants.join(" · ") })));
  const piles = el("div", { class: "mk-piles" });
  const drawPile = el("figure", { class: "mk-pile", "data-testid": "draw-pile" },
    view.draw_pile ? cardBack(t("mimik.pile.draw", { n: view.draw_pile })) : el("div", { class: "mk-empty-pile" }),
    el("figcaption", { text: t("mimik.pile.draw", { n: view.draw_pile }) }));
  const topLabel = view.discard_top ? t("mimik.pile.top", { card: cardName(t, view.discard_top) }) : t("mimik.pile.empty");
  const discardCard = view.discard_top ? cardFace(t, view.discard_top, null, topLabel) : el("div", { class: "mk-empty-pile" });
  const discardPile = el("figure", { class: "mk-pile", "data-testid": "discard-pile" }, discardCard,
    el("figcaption", { text: t("mimik.pile.discard", { n: view.discard_pile }) }));
  if (view.discard_top) zoomCard(discardPile, t, view.discard_top, discardCard, topLabel);
  if (next.has("top")) pickable(discardPile, "top", t("mimik.pick.top", { card: topLabel }), onPick);
  piles.append(drawPile, discardPile);
  head.append(piles);
  root.append(head);
  root.append(race(t, view, seatName, element.clientWidth > 0 && element.clientWidth < 520));

  // The prompt: what to do now, step by step, with a way back.
  const prompt = el("div", { class: "mk-prompt", "data-testid": "prompt", "aria-live": "polite" });
  const promptText = el("p", { class: "mk-prompt-text", "data-testid": "prompt-text" });
  prompt.append(promptText);
  const buttons = el("div", { class: "mk-buttons" });
  const chosen = ui.picks.map((p) => p.split(":")[1]);
  const firstCard = ui.picks.length ? chosen[0] : null;
  if (replay) {
    promptText.textContent = t("mimik.prompt.replay");
  } else if (ui.pending) {
    promptText.textContent = t("mimik.prompt.sent");
  } else if (legal.length && me !== null) {
    promptText.textContent = promptFor(t, view, ui.picks, next, firstCard, seatName);
    for (const pick of ["btn:pose", "btn:play", "btn:keep", "btn:discard"]) {
      if (!next.has(pick)) continue;
      const value = firstCard === "MIMIK" ? 5 : Number(firstCard);
      const label = pick === "btn:pose" ? t("mimik.do.pose", { value })
        : pick === "btn:play" ? t("mimik.do.play", { card: cardName(t, firstCard) })
          : pick === "btn:keep" ? t("mimik.do.keep") : t("mimik.do.discard", { card: cardName(t, firstCard) });
      const button = el("button", { type: "button", class: `mk-do mk-${pick.slice(4)}`, "data-testid": `do-${pick.slice(4)}`, text: label });
      button.dataset.pick = pick;
      button.addEventListener("click", () => onPick(pick));
      buttons.append(button);
    }
    if (ui.picks.length) {
      const back = el("button", { type: "button", class: "mk-undo", "data-testid": "back", text: t("mimik.do.back") });
      back.addEventListener("click", () => { ui.picks = ui.picks.slice(0, -1); redraw(); });
      const cancel = el("button", { type: "button", class: "mk-undo", "data-testid": "cancel", text: t("mimik.do.cancel") });
      cancel.addEventListener("click", () => { ui.picks = []; redraw(); });
      buttons.append(back, cancel);
    }
  } else if (view.result) {
    promptText.textContent = t("mimik.prompt.over");
  } else {
    const who = actingSeats.map(seatName).join(", ");
    promptText.textContent = phase === "pickpocket"
      ? t("mimik.prompt.wait_pick", { name: seatName(view.active), victim: seatName(view.victim) })
      : phase === "tsunami" ? t("mimik.prompt.wait_drop", { name: who }) : t("mimik.prompt.wait", { name: who });
  }
  if (ui.picks.length) {
    const trail = el("ol", { class: "mk-trail", "aria-label": t("mimik.prompt.trail") });
    for (const pick of ui.picks) trail.append(el("li", { text: pickWords(t, pick, view, seatName) }));
    prompt.append(trail);
  }
  prompt.append(buttons);
  root.append(prompt);

  // The pickpocket's look at the robbed hand (MK-21), face up for them only.
  if (view.robbed_hand && me !== null) {
    const robbed = el("section", { class: "mk-robbed", "data-testid": "robbed-hand", "aria-label": t("mimik.robbed", { name: seatName(view.victim) }) },
      el("h3", { text: t("mimik.robbed", { name: seatName(view.victim) }) }));
    const row = el("div", { class: "mk-cards mk-hand-cards" });
    view.robbed_hand.forEach((card, i) => {
      const label = t("mimik.card_label", { card: cardName(t, card) });
      const face = cardFace(t, card, null, label);
      const box = el("div", { class: "mk-card", "data-card": card, "data-testid": "robbed-card", "data-index": i }, face);
      zoomCard(box, t, card, face);
      if (chosen[0] === card && ui.picks[0] === `robbed:${card}` && !row.querySelector(".mk-chosen")) box.classList.add("mk-chosen");
      else if (next.has(`robbed:${card}`)) pickable(box, `robbed:${card}`, t("mimik.pick.robbed", { card: cardName(t, card) }), onPick);
      row.append(box);
    });
    robbed.append(row);
    root.append(robbed);
  }

  // My hand, face up.
  if (me !== null && view.hand) {
    const mine = el("section", { class: "mk-hand", "data-testid": "hand", "aria-label": t("mimik.hand") },
      el("h3", { text: t("mimik.hand_count", { n: view.hand.length }) }));
    const row = el("div", { class: "mk-cards mk-hand-cards" });
    const used = {};
    for (const p of ui.picks) if (p.startsWith("hand:")) used[p.slice(5)] = (used[p.slice(5)] || 0) + 1;
    view.hand.forEach((card, i) => {
      const label = t("mimik.card_label", { card: cardName(t, card) });
      const face = cardFace(t, card, null, label);
      const box = el("div", { class: "mk-card", "data-card": card, "data-testid": "hand-card", "data-index": i }, face);
      zoomCard(box, t, card, face);
      if (used[card]) {
        used[card] -= 1;
        box.classList.add("mk-chosen");
      } else if (next.has(`hand:${card}`)) {
        pickable(box, `hand:${card}`, t("mimik.pick.hand", { card: cardName(t, card) }), onPick);
      }
      row.append(box);
    });
    mine.append(row);
    root.append(mine);
  }

  // The players: a panel each, with their score toward the target, posed cards and hand size.
  const table = el("section", { class: `mk-table mk-n${view.players}`, "data-testid": "table", "aria-label": t("mimik.table") });
  for (let s = 0; s < view.players; s += 1) {
    const panel = el("article", { class: "mk-player", "data-testid": `player-${s}`, "data-seat": s, style: `--seat: ${SEAT_COLOURS[s % 8]}` });
    if (actingSeats.includes(s)) panel.classList.add("mk-acting");
    if (s === me) panel.classList.add("mk-me");
    const score = view.scores[s];
    const left = view.target - score;
    const top = el("header", { class: "mk-player-head" },
      el("span", { class: "mk-seat-no", "aria-hidden": "true", text: view.team ? `${s + 1}${TEAM_LETTERS[view.teams[s]]}` : String(s + 1) }),
      el("span", { class: "mk-name", text: seatName(s) }),
      s === me ? el("span", { class: "mk-tag", text: t("mimik.you") }) : null,
      actingSeats.includes(s) ? el("span", { class: "mk-tag mk-tag-turn", text: t("mimik.to_act") }) : null,
      view.team ? el("span", { class: `mk-tag mk-team mk-team-${view.teams[s]}`, text: t("mimik.team_short", { letter: TEAM_LETTERS[view.teams[s]] }) }) : null,
      view.paused[s] ? el("span", { class: "mk-tag mk-tag-pause", text: t("mimik.paused") }) : null);
    const scoreLine = el("div", { class: "mk-score", "data-testid": `score-${s}` },
      el("strong", { class: "mk-points", text: t("mimik.score", { score, target: view.target }) }),
      el("span", { class: left < 0 ? "mk-left mk-over" : left === 0 ? "mk-left mk-done" : "mk-left", text: left > 0 ? t("mimik.left", { n: left }) : left === 0 ? t("mimik.reached") : t("mimik.over", { n: -left }) }),
      view.bases[view.teams[s]] ? el("span", { class: "mk-base", text: t("mimik.base", { base: view.bases[view.teams[s]] }) }) : null);
    panel.append(top, scoreLine, gauge(t, view, s));
    const posedRow = el("div", { class: "mk-cards mk-posed", "aria-label": t("mimik.posed_cards", { name: seatName(s) }) });
    view.posed[s].forEach((card, i) => {
      const words = posedWords(t, view, s, i, seatName);
      const face = cardFace(t, card[0], card, words);
      const box = el("div", { class: "mk-card mk-small", "data-posed": `${s}.${i}` }, face);
      zoomCard(box, t, card[0], face, words);
      const pick = `posed:${s}.${i}`;
      if (ui.picks.includes(pick)) box.classList.add("mk-chosen");
      else if (next.has(pick)) pickable(box, pick, t("mimik.pick.posed", { card: words }), onPick);
      posedRow.append(box);
    });
    if (!view.posed[s].length) posedRow.append(el("span", { class: "mk-none", text: t("mimik.no_posed") }));
    panel.append(posedRow);
    const foot = el("div", { class: "mk-player-foot" });
    const backs = el("span", { class: "mk-backs", "data-testid": `hand-size-${s}`, title: t("mimik.hand_size", { n: view.hand_sizes[s] }) });
    if (s !== me) for (let i = 0; i < Math.min(view.hand_sizes[s], 6); i += 1) backs.append(cardBack(t("mimik.back")));
    backs.append(el("span", { class: "mk-count", text: t("mimik.hand_size", { n: view.hand_sizes[s] }) }));
    foot.append(backs);
    if (view.mimik_posed[s]) foot.append(el("span", { class: "mk-tag mk-tag-mimik", text: t("mimik.mimik_used") }));
    panel.append(foot);
    if (next.has(`seat:${s}`)) {
      pickable(panel, `seat:${s}`, t("mimik.pick.seat", { name: seatName(s) }), onPick);
      top.append(el("span", { class: "mk-tag mk-tag-target", text: t("mimik.choose_player") }));
    }
    table.append(panel);
  }
  root.append(table);

  // Every legal action in words: nothing is ever out of reach of a click or a key.
  if (legal.length && !replay) {
    const list = el("details", { class: "mk-all", "data-testid": "all-actions" },
      el("summary", { text: t("mimik.all_actions", { n: legal.length }) }));
    const ul = el("ul", {});
    for (const text of legal) {
      const button = el("button", { type: "button", class: "mk-text-action", "data-action": text, text: actionWords(t, text, view, me, seatName) });
      button.disabled = ui.pending;
      button.addEventListener("click", () => {
        ui.picks = [];
        ui.pending = true;
        act(text);
        redraw();
      });
      ul.append(el("li", {}, button));
    }
    list.append(ul);
    const wasOpen = element.querySelector(".mk-all")?.open;
    if (wasOpen) list.open = true;
    root.append(list);
  }

  // The moment of the new steps: a banner and the seats concerned lit up for a moment.
  const steps = (state && state.steps) || [];
  const fresh = steps.filter((s) => s.n > lastStep);
  if (steps.length) lastStep = Math.max(lastStep, ...steps.map((s) => s.n));
  const banner = el("div", { class: "mk-banner-box", "aria-live": "polite", "data-testid": "moment" });
  if (fresh.length && fresh.length <= 12 && !view.result) {
    const shown = moment(t, fresh.flatMap((s) => s.events), view, seatName);
    if (shown) {
      const line = el("div", { class: `mk-banner mk-banner-${shown.kind}`, text: shown.text });
      line.addEventListener("animationend", () => line.remove());  // said, then gone
      banner.append(line);
      for (const s of shown.seats) table.querySelector(`[data-seat="${s}"]`)?.classList.add("mk-flash");
      if (shown.kind === "copied") {
        // The new MIMIK pops, and the cards it may have copied light up (MK-26).
        const [copier, ...sources] = shown.seats;
        const pile = view.posed[copier] || [];
        table.querySelector(`[data-posed="${copier}.${pile.length - 1}"]`)?.classList.add("mk-flash-card");
        for (const s of sources) {
          (view.posed[s] || []).forEach((card, i) => {
            if (card[1] === shown.value && !(s === copier && i === pile.length - 1)) {
              table.querySelector(`[data-posed="${s}.${i}"]`)?.classList.add("mk-flash-source");
            }
          });
        }
      }
    }
  }
  root.prepend(banner);

  element.replaceChildren(root);
  const again = focused ? root.querySelector(`[data-pick="${CSS.escape(focused)}"]`) : null;
  if (again) again.focus();
  else if (ui.byKey) {
    // A keyboard player goes on where the next step is: its first choice, or its buttons.
    root.querySelector(".mk-pickable, .mk-do, .mk-undo")?.focus();
  }
  ui.byKey = false;
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && ui.picks.length) {
      ui.picks = [];
      redraw();
    }
  });
}

function pickWords(t, pick, view, seatName) {
  const [kind, what] = [pick.slice(0, pick.indexOf(":") < 0 ? pick.length : pick.indexOf(":")), pick.slice(pick.indexOf(":") + 1)];
  if (kind === "hand" || kind === "robbed") return cardName(t, what);
  if (kind === "posed") {
    const [s, i] = what.split(".").map(Number);
    return posedWords(t, view, s, i, seatName);
  }
  if (kind === "seat") return seatName(Number(what));
  if (kind === "top") return t("mimik.pile.top", { card: cardName(t, view.discard_top || "") });
  return t(`mimik.do.${what}_short`);
}

function promptFor(t, view, picks, next, firstCard, seatName) {
  if (!picks.length) {
    if (view.phase === "pickpocket") return t("mimik.prompt.pick", { victim: seatName(view.victim) });
    if (view.phase === "tsunami") return t("mimik.prompt.drop");
    return t("mimik.prompt.play");
  }
  const kinds = new Set([...next].map((p) => p.split(":")[0]));
  const parts = [];
  const key = keyOf(firstCard);
  const depth = picks.length;
  const stolen = picks[0].startsWith("robbed:");
  if (stolen && depth === 1) parts.push(t("mimik.prompt.stolen", { card: cardName(t, firstCard) }));
  if (picks.includes("btn:keep")) parts.push(t("mimik.prompt.keep_discard"));
  else if (picks.includes("top")) parts.push(t("mimik.prompt.copy_action", { card: cardName(t, view.discard_top) }));
  else if (key === "swap" && depth === 1) parts.push(t("mimik.prompt.swap_mine"));
  else if (key === "swap" && depth === 2) parts.push(t("mimik.prompt.swap_theirs"));
  else if (key === "discard2") parts.push(t(depth === 1 ? "mimik.prompt.discard2_first" : "mimik.prompt.discard2_second"));
  else if (key === "mimik" && (kinds.has("posed") || kinds.has("top"))) parts.push(t("mimik.prompt.mimik"));
  else if (kinds.has("posed")) parts.push(t(`mimik.prompt.target_${key}`));
  else if (kinds.has("seat")) parts.push(t(`mimik.prompt.player_${key}`));
  else if (kinds.has("btn")) parts.push(t("mimik.prompt.confirm", { card: cardName(t, firstCard) }));
  if (kinds.has("btn") && (kinds.has("posed") || kinds.has("seat") || kinds.has("top") || kinds.has("hand"))) parts.push(t("mimik.prompt.or_buttons"));
  return parts.join(" ");
}

export default { ownsActions: true, render };
