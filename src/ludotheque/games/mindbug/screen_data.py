"""The card data the browser screen draws from (web/cards.json), made from the set files.

The screen shows every creature's name, power, keywords and text in the page's language; a
hand's cards arrive in the view as keys only, so the screen reads the rest from this file.
Regenerate it after changing a set file:  python -m ludotheque.games.mindbug.screen_data
(tests/games/mindbug/test_screen.py fails while it is stale).
"""

from __future__ import annotations

import json
from pathlib import Path

from ludotheque.core.game import JSON

from .cards import KEYWORD_BITS, KEYWORD_EN, catalogue

CARDS_FILE = Path(__file__).parent / "web" / "cards.json"


def screen_cards() -> dict[str, JSON]:
    """Every creature of both sets by key, and the keywords' words in French and English."""
    creatures: dict[str, JSON] = {}
    for cr in catalogue(new_servants=True).creatures:
        creatures[cr.key] = {
            "name": cr.name, "name_en": cr.name_en, "power": cr.power,
            "keywords": [k for k, bit in KEYWORD_BITS.items() if cr.keywords & bit],
            "text_fr": cr.text_fr, "text_en": cr.text_en, "set": cr.set,
        }
    keywords: dict[str, JSON] = {k: {"fr": k, "en": KEYWORD_EN[k]} for k in KEYWORD_BITS}
    return {"keywords": keywords, "creatures": creatures}


def cards_json() -> str:
    return json.dumps(screen_cards(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    CARDS_FILE.write_text(cards_json(), encoding="utf-8")
    print(f"wrote {CARDS_FILE}")
