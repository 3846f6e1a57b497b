"""Ludothèque: play, study and balance tabletop games (the registry: `ludotheque.games`).

    >>> from ludotheque import games
    >>> game = games.all_games()[-1]         # doctest: +SKIP
    >>> state = game.new(seed=7, players=3)  # doctest: +SKIP
    >>> state.legal_texts(state.to_act()[0])  # doctest: +SKIP
"""

__version__ = "0.1.0"

# Compiled engines (core/compiled.py): a finder that serves a game's mypyc-built modules while
# their sources are unchanged; nothing is done when there is no build.
from ludotheque.core import compiled as _compiled

_compiled.install()
