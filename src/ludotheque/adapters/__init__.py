"""Adapters for AI research: every game with an encoding as a PettingZoo environment
(`ludotheque.adapters.pettingzoo`) and an OpenSpiel game (`ludotheque.adapters.openspiel`).

They need the `ai` extra (`pip install -e '.[ai]'`); this package imports neither library,
so the rest of Ludothèque runs without them. `docs/adapters.md` shows both at work.
"""

from .table import AdapterError, Setup, Table, has_encoding, open_setup, outcome_rewards

__all__ = ["AdapterError", "Setup", "Table", "has_encoding", "open_setup", "outcome_rewards"]
