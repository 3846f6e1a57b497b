"""The terminal table for `ludo play diamagique` (Rich). Imported lazily by Game.render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .catalog import CARDS
from .texts import CATEGORY_NAMES, colour, effet_text

_STYLE = {"Jaune": "yellow", "Rouge": "red", "Vert": "green", "Bleu": "blue"}
_WIZARDS = {m.name: m for m in CARDS.magiciens}
_SORTS = {s.name: s for s in CARDS.sorts}
_CASTLES = {c.name: c for c in CARDS.chateaux}


def _gem(name: str | None, lang: str) -> Text:
    if name is None:
        return Text("◆?", style="dim")
    return Text(f"◆{colour(name, lang)[0]}", style=_STYLE.get(name, ""))


def _sort(name: str, lang: str) -> Text:
    sort = _SORTS.get(name)
    if sort is None:
        return Text(name)
    text = Text(name, style=_STYLE.get(sort.couleurs[0], ""))
    text.append(f" [{sort.puissance}]")
    if sort.cache:
        text.append(" C" if lang != "en" else " H", style="italic")
    return text


def render(view: Mapping[str, Any], seat: int | None, lang: str = "fr") -> Group:
    fr = lang != "en"
    parts: list[Any] = []
    castle = view.get("chateau")
    gems = Text(" ").join([_gem(c, lang) for c in view.get("en_jeu", [])]) or Text("—")
    head = Text(f"{'Tour' if fr else 'Turn'} {view['turn']} · "
                f"{'actif' if fr else 'active'}: {'J' if fr else 'P'}{int(view['active']) + 1}"
                f" · pot: {view['pot']} · "
                f"{'en jeu' if fr else 'in play'}: ")
    head.append_text(gems)
    if castle:
        c = _CASTLES[castle]
        body = Text(castle, style=f"bold {_STYLE.get(c.couleurs[0], '')}")
        body.append("\n" + effet_text(c.effet, lang))
        parts.append(Panel(body, title="Château" if fr else "Castle", expand=False))
    parts.append(head)
    table = Table(show_header=True, expand=False)
    table.add_column("")
    for s, team in enumerate(view["teams"]):
        title = f"{'J' if fr else 'P'}{s + 1} · {team['equipe']} ({team['diamagiques']} ◆)"
        table.add_column(title)
    for p in range(3):
        cells: list[Any] = [Text(f"M{p + 1}")]
        for team in view["teams"]:
            name = team["magiciens"][p]
            cell = Text(name, style="bold")
            held = team["held"][p]
            if held:
                cell.append(" ")
                cell.append_text(Text(" ").join([_gem(g, lang) for g in held]))
            wizard = _WIZARDS.get(name)
            if wizard is not None:
                cell.append("\n" + effet_text(wizard.effet, lang), style="dim")
            cast = team["cast"][p]
            if cast is not None:
                cell.append("\n→ ")
                if cast["sort"] is None:
                    cell.append("Sort Caché" if fr else "Hidden Spell", style="italic")
                else:
                    cell.append_text(_sort(cast["sort"], lang))
            cells.append(cell)
        table.add_row(*cells)
    sizes = [Text("")]
    for team in view["teams"]:
        sizes.append(Text(f"{'main' if fr else 'hand'} {team['hand_size']} · "
                          f"{'pioche' if fr else 'deck'} {team['deck_size']} · "
                          f"{'défausse' if fr else 'discard'} {len(team['discard'])}"))
    table.add_row(*sizes)
    parts.append(table)
    won = view.get("won") or []
    if won:
        line = Text("Diamagiques gagnés, à poser : " if fr else "Diamagiques won, to place: ")
        line.append_text(Text(" ").join([_gem(g, lang) for g in won]))
        parts.append(line)
    if view.get("castle_deck"):
        parts.append(Text(("Châteaux : " if fr else "Castles: ") + ", ".join(view["castle_deck"])))
    if view.get("hand") is not None:
        hand = Text("Main : " if fr else "Hand: ")
        hand.append_text(Text(", ").join([_sort(n, lang) for n in view["hand"]]) or Text("—"))
        parts.append(hand)
    last = view.get("last")
    if last:
        parts.append(_computation(last, lang))
    result = view.get("result")
    if result:
        a, b = result["scores"]
        parts.append(Text(f"{'Fin' if fr else 'End'}: {result['reason']} · {a:g} – {b:g}",
                          style="bold"))
    return Group(*parts)


def _computation(last: Mapping[str, Any], lang: str) -> Panel:
    """How each total was computed, step by step (DG-14)."""
    fr = lang != "en"
    table = Table(show_header=True, expand=False, box=None)
    for col in ("Sort" if fr else "Spell", "Calcul" if fr else "Computation", "Final"):
        table.add_column(col)
    lg = "fr" if fr else "en"
    for cast in last["casts"]:
        seat, position = int(cast["seat"]), int(cast["position"])
        who = f"{'J' if fr else 'P'}{seat + 1} M{position}"
        chain = Text(str(cast["base"]))
        for step in last["steps"]:
            if int(step["seat"]) != seat or int(step["position"]) != position:
                continue
            cat = CATEGORY_NAMES[lg].get(step["category"], step["category"])
            chain.append(f" → {step['after']}", style="bold")
            chain.append(f" ({step['source']}, {cat})", style="dim")
        table.add_row(f"{who} {cast['sort']}", chain, str(cast["final"]))
    a, b = last["totals"]
    winner = int(last["winner"])
    if winner < 0:
        verdict = "égalité" if fr else "tie"
    else:
        verdict = f"{'J' if fr else 'P'}{winner + 1} {'gagne' if fr else 'wins'}"
    title = (f"{'Défi du tour' if fr else 'Challenge of turn'} {last['turn']}: "
             f"{a} – {b}, {verdict}")
    return Panel(table, title=title, expand=False)
