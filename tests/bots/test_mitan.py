"""Mitan's bots (MT-25): alpha-beta with the Mitan evaluation for Moyen and Difficile."""

from __future__ import annotations

import pytest

from ludotheque.bots import LevelBot, MCTSBot, make_bot
from ludotheque.bots.alphabeta import AlphaBetaBot
from ludotheque.core import State
from ludotheque.games.mitan import GAME
from ludotheque.games.mitan import bots as mitan_bots
from ludotheque.games.mitan.rules import BATTLE, MitanState

# White to move: the Lancier on a4 takes the Black Chef on a6 (MT-20).
CHEF_IN_REACH = "8f/9/9/c8/9/L8/9/9/8C w"


@pytest.mark.parametrize("spec", ["moyen:time=0", "difficile:nodes=2000:time=0",
                                  "alphabeta:nodes=500"])
def test_mt25_search_captures_the_chef_when_it_can(spec: str) -> None:
    state = GAME.position(CHEF_IN_REACH)
    action = make_bot(spec, 0).choose(state, 0)
    state.apply(0, action)
    result = state.result()
    assert result is not None and result.reason == "chef_captured"
    assert result.ranks == (0, 1)


def test_the_evaluation_is_the_same_from_both_sides_in_every_phase() -> None:
    state = GAME.new(4)
    assert isinstance(state, MitanState)
    phases = set()
    for _ in range(60):
        if state.is_over():
            break
        phases.add(state.phase)
        assert mitan_bots.evaluate(state, 0) == pytest.approx(-mitan_bots.evaluate(state, 1))
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert BATTLE in phases


@pytest.mark.parametrize(("level", "kind"), [("facile", MCTSBot), ("moyen", AlphaBetaBot),
                                             ("difficile", AlphaBetaBot)])
def test_mt25_levels_on_mitan(level: str, kind: type) -> None:
    bot = make_bot(level, 0)
    assert isinstance(bot, LevelBot)
    assert isinstance(bot.bot_for("mitan"), kind)


def play(state: State, specs: list[str]) -> State:
    bots = [make_bot(s, i) for i, s in enumerate(specs)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state


def test_mt16_a_hidden_placement_game_is_played_to_the_end() -> None:
    """Moyen and Difficile place in secret by the placement strategy, then search the battle."""
    state = GAME.new(2, 2, {"placement": "hidden"})
    final = play(state, ["moyen:nodes=60:time=0", "difficile:nodes=60:time=0"])
    assert final.is_over()


def test_mt25_the_open_game_is_searched_with_alpha_beta() -> None:
    """Mitan can hide information (hidden placement), yet an open position hides nothing:
    the levels must search it with alpha-beta, which asks the state, not the game."""
    from ludotheque.bots.alphabeta import searchable

    assert searchable(GAME.position(CHEF_IN_REACH))
    assert searchable(GAME.new(1, 2, {"placement": "open"}))
    hidden = GAME.new(1, 2, {"placement": "hidden"})
    while not hidden.hides_information():
        seat = hidden.to_act()[0]
        hidden.apply(seat, hidden.legal_actions(seat)[0])
    assert not searchable(hidden)
