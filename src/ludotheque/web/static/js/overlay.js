// One overlay for every page (issue #20): a card shown large with its full text (the five
// screens' zoom), the rule behind an event (the "?" beside it). A <dialog>: Escape, the close
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

// A card of any screen shown large with its full text: the screens mark their cards with
// data-zoom (the card's title) and either data-zoom-text (its text) or a large drawing made
// by `draw(card)`; a click, Enter or a long press (touch) opens it.
export function zoomable(root, draw) {
  let pressed = null;
  const open = (card) => {
    const big = draw ? draw(card) : card.cloneNode(true);
    const frame = document.createElement("div");
    frame.className = "zoomed";
    frame.dataset.testid = "zoomed-card";
    frame.append(big);
    if (card.dataset.zoomText) {
      const text = document.createElement("p");
      text.className = "zoomed-text";
      text.textContent = card.dataset.zoomText;
      frame.append(text);
    }
    showOverlay(card.dataset.zoom || "", frame, "card");
  };
  root.addEventListener("contextmenu", (event) => {
    const card = event.target.closest?.("[data-zoom]");
    if (card && root.contains(card)) {
      event.preventDefault();
      open(card);
    }
  });
  root.addEventListener("touchstart", (event) => {
    const card = event.target.closest?.("[data-zoom]");
    if (!card) return;
    pressed = setTimeout(() => { pressed = null; open(card); }, 450);
  }, { passive: true });
  for (const type of ["touchend", "touchmove", "touchcancel"]) {
    root.addEventListener(type, () => { if (pressed) clearTimeout(pressed); pressed = null; });
  }
  root.addEventListener("click", (event) => {
    const lens = event.target.closest?.(".zoom-lens");
    if (lens && root.contains(lens)) {
      event.stopPropagation();
      event.preventDefault();
      open(lens.closest("[data-zoom]"));
    }
  }, true);
  return open;
}
