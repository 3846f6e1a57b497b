"""Alpha-beta: exact on small games, within budget, and handing over where it does not apply."""

from __future__ import annotations

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.alphabeta import AlphaBetaBot, searchable
from ludotheque.bots.budget import Budget
from ludotheque.core import State
from tests.bots.tictactoe import Mark, Morpion, MorpionEval, position
from tests.core.toys import HighCard

MORPION = Morpion()


def test_takes_a_win_in_one_rather_than_a_slower_one() -> None:
    # x x .    x wins at once on 2 (it could also build a fork elsewhere)
    # . o .
    # o . .
    assert make_bot("alphabeta", 0).choose(position(MORPION, "xx..o.o.."), 0) == Mark(2)


def test_blocks_a_loss_in_one() -> None:
    assert make_bot("alphabeta", 0).choose(position(MORPION, "x...x.o.."), 1) == Mark(8)


def test_solves_morpion_and_stops_when_the_whole_game_is_searched() -> None:
    bot = AlphaBetaBot(0, Budget(nodes=200_000))
    bot.choose(MORPION.new(0), 0)
    assert bot.last_depth == 9  # nine marks at most: no deeper pass is needed
    assert bot.last_nodes < 200_000


def play(game: Morpion, specs: list[str], seed: int) -> State:
    bots = [make_bot(s, seed + i) for i, s in enumerate(specs)]
    state = game.new(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize("game", [Morpion(), MorpionEval()], ids=lambda g: g.id)
def test_never_loses_at_morpion(game: Morpion) -> None:
    for seed in range(3):
        for seats in (["alphabeta", "mcts:nodes=100"], ["mcts:nodes=100", "alphabeta"]):
            result = play(game, seats, seed).result()
            assert result is not None
            assert result.utility(seats.index("alphabeta")) >= 0.5


def test_a_node_budget_bounds_the_search() -> None:
    bot = AlphaBetaBot(0, Budget(nodes=300))
    action = bot.choose(MORPION.new(0), 0)
    assert action in MORPION.new(0).legal_actions(0)
    assert bot.last_nodes <= 300


def test_hidden_information_goes_to_the_fallback_search() -> None:
    state = HighCard().new(1)
    assert not searchable(state)
    assert make_bot("alphabeta:nodes=30", 0).choose(state, 0) in state.legal_actions(0)
