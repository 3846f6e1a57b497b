// The page's translation catalogue (the server puts it in <script id="i18n">), plus the words
// of a game's own screen (its web/fr.json or web/en.json), added with extend().
const catalogue = JSON.parse(document.getElementById("i18n").textContent);
const french = document.documentElement.lang !== "en";

export function extend(words) {
  Object.assign(catalogue, words || {});
}

// Singular or plural as the server's is_one: 0 and 1 in French, 1 in English.
function isOne(n) {
  return french ? Math.abs(n) < 2 : Math.abs(n) === 1;
}

// "de"/"à" before a name in French, as core.french_de / french_a write them: "d'Alice",
// "de Bob", "de Yann", "du tuteur" (for "Le tuteur"), "au tuteur".
const ELIDED = /^[AEIOUÂÀÉÈÊËÎÏÔŒÙÛHaeiouâàéèêëîïôœùûh]/;
const ARTICLES = { de: [["Le ", "du "], ["Les ", "des "]], "à": [["Le ", "au "], ["Les ", "aux "]] };

function before(word, name) {
  for (const [article, joined] of ARTICLES[word]) {
    if (name.startsWith(article)) return joined + name.slice(article.length);
  }
  if (word === "de" && (ELIDED.test(name) || (/^[Yy]/.test(name) && !ELIDED.test(name.slice(1))))) {
    return `d'${name}`;
  }
  return `${word} ${name}`;
}

// A key with `_one` / `_other` forms takes the one that agrees with the number `n`.
export function t(key, params = {}) {
  let text = catalogue[key];
  if (text === undefined && "n" in params) text = catalogue[`${key}_${isOne(Number(params.n)) ? "one" : "other"}`];
  text = text ?? key;
  if (french) {
    text = text.replace(/(?<!\p{L})(de|à) \{(\w+)\}/gu, (whole, word, name) =>
      (name in params && typeof params[name] === "string" ? before(word, params[name]) : whole));
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
