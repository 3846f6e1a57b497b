"""Per-game knowledge for the bots, loaded on first use.

A game's evaluation, move ordering, rollout policy or level bots live in the game's own
folder when its engineer provides them (`Game.heuristic`); the ones written by the bots layer
sit in `ludotheque.bots.<game id>` until they move there. Such a module registers its pieces
(alphabeta.EVALUATIONS, common.ROLLOUT_POLICIES, levels.register_game_level ...) when
imported; `load(game_id)` imports it the first time a bot meets the game.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

_loaded: set[str] = set()


def load(game_id: str) -> None:
    if game_id in _loaded:
        return
    _loaded.add(game_id)
    name = f"{__package__}.{game_id}"
    if find_spec(name) is not None:
        import_module(name)
