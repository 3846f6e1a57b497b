// Mitan's screen (issue 9): the 9 x 9 board in SVG with its coordinates and the three Mitans,
// the market of the snake draft, the placement (open or hidden, MT-15, MT-16) and the battle.
// The engine decides everything: the screen only turns the `legal` texts into things to click,
// to reach with the arrow keys or to type, and never sends a text that is not in `legal`.
import { PIECE_LETTERS, shapePath, sideOf, letterOf } from "./pieces.js";
import { zoomable } from "/static/js/overlay.js";

const NS = "http://www.w3.org/2000/svg";
const FILES = "abcdefghi";
const SIZE = 9;
const SQ = 60; // one square, in SVG units
const MARGIN = 24; // the coordinates' band around the board
const BOARD = SIZE * SQ + 2 * MARGIN;
const DRAFT_ORDER = [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]; // MT-14
const ARMY = 8; // the Chef and 7 drafted pieces (MT-15)
const HALF_MOVES = 150; // MT-23
// A battle action's sign (MT-4) and what it is on the board.
const SIGNS = [["<>", "swap"], ["-", "move"], ["x", "capture"], ["*", "shot"], [">", "push"]];
const BATTLE = /^([CFLMSGKABPEXY])([a-i][1-9])(<>|-|x|\*|>)([a-i][1-9])$/;
const PLACE = /^([CFLMSGKABPEXY])@([a-i][1-9])$/;
const PICK = /^pick ([FLMSGKABPEXY])$/;

const memory = new WeakMap(); // per board element: selection, cursor, what was animated

function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function html(name, attrs = {}, parent = null) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, String(value));
  }
  if (parent) parent.append(node);
  return node;
}

function titled(node, text) {
  svg("title", {}, node).textContent = text;
  return node;
}

const squareName = (index) => `${FILES[index % SIZE]}${Math.floor(index / SIZE) + 1}`;
const indexOf = (name) => (Number(name[1]) - 1) * SIZE + FILES.indexOf(name[0]);

// -- what the legal texts offer -----------------------------------------------------------------
function readLegal(legal) {
  const out = { picks: new Map(), places: new Map(), moves: new Map(), pass: null };
  for (const text of legal) {
    let m;
    if (text === "pass") out.pass = text;
    else if ((m = PICK.exec(text))) out.picks.set(m[1], text);
    else if ((m = PLACE.exec(text))) {
      if (!out.places.has(m[1])) out.places.set(m[1], new Map());
      out.places.get(m[1]).set(m[2], text);
    } else if ((m = BATTLE.exec(text))) {
      const kind = SIGNS.find(([sign]) => sign === m[3])[1];
      if (!out.moves.has(m[2])) out.moves.set(m[2], new Map());
      const targets = out.moves.get(m[2]);
      if (!targets.has(m[4])) targets.set(m[4], []);
      targets.get(m[4]).push({ text, kind, letter: m[1] });
    }
  }
  return out;
}

function parseBattle(text) {
  const m = BATTLE.exec(text || "");
  if (!m) return null;
  return { letter: m[1], from: m[2], sign: m[3], to: m[4],
           kind: SIGNS.find(([sign]) => sign === m[3])[1] };
}

// -- the screen --------------------------------------------------------------------------------
export default {
  ownsActions: true,
  render(element, context) {
    injectStyle();
    let mem = memory.get(element);
    if (!mem || !element.querySelector(":scope > .screen-mitan")) {
      mem = { selected: null, choice: null, cursor: null, version: null, typed: "", msg: "" };
      memory.set(element, mem);
      element.replaceChildren(html("div", { class: "screen-mitan" }));
    }
    new Screen(element, mem, context).draw();
  },
};

class Screen {
  constructor(element, mem, context) {
    this.element = element;
    this.root = element.querySelector(":scope > .screen-mitan");
    this.mem = mem;
    Object.assign(this, context);
    this.view = context.view || {};
    this.legal = context.legal || [];
    this.offer = readLegal(this.legal);
    this.phase = this.view.phase;
    // Each player sees their own camp at the bottom; spectators, and two players sharing one
    // device (who would see the board turn at every move), see White's side.
    const mine = (context.state && context.state.mine) || [];
    this.flip = context.seat === 1 && mine.length < 2;
    this.me = context.seat;
    this.steps = (context.state && context.state.steps) || [];
    this.board = this.view.board || Array(81).fill("");
    this.paralysed = new Set(this.view.paralysed || []);
    this.shielded = new Set(this.view.shielded || []);
    this.banned = this.view.banned || [];
  }

  side(s) { return this.t(`mitan.side.${s}`); }
  pieceName(letter) { return this.t(`mitan.piece.${letter.toUpperCase()}`); }
  pieceLabel(letter) {
    return this.t("mitan.piece_of", { piece: this.pieceName(letter), side: this.t(`mitan.colour.${sideOf(letter)}`) });
  }

  draw() {
    const focusInside = this.element.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focusInside && focusInside.dataset ? focusInside.dataset.focuskey : null;
    this.checkSelection();
    const root = this.root;
    const keep = root.querySelector(":scope > .mt-keys"); // the typed move survives redraws
    root.replaceChildren();
    root.dataset.phase = this.phase;
    this.sent = this.mem.sentAt !== undefined && this.mem.sentAt !== null && this.state
      && this.mem.sentAt === this.state.version;
    root.classList.toggle("mt-sent", Boolean(this.sent));
    root.append(this.scoreboard());
    root.append(this.turnLine());
    const banner = html("div", { class: "mt-banner", role: "status", "aria-live": "polite", "data-testid": "mitan-banner" }, root);
    if (this.mem.moment) this.fillBanner(banner, this.mem.moment, false);
    else {
      // Nothing has happened yet on this page: the band says what the phase is about.
      html("strong", { text: this.t(`mitan.phase.${this.phase}`) }, banner);
      html("span", { text: this.t(`mitan.about.${this.phase}`) }, banner);
    }
    banner.hidden = Boolean(this.replay);
    const main = html("div", { class: "mt-main" }, root);
    const boardBox = html("div", { class: "mt-boardbox" }, main);
    boardBox.append(this.boardSvg());
    boardBox.append(this.legend());
    const panel = html("div", { class: "mt-panel" }, main);
    if (this.phase === "draft") panel.append(this.market());
    if (this.phase === "draft" || this.phase === "placement") panel.append(this.armies());
    if (this.phase === "battle") panel.append(this.battlePanel());
    if (this.phase === "over") panel.append(this.endPanel(), this.losses());
    if (!this.replay && this.phase !== "over") {
      root.append(this.keys(keep));
      root.append(this.allActions());
    }
    this.animate(banner);
    if (focusKey) {
      const again = root.querySelector(`[data-focuskey="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // A selection that the new legal actions no longer allow is dropped.
  checkSelection() {
    const sel = this.mem.selected;
    if (sel && sel.type === "piece" && !this.offer.moves.has(sel.square)) this.mem.selected = null;
    if (sel && sel.type === "reserve" && !this.offer.places.has(sel.letter)) this.mem.selected = null;
    if (!this.mem.selected && this.phase === "placement" && this.offer.places.size) {
      // A piece is always in hand while placing (the Chef first, MT-15), so that its squares
      // show at once; the reserve's buttons (or a letter key) take another.
      this.mem.selected = { type: "reserve", letter: [...this.offer.places.keys()][0] };
    }
    if (this.mem.choice && !(this.mem.selected && this.mem.selected.type === "piece")) this.mem.choice = null;
    if (this.mem.choice && !this.mem.choice.options.every((o) => this.legal.includes(o.text))) this.mem.choice = null;
  }

  // -- at a glance: both sides, centre points, streaks, whose turn --------------------------
  scoreboard() {
    const box = html("div", { class: "mt-score", "data-testid": "mitan-score" });
    const held = [0, 0];
    for (const m of this.view.mitans || []) {
      const p = this.board[indexOf(m)];
      if (p) held[sideOf(p)] += 1;
    }
    const onBoard = [0, 0];
    for (const p of this.board) if (p) onBoard[sideOf(p)] += 1;
    const acting = (this.view.to_act || []);
    for (const s of [0, 1]) {
      const card = html("div", { class: `mt-seat mt-seat-${s}`, "data-testid": `mitan-seat-${s}` }, box);
      if (acting.includes(s)) card.classList.add("mt-acting");
      const icon = svg("svg", { viewBox: "-30 -30 60 60", class: "mt-icon", "aria-hidden": "true" }, card);
      this.token(icon, s === 0 ? "C" : "c", 0, 0, 0.9);
      const who = html("div", { class: "mt-who" }, card);
      html("strong", { text: this.side(s) }, who);
      html("span", { class: "mt-name", text: this.seatName ? this.seatName(s) : "" }, who);
      if (acting.includes(s)) html("span", { class: "mt-tomove", text: this.t("mitan.to_move") }, who);
      const stats = html("dl", { class: "mt-stats" }, card);
      const stat = (label, value, testid) => {
        html("dt", { text: label }, stats);
        html("dd", { text: value, "data-testid": testid }, stats);
      };
      stat(this.t("mitan.points"), String(this.view.points ? this.view.points[s] : 0), `points-${s}`);
      const streak = this.view.streak ? this.view.streak[s] : 0;
      stat(this.t("mitan.streak"), `${"●".repeat(streak)}${"○".repeat(Math.max(0, 2 - streak))} ${streak}/2`, `streak-${s}`);
      if (this.phase === "battle" || this.phase === "over") {
        stat(this.t("mitan.mitans_held"), `${held[s]}/3`, `held-${s}`);
        stat(this.t("mitan.pieces"), String(onBoard[s]), `pieces-${s}`);
      } else {
        const drafted = Object.values((this.view.drafted || [{}, {}])[s]).reduce((a, b) => a + b, 0);
        stat(this.t("mitan.drafted"), `${drafted}/7`, `drafted-${s}`);
        stat(this.t("mitan.placed"), `${(this.view.placed || [0, 0])[s]}/${ARMY}`, `placed-${s}`);
      }
    }
    const clock = html("div", { class: "mt-ply" }, box);
    html("span", { class: "mt-phase", text: this.t(`mitan.phase.${this.phase}`) }, clock);
    if (this.phase === "battle" || this.phase === "over") {
      html("span", { text: this.t("mitan.half_moves", { n: this.view.ply || 0, max: HALF_MOVES }), "data-testid": "mitan-ply" }, clock);
    }
    return box;
  }

  turnLine() {
    const line = html("p", { class: "mt-turn", "data-testid": "mitan-turn" });
    const acting = this.view.to_act || [];
    if (this.phase === "over") {
      // Who won and why: the room's end panel says it, once (issue 20).
      line.textContent = this.t("mitan.phase.over");
      line.classList.add("mt-over");
      return line;
    }
    if (this.replay) {
      line.textContent = acting.length ? this.t("mitan.waiting_for", { side: acting.map((s) => this.side(s)).join(", ") }) : "";
      return line;
    }
    const mine = this.me !== null && this.me !== undefined && acting.includes(this.me);
    if (mine) {
      line.classList.add("mt-mine");
      const sel = this.mem.selected;
      let hint;
      if (this.phase === "draft") hint = this.t("mitan.hint.draft", { n: this.pickNumber() + 1 });
      else if (this.phase === "placement") {
        hint = sel ? this.t("mitan.hint.place_square", { piece: this.pieceName(sel.letter) })
          : this.t("mitan.hint.place_piece");
      } else if (this.offer.pass) hint = this.t("mitan.hint.pass");
      else if (this.mem.choice) hint = this.t("mitan.hint.choice");
      else if (sel) hint = this.t("mitan.hint.target", { piece: this.pieceName(this.board[indexOf(sel.square)]), square: sel.square });
      else hint = this.t("mitan.hint.battle");
      line.textContent = `${this.t("mitan.your_turn", { side: this.side(this.me) })} ${hint}`;
    } else if (acting.length) {
      line.textContent = this.t("mitan.waiting_for", { side: acting.map((s) => this.side(s)).join(", ") });
    }
    return line;
  }

  pickNumber() {
    const d = this.view.drafted || [{}, {}];
    return [0, 1].reduce((n, s) => n + Object.values(d[s]).reduce((a, b) => a + b, 0), 0);
  }

  // -- the board ---------------------------------------------------------------------------
  xy(name) {
    const i = indexOf(name);
    const file = i % SIZE;
    const rank = Math.floor(i / SIZE);
    const col = this.flip ? SIZE - 1 - file : file;
    const row = this.flip ? rank : SIZE - 1 - rank;
    return { x: MARGIN + col * SQ, y: MARGIN + row * SQ };
  }

  nameAt(col, row) {
    const file = this.flip ? SIZE - 1 - col : col;
    const rank = this.flip ? row : SIZE - 1 - row;
    return `${FILES[file]}${rank + 1}`;
  }

  targetsOfSelection() {
    const sel = this.mem.selected;
    if (this.phase === "battle" && sel && sel.type === "piece") return this.offer.moves.get(sel.square) || new Map();
    return new Map();
  }

  placeTargets() {
    const sel = this.mem.selected;
    if (this.phase === "placement" && sel && sel.type === "reserve") return this.offer.places.get(sel.letter) || new Map();
    return new Map();
  }

  bannedOfSelection() {
    const sel = this.mem.selected;
    if (!sel || sel.type !== "piece") return [];
    return this.banned.map(parseBattle).filter((b) => b && b.from === sel.square);
  }

  boardSvg() {
    const root = svg("svg", {
      viewBox: `0 0 ${BOARD} ${BOARD}`, class: "mt-board", role: "group",
      "aria-label": this.t("mitan.board_label"), "data-testid": "mitan-board",
    });
    this.defs(root);
    svg("rect", { x: 0, y: 0, width: BOARD, height: BOARD, rx: 10, class: "mt-frame" }, root);
    const turnSide = this.view.to_act && this.view.to_act.length === 1 ? this.view.to_act[0] : null;
    if (turnSide !== null && this.phase !== "over") {
      // The side to move: a band along its own edge of the board.
      const bottom = (turnSide === 1) === this.flip;
      svg("rect", { x: MARGIN, y: bottom ? BOARD - 7 : 2, width: SIZE * SQ, height: 5, rx: 2,
                    class: `mt-turnband mt-turnband-${turnSide}` }, root);
    }
    const squares = svg("g", { class: "mt-squares" }, root);
    const mitans = new Set(this.view.mitans || []);
    const last = parseBattle(this.view.last);
    const hiddenCamp = [0, 1].filter((s) => this.view.reserve && this.view.reserve[s] === null);
    for (let row = 0; row < SIZE; row += 1) {
      for (let col = 0; col < SIZE; col += 1) {
        const name = this.nameAt(col, row);
        const x = MARGIN + col * SQ;
        const y = MARGIN + row * SQ;
        const rank = Number(name[1]);
        const dark = (FILES.indexOf(name[0]) + rank) % 2 === 0;
        const camp = rank <= 2 ? 0 : rank >= 8 ? 1 : null;
        let cls = `mt-sq ${dark ? "mt-dark" : "mt-light"}`;
        if (camp !== null) cls += ` mt-camp-${camp}`;
        svg("rect", { x, y, width: SQ, height: SQ, class: cls }, squares);
        if (mitans.has(name)) this.mitanMark(squares, x, y, name);
        if (last && (last.from === name || last.to === name)) {
          svg("rect", { x: x + 2, y: y + 2, width: SQ - 4, height: SQ - 4, class: "mt-last" }, squares);
        }
      }
    }
    for (const s of hiddenCamp) this.veil(root, s);
    this.coordinates(root);
    const targets = this.targetsOfSelection();
    const places = this.placeTargets();
    const marks = svg("g", { class: "mt-marks" }, root);
    const sel = this.mem.selected;
    if (sel && sel.type === "piece") {
      const { x, y } = this.xy(sel.square);
      svg("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, rx: 6, class: "mt-selected" }, marks);
    }
    for (const [square] of places) this.targetMark(marks, square, "place");
    for (const b of this.bannedOfSelection()) if (!targets.has(b.to)) this.targetMark(marks, b.to, "banned");
    const pieces = svg("g", { class: "mt-pieces" }, root);
    for (let i = 0; i < 81; i += 1) {
      const letter = this.board[i];
      if (!letter) continue;
      const name = squareName(i);
      const { x, y } = this.xy(name);
      const g = svg("g", { class: "mt-piece", "data-square": name, "data-piece": letter }, pieces);
      g.style.transform = `translate(${x + SQ / 2}px, ${y + SQ / 2}px)`;
      this.token(g, letter, 0, 0, 1);
      if (this.paralysed.has(name)) this.badge(g, "paralysed");
      if (this.shielded.has(name)) this.badge(g, "shielded");
      if (this.phase === "battle" && this.offer.moves.has(name) && !(sel && sel.square === name)) {
        svg("circle", { cx: 0, cy: 0, r: 27, class: "mt-movable" }, g);
      }
    }
    for (const [square, options] of targets) this.targetMark(svg("g", {}, root), square, this.markKind(options));
    if (this.mem.choice) this.choiceOnBoard(root);
    this.hitLayer(root, targets, places);
    this.shotLayer = svg("g", { class: "mt-fx" }, root);
    return root;
  }

  markKind(options) {
    if (options.length > 1) return "choice";
    return options[0].kind;
  }

  defs(root) {
    const defs = svg("defs", {}, root);
    const hatch = svg("pattern", { id: "mt-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: 10, height: 10, fill: "#4a4136" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#8c7c66", "stroke-width": 4 }, hatch);
    const grain = svg("pattern", { id: "mt-mitan", width: 12, height: 12, patternUnits: "userSpaceOnUse" }, defs);
    svg("rect", { width: 12, height: 12, fill: "#e8c15a" }, grain);
    svg("circle", { cx: 6, cy: 6, r: 1.6, fill: "#b8860b" }, grain);
  }

  mitanMark(parent, x, y, name) {
    const g = svg("g", { class: "mt-mitan", "data-mitan": name }, parent);
    titled(g, this.t("mitan.mitan_square", { square: name }));
    svg("rect", { x: x + 1, y: y + 1, width: SQ - 2, height: SQ - 2, fill: "url(#mt-mitan)" }, g);
    const c = SQ / 2;
    svg("path", { d: `M${x + c},${y + 5} L${x + SQ - 5},${y + c} L${x + c},${y + SQ - 5} L${x + 5},${y + c} Z`, class: "mt-mitan-diamond" }, g);
    const holder = this.board[indexOf(name)];
    if (holder) {
      svg("rect", { x: x + 2, y: y + 2, width: SQ - 4, height: SQ - 4, class: `mt-held mt-held-${sideOf(holder)}` }, g);
    }
  }

  veil(root, s) {
    // MT-16: the other camp is covered until the reveal; only the count of pieces is public.
    const ranks = s === 0 ? [1, 2] : [8, 9];
    const tops = ranks.map((r) => this.xy(`a${r}`).y);
    const y = Math.min(...tops);
    const g = svg("g", { class: "mt-veil", "data-testid": `veil-${s}` }, root);
    titled(g, this.t("mitan.veil", { side: this.side(s), n: (this.view.placed || [0, 0])[s] }));
    svg("rect", { x: MARGIN, y, width: SIZE * SQ, height: 2 * SQ, fill: "url(#mt-hatch)", opacity: 0.92 }, g);
    const text = svg("text", { x: BOARD / 2, y: y + SQ + 8, class: "mt-veil-text" }, g);
    text.textContent = this.t("mitan.veil_short", { n: (this.view.placed || [0, 0])[s], max: ARMY });
  }

  coordinates(root) {
    const g = svg("g", { class: "mt-coords", "aria-hidden": "true" }, root);
    for (let i = 0; i < SIZE; i += 1) {
      const file = this.nameAt(i, 0)[0];
      const rank = this.nameAt(0, i).slice(1);
      const cx = MARGIN + i * SQ + SQ / 2;
      for (const y of [MARGIN / 2 + 1, BOARD - MARGIN / 2 + 1]) svg("text", { x: cx, y }, g).textContent = file;
      for (const x of [MARGIN / 2, BOARD - MARGIN / 2]) svg("text", { x, y: cx + 1 }, g).textContent = rank;
    }
  }

  // A piece: its kind's shape and letter; White light with a solid outline, Black dark with a
  // dashed light ring inside (colour is never the only sign of a side).
  token(parent, letter, x, y, scale) {
    const s = sideOf(letter);
    const kind = letter.toUpperCase();
    const g = svg("g", { class: `mt-token mt-side-${s} mt-kind-${kind}`, transform: `translate(${x},${y}) scale(${scale})` }, parent);
    titled(g, this.pieceLabel(letter));
    const d = shapePath(kind, (s === 0) !== this.flip);
    svg("path", { d, class: "mt-body" }, g);
    svg("path", { d, class: "mt-ring", transform: "scale(0.78)" }, g);
    if (kind === "C") svg("circle", { cx: 0, cy: 6, r: 13.5, class: "mt-chef-ring" }, g);
    const text = svg("text", { x: 0, y: kind === "C" ? 7 : 1, class: "mt-letter" }, g);
    text.textContent = letterOf(kind);
    return g;
  }

  badge(g, what) {
    if (what === "paralysed") {
      const b = svg("g", { class: "mt-badge mt-paralysed", transform: "translate(19,-19)" }, g);
      titled(b, this.t("mitan.paralysed_badge"));
      svg("circle", { r: 9 }, b);
      svg("path", { d: "M-5,-4 L4,-4 L-4,4 L5,4", class: "mt-badge-ink" }, b);
    } else {
      const b = svg("g", { class: "mt-badge mt-shielded", transform: "translate(-19,-19)" }, g);
      titled(b, this.t("mitan.shielded_badge"));
      svg("path", { d: "M0,-9 L8,-6 L7,3 Q4,8 0,10 Q-4,8 -7,3 L-8,-6 Z" }, b);
    }
  }

  // Target marks: each kind of action has its own shape, not only its own colour.
  targetMark(parent, square, kind) {
    const { x, y } = this.xy(square);
    const cx = x + SQ / 2;
    const cy = y + SQ / 2;
    const g = svg("g", { class: `mt-target mt-t-${kind}` }, parent);
    if (kind === "move" || kind === "place") {
      svg("circle", { cx, cy, r: 9 }, g);
    } else if (kind === "capture") {
      const k = 16;
      for (const [ax, ay, dx, dy] of [[x, y, 1, 1], [x + SQ, y, -1, 1], [x, y + SQ, 1, -1], [x + SQ, y + SQ, -1, -1]]) {
        svg("path", { d: `M${ax},${ay} l${dx * k},0 l${-dx * k},${dy * k} Z` }, g);
      }
    } else if (kind === "shot") {
      svg("circle", { cx, cy, r: 24, class: "mt-ring-line" }, g);
      svg("circle", { cx, cy, r: 12, class: "mt-ring-line" }, g);
      svg("path", { d: `M${cx - 28},${cy} h14 M${cx + 14},${cy} h14 M${cx},${cy - 28} v14 M${cx},${cy + 14} v14`, class: "mt-ring-line" }, g);
    } else if (kind === "push") {
      const sel = this.mem.selected.square;
      const a = this.xy(sel);
      const dx = Math.sign(x - a.x);
      const dy = Math.sign(y - a.y);
      svg("path", { d: `M${cx - 20 * dx - 4 * dy},${cy - 20 * dy - 4 * dx} l${34 * dx},${34 * dy}`, class: "mt-arrow" }, g);
      svg("path", { d: `M${cx + 22 * dx},${cy + 22 * dy} l${-12 * dx - 8 * dy},${-12 * dy - 8 * dx} l${16 * dy},${16 * dx} Z` }, g);
    } else if (kind === "swap") {
      svg("path", { d: `M${cx - 16},${cy - 6} h30 l-7,-7 M${cx + 16},${cy + 6} h-30 l7,7`, class: "mt-arrow" }, g);
    } else if (kind === "choice") {
      // A ring around the piece there, and a "?" badge in the corner (the piece stays seen).
      svg("circle", { cx, cy, r: 27, class: "mt-ring-line" }, g);
      svg("circle", { cx: x + SQ - 11, cy: y + 11, r: 9, class: "mt-choice-badge" }, g);
      const q = svg("text", { x: x + SQ - 11, y: y + 12, class: "mt-choice-q" }, g);
      q.textContent = "?";
    } else if (kind === "banned") {
      svg("circle", { cx, cy, r: 13, class: "mt-ring-line" }, g);
      svg("path", { d: `M${cx - 9},${cy - 9} L${cx + 9},${cy + 9}`, class: "mt-ring-line" }, g);
    }
    return g;
  }

  choiceOnBoard(root) {
    const { x, y } = this.xy(this.mem.choice.target);
    svg("rect", { x: x + 1, y: y + 1, width: SQ - 2, height: SQ - 2, rx: 4, class: "mt-choice-square" }, root);
  }

  // The clickable, focusable squares (one tab stop: the arrow keys move the cursor).
  hitLayer(root, targets, places) {
    const layer = svg("g", { class: "mt-hits" }, root);
    const cursor = this.cursorSquare();
    for (let i = 0; i < 81; i += 1) {
      const name = squareName(i);
      const { x, y } = this.xy(name);
      const letter = this.board[i];
      const rect = svg("rect", {
        x, y, width: SQ, height: SQ, class: "mt-hit", "data-testid": `sq-${name}`, "data-square": name,
        "data-focuskey": `sq-${name}`, role: "button", tabindex: name === cursor ? 0 : -1,
      }, layer);
      const words = [name];
      if (letter) words.push(this.pieceLabel(letter));
      else words.push(this.t("mitan.empty"));
      if ((this.view.mitans || []).includes(name)) words.push(this.t("mitan.mitan"));
      if (this.paralysed.has(name)) words.push(this.t("mitan.paralysed_badge"));
      if (this.shielded.has(name)) words.push(this.t("mitan.shielded_badge"));
      if (this.offer.moves.has(name) && this.phase === "battle") {
        rect.dataset.movable = "true";
        words.push(this.t("mitan.can_move"));
      }
      if (targets.has(name)) {
        const options = targets.get(name);
        rect.dataset.target = this.markKind(options);
        rect.dataset.actions = options.map((o) => o.text).join(" ");
        words.push(options.map((o) => this.t(`mitan.kind.${o.kind}`)).join(", "));
      }
      if (places.has(name)) {
        rect.dataset.target = "place";
        rect.dataset.actions = places.get(name);
        words.push(this.t("mitan.kind.place"));
      }
      if (this.mem.selected && this.mem.selected.square === name) words.push(this.t("mitan.selected"));
      rect.setAttribute("aria-label", words.join(", "));
      if (this.replay) continue;
      rect.addEventListener("click", () => { this.mem.cursor = name; this.onSquare(name); });
      rect.addEventListener("keydown", (event) => this.onKey(event, name));
    }
  }

  cursorSquare() {
    if (this.mem.cursor) return this.mem.cursor;
    if (this.mem.selected && this.mem.selected.square) return this.mem.selected.square;
    return this.flip ? "e8" : "e2";
  }

  onKey(event, name) {
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      const { x, y } = this.xy(name);
      const col = Math.min(SIZE - 1, Math.max(0, (x - MARGIN) / SQ + moves[event.key][0]));
      const row = Math.min(SIZE - 1, Math.max(0, (y - MARGIN) / SQ + moves[event.key][1]));
      const next = this.nameAt(col, row);
      this.mem.cursor = next;
      for (const r of this.root.querySelectorAll(".mt-hit")) r.setAttribute("tabindex", r.dataset.square === next ? 0 : -1);
      this.root.querySelector(`[data-testid="sq-${next}"]`).focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.onSquare(name);
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.cancel();
    } else if (this.phase === "placement" && /^[a-zA-Z]$/.test(event.key)) {
      // A piece's letter takes it from the reserve (keyboard placement).
      const letter = event.key.toUpperCase();
      if (this.offer.places.has(letter)) this.select({ type: "reserve", letter });
    }
  }

  cancel() {
    if (this.mem.choice) this.mem.choice = null;
    else this.mem.selected = null;
    this.draw();
  }

  select(selection) {
    this.mem.selected = selection;
    this.mem.choice = null;
    this.draw();
  }

  send(text) {
    // Only ever a text the engine listed as legal.
    if (!this.legal.includes(text) || this.root.classList.contains("mt-sent")) return;
    this.mem.selected = null;
    this.mem.choice = null;
    this.mem.msg = "";
    // Until the server answers with a new state, nothing more is sent (no double click).
    this.mem.sentAt = this.state ? this.state.version : null;
    for (const b of this.root.querySelectorAll("button")) b.disabled = true;
    this.root.classList.add("mt-sent");
    this.act(text);
  }

  onSquare(name) {
    if (this.replay) return;
    if (this.phase === "placement") {
      const places = this.placeTargets();
      if (places.has(name)) this.send(places.get(name));
      else this.draw();
      return;
    }
    if (this.phase !== "battle") return;
    const targets = this.targetsOfSelection();
    if (this.mem.choice) {
      this.mem.choice = null;
    }
    if (targets.has(name)) {
      const options = targets.get(name);
      if (options.length === 1) return this.send(options[0].text);
      // Two actions on one square (an Espion may take or swap, MT-12): ask which.
      this.mem.choice = { target: name, options };
      return this.draw();
    }
    if (this.offer.moves.has(name) && !(this.mem.selected && this.mem.selected.square === name)) {
      return this.select({ type: "piece", square: name });
    }
    this.mem.selected = null;
    this.draw();
  }

  legend() {
    const box = html("div", { class: "mt-legend", "aria-hidden": "true" });
    if (this.phase !== "battle" && this.phase !== "placement") return box;
    const kinds = this.phase === "placement" ? ["place"] : ["move", "capture", "shot", "push", "swap", "banned"];
    for (const kind of kinds) {
      const item = html("span", { class: "mt-legend-item" }, box);
      const icon = svg("svg", { viewBox: `${MARGIN} ${MARGIN} ${SQ} ${SQ}`, class: "mt-legend-icon" }, item);
      svg("rect", { x: MARGIN, y: MARGIN, width: SQ, height: SQ, class: "mt-sq mt-light" }, icon);
      const saved = this.mem.selected;
      if (kind === "push") this.mem.selected = { type: "piece", square: this.nameAt(0, 1) };
      this.targetMark(icon, this.nameAt(0, 0), kind);
      this.mem.selected = saved;
      html("span", { text: this.t(`mitan.kind.${kind}`) }, item);
    }
    return box;
  }

  // -- the draft ---------------------------------------------------------------------------
  market() {
    const box = html("section", { class: "mt-market", "aria-label": this.t("mitan.market") });
    html("h3", { text: this.t("mitan.market_title", { n: Math.min(this.pickNumber() + 1, 14) }) }, box);
    const order = html("ol", { class: "mt-order", "aria-label": this.t("mitan.draft_order") }, box);
    const done = this.pickNumber();
    DRAFT_ORDER.forEach((s, i) => {
      const li = html("li", { class: `mt-order-${s}${i < done ? " mt-done" : ""}${i === done ? " mt-now" : ""}`, text: this.t(`mitan.side_short.${s}`) }, order);
      li.title = this.t("mitan.pick_of", { n: i + 1, side: this.side(s) });
    });
    const kinds = new Set([...Object.keys(this.view.market || {})]);
    for (const d of this.view.drafted || []) for (const k of Object.keys(d)) kinds.add(k);
    const cards = html("div", { class: "mt-cards" }, box);
    for (const letter of PIECE_LETTERS.filter((k) => kinds.has(k))) {
      const left = (this.view.market || {})[letter] || 0;
      const text = this.offer.picks.get(letter);
      // The card in a box of its own, beside its magnifier (a button holds no other button).
      const holder = html("div", { class: "mt-card-box", "data-testid": `market-${letter}` }, cards);
      const button = html("button", {
        type: "button", class: "mt-card", "data-testid": `pick-${letter}`, "data-focuskey": `pick-${letter}`,
        "aria-label": this.t("mitan.pick_label", { piece: this.pieceName(letter), left, value: this.t(`mitan.value.${letter}`) }),
      }, holder);
      if (!text || this.replay) button.disabled = true;
      if (!left) button.classList.add("mt-gone");
      this.cardFace(button, letter, left);
      zoomable(holder, () => ({
        title: this.pieceName(letter), face: button.querySelector("svg"), scope: "screen-mitan",
        lines: [this.t("mitan.value", { value: this.t(`mitan.value.${letter}`) }), this.t(`mitan.move.${letter}`),
          this.t("mitan.left", { n: left })],
      }));
      if (text) button.addEventListener("click", () => this.send(text));
    }
    return box;
  }

  // A market card: the piece, its name and letter, its value, how it moves, copies left.
  cardFace(parent, letter, left) {
    const face = svg("svg", { viewBox: "0 0 200 64", class: "mt-card-face", "aria-hidden": "true" }, parent);
    svg("rect", { x: 1, y: 1, width: 198, height: 62, rx: 10, class: "mt-card-bg" }, face);
    this.token(face, letter, 31, 32, 1);
    // The name ends before the magnifier (in the card's top right corner, 105 units on): a
    // long one a little smaller, and narrowed if it still runs on.
    const said = this.pieceName(letter);
    const long = said.length > 9;
    const name = svg("text", { x: 62, y: 25, class: long ? "mt-card-name mt-long" : "mt-card-name",
      ...(said.length * 9.3 > 105 ? { textLength: 105, lengthAdjust: "spacingAndGlyphs" } : {}) }, face);
    name.textContent = said;
    const value = svg("text", { x: 62, y: 45, class: "mt-card-value" }, face);
    value.textContent = this.t("mitan.value", { value: this.t(`mitan.value.${letter}`) });
    for (let i = 0; i < 3; i += 1) {
      svg("circle", { cx: 172 + (i - 1) * 11, cy: 40, r: 4.5, class: i < left ? "mt-pip" : "mt-pip mt-pip-gone" }, face);
    }
    // Copies left under the pips, ending inside the card's frame.
    const count = svg("text", { x: 194, y: 60, class: "mt-card-left" }, face);
    count.textContent = this.t("mitan.left", { n: left });
    const body = html("p", { class: "mt-card-text", text: this.t(`mitan.move.${letter}`) }, parent);
    return body;
  }

  armies() {
    const box = html("section", { class: "mt-armies" });
    for (const s of [0, 1]) {
      const row = html("div", { class: "mt-army", "data-testid": `army-${s}` }, box);
      const mine = this.me === s;
      html("h3", { text: this.phase === "placement" ? this.t(mine ? "mitan.reserve_mine" : "mitan.reserve_of", { side: this.side(s) })
        : this.t("mitan.drafted_by", { side: this.side(s) }) }, row);
      const source = this.phase === "placement" ? (this.view.reserve || [])[s] : (this.view.drafted || [])[s];
      if (source === null || source === undefined) {
        html("p", { class: "mt-secret", text: this.t("mitan.secret_reserve", { n: (this.view.placed || [0, 0])[s], max: ARMY }) }, row);
        continue;
      }
      const list = html("div", { class: "mt-tray" }, row);
      const letters = PIECE_LETTERS.filter((k) => source[k]);
      if (this.phase === "placement" && source.C) letters.unshift("C");
      if (!letters.length) html("p", { class: "mt-empty", text: this.t("mitan.none") }, row);
      for (const letter of letters) {
        const n = source[letter];
        const shown = s === 0 ? letter : letter.toLowerCase();
        const text = this.phase === "placement" && mine ? this.offer.places.get(letter) : null;
        const item = html(text !== undefined && text !== null ? "button" : "span", {
          class: "mt-tray-item", "data-testid": `reserve-${s}-${letter}`, "data-focuskey": `reserve-${letter}`,
          "aria-label": `${this.pieceLabel(shown)} × ${n}`,
        }, list);
        const icon = svg("svg", { viewBox: "-30 -30 60 60", class: "mt-icon" }, item);
        this.token(icon, shown, 0, 0, 1);
        html("span", { text: `×${n}` }, item);
        if (item.tagName === "BUTTON") {
          item.type = "button";
          if (this.mem.selected && this.mem.selected.letter === letter) item.setAttribute("aria-pressed", "true");
          else item.setAttribute("aria-pressed", "false");
          item.addEventListener("click", () => this.select({ type: "reserve", letter }));
        }
      }
    }
    if (this.phase === "placement") {
      html("p", { class: "mt-note", text: this.t(this.view.placement === "hidden" ? "mitan.note.hidden" : "mitan.note.open") }, box);
    }
    return box;
  }

  // -- the battle --------------------------------------------------------------------------
  battlePanel() {
    const box = html("section", { class: "mt-battle" });
    const sel = this.mem.selected;
    if (this.mem.choice) {
      const choice = html("div", { class: "mt-choice", role: "group", "aria-label": this.t("mitan.choice_title") }, box);
      html("h3", { text: this.t("mitan.choice_title") }, choice);
      for (const option of this.mem.choice.options) {
        const b = html("button", { type: "button", "data-testid": `choice-${option.text}`, "data-focuskey": `choice-${option.text}`,
          text: `${this.t(`mitan.kind.${option.kind}`)} (${option.text})` }, choice);
        b.addEventListener("click", () => this.send(option.text));
      }
      const back = html("button", { type: "button", class: "mt-back", "data-testid": "choice-back", text: this.t("mitan.back") }, choice);
      back.addEventListener("click", () => this.cancel());
    }
    if (this.offer.pass) {
      const b = html("button", { type: "button", class: "mt-pass", "data-testid": "pass", text: this.t("mitan.pass") }, box);
      b.addEventListener("click", () => this.send("pass"));
      html("p", { class: "mt-note", text: this.t("mitan.pass_why") }, box);
    }
    if (!sel && !this.offer.pass && !this.mem.choice) {
      html("p", { class: "mt-info mt-note", text: this.t(this.legal.length ? "mitan.info_choose" : "mitan.info_watch") }, box);
    }
    if (sel && sel.type === "piece") {
      const letter = this.board[indexOf(sel.square)];
      const info = html("div", { class: "mt-info" }, box);
      html("h3", { text: `${this.pieceLabel(letter)} · ${sel.square}` }, info);
      html("p", { text: this.t(`mitan.move.${letter.toUpperCase()}`) }, info);
      const back = html("button", { type: "button", class: "mt-back", "data-testid": "deselect", text: this.t("mitan.deselect") }, info);
      back.addEventListener("click", () => this.cancel());
    }
    if (this.paralysed.size) {
      html("p", { class: "mt-alert mt-alert-paralysed", "data-testid": "paralysis-note",
        text: this.t("mitan.paralysis_note", { squares: [...this.paralysed].join(", ") }) }, box);
    }
    if (this.banned.length) {
      html("p", { class: "mt-alert mt-alert-banned", "data-testid": "repetition-note",
        text: this.t("mitan.repetition_note", { n: this.banned.length, actions: this.banned.join(", ") }) }, box);
    }
    if (this.view.last) {
      html("p", { class: "mt-note", text: this.t("mitan.last", { action: this.view.last }) }, box);
    }
    box.append(this.losses());
    return box;
  }

  // The pieces each side has lost: its drafted army and Chef, less what stands on the board.
  losses() {
    const box = html("div", { class: "mt-losses", "data-testid": "losses" });
    const drafted = this.view.drafted || [{}, {}];
    for (const s of [0, 1]) {
      const left = {};
      for (const p of this.board) if (p && sideOf(p) === s) left[p.toUpperCase()] = (left[p.toUpperCase()] || 0) + 1;
      const row = html("div", { class: "mt-army" }, box);
      html("h3", { text: this.t("mitan.losses_of", { side: this.side(s) }) }, row);
      const tray = html("div", { class: "mt-tray" }, row);
      const army = { ...drafted[s], C: 1 };
      for (const letter of ["C", ...PIECE_LETTERS]) {
        const n = (army[letter] || 0) - (left[letter] || 0);
        if (n <= 0) continue;
        const shown = s === 0 ? letter : letter.toLowerCase();
        const item = html("span", { class: "mt-tray-item mt-lost", "aria-label": `${this.pieceLabel(shown)} × ${n}` }, tray);
        const icon = svg("svg", { viewBox: "-30 -30 60 60", class: "mt-icon" }, item);
        this.token(icon, shown, 0, 0, 1);
        html("span", { text: `×${n}` }, item);
      }
      if (!tray.children.length) html("span", { class: "mt-empty", text: this.t("mitan.none") }, tray);
    }
    return box;
  }

  endPanel() {
    const box = html("section", { class: "mt-end", "data-testid": "mitan-end" });
    // The final count only: who won and why is the room's end panel's to say (issue 20).
    html("h3", { text: this.t("mitan.final_title") }, box);
    const points = this.view.points || [0, 0];
    html("p", { class: "mt-final", text: this.t("mitan.final_points", { white: points[0], black: points[1] }) }, box);
    return box;
  }

  // -- keyboard play: a move typed in the notation ----------------------------------------------
  keys(keep) {
    let box = keep;
    if (!box) {
      box = html("form", { class: "mt-keys", autocomplete: "off", "data-testid": "notation-form" });
      const id = `mt-notation-${Math.random().toString(36).slice(2, 8)}`;
      html("label", { for: id, text: this.t("mitan.type_label") }, box);
      const row = html("div", { class: "mt-keys-row" }, box);
      const input = html("input", { id, name: "notation", class: "mt-input", "data-testid": "notation-input", "data-focuskey": "notation",
        spellcheck: "false", autocapitalize: "off", placeholder: this.t("mitan.type_placeholder"), list: `${id}-list` }, row);
      html("datalist", { id: `${id}-list` }, row);
      html("button", { type: "submit", "data-testid": "notation-play", text: this.t("mitan.type_play") }, row);
      html("p", { class: "mt-msg", role: "status", "aria-live": "polite", "data-testid": "notation-message" }, box);
      input.addEventListener("input", () => { this.mem.typed = input.value; });
    }
    // The listener must see this render's legal actions: replace it on each draw.
    if (box._submit) box.removeEventListener("submit", box._submit);
    box._submit = (event) => {
      event.preventDefault();
      const input = box.querySelector("input");
      const text = input.value.trim();
      const why = this.whyNot(text);
      if (why === null) {
        input.value = "";
        this.mem.typed = "";
        this.send(text);
      } else {
        this.mem.msg = why;
        this.mem.msgAt = this.state ? this.state.version : null;
        box.querySelector(".mt-msg").textContent = why;
        box.querySelector(".mt-msg").classList.add("mt-bad");
      }
    };
    box.addEventListener("submit", box._submit);
    const list = box.querySelector("datalist");
    list.replaceChildren(...this.legal.map((text) => html("option", { value: text })));
    const button = box.querySelector("button");
    button.disabled = !this.legal.length;
    const msg = box.querySelector(".mt-msg");
    // A refusal is about the position it was typed in: a new state clears it.
    if (this.mem.msg && this.state && this.mem.msgAt !== this.state.version) this.mem.msg = "";
    if (!this.mem.msg) {
      msg.classList.remove("mt-bad");
      msg.textContent = this.legal.length ? this.t("mitan.type_help", { example: this.legal[0] }) : this.t("mitan.type_wait");
    }
    return box;
  }

  // Null if `text` is one of the legal actions, else why not, in words.
  whyNot(text) {
    if (!text) return this.t("mitan.type_empty");
    if (this.legal.includes(text)) return null;
    if (!this.legal.length) return this.t("mitan.type_not_now", { text });
    if (!(PICK.test(text) || PLACE.test(text) || BATTLE.test(text) || text === "pass")) {
      return this.t("mitan.type_syntax", { text });
    }
    if (this.banned.includes(text)) return this.t("mitan.type_repetition", { text });
    const b = parseBattle(text);
    if (b && this.paralysed.has(b.from) && this.board[indexOf(b.from)]) return this.t("mitan.type_paralysed", { text, square: b.from });
    if (b && this.phase === "battle") {
      const targets = this.offer.moves.get(b.from);
      if (targets && targets.has(b.to)) {
        return this.t("mitan.type_other_sign", { text, actions: targets.get(b.to).map((o) => o.text).join(", ") });
      }
    }
    return this.t("mitan.type_illegal", { text });
  }

  allActions() {
    const box = html("details", { class: "mt-all", "data-testid": "all-actions" });
    if (this.mem.allOpen) box.open = true;
    box.addEventListener("toggle", () => { this.mem.allOpen = box.open; });
    html("summary", { text: this.t("mitan.all_actions", { n: this.legal.length }) }, box);
    const list = html("div", { class: "mt-all-list" }, box);
    for (const text of this.legal) {
      const b = html("button", { type: "button", class: "action", "data-action": text, text }, list);
      b.addEventListener("click", () => this.send(text));
    }
    return box;
  }

  // -- events shown: pieces slide, captured ones fade, banners for the key moments ---------------
  animate(banner) {
    const version = this.state ? this.state.version : null;
    const first = this.mem.version === null;
    const fresh = version !== null && version !== this.mem.version;
    this.mem.version = version;
    if (!fresh || this.replay || !this.steps.length) return;
    // The first message holds the whole history: nothing to animate, it is simply there, and
    // the band tells the last step.
    const quiet = first || this.steps.length > 3;
    const lines = [];
    for (const step of quiet ? this.steps.slice(-1) : this.steps) {
      for (const e of step.events) {
        if (!quiet) this.animateEvent(e);
        // The end is no moment of the band: the room's end panel says it (issue 20).
        if (e.kind !== "end" && (e.kind !== "centre" || e.data.streak >= 1)) lines.push(e);
      }
    }
    if (!lines.length) return;
    // The weightiest moment of the new steps gets the band (the reveal before the battle's
    // start, a capture before a centre count).
    const weight = ["pick", "place", "placed_in_secret", "move", "swap", "push", "draft_over", "pass",
                    "battle", "centre", "reveal", "capture", "crush", "shot"];
    this.mem.moment = lines.reduce((a, b) => (weight.indexOf(b.kind) >= weight.indexOf(a.kind) ? b : a));
    this.fillBanner(banner, this.mem.moment, !quiet);
  }

  // The last key moment stays in its band (no layout jump); a new one flashes for 2 s.
  fillBanner(banner, e, fresh) {
    banner.replaceChildren();
    banner.dataset.kind = e.kind;
    banner.classList.toggle("mt-key", ["capture", "crush", "shot", "reveal", "battle", "pass", "centre"].includes(e.kind));
    html("strong", { text: this.t(`mitan.moment.${e.kind}`) }, banner);
    html("span", { text: e.text }, banner);
    if (!fresh) return;
    banner.classList.add("mt-show");
    setTimeout(() => banner.classList.remove("mt-show"), 2000);
  }

  pieceAt(square) {
    return this.root.querySelector(`.mt-piece[data-square="${square}"]`);
  }

  slide(square, from) {
    const g = this.pieceAt(square);
    if (!g) return;
    const a = this.xy(from);
    const b = this.xy(square);
    g.style.transition = "none";
    g.style.transform = `translate(${a.x + SQ / 2}px, ${a.y + SQ / 2}px)`;
    g.getBoundingClientRect(); // commit the start before the transition
    g.classList.add("mt-moving");
    g.addEventListener("transitionend", () => g.classList.remove("mt-moving"), { once: true });
    requestAnimationFrame(() => {
      g.style.transition = "";
      g.style.transform = `translate(${b.x + SQ / 2}px, ${b.y + SQ / 2}px)`;
    });
  }

  ghost(square, letter) {
    if (!letter) return;
    const { x, y } = this.xy(square);
    const g = svg("g", { class: "mt-ghost", "aria-hidden": "true" }, this.root.querySelector(".mt-pieces"));
    g.style.transform = `translate(${x + SQ / 2}px, ${y + SQ / 2}px)`;
    this.token(g, letter, 0, 0, 1);
    g.addEventListener("animationend", () => g.remove());
  }

  animateEvent(e) {
    const d = e.data || {};
    const b = parseBattle(d.action);
    if (["move", "capture", "crush", "push", "swap"].includes(e.kind) && b) {
      if (e.kind === "capture" || e.kind === "crush") this.ghost(b.to, d.captured);
      if (e.kind === "push" && d.pushed_to) this.slide(d.pushed_to, b.to);
      if (e.kind === "swap") this.slide(b.from, b.to);
      this.slide(b.to, b.from);
      this.flash(b.to);
    } else if (e.kind === "shot" && b) {
      const a = this.xy(b.from);
      const c = this.xy(b.to);
      const line = svg("line", { x1: a.x + SQ / 2, y1: a.y + SQ / 2, x2: c.x + SQ / 2, y2: c.y + SQ / 2, class: "mt-arrowshot" }, this.shotLayer);
      line.addEventListener("animationend", () => line.remove());
      this.ghost(b.to, d.captured);
    } else if (e.kind === "place" && d.square) {
      const g = this.pieceAt(d.square);
      if (g) g.querySelector(".mt-token").classList.add("mt-drop");
    } else if (e.kind === "reveal") {
      for (const g of this.root.querySelectorAll(".mt-piece .mt-token")) g.classList.add("mt-drop");
    } else if (e.kind === "centre") {
      for (const m of this.root.querySelectorAll(".mt-mitan")) m.classList.add("mt-pulse");
    } else if (e.kind === "pick" && d.piece) {
      const card = this.root.querySelector(`[data-testid="pick-${d.piece}"]`);
      if (card) card.classList.add("mt-picked");
    }
  }

  flash(square) {
    const { x, y } = this.xy(square);
    const r = svg("rect", { x, y, width: SQ, height: SQ, class: "mt-flash" }, this.shotLayer);
    r.addEventListener("animationend", () => r.remove());
  }
}

// -- the look: injected once, scoped under .screen-mitan ------------------------------------------
function injectStyle() {
  if (document.getElementById("screen-mitan-style")) return;
  const link = document.createElement("link");
  link.id = "screen-mitan-style";
  link.rel = "stylesheet";
  link.href = new URL("./screen.css", import.meta.url).href;
  document.head.append(link);
}
