// The panels beside Mitan's board: the scoreboard and the turn's line, the draft's market and
// the armies, the battle's panel (a choice between two actions, passing, alerts), the losses and
// the final count.
import { PIECE_LETTERS, sideOf } from "./pieces.js";
import { zoomable } from "/static/js/overlay.js";
import { svg, html } from "./dom.js";
import { indexOf } from "./notation.js";
import { ARMY } from "./board.js";

const DRAFT_ORDER = [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]; // MT-14
const HALF_MOVES = 150; // MT-23

// The Screen's methods that draw the panels (put on the Screen's class by screen.js).
export const panels = {
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
  },

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
  },

  pickNumber() {
    const d = this.view.drafted || [{}, {}];
    return [0, 1].reduce((n, s) => n + Object.values(d[s]).reduce((a, b) => a + b, 0), 0);
  },

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
  },

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
  },

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
  },

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
  },

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
  },

  endPanel() {
    const box = html("section", { class: "mt-end", "data-testid": "mitan-end" });
    // The final count only: who won and why is the room's end panel's to say (issue 20).
    html("h3", { text: this.t("mitan.final_title") }, box);
    const points = this.view.points || [0, 0];
    html("p", { class: "mt-final", text: this.t("mitan.final_points", { white: points[0], black: points[1] }) }, box);
    return box;
  },
};
