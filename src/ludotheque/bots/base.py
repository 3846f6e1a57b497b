"""The bot protocol, the random bot and the registry of bot specs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ludotheque.core import Action, LudoError, Rng, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> Action:
        """A legal action for `seat`, which must be among the seats to act."""
        ...


class UnknownBot(LudoError):
    pass


class RandomBot:
    """Uniformly random among the legal actions: the baseline of every arena."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


BotFactory = Callable[[int], Bot]

_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
}


def register_bot(name: str, factory: BotFactory) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its name (`random`, ...), seeded for reproducible choices."""
    key = spec.strip().lower()
    if key not in _FACTORIES:
        raise UnknownBot(f"unknown bot {spec!r}; the bots are: {', '.join(bot_names())}")
    return _FACTORIES[key](seed)
