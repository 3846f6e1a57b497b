// Mitan's board in SVG: the 9 x 9 squares with their coordinates, the three Mitans, the pieces,
// the marks of what the selected piece may do, and the clickable, focusable squares.
import { shapePath, sideOf, letterOf } from "./pieces.js";
import { svg, html, titled } from "./dom.js";
import { FILES, SIZE, squareName, indexOf, parseBattle } from "./notation.js";

export const SQ = 60; // one square, in SVG units
export const MARGIN = 24; // the coordinates' band around the board
const BOARD = SIZE * SQ + 2 * MARGIN;
export const ARMY = 8; // the Chef and 7 drafted pieces (MT-15)

// The Screen's methods that draw the board (put on the Screen's class by screen.js).
export const board = {
  // -- the board ---------------------------------------------------------------------------
  xy(name) {
    const i = indexOf(name);
    const file = i % SIZE;
    const rank = Math.floor(i / SIZE);
    const col = this.flip ? SIZE - 1 - file : file;
    const row = this.flip ? rank : SIZE - 1 - rank;
    return { x: MARGIN + col * SQ, y: MARGIN + row * SQ };
  },

  nameAt(col, row) {
    const file = this.flip ? SIZE - 1 - col : col;
    const rank = this.flip ? row : SIZE - 1 - row;
    return `${FILES[file]}${rank + 1}`;
  },

  targetsOfSelection() {
    const sel = this.mem.selected;
    if (this.phase === "battle" && sel && sel.type === "piece") return this.offer.moves.get(sel.square) || new Map();
    return new Map();
  },

  placeTargets() {
    const sel = this.mem.selected;
    if (this.phase === "placement" && sel && sel.type === "reserve") return this.offer.places.get(sel.letter) || new Map();
    return new Map();
  },

  bannedOfSelection() {
    const sel = this.mem.selected;
    if (!sel || sel.type !== "piece") return [];
    return this.banned.map(parseBattle).filter((b) => b && b.from === sel.square);
  },

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
  },

  markKind(options) {
    if (options.length > 1) return "choice";
    return options[0].kind;
  },

  defs(root) {
    const defs = svg("defs", {}, root);
    const hatch = svg("pattern", { id: "mt-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: 10, height: 10, fill: "#4a4136" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#8c7c66", "stroke-width": 4 }, hatch);
    const grain = svg("pattern", { id: "mt-mitan", width: 12, height: 12, patternUnits: "userSpaceOnUse" }, defs);
    svg("rect", { width: 12, height: 12, fill: "#e8c15a" }, grain);
    svg("circle", { cx: 6, cy: 6, r: 1.6, fill: "#b8860b" }, grain);
  },

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
  },

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
  },

  coordinates(root) {
    const g = svg("g", { class: "mt-coords", "aria-hidden": "true" }, root);
    for (let i = 0; i < SIZE; i += 1) {
      const file = this.nameAt(i, 0)[0];
      const rank = this.nameAt(0, i).slice(1);
      const cx = MARGIN + i * SQ + SQ / 2;
      for (const y of [MARGIN / 2 + 1, BOARD - MARGIN / 2 + 1]) svg("text", { x: cx, y }, g).textContent = file;
      for (const x of [MARGIN / 2, BOARD - MARGIN / 2]) svg("text", { x, y: cx + 1 }, g).textContent = rank;
    }
  },

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
  },

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
  },

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
  },

  choiceOnBoard(root) {
    const { x, y } = this.xy(this.mem.choice.target);
    svg("rect", { x: x + 1, y: y + 1, width: SQ - 2, height: SQ - 2, rx: 4, class: "mt-choice-square" }, root);
  },

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
  },

  cursorSquare() {
    if (this.mem.cursor) return this.mem.cursor;
    if (this.mem.selected && this.mem.selected.square) return this.mem.selected.square;
    return this.flip ? "e8" : "e2";
  },

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
  },
};
