"""The screens' words (issue #20, point 10): the site says "vous" in French (the lessons keep
their "tu", inside the lessons' own texts), and English screens translate the game terms
(decks, Gods, Friends ...), keeping the cards' proper names."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from .test_seat_names import SHIPPED

TU = re.compile(r"\b(tu|toi|ton|ta|tes|te)\b|\bt'|\b(choisis|touche une|touche l'|joue une)\b",
                re.I)
# French game terms an English reader met on MiTiX's screen.
FRENCH_TERMS = re.compile(r"\b(paquets?|Dieux|Dieu|Amis|Ennemis|Offrandes?|Nourritures?|"
                          r"Vivants|Enfers|Olympe|Bataille)\b")


def words(game_id: str, lang: str) -> dict[str, str]:
    web = resources.files(f"ludotheque.games.{game_id}") / "web"
    data: dict[str, str] = json.loads((web / f"{lang}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_french_screens_say_vous(game_id: str) -> None:
    for key, text in words(game_id, "fr").items():
        assert not TU.search(text), f"{game_id} {key}: {text}"


def test_the_english_mitix_screen_translates_its_game_terms() -> None:
    for key, text in words("mitix", "en").items():
        if key == "option.position.help":  # the notation's own keywords (olympe:, vivants:)
            continue
        assert not FRENCH_TERMS.search(text), f"mitix {key}: {text}"
