"""The card faces the browser screen draws (web/cards.json): every field of every card of the
set, with its effect in French and English. The view names cards; the screen reads their
faces here. Regenerate with `python -m ludotheque.games.diamagique.faces` after a data change
(tests/games/diamagique/test_screen_data.py fails while the file is stale)."""

from __future__ import annotations

import json
from pathlib import Path

from ludotheque.core import JSON

from .cards import CATEGORIES, COULEURS, CardSet, Effet, slug
from .catalog import CARDS
from .texts import effet_text

FILE = Path(__file__).resolve().parent / "web" / "cards.json"


def _effet(effet: Effet | None) -> dict[str, JSON] | None:
    if effet is None:
        return None
    # DG-14: the category's rank (1-8) is printed on the face: it says when the effect acts.
    return {"categorie": effet.categorie, "rang": CATEGORIES.index(effet.categorie) + 1,
            "fr": effet_text(effet, "fr"), "en": effet_text(effet, "en")}


def card_faces(cards: CardSet = CARDS) -> dict[str, JSON]:
    """Every card by name: the fields the rules use (DG-2 ... DG-5)."""
    sorts: dict[str, JSON] = {
        s.name: {"slug": slug(s.name), "couleurs": list(s.couleurs), "puissance": s.puissance,
                 "cache": s.cache, "effet": _effet(s.effet)} for s in cards.sorts}
    chateaux: dict[str, JSON] = {
        c.name: {"slug": slug(c.name), "couleurs": list(c.couleurs), "effet": _effet(c.effet)}
        for c in cards.chateaux}
    magiciens: dict[str, JSON] = {
        m.name: {"couleurs": list(m.couleurs), "effet": _effet(m.effet)}
        for m in cards.magiciens}
    equipes: dict[str, JSON] = {e.name: list(e.magiciens) for e in cards.equipes}
    decks: dict[str, JSON] = {d.name: cards.equipes[d.equipe].name for d in cards.decks}
    return {"couleurs": list(COULEURS), "categories": list(CATEGORIES), "sorts": sorts,
            "chateaux": chateaux, "magiciens": magiciens, "equipes": equipes, "decks": decks}


def dumps() -> str:
    return json.dumps(card_faces(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    FILE.write_text(dumps(), encoding="utf-8")
