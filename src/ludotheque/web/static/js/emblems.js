// Emblems (issue #20, point 5): a screen's folder may hold a sprite, emblems.svg, with one
// <symbol> per family or team of its cards, drawn in currentColor. The symbol's id is the
// name's slug, made here and nowhere else.

const SVG = "http://www.w3.org/2000/svg";

// "Royaume d'Hadès" -> "royaume-d-hades": accents dropped, ascii lower case, every other run
// of characters one hyphen.
export function emblemSlug(name) {
  return String(name).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

// The emblem of `name` in the sprite at `sprite` (a URL), as an SVG <use>: put it in an <svg>
// of the caller's; x, y, width and height in that svg's units.
export function emblemUse(sprite, name, box = {}) {
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${sprite}#${emblemSlug(name)}`);
  use.setAttribute("class", "emblem");
  for (const [k, v] of Object.entries(box)) use.setAttribute(k, String(v));
  return use;
}

// The emblem alone, an inline <svg> one text line high (chips, headings); decorative, since the
// name is always written beside it.
export function emblemIcon(sprite, name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("class", "emblem-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", "1.15em");
  svg.setAttribute("height", "1.15em");
  svg.setAttribute("style", "flex: none; vertical-align: -0.2em");
  svg.append(emblemUse(sprite, name));
  return svg;
}
