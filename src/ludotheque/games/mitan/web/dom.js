// Mitan's screen's small DOM helpers: an SVG or HTML element with its attributes, appended to
// `parent` when one is given, and an SVG element's title (its words for a pointer or a reader).
const NS = "http://www.w3.org/2000/svg";

export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

export function html(name, attrs = {}, parent = null) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, String(value));
  }
  if (parent) parent.append(node);
  return node;
}

export function titled(node, text) {
  svg("title", {}, node).textContent = text;
  return node;
}
