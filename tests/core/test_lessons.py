"""Tutorial lessons (core/lessons.py): their schema and how progress is read from actions."""

from __future__ import annotations

import re

import pytest

from ludotheque.core.errors import DataError
from ludotheque.core.lessons import Lesson, progress

WORDS = {"fr": "texte", "en": "text"}


def lesson(steps: list[dict[str, object]]) -> Lesson:
    return Lesson.model_validate({"id": "demo", "title": WORDS, "text": WORDS, "hint": WORDS,
                                  "success": WORDS, "step": steps})


def test_progress_follows_solutions_and_replies() -> None:
    two = lesson([{"solutions": ["a", "b"], "reply": "r"}, {"solutions": ["c"]}])
    assert progress(two, []).status == "playing"
    assert progress(two, [(0, "b")]).reply == "r"
    after_reply = progress(two, [(0, "b"), (1, "r")])
    assert (after_reply.status, after_reply.step, after_reply.reply) == ("playing", 1, None)
    assert progress(two, [(0, "a"), (1, "r"), (0, "c")]).status == "solved"
    missed = progress(two, [(0, "a"), (1, "r"), (0, "x")])
    assert (missed.status, missed.step, missed.played) == ("missed", 1, "x")
    assert progress(two, [(0, "z")]).status == "missed"


def test_a_lesson_is_checked_like_card_data() -> None:
    shown = lesson([{"solutions": ["a"], "reply": "r"}])  # the reply shows the outcome
    assert progress(shown, [(0, "a")]).reply == "r"
    assert progress(shown, [(0, "a"), (1, "r")]).status == "solved"
    with pytest.raises(ValueError):
        lesson([])
    from ludotheque.core.data import validate_entries

    expected = 'lessons.toml, lesson "demo", field "hnit": unknown field (did you mean "hint"?)'
    with pytest.raises(DataError, match=re.escape(expected)):
        validate_entries("lessons.toml", [{"id": "demo", "title": WORDS, "text": WORDS,
                                           "hnit": WORDS, "success": WORDS,
                                           "step": [{"solutions": ["a"]}]}],
                         Lesson, kind="lesson", key="id")


def test_a_tutor_may_answer_with_several_actions() -> None:
    turn = lesson([{"solutions": ["a"], "reply": ["r1", "r2"]}, {"solutions": ["b"]}])
    assert progress(turn, [(0, "a")]).reply == "r1"
    assert progress(turn, [(0, "a"), (1, "r1")]).reply == "r2"
    after = progress(turn, [(0, "a"), (1, "r1"), (1, "r2")])
    assert (after.status, after.step, after.reply) == ("playing", 1, None)
    assert progress(turn, [(0, "a"), (1, "r1"), (1, "r2"), (0, "b")]).status == "solved"


def test_a_game_reads_its_lessons_from_its_package_or_has_none() -> None:
    from ludotheque import games

    from .toys import HighCard

    assert HighCard().lessons() == ()  # tests/core has no data/lessons.toml
    mitan = games.get("mitan")
    assert mitan.lessons() is mitan.lessons()  # read once
    assert len(mitan.lessons()) == 15 and mitan.lessons()[0].id == "chef"


def test_an_unset_position_leaves_the_options_dump_as_it_was() -> None:
    from ludotheque.core import Options

    class WithPosition(Options):
        lap: int = 1
        position: str | None = None

    assert WithPosition().model_dump() == {"lap": 1}
    assert WithPosition(position="x").model_dump() == {"lap": 1, "position": "x"}
    assert WithPosition.model_validate(WithPosition().model_dump()) == WithPosition()
