// One overlay for every page (issue #20): the rule behind an event (the "?" beside it), and
// what else a page shows large over itself. A <dialog>: Escape, the close
// button or a click outside closes it; focus comes back where it was.
import { t } from "./i18n.js";

let dialog = null;

function ensure() {
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.className = "overlay";
  dialog.dataset.testid = "overlay";
  const head = document.createElement("header");
  const title = document.createElement("h2");
  title.className = "overlay-title";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "overlay-close";
  close.dataset.testid = "overlay-close";
  close.textContent = "×";
  close.setAttribute("aria-label", t("overlay.close"));
  close.addEventListener("click", () => dialog.close());
  head.append(title, close);
  const body = document.createElement("div");
  body.className = "overlay-body";
  dialog.append(head, body);
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}

// `content`: a node (a card drawn large) or trusted HTML from the server (a rules passage).
export function showOverlay(title, content, kind = "") {
  const box = ensure();
  box.dataset.kind = kind;
  box.querySelector(".overlay-title").textContent = title;
  const body = box.querySelector(".overlay-body");
  if (typeof content === "string") body.innerHTML = content;
  else body.replaceChildren(content);
  if (!box.open) box.showModal();
}

// The "?" beside an event that applied a rule: opens that rule's passage (the id shown there).
export function ruleButton(ruling, help) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rule-help";
  button.dataset.testid = "rule-help";
  button.dataset.ruling = ruling;
  button.textContent = "?";
  button.title = t("rule.help");
  button.setAttribute("aria-label", t("rule.help"));
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    showOverlay(t("rule.title", { id: ruling }), help, "rule");
  });
  return button;
}

// -- a card shown large (issue #20, point 5) ------------------------------------------------
// Any card a player can see can be read large, with its full text in HTML. Three gestures,
// none of which is a click on the card itself (that plays or picks it on the screens):
// the small magnifier button in the card's corner (a click, or Tab then Enter), a long press
// (~450 ms, a finger or the mouse; the click that ends it is swallowed) and a right click.
const LONG_PRESS_MS = 450;
const SVG_NS = "http://www.w3.org/2000/svg";

function magnifier() {
  const icon = document.createElementNS(SVG_NS, "svg");
  icon.setAttribute("viewBox", "0 0 16 16");
  icon.setAttribute("aria-hidden", "true");
  const glass = document.createElementNS(SVG_NS, "circle");
  for (const [k, v] of Object.entries({ cx: 6.5, cy: 6.5, r: 4.5, fill: "none", stroke: "currentColor", "stroke-width": 2 })) {
    glass.setAttribute(k, String(v));
  }
  const handle = document.createElementNS(SVG_NS, "path");
  handle.setAttribute("d", "M10 10 L14.5 14.5");
  handle.setAttribute("stroke", "currentColor");
  handle.setAttribute("stroke-width", "2.4");
  handle.setAttribute("stroke-linecap", "round");
  icon.append(glass, handle);
  return icon;
}

// `card()` says what to show, when asked: { title, face, lines, scope }: `face` a node drawn
// large (cloned: the screen keeps its own), `lines` the card's full text (each line a
// paragraph; a line [label, text] a labelled one), `scope` the screen's root class, so that
// the screen's own styles draw the clone as they draw the card.
export function showCard(card) {
  const { title, face, lines = [], scope = "" } = card;
  const body = document.createElement("div");
  body.className = "card-zoom";
  body.dataset.testid = "card-zoom";
  if (face) {
    const figure = document.createElement("div");
    figure.className = `card-zoom-face ${scope}`;
    const copy = face.cloneNode(true);
    // The copy's ids would repeat the card's own: the copy keeps the card's references.
    for (const node of copy.querySelectorAll("[id]")) node.removeAttribute("id");
    copy.removeAttribute?.("id");
    figure.append(copy);
    body.append(figure);
  }
  const text = document.createElement("div");
  text.className = "card-zoom-text";
  text.dataset.testid = "card-zoom-text";
  for (const line of lines) {
    if (line === null || line === undefined || line === "") continue;
    const p = document.createElement("p");
    if (Array.isArray(line)) {
      const label = document.createElement("strong");
      label.textContent = `${line[0]} `;
      p.append(label, String(line[1]));
    } else p.textContent = String(line);
    text.append(p);
  }
  body.append(text);
  showOverlay(title, body, "card");
}

// The click that ends a long press (on the card: a move; on the backdrop now under the finger:
// closing what just opened) is no click: the next one within a moment is stopped.
function swallowClick() {
  const until = performance.now() + 1500;
  const eat = (event) => {
    window.removeEventListener("click", eat, true);
    if (performance.now() < until) {
      event.stopPropagation();
      event.preventDefault();
    }
  };
  window.addEventListener("click", eat, true);
}

// Makes the card `box` (an element of a screen) readable large: adds the magnifier button
// (inside the box, or after it when the box is itself a <button>) and the two gestures.
export function zoomable(box, card) {
  const name = () => card().title;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card-zoom-button";
  button.dataset.testid = "card-zoom-button";
  button.append(magnifier());
  const label = () => t("zoom.card", { name: name() });
  button.setAttribute("aria-label", label());
  button.title = label();
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    event.preventDefault();
    showCard(card());
  });
  // Enter or Space on the button is for the button, never for the card under it.
  button.addEventListener("keydown", (event) => event.stopPropagation());
  button.addEventListener("pointerdown", (event) => event.stopPropagation());
  box.classList.add("zoomable");
  if (box.tagName === "BUTTON") box.after(button);
  else box.append(button);

  let timer = null;
  let start = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  box.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY };
    cancel();
    timer = setTimeout(() => {
      timer = null;
      swallowClick();
      showCard(card());
    }, LONG_PRESS_MS);
  });
  box.addEventListener("pointermove", (event) => {
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(type, cancel);
  // A right click, and the menu a long touch would open: the card large instead.
  box.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    cancel();
    if (!(dialog && dialog.open)) showCard(card());
  });
  return box;
}
