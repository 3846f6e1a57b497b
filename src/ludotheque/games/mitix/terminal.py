"""The MiTiX table for the terminal (`ludo play mitix`): both Olympes, the revealed cards with
every field, the Vivants and Enfers, and one line explaining the last round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import CardSet

WORDS = {
    "fr": {"seat": "Joueur", "olympe": "Olympe", "vivants": "Vivants", "enfers": "Enfers",
           "areopage": "Aréopage", "cards": "cartes", "round": "Manche", "dieu": "Dieu",
           "amis": "Amis", "ennemis": "Ennemis", "famille": "Famille", "none": "aucune",
           "olympe_win": "l'Olympe décide", "bios": "le Bios décide", "egalite": "égalité",
           "wins": "gagne", "vs": "contre", "resources": "ressources", "pile": "pioche",
           "to_place": "à placer", "chosen": "a choisi", "waiting": "réfléchit",
           "engaged": "engagées", "you": "vous"},
    "en": {"seat": "Player", "olympe": "Olympus", "vivants": "Living", "enfers": "Underworld",
           "areopage": "Areopagus", "cards": "cards", "round": "Round", "dieu": "God",
           "amis": "Friends", "ennemis": "Foes", "famille": "Family", "none": "none",
           "olympe_win": "Olympus decides", "bios": "the Bios decides", "egalite": "tie",
           "wins": "wins", "vs": "vs", "resources": "resources", "pile": "pile",
           "to_place": "to place", "chosen": "has chosen", "waiting": "is thinking",
           "engaged": "engaged", "you": "you"},
}


def card_face(cards: CardSet, name: str, lang: str = "fr") -> Panel:
    """An illustration-free card face showing every field (MX-2)."""
    w = WORDS.get(lang, WORDS["fr"])
    entry = cards.card(name)
    body = Text()
    body.append(f"Bios {entry.bios}", style="bold green")
    body.append(f"   {entry.genre} {entry.attaque}\n", style="bold red")
    body.append(f"{entry.nature}" + (f" · {w['dieu']}" if entry.dieu else "") + "\n",
                style="italic")
    body.append(f"☀ {w['amis']}: {', '.join(entry.amis) or '—'}\n", style="yellow")
    body.append(f"☁ {w['ennemis']}: {', '.join(entry.ennemis) or '—'}\n", style="blue")
    body.append(f"{w['famille']}: {entry.famille}", style="magenta")
    return Panel(body, title=f"[bold]{name}[/]", width=38,
                 border_style="gold1" if entry.dieu else "white")


def _line(items: Sequence[Any]) -> str:
    return ", ".join(str(i) for i in items) if items else "—"


def round_line(step: Mapping[str, Any], lang: str = "fr") -> str:
    """One line explaining one comparison of the last round."""
    w = WORDS.get(lang, WORDS["fr"])
    a, b = step["cards"]
    a = _line(a) if isinstance(a, list) else a
    b = _line(b) if isinstance(b, list) else b
    f0, f1 = step["final"]
    how = step.get("by", "")
    if how == "olympe":
        m0, m1 = step["marks"]
        winner = 1 if m0 > m1 else 2
        return f"{a} {w['vs']} {b}: {w['olympe_win']} ({m0:+d}/{m1:+d}), {w['seat']} {winner} " \
               f"{w['wins']}"
    if how == "bios":
        winner = 1 if f0 > f1 else 2
        return f"{a} {w['vs']} {b}: {w['bios']} ({f0} / {f1}), {w['seat']} {winner} {w['wins']}"
    return f"{a} {w['vs']} {b}: {w['egalite']} ({f0} / {f1})"


def render_view(cards: CardSet, view: Mapping[str, Any], seat: int | None,
                lang: str = "fr") -> Group:
    w = WORDS.get(lang, WORDS["fr"])
    famix = view.get("mode") == "famix"
    table = Table(title=f"MiTiX — {w['round']} {int(view['rounds']) + 1}", expand=False)
    table.add_column("")
    for s in (0, 1):
        label = f"{w['seat']} {s + 1}" + (f" ({w['you']})" if seat == s else "")
        table.add_column(label)
    olympe = view["olympe"]
    if famix:
        res = view["resources"]
        cells = []
        for s in (0, 1):
            held = [f"{g} [{', '.join(res[s][i]) or '—'}]" for i, g in enumerate(olympe[s])]
            cells.append("\n".join(held) or "—")
        table.add_row(w["olympe"], *cells)
        table.add_row(w["areopage"], *(_line(a) for a in view["areopage"]))
        if any(view["engaged"]):
            table.add_row(w["engaged"], *(_line(e) for e in view["engaged"]))
        if any(view["to_place"]):
            table.add_row(w["to_place"], *(_line(t) for t in view["to_place"]))
        table.add_row("", *((w["chosen"] if c else w["waiting"]) for c in view["chosen"]))
    else:
        table.add_row(w["olympe"], *(_line(o) for o in olympe))
        table.add_row(w["areopage"], *(f"{n} {w['cards']}" for n in view["areopage_size"]))
    table.add_row(w["vivants"], *(f"{len(v)} (Bios {b})" for v, b in
                                  zip(view["vivants"], view["vivants_bios"], strict=True)))
    table.add_row(w["enfers"], *(str(len(e)) for e in view["enfers"]))
    parts: list[Any] = [table]
    if famix:
        parts.append(Text(f"{w['pile']}: {view['pile_size']} {w['resources']}"))
    last = view.get("last") or []
    if last:
        shown: list[str] = []
        for step in last:
            for side in step["cards"]:
                for name in side if isinstance(side, list) else [side]:
                    if name not in shown:
                        shown.append(name)
        parts.append(Columns([card_face(cards, n, lang) for n in shown[:6]]))
        for step in last:
            parts.append(Text(round_line(step, lang)))
    if not famix and olympe[0]:
        parts.append(Columns([card_face(cards, n, lang) for n in olympe[0] + olympe[1]]))
    return Group(*parts)
