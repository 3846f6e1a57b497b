"""The rule behind an event (issue #20, point 6): each ruling an event of a shipped game
carries is found in that game's rules summary, and its passage says it in the reader's
language, the id shown there."""

from __future__ import annotations

import pytest

from ludotheque import games
from ludotheque.server.rule_help import passages, rule_help

from ..games.test_seat_names import SHIPPED, random_game

# Rulings an event carries that the summary does not explain on its own: the effect language
# (a card's effect is already its text) and the tag team's Mindfrog.
UNEXPLAINED = {"MB-24", "MB-30"}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_ruling_an_event_applies_opens_its_passage(game_id: str) -> None:
    game = games.get(game_id)
    applied: set[str] = set()
    for index, config in enumerate(game.configs()):
        events, result = random_game(game, config, seed=index)
        applied |= {e.ruling for e in events if e.ruling}
        if result.ruling:
            applied.add(result.ruling)
    for lang in ("fr", "en"):
        helps = rule_help(game, lang)
        missing = applied - set(helps) - UNEXPLAINED
        assert not missing, f"{game_id} {lang}: no passage for {sorted(missing)}"
        for ruling in applied & set(helps):
            assert ruling in helps[ruling]  # the id shows there
            assert "<script" not in helps[ruling]


def test_a_passage_is_the_items_that_cite_the_ruling_under_their_title() -> None:
    summary = ("# Jeu\n\n## Le tour (XX-1)\n\nUne action par tour.\n\n## Combat\n\n"
               "1. **Attaque** (XX-2) : on compare.\n   Suite de l'étape.\n"
               "2. Égalité (XX-3).\n\n| a | b |\n|---|---|\n| x | y (XX-2) |\n| z | w |\n")
    found = passages(summary)
    assert found["XX-1"] == "**Le tour (XX-1)**\n\nUne action par tour."
    assert found["XX-2"] == ("**Combat**\n\n- **Attaque** (XX-2) : on compare.\n"
                             "   Suite de l'étape.\n\n| a | b |\n|---|---|\n| x | y (XX-2) |")
    assert found["XX-3"] == "**Combat**\n\n- Égalité (XX-3)."
