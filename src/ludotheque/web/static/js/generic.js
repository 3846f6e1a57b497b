// The generic game screen: any game's view drawn as nested lists. A game's own screen
// (games/<game>/web/screen.js, issue 9) exports the same interface:
//   export default { ownsActions: false, render(element, context) }
// with context = { view, seat, legal, act(text), t, state } (see docs/site.md).

function show(value) {
  if (value === null || value === undefined) {
    const span = document.createElement("span");
    span.textContent = "–";
    return span;
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    // A row of plain values (a board's cells, scores): small boxes that wrap.
    const row = document.createElement("span");
    row.className = "cells";
    for (const item of value) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.textContent = item === null || item === "" ? "·" : String(item);
      row.append(cell);
    }
    return row;
  }
  if (Array.isArray(value)) {
    const list = document.createElement("ol");
    list.className = "view";
    for (const item of value) {
      const li = document.createElement("li");
      li.append(show(item));
      list.append(li);
    }
    return list;
  }
  if (typeof value === "object") {
    const dl = document.createElement("dl");
    dl.className = "view";
    for (const [key, item] of Object.entries(value)) {
      const dt = document.createElement("dt");
      dt.textContent = key;
      const dd = document.createElement("dd");
      dd.append(show(item));
      dl.append(dt, dd);
    }
    return dl;
  }
  const span = document.createElement("span");
  span.textContent = String(value);
  return span;
}

export default {
  ownsActions: false,
  render(element, context) {
    element.replaceChildren(show(context.view));
  },
};
