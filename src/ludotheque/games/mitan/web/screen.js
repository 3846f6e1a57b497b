// Mitan's screen (issue 9): the 9 x 9 board in SVG with its coordinates and the three Mitans,
// the market of the snake draft, the placement (open or hidden, MT-15, MT-16) and the battle.
// The engine decides everything: the screen only turns the `legal` texts into things to click,
// to reach with the arrow keys or to type, and never sends a text that is not in `legal`.
// The parts, one file each: board.js (the board), panels.js (the panels beside it), notation.js
// (the legal texts read, keyboard play), animations.js (the events shown), pieces.js (the
// pieces' shapes); this file holds the Screen itself and what a click or a key does.
import { sideOf } from "./pieces.js";
import { html } from "./dom.js";
import { SIZE, readLegal, typing } from "./notation.js";
import { SQ, MARGIN, board } from "./board.js";
import { panels } from "./panels.js";
import { animations } from "./animations.js";

const memory = new WeakMap(); // per board element: selection, cursor, what was animated

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
}

// The Screen's drawing is grouped by part, one file each; the parts share `this` (the view,
// the legal actions, the memory), so their methods go on the one class.
Object.assign(Screen.prototype, board, panels, typing, animations);

// -- the look: injected once, scoped under .screen-mitan ------------------------------------------
function injectStyle() {
  if (document.getElementById("screen-mitan-style")) return;
  const link = document.createElement("link");
  link.id = "screen-mitan-style";
  link.rel = "stylesheet";
  link.href = new URL("./screen.css", import.meta.url).href;
  document.head.append(link);
}
