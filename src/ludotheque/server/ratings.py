"""Glicko-2 ratings of ranked games (MT-26), one rating per account, game and time control.

Glickman's algorithm ("Example of the Glicko-2 system", 2013), each ranked game being its own
rating period, as online sites do. Written here rather than taken from PyPI: the `glicko2`
package (2.1.0) computes the volatility with the rating where the algorithm has phi squared
(its `_f`), so its volatilities drift; the algorithm is short and its paper gives a worked
example, which tests/server/test_ratings.py checks to the published digits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale: (rating - 1500) / SCALE
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0  # rating deviation: 350 for a newcomer
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        """Too uncertain to be shown without a question mark (lichess's convention)."""
        return self.rd > 110


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """The player's rating after one rating period of `games`: (opponent's rating before
    the period, score 1 a win, 0.5 a draw, 0 a loss). No game: only the deviation grows."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi ** 2 + sigma ** 2) * SCALE),
                      sigma)
    v_inverse = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.rd / SCALE
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inverse += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / v_inverse
    delta = v * total
    sigma = _volatility(phi, sigma, delta, v)
    phi_star = math.sqrt(phi ** 2 + sigma ** 2)
    phi_new = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu_new = mu + phi_new ** 2 * total
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma)


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f."""
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / TAU ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate_game(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them, each rated against the other's
    rating from before the game."""
    return (update(first, [(second, first_score)]),
            update(second, [(first, 1.0 - first_score)]))
