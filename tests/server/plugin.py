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
from ludotheque.server.clocks import TimeControl, register_time_control
from tests.core.toys import HighCard, PlayCard

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


register_bot("slow", SlowBot)
register_bot("cheat", CheatBot)

__all__ = ["HighCard"]

# A one-second time control, so that the tests see a flag fall without waiting minutes.
register_time_control(TimeControl("eclair", 1.0, 0.0))
