// Mindbug's screen: each player's life, Mindbugs, hand, draw pile, discard pile and board,
// creatures drawn as SVG card faces, and every decision of the engine as a guided prompt.
// The screen only ever sends a text that is in `legal` (docs/screens/mindbug.md).
import { cardFace, cardBack, icon } from "./cards.js";
import { el } from "/static/js/dom.js";
import { zoomable } from "/static/js/overlay.js";

const CARDS = await fetch(new URL("./cards.json", import.meta.url)).then((r) => r.json());

const CARD_ACTION = /^(play|attack|block|hunt|pick|first) ([a-z0-9]+(?:-[a-z0-9]+)*)#(\d+)$/;
const FOE_ACTION = /^foe (\d)$/;

// What the player is doing between two messages: the card chosen, waiting for confirmation.
let selected = null; // { id, text }
let preview = null; // { id, key, live }: a card shown large to be read
let selectionKey = "";
let lastAnimated = -1;
let styled = false;

function injectStyle() {
  if (styled) return;
  styled = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./screen.css", import.meta.url).href;
  document.head.append(link);
}

// -- the card data and the legal actions ----------------------------------------------------
function creature(key, lang, live = null) {
  const data = CARDS.creatures[key];
  if (!data) return null;
  return {
    key,
    name: lang === "en" ? data.name_en : data.name,
    power: live ? live.power : data.power,
    basePower: data.power,
    keywords: live ? live.keywords : data.keywords,
    text: lang === "en" ? data.text_en : data.text_fr,
    set: data.set,
  };
}

function keywordWord(k, lang) {
  const words = CARDS.keywords[k];
  return words ? words[lang === "en" ? "en" : "fr"] : k;
}

function parseLegal(legal) {
  const byCard = new Map(); // card id -> [{verb, key, text}]
  const words = [];
  const foes = [];
  for (const text of legal) {
    const card = CARD_ACTION.exec(text);
    const foe = FOE_ACTION.exec(text);
    if (card) {
      const id = Number(card[3]);
      if (!byCard.has(id)) byCard.set(id, []);
      byCard.get(id).push({ verb: card[1], key: card[2], text });
    } else if (foe) {
      foes.push({ seat: Number(foe[1]), text });
    } else {
      words.push(text);
    }
  }
  return { byCard, words, foes };
}

// Where a card is on this seat's table: hand, board, discard pile, or nowhere shown.
function findCard(view, id) {
  for (let s = 0; s < view.players; s++) {
    const live = view.boards[s].find((c) => c.id === id);
    if (live) return { place: "board", seat: s, key: live.key, live };
    const inHand = view.hands[s].cards.find((c) => c.id === id);
    if (inHand) return { place: "hand", seat: s, key: inHand.key };
    const gone = view.discards[s].find((c) => c.id === id);
    if (gone) return { place: "discard", seat: s, key: gone.key };
  }
  return null;
}

// -- the seats around the table -----------------------------------------------------------
function teamOf(seat) {
  return seat % 2; // MB-20: A1, B1, A2, B2 (in 2 players the team is the seat)
}

function layout(view, seat) {
  const me = seat === null ? 0 : seat;
  if (view.players === 2) return { top: [1 - me], bottom: [me] };
  // Tag Team: the opponents on the left and on the right above, the teammate beside me.
  return { top: [(me + 1) % 4, (me + 3) % 4], bottom: [(me + 2) % 4, me] };
}

// -- drawing ----------------------------------------------------------------------------------
function cardLabel(info, ctx, extra = []) {
  const { t, lang } = ctx;
  const words = info.keywords.map((k) => keywordWord(k, lang));
  const parts = [
    info.name,
    t("mb.card.power", { power: info.power }),
    words.length ? t("mb.card.keywords", { words: words.join(", ") }) : null,
    info.text,
    ...extra,
  ];
  return parts.filter(Boolean).join(". ");
}

function statusChips(live, view, seatOnBoard, ctx) {
  const { t, seatName } = ctx;
  const chips = [];
  if (live.power !== live.base_power) {
    chips.push(t("mb.status.base_power", { power: live.base_power }));
  }
  if (live.fresh) chips.push(t("mb.status.fresh"));
  if (live.exhausted) chips.push(t("mb.status.exhausted"));
  if (live.cannot_block) chips.push(t("mb.status.cannot_block"));
  if (live.cannot_attack) chips.push(t("mb.status.cannot_attack"));
  if (live.owner !== seatOnBoard && live.owner >= 0) {
    chips.push(t("mb.status.owner", { name: seatName(live.owner) }));
  }
  // Tag Team: the one opponent its "the opponent" effect applies to (named by its controller).
  if (live.aim !== undefined) chips.push(t("mb.status.aim", { name: seatName(live.aim) }));
  return chips;
}

// One card on the table, focusable; `actions` are its legal actions (none: just readable).
function cardTile(ctx, { id, key, live, seatOnBoard, actions = [], size = "", place }) {
  const info = creature(key, ctx.lang, live);
  if (!info) return null;
  const chips = live ? statusChips(live, ctx.view, seatOnBoard, ctx) : [];
  const legal = actions.length > 0;
  const isSelected = selected && selected.id === id && place !== "focus";
  const tile = el("div", {
    class: `mb-card ${size} ${legal ? "mb-legal" : ""} ${isSelected ? "mb-selected" : ""} ${
      live && live.exhausted ? "mb-exhausted" : ""}`,
    tabindex: "0",
    role: legal || place !== "focus" ? "button" : "img",
    "aria-label": cardLabel(info, ctx, [
      ...chips,
      legal ? actions.map((a) => verbLabel(ctx, a.verb)).join(", ") : null,
    ]),
    "aria-pressed": legal ? String(Boolean(isSelected)) : null,
    "data-testid": `mb-card-${place}`,
    "data-card": id,
    "data-key": key,
    "data-actions": legal ? actions.map((a) => a.text).join("|") : null,
  });
  const face = cardFace(info, { live, keywordWord: (k) => keywordWord(k, ctx.lang), t: ctx.t });
  tile.append(face);
  // The name and the effect over the face in HTML, at a size one reads on a laptop's table
  // (issue #20: the face's own lines are drawn for the card shown large); the effect starts
  // below the keywords (cards.js: the art band ends at 79 units, a keyword row takes 15 from
  // 83, of 168; in the card's width, 120: status chips may lengthen the tile below the face), in
  // as many whole lines as the room left holds (screen.css, by keyword count).
  const rows = info.keywords.length;
  tile.classList.add(`mb-kw-${Math.min(rows, 3)}`);
  tile.append(el("span", { class: "mb-on-face mb-on-face-name", "aria-hidden": "true", text: info.name }));
  tile.append(el("span", { class: "mb-on-face mb-on-face-effect", "aria-hidden": "true", text: info.text,
    style: `top:${(((rows ? 84 + 15 * rows : 80) / 120) * 100).toFixed(1)}cqw` }));
  zoomable(tile, () => ({ title: info.name, face, lines: zoomLines(info, ctx, chips) }));
  if (chips.length) {
    tile.append(el("ul", { class: "mb-chips" }, ...chips.map((c) => el("li", { text: c }))));
  }
  // A legal card is chosen; any other card is shown large to be read (on a phone above all).
  if ((legal || place !== "focus") && ctx.redraw) {
    const choose = legal ? () => {
      selected = { id, text: actions[0].text, actions };
      preview = null;
      ctx.redraw();
    } : () => {
      preview = preview && preview.id === id ? null : { id, key, live };
      ctx.redraw();
    };
    tile.addEventListener("click", choose);
    tile.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose();
      }
    });
  }
  return tile;
}

// The card shown large: its power, keywords, effect and state, each on its line.
function zoomLines(info, ctx, chips) {
  const { t, lang } = ctx;
  const words = info.keywords.map((k) => keywordWord(k, lang));
  return [
    t("mb.card.power", { power: info.power }),
    words.length ? t("mb.card.keywords", { words: words.join(", ") }) : null,
    info.text,
    ...chips,
  ];
}

function verbLabel(ctx, verb) {
  const { t } = ctx;
  switch (verb) {
    case "play": return t("mb.verb.play");
    case "attack": return t("mb.verb.attack");
    case "block": return t("mb.verb.block");
    case "hunt": return t("mb.verb.hunt");
    case "first": return t("mb.verb.first");
    default: return t("mb.verb.pick");
  }
}

function stat(kind, value, label, testid) {
  return el("span", { class: `mb-stat mb-stat-${kind}`, title: label, "aria-label": label,
    "data-testid": testid, role: "img" }, icon(kind), el("b", { text: String(value) }));
}

function playerPanel(ctx, s, legalMap) {
  const { view, t, seatName, state } = ctx;
  const me = ctx.seat;
  const team = teamOf(s);
  const tag = view.players === 4;
  const life = view.life[team];
  const hand = view.hands[s];
  const acting = (state.to_act || []).includes(s) || (view.pending && view.pending.seat === s);
  const active = view.active === s && !view.result;
  const panel = el("section", {
    class: `mb-player ${s === me ? "mb-me" : ""} ${active ? "mb-active" : ""} team-${"AB"[team]}`,
    "data-testid": `mb-player-${s}`,
    "aria-label": t("mb.player", { name: seatName(s) }),
  });
  const head = el("header", { class: "mb-head" });
  const title = el("h3", { class: "mb-name" },
    el("span", { class: "mb-seat", text: t("mb.seat", { n: s + 1 }) }), el("span", { text: seatName(s) }));
  if (tag) title.append(el("span", { class: "mb-team", text: t("mb.team", { team: "AB"[team] }) }));
  if (s === me) title.append(el("span", { class: "mb-tag", text: t("mb.you") }));
  if (tag && me !== null && s === (me + 1) % 4) title.append(el("span", { class: "mb-tag", text: t("mb.left") }));
  if (tag && me !== null && s === (me + 3) % 4) title.append(el("span", { class: "mb-tag", text: t("mb.right") }));
  if (tag && me !== null && s === (me + 2) % 4) title.append(el("span", { class: "mb-tag", text: t("mb.mate") }));
  if (active) title.append(el("span", { class: "mb-tag mb-turn", text: t("mb.turn_mark") }));
  if (acting && !active) title.append(el("span", { class: "mb-tag mb-deciding", text: t("mb.deciding") }));
  head.append(title);
  const stats = el("div", { class: "mb-stats" });
  stats.append(stat("life", life, tag ? t("mb.life_team", { n: life }) : t("mb.life", { n: life }),
    `mb-life-${s}`));
  stats.append(stat("mindbug", view.mindbugs[s], t("mb.mindbugs", { n: view.mindbugs[s] }),
    `mb-mindbugs-${s}`));
  if (tag) {
    stats.append(stat("mindfrog", view.mindfrogs[s], t("mb.mindfrogs", { n: view.mindfrogs[s] }),
      `mb-mindfrogs-${s}`));
  }
  stats.append(stat("hand", hand.count, t("mb.hand_count", { n: hand.count }), `mb-hand-${s}`));
  stats.append(stat("pile", view.piles[s], t("mb.pile", { n: view.piles[s] }), `mb-pile-${s}`));
  stats.append(stat("discard", view.discards[s].length,
    t("mb.discard", { n: view.discards[s].length }), `mb-discard-${s}`));
  head.append(stats);
  panel.append(head);

  // The board: the creatures this seat controls.
  const board = el("div", { class: `mb-board ${view.boards[s].length ? "" : "mb-board-empty"}`,
    "data-testid": `mb-board-${s}`,
    "aria-label": t("mb.board_of", { name: seatName(s) }) });
  for (const live of view.boards[s]) {
    board.append(cardTile(ctx, { id: live.id, key: live.key, live, seatOnBoard: s,
      actions: legalMap.byCard.get(live.id) || [], place: "board" }));
  }
  if (!view.boards[s].length) board.append(el("p", { class: "mb-empty", text: t("mb.no_creature") }));

  // The hand: face up for its own seat, backs (and any card this seat was shown) for others.
  const handRow = el("div", { class: `mb-hand ${s === me ? "mb-hand-mine" : "mb-hand-other"}`,
    "data-testid": `mb-handrow-${s}`, "aria-label": t("mb.hand_of", { name: seatName(s), n: hand.count }) });
  const known = new Map(hand.cards.map((c) => [c.id, c.key]));
  if (s === me) {
    for (const c of hand.cards) {
      handRow.append(cardTile(ctx, { id: c.id, key: c.key, seatOnBoard: s, size: "mb-in-hand",
        actions: legalMap.byCard.get(c.id) || [], place: "hand" }));
    }
  } else {
    for (const c of hand.cards) {
      handRow.append(cardTile(ctx, { id: c.id, key: c.key, seatOnBoard: s, size: "mb-small",
        actions: legalMap.byCard.get(c.id) || [], place: "hand" }));
    }
    const backs = el("div", { class: "mb-backs", role: "img",
      "aria-label": t("mb.hand_hidden", { n: hand.count - known.size }) });
    for (let i = 0; i < hand.count - known.size; i++) backs.append(cardBack(t("mb.back")));
    if (hand.count - known.size > 0) {
      backs.append(el("span", { class: "mb-count", text: `×${hand.count - known.size}` }));
      handRow.append(backs);
    }
  }
  if (!hand.count && s === me) handRow.append(el("p", { class: "mb-empty", text: t("mb.empty_hand") }));

  // The discard pile, open to all (public cards).
  const discard = el("details", { class: "mb-discard", "data-testid": `mb-discardpile-${s}` });
  discard.append(el("summary", { text: t("mb.discard_pile", { n: view.discards[s].length }) }));
  const pile = el("div", { class: "mb-discard-cards" });
  // A card to choose in a discard pile is offered in the prompt, not in the folded pile.
  for (const c of view.discards[s]) {
    pile.append(cardTile(ctx, { id: c.id, key: c.key, seatOnBoard: s, size: "mb-small",
      place: "discard" }));
  }
  discard.append(pile);

  if (s === me) panel.append(board, handRow, discard);
  else panel.append(handRow, discard, board);
  return panel;
}

// -- the decision ---------------------------------------------------------------------------
const WORD_KEYS = {
  mindbug: "mb.word.mindbug", mindfrog: "mb.word.mindfrog", decline: "mb.word.decline",
  noblock: "mb.word.noblock", nohunt: "mb.word.nohunt", again: "mb.word.again",
  stop: "mb.word.stop", done: "mb.word.done", keep: "mb.word.keep",
};

function pendingCard(ctx) {
  const p = ctx.view.pending;
  if (!p || p.key === undefined) return null;
  const found = findCard(ctx.view, p.card);
  return creature(p.key, ctx.lang, found && found.live ? found.live : null);
}

function question(ctx) {
  const { view, t, seatName } = ctx;
  const p = view.pending;
  const card = pendingCard(ctx);
  const name = card ? card.name : t("mb.a_card");
  const other = (s) => seatName(s);
  switch (p.kind) {
    case "act": return t("mb.ask.act");
    case "mindbug": return t("mb.ask.mindbug", { name: other(view.active), card: name,
      n: view.mindbugs[p.seat] });
    case "mindfrog": return t("mb.ask.mindfrog", { card: name, n: view.mindfrogs[p.seat] });
    case "hunt": return t("mb.ask.hunt", { card: name });
    case "block": return t("mb.ask.block", { name: other(view.active), card: name,
      power: card ? card.power : "?" });
    case "frenzy": return t("mb.ask.frenzy", { card: name });
    case "rapid": return t("mb.ask.rapid", { card: name });
    case "order": return t("mb.ask.order");
    case "foe": return t("mb.ask.foe", { card: name });
    case "keep": return t("mb.ask.keep", { card: name });
    case "revive": return t("mb.ask.revive", { card: name });
    case "pick": {
      const verb = p.verb;
      const keys = {
        defeat: "mb.ask.pick_defeat", take_control: "mb.ask.pick_take_control",
        forbid_block: "mb.ask.pick_forbid_block", grant_keywords: "mb.ask.pick_grant_keywords",
        discard: "mb.ask.pick_discard", give_card: "mb.ask.pick_give_card",
        play_from_discard: "mb.ask.pick_play_from_discard",
      };
      return t(keys[verb] || "mb.ask.pick", { card: name });
    }
    default: return t("mb.ask.other");
  }
}

function waiting(ctx) {
  const { view, t, seatName } = ctx;
  const p = view.pending;
  const card = pendingCard(ctx);
  const name = card ? card.name : t("mb.a_card");
  const who = seatName(p.seat);
  switch (p.kind) {
    case "act": return t("mb.wait.act", { name: who });
    case "mindbug": return t("mb.wait.mindbug", { name: who, card: name });
    case "mindfrog": return t("mb.wait.mindfrog", { name: who, card: name });
    case "block": case "hunt": return t("mb.wait.block", { name: who, card: name });
    default: return t("mb.wait.other", { name: who });
  }
}

function bigButton(ctx, text, label, kind, testid) {
  return el("button", {
    type: "button", class: `mb-big mb-big-${kind}`, "data-testid": testid, "data-action": text,
    onclick: (event) => {
      event.currentTarget.disabled = true;
      selected = null;
      ctx.act(text);
    },
  }, el("span", { text: label }));
}

// A card the player tapped to read it, large, until closed.
function previewBlock(ctx) {
  const shownCard = findCard(ctx.view, preview.id);
  const live = shownCard ? shownCard.live : preview.live;
  return el("div", { class: "mb-focus mb-preview", "data-testid": "mb-preview" },
    cardTile(ctx, { id: preview.id, key: preview.key, live, seatOnBoard: shownCard ? shownCard.seat : -1,
      size: "mb-large", place: "focus" }),
    el("button", { type: "button", class: "mb-big mb-big-back", "data-testid": "mb-preview-close",
      onclick: () => { preview = null; ctx.redraw(); } }, el("span", { text: ctx.t("mb.close_preview") })));
}

function prompt(ctx, legalMap, placed) {
  const { view, t, legal, seatName } = ctx;
  const box = el("section", { class: "mb-prompt", "data-testid": "mb-prompt", "aria-live": "polite" });
  if (view.result) {
    // The life left only: who won and why is the room's end panel's to say, once (issue 20).
    box.classList.add("mb-over");
    box.append(el("h3", { text: t("mb.final_title") }));
    const side = (team) => (view.players === 4 ? t("mb.team", { team: "AB"[team] })
      : `${t("mb.seat", { n: team + 1 })} (${seatName(team)})`);
    box.append(el("p", { class: "mb-final", "data-testid": "mb-final", text: t("mb.final_life", {
      a: side(0), life_a: view.life[0], b: side(1), life_b: view.life[1] }) }));
    if (preview) box.append(previewBlock(ctx));
    return box;
  }
  if (!view.pending) return box;
  const mine = legal.length > 0;
  const card = pendingCard(ctx);
  const row = el("div", { class: "mb-prompt-row" });
  // The card the decision is about, shown large (a played card waiting for a Mindbug...),
  // or the card just chosen, large enough to read on a phone.
  if (selected && mine && !(card && view.pending.kind !== "act")) {
    const found = findCard(view, selected.id);
    const key = found ? found.key : selected.actions[0].key;
    row.append(el("div", { class: "mb-focus", "data-testid": "mb-focus" },
      cardTile(ctx, { id: selected.id, key, live: found && found.live, seatOnBoard: found ? found.seat : -1,
        size: "mb-large", place: "focus" })));
  } else if (card && view.pending.kind !== "act") {
    const found = findCard(view, view.pending.card);
    row.append(el("div", { class: "mb-focus", "data-testid": "mb-focus" },
      cardTile(ctx, { id: view.pending.card, key: card.key, live: found && found.live,
        seatOnBoard: found ? found.seat : -1, size: "mb-large", place: "focus",
        actions: found && found.place === "board" ? [] : legalMap.byCard.get(view.pending.card) || [] })));
    if (!(found && found.place === "board")) placed.add(view.pending.card);
  }
  if (preview && !selected) row.append(previewBlock(ctx));
  const side = el("div", { class: "mb-prompt-side" });
  if (!mine) {
    side.append(el("p", { class: "mb-question mb-waiting", "data-testid": "mb-waiting",
      text: waiting(ctx) }));
    if (!ctx.replay) side.append(el("p", { class: "mb-hint", text: t("mb.hint_read") }));
    row.append(side);
    box.append(row);
    return box;
  }
  box.classList.add("mb-mine");
  side.append(el("p", { class: "mb-question", "data-testid": "mb-question", text: question(ctx) }));
  if (card && view.pending.kind !== "act") {
    side.append(el("p", { class: "mb-card-text", text: `${card.name} — ${card.text}` }));
  }
  // Cards to choose from that the table does not show (an order of effects, a discard pile).
  const extra = [];
  for (const [id, actions] of legalMap.byCard) {
    if (placed.has(id)) continue;
    const found = findCard(view, id);
    if (found && (found.place === "board" || (found.place === "hand" && found.seat === ctx.seat))) continue;
    extra.push({ id, actions, key: found ? found.key : actions[0].key, found });
  }
  if (extra.length) {
    const choices = el("div", { class: "mb-choices", "data-testid": "mb-choices" });
    for (const c of extra) {
      choices.append(cardTile(ctx, { id: c.id, key: c.key, live: c.found && c.found.live,
        seatOnBoard: c.found ? c.found.seat : -1, actions: c.actions, place: "choice" }));
      placed.add(c.id);
    }
    side.append(choices);
  }
  // A chosen card waits for confirmation (a way back to the previous step).
  if (selected) {
    const info = findCard(view, selected.id);
    const key = info ? info.key : selected.actions[0].key;
    const cr = creature(key, ctx.lang, info && info.live);
    const confirm = el("div", { class: "mb-confirm-row" });
    for (const a of selected.actions) {
      confirm.append(bigButton(ctx, a.text, t("mb.confirm", { verb: verbLabel(ctx, a.verb),
        card: cr ? cr.name : key }), "yes", "mb-confirm"));
    }
    confirm.append(el("button", { type: "button", class: "mb-big mb-big-back", "data-testid": "mb-back",
      onclick: () => { selected = null; ctx.redraw(); } }, el("span", { text: t("mb.back_step") })));
    side.append(confirm);
  } else if (legalMap.byCard.size) {
    side.append(el("p", { class: "mb-hint", text: t("mb.hint_choose") }));
  }
  // The decisions with no card: big buttons.
  const buttons = el("div", { class: "mb-buttons" });
  for (const w of legalMap.words) {
    const kind = ["mindbug", "mindfrog", "again"].includes(w) ? "yes" : "no";
    let label = t(WORD_KEYS[w] || "mb.word.other", { word: w });
    if (w === "mindbug") label = t("mb.word.mindbug_left", { n: view.mindbugs[ctx.seat] });
    buttons.append(bigButton(ctx, w, label, kind, `mb-word-${w}`));
  }
  for (const f of legalMap.foes) {
    buttons.append(bigButton(ctx, f.text, t("mb.word.foe", { name: seatName(f.seat) }), "yes",
      `mb-foe-${f.seat}`));
  }
  if (buttons.childElementCount) side.append(buttons);
  row.append(side);
  box.append(row);
  return box;
}

// -- the moments: what the new steps did ---------------------------------------------------
// The banner lives outside the board, so that the next state (a bot answers at once) does not
// cut it short: new lines join the ones still shown, and the fade starts again.
let banner = null;
let bannerSince = 0;
const KEPT = ["mindbug", "mindfrog", "control"];

// The creature a moment is about, drawn small beside its line (crossed out when defeated).
const PICTURED = {
  mindbug: ["key"], mindfrog: ["key"], control: ["key"], defeated: ["key"], exhausted: ["key"],
  revived: ["key"], from_discard: ["target_key"], unblocked: ["key"], fight: ["key", "blocker_key"],
  foe: ["key"],
};

function momentLine(e, ctx) {
  const line = el("div", { class: `mb-moment-line mb-moment-${e.kind}` });
  for (const field of PICTURED[e.kind] || []) {
    const info = e.data && e.data[field] ? creature(e.data[field], ctx.lang) : null;
    if (!info) continue;
    const mini = el("span", { class: "mb-mini", "aria-hidden": "true" });
    mini.append(cardFace(info, { keywordWord: (k) => keywordWord(k, ctx.lang), t: ctx.t }));
    line.append(mini);
  }
  line.append(el("p", { text: e.text }));
  return line;
}

function toast(events, ctx) {
  if (!banner || !banner.isConnected) {
    banner = el("div", { class: "screen-mindbug mb-toast", "data-testid": "mb-moment", role: "status",
      "aria-live": "polite" });
    banner.addEventListener("animationend", () => banner.replaceChildren());
    document.body.append(banner);
  }
  if (Date.now() - bannerSince > 3000) banner.replaceChildren();
  bannerSince = Date.now();
  for (const e of events) banner.append(momentLine(e, ctx));
  // Three lines at most; a steal or the end outlasts the lines of a fight that follows it
  // (the bots answer at once), so that it is not gone before anyone could read it.
  while (banner.childElementCount > 3) {
    const lines = [...banner.children];
    (lines.find((line) => !KEPT.some((k) => line.classList.contains(`mb-moment-${k}`)))
      || lines[0]).remove();
  }
  banner.classList.remove("mb-moment");
  void banner.offsetWidth; // restart the fade
  banner.classList.add("mb-moment");
}

const MOMENTS = new Set(["mindbug", "mindfrog", "defeated", "life", "effect", "control",
  "exhausted", "fight", "unblocked", "discard", "steal_hand", "from_discard", "revived",
  "frenzy", "hunt", "no_action", "pass", "forbid_block", "silenced", "recover",
  "foe"]);

function moments(ctx, root) {
  const { state } = ctx;
  const version = state.version ?? -1;
  if (ctx.replay || version === lastAnimated || !state.steps || !state.steps.length) return;
  const first = lastAnimated < 0;
  lastAnimated = version;
  if (first && state.steps.length > 2) return; // a page opened mid-game: no replay of history
  const events = state.steps.flatMap((s) => s.events);
  // Only public events: the banner outlives the hotseat curtain.
  const shown = events.filter((e) => MOMENTS.has(e.kind) && !e.to);
  // At the end, no toast: it would cover the room's end panel, which says the end (issue 20).
  if (ctx.view.result) banner?.replaceChildren();
  else if (shown.length) toast(shown, ctx);
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "mindbug" || e.kind === "control" || e.kind === "mindfrog") {
      const tile = root.querySelector(`.mb-board .mb-card[data-card="${d.card}"]`);
      if (tile) tile.classList.add(d.seat === ctx.seat ? "mb-from-top" : "mb-from-bottom");
    } else if (e.kind === "enter" && d.how === "played") {
      const tile = root.querySelector(`.mb-board .mb-card[data-card="${d.card}"]`);
      if (tile) tile.classList.add("mb-arrive");
    } else if (e.kind === "life") {
      for (const s of d.seats || []) {
        const stat = root.querySelector(`[data-testid="mb-life-${s}"]`);
        if (stat) stat.classList.add(d.change < 0 ? "mb-hurt" : "mb-heal");
      }
    } else if (e.kind === "defeated") {
      const stat = root.querySelector(`[data-testid="mb-discard-${d.owner}"]`);
      if (stat) stat.classList.add("mb-pulse");
    } else if (e.kind === "exhausted" || e.kind === "attack" || e.kind === "block") {
      const id = e.kind === "block" ? d.blocker : d.card;
      const tile = root.querySelector(`.mb-board .mb-card[data-card="${id}"]`);
      if (tile) tile.classList.add("mb-flash");
    }
  }
}

// -- the screen -----------------------------------------------------------------------------
function draw(element, ctx) {
  const { view, legal, t } = ctx;
  const root = el("div", { class: `screen-mindbug players-${view.players}`, "data-testid": "mb-screen" });
  const legalMap = parseLegal(legal);
  const placed = new Set();
  const sides = layout(view, ctx.seat);
  const top = el("div", { class: "mb-side mb-top" });
  for (const s of sides.top) top.append(playerPanel(ctx, s, legalMap));
  const bottom = el("div", { class: "mb-side mb-bottom" });
  for (const s of sides.bottom) bottom.append(playerPanel(ctx, s, legalMap));
  // Cards drawn on the table with their actions (board, own hand, discard piles).
  for (const tile of [...top.querySelectorAll(".mb-legal"), ...bottom.querySelectorAll(".mb-legal")]) {
    placed.add(Number(tile.dataset.card));
  }
  const info = el("p", { class: "mb-info", "data-testid": "mb-info" },
    el("span", { text: t("mb.turn", { n: view.turn }) }),
    el("span", { text: t("mb.active", { name: ctx.seatName(view.active) }) }),
    el("span", { text: t("mb.unused", { n: view.unused }) }));
  // MB-4: who started, and why (the cards revealed from the unused pile), early in the game.
  const reveal = view.reveals && view.reveals[view.reveals.length - 1];
  if (reveal && view.turn <= 2) {
    // One revealed card per team (per player with 2 players), in team order.
    const who = (i) => (view.players === 4 ? t("mb.team", { team: "AB"[i] }) : ctx.seatName(i));
    const shown = reveal.map((key, i) => [who(i), creature(key, ctx.lang)]).filter(([, c]) => c)
      .map(([side, c]) => t("mb.reveal_card", { who: side, name: c.name, power: c.power }));
    info.append(el("span", { "data-testid": "mb-reveals", text: t("mb.reveals", { cards: shown.join(", ") }) }));
  }
  const ask = prompt(ctx, legalMap, placed);
  root.append(info, top, ask, bottom);
  // Never leave a player stuck: any legal action the screen has not drawn stays a button.
  const drawn = new Set([...legalMap.words, ...legalMap.foes.map((f) => f.text)]);
  for (const id of placed) for (const a of legalMap.byCard.get(id) || []) drawn.add(a.text);
  const rest = legal.filter((text) => !drawn.has(text));
  if (rest.length) {
    const list = el("div", { class: "mb-rest", "data-testid": "mb-rest" },
      el("h4", { text: t("mb.other_actions") }));
    for (const text of rest) {
      list.append(el("button", { type: "button", class: "action", "data-action": text,
        onclick: () => { selected = null; ctx.act(text); } }, el("span", { text })));
    }
    root.append(list);
  }
  element.replaceChildren(root);
  moments(ctx, root);
  return root;
}

export default {
  ownsActions: true,
  render(element, context) {
    injectStyle();
    const key = `${context.seat}|${context.legal.join(",")}`;
    if (key !== selectionKey) {
      selected = null;
      selectionKey = key;
    }
    if (preview && !findCard(context.view, preview.id)) preview = null;
    const ctx = { ...context };
    ctx.redraw = () => {
      const focused = document.activeElement && document.activeElement.dataset
        ? document.activeElement.dataset.card : undefined;
      const root = draw(element, { ...ctx, state: { ...ctx.state, steps: [] } });
      const confirm = root.querySelector('[data-testid="mb-confirm"]');
      if (confirm) confirm.focus();
      else if (focused !== undefined) root.querySelector(`.mb-card[data-card="${focused}"]`)?.focus();
    };
    // Escape goes back a step.
    element.onkeydown = (event) => {
      if (event.key === "Escape" && selected) {
        selected = null;
        ctx.redraw();
      }
    };
    // Keyboard play: when the board had the focus (or nothing had), the next decision gets it.
    const active = document.activeElement;
    const ours = !active || active === document.body || element.contains(active);
    const root = draw(element, ctx);
    if (ours && context.legal.length) {
      root.querySelector(".mb-prompt .mb-big, .mb-card.mb-legal")?.focus({ preventScroll: true });
    }
  },
};

