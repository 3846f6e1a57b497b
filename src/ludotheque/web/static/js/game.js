// A game room: one WebSocket, the server's state, the board, the actions, the log, the chat.
// The browser decides nothing: it shows the views the server sends and sends action texts.
import { extend, t } from "./i18n.js";
import generic from "./generic.js";
import { chatPanel } from "./chat.js";
import { renderOffers } from "./offers.js";
import { ruleButton } from "./overlay.js";
import { presence, turnSignals } from "./signals.js";

const data = JSON.parse(document.getElementById("room-data").textContent);
extend(data.screen_text);
let screen = generic;
if (data.screen) {
  try {
    screen = (await import(data.screen)).default;
    document.getElementById("board").classList.add("has-screen");
  } catch (error) {
    console.error(error);
  }
}

const $ = (id) => document.getElementById(id);
let socket = null;
let version = 0;
let state = null;
let shownSeat = null; // the seat whose view is on screen (hotseat: changes between turns)
let unveiled = null; // hotseat: the seat that has confirmed it holds the device
let retry = 500;
// The version at which this page sent an action still unanswered: no second action until the
// game moves on or the server refuses (a redraw for a bot's "thinking" must not allow one).
let pending = null;
// When the last state arrived: running clocks count down from its times.
let clockAt = performance.now();

const chat = chatPanel({ t, lang: data.lang, send, game: data.game, canWrite: Boolean($("chat-form")) });
const signals = turnSignals({
  t, title: document.title, saveSound,
  sound: data.sound ?? storedSound(),
});
const here = presence({ t, seatName: (i) => seatName(i), notice });
// An invited visitor who gave their name on this page sits at once (one step: ?sit=N).
let sitAsked = new URLSearchParams(location.search).get("sit");
if (sitAsked !== null) history.replaceState(null, "", location.pathname);

// The waiting panel of an online game whose seats are not all taken, in place of the board.
{
  const panel = document.createElement("p");
  panel.id = "waiting";
  panel.className = "waiting";
  panel.dataset.testid = "waiting";
  panel.setAttribute("role", "status");
  panel.hidden = true;
  $("board").before(panel);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 500;
    pending = null; // an action lost with the old connection may be sent again
    send({ type: "watch", game: data.game, since: version });
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("status").textContent = t("room.reconnecting");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function receive(message) {
  if (message.type === "state") {
    if (message.since === 0 && version > 0) $("log").replaceChildren();
    if (message.version !== pending) pending = null;
    version = message.version;
    state = message;
    clockAt = performance.now();
    for (const step of message.steps) logStep(step);
    render();
  } else if (message.type === "chat") {
    chat.add(message);
  } else if (message.type === "presence") {
    here.receive(message, state);
    if (state) renderSeats();
  } else if (message.type === "chat_hidden") {
    document.querySelector(`#chat li[data-id="${Number(message.id)}"]`)?.remove();
  } else if (message.type === "reported") {
    showError(message.message);
  } else if (message.type === "error") {
    pending = null;
    hintAsked = null;
    showError(message.message);
  } else if (message.type === "hint") {
    showHint(message);
  }
}

// Hints (unranked games against bots): the Difficile bot's move for the seat to play, in
// the game's words. A hint the game has moved past is not shown.
let hintAsked = null; // the version at which a hint was asked, until it comes
function renderHint() {
  const live = state.status === "live" && !state.result;
  const mine = shownSeat !== null && state.mine.includes(shownSeat);
  const offered = Boolean(state.hint) && live && mine && state.to_act.includes(shownSeat);
  $("hint-box").hidden = !offered;
  if (hintAsked !== null && hintAsked !== version) hintAsked = null;
  $("hint").disabled = hintAsked !== null;
  const text = $("hint-text");
  if (!offered || (text.dataset.version && Number(text.dataset.version) !== version)) {
    text.textContent = "";
    delete text.dataset.version;
  }
}
function showHint(message) {
  if (message.version !== version || message.seat !== shownSeat) return;
  hintAsked = null;
  const text = $("hint-text");
  text.dataset.version = String(message.version);
  text.textContent = t("room.hint_text", { text: message.text });
  text.title = message.action;
  renderHint();
}

function seatName(index) {
  const seat = state.seats[index];
  if (!seat) return "?";
  if (seat.kind === "bot") return t("seat.bot_named", { name: seat.bot_name ?? seat.bot });
  if (seat.kind === "tutor") return t("seat.tutor");
  const name = seat.name || t("seat.number", { n: index + 1 });
  // Two seats of one name (a hotseat game's one player): each also by its number.
  const twin = state.seats.some((s) => s.seat !== index && s.kind === "human" && s.name === seat.name);
  return seat.name && twin ? `${name} (${index + 1})` : name;
}

// A step of the log: who moved, then the move in the reader's words (the game's event texts);
// the engine's notation only as a small code element for those who read it.
function logStep(step) {
  const li = document.createElement("li");
  const head = document.createElement("div");
  head.className = "step";
  head.dataset.seat = step.seat;
  const who = document.createElement("span");
  who.className = "who";
  who.dataset.named = t("log.step", { n: step.n, name: seatName(step.seat) });
  who.dataset.moved = t("log.moved", { n: step.n, name: seatName(step.seat) });
  head.append(who);
  if (step.action) {
    const notation = document.createElement("small");
    notation.className = "notation";
    const code = document.createElement("code");
    code.textContent = step.action;
    code.title = t("log.notation");
    notation.append(" ", code);
    head.append(notation);
  }
  if (step.public) head.dataset.public = "";
  li.append(head);
  for (const e of step.events) {
    const line = document.createElement("div");
    line.className = "event";
    line.dataset.kind = e.kind;
    if (e.to) line.dataset.to = e.to.join(" ");
    line.textContent = e.text;
    // The rule it applied, behind a "?" (the play texts name no ruling id).
    const help = e.ruling && data.rule_help?.[e.ruling];
    if (help) line.append(" ", ruleButton(e.ruling, help));
    li.append(line);
  }
  $("log").prepend(li);
}

// One device for several seats: the log shows a secret choice and a private event only to
// the seat on screen, and nothing private while the curtain is up.
function maskLog(seat) {
  for (const line of $("log").querySelectorAll(".event[data-to]")) {
    line.hidden = seat === null ? state.mine.length > 0 : !line.dataset.to.split(" ").includes(String(seat));
  }
  for (const head of $("log").querySelectorAll(".step")) {
    const own = seat !== null && Number(head.dataset.seat) === seat;
    const open = own || state.mine.length < 2 || "public" in head.dataset;
    const notation = head.querySelector(".notation");
    if (notation) notation.hidden = !open;
    // The events say what was played; a step with none to show says only that it was played.
    const said = [...head.parentElement.querySelectorAll(".event")].some((line) => !line.hidden);
    const who = head.querySelector(".who");
    who.textContent = said ? who.dataset.named : who.dataset.moved;
  }
}

function chooseSeat() {
  const mine = state.mine;
  if (mine.length === 0) return null;
  const acting = mine.filter((s) => state.to_act.includes(s));
  if (acting.length) return acting.includes(shownSeat) ? shownSeat : acting[0];
  return mine.includes(shownSeat) ? shownSeat : mine[0];
}

// A tutorial lesson: the server says where the learner stands (core/lessons.py).
function renderLesson() {
  const panel = $("lesson");
  if (!panel || !state.lesson) return;
  const lesson = state.lesson;
  panel.dataset.status = lesson.status;
  $("lesson-step").textContent = lesson.steps > 1
    ? t("learn.step", { n: Math.min(lesson.step + 1, lesson.steps), total: lesson.steps }) : "";
  $("lesson-missed").hidden = lesson.status !== "missed";
  $("lesson-solved").hidden = lesson.status !== "solved";
  // The moves in the game's words (the server says them), never the engine's notation.
  $("lesson-solution").textContent = lesson.status === "missed"
    ? t("learn.solution", {
      played: lesson.played_said ?? lesson.played,
      moves: (lesson.solutions_said ?? lesson.solutions).join(t("learn.or")),
    }) : "";
  // One main button: "Réessayer" after a miss, "Leçon suivante" once solved.
  $("lesson-retry").classList.toggle("quiet", lesson.status !== "missed");
  $("lesson-next")?.classList.toggle("quiet", lesson.status !== "solved");
  const shown = lesson.status !== "playing";
  if (shown && panel.dataset.shown !== lesson.status) $(lesson.status === "missed" ? "lesson-retry" : "lesson-next")?.focus({ preventScroll: true });
  panel.dataset.shown = shown ? lesson.status : "";
  // A missed lesson waits for no one: the board is set aside until the learner retries.
  $("board").classList.toggle("lesson-set-aside", lesson.status === "missed");
}

function render() {
  const over = state.result !== null;
  renderLesson();
  $("replay-link").hidden = !over;
  $("record-link").hidden = !over;
  renderEnd();
  renderInvite();
  renderStatus();
  renderSeats();
  shownSeat = chooseSeat();
  renderResign(over);
  renderOffers(state, send, seatName);
  renderHint();
  // An online game waiting for its players: nobody may move yet, so no board inviting moves.
  const waiting = state.status === "open";
  $("waiting").hidden = !waiting;
  if (waiting) {
    const free = state.seats.filter((s) => s.free).map((s) => t("seat.number", { n: s.seat + 1 }));
    $("waiting").textContent = t("room.waiting_board", { seats: free.join(", ") });
    maskLog(shownSeat);
    $("curtain").hidden = true;
    $("board").hidden = true;
    $("actions").replaceChildren();
    return;
  }
  // Hotseat with hidden information: a curtain between players so no one sees another's hand.
  const hotseat = state.mine.length > 1 && state.hidden && !over;
  if (hotseat && state.to_act.includes(shownSeat) && unveiled !== shownSeat) {
    maskLog(null);
    $("curtain").hidden = false;
    $("curtain-text").textContent = t("room.pass_device", { name: seatName(shownSeat) });
    $("curtain-button").textContent = t("room.i_am", { name: seatName(shownSeat) });
    $("board").hidden = true;
    $("actions").replaceChildren();
    return;
  }
  $("curtain").hidden = true;
  $("board").hidden = false;
  maskLog(shownSeat);
  const view = shownSeat === null ? state.view : state.views[String(shownSeat)];
  const legal = shownSeat === null ? [] : state.legal[String(shownSeat)] || [];
  // No version sent: the engine judges the action against the game as it is (another
  // seat's simultaneous choice must not make this one stale).
  const act = (text) => {
    if (pending !== null) return;
    pending = version;
    send({ type: "act", game: data.game, seat: shownSeat, action: text });
  };
  screen.render($("board"), {
    view, seat: shownSeat, legal, act, t, state, lang: data.lang, seatName, replay: false,
    pending: pending !== null,
  });
  renderActions(legal, act);
}

function renderStatus() {
  const kind = $("game-kind");
  kind.hidden = !state.clock;
  if (state.clock) {
    const clockName = `${t(`clock.${state.clock.control}`)} ${state.clock.label}`;
    kind.textContent = t(state.ranked ? "room.ranked" : "room.casual", { clock: clockName });
  }
  let text;
  let turn = false;
  if (state.result) {
    text = t("room.over"); // the result itself is said once, in the end panel
  } else if (state.status === "open") {
    text = state.mine.length ? t("room.waiting") : t("room.waiting_guest");
  } else if (state.status === "over") {
    text = t("room.closed"); // over without a result: closed by a moderator
  } else {
    const mine = state.to_act.filter((s) => state.mine.includes(s));
    turn = mine.length > 0;
    text = mine.length
      ? t("room.your_turn", { name: mine.map(seatName).join(", ") })
      : t("room.to_act", { names: state.to_act.map(seatName).join(", ") });
  }
  // A missed lesson: the tutor does not answer (the status must not say it decides).
  if (state.lesson?.status === "missed" && !state.result) text = t("learn.missed_status");
  $("status").textContent = text;
  signals.update(turn, text);
}

function renderSeats() {
  const list = $("seats");
  list.replaceChildren();
  for (const seat of state.seats) {
    const li = document.createElement("li");
    li.dataset.seat = seat.seat;
    const acting = state.status === "live" && state.to_act.includes(seat.seat);
    if (acting) li.classList.add("acting");
    const name = document.createElement("span");
    name.textContent = `${t("seat.number", { n: seat.seat + 1 })} · ${
      seat.free ? t("seat.free") : seatName(seat.seat)
    }`;
    if (seat.rating) name.textContent += ` (${seat.rating.rating}${seat.rating.provisional ? "?" : ""})`;
    const dot = here.mark(seat);
    if (seat.profile) {
      // An account's name leads to its profile.
      const link = document.createElement("a");
      link.href = seat.profile;
      link.className = "profile-link";
      link.append(name);
      li.append(link);
    } else li.append(name);
    if (dot) name.before(dot);
    // One device for several seats: each seat goes by its name, not "you" on every one.
    if (seat.mine && state.mine.length === 1) li.append(badge(t("seat.you")));
    if (acting) li.append(badge(t("room.to_act_mark")));
    if (state.clock) li.append(clock(seat.seat)); // no time control: no clock to show
    if (seat.thinking) li.append(badge(t("seat.thinking")));
    if (seat.free && $("need-name") === null && state.mine.length === 0) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t("room.sit");
      button.dataset.testid = `sit-${seat.seat}`;
      button.addEventListener("click", () => send({ type: "sit", game: data.game, seat: seat.seat, ...deckChoice() }));
      li.append(button);
    }
    if (seat.free && sitAsked !== null && Number(sitAsked) === seat.seat && state.mine.length === 0
        && $("need-name") === null) {
      sitAsked = null; // asked once
      send({ type: "sit", game: data.game, seat: seat.seat, ...deckChoice() });
    }
    list.append(li);
  }
}

// The deck picked to sit with (a game with decks: the page's #sit-deck); a guest's own deck
// is kept in the browser (the deck builder's localStorage) and sent as text.
function deckChoice() {
  const select = $("sit-deck");
  if (select === null || select.value === "") return {};
  if (select.value !== "browser") return { deck: select.value };
  const kept = JSON.parse(localStorage.getItem(`ludo.deck.${data.kind}`) || "{}");
  return { deck: "browser", deck_text: kept.text || "" };
}

// Give up: with two players the other wins; with more, a bot takes the seat. Offered to a
// player holding one seat of a live game (on one device for several seats, nobody to leave).
function renderResign(over) {
  const button = $("resign");
  const mine = state.mine;
  // On one device for several seats, the seat on screen gives up (named on the button).
  const seat = mine.length === 1 ? mine[0] : shownSeat;
  button.hidden = over || state.status !== "live" || seat === null || Boolean(state.lesson);
  const two = state.seats.length === 2;
  const hotseat = mine.length > 1;
  button.textContent = t(two ? "room.resign" : "room.leave")
    + (hotseat && seat !== null ? ` (${seatName(seat)})` : "");
  button.dataset.confirm = hotseat && seat !== null
    ? t(two ? "room.resign_confirm_named" : "room.leave_confirm_named", { name: seatName(seat) })
    : t(two ? "room.resign_confirm" : "room.leave_confirm");
  button.dataset.seat = seat ?? "";
}

// The invitation: the host is asked to share the link (with a copy button); a visitor is
// offered the free seat (a name and one click when they have none yet).
function renderInvite() {
  const open = state.status === "open";
  const host = state.mine.length > 0;
  $("invite").hidden = !open || !host;
  const join = $("join");
  if (join) {
    const free = state.seats.find((s) => s.free);
    join.hidden = !open || !free;
    if (free) $("join-next").value = `${location.pathname}?sit=${free.seat}`;
    $("need-name").hidden = open && Boolean(free);
  }
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
}

function storedSound() {
  try {
    return localStorage.getItem("ludo.sound") === "1";
  } catch {
    return false;
  }
}

function saveSound(on) {
  if (data.sound_url) {
    fetch(data.sound_url, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: data.csrf, on: on ? "1" : "0" }),
    }).catch(() => {});
  } else {
    try {
      localStorage.setItem("ludo.sound", on ? "1" : "0");
    } catch (error) {
      console.warn(error);
    }
  }
}

// The clocks: the server sends each seat's time and which clocks run; the page counts down
// between messages (the server alone decides when a flag falls).
function clock(index) {
  const time = document.createElement("time");
  time.className = "clock";
  time.dataset.testid = `clock-${index}`;
  time.dataset.seat = index;
  time.title = t("room.clock", { name: seatName(index) });
  updateClock(time);
  return time;
}

function secondsLeft(index) {
  const c = state.clock;
  let left = c.remaining[index];
  if (c.running.includes(index)) left -= (performance.now() - clockAt) / 1000;
  return Math.max(0, left);
}

function formatClock(seconds) {
  const whole = Math.floor(seconds);
  if (whole >= 3600) { // correspondence: days, hours and minutes
    const days = Math.floor(whole / 86400);
    const hm = `${Math.floor((whole % 86400) / 3600)}:${String(Math.floor((whole % 3600) / 60)).padStart(2, "0")}`;
    return days ? `${days} ${t("clock.days")} ${hm}` : hm;
  }
  const text = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  return seconds < 10 ? `${text}.${Math.floor((seconds * 10) % 10)}` : text;
}

function updateClock(element) {
  const index = Number(element.dataset.seat);
  const left = secondsLeft(index);
  const running = state.clock.running.includes(index);
  element.textContent = formatClock(left);
  element.classList.toggle("running", running);
  element.classList.toggle("low", left < 20);
  // Not by colour alone: a running clock is marked, a fallen one says so.
  element.dataset.state = left <= 0 ? "out" : running ? "running" : "stopped";
  if (left <= 0) element.textContent += ` (${t("room.out_of_time")})`;
}

setInterval(() => {
  if (!state || !state.clock || !state.clock.running.length) return;
  for (const element of document.querySelectorAll("time.clock[data-seat]")) updateClock(element);
}, 200);

function renderEnd() {
  const r = state.result;
  $("end").hidden = !r;
  if (!r) return;
  const mine = state.mine.filter((s) => r.winners.includes(s));
  const who = r.draw ? t("result.draw") : t("result.winners", { names: r.winners.map(seatName).join(", ") });
  // Two lines: the player's own verdict, then who won.
  $("end-winners").replaceChildren(who);
  if (state.mine.length === 1 && !r.draw) {
    const verdict = document.createElement("strong");
    verdict.dataset.testid = "end-verdict";
    verdict.textContent = mine.length ? t("room.you_won") : t("room.you_lost");
    $("end-winners").prepend(verdict, document.createElement("br"));
  }
  $("end-why").textContent = t("room.why", { text: r.text || r.detail || r.reason });
  const changes = $("end-ratings");
  changes.replaceChildren();
  for (const [index, seat] of ((state.rated && state.rated.seats) || []).entries()) {
    const line = document.createElement("li");
    line.textContent = t("room.rating_change", {
      name: seatName(index), before: seat.before === null ? "1500?" : seat.before, after: seat.after,
    });
    changes.append(line);
  }
}

function badge(text) {
  const span = document.createElement("span");
  span.className = "badge";
  span.textContent = text;
  return span;
}

function renderActions(legal, act) {
  const box = $("actions");
  box.replaceChildren();
  if (!legal.length || screen.ownsActions) return;
  const title = document.createElement("h2");
  title.textContent = t("room.choose", { name: seatName(shownSeat) });
  box.append(title);
  for (const text of legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.action = text;
    button.textContent = text;
    button.addEventListener("click", () => {
      for (const b of box.querySelectorAll("button")) b.disabled = true;
      act(text);
    });
    box.append(button);
  }
}

function showError(text) {
  const p = document.createElement("p");
  p.textContent = text;
  $("errors").replaceChildren(p);
  setTimeout(() => p.remove(), 6000);
  if (state) render(); // re-enable the action buttons
}

$("hint").addEventListener("click", () => {
  if (hintAsked !== null || shownSeat === null) return;
  hintAsked = version;
  $("hint-text").textContent = t("room.hint_thinking");
  $("hint-text").dataset.version = String(version);
  $("hint").disabled = true;
  send({ type: "hint", game: data.game, seat: shownSeat });
});
$("resign").addEventListener("click", () => {
  const button = $("resign");
  if (window.confirm(button.dataset.confirm)) {
    send({ type: "resign", game: data.game, seat: Number(button.dataset.seat) });
  }
});
$("curtain-button").addEventListener("click", () => {
  unveiled = shownSeat;
  render();
});
const form = $("chat-form");
if (form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) send({ type: "chat", game: data.game, text });
    $("chat-text").value = "";
  });
}
for (const message of JSON.parse($("chat-history").textContent)) chat.add(message, false);
$("invite-copy").addEventListener("click", async () => {
  const input = $("invite-url");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select(); // no clipboard (an http page): selected, for the player to copy
    document.execCommand("copy");
  }
  $("invite-copy").textContent = t("room.copied");
});
connect();
