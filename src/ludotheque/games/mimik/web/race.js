// The race to MIMIK's exact target: a track with every side's token (MK-7: beyond the target is
// overshoot), and each player's gauge.
import { svg } from "./dom.js";

// Seats have a colour and always their number too (colour never carries meaning alone).
export const SEAT_COLOURS = ["#2f6db3", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#7f5a3a", "#c2417e", "#138d90"];
export const TEAM_LETTERS = ["A", "B", "C", "D"];

// -- the race to the target -----------------------------------------------------------------
function sides(view) {
  // One entry per side: a seat, or a team of two in Team mode (MK-5: one shared score).
  const out = [];
  view.teams.forEach((team, seat) => {
    const side = out.find((o) => o.team === team);
    if (side) side.seats.push(seat);
    else out.push({ team, seats: [seat], score: view.scores[seat] });
  });
  return out;
}

function sideLabel(t, view, side, seatName) {
  return view.team
    ? t("mimik.team", { letter: TEAM_LETTERS[side.team], names: side.seats.map(seatName).join(" + ") })
    : seatName(side.seats[0]);
}

export function race(t, view, seatName, narrow) {
  // Drawn for the width it gets: a phone's narrow board gets a shorter track, bigger marks.
  const target = view.target;
  const width = narrow ? 330 : 520;
  const left = 20;
  const right = width - 38;
  const x = (score) => left + (Math.min(score, target + 6) / target) * (right - left);
  const all = sides(view);
  // Tokens that would overlap go one row down: every side stays readable at 8 players.
  const placed = [];
  const rows = all.map((side) => {
    let row = 0;
    while (placed.some((p) => p.row === row && Math.abs(p.x - x(side.score)) < 26)) row += 1;
    placed.push({ row, x: x(side.score) });
    return row;
  });
  const height = 60 + Math.max(0, ...rows) * 26;
  const summary = all.map((s) => t("mimik.race.entry", { name: sideLabel(t, view, s, seatName), score: s.score, left: target - s.score })).join(" ; ");
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "mk-race", role: "img", "aria-label": t("mimik.race.label", { target }) + " " + summary, "data-testid": "race" },
    svg("title", { text: summary }));
  root.append(svg("rect", { x: left, y: 30, width: right - left, height: 8, rx: 4, fill: "#e6dfcf" }));
  for (let v = 0; v <= target; v += 5) {
    const major = v % 10 === 0;
    root.append(svg("line", { x1: x(v), x2: x(v), y1: major ? 24 : 28, y2: 44, stroke: "#8a8070", "stroke-width": major ? 1.5 : 1 }));
    if (major && v < target) root.append(svg("text", { x: x(v), y: 18, "font-size": 13, "text-anchor": "middle", fill: "#6b6357", text: String(v) }));
  }
  // The exact target, a flag: beyond it is overshoot (MK-7).
  root.append(svg("rect", { x: x(target), y: 26, width: right - x(target) + 30, height: 16, fill: "url(#mk-hatch)", opacity: 0.7 }),
    svg("defs", {}, svg("pattern", { id: "mk-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 3, height: 6, fill: "#c0392b" }))),
    svg("path", { d: `M${x(target)} 44 V6 L${x(target) + 16} 11 L${x(target)} 16`, fill: "#f4d35e", stroke: "#1d1b16", "stroke-width": 1.5 }),
    svg("text", { x: x(target) - 4, y: 14, "font-size": 13, "font-weight": 800, "text-anchor": "end", fill: "#1d1b16", text: String(target) }));
  all.forEach((side, i) => {
    const cx = x(side.score);
    const cy = 34 + rows[i] * 26;
    const seat = side.seats[0];
    const label = view.team ? TEAM_LETTERS[side.team] : String(seat + 1);
    const acting = side.seats.includes(view.active);
    root.append(svg("g", { class: acting ? "mk-token mk-acting" : "mk-token" },
      svg("title", { text: t("mimik.race.entry", { name: sideLabel(t, view, side, seatName), score: side.score, left: target - side.score }) }),
      svg("circle", { cx, cy, r: 12, fill: SEAT_COLOURS[seat % 8], stroke: acting ? "#1d1b16" : "#fff", "stroke-width": acting ? 3 : 2 }),
      svg("text", { x: cx, y: cy + 4.5, "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: "#fff", text: label })));
  });
  return root;
}

export function gauge(t, view, seat) {
  const score = view.scores[seat];
  const target = view.target;
  const fill = Math.min(score, target) / target;
  const over = score > target;
  return svg("svg", { viewBox: "0 0 200 14", class: "mk-gauge", "aria-hidden": "true", preserveAspectRatio: "none" },
    svg("rect", { x: 0, y: 2, width: 200, height: 10, rx: 5, fill: "#ece5d4" }),
    svg("rect", { x: 0, y: 2, width: Math.max(0, 200 * fill), height: 10, rx: 5, fill: over ? "#c0392b" : score === target ? "#e0a800" : SEAT_COLOURS[seat % 8] }),
    ...[0.2, 0.4, 0.6, 0.8].map((f) => svg("line", { x1: 200 * f, x2: 200 * f, y1: 2, y2: 12, stroke: "#fff", "stroke-width": 1 })));
}
