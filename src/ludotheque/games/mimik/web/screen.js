// MIMIK's screen (issue 9): the table drawn from the view, every card a real card face in SVG,
// each player's race to the exact target, and the engine's legal action texts turned into
// gestures. A gesture is a path of picks (a hand card, then a target...); a pick is offered
// only when some legal text starts with the picks made so far, and the screen sends a text
// only once its whole path is picked: nothing illegal can be sent (the engine decides).
// Its parts: cards.js (the card faces), picks.js (the legal texts as paths of picks, and in
// words), race.js (the race to the target), moments.js (the banner's moment), dom.js (DOM
// helpers); this file draws the table and holds the picks made so far.
import { el } from "./dom.js";
import { keyOf, cardName, cardFace, zoomCard, cardBack } from "./cards.js";
import { paths, sameStart, posedWords, actionWords } from "./picks.js";
import { SEAT_COLOURS, TEAM_LETTERS, race, gauge } from "./race.js";
import { moment } from "./moments.js";

let ui = { key: "", picks: [], pending: false, byKey: false };
let lastStep = 0;
let lastGame = null;
let lastDraw = null;
let resizing = false;

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
