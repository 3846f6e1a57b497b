"""Bots: `choose(state, seat) -> action`, built from a spec such as "random" or "moyen".

Every bot works on every game through the contract. A bot must never read what its seat may
not see: the fair ones look only at `state.view(seat)`, `state.legal_actions(seat)` and states
from `state.determinize(seat, rng)`.

Specs: random, greedy, mcts, ismcts, and the levels facile, moyen, difficile, expert; knobs
follow the name (`moyen:nodes=300:time=0`, see levels.py).
"""

from .base import Bot, RandomBot, UnknownBot, bot_names, make_bot, parse_spec
from .budget import Budget
from .greedy import GreedyBot
from .levels import LEVELS, LevelBot, register_game_level
from .mcts import MCTSBot, MCTSSettings

__all__ = [
    "LEVELS",
    "Bot",
    "Budget",
    "GreedyBot",
    "LevelBot",
    "MCTSBot",
    "MCTSSettings",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "make_bot",
    "parse_spec",
    "register_game_level",
]
