"""A MIMIK state pickled or copied by the copy module is its saved form read back: the same game
from there on, and nothing shared with the original. The compiled build (COMPILED) keeps the
fields differently from plain Python, so the pickle is the saved form in both."""

from __future__ import annotations

import copy
import pickle

from ludotheque.core import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.rules import MimikState

from .helpers import table


def _midgame(seed: int, players: int, actions: int) -> MimikState:
    state = GAME.new(seed, players, {"team": players == 4})
    assert isinstance(state, MimikState)
    rng = Rng(seed)
    for _ in range(actions):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _rest(state: MimikState, seed: int) -> list[object]:
    """The rest of the game by seeded random play: every legal list and event."""
    rng = Rng(seed)
    out: list[object] = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        out.append(legal)
        out.append([e.to_json() for e in state.play(rng.choice(legal), seat)])
    return out


def test_a_pickled_state_plays_the_same_game_as_the_original() -> None:
    for seed, players in [(1, 2), (2, 4), (3, 5), (4, 8)]:
        state = _midgame(seed, players, 40 + seed)
        again = pickle.loads(pickle.dumps(state))
        assert type(again) is MimikState
        assert again.to_json() == state.to_json()
        assert again.view(0) == state.view(0)
        assert _rest(again, seed) == _rest(state, seed)


def test_copies_share_nothing_with_the_original() -> None:
    state = _midgame(5, 3, 30)
    saved = state.to_json()
    for other in (copy.copy(state), copy.deepcopy(state)):
        assert isinstance(other, MimikState)
        assert other.to_json() == saved
        _rest(other, 5)  # played to its end
        assert state.to_json() == saved  # the original did not move


def test_a_table_set_by_hand_pickles_with_its_scores() -> None:
    # A scenario's table (posed cards and bases set by hand): the copy counts its scores
    # from the cards, as the original does (MK-5).
    state = table(3, hands=[["7"], ["2"], ["3"]], posed_cards=[[10, "M7"], [(9, 4)], []],
                  base=[25, 0, 0], mimik_posed=[0])
    again = pickle.loads(pickle.dumps(state))
    assert [again.score(s) for s in range(3)] == [state.score(s) for s in range(3)] == [42, 4, 0]
