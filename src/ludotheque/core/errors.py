"""Errors the kernel and the games raise. Each carries a reason a player can read."""

from __future__ import annotations


class LudoError(Exception):
    """Base of every error Ludothèque raises on purpose."""


class IllegalAction(LudoError):
    """An action the rules do not allow now. The state is left unchanged."""

    def __init__(self, reason: str, *, ruling: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ruling = ruling


class NotationError(LudoError):
    """A text that is not an action in the game's notation."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason


class OptionsError(LudoError):
    """Game options (or a player count) that cannot start a game."""


class DataError(LudoError):
    """A data file (cards, pieces, decks) with a mistake; the message names file, entry, field."""


class RecordError(LudoError):
    """A game record that is malformed or not legal under the current rules."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
