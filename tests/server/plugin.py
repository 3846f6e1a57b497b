"""The games and bots a test server offers besides the built-in ones (loaded with --plugin).

The server imports this module at start-up and so does each bot worker process: the toy game
"Carte haute" and a deliberately slow bot (a stand-in for a Difficile bot thinking).
"""

from __future__ import annotations

import time

from ludotheque.bots.base import RandomBot, register_bot
from ludotheque.core import Action, State
from tests.core.toys import HighCard

SLOW_SECONDS = 2.0


class SlowBot(RandomBot):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.name = "slow"

    def choose(self, state: State, seat: int) -> Action:
        time.sleep(SLOW_SECONDS)  # a busy search would burn CPU; sleeping blocks the same way
        return super().choose(state, seat)


register_bot("slow", SlowBot)

__all__ = ["HighCard"]
