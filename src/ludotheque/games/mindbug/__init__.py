"""Mindbug: creatures fight, and every play can be stolen by the opponent's Mindbug.

Two players with First Contact (and the optional New Servants set), or Tag Team at four.
"""

from .game import GAME, Mindbug, MindbugOptions

# The engine's modules that the setup compiles with mypyc (one group, in this order): the
# state and its step loop, the decisions' listing and resolution, the tasks, the effect
# interpreter, the passive powers and the views. The data, the notation and the game object
# stay Python (pydantic models, subclasses of core's Action).
COMPILED: tuple[str, ...] = ("rules", "choices", "decisions", "tasks", "effects", "passives",
                             "views")

__all__ = ["COMPILED", "GAME", "Mindbug", "MindbugOptions"]
