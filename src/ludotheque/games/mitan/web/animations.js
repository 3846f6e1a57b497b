// The events of Mitan's new steps shown: pieces slide, captured ones fade, an arrow flies, and
// the band tells the weightiest moment.
import { svg, html } from "./dom.js";
import { parseBattle } from "./notation.js";
import { SQ } from "./board.js";

// The Screen's methods that animate (put on the Screen's class by screen.js).
export const animations = {
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
  },

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
  },

  pieceAt(square) {
    return this.root.querySelector(`.mt-piece[data-square="${square}"]`);
  },

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
  },

  ghost(square, letter) {
    if (!letter) return;
    const { x, y } = this.xy(square);
    const g = svg("g", { class: "mt-ghost", "aria-hidden": "true" }, this.root.querySelector(".mt-pieces"));
    g.style.transform = `translate(${x + SQ / 2}px, ${y + SQ / 2}px)`;
    this.token(g, letter, 0, 0, 1);
    g.addEventListener("animationend", () => g.remove());
  },

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
  },

  flash(square) {
    const { x, y } = this.xy(square);
    const r = svg("rect", { x, y, width: SQ, height: SQ, class: "mt-flash" }, this.shotLayer);
    r.addEventListener("animationend", () => r.remove());
  },
};
