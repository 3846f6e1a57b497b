// A DOM helper the game screens share: an HTML element with its attributes and its children.
// `class` and `text` set the class name and the text, `on<event>` adds a listener, `true` makes
// an empty attribute; an attribute that is null, undefined or false is left out, and so is a
// child that is null or undefined.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// The words of `text` in lines of at most `width` letters (a longer word gets a line of its
// own), and at most `maxLines` of them, the last one cut with "…": the card faces' SVG
// text, which does not wrap by itself.
export function wrap(text, width, maxLines = Infinity) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (!word) continue;
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = lines[maxLines - 1].replace(/.$/, "…");
  }
  return lines;
}
