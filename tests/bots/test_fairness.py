"""A bot cannot cheat: scrambling what its seat cannot see never changes its seeded choice."""

from __future__ import annotations

import pytest

from ludotheque import games
from ludotheque.bots import bot_names
from ludotheque.bots.base import register_bot
from ludotheque.core import Action, Config, Game, Rng, State, canonical, derive_seed
from tests.bots.fairness import (
    SPECS,
    CanonicalHighCard,
    choices_that_change,
    choices_that_change_through_determinize,
    decision_points,
    determinize_is_canonical,
)
from tests.core.toys import HighCard


def toy_points() -> list[tuple[State, int]]:
    game = CanonicalHighCard()
    return [p for seed in range(4) for p in decision_points(game, seed, 2, game.options(), 10)]


@pytest.mark.parametrize("spec", SPECS)
def test_scrambled_hidden_cards_never_change_a_seeded_choice(spec: str) -> None:
    points = toy_points()
    assert all(determinize_is_canonical(s, seat) for s, seat in points)
    # Simultaneous decisions (both seats to act) and answers to a secret card both occur.
    assert any(len(s.to_act()) == 2 for s, _ in points)
    assert any(len(s.to_act()) == 1 for s, _ in points)
    assert choices_that_change(spec, points, scrambled=3) == []


class PeekingBot:
    """Cheats: plays the card that depends on the opponent's true hand."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "peeking"

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        secret = canonical(state.to_json())
        return legal[derive_seed(secret) % len(legal)]


def test_the_check_catches_a_bot_that_reads_the_true_state() -> None:
    if "peeking" not in bot_names():
        register_bot("peeking", PeekingBot)
    assert choices_that_change("peeking", toy_points(), scrambled=3) != []


def test_the_original_toy_redeals_in_an_order_that_leaks_into_the_seeded_sample() -> None:
    """Why the fairness test uses the canonical toy: tests/core/toys.py shuffles the hidden
    pool in its current order, so a determinization from a scrambled state differs from one
    from the true state even with the same generator (a game-side fix, see docs/bots.md)."""
    game = HighCard()
    state = game.new(3)
    assert not determinize_is_canonical(state, 0)


def setups(game: Game) -> list[Config]:
    """The game's first setups (its variants first, then player counts), at most three."""
    return list(game.configs())[:3]


# Every game: a game without hidden information may still hide something in a variant
# (Mitan's hidden placement); for the others the check is cheap.
HIDDEN = [(g, c) for g in [*games.all_games(), HighCard()] for c in setups(g)]


@pytest.mark.parametrize(("game", "config"), HIDDEN,
                         ids=[f"{g.id}-{c.label}" for g, c in HIDDEN])
def test_bots_learn_hidden_parts_only_through_determinize(game: Game, config: Config) -> None:
    """Every hidden-information game: scrambled true states, with `determinize` answered from
    the original one, never change a seeded choice (so nothing else of the truth is read)."""
    points = [p for seed in range(2)
              for p in decision_points(game, seed, config.players, config.options, 6)]
    for spec in ("greedy:nodes=8", "facile:nodes=12:time=0", "mcts:nodes=20:depth=4"):
        assert choices_that_change_through_determinize(spec, points, scrambled=2) == []


def test_the_determinize_check_catches_a_bot_that_reads_the_true_state() -> None:
    if "peeking" not in bot_names():
        register_bot("peeking", PeekingBot)
    game = HighCard()
    points = [p for seed in range(3) for p in decision_points(game, seed, 2, game.options(), 6)]
    assert choices_that_change_through_determinize("peeking", points, scrambled=3) != []


def test_search_copies_get_their_own_chance_generator() -> None:
    """Future shuffles of the true game stay unknown: each searched copy is reseeded."""
    from ludotheque.bots.common import sample

    game = CanonicalHighCard()
    state = game.new(5)
    copy = sample(state, 0, Rng(1))
    assert copy.rng != state.rng  # type: ignore[attr-defined]
