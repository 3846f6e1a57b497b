"""What a player reads during play names no ruling id (issue #20, point 6): every event and
result of a seeded random game of every setup, in French and English, every word of the
games' screen catalogues and every lesson's texts. The ids stay in the events and results
(`Event.ruling`, `Result.ruling`: the room's "?" opens the rule) and in code and tests."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from ludotheque import games

from .test_seat_names import SHIPPED, random_game

RULING = re.compile(r"\b(MB|MX|DG|MT|MK)-\d+")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_event_and_result_texts_name_no_ruling(game_id: str) -> None:
    game = games.get(game_id)
    cited = 0
    for index, config in enumerate(game.configs()):
        events, result = random_game(game, config, seed=index)
        cited += sum(1 for e in events if e.ruling) + (result.ruling is not None)
        for lang in ("fr", "en"):
            for text in [game.describe(e, lang) for e in events] + \
                    [game.describe_result(result, lang)]:
                assert not RULING.search(text), f"{game_id} [{config.label}] {lang}: {text}"
    assert cited > 0  # the rulings are still there, for the "?" to open


@pytest.mark.parametrize("game_id", SHIPPED)
def test_screen_words_and_lessons_name_no_ruling(game_id: str) -> None:
    web = resources.files(f"ludotheque.games.{game_id}") / "web"
    for lang in ("fr", "en"):
        words = json.loads((web / f"{lang}.json").read_text(encoding="utf-8"))
        for key, text in words.items():
            assert not RULING.search(str(text)), f"{game_id} web/{lang}.json {key}: {text}"
    for lesson in games.get(game_id).lessons():
        for lang in ("fr", "en"):
            for text in (lesson.title[lang], lesson.text[lang], lesson.hint[lang],
                         lesson.success[lang]):
                assert not RULING.search(text), f"{game_id} lesson {lesson.id}: {text}"
