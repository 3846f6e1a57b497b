"""The bot protocol, the random bot and the registry of bot specs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Protocol

from ludotheque.core import Action, IllegalAction, LudoError, Options, Rng, State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> Action:
        """A legal action for `seat`, which must be among the seats to act."""
        ...


class UnknownBot(LudoError):
    pass


def legal_choices(state: State, seat: int) -> list[Action]:
    """The legal actions of a seat asked to decide; a bot asked out of turn is an error."""
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has no decision to make now")
    return legal


class RandomBot:
    """Uniformly random among the legal actions: the baseline of every arena."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


BotFactory = Callable[[int], Bot]
# A factory that also takes the knobs written in the spec: "moyen:nodes=300:time=0".
TunableFactory = Callable[[int, dict[str, str]], Bot]

_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
}
_TUNABLE: dict[str, TunableFactory] = {}
# Bots defined above this layer, registered by their module when it is imported: the first
# use of a name with the prefix imports it (OpenSpiel's bots through the adapter, issue 24).
PROVIDERS: dict[str, str] = {"os-": "ludotheque.adapters.openspiel_bots"}


def register_bot(name: str, factory: BotFactory) -> None:
    _FACTORIES[name] = factory


def register_tunable_bot(name: str, factory: TunableFactory) -> None:
    """A bot whose spec may carry knobs after its name: `name:key=value:key=value`."""
    _TUNABLE[name] = factory


def bot_names() -> list[str]:
    return sorted({*_FACTORIES, *_TUNABLE})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"moyen:nodes=300:time=0"` -> `("moyen", {"nodes": "300", "time": "0"})`."""
    name, *parts = spec.strip().lower().split(":")
    knobs: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UnknownBot(f"bot spec {spec!r}: write its knobs as name:key=value:key=value")
        knobs[key.strip()] = value.strip()
    return name.strip(), knobs


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec (`random`, `moyen`, `mcts:nodes=200` ...), seeded for
    reproducible choices."""
    name, knobs = parse_spec(spec)
    if name not in _TUNABLE and name not in _FACTORIES:
        for prefix, module in PROVIDERS.items():
            if name.startswith(prefix):
                import_module(module)
    if name in _TUNABLE:
        return _TUNABLE[name](seed, knobs)
    if name not in _FACTORIES:
        raise UnknownBot(f"unknown bot {spec!r}; the bots are: {', '.join(bot_names())}")
    if knobs:
        raise UnknownBot(f"bot {name!r} takes no knobs (spec {spec!r})")
    return _FACTORIES[name](seed)


def seat_bots(bots: Sequence[Bot], players: int, options: Options) -> None:
    """Tell the bots that want it the setup they play (`sit(players, options)`): a bot that
    plays through an adapter needs the setup's encoding."""
    for bot in bots:
        sit = getattr(bot, "sit", None)
        if sit is not None:
            sit(players, options)
