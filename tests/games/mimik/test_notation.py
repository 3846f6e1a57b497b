"""The notation: exact round trip, and NotationError for anything else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.errors import NotationError
from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import DISCARD_TWO, MIMIK, PAUSE, SABOTAGE, SWAP_SCORE
from ludotheque.games.mimik.notation import (
    Copy,
    CopyAction,
    Discard,
    DiscardTwo,
    Drop,
    Keep,
    Pause,
    Pickpocket,
    Pose,
    Sabotage,
    Swap,
    SwapScore,
    Take,
    Tsunami,
)

EXAMPLES = [
    ("pose 7", Pose(7)),
    ("pose MIMIK", Pose(MIMIK)),
    ("discard Swap Score", Discard(SWAP_SCORE)),
    ("Sabotage 2.1", Sabotage(2, 1)),
    ("Swap 0 3.12", Swap(0, 3, 12)),
    ("Pause", Pause()),
    ("Tsunami", Tsunami()),
    ("Discard x2 3 Pause", DiscardTwo(3, PAUSE)),
    ("Discard x2 Discard x2 MIMIK", DiscardTwo(DISCARD_TWO, MIMIK)),
    ("Pickpocket 4", Pickpocket(4)),
    ("Swap Score 1", SwapScore(1)),
    ("MIMIK = 11", Copy(11)),
    ("MIMIK Sabotage 1.0", CopyAction(Sabotage(1, 0))),
    ("take pose 9", Take(Pose(9))),
    ("take MIMIK Pickpocket 2", Take(CopyAction(Pickpocket(2)))),
    ("keep Sabotage discard 3", Keep(SABOTAGE, 3)),
    ("drop 2", Drop(2)),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_each_kind_of_action_round_trips(text: str, action: object) -> None:
    assert GAME.parse(text) == action
    assert GAME.parse(text).text() == text


def test_spaces_are_normalised() -> None:
    assert GAME.parse("  Swap   Score  1 ").text() == "Swap Score 1"


@pytest.mark.parametrize("text", [
    "", "pose", "pose 11", "pose Sabotage", "pose 07", "Sabotage 1", "Sabotage 1.x",
    "Swap 1.0", "Discard x2 9 3", "Discard x2 9", "MIMIK", "MIMIK = 12", "MIMIK pose 3",
    "take discard 3", "take take pose 3", "keep 3", "keep 3 discard", "drop -1", "Swap Score",
    "PAUSE", "discard Joker", "Tsunami now", "take keep 3 discard 4",
])
def test_anything_else_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse(text)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_parse_raises_only_notation_errors(text: str) -> None:
    try:
        action = GAME.parse(text)
    except NotationError:
        return
    assert GAME.parse(action.text()) == action


@given(st.lists(st.sampled_from([t for t, _ in EXAMPLES] + ["1", "2.3", "x2", "=", "MIMIK"]),
                min_size=1, max_size=4))
@settings(max_examples=300, deadline=None)
def test_glued_pieces_of_notation_parse_or_fail_cleanly(pieces: list[str]) -> None:
    text = " ".join(pieces)
    try:
        action = GAME.parse(text)
    except NotationError:
        return
    assert action.text() == " ".join(text.split())


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_legal_action_of_random_games_round_trips(players: int) -> None:
    rng = Rng(players)
    state = GAME.new(players, players)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert GAME.parse(action.text()) == action
        state.apply(seat, rng.choice(legal))
