"""A missed lesson step said in the game's words (issue #20, point 4): what the learner
played and what would have solved it, as the game's own event texts (`Game.describe`), never
the engine's notation. A tutorial hides nothing from its learner: every event the learner
may see is said."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludotheque.core import Event, Game, LudoError
from ludotheque.core.lessons import Lesson, progress
from ludotheque.store import GameRow

if TYPE_CHECKING:
    from .rooms import Step

# A move's first line says what it did; what follows (a draw to refill, a turn passing) is
# in the log.
SAID_LINES = 1


def said(game: Game, events: Sequence[Event], seat: int, lang: str,
         names: Sequence[str]) -> str:
    lines = [game.describe(e, lang, names) for e in events if e.visible_to(seat)]
    return " ".join(lines[:SAID_LINES])


def missed_words(game: Game, lesson: Lesson, row: GameRow, steps: Sequence[Step],
                 lang: str, names: Sequence[str]) -> dict[str, Any]:
    """`played_said`: the learner's missed move in words; `solutions_said`: each move that
    solved the step, in words (from the position before the miss)."""
    moves = [(st.seat, st.action) for st in steps]
    missed = next((k for k in range(len(moves))
                   if progress(lesson, moves[:k + 1]).status == "missed"), None)
    if missed is None:
        return {}
    state = game.new(row.seed, row.players, row.options)
    for st in steps[:missed]:
        state.apply(st.seat, game.parse(st.action))
    learner = lesson.learner
    solutions = []
    for text in lesson.step[progress(lesson, moves).step].solutions:
        trial = state.clone()
        try:
            solutions.append(said(game, trial.apply(learner, game.parse(text)), learner, lang,
                                  names) or text)
        except LudoError:
            solutions.append(text)  # the lesson's data is checked; this is only a fallback
    return {"played_said": said(game, steps[missed].events, learner, lang, names)
            or steps[missed].action,
            "solutions_said": solutions}
