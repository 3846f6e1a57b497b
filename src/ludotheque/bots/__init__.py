"""Bots: `choose(state, seat) -> action`, built from a spec such as "random".

Every bot works on every game through the contract. A bot must never read what its seat may
not see: the fair ones look only at `state.view(seat)`, `state.legal_actions(seat)` and states
from `state.determinize(seat, rng)`.
"""

from .base import Bot, RandomBot, UnknownBot, bot_names, make_bot

__all__ = ["Bot", "RandomBot", "UnknownBot", "bot_names", "make_bot"]
