"""Mitan: a two-player game of strategy on a 9 x 9 board around three central squares."""

from .game import GAME, Mitan, MitanOptions
from .rules import MitanState

__all__ = ["COMPILED", "GAME", "Mitan", "MitanOptions", "MitanState"]

# Compiled with mypyc by the setup (core/compiled.py): the battle's move generator (about half
# of a battle ply in pure Python) and the state (its turns, checks and battle actions).
COMPILED: tuple[str, ...] = ("moves", "rules")
