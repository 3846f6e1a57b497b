// Diamagique's table: a card as a thing to click (or only to see), each team's Magiciens and
// their Sorts (DG-15: position against position), the team's bar, the opponent's hand, the
// Château and the Diamagiques at stake in the centre, and each side's count at the end.
import { el, wrap } from "/static/js/dom.js";
import { emblemIcon } from "/static/js/emblems.js";
import { zoomable } from "/static/js/overlay.js";
import {
  FACES, EMBLEMS, sv, textLines, gem, colourNames, effectOf, sortFace, zoomOf, sortOver,
  castleOver, sortLabel, castleFace, wizardFace, backFace,
} from "./cards.js";

const TARGET = 6; // DG-19

// A card on the screen: a focusable button when it can be chosen or is a target.
export function slot(face, { label, testid, onpick, state, extraClass, zoom, over }) {
  const box = el("div", { class: `dg-card ${extraClass || ""} ${state ? `dg-${state}` : ""}`, "data-testid": testid, "aria-label": label });
  box.append(face);
  // A Sort or a Château drawn small says its name and effect over its face in HTML, at a size
  // one reads (issue #20), clipped to their boxes; the magnifier shows the whole card large.
  if (over) {
    box.append(el("span", { class: "dg-over dg-over-name", "aria-hidden": "true", text: over.name }),
      el("span", { class: "dg-over dg-over-effect", "aria-hidden": "true", text: over.effect }));
  }
  if (zoom) zoomable(box, () => ({ ...zoom, face, scope: "screen-diamagique" }));
  if (onpick) {
    box.setAttribute("role", "button");
    box.setAttribute("tabindex", "0");
    box.dataset.focus = testid || label;
    if (state === "chosen") box.setAttribute("aria-pressed", "true");
    box.addEventListener("click", onpick);
    box.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onpick();
      }
    });
  } else {
    box.setAttribute("role", "img");
  }
  return box;
}

export function emptySlot(ctx, text, opts) {
  const h = opts.low ? 44 : 140;
  const root = sv("svg", { viewBox: `0 0 100 ${h}`, class: "dg-face dg-empty" });
  root.append(sv("title", { text: opts.label }));
  root.append(sv("rect", { x: 3, y: 3, width: 94, height: h - 6, rx: 7, fill: "none", stroke: "#b7ab93", "stroke-width": 2, "stroke-dasharray": "6 4" }));
  // Large enough for a hand's narrow card (11 px at 72 px wide, issue #20).
  const lines = wrap(text, 10, 3);
  root.append(textLines(lines, 50, h / 2 + 5 - (lines.length - 1) * 8.5, 17, { "font-size": 15.5, fill: "#6b6357", "font-weight": 600 }));
  return slot(root, opts);
}

// -- the board ------------------------------------------------------------------------------
export function teamZone(ctx, view, seat, mine, flags) {
  const team = view.teams[seat];
  const zone = el("section", { class: `dg-team ${mine ? "dg-mine" : "dg-theirs"}`, "data-testid": `dg-team-${seat}`, "aria-label": ctx.t("team_of", { name: ctx.seatName(seat) }) });
  zone.append(infoBar(ctx, view, seat, mine));
  const grid = el("div", { class: "dg-columns" });
  const last = view.last && view.last.turn === view.turn ? view.last : null;
  for (let p = 1; p <= 3; p++) {
    const col = el("div", { class: "dg-column" });
    const wizard = team.magiciens[p - 1];
    const held = team.held[p - 1];
    const poseTarget = flags.poseTargets?.get(p);
    const wizardLabel = ctx.t("wizard_label", {
      name: wizard, position: p, colours: colourNames(ctx, FACES.magiciens[wizard].couleurs),
      effect: effectOf(ctx, FACES.magiciens[wizard].effet), count: held.length,
      held: held.map((c) => ctx.t(`colour.${c}`)).join(", ") || "—",
    });
    const wizardCard = slot(wizardFace(ctx, wizard, p, held, team.equipe), {
      label: wizardLabel, zoom: zoomOf(ctx, wizard, wizardLabel, FACES.magiciens[wizard].effet),
      testid: poseTarget ? `dg-target-pose-${p}` : `dg-wizard-${seat}-${p}`,
      onpick: poseTarget ? () => ctx.act(poseTarget) : null,
      state: poseTarget ? "target" : null,
      extraClass: `dg-wizard-card ${flags.placed?.has(p) ? "dg-glow" : ""}`,
    });
    const cast = team.cast[p - 1];
    let castCard;
    const castTarget = flags.castTargets?.get(p);
    if (cast && cast.sort) {
      const final = last?.casts.find((c) => c.seat === seat && c.position === p)?.final;
      castCard = slot(sortFace(ctx, cast.sort, final, flags.resolved ? flags.shift : null), {
        label: `${ctx.t("cast_by", { position: p })} ${sortLabel(ctx, cast.sort)}`,
        testid: `dg-cast-${seat}-${p}`, over: sortOver(ctx, cast.sort),
        zoom: zoomOf(ctx, cast.sort, sortLabel(ctx, cast.sort), FACES.sorts[cast.sort].effet),
        extraClass: flags.revealed?.has(p) ? "dg-flip" : "",
      });
    } else if (cast) {
      // DG-13: a Caché Sort stays face down until every Magicien has cast.
      castCard = slot(backFace(ctx, ctx.t("hidden_cast", { position: p }), true), {
        label: ctx.t("hidden_cast", { position: p }), testid: `dg-cast-${seat}-${p}`,
      });
    } else if (castTarget) {
      castCard = emptySlot(ctx, ctx.t("cast_here", { position: p }), {
        label: ctx.t("cast_with", { position: p, wizard }), testid: `dg-target-cast-${p}`,
        onpick: () => ctx.act(castTarget), state: "target",
      });
    } else {
      castCard = emptySlot(ctx, `M${p}`, { label: ctx.t("no_cast", { position: p }), testid: `dg-cast-${seat}-${p}`, low: true });
    }
    castCard.classList.add("dg-cast");
    if (mine) col.append(castCard, wizardCard);
    else col.append(wizardCard, castCard);
    grid.append(col);
  }
  zone.append(grid);
  return zone;
}

function infoBar(ctx, view, seat, mine) {
  const team = view.teams[seat];
  const acting = ctx.state?.to_act?.includes(seat) || view.to_act?.includes(seat);
  const bar = el("div", { class: `dg-info ${acting ? "dg-acting" : ""}`, "data-testid": `dg-info-${seat}` });
  const head = el("div", { class: "dg-who" });
  head.append(el("strong", { text: ctx.seatName(seat) }));
  head.append(el("span", { class: "dg-team-name" }, emblemIcon(EMBLEMS, team.equipe), ` ${ctx.t("team_deck", { team: team.equipe, deck: team.deck_name })}`));
  if (view.active === seat && view.phase !== "fin") head.append(el("span", { class: "dg-tag", text: ctx.t("active_tag") }));
  if (acting && view.phase !== "fin") head.append(el("span", { class: "dg-tag dg-turn-tag", text: ctx.t(mine ? "your_turn_tag" : "their_turn_tag") }));
  bar.append(head);
  // DG-19: six Diamagiques win; the count is drawn as six sockets, filled or empty.
  const count = team.diamagiques;
  const score = el("div", { class: "dg-score", "data-testid": `dg-score-${seat}`, role: "img", "aria-label": ctx.t("score_label", { n: count, target: TARGET }) });
  const svgScore = sv("svg", { viewBox: `0 0 ${TARGET * 16 + 4} 18`, class: "dg-sockets" });
  const colours = team.held.flat();
  for (let i = 0; i < TARGET; i++) {
    if (i < colours.length) svgScore.append(gem(ctx, colours[i], 10 + i * 16, 9, 18));
    else svgScore.append(sv("circle", { cx: 10 + i * 16, cy: 9, r: 5.5, fill: "none", stroke: "#b7ab93", "stroke-width": 1.2, "stroke-dasharray": "2 2" }));
  }
  score.append(svgScore, el("span", { class: "dg-score-n", text: ctx.t("score", { n: count, target: TARGET }) }));
  bar.append(score);
  const piles = el("div", { class: "dg-piles" });
  piles.append(
    el("span", { "data-testid": `dg-hand-size-${seat}`, text: ctx.t("pile.hand", { n: team.hand_size }) }),
    el("span", { "data-testid": `dg-deck-size-${seat}`, text: ctx.t("pile.deck", { n: team.deck_size }) }),
    el("span", { text: ctx.t("pile.castles", { n: team.castle_deck_size }) }),
    el("span", { text: ctx.t("pile.discard", { n: team.discard.length }) }),
  );
  bar.append(piles);
  return bar;
}

export function centre(ctx, view, flags) {
  const mid = el("section", { class: "dg-centre", "aria-label": ctx.t("table") });
  const castle = view.chateau;
  if (castle) {
    const castleLabel = ctx.t("castle_label", { name: castle, colours: colourNames(ctx, FACES.chateaux[castle].couleurs), effect: effectOf(ctx, FACES.chateaux[castle].effet) });
    mid.append(slot(castleFace(ctx, castle), {
      label: castleLabel, over: castleOver(ctx, castle), zoom: zoomOf(ctx, castle, castleLabel, FACES.chateaux[castle].effet),
      testid: "dg-chateau", extraClass: `dg-castle-card ${flags.newCastle ? "dg-arrive" : ""}`,
    }));
  } else if (flags.castleTarget) {
    mid.append(emptySlot(ctx, ctx.t("castle_here"), { label: ctx.t("castle_play", { name: flags.castleTarget.name }), testid: "dg-target-chateau", onpick: () => ctx.act(flags.castleTarget.text), state: "target" }));
  } else {
    mid.append(emptySlot(ctx, ctx.t("no_castle"), { label: ctx.t("no_castle"), testid: "dg-chateau" }));
  }
  const side = el("div", { class: "dg-stakes" });
  // DG-11: the Diamagiques in play, face down; their colour is known only to who drew them.
  const stake = el("div", { class: "dg-stake", "data-testid": "dg-en-jeu", role: "img", "aria-label": ctx.t("in_play_label", { n: view.en_jeu.length }) });
  const w = Math.max(1, view.en_jeu.length) * 22 + 6;
  const svgStake = sv("svg", { viewBox: `0 0 ${w} 26`, class: "dg-gems" });
  view.en_jeu.forEach((c, i) => svgStake.append(gem(ctx, c, 14 + i * 22, 13, 20)));
  stake.append(el("span", { class: "dg-k", text: ctx.t("in_play", { n: view.en_jeu.length }) }), svgStake);
  side.append(stake);
  if (view.won && view.won.length) {
    const wonSvg = sv("svg", { viewBox: `0 0 ${view.won.length * 22 + 6} 26`, class: "dg-gems" });
    view.won.forEach((c, i) => wonSvg.append(gem(ctx, c, 14 + i * 22, 13, 20)));
    const label = ctx.t("won_label", { colours: view.won.map((c) => ctx.t(`colour.${c}`)).join(", ") });
    const won = el("div", { class: "dg-won", "aria-label": label });
    won.append(el("span", { class: "dg-k", text: ctx.t("won", { name: ctx.seatName(view.last?.winner ?? view.to_act[0] ?? 0) }) }), wonSvg);
    if (flags.wonPick) {
      won.setAttribute("role", "button");
      won.setAttribute("tabindex", "0");
      won.dataset.testid = "dg-pick-won";
      won.dataset.focus = "dg-pick-won";
      won.classList.add(flags.wonPick.chosen ? "dg-chosen" : "dg-pickable");
      if (flags.wonPick.chosen) won.setAttribute("aria-pressed", "true");
      won.addEventListener("click", flags.wonPick.onpick);
      won.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          flags.wonPick.onpick();
        }
      });
    } else {
      won.setAttribute("role", "img");
    }
    side.append(won);
  }
  const pot = el("div", { class: "dg-pot", "data-testid": "dg-pot", role: "img", "aria-label": ctx.t("pot_label", { n: view.pot }) });
  const potSvg = sv("svg", { viewBox: "0 0 40 30", class: "dg-pot-svg" });
  potSvg.append(sv("path", { d: "M6 8 Q20 2 34 8 L30 27 Q20 30 10 27 Z", fill: "#6b4b2a", stroke: "#1d1b16", "stroke-width": 1 }));
  potSvg.append(sv("ellipse", { cx: 20, cy: 8, rx: 14, ry: 3.5, fill: "#3a2814" }));
  potSvg.append(sv("text", { x: 20, y: 22, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: "#fff", text: view.pot }));
  pot.append(potSvg, el("span", { class: "dg-k", text: ctx.t("pot", { n: view.pot }) }));
  side.append(pot);
  side.append(el("div", { class: "dg-turn", "data-testid": "dg-phase", text: ctx.t("turn_phase", { turn: view.turn, phase: ctx.t(`phase.${view.phase}`) }) }));
  mid.append(side);
  return mid;
}

export function opponentHand(ctx, view, seat) {
  const team = view.teams[seat];
  const zone = el("div", { class: "dg-backs", "data-testid": `dg-backs-${seat}`, role: "img", "aria-label": ctx.t("their_hand", { name: ctx.seatName(seat), n: team.hand_size }) });
  const n = team.hand_size;
  const svgBacks = sv("svg", { viewBox: `0 0 ${Math.max(1, n) * 14 + 26} 40`, class: "dg-backs-svg" });
  for (let i = 0; i < n; i++) {
    const g = sv("g", { transform: `translate(${i * 14 + 2} 2)` });
    g.append(sv("rect", { width: 24, height: 35, rx: 3, fill: "#2b2450", stroke: "#c9a64a", "stroke-width": 1.2 }));
    g.append(sv("polygon", { points: "12,9 17,17 12,27 7,17", fill: "#c9a64a" }));
    svgBacks.append(g);
  }
  zone.append(svgBacks, el("span", { class: "dg-k", text: ctx.t("their_hand", { name: ctx.seatName(seat), n }) }));
  return zone;
}

// Each side's Diamagiques at the end (DG-19, DG-20), on the board itself; who won and why is
// the room's end panel's to say, once (issue 20).
export function endPanel(ctx, view) {
  const box = el("section", { class: "dg-end", "data-testid": "dg-end", "aria-label": ctx.t("end.title") });
  box.append(el("h3", { text: ctx.t("end.title") }));
  const r = view.result || {};
  const scores = el("p", { class: "dg-end-scores" });
  view.teams.forEach((team, seat) => {
    const winner = r.ranks && r.ranks[seat] === 0 && r.ranks[0] !== r.ranks[1];
    scores.append(el("span", { class: `dg-total ${winner ? "dg-win" : ""}`, text: ctx.t("end.score", { name: ctx.seatName(seat), n: team.diamagiques }) }));
  });
  box.append(scores);
  return box;
}
