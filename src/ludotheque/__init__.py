"""Ludothèque: play, study and balance tabletop games (the registry: `ludotheque.games`).

    >>> from ludotheque import games
    >>> game = games.all_games()[-1]         # doctest: +SKIP
    >>> state = game.new(seed=7, players=3)  # doctest: +SKIP
    >>> state.legal_texts(state.to_act()[0])  # doctest: +SKIP
"""

__version__ = "0.1.0"
