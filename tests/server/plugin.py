"""The games and bots a test server offers besides the built-in ones (loaded with --plugin).

The server imports this module at start-up and so does each bot worker process: the toy game
"Carte haute", a deliberately slow bot (a stand-in for a Difficile bot thinking) and a bot
that tries illegal actions.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ludotheque.bots.base import RandomBot, register_bot
from ludotheque.core import Action, State
from ludotheque.core.lessons import Lesson
from ludotheque.server.clocks import TimeControl, register_time_control
from tests.core import toys
from tests.core.toys import HighCardState, PlayCard

SLOW_SECONDS = 2.0


class SlowBot(RandomBot):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.name = "slow"

    def choose(self, state: State, seat: int) -> Action:
        folder = os.environ.get("LUDO_TEST_BOT_PIDS")
        if folder:  # tests check that bots think in other processes than the server's
            Path(folder, str(os.getpid())).touch()
        deadline = time.monotonic() + SLOW_SECONDS
        while time.monotonic() < deadline:  # a search burns CPU (and holds its GIL)
            sum(range(1000))
        return super().choose(state, seat)


class CheatBot(RandomBot):
    """Always tries a card it does not hold: the server must not let it stall a game."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.name = "cheat"

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return next(PlayCard(c) for c in range(1, 11) if PlayCard(c) not in legal)


def _lessons() -> tuple[Lesson, ...]:
    """Two lessons of Carte haute (play your highest card, once then twice), their solutions
    read off the deal of seed 0."""
    state = HighCardState(0, 3)
    first, reply = f"p{max(state.hands[0])}", f"p{min(state.hands[1])}"
    state.apply(0, PlayCard(max(state.hands[0])))
    state.apply(1, PlayCard(min(state.hands[1])))
    second = f"p{max(state.hands[0])}"
    words = {"fr": "Jouez votre plus forte carte.", "en": "Play your highest card."}

    def lesson(lesson_id: str, steps: list[dict[str, object]]) -> Lesson:
        return Lesson.model_validate({
            "id": lesson_id, "rulings": ["CH-1"], "title": words, "text": words,
            "hint": {"fr": "La plus forte.", "en": "The highest."},
            "success": {"fr": "La plus forte gagne le pli.", "en": "The highest wins."},
            "options": {"hand_size": 3}, "step": steps})

    return (lesson("highest", [{"solutions": [first], "reply": reply}]),
            lesson("twice", [{"solutions": [first], "reply": reply}, {"solutions": [second]}]))


class HighCard(toys.HighCard):
    """Carte haute with a tutorial, for the site's tutorial tests."""

    def lessons(self) -> tuple[Lesson, ...]:
        return LESSONS


LESSONS = _lessons()

register_bot("slow", SlowBot)
register_bot("cheat", CheatBot)

__all__ = ["HighCard"]

# A one-second time control, so that the tests see a flag fall without waiting minutes.
register_time_control(TimeControl("eclair", 1.0, 0.0))
# Four seconds: long enough to kill a room's owner before its flag falls (test_cluster.py).
register_time_control(TimeControl("eclair4", 4.0, 0.0))
