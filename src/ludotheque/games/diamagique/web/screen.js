// Diamagique's screen: the two teams facing each other (DG-15: position against position), the
// Château with its face-down Diamagiques (DG-11), the hands, and the last challenge computed
// step by step (DG-14, DG-16). It decides nothing: every click ends in one text of `legal`.
// Its parts: cards.js (the card faces), table.js (the teams and the centre), challenge.js (the
// moments and the last challenge), style.js (the CSS); this file holds the hand, the prompt
// and the choices made step by step, and draws the whole.
import { CSS } from "./style.js";
import { el } from "/static/js/dom.js";
import {
  FACES, BY_SLUG, CASTLE_BY_SLUG, colourNames, effectOf, sortFace, zoomOf, sortOver, castleOver,
  sortLabel, castleFace,
} from "./cards.js";
import { slot, emptySlot, teamZone, centre, opponentHand, endPanel } from "./table.js";
import { moments, challenge, banner } from "./challenge.js";

// What the player has chosen so far in a multi-step decision; reset when `legal` changes.
let chosen = null;
let legalKey = "";

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

// The moments in progress: a banner lives ~3 s and a challenge's computation ~4.5 s, even when
// the next state (a bot answering at once) redraws the screen meanwhile.
const live = { bannerAt: -1e9, banner: [], resolvedAt: -1e9, resolvedTurn: null };
const BANNER_MS = 3000;
const COMPUTE_MS = 4500;

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
