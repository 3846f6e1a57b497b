"""Every shipped game's texts name the players when the site gives their names: a seeded
random game of every setup, each event (private ones too) and the result said in French and
English with names, and without them as before ("Joueur 2")."""

from __future__ import annotations

import re

import pytest

from ludotheque import games
from ludotheque.core import Config, Event, Game, Result
from ludotheque.core.rng import Rng

# Listed here: other tests register toy games of their own.
SHIPPED = ("mitix", "mindbug", "diamagique", "mitan", "mimik")
# Names that start with a vowel, an h and an accent, so that French elision is exercised.
NAMES = ("Alice", "Bob", "Élodie", "Hugo", "Ines", "Marc", "Yann", "Zoé")
NUMBERED = re.compile(r"\b(Joueurs?|Players?) \d")
# "de Alice", "à Le tuteur": French needs "d'Alice", "au tuteur".
BAD_FRENCH = re.compile(r"\b(de|que) (Alice|Élodie|Hugo|Ines)\b|\b(de|à) L(e|es) ")


def random_game(game: Game, config: Config, seed: int) -> tuple[list[Event], Result]:
    state = game.new(seed, config.players, config.options)
    rng = Rng(seed)
    events: list[Event] = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result is not None
    return events, result


@pytest.mark.parametrize("game_id", SHIPPED)
def test_texts_name_the_players_when_names_are_given(game_id: str) -> None:
    game = games.get(game_id)
    for index, config in enumerate(game.configs()):
        names = NAMES[:config.players]
        events, result = random_game(game, config, seed=index)
        for lang in ("fr", "en"):
            named = [game.describe(e, lang, names) for e in events]
            named.append(game.describe_result(result, lang, names))
            numbered = [game.describe(e, lang) for e in events]
            numbered.append(game.describe_result(result, lang))
            where = f"{game_id} [{config.label}] {lang}"
            for text in named:
                assert not NUMBERED.search(text), f"{where}: {text}"
                assert not BAD_FRENCH.search(text), f"{where}: {text}"
            if game_id == "mitan":
                # Mitan names its sides by colour (Blancs, Noirs), with names or without.
                assert named == numbered, where
                continue
            said = " ".join(named)
            assert all(name in said for name in names[:2]), f"{where}: {said[:300]}"
            assert NUMBERED.search(" ".join(numbered)), where
