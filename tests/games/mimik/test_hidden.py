"""Hidden information: views, determinize, and the bots' heuristic."""

from __future__ import annotations

from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import MIMIK

from .helpers import code, play, table


def test_mk21_determinize_keeps_the_robbed_hand_for_the_pickpocket_only() -> None:
    # Pins MK-21.
    state = table(3, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["8", "9", "Tsunami"],
                            ["4", "5", "6", "7", "10"]], deck=[str(v) for v in range(1, 11)] * 3)
    play(state, "Pickpocket 1")
    for k in range(10):
        mine = state.determinize(0, Rng(k))
        assert mine.hands[0] == state.hands[0] and mine.hands[1] == state.hands[1]
        assert mine.view(0) == state.view(0)
        assert mine.legal_actions(0) == state.legal_actions(0)
    changed = {tuple(state.determinize(2, Rng(k)).hands[1]) for k in range(10)}
    assert len(changed) > 1  # seat 2 does not know what seat 1 holds


def test_mk25_determinize_deals_no_hand_two_mimiks() -> None:
    # Pins MK-25.
    state = table(3, hands=[["1", "1", "1", "1", "1", "1"], ["MIMIK", "2", "2", "2", "2"],
                            ["3", "3", "3", "3", "3"]], deck=["MIMIK"] * 6 + ["9"] * 10)
    for k in range(30):
        redealt = state.determinize(0, Rng(k))
        assert all(h.count(MIMIK) <= 1 for h in redealt.hands)
        assert sorted(redealt.deck + redealt.hands[1] + redealt.hands[2]) == sorted(
            state.deck + state.hands[1] + state.hands[2])


def test_the_spectator_sees_no_hand_and_determinize_none_redeals_all() -> None:
    state = GAME.new(4, 4)
    view = state.view(None)
    assert "hand" not in view and "robbed_hand" not in view
    redealt = state.determinize(None, Rng(1))
    assert redealt.view(None) == view


def test_the_heuristic_stays_in_range_and_prefers_being_near_the_target() -> None:
    near = table(2, hands=[["1"] * 6, ["1"] * 5], posed_cards=[[10, 10, 10, 10, 5], [3]])
    far = table(2, hands=[["1"] * 6, ["1"] * 5], posed_cards=[[3], [10, 10, 10, 10, 5]])
    h_near, h_far = GAME.heuristic(near, 0), GAME.heuristic(far, 0)
    assert h_near is not None and h_far is not None
    assert -1.0 <= h_far < h_near <= 1.0
    near.hands[0] = [code("5")] * 6
    play(near, "pose 5")
    assert GAME.heuristic(near, 0) == 1.0 and GAME.heuristic(near, 1) == -1.0
