"""Action-count regression tables (like chess perft at depth 1): fixed positions, the number of
legal actions, each count checked against the naive generator of helpers.py, which shares no
code with the engine; then both generators compared on positions of random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanState

from .helpers import fen_of, naive_actions

COUNTS = [
    # after placement, the first move of the battle
    ("k4mkl1/2bcke3/9/9/9/9/9/BX3C3/LB1MX2X1 w 0 0,0 0,0", 59),
    ("f2g1k3/a4lacf/9/9/9/9/9/PLCA1F3/2L1G2K1 w 0 0,0 0,0", 37),
    ("k1ff5/1c1l2sbk/9/9/9/9/9/4G1S1B/1BGSC1K2 w 0 0,0 0,0", 29),
    # middle games
    ("y3b3x/6c2/5l3/2fy5/4l4/3F1F3/4L4/4C2BB/4E1E2 b 25 0,0 0,6", 66),
    ("l8/2c1a2gy/9/2g6/8y/7f1/1P1F5/4L1Y1P/2A2CP2 w 60 0,0 0,0", 53),
    ("e5ep1/2a5b/2c2lx2/9/6P2/6X2/9/5E3/XA3P1C1 w 60 0,0 14,0", 64),
    ("c6e1/m2f1gk1k/9/9/p6C1/4M1K2/9/1M4E2/2G1P2E1 b 25 0,0 0,0", 40),
    # every kind at once, in contact (shields, paralysis, pushes, shots, swaps)
    ("4c4/2pf1y3/1e1a1b3/2L1M1K2/1S2X2G1/2B1A1F2/3Y1E1P1/9/4C4 w 0 0,0 0,0", 82),
    ("4c4/2pf1y3/1e1a1b3/2L1M1K2/1S2X2G1/2B1A1F2/3Y1E1P1/9/4C4 b 0 0,0 0,0", 36),
]


@pytest.mark.parametrize(("fen", "count"), COUNTS, ids=[f"position{i}" for i in range(len(COUNTS))])
def test_action_counts_match_the_table_and_the_naive_generator(fen: str, count: int) -> None:
    state = GAME.position(fen)
    engine = state.legal_texts(state.turn)
    naive = naive_actions(fen)
    assert len(engine) == len(set(engine)) == count
    assert set(engine) == naive


def test_both_generators_agree_on_positions_of_random_games() -> None:
    checked = 0
    for seed in range(12):
        state = GAME.new(seed, 2, {"placement": "hidden" if seed % 2 else "open"})
        assert isinstance(state, MitanState)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == 2 and not state.twice:  # no history in the naive reading
                assert set(state.legal_texts(seat)) == naive_actions(state.fen()), state.fen()
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 500


LETTERS = "FLMSGKABPEXY"
squares = st.sampled_from([f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)])
pieces = st.sampled_from([*LETTERS, *LETTERS.lower()])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(squares, pieces, min_size=0, max_size=24), squares, squares,
       st.sampled_from("wb"))
def test_both_generators_agree_on_arbitrary_positions(board: dict[str, str], white_chef: str,
                                                      black_chef: str, side: str) -> None:
    if white_chef == black_chef:
        return
    board = {**board, white_chef: "C", black_chef: "c"}
    fen = fen_of(board, side)
    state = GAME.position(fen)
    engine = state.legal_texts(state.turn)
    assert len(engine) == len(set(engine))
    assert set(engine) == naive_actions(fen)
