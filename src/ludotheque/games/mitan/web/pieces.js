// The 13 pieces' shapes (issue 9: a piece is told by its shape and its letter, never by colour
// alone). Each shape fits a circle of radius about 24 around (0, 0), in SVG units.

// The market's kinds in the rulings' order (MT-4), the Chef apart (MT-13).
export const PIECE_LETTERS = ["F", "L", "M", "S", "G", "K", "A", "B", "P", "E", "X", "Y"];

// White's letters are capitals, Black's small ones, as in the notation's positions.
export const sideOf = (letter) => (letter === letter.toUpperCase() ? 0 : 1);

// The letter written on a piece: the notation's code, the same in every language (MT-4).
export const letterOf = (kind) => kind;

function polygon(points) {
  return `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" L")} Z`;
}

function regular(n, r, turn = 0) {
  const points = [];
  for (let i = 0; i < n; i += 1) {
    const a = turn + (2 * Math.PI * i) / n;
    points.push([r * Math.sin(a), -r * Math.cos(a)]);
  }
  return polygon(points);
}

function star(n, outer, inner) {
  const points = [];
  for (let i = 0; i < 2 * n; i += 1) {
    const a = (Math.PI * i) / n;
    const r = i % 2 ? inner : outer;
    points.push([r * Math.sin(a), -r * Math.cos(a)]);
  }
  return polygon(points);
}

// `up`: whether the piece faces the top of the screen (towards the enemy camp, MT-3); the
// Archer and the Bélier point the way they face.
export function shapePath(kind, up = true) {
  const f = up ? 1 : -1;
  switch (kind) {
    case "C": // a crown over a round base: the Chef
      return "M-22,20 L-22,-4 L-13,5 L-7,-14 L0,2 L7,-14 L13,5 L22,-4 L22,20 Z";
    case "F": // a small round pawn
      return "M0,-18 A18,18 0 1 1 0,18 A18,18 0 1 1 0,-18 Z";
    case "L": // a square
      return "M-19,-19 H19 V19 H-19 Z";
    case "M": // a diamond (it moves diagonally)
      return regular(4, 25);
    case "S": // a hexagon
      return regular(6, 23, Math.PI / 6);
    case "G": // a cross (it jumps orthogonally)
      return "M-8,-24 H8 V-8 H24 V8 H8 V24 H-8 V8 H-24 V-8 H-8 Z";
    case "K": // an octagon
      return regular(8, 23, Math.PI / 8);
    case "A": // a triangle pointing ahead
      return polygon([[0, -26 * f], [24, 17 * f], [-24, 17 * f]]);
    case "B": // a ram's head: a house shape pointing ahead
      return polygon([[0, -24 * f], [21, -8 * f], [21, 20 * f], [-21, 20 * f], [-21, -8 * f]]);
    case "P": // a shield
      return "M0,-23 L20,-15 L18,4 Q13,17 0,24 Q-13,17 -18,4 L-20,-15 Z";
    case "E": // a six-pointed star
      return star(6, 25, 15.5);
    case "X": // a wide capsule (it swaps)
      return "M-12,-15 H12 A15,15 0 0 1 12,15 H-12 A15,15 0 0 1 -12,-15 Z";
    case "Y": // an eye (the spy)
      return "M-25,0 Q0,-27 25,0 Q0,27 -25,0 Z";
    default:
      return regular(5, 22);
  }
}
