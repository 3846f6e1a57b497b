"""MiTiX: duels of Greek-mythology cards, MiTiX vs MiTiX and FaMiX vs FaMiX."""

from .game import Mitix

GAME = Mitix()

__all__ = ["GAME"]
