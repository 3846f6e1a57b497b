"""The terminal table for `ludo play mimik`: a Rich rendering of one seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

WORDS: dict[str, dict[str, Any]] = {
    "fr": {"seat": "Siège", "score": "Score", "posed": "Cartes posées", "hand": "Main",
           "cards": "cartes", "turn": "Tour", "to_play": "à jouer", "target": "objectif",
           "draw": "pioche", "discard": "défausse", "empty": "vide", "your_hand": "Votre main",
           "robbed": "Main volée", "paused": "en pause", "team": "équipe",
           "phase": {"jouer": "joue", "pickpocket": "choisit une carte volée",
                     "tsunami": "choisit la carte perdue (Tsunami)", "fin": "partie finie"}},
    "en": {"seat": "Seat", "score": "Score", "posed": "Posed cards", "hand": "Hand",
           "cards": "cards", "turn": "Turn", "to_play": "to play", "target": "target",
           "draw": "draw pile", "discard": "discard", "empty": "empty", "your_hand": "Your hand",
           "robbed": "Robbed hand", "paused": "paused", "team": "team",
           "phase": {"jouer": "plays", "pickpocket": "picks a stolen card",
                     "tsunami": "picks the card to lose (Tsunami)", "fin": "game over"}},
}


def _posed_text(cards: list[list[Any]]) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append("  ")
        text.append(f"{i}:", style="dim")
        name, value = str(card[0]), card[1]
        if len(card) > 2:  # a MIMIK copy (MK-26)
            label = f"MIMIK={value}" if value is not None else f"MIMIK({card[2]})"
            text.append(label, style="bold magenta")
        elif name == "MIMIK" or str(value) != name:
            text.append(f"{name}→{value}", style="yellow")  # a changed value (MK-6)
        else:
            text.append(name, style="bold")
    return text


def _names(cards: Any, empty: str) -> str:
    return ", ".join(str(c) for c in cards) or empty


def render(view: Mapping[str, Any], seat: int | None, lang: str = "fr") -> Any:
    words = WORDS["en" if lang == "en" else "fr"]
    acting = view.get("to_act") or []
    header = Text()
    header.append(f"MIMIK · {words['turn']} {view['turn']} · {words['target']} "
                  f"{view['target']}", style="bold")
    header.append(f" · {words['draw']} {view['draw_pile']} · {words['discard']} "
                  f"{view['discard_top'] or words['empty']} ({view['discard_pile']})")
    if acting:
        header.append(f" · {words['seat']} {acting[0]} {words['phase'][view['phase']]}",
                      style="green")
    table = Table(show_header=True, header_style="bold")
    table.add_column(words["seat"])
    table.add_column(words["score"], justify="right")
    table.add_column(words["posed"])
    table.add_column(words["hand"], justify="right")
    for s in range(int(view["players"])):
        label = Text(str(s))
        if s == view["active"]:
            label.append(" ▶", style="green")
        if view["team"]:
            label.append(f" ({words['team']} {view['teams'][s]})", style="dim")
        if view["paused"][s]:
            label.append(f" {words['paused']}", style="red")
        score = Text(str(view["scores"][s]))
        if view["scores"][s] == view["target"]:
            score.stylize("bold green")
        table.add_row(label, score, _posed_text(view["posed"][s]),
                      f"{view['hand_sizes'][s]} {words['cards']}")
    parts: list[Any] = [header, table]
    if seat is not None and "hand" in view:
        parts.append(Text(f"{words['your_hand']} ({words['seat']} {seat}): "
                          + _names(view["hand"], words["empty"]), style="bold cyan"))
    if "robbed_hand" in view:
        parts.append(Text(f"{words['robbed']} ({words['seat']} {view['victim']}): "
                          + _names(view["robbed_hand"], words["empty"]), style="yellow"))
    if "result" in view:
        parts.append(Text(str(view["result"]["detail"]), style="bold green"))
    return Group(*parts)
