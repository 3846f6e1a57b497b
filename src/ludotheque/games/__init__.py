"""The game registry. A new game is a new folder plus one line in GAME_MODULES.

Each module `ludotheque.games.<name>` exposes `GAME`, the singleton of its `Game` subclass.
"""

from __future__ import annotations

from importlib import import_module

from ludotheque.core.errors import LudoError
from ludotheque.core.game import Game

GAME_MODULES: tuple[str, ...] = (
    "mitix",
    "mindbug",
    "diamagique",
    "mitan",
    "mimik",
)

_cache: dict[str, Game] = {}


class UnknownGame(LudoError):
    pass


def all_games() -> list[Game]:
    """Every game: the built-in ones in registry order, then those added by register()."""
    out = []
    for name in GAME_MODULES:
        if name not in _cache:
            game = import_module(f"{__name__}.{name}").GAME
            if not isinstance(game, Game) or game.id != name:
                raise TypeError(f"ludotheque.games.{name}.GAME must be the Game with id {name!r}")
            _cache[name] = game
        out.append(_cache[name])
    return out + [g for k, g in _cache.items() if k not in GAME_MODULES]


def get(game_id: str) -> Game:
    """The game with this id; `UnknownGame` lists the known ones."""
    key = game_id.strip().lower()
    if key in _cache:
        return _cache[key]
    if key not in GAME_MODULES:
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {', '.join(ids())}")
    all_games()
    return _cache[key]


def ids() -> tuple[str, ...]:
    return GAME_MODULES + tuple(k for k in _cache if k not in GAME_MODULES)


def compiled_groups() -> dict[str, tuple[str, ...]]:
    """Package -> the modules its game compiles with mypyc (its `COMPILED`, empty if none),
    for every built-in game: what `ludotheque.core.compiled` builds and loads."""
    out: dict[str, tuple[str, ...]] = {}
    for name in GAME_MODULES:
        package = import_module(f"{__name__}.{name}")
        out[package.__name__] = tuple(getattr(package, "COMPILED", ()))
    return out


def register(game: Game) -> None:
    """Add a game defined outside this package (a plug-in, or a test's own game)."""
    if game.id in GAME_MODULES:
        raise ValueError(f"{game.id!r} is already a built-in game")
    _cache[game.id] = game
