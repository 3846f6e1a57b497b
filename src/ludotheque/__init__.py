"""Ludothèque: play, study and balance MiTiX, Mindbug, Diamagique, Mitan and MIMIK.

    >>> from ludotheque import games
    >>> game = games.get("mimik")          # doctest: +SKIP
    >>> state = game.new(seed=7, players=3)  # doctest: +SKIP
    >>> state.legal_texts(state.to_act()[0])  # doctest: +SKIP
"""

__version__ = "0.1.0"
