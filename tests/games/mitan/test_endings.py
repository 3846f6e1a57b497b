"""The battle's turn rules and the ways a game ends (MT-17..MT-23)."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.mitan import GAME
from ludotheque.games.mitan.notation import PASS

from .helpers import actions_of, play, position


def reason(state: object) -> str:
    result = state.result()  # type: ignore[attr-defined]
    assert result is not None, "the game should be over"
    return str(result.reason)


# -- MT-17, MT-19: passing ------------------------------------------------------------------------

# Both sides fully paralysed: White's Chef a1 and Envoûteur a2 by the Black Envoûteur b2,
# Black's Chef a3 and Envoûteur b2 by the White Envoûteur a2.
FROZEN = "9/9/9/9/9/9/c8/Ee7/C8 w"


def test_mt17_a_player_without_legal_action_passes_and_the_pass_is_recorded() -> None:
    state = GAME.position(FROZEN + " 0 0,0 3,1")
    assert state.legal_texts(0) == ["pass"]
    events = state.play("pass")
    assert events[0].kind == "pass" and events[0].ruling == "MT-17"
    assert state.turn == 1 and state.ply == 1 and not state.is_over()


def test_mt17_passing_is_illegal_while_an_action_exists() -> None:
    state = position({"e5": "L"})
    with pytest.raises(IllegalAction, match="MT-17"):
        state.apply(0, PASS)


def test_mt19_two_passes_in_a_row_end_the_game_on_centre_points() -> None:
    state = GAME.position(FROZEN + " 0 0,0 3,1")
    play(state, "pass", "pass")
    assert reason(state) == "double_pass"
    result = state.result()
    assert result is not None and result.winners == (0,) and result.scores == (3.0, 1.0)
    assert result.ruling == "MT-19"


def test_mt19_double_pass_with_equal_points_is_a_draw() -> None:
    # Pins MT-19.
    state = GAME.position(FROZEN + " 0 0,0 2,2")
    play(state, "pass", "pass")
    result = state.result()
    assert result is not None and result.is_draw and result.reason == "double_pass"


# -- MT-18: repetition ---------------------------------------------------------------------------

def test_mt18_an_action_making_a_position_occur_a_third_time_is_illegal() -> None:
    state = position({"e1": "L", "e9": "l"})
    shuffle = ["Le1-e2", "Le9-e8", "Le2-e1", "Le8-e9"]
    play(state, *shuffle, *shuffle[:3])  # the start position has occurred twice
    assert "Le8-e9" not in state.legal_texts(1)
    with pytest.raises(IllegalAction, match="MT-18"):
        state.play("Le8-e9")
    state.play("Le8-e7")  # any other action is fine


def test_mt18_a_position_is_the_board_and_the_side_to_move() -> None:
    # Pins MT-18.
    # The same board with the other side to move is another position.
    a = position({"e1": "L", "e9": "l"}, turn="w")
    b = position({"e1": "L", "e9": "l"}, turn="b")
    assert a.key != b.key


# White's Envoûteur walks between a1, a2 and b1; everything else of White's is paralysed.
CORNERED = "4l3c/9/9/9/9/e8/FFe6/1CF6/1EFe5 w"


def test_mt18_when_repetition_leaves_no_legal_action_the_player_passes() -> None:
    # Pins MT-18.
    state = GAME.position(CORNERED)
    play(state,
         "Eb1-a1", "Le9-e8", "Ea1-b1", "Le8-e9",
         "Eb1-a1", "Le9-e8", "Ea1-b1", "Le8-e7",
         "Eb1-a1", "Le7-e9", "Ea1-b1", "Le9-e8",
         "Eb1-a1", "Le8-e9", "Ea1-b1", "Le9-e8",
         "Eb1-a2", "Le8-e9")
    # Both of the Envoûteur's steps would repeat a position a third time.
    assert actions_of(state, "a2") == set()
    assert state.legal_texts(0) == ["pass"]
    state.play("pass")
    assert state.turn == 1 and not state.is_over()


def test_mt18_a_capture_clears_the_history() -> None:
    # Pins MT-18.
    state = position({"e1": "L", "e9": "l", "a5": "M", "c7": "f"})
    play(state, "Le1-e2", "Le9-e8", "Le2-e1", "Le8-e9")
    assert state.twice == 1
    play(state, "Ma5xc7")
    assert state.twice == 0 and len(state.seen) == 1


# -- MT-20: the Chef ----------------------------------------------------------------------------

def test_mt20_capturing_the_enemy_chef_wins_at_once() -> None:
    state = position({"e5": "L", "e7": "c", "c5": "f", "g5": "f"}, tail="0 0,0 0,9")
    play(state, "Le5xe7")
    assert reason(state) == "chef_captured"
    result = state.result()
    assert result is not None and result.winners == (0,) and result.ruling == "MT-20"


def test_mt20_shooting_the_chef_wins() -> None:
    # Pins MT-20.
    state = position({"e5": "a", "e3": "C", "a9": "F"}, turn="b")
    play(state, "Ae5*e3")
    assert reason(state) == "chef_captured" and state.result().winners == (1,)  # type: ignore[union-attr]


# -- MT-21: holding the centre -------------------------------------------------------------------

def test_mt21_two_mitans_at_the_start_of_two_turns_in_a_row_win() -> None:
    state = position({"c4": "F", "e4": "F", "a9": "f"})
    play(state, "Fc4-c5")  # White holds c5 only
    play(state, "Fa9-a8")
    assert state.streak[0] == 0 and state.points[0] == 1
    play(state, "Fe4-e5")  # now c5 and e5
    play(state, "Fa8-a7")  # White's turn starts with 2 Mitans: streak 1
    assert state.streak[0] == 1 and not state.is_over()
    play(state, "Fc5-c6", "Fa7-a6")  # c5 left: the streak returns to 0
    assert state.streak[0] == 0
    play(state, "Fc6-c5", "Fa6-a5")
    assert state.streak[0] == 1
    play(state, "Ca1-b1", "Fa5-a4")  # second turn start in a row with 2 Mitans
    assert reason(state) == "centre_held"
    result = state.result()
    assert result is not None and result.winners == (0,) and result.ruling == "MT-21"


def test_mt21_the_opponent_has_one_turn_to_retake_a_mitan() -> None:
    # Pins MT-21.
    # White holds c5 and e5 with a streak of 1; Black takes c5 back: no win.
    state = position({"c5": "F", "e5": "F", "c7": "l"}, turn="b", tail="0 1,0 2,0")
    play(state, "Lc7xc5")
    assert not state.is_over() and state.streak[0] == 0
    # Had Black not retaken it, White would win at the start of its turn.
    state = position({"c5": "F", "e5": "F", "c7": "l"}, turn="b", tail="0 1,0 2,0")
    play(state, "Lc7-d7")
    assert reason(state) == "centre_held"


def test_mt21_mt23_centre_points_count_each_mitan_at_the_start_of_each_turn() -> None:
    # Pins MT-21, MT-23.
    state = position({"c5": "F", "e5": "F", "g5": "f", "a9": "f"})
    play(state, "Ca1-a2")  # Black's turn starts on g5: 1 point
    assert state.points == [0, 1]
    play(state, "Fa9-a8")  # White's: c5 and e5, 2 points
    assert state.points == [2, 1]


# -- MT-22: annihilation -------------------------------------------------------------------------

def test_mt22_a_player_left_with_only_their_chef_loses() -> None:
    state = position({"e5": "L", "e6": "f"})
    play(state, "Le5xe6")
    assert reason(state) == "annihilation"
    result = state.result()
    assert result is not None and result.winners == (0,) and result.ruling == "MT-22"


# -- MT-23: the half-move limit ------------------------------------------------------------------

def test_mt23_after_150_half_moves_centre_points_decide() -> None:
    state = position({"e1": "L", "e9": "l"}, tail="149 0,0 4,7")
    play(state, "Le1-e2")
    assert reason(state) == "half_move_limit"
    result = state.result()
    assert result is not None and result.winners == (1,) and result.scores == (4.0, 7.0)
    assert result.ruling == "MT-23"


def test_mt23_equal_centre_points_at_the_limit_is_a_draw() -> None:
    # Pins MT-23.
    state = position({"e1": "L", "e9": "l"}, tail="149 0,0 5,5")
    play(state, "Le1-e2")
    result = state.result()
    assert result is not None and result.is_draw and result.reason == "half_move_limit"


def test_mt23_passes_count_as_half_moves() -> None:
    state = GAME.position(FROZEN + " 149 0,0 0,1")
    play(state, "pass")
    # MT-23 after a single pass: the limit is reached before any second pass.
    assert reason(state) == "half_move_limit"


def test_mt20_mt22_order_a_chef_capture_on_the_last_half_move_is_a_chef_capture() -> None:
    # Pins MT-20, MT-22.
    state = position({"e5": "L", "e7": "c", "a9": "f"}, tail="149 0,0 0,9")
    play(state, "Le5xe7")
    assert reason(state) == "chef_captured"
