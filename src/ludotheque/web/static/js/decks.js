// The deck builder: the collection with its filters, the deck's text, and the engine's check
// of it (the server says what is legal: this page never decides a rule). An account's decks
// are saved on the server; a guest keeps one deck per game in this browser (localStorage).
import { t } from "./i18n.js";

const data = JSON.parse(document.getElementById("deck-data").textContent);
const root = document.getElementById("deck-builder");
const $ = (id) => document.getElementById(id);
const text = $("deck-text");
const nameInput = $("deck-name");
const list = $("deck-list");
const STORE = `ludo.deck.${data.kind}`;
const LINE = /^\s*(?:(\d{1,3})\s*[xX×]?\s+)?(.+?)\s*$/;
const HEADS = { sorts: "Sorts:", chateaux: "Châteaux:" };
const byName = new Map(data.collection.map((c) => [c.name, c]));
let current = null; // the saved deck being edited: { id, name } (null: a new one)

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
const fold = (s) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const values = (v) => (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined);

// -- the collection and its filters -------------------------------------------------------
const filters = new Map();
for (const facet of data.facets) {
  if (facet.numeric) {
    const low = el("input", { type: "number", placeholder: "min", size: 5 });
    const high = el("input", { type: "number", placeholder: "max", size: 5 });
    low.dataset.testid = `filter-${facet.key}-min`;
    high.dataset.testid = `filter-${facet.key}-max`;
    filters.set(facet.key, { facet, low, high });
    $("filters").append(el("label", {}, `${facet.label} `, low, " – ", high));
  } else {
    const seen = [...new Set(data.collection.flatMap((c) => values(c[facet.key]).map(String)))];
    const select = el("select", {}, el("option", { value: "", textContent: t("decks.all") }),
      ...seen.map((v) => el("option", { value: v, textContent: v })));
    select.dataset.testid = `filter-${facet.key}`;
    filters.set(facet.key, { facet, select });
    $("filters").append(el("label", {}, `${facet.label} `, select));
  }
}

function matches(card) {
  const query = fold($("search").value.trim());
  if (query && !fold(`${card.name} ${card.text}`).includes(query)) return false;
  for (const [key, f] of filters) {
    if (f.select && f.select.value && !values(card[key]).map(String).includes(f.select.value)) return false;
    if (f.low) {
      const v = card[key];
      if (f.low.value !== "" && !(typeof v === "number" && v >= Number(f.low.value))) return false;
      if (f.high.value !== "" && !(typeof v === "number" && v <= Number(f.high.value))) return false;
    }
  }
  return true;
}

function zoom(card) {
  const box = $("zoom");
  box.replaceChildren(el("h3", { textContent: card.name }),
    ...data.facets.map((f) => el("p", { textContent: `${f.label} : ${values(card[f.key]).join(", ") || "—"}` })),
    el("p", { textContent: card.text }));
  box.hidden = false;
}

function showCollection() {
  const shown = data.collection.filter(matches);
  $("shown").textContent = t("decks.shown", { n: shown.length, total: data.collection.length });
  $("cards").replaceChildren(...shown.map((card) => {
    const button = el("button", { type: "button", textContent: card.name, title: t("decks.add") });
    button.dataset.testid = `card-${card.name}`;
    button.addEventListener("click", () => change(card, 1));
    for (const ev of ["mouseenter", "focus"]) button.addEventListener(ev, () => zoom(card));
    const facts = data.facets.map((f) => values(card[f.key]).join("/")).filter((v) => v && v !== "—");
    return el("li", {}, button, el("small", { textContent: ` ${facts.join(" · ")}` }));
  }));
}
$("search").addEventListener("input", showCollection);
$("filters").addEventListener("input", showCollection);

// -- the deck's text ----------------------------------------------------------------------
// A card added or taken out: its line's count changes (a line is added in its section).
function change(card, delta) {
  const lines = text.value === "" ? [] : text.value.split("\n");
  if (card.section === "equipe") {
    const at = lines.findIndex((l) => /^\s*(équipe|equipe|team)\s*:/i.test(l));
    if (at >= 0) lines[at] = `Équipe: ${card.name}`;
    else lines.unshift(`Équipe: ${card.name}`);
  } else {
    let start = 0;
    let end = lines.length;
    const head = HEADS[card.section];
    if (head) {
      let h = lines.findIndex((l) => fold(l.trim()) === fold(head));
      if (h < 0) {
        while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
        lines.push(head);
        h = lines.length - 1;
      }
      start = h + 1;
      end = lines.findIndex((l, j) => j > h && /^[^#]*:\s*$/.test(l));
      if (end < 0) end = lines.length;
    }
    let found = -1;
    for (let j = start; j < end; j += 1) {
      const m = LINE.exec(lines[j]);
      if (m && m[2] === card.name) { found = j; break; }
    }
    if (found >= 0) {
      const m = LINE.exec(lines[found]);
      const n = (m[1] ? Number(m[1]) : 1) + delta;
      if (n <= 0) lines.splice(found, 1);
      else lines[found] = `${n} ${card.name}`;
    } else if (delta > 0) {
      let at = end;
      while (at > start && lines[at - 1].trim() === "") at -= 1;
      lines.splice(at, 0, `1 ${card.name}`);
    }
  }
  text.value = lines.join("\n");
  check();
}

// -- the engine's check -------------------------------------------------------------------
async function post(path, fields) {
  const body = new URLSearchParams({ csrf: root.dataset.csrf, ...fields });
  const response = await fetch(path, { method: "POST", body });
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  return { ok: response.ok, answer };
}

let timer = null;
let asked = 0;
function check() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const mine = ++asked;
    const { ok, answer } = await post(`/decks/${data.kind}/check`, { text: text.value });
    if (mine !== asked) return; // a newer text was sent meanwhile
    if (!ok) {
      $("verdict").textContent = answer.error;
      $("verdict").dataset.legal = "false";
      return;
    }
    show(answer);
  }, 200);
}
text.addEventListener("input", check);

function show(answer) {
  $("verdict").textContent = answer.legal ? t("decks.legal") : t("decks.illegal");
  $("verdict").dataset.legal = String(answer.legal);
  $("formats").replaceChildren(...data.formats.filter(() => data.formats.length > 1).map((f) =>
    el("li", { textContent: `${f.title} : ${answer.formats.includes(f.key) ? t("decks.legal") : t("decks.illegal")}` })));
  $("problems").replaceChildren(...answer.problems.map((p) => {
    const li = el("li", { textContent: p.text });
    li.dataset.rule = p.rule || "";
    return li;
  }));
  $("counts").textContent = Object.entries(answer.counts).map(([k, n]) => `${k} : ${n}`).join(" · ");
  const most = Math.max(1, ...Object.values(answer.curve));
  $("curve").replaceChildren(...Object.entries(answer.curve).map(([k, n]) => {
    const bar = el("span", { className: "bar", title: `${k} : ${n}` });
    bar.style.height = `${(100 * n) / most}%`;
    return el("div", { className: "column" }, bar, el("small", { textContent: `${k} (${n})` }));
  }));
  $("copies").replaceChildren(...Object.entries(answer.copies).map(([name, n]) => {
    const card = byName.get(name);
    const less = el("button", { type: "button", textContent: "−", title: t("decks.remove") });
    less.dataset.testid = `less-${name}`;
    less.addEventListener("click", () => card && change(card, -1));
    const more = el("button", { type: "button", textContent: "+", title: t("decks.add") });
    more.addEventListener("click", () => card && change(card, 1));
    return el("li", {}, `${n} × ${name} `, less, more);
  }));
}

// -- saved decks --------------------------------------------------------------------------
function kept() {
  return JSON.parse(localStorage.getItem(STORE) || "null");
}

function fillList(selected = "") {
  const options = [el("option", { value: "", textContent: t("decks.new_deck") })];
  for (const r of data.ready) options.push(el("option", { value: `ready:${r.name}`, textContent: `${t("decks.ready_made")} · ${r.name}` }));
  for (const d of data.decks) options.push(el("option", { value: `deck:${d.id}`, textContent: d.name }));
  if (!data.account && kept()) options.push(el("option", { value: "browser", textContent: t("decks.browser_deck") }));
  list.replaceChildren(...options);
  list.value = selected;
}

function open(value) {
  current = null;
  if (value.startsWith("ready:")) {
    const r = data.ready.find((x) => `ready:${x.name}` === value);
    nameInput.value = r.name;
    text.value = r.text;
  } else if (value.startsWith("deck:")) {
    const d = data.decks.find((x) => `deck:${x.id}` === value);
    current = { id: d.id, name: d.name };
    nameInput.value = d.name;
    text.value = d.text;
  } else if (value === "browser") {
    const k = kept();
    nameInput.value = k.name;
    text.value = k.text;
  } else {
    nameInput.value = "";
    text.value = "";
  }
  check();
}
list.addEventListener("change", () => open(list.value));

function said(message) {
  $("saved").textContent = message;
}

$("save").addEventListener("click", async () => {
  const name = nameInput.value.trim() || t("decks.untitled");
  if (!data.account) {
    localStorage.setItem(STORE, JSON.stringify({ name, text: text.value }));
    fillList("browser");
    said(t("decks.saved_browser"));
    return;
  }
  const { ok, answer } = await post(`/decks/${data.kind}/save`, { id: current ? current.id : "", name, text: text.value });
  if (!ok) return said(answer.error);
  const known = data.decks.find((d) => d.id === answer.id);
  if (known) Object.assign(known, answer);
  else data.decks.push(answer);
  current = { id: answer.id, name: answer.name };
  fillList(`deck:${answer.id}`);
  said(t("decks.saved", { name: answer.name }));
});

$("rename").addEventListener("click", async () => {
  if (!current) return said(t("decks.save_first"));
  const { ok, answer } = await post(`/decks/${data.kind}/${current.id}/rename`, { name: nameInput.value });
  if (!ok) return said(answer.error);
  Object.assign(data.decks.find((d) => d.id === answer.id), answer);
  fillList(`deck:${answer.id}`);
  said(t("decks.saved", { name: answer.name }));
});

$("copy").addEventListener("click", async () => {
  if (!current) return said(t("decks.save_first"));
  const { ok, answer } = await post(`/decks/${data.kind}/${current.id}/copy`, { name: `${current.name} (2)`.slice(0, 60) });
  if (!ok) return said(answer.error);
  data.decks.push(answer);
  fillList(`deck:${answer.id}`);
  open(`deck:${answer.id}`);
  said(t("decks.saved", { name: answer.name }));
});

$("delete").addEventListener("click", async () => {
  if (!data.account) {
    localStorage.removeItem(STORE);
  } else if (current) {
    const { ok, answer } = await post(`/decks/${data.kind}/${current.id}/delete`, {});
    if (!ok) return said(answer.error);
    data.decks = data.decks.filter((d) => d.id !== current.id);
  }
  fillList("");
  open("");
  said(t("decks.deleted"));
});

// Export: the text as a file; import: a file's text (the same format, docs/decks.md).
$("export").addEventListener("click", () => {
  const link = el("a", { href: URL.createObjectURL(new Blob([text.value], { type: "text/plain" })),
    download: `${data.kind}-${(nameInput.value || "deck").replace(/[^\p{L}\p{N}]+/gu, "-")}.txt` });
  document.body.append(link);
  link.click();
  link.remove();
});
$("import").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  if (file.size > data.limit * 4) return said(t("decks.too_long"));
  current = null;
  list.value = "";
  text.value = await file.text();
  nameInput.value = file.name.replace(/\.txt$/i, "").slice(0, 60);
  check();
});

fillList("");
showCollection();
check();
