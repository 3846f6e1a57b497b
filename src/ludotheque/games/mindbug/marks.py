"""Mindbug's engine constants, shared by the state (rules.py), its passive powers
(passives.py) and its effect interpreter (effects.py)."""

from __future__ import annotations

from typing import Any

Task = tuple[Any, ...]  # a task of the engine's stack: (tag, ...), see rules.py

NONE = -1
DRAW = -2
# Per-card flags while in play.
EXHAUSTED = 1  # MB-11: CORIACE used
FRESH = 2  # MB-9: played this turn
NO_BLOCK = 4  # an effect forbids it to block this turn
KW_SHIFT = 8  # keywords granted until the end of the turn sit above this bit

# Verbs aimed at one opponent's hand or discard pile: in Tag Team the resolver names the foe.
FOE_VERBS = frozenset({"discard", "steal_hand", "give_card", "play_from_discard"})
# Conditions that compare with "the opponent": in Tag Team, with the opponent the resolver names.
FOE_CONDITIONS = frozenset({"fewer_creatures", "more_creatures"})
