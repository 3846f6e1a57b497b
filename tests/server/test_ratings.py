"""Glicko-2 (MT-26) against Glickman's worked example, and its properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.server.ratings import SCALE, Rating, rate_game, update


def test_glickmans_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): a 1500/200 player beats a 1400/30
    # player and loses to 1550/100 and 1700/300, with tau 0.5.
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    idle = update(Rating(1620, 80, 0.06), [])
    assert idle.rating == 1620 and 80 < idle.rd < 81 and idle.volatility == 0.06
    assert update(Rating(1500, 350), []).rd == 350


ratings = st.builds(Rating, st.floats(800, 2600), st.floats(30, 350), st.floats(0.03, 0.1))


@given(ratings, ratings)
def test_the_winner_gains_the_loser_loses_and_both_grow_surer(a: Rating, b: Rating) -> None:
    won, lost = rate_game(a, b, 1.0)
    assert won.rating > a.rating and lost.rating < b.rating
    # A game narrows what the period's (new) volatility widened (step 6, then step 7).
    for before, after in ((a, won), (b, lost)):
        widened = math.hypot(before.rd / SCALE, after.volatility) * SCALE
        assert after.rd < widened
    drawn, _ = rate_game(a, b, 0.5)
    assert (drawn.rating > a.rating) == (a.rating < b.rating) or abs(a.rating - b.rating) < 1
