"""The teams' scores the engine keeps between plays instead of summing the posed cards at every
decision (bench/peers.py, issue 24) are the scores the cards give (MK-5)."""

from __future__ import annotations

import pytest

from ludotheque.core import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.rules import MimikState

from .helpers import pose_spec, scores, table

CONFIGS = [(2, {}), (4, {}), (3, {"target": 30}), (4, {"team": True}),
           (6, {"team": True, "target": 75}), (8, {})]


def counted(state: MimikState) -> list[int]:
    """Every team's score as MK-5 says, from a copy that keeps nothing (read from JSON)."""
    return MimikState.from_json(state.to_json()).team_scores()


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_mk5_the_kept_scores_are_the_posed_cards_at_every_decision(
        players: int, options: dict[str, bool | int]) -> None:
    # Pins MK-5 through every effect that changes a posed card or a base (MK-7, MK-15 to
    # MK-23, MK-26): kept or counted, a team's score is its base plus its posed values.
    kept = 0
    for seed in range(10):
        state = GAME.new(seed, players, options)
        assert isinstance(state, MimikState)
        rng = Rng(seed)
        while not state.is_over():
            kept += state._scores is not None
            assert state.team_scores() == counted(state)
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.team_scores() == counted(state)
    assert kept > 0  # the scores were kept, not only counted


def test_mk5_a_table_changed_by_hand_gives_its_own_scores() -> None:
    # Pins MK-5 for scenario tests and tools that set posed cards and bases by hand.
    state = table(2, hands=[["1", "2"], ["3"]], posed_cards=[[7], [4]])
    assert scores(state) == [7, 4]
    state.posed[0].append(pose_spec(9))
    assert scores(state) == [16, 4]
    state.base[1] = 25
    assert scores(state) == [16, 29]
    state.posed = [[], [pose_spec(3)]]
    state.base = [10, 0]
    assert scores(state) == [10, 3]
