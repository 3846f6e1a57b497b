"""Mindbug: creatures fight, and every play can be stolen by the opponent's Mindbug.

Two players with First Contact (and the optional New Servants set), or Tag Team at four.
"""

from .game import GAME, Mindbug, MindbugOptions

__all__ = ["GAME", "Mindbug", "MindbugOptions"]
