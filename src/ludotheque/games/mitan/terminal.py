"""The terminal table of Mitan (`ludo play mitan`): the board with its Mitans, the pieces in
their colours, the last move, and the legal targets of a selected piece.

The view may carry "selected": a square name (set by the CLI when a player picks a piece);
its legal targets are then marked from the view's own "legal" list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludotheque.core.game import JSON

FILES = "abcdefghi"
_LABELS: dict[str, dict[str, Any]] = {
    "fr": {"phase": {"draft": "draft", "placement": "placement", "battle": "bataille",
                     "over": "partie finie"},
           "sides": ("Blancs", "Noirs"), "to_act": "À jouer", "market": "Marché",
           "reserve": "Réserve", "hidden": "cachée", "last": "Dernier coup",
           "streak": "série", "points": "points de centre", "ply": "demi-coups",
           "targets": "Cibles de"},
    "en": {"phase": {"draft": "draft", "placement": "placement", "battle": "battle",
                     "over": "game over"},
           "sides": ("White", "Black"), "to_act": "To act", "market": "Market",
           "reserve": "Reserve", "hidden": "hidden", "last": "Last move",
           "streak": "streak", "points": "centre points", "ply": "half-moves",
           "targets": "Targets of"},
}


def _counts(counts: object) -> str:
    if not isinstance(counts, Mapping):
        return "?"
    return " ".join(f"{k}×{n}" for k, n in counts.items()) or "-"


def render(view: Mapping[str, JSON], seat: int | None, lang: str = "fr") -> Group:
    words: dict[str, Any] = _LABELS["en" if lang == "en" else "fr"]
    sides = words["sides"]
    board = list(view.get("board") or [""] * 81)
    mitans = set(view.get("mitans") or [])
    last = view.get("last")
    last_squares: set[str] = set()
    if isinstance(last, str) and last != "pass" and len(last) >= 5:
        last_squares = {last[1:3], last[-2:]}
    selected = view.get("selected")
    targets: set[str] = set()
    if isinstance(selected, str):
        # A square selects a piece on the board; a letter selects a piece to place.
        for text in view.get("legal") or []:
            if not isinstance(text, str) or len(text) < 4:
                continue
            if text[1:3] == selected or ("@" in text and text[0] == selected):
                targets.add(text[-2:])
    table = Table(show_header=True, show_lines=False, box=None, pad_edge=False)
    table.add_column(" ")
    for file in FILES:
        table.add_column(file, justify="center")
    for r in range(8, -1, -1):
        cells = [Text(str(r + 1), style="dim")]
        for f in range(9):
            name = f"{FILES[f]}{r + 1}"
            letter = str(board[r * 9 + f] or "")
            style = ""
            if name in mitans:
                style += " on dark_goldenrod"
            elif name in last_squares:
                style += " on grey30"
            if name in targets:
                style += " underline"
            if letter:
                colour = "bold white" if letter.isupper() else "bold red"
                cells.append(Text(f" {letter.upper()} ", style=colour + style))
            else:
                mark = "◆" if name in mitans else ("•" if name in targets else "·")
                cells.append(Text(f" {mark} ", style="dim" + style))
        table.add_row(*cells)
    phase = str(view.get("phase", ""))
    lines = [Text(f"Mitan — {words['phase'].get(phase, phase)}", style="bold")]
    to_act = view.get("to_act") or []
    if isinstance(to_act, list) and to_act:
        lines.append(Text(f"{words['to_act']}: " + ", ".join(sides[s] for s in to_act)))
    if phase == "draft":
        lines.append(Text(f"{words['market']}: {_counts(view.get('market'))}"))
    reserves = view.get("reserve") or []
    if phase in ("draft", "placement") and isinstance(reserves, list):
        for s, r in enumerate(reserves):
            shown = words["hidden"] if r is None else _counts(r)
            lines.append(Text(f"{words['reserve']} {sides[s]}: {shown}"))
    streak = view.get("streak") or [0, 0]
    points = view.get("points") or [0, 0]
    if phase in ("battle", "over") and isinstance(streak, list) and isinstance(points, list):
        for s in (0, 1):
            lines.append(Text(f"{sides[s]}: {words['streak']} {streak[s]}, "
                              f"{words['points']} {points[s]}"))
        lines.append(Text(f"{words['ply']}: {view.get('ply', 0)}"))
    if last:
        lines.append(Text(f"{words['last']}: {last}"))
    if targets:
        lines.append(Text(f"{words['targets']} {selected}: {' '.join(sorted(targets))}"))
    result = view.get("result")
    if isinstance(result, Mapping):
        lines.append(Text(str(result.get("detail", "")), style="bold"))
    return Group(table, *lines)
