"""docs/adapters.md's examples, run for every registered game with an encoding."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from ludotheque.core import Game

from .common import encoded

DOC = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"


@pytest.mark.parametrize("game", [g for g in encoded() if g.min_players <= 2 <= g.max_players],
                         ids=lambda g: g.id)
def test_the_examples_of_the_adapters_guide_run(game: Game) -> None:
    outcome = doctest.testfile(str(DOC), module_relative=False, globs={"game_id": game.id},
                               optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert outcome.attempted > 20 and outcome.failed == 0
