"""Diamagique: two teams of three Magiciens cast Sorts in Châteaux to win Diamagiques."""

from __future__ import annotations

from .game import DeckSpec, Diamagique, DiamagiqueOptions

GAME = Diamagique()

__all__ = ["GAME", "DeckSpec", "Diamagique", "DiamagiqueOptions"]
