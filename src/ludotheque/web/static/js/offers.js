// Between the players (server/offers.py): a correspondence move's deadline, a claim against a
// player to act who left an untimed game, takeback and draw offers and their answers, the
// rematch. The server decides everything; this panel shows what the state allows.
import { t } from "./i18n.js";

const panel = document.createElement("section");
panel.id = "offers";
panel.className = "offers";
panel.dataset.testid = "offers";
panel.setAttribute("aria-live", "polite");
// In the side column, above the end panel and the log: the room fits the window (room.css).
(document.querySelector(".side") ?? document.body).prepend(panel);

let claimTimer = null;

function button(label, testid, message, send) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.testid = testid;
  b.addEventListener("click", () => send(message));
  return b;
}

function line(text, testid) {
  const p = document.createElement("p");
  p.textContent = text;
  p.dataset.testid = testid;
  return p;
}

// `names(seat)` gives a seat's name as the page shows it; `send` sends a protocol message.
export function renderOffers(state, send, names) {
  const parts = [];
  const game = state.game;
  const mine = state.mine;
  const seat = mine.length === 1 ? mine[0] : null;
  const deadlines = state.clock?.deadlines ?? {};
  const due = Object.values(deadlines);
  if (due.length && state.result === null) {
    const date = new Date(Math.min(...due) * 1000).toLocaleString(document.documentElement.lang);
    parts.push(line(t("room.deadline", { date }), "deadline"));
  }
  const claim = state.claim;
  clearTimeout(claimTimer);
  if (claim && seat !== null && !state.to_act.includes(seat)) {
    const name = names(claim.seats[0]);
    if (claim.in > 0) {
      parts.push(line(t("room.claim_wait", { name, seconds: Math.ceil(claim.in) }), "claim-wait"));
      // When the delay is over, the button appears (the server checks it again).
      claimTimer = setTimeout(() => renderOffers({ ...state, claim: { ...claim, in: 0 } }, send, names),
        claim.in * 1000);
    } else {
      const label = state.seats.length === 2 ? "room.claim" : "room.claim_seat";
      parts.push(button(t(label), "claim", { type: "claim", game, seat }, send));
    }
  }
  const offers = state.offers;
  if (offers && seat !== null && offers.kinds.length && state.result === null) {
    for (const kind of offers.kinds) {
      const asker = offers[kind];
      if (asker === null || asker === undefined) {
        const label = kind === "draw" ? "room.offer_draw" : "room.offer_takeback";
        parts.push(button(t(label), `offer-${kind}`, { type: "offer", game, seat, offer: kind }, send));
      } else if (asker !== seat) {
        const key = kind === "draw" ? "room.draw_offered" : "room.takeback_asked";
        parts.push(line(t(key, { name: names(asker) }), `asked-${kind}`));
        for (const accept of [true, false]) {
          parts.push(button(t(accept ? "room.accept" : "room.decline"),
            `${accept ? "accept" : "decline"}-${kind}`,
            { type: "answer", game, seat, offer: kind, accept }, send));
        }
      }
    }
  }
  const rematch = state.rematch;
  if (rematch && mine.length) {
    if (rematch.game) {
      location.assign(`/g/${rematch.game}`); // everyone who played goes to the new game
    } else if (rematch.possible) {
      const others = rematch.asked.filter((s) => !mine.includes(s));
      if (rematch.asked.some((s) => mine.includes(s))) {
        parts.push(line(t("room.rematch_waiting"), "rematch-waiting"));
      } else {
        if (others.length) parts.push(line(t("room.rematch_asked", { name: names(others[0]) }), "rematch-asked"));
        parts.push(button(t("room.rematch"), "rematch", { type: "rematch", game }, send));
      }
    }
  }
  panel.replaceChildren(...parts);
  panel.hidden = parts.length === 0;
}
