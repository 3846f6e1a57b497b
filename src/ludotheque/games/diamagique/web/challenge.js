// What just happened on Diamagique's table: the moments of the new steps (a banner, a glow), and
// the last challenge computed step by step in the text's order (DG-14) and compared (DG-16).
import { el } from "/static/js/dom.js";
import { FACES } from "./cards.js";

// -- moments: what just happened, shown for a moment (never blocking) ----------------------
export function moments(ctx, view) {
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

// The last challenge, computed in the text's order (DG-14) and compared (DG-16).
export function challenge(ctx, view, animate, shift) {
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

export function banner(list, elapsed) {
  if (!list.length) return null;
  const box = el("div", { class: "dg-moment", "data-testid": "dg-moment", role: "status", style: `animation-delay:-${Math.round(elapsed)}ms` });
  for (const m of list) box.append(el("p", { class: `dg-moment-${m.kind}`, text: m.text }));
  return box;
}
