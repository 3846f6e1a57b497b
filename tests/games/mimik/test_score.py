"""The score: MK-5 to MK-9."""

from __future__ import annotations

from ludotheque.games.mimik.cards import MIMIK

from .helpers import code, kinds, play, rulings, scores, table, values


def test_mk5_the_score_is_the_base_plus_the_posed_values() -> None:
    # Pins MK-5.
    state = table(3, hands=[["1"]] * 3, posed_cards=[[7, 3], ["M6", "M:Sabotage"], []],
                  base=[25, 0, 0])
    assert scores(state) == [35, 6, 0]


def test_mk5_in_team_mode_partners_share_one_score() -> None:
    # Pins MK-5.
    state = table(4, team=True, hands=[["1"]] * 4, posed_cards=[[7], [2], [10], [4]],
                  base=[25, 0])
    # Seats 0 and 2 are one team, seats 1 and 3 the other (MK-4).
    assert scores(state) == [42, 6, 42, 6]


def test_mk6_a_changed_value_stays_with_the_posed_card() -> None:
    # Pins MK-6.
    state = table(2, hands=[["Reverse", "1"], ["Half", "1"]], posed_cards=[[9], []],
                  deck=["2", "2", "2"])
    play(state, "Reverse 0.0")
    assert values(state, 0) == [2]  # 9 -> 2
    play(state, "Half 0.0")
    assert values(state, 0) == [1]  # halved from 2, not from the printed 9


def test_mk7_above_the_target_at_the_end_of_the_turn_resets_to_25() -> None:
    state = table(2, hands=[["Swap", "1"], ["1"]], posed_cards=[[10, 10], [9, 9, 9, 9, 2, "M5"]])
    assert scores(state) == [20, 43]
    events = play(state, "Swap 0 1.4")  # seat 0 gives a 10, takes the 2: seat 1 goes to 51
    assert "overshoot" in kinds(events) and "MK-7" in rulings(events)
    assert state.score(1) == 25 and state.posed[1] == []  # its posed MIMIK went too
    assert state.score(0) == 12
    assert MIMIK in state.discard


def test_mk7_the_reset_applies_to_the_whole_team() -> None:
    # Pins MK-7.
    state = table(4, team=True, hands=[["Reverse", "1"], ["1"], ["1"], ["1"]],
                  posed_cards=[[], [1], [], [9, 9, 9, 9, 9]])
    assert state.score(1) == 46
    play(state, "Reverse 1.0")  # 1 -> 10: the team of seats 1 and 3 reaches 55
    assert state.score(1) == 25 and state.posed[1] == [] and state.posed[3] == []


def test_mk8_a_value_card_that_would_overshoot_cannot_be_posed() -> None:
    # Pins MK-8.
    state = table(2, hands=[["6", "5", "4", "1"], ["1"]], posed_cards=[[9, 9, 9, 9, 9], []])
    assert state.score(0) == 45
    legal = state.legal_texts(0)
    assert "pose 5" in legal and "pose 4" in legal
    assert "pose 6" not in legal
    assert "discard 6" in legal


def test_mk8_no_swap_swap_score_reverse_or_copy_may_overshoot() -> None:
    # Pins MK-8.
    state = table(2, hands=[["Swap", "Swap Score", "Reverse", "MIMIK", "1"], ["1"]],
                  posed_cards=[[9, 9, 9, 9, 2], [8, 10, 1]], discard=["9"])
    assert scores(state) == [38, 19]
    legal = state.legal_texts(0)
    assert "Swap 4 1.0" in legal  # 38 - 2 + 8 = 44
    assert "Swap 4 1.1" in legal  # 46
    assert "Swap 0 1.1" in legal
    assert "Reverse 0.4" in legal  # 2 -> 9: 45
    assert "Reverse 1.2" in legal  # an opponent's card: no limit
    assert "Swap Score 1" in legal
    assert "MIMIK = 9" in legal and "MIMIK = 10" in legal
    state.base[0] = 6  # now 44
    legal = state.legal_texts(0)
    assert "Swap 4 1.1" not in legal  # 52
    assert "Swap 4 1.0" in legal  # 50
    assert "Reverse 0.4" not in legal  # 2 -> 9: 51
    assert "MIMIK = 7" not in legal and "MIMIK = 6" not in legal  # no 6 is visible
    assert "MIMIK = 2" in legal
    state.base[1] = 40  # seat 1 now at 59 (artificially): its score may not be taken
    assert "Swap Score 1" not in state.legal_texts(0)


def test_mk8_reversing_to_exactly_the_target_is_allowed() -> None:
    # Pins MK-8.
    state = table(2, hands=[["Reverse", "1"], ["1"]], posed_cards=[[9, 9, 9, 9, 2], []],
                  base=[5, 0])
    assert state.score(0) == 43
    assert "Reverse 0.4" in state.legal_texts(0)
    play(state, "Reverse 0.4")
    assert state.is_over() and state.result().winners == (0,)  # type: ignore[union-attr]


def test_mk8_others_may_push_a_player_above_the_target() -> None:
    # Pins MK-8.
    state = table(2, hands=[["Reverse", "1"], ["1"]], posed_cards=[[], [9, 9, 9, 9, 9, 1]])
    assert state.score(1) == 46
    assert "Reverse 1.5" in state.legal_texts(0)  # 1 -> 10: 55, allowed on an opponent
    play(state, "Reverse 1.5")
    assert state.score(1) == 25  # MK-7 at the end of seat 0's turn


def test_mk9_the_exact_target_wins_at_once() -> None:
    state = table(2, hands=[["5", "1"], ["1"]], posed_cards=[[9, 9, 9, 9, 9], []])
    events = play(state, "pose 5")
    assert state.is_over()
    result = state.result()
    assert result is not None and result.winners == (0,) and result.reason == "target_reached"
    assert result.ruling == "MK-9" and "won" in kinds(events)
    assert state.to_act() == () and state.legal_actions(0) == []


def test_mk9_a_player_can_win_in_someone_elses_turn() -> None:
    # Pins MK-9.
    # Seat 0 swaps its 10 for seat 1's 2: seat 1 goes from 42 to 50 and wins at once.
    state = table(2, hands=[["Swap", "1"], ["1"]], posed_cards=[[10], [10, 10, 10, 10, 2]])
    play(state, "Swap 0 1.4")
    result = state.result()
    assert result is not None and result.winners == (1,)


def test_mk9_when_several_reach_it_the_first_after_the_active_player_wins() -> None:
    # Pins MK-9.
    # An artificial position: seats 2 and 3 stand at 60 during seat 1's turn; a Tsunami
    # brings both to exactly 50 at once; seat 2 comes first after seat 1.
    state = table(4, active=1, hands=[["1"], ["Tsunami", "1"], ["1"], ["1"]],
                  posed_cards=[[], [], [10, 10, 10, 10, 10, 10], [10, 10, 10, 10, 10, 10]])
    assert scores(state) == [0, 0, 60, 60]
    play(state, "Tsunami")
    result = state.result()
    assert result is not None and result.winners == (2,)


def test_mk9_the_active_player_wins_a_tie_when_among_them() -> None:
    # Pins MK-9.
    # An artificial position: seat 2 already stands at 50 when seat 0 reaches it.
    state = table(3, hands=[["5", "1"], ["1"], ["1"]],
                  posed_cards=[[10, 10, 10, 10, 5], [], [10, 10, 10, 10, 10]], base=[0, 0, 0])
    state.posed[0].pop()
    assert scores(state) == [40, 0, 50]
    state.hands[0] = [code("10"), code("1")]
    play(state, "pose 10")
    result = state.result()
    assert result is not None and result.winners == (0,)
