"""Notation (MT-4) and positions written as text, with exact round trips; the board (MT-1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.errors import NotationError
from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanState
from ludotheque.games.mitan.board import MITANS, SQUARE_NAMES, square
from ludotheque.games.mitan.notation import Move, Pass, Pick, Place


def test_mt1_board_squares_and_mitans() -> None:
    # Pins MT-1.
    assert len(SQUARE_NAMES) == 81
    assert (square("a1"), square("i1"), square("a9"), square("i9")) == (0, 8, 72, 80)
    assert [SQUARE_NAMES[m] for m in MITANS] == ["c5", "e5", "g5"]
    view = GAME.new(1).view(None)
    assert view["mitans"] == ["c5", "e5", "g5"]


@pytest.mark.parametrize("text", [
    "pick L", "pick Y", "C@e1", "L@c2", "F@i9", "Lc2-c5", "Lc2xc4", "Ac2*c4", "Bc2>c3",
    "Bc2xc3", "Xc2<>e7", "Ye6<>c7", "pass",
])
def test_mt4_every_kind_of_action_round_trips(text: str) -> None:
    # Pins MT-4.
    action = GAME.parse(text)
    assert action.text() == text
    assert GAME.parse(action.text()) == action


def test_mt4_parsed_actions_have_the_right_types() -> None:
    # Pins MT-4.
    assert isinstance(GAME.parse("pick L"), Pick)
    assert isinstance(GAME.parse("L@c2"), Place)
    assert isinstance(GAME.parse("Lc2-c5"), Move)
    assert isinstance(GAME.parse("pass"), Pass)
    move = GAME.parse("Bc2>c3")
    assert isinstance(move, Move)
    assert (SQUARE_NAMES[move.origin], SQUARE_NAMES[move.target]) == ("c2", "c3")


@pytest.mark.parametrize("text", [
    "", " ", "pick C", "pick Z", "Z@c2", "L@j2", "L@c0", "Lc2-c2", "Lc2*c4", "Fc2>c3",
    "Lc2<>c4", "lc2-c5", "Lc2c5", " Lc2-c5", "pass ", "PASS", "L c2-c5", "Lc2-c10",
])
def test_mt4_anything_else_is_a_notation_error(text: str) -> None:
    # Pins MT-4.
    with pytest.raises(NotationError):
        GAME.parse(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_mt4_parse_raises_only_notation_errors(text: str) -> None:
    # Pins MT-4.
    try:
        action = GAME.parse(text)
    except NotationError:
        return
    assert action.text() == text


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=200))
def test_mt4_every_legal_action_of_random_games_round_trips(seed: int, steps: int) -> None:
    # Pins MT-4.
    state = GAME.new(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert GAME.parse(action.text()) == action
        state.apply(seat, rng.choice(legal))


def test_position_text_round_trip_and_defaults() -> None:
    fen = "4c4/9/9/2F1f4/9/9/9/9/4C4 b 12 1,0 3,4"
    state = GAME.position(fen)
    assert state.fen() == fen
    assert GAME.position("4c4/9/9/9/9/9/9/9/4C4").fen() == "4c4/9/9/9/9/9/9/9/4C4 w 0 0,0 0,0"


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=120))
def test_position_text_of_random_battles_round_trips(seed: int, plies: int) -> None:
    state = GAME.new(seed)
    assert isinstance(state, MitanState)
    rng = Rng(seed)
    while not state.is_over() and (state.phase < 2 or state.ply < plies):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if state.is_over():
        return
    again = GAME.position(state.fen())
    assert again.fen() == state.fen()
    assert again.board == state.board
    if not state.twice:  # the position text carries no history (MT-18)
        assert sorted(again.legal_texts(again.turn)) == sorted(state.legal_texts(state.turn))


@pytest.mark.parametrize("text", [
    "", "9/9/9", "4c4/9/9/9/9/9/9/9/4C4 x", "4c4/9/9/9/9/9/9/9/9 w",
    "4c4/9/9/9/9/9/9/9/4C5 w", "4c4/9/9/9/9/9/9/9/4Z4 w", "4c4/9/9/9/9/9/9/9/4C4 w -1",
    "4c4/9/9/9/9/9/9/9/4C4 w 0 2,0", "4c4/9/9/9/9/9/9/9/4C4 w 150",
    "4c4/9/9/9/9/9/9/9/4C4 w a b c", "4c4/9/9/9/9/9/9/9/4C4 w 0 0,0 0,0 extra",
    "4cc3/9/9/9/9/9/9/9/4C4 w",
])
def test_position_text_errors_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.position(text)


def test_actions_built_by_hand_out_of_range_are_refused_not_crashing() -> None:
    from ludotheque.core.errors import IllegalAction

    state = GAME.new(1)
    for action in (Pick(20), Pick(0), Pick(1), Place(3, 3)):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    battle = GAME.position("4c4/9/9/9/9/9/9/9/4C4 w")
    for move in (Move(10**9), Move(-5), Move(7)):
        with pytest.raises(IllegalAction):
            battle.apply(0, move)
