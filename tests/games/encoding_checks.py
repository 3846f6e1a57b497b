"""The playout check every game's encoding test runs (tests/games/<game>/test_encoding.py)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ludotheque.core import Config, Game, Rng


def check_encoded_playouts(game: Game, config: Config, seeds: Iterable[int],
                           rng_for: Callable[[int], Rng], bound: float | None = None) -> int:
    """Seeded random playouts of one setup. At every step: every legal action of a seat to
    act has an id; every seat's observation has the encoding's size (each number finite and
    in [0, bound] when a bound is given) and does not change when what the seat cannot see
    is re-dealt; and the seat that acts sees its action done. Returns how many re-deals
    moved something hidden."""
    encoding = game.encoding(config.players, config.options)
    assert encoding is not None
    redeals = 0
    for seed in seeds:
        state = game.new(seed, config.players, config.options)
        rng = rng_for(seed)
        while not state.is_over():
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                assert sum(encoding.mask(legal)) == len(legal)
            before = {}
            for seat in range(config.players):
                numbers = encoding.observe(state.view(seat), seat)
                assert len(numbers) == encoding.observation_size
                if bound is not None:
                    assert all(0.0 <= x <= bound and math.isfinite(x) for x in numbers)
                before[seat] = numbers
                other = state.determinize(seat, rng)
                redeals += other.to_json() != state.to_json()
                assert encoding.observe(other.view(seat), seat) == numbers
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert encoding.observe(state.view(seat), seat) != before[seat]
    return redeals
