"""MIMIK: reach exactly the target with posed Value cards (2 to 8 players)."""

from .game import GAME

__all__ = ["GAME"]
