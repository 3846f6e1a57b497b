"""Mindbug's engine constants, shared by the state (rules.py), its passive powers
(passives.py) and its effect interpreter (effects.py). `Final`, so that the compiled
engine reads them as constants, not from the module's globals."""

from __future__ import annotations

from typing import Any, Final

Task = tuple[Any, ...]  # a task of the engine's stack: (tag, ...), see rules.py

NONE: Final = -1
DRAW: Final = -2
# Per-card flags while in play.
EXHAUSTED: Final = 1  # MB-11: CORIACE used
FRESH: Final = 2  # MB-9: played this turn
NO_BLOCK: Final = 4  # an effect forbids it to block this turn
KW_SHIFT: Final = 8  # keywords granted until the end of the turn sit above this bit

# Verbs aimed at one opponent's hand or discard pile: in Tag Team the resolver names the foe.
FOE_VERBS: Final = frozenset({"discard", "steal_hand", "give_card", "play_from_discard"})
# Conditions that compare with "the opponent": in Tag Team, with the opponent the resolver names.
FOE_CONDITIONS: Final = frozenset({"fewer_creatures", "more_creatures"})
