// The legal texts of MIMIK as paths of picks (a hand card, then a target...), and in words: the
// screen offers a pick only when some legal text starts with the picks made so far.
import { VALUES, KEYS, cardName } from "./cards.js";

const NAMES = [...Object.keys(KEYS), ...VALUES].sort((a, b) => b.length - a.length);

// -- the legal texts as paths of picks -----------------------------------------------------
// Picks: "hand:<card>", "robbed:<card>", "posed:<seat>.<index>", "seat:<seat>", "top" (the
// discard pile's top card), "btn:pose", "btn:discard", "btn:play", "btn:keep".
function splitCards(text) {
  for (const name of NAMES) {
    if (text.startsWith(`${name} `)) return [name, text.slice(name.length + 1)];
  }
  return [text, ""];
}

function copySources(value, view) {
  const out = [];
  view.posed.forEach((cards, seat) => cards.forEach((card, i) => {
    if (card[1] === value) out.push([`posed:${seat}.${i}`]);
  }));
  if (view.discard_top === String(value)) out.push(["top"]);
  return out;
}

function actionPaths(text, view, me) {
  let m;
  if (text === "Pause" || text === "Tsunami") return { card: text, rests: [["btn:play"]] };
  if ((m = text.match(/^Swap Score (\d+)$/))) {
    // MK-22 in Team mode: any member of the other team names that team.
    const team = view.teams[Number(m[1])];
    const seats = view.teams.map((t, s) => (t === team ? s : -1)).filter((s) => s >= 0);
    return { card: "Swap Score", rests: seats.map((s) => [`seat:${s}`]) };
  }
  if ((m = text.match(/^Discard x2 (.+)$/))) {
    const [a, b] = splitCards(m[1]);
    const rests = [[`hand:${a}`, `hand:${b}`]];
    if (a !== b) rests.push([`hand:${b}`, `hand:${a}`]);
    return { card: "Discard x2", rests };
  }
  if ((m = text.match(/^(Sabotage|Reverse|Half) (\d+\.\d+)$/))) return { card: m[1], rests: [[`posed:${m[2]}`]] };
  if ((m = text.match(/^Swap (\d+) (\d+\.\d+)$/))) {
    return { card: "Swap", rests: [[`posed:${me}.${m[1]}`, `posed:${m[2]}`]] };
  }
  if ((m = text.match(/^Pickpocket (\d+)$/))) return { card: "Pickpocket", rests: [[`seat:${m[1]}`]] };
  return null;
}

function playPaths(text, view, me) {
  let m;
  if ((m = text.match(/^pose (.+)$/))) return { card: m[1], rests: [["btn:pose"]] };
  if ((m = text.match(/^MIMIK = (\d+)$/))) return { card: "MIMIK", rests: copySources(Number(m[1]), view) };
  if (text.startsWith("MIMIK ")) {
    const inner = actionPaths(text.slice(6), view, me);
    if (inner) return { card: "MIMIK", rests: inner.rests.map((r) => ["top", ...r]) };
  }
  return actionPaths(text, view, me);
}

export function paths(text, view, me) {
  let m;
  if ((m = text.match(/^discard (.+)$/))) return [[`hand:${m[1]}`, "btn:discard"]];
  if ((m = text.match(/^drop (\d+)$/))) return [[`posed:${me}.${m[1]}`]];
  if ((m = text.match(/^keep (.+)$/))) {
    const [card, rest] = splitCards(m[1]);
    return [[`robbed:${card}`, "btn:keep", `hand:${rest.replace(/^discard /, "")}`]];
  }
  if ((m = text.match(/^take (.+)$/))) {
    const play = playPaths(m[1], view, me);
    return play ? play.rests.map((r) => [`robbed:${play.card}`, ...r]) : [];
  }
  const play = playPaths(text, view, me);
  return play ? play.rests.map((r) => [`hand:${play.card}`, ...r]) : [];
}

export function sameStart(path, picks) {
  return picks.every((p, i) => path[i] === p);
}

export function posedWords(t, view, seat, index, seatName) {
  const card = view.posed[seat]?.[index];
  if (!card) return "?";
  const [face, value, copied] = card;
  let what;
  if (copied !== undefined) {
    what = value === null
      ? t("mimik.posed.mimik_action", { card: cardName(t, copied) })
      : t("mimik.posed.mimik_value", { value });
  } else if (face === "MIMIK") {
    what = t("mimik.posed.mimik_five");
  } else if (Number(face) !== value) {
    what = t("mimik.posed.changed", { card: face, value });
  } else {
    what = face;
  }
  return t("mimik.posed.of", { card: what, name: seatName(seat) });
}

// An action text in words, for the list of every legal action and for screen readers.
export function actionWords(t, text, view, me, seatName) {
  let m;
  const target = (ref) => {
    const [s, i] = ref.split(".").map(Number);
    return posedWords(t, view, s, i, seatName);
  };
  if ((m = text.match(/^discard (.+)$/))) return t("mimik.act.discard", { card: cardName(t, m[1]) });
  if ((m = text.match(/^drop (\d+)$/))) return t("mimik.act.drop", { target: target(`${me}.${m[1]}`) });
  if ((m = text.match(/^keep (.+)$/))) {
    const [card, rest] = splitCards(m[1]);
    return t("mimik.act.keep", { card: cardName(t, card), other: cardName(t, rest.replace(/^discard /, "")) });
  }
  if ((m = text.match(/^take (.+)$/))) return t("mimik.act.take", { play: actionWords(t, m[1], view, me, seatName) });
  if ((m = text.match(/^pose (.+)$/))) {
    return m[1] === "MIMIK" ? t("mimik.act.pose_mimik") : t("mimik.act.pose", { card: m[1] });
  }
  if ((m = text.match(/^MIMIK = (\d+)$/))) return t("mimik.act.copy", { value: m[1] });
  if (text.startsWith("MIMIK ")) {
    return t("mimik.act.copy_action", { play: actionWords(t, text.slice(6), view, me, seatName) });
  }
  if (text === "Pause" || text === "Tsunami") return cardName(t, text);
  if ((m = text.match(/^Swap Score (\d+)$/))) {
    return t("mimik.act.on_player", { card: cardName(t, "Swap Score"), name: seatName(Number(m[1])) });
  }
  if ((m = text.match(/^Pickpocket (\d+)$/))) {
    return t("mimik.act.on_player", { card: cardName(t, "Pickpocket"), name: seatName(Number(m[1])) });
  }
  if ((m = text.match(/^Discard x2 (.+)$/))) {
    const [a, b] = splitCards(m[1]);
    return t("mimik.act.discard2", { a: cardName(t, a), b: cardName(t, b) });
  }
  if ((m = text.match(/^(Sabotage|Reverse|Half) (\d+\.\d+)$/))) {
    return t("mimik.act.on_card", { card: cardName(t, m[1]), target: target(m[2]) });
  }
  if ((m = text.match(/^Swap (\d+) (\d+\.\d+)$/))) {
    return t("mimik.act.swap", { mine: target(`${me}.${m[1]}`), target: target(m[2]) });
  }
  return text;
}
