"""Mitan: a two-player game of strategy on a 9 x 9 board around three central squares."""

from .game import GAME, Mitan, MitanOptions
from .rules import MitanState

__all__ = ["GAME", "Mitan", "MitanOptions", "MitanState"]
