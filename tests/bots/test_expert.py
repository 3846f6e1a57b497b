"""The Expert level (issue 24): Difficile's machinery with a larger budget and a 10 s clock,
last of the levels, on every game its own Difficile knowledge."""

from __future__ import annotations

import pytest

from ludotheque.bots import LEVELS, LevelBot, MCTSBot, make_bot
from ludotheque.bots.levels import _GAME_SETTINGS
from ludotheque.games.mitan.bots import MitanAlphaBeta
from ludotheque.games.mitix import bots as mitix_bots


def test_expert_is_the_last_level_with_a_larger_budget_and_a_10_second_clock() -> None:
    assert list(LEVELS) == ["facile", "moyen", "difficile", "expert"]
    expert, difficile = LEVELS["expert"], LEVELS["difficile"]
    assert expert.seconds == 10.0 and expert.nodes > difficile.nodes
    assert expert.settings == difficile.settings
    bot = make_bot("expert")
    assert isinstance(bot, LevelBot) and bot.budget.seconds == 10.0


@pytest.mark.parametrize("game_id", ["mimik", "mindbug", "diamagique"])
def test_expert_keeps_each_games_difficile_settings(game_id: str) -> None:
    inner = make_bot("expert:time=0", 1).bot_for(game_id)  # type: ignore[attr-defined]
    assert isinstance(inner, MCTSBot)
    assert _GAME_SETTINGS[(game_id, "expert")] == _GAME_SETTINGS[(game_id, "difficile")]
    assert inner.budget.nodes == LEVELS["expert"].nodes


def test_mt25_expert_searches_mitan_deeper_than_difficile() -> None:
    expert = make_bot("expert:time=0", 0).bot_for("mitan")  # type: ignore[attr-defined]
    difficile = make_bot("difficile:time=0", 0).bot_for("mitan")  # type: ignore[attr-defined]
    assert isinstance(expert, MitanAlphaBeta) and isinstance(difficile, MitanAlphaBeta)
    assert (expert.budget.nodes, difficile.budget.nodes) == (40_000, 10_000)


def test_expert_searches_more_famix_deals_than_difficile() -> None:
    expert = make_bot("expert:time=0", 0).bot_for("mitix")  # type: ignore[attr-defined]
    assert isinstance(expert, mitix_bots.FamixBot)
    assert (expert.deals, expert.max_nodes) == (4 * mitix_bots.DEALS,
                                                4 * mitix_bots.DIFFICILE_NODES)


def test_expert_plays_a_legal_move_on_every_game() -> None:
    from ludotheque import games

    for game in games.all_games():
        state = game.new(2, game.min_players)
        seat = state.to_act()[0]
        bot = make_bot("expert:time=0:nodes=20", 3)
        assert bot.choose(state, seat) in state.legal_actions(seat)
