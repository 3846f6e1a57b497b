// The page's translation catalogue (the server puts it in <script id="i18n">).
const catalogue = JSON.parse(document.getElementById("i18n").textContent);

export function t(key, params = {}) {
  const text = catalogue[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
