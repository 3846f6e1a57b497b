"""The terminal table for `ludo play mindbug` (Rich). Imported lazily by Game.render.

It shows life, Mindbugs (and Mindfrogs) left, every board with power and keywords as they are
now, exhausted creatures, the hand of the seat that looks, the pending decision and the last
events of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.core.game import Event

from .cards import KEYWORD_EN, catalogue
from .describe import describe_event

_PENDING = {
    "fr": {"act": "jouer une carte ou attaquer", "mindbug": "utiliser un Mindbug ?",
           "mindfrog": "utiliser la Mindfrog ?", "hunt": "CHASSEUR : choisir le bloqueur",
           "block": "bloquer ?", "frenzy": "FURIE : attaquer encore ?",
           "rapid": "RAPIDE : attaquer tout de suite ?", "order": "ordre des effets",
           "pick": "choisir pour un effet", "foe": "choisir l'adversaire visé",
           "keep": "jouer ou garder la carte donnée", "revive": "rejouer depuis la défausse ?"},
    "en": {"act": "play a card or attack", "mindbug": "use a Mindbug?",
           "mindfrog": "use the Mindfrog?", "hunt": "HUNTER: choose the blocker",
           "block": "block?", "frenzy": "FRENZY: attack again?",
           "rapid": "FAST: attack at once?", "order": "order of the effects",
           "pick": "choose for an effect", "foe": "choose the targeted opponent",
           "keep": "play or keep the given card", "revive": "play it from the discard pile?"},
}


def _name(key: str, lang: str) -> str:
    for ns in (False, True):
        cr = catalogue(ns).get(key)
        if cr is not None:
            return cr.name if lang == "fr" else cr.name_en
    return key


def _board(row: list[Mapping[str, Any]], lang: str) -> Table:
    table = Table(show_header=True, header_style="bold", expand=False, box=None)
    for head in (("Créature", "Puiss.", "Mots-clés", "État") if lang == "fr"
                 else ("Creature", "Power", "Keywords", "State")):
        table.add_column(head)
    for c in row:
        words = [k if lang == "fr" else KEYWORD_EN[k] for k in c["keywords"]]
        state = []
        if c["exhausted"]:
            state.append("inclinée" if lang == "fr" else "exhausted")
        if c["cannot_block"]:
            state.append("ne bloque pas" if lang == "fr" else "cannot block")
        if c["cannot_attack"]:
            state.append("n'attaque pas" if lang == "fr" else "cannot attack")
        if "aim" in c:  # Tag Team: the opponent its "the opponent" effect applies to
            state.append(f"vise Joueur {c['aim']}" if lang == "fr"
                         else f"aims at Player {c['aim']}")
        power = str(c["power"])
        if c["power"] != c["base_power"]:
            power += f" ({c['base_power']})"
        name = c["name"] if lang == "fr" else c["name_en"]
        table.add_row(Text(f"{name} #{c['id']}", style="dim" if c["exhausted"] else "bold"),
                      power, " ".join(words), ", ".join(state))
    if not row:
        table.add_row("—", "", "", "")
    return table


def render_view(view: Mapping[str, Any], seat: int | None, lang: str = "fr") -> Any:
    lang = "en" if lang == "en" else "fr"
    fr = lang == "fr"
    players = int(view["players"])
    parts: list[Any] = []
    life = view["life"]
    title = (f"Mindbug — tour {view['turn']}, à Joueur {view['active']}" if fr
             else f"Mindbug — turn {view['turn']}, Player {view['active']} to play")
    if fr:
        lives = (f"Équipe A : {life[0]} PV   ·   Équipe B : {life[1]} PV" if players == 4
                 else f"PV : {life[0]} / {life[1]}")
    else:
        lives = (f"Team A: {life[0]} life   ·   Team B: {life[1]} life" if players == 4
                 else f"Life: {life[0]} / {life[1]}")
    parts.append(Text(f"{title}   ·   {lives}", style="bold"))
    for s in range(players):
        hand = view["hands"][s]
        label = f"{'Joueur' if fr else 'Player'} {s}"
        if players == 4:
            label += f" ({'AB'[s % 2]}{s // 2 + 1})"
        extra = f"Mindbugs {view['mindbugs'][s]}"
        if players == 4:
            extra += f" · Mindfrog {view['mindfrogs'][s]}"
        extra += (f" · {'main' if fr else 'hand'} {hand['count']}"
                  f" · {'pioche' if fr else 'draw'} {view['piles'][s]}"
                  f" · {'défausse' if fr else 'discard'} {len(view['discards'][s])}")
        if players == 2:
            extra = f"{'PV' if fr else 'life'} {life[s]} · " + extra
        body: list[Any] = [_board(view["boards"][s], lang)]
        if hand["cards"]:
            cards = ", ".join(f"{_name(c['key'], lang)} #{c['id']}" for c in hand["cards"])
            body.append(Text(f"Main : {cards}" if fr else f"Hand: {cards}"))
        style = "green" if s == seat else "white"
        parts.append(Panel(Group(*body), title=label, subtitle=extra, border_style=style))
    pending = view.get("pending")
    if pending:
        what = _PENDING[lang].get(str(pending["kind"]), str(pending["kind"]))
        parts.append(Text(f"→ {'Joueur' if fr else 'Player'} {pending['seat']} : {what}",
                          style="bold yellow"))
    result = view.get("result")
    if result:
        parts.append(Text(str(result["detail"]), style="bold red"))
    log = view.get("log") or []
    if log:
        lines = [describe_event(Event.from_json(e), lang) for e in log]
        parts.append(Panel("\n".join(lines), title="Derniers événements" if fr
                           else "Last events", border_style="dim"))
    return Group(*parts)
