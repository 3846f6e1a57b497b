// The replay viewer (issue #20): every step as a spectator saw it came with the page; the
// viewer shows one at a time (the game's own screen, read-only, or the generic lists), with
// a clickable move list, arrow keys, start/end, autoplay and a link to each step (#n=12).
import { extend, t } from "./i18n.js";
import generic from "./generic.js";
import { ruleButton } from "./overlay.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
extend(data.screen_text);
const frames = data.frames;
const last = frames.length - 1;
const $ = (id) => document.getElementById(id) ?? document.querySelector(`[data-testid="${id}"]`);
let screen = generic;
if (data.screen) {
  try {
    screen = (await import(data.screen)).default;
  } catch (error) {
    console.error(error);
  }
}
// Named as the room names them (the server's seat_label: a bot by its level's name).
const seatName = (i) => data.seats[i]?.name || t("seat.number", { n: i + 1 });
let current = data.step;
let timer = null;

function show(n, remember = true) {
  current = Math.max(0, Math.min(last, n));
  const frame = frames[current];
  $("step-label").textContent = t("replay.step", { n: current, total: last });
  $("mover").hidden = frame.mover === null;
  $("mover").textContent = frame.mover === null ? "" : t("replay.mover", { name: seatName(frame.mover) });
  const events = frame.events.map((e) => {
    const li = document.createElement("li");
    li.textContent = e.text;
    if (e.ruling && data.rule_help?.[e.ruling]) li.append(" ", ruleButton(e.ruling, data.rule_help[e.ruling]));
    return li;
  });
  $("events").replaceChildren(...events);
  $("notation-line").hidden = !frame.action;
  $("notation").textContent = frame.action ?? "";
  const state = { seats: data.seats, steps: [], mine: [], to_act: [], result: null, view: frame.view };
  screen.render($("board"), {
    view: frame.view, seat: null, legal: [], act: () => {}, t, state, lang: data.lang, seatName,
    replay: true,
  });
  for (const [go, target] of [["first", 0], ["prev", current - 1], ["next", current + 1], ["last", last]]) {
    const link = document.querySelector(`[data-go="${go}"]`);
    link.href = `#n=${Math.max(0, Math.min(last, target))}`;
    if (go === "prev") link.hidden = current === 0;
    if (go === "next") link.hidden = current >= last;
  }
  for (const a of $("moves").querySelectorAll("a[data-n]")) {
    if (Number(a.dataset.n) === current) {
      a.setAttribute("aria-current", "step");
      // Into view inside the list only: the page itself stays where the reader left it.
      const list = $("moves");
      const top = a.offsetTop; // the list is positioned: offsets are inside it
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + a.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + a.offsetHeight - list.clientHeight;
      }
    } else {
      a.removeAttribute("aria-current");
    }
  }
  // A link to this very step, to share.
  if (remember) history.replaceState(null, "", `${location.pathname}#n=${current}`);
  if (current >= last) stop();
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("autoplay").textContent = t("replay.play");
  $("autoplay").setAttribute("aria-pressed", "false");
}

function play() {
  if (current >= last) show(0);
  timer = setInterval(() => show(current + 1), 1200);
  $("autoplay").textContent = t("replay.pause");
  $("autoplay").setAttribute("aria-pressed", "true");
}

function fromHash() {
  const match = /^#n=(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

// The stepper's links and the move list step here, without a page load.
document.querySelector(".stepper").addEventListener("click", (event) => {
  const link = event.target.closest("a[data-go]");
  if (!link) return;
  event.preventDefault();
  stop();
  const go = link.dataset.go;
  show(go === "first" ? 0 : go === "last" ? last : go === "prev" ? current - 1 : current + 1);
});
$("moves").addEventListener("click", (event) => {
  const link = event.target.closest("a[data-n]");
  if (!link) return;
  event.preventDefault();
  stop();
  show(Number(link.dataset.n));
});
$("autoplay").hidden = false;
$("keys-hint").hidden = false;
$("autoplay").addEventListener("click", () => (timer === null ? play() : stop()));
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, textarea, select, dialog")) return;
  const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  stop();
  show(to);
});
window.addEventListener("hashchange", () => {
  const n = fromHash();
  if (n !== null && n !== current) show(n, false);
});
const asked = fromHash();
show(asked ?? current, asked !== null);
$("viewer").dataset.ready = ""; // the viewer answers keys and clicks from now on
