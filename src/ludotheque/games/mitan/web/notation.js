// The notation on Mitan's screen: the squares' names, what the legal texts offer (MT-4), and
// keyboard play, a move typed in the notation (sent only if it is one of the legal texts).
import { html } from "./dom.js";

export const FILES = "abcdefghi";
export const SIZE = 9;
// A battle action's sign (MT-4) and what it is on the board.
const SIGNS = [["<>", "swap"], ["-", "move"], ["x", "capture"], ["*", "shot"], [">", "push"]];
const BATTLE = /^([CFLMSGKABPEXY])([a-i][1-9])(<>|-|x|\*|>)([a-i][1-9])$/;
const PLACE = /^([CFLMSGKABPEXY])@([a-i][1-9])$/;
const PICK = /^pick ([FLMSGKABPEXY])$/;

export const squareName = (index) => `${FILES[index % SIZE]}${Math.floor(index / SIZE) + 1}`;
export const indexOf = (name) => (Number(name[1]) - 1) * SIZE + FILES.indexOf(name[0]);

// -- what the legal texts offer -----------------------------------------------------------------
export function readLegal(legal) {
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

export function parseBattle(text) {
  const m = BATTLE.exec(text || "");
  if (!m) return null;
  return { letter: m[1], from: m[2], sign: m[3], to: m[4],
           kind: SIGNS.find(([sign]) => sign === m[3])[1] };
}

// The Screen's methods for keyboard play (put on the Screen's class by screen.js).
export const typing = {
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
  },

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
  },

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
  },
};
