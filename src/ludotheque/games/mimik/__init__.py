"""MIMIK: reach exactly the target with posed Value cards (2 to 8 players)."""

from .game import GAME

# The engine's modules compiled by mypyc when the setup can (core/compiled.py), in the order
# mypyc gets them; the same source runs as plain Python otherwise (LUDO_PURE=1 forces it).
COMPILED: tuple[str, ...] = ("cards", "events", "plays", "effects", "rules")

__all__ = ["COMPILED", "GAME"]
