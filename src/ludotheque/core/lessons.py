"""Tutorial lessons (MT-27): short positions to play, each teaching one rule.

A lesson is data (a game's `data/lessons.toml`, validated on load like card files): the
options and seed that set the lesson's position up, the learner's seat, and its steps. Each
step lists the actions that solve it (in the game's notation) and, when the lesson goes on,
the reply the tutor's seat plays next. Everything else is the game's own engine: the site
plays a lesson as an ordinary game from those options, and `progress` reads its actions.

    [[lesson]]
    id = "chef"
    rulings = ["MT-20"]
    title = { fr = "...", en = "..." }
    text = { fr = "...", en = "..." }      # what to do
    hint = { fr = "...", en = "..." }      # after a wrong move
    success = { fr = "...", en = "..." }   # why the solution works
    options = { position = "4c4/9/9/9/9/9/9/9/4C4 w" }
    [[lesson.step]]
    solutions = ["Ce1-e2"]
    reply = "Ce9-e8"                       # optional, or a list; on the last step it
                                           # shows the outcome
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .data import entry_error, read_package_document, validate_entries
from .errors import DataError

LANGS = ("fr", "en")


class Words(BaseModel):
    """A text in both of the site's languages."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    fr: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def __getitem__(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


class LessonStep(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    solutions: tuple[str, ...] = Field(min_length=1)
    # The tutor's answer: one action, or several in a row (a card game's whole turn).
    reply: str | tuple[str, ...] | None = None

    @property
    def replies(self) -> tuple[str, ...]:
        if self.reply is None:
            return ()
        return (self.reply,) if isinstance(self.reply, str) else self.reply


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    rulings: tuple[str, ...] = ()
    title: Words
    text: Words
    hint: Words
    success: Words
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    players: int = 2
    learner: int = 0  # the learner's seat; the other seats are the tutor's
    step: tuple[LessonStep, ...] = Field(min_length=1)


def load_lessons(package: str, name: str = "data/lessons.toml") -> list[Lesson]:
    """A game's lessons, validated: errors name the file, the lesson and the field."""
    source, document = read_package_document(package, name)
    unknown = set(document) - {"lesson"}
    if unknown:
        raise DataError(f"{source}: unknown table(s) {', '.join(sorted(unknown))}; "
                        f"lessons are [[lesson]] entries")
    lessons = validate_entries(source, document.get("lesson", []), Lesson, kind="lesson",
                               key="id")
    for lesson in lessons:
        if not 0 <= lesson.learner < lesson.players:
            raise entry_error(source, "lesson", lesson.id, "learner",
                              f"no seat {lesson.learner} among {lesson.players}")
    return lessons


@dataclass(frozen=True)
class Progress:
    """Where a learner stands in a lesson, read from the game's actions."""

    status: Literal["playing", "solved", "missed"]
    step: int  # the step being played (or the one missed), from 0
    reply: str | None = None  # the tutor's reply due now, if any
    played: str | None = None  # the learner's action that missed

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "step": self.step, "played": self.played}


def progress(lesson: Lesson, moves: list[tuple[int, str]]) -> Progress:
    """The lesson's state after `moves` (seat, action text) were played from its start.

    The learner's action at each step must be one of the step's solutions; the tutor's seats
    answer with the step's replies, in order; after the last step (and its replies, which
    show its outcome) the lesson is solved."""
    step = 0
    due: list[str] = []  # the replies still to come after the learner's solution
    for seat, text in moves:
        if step >= len(lesson.step):
            break
        if due:
            due.pop(0)
            if not due:
                step += 1
            continue
        if seat != lesson.learner:
            continue
        current = lesson.step[step]
        if text not in current.solutions:
            return Progress("missed", step, played=text)
        due = list(current.replies)
        if not due:
            step += 1
    if step >= len(lesson.step):
        return Progress("solved", len(lesson.step) - 1)
    return Progress("playing", step, reply=due[0] if due else None)
