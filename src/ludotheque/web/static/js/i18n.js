// The page's translation catalogue (the server puts it in <script id="i18n">), plus the words
// of a game's own screen (its web/fr.json or web/en.json), added with extend().
const catalogue = JSON.parse(document.getElementById("i18n").textContent);

export function extend(words) {
  Object.assign(catalogue, words || {});
}

export function t(key, params = {}) {
  const text = catalogue[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
