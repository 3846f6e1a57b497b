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
