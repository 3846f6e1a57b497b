"""MIMIK's bot knowledge: the win chances of a race to the target, the rollout policy, the
levels' knobs, and whole games played by the levels."""

from __future__ import annotations

import pytest

from ludotheque.bots import common, make_bot
from ludotheque.bots.levels import _GAME_SETTINGS
from ludotheque.core import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik import bots as mimik_bots
from ludotheque.games.mimik.rules import MimikState
from tests.games.mimik.helpers import table

FILL = ["Pause", "Pause", "Pause"]


def test_the_module_registers_its_knowledge() -> None:
    assert common.WIN_CHANCES["mimik"] is mimik_bots.win_chances
    assert common.ROLLOUT_POLICIES["mimik"] is mimik_bots.rollout_policy
    for level in ("facile", "difficile"):
        assert ("mimik", level) in _GAME_SETTINGS
    # Moyen keeps the generic knobs: random playouts leave Difficile's policy playouts room
    # above it (a Moyen with the same playouts as Difficile was as strong at 2 players).
    assert ("mimik", "moyen") not in _GAME_SETTINGS


def test_win_chances_are_a_share_of_one_favouring_the_seat_nearer_the_target() -> None:
    state = table(4, hands=[FILL] * 4, base=[10, 40, 20, 30], active=0)
    chances = mimik_bots.win_chances(state)
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert chances[1] == max(chances)
    assert chances[0] == min(chances)
    assert chances[3] > chances[2]


def test_mk9_a_hand_that_lands_on_the_target_raises_the_chances() -> None:
    # Seat 1 needs 6: with a 6 in hand it finishes at its next turn (MK-12, MK-9).
    without = table(3, hands=[FILL, ["1", *FILL], FILL], base=[30, 44, 30])
    holding = table(3, hands=[FILL, ["6", *FILL], FILL], base=[30, 44, 30])
    assert mimik_bots.win_chances(holding)[1] > mimik_bots.win_chances(without)[1]


def test_mk26_a_mimik_finishes_by_copying_a_visible_value() -> None:
    state = table(2, hands=[["MIMIK", *FILL], FILL], posed_cards=[[], [7]], base=[43, 0])
    assert mimik_bots.can_finish(state, 0, state.hands[0], 7, mimik_bots.visible_values(state))
    assert not mimik_bots.can_finish(state, 0, state.hands[0], 6,
                                     mimik_bots.visible_values(state))


def test_mk7_a_score_above_the_target_counts_as_the_base_it_falls_back_to() -> None:
    assert mimik_bots.standing(53, 50) == 25
    assert mimik_bots.standing(50, 50) == 50
    assert mimik_bots.standing(31, 30) == 25


def test_the_seat_to_play_is_ahead_of_an_equal_rival() -> None:
    state = table(2, hands=[FILL, FILL], base=[30, 30], active=0)
    chances = mimik_bots.win_chances(state)
    assert chances[0] > chances[1]


def test_mk14_a_paused_seat_loses_a_round() -> None:
    state = table(3, hands=[FILL] * 3, base=[30, 30, 30], active=0)
    before = mimik_bots.win_chances(state)[1]
    state.skip[1] = True
    assert mimik_bots.win_chances(state)[1] < before


def test_in_team_mode_partners_share_their_chances() -> None:
    state = table(4, hands=[FILL] * 4, team=True, base=[20, 40])
    chances = mimik_bots.win_chances(state)
    assert chances[0] == pytest.approx(chances[2])
    assert chances[1] == pytest.approx(chances[3])
    assert chances[1] > chances[0]
    assert sum(chances) == pytest.approx(2.0)  # each side counted once per member


def test_an_ended_game_is_its_result() -> None:
    state = table(2, hands=[["6", *FILL], FILL], base=[44, 0])
    state.play("pose 6")
    assert state.is_over()
    assert mimik_bots.win_chances(state) == [1.0, 0.0]


def _policy(state: MimikState, seat: int, seed: int = 0) -> str:
    """The policy's play with no randomness: no random move, every legal action judged."""
    saved = mimik_bots.EPSILON, mimik_bots.WIDTH
    mimik_bots.EPSILON, mimik_bots.WIDTH = 0.0, 1000
    try:
        legal = state.legal_actions(seat)
        return mimik_bots.rollout_policy(state, seat, legal, Rng(seed)).text()
    finally:
        mimik_bots.EPSILON, mimik_bots.WIDTH = saved


def test_mk9_the_policy_lands_exactly_on_the_target_when_it_can() -> None:
    state = table(2, hands=[["3", "6", "9", "Sabotage", "Pause", "Half"], FILL], base=[44, 0])
    assert _policy(state, 0) == "pose 6"


def test_mk26_the_policy_finishes_with_a_mimik_copy() -> None:
    state = table(3, hands=[["MIMIK", "1", "2", "Pause", "Pause", "Pause"], FILL, FILL],
                  posed_cards=[[], [8], []], base=[42, 0, 0])
    assert _policy(state, 0) == "MIMIK = 8"


def test_mk15_the_policy_sabotages_a_leader_about_to_finish() -> None:
    # Seat 1 stands at 48 with 40 of it posed, and holds a 2: it wins at its next turn
    # unless it loses a card now. Seat 0 cannot finish.
    state = table(3, hands=[["Sabotage", "1", "1", "1", "1", "1"], ["2", *FILL], FILL],
                  posed_cards=[[], [10, 10, 10, 10], []], base=[10, 8, 10])
    assert _policy(state, 0).startswith("Sabotage 1.")


def test_mk8_the_policy_only_plays_legal_actions_over_whole_games() -> None:
    rng = Rng(3)
    for seed in range(4):
        state = GAME.new(seed, 2 + seed % 3)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = mimik_bots.rollout_policy(state, seat, legal, rng)
            assert action in legal
            state.apply(seat, action)


@pytest.mark.parametrize("players", [2, 4])
def test_the_levels_play_whole_games_legally(players: int) -> None:
    specs = ["facile:nodes=10:time=0", "moyen:nodes=20:time=0",
             "difficile:nodes=30:time=0", "moyen:nodes=20:time=0"][:players]
    bots = [make_bot(s, i) for i, s in enumerate(specs)]
    state = GAME.new(7, players)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.result() is not None


def test_mk23_mk16_the_policy_counts_a_tsunami_and_a_swap_on_the_partner() -> None:
    # Seats 0 and 2 are partners: a Tsunami takes the partner's highest card too (MK-23), and a
    # swap within the team changes no side's score (MK-16, MK-5).
    from ludotheque.games.mimik.notation import Swap, Tsunami

    state = table(4, team=True, hands=[["Tsunami", "Swap", "1", "1", "1", "1"], ["1"] * 5,
                                       ["1"] * 5, ["1"] * 5],
                  posed_cards=[[2], [3], [9, 4], [5]])
    assert mimik_bots.score_effect(state, 0, Tsunami()) == {1: -8, 0: -9}
    assert mimik_bots.score_effect(state, 0, Swap(0, 2, 0)) == {}
    assert mimik_bots.score_effect(state, 0, Swap(0, 1, 0)) == {0: 1, 1: -1}
