"""Games loaded from outside the package (`ludo serve --plugin module:Game`)."""

from __future__ import annotations

import pytest

from ludotheque import games
from ludotheque.server.bots import load_plugin


def test_a_plugin_game_loads_and_registers() -> None:
    game = load_plugin("tests.core.toys:HighCard")
    assert games.get(game.id) is game


def test_a_plugin_without_seat_names_in_its_texts_is_refused_at_load() -> None:
    # The site says every text with the seats' names: a game whose describe() cannot take
    # them would fail in the middle of a room; it is refused before the server starts.
    with pytest.raises(TypeError, match=r"tests.core.toys:OldTexts: describe\(\) takes no `names`"):
        load_plugin("tests.core.toys:OldTexts")
    assert "old_texts" not in games.ids()


def test_a_plugin_that_is_not_a_game_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a Game"):
        load_plugin("tests.server.plugin:SLOW_SECONDS")
