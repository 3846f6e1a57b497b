"""Per-game knowledge for the bots, loaded on first use.

A game's evaluation, move ordering, rollout policy or level bots live in its own folder, in
the module `bots` beside its rules (`Game.bots_module()`: `ludotheque.games.<game>.bots`, or
`<package>.bots` for a game registered from elsewhere), the way its lessons and encoding do.
Such a module registers its pieces (alphabeta.EVALUATIONS, common.ROLLOUT_POLICIES,
levels.register_game_level ...) when imported; `load(game)` imports it the first time a bot
meets the game.
"""

from __future__ import annotations

from importlib import import_module

from ludotheque import games
from ludotheque.core import Game

_loaded: set[str] = set()


def load(game: Game | str) -> None:
    """Import the game's bot knowledge once; a game id must be registered, a Game need not."""
    game_id = game if isinstance(game, str) else game.id
    if game_id in _loaded:
        return
    if isinstance(game, str):
        try:
            game = games.get(game)
        except games.UnknownGame:
            return  # a test's toy game that nobody registered: the generic bots only
    _loaded.add(game_id)
    name = game.bots_module()
    if name is not None:
        import_module(name)
