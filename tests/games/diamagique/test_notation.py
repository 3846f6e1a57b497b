"""The notation: every action has a short text, parse() is its exact inverse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core import NotationError, Rng
from ludotheque.games.diamagique import GAME
from ludotheque.games.diamagique.catalog import CARDS, CHATEAU_SLUGS, SORT_SLUGS
from ludotheque.games.diamagique.notation import Defausser, JouerChateau, Lancer, Poser


def test_examples_read_like_the_game() -> None:
    sort = next(i for i, s in enumerate(CARDS.sorts) if s.name == "Torrent de lave")
    castle = next(i for i, c in enumerate(CARDS.chateaux) if c.name == "Château des Brumes")
    assert Lancer(sort, 1).text() == "M2 torrent-de-lave"
    assert JouerChateau(castle).text() == "chateau chateau-des-brumes"
    assert Poser(2).text() == "pose M3"
    assert Defausser(sort).text() == "defausse torrent-de-lave"
    assert GAME.parse("M2 torrent-de-lave") == Lancer(sort, 1)


def test_every_card_round_trips() -> None:
    for i in range(len(CARDS.sorts)):
        for p in range(3):
            a = Lancer(i, p)
            assert GAME.parse(a.text()) == a
        assert GAME.parse(Defausser(i).text()) == Defausser(i)
    for i in range(len(CARDS.chateaux)):
        assert GAME.parse(JouerChateau(i).text()) == JouerChateau(i)
    assert len(set(SORT_SLUGS)) == len(SORT_SLUGS)
    assert len(set(CHATEAU_SLUGS)) == len(CHATEAU_SLUGS)


@pytest.mark.parametrize("text", [
    "", " ", "M4 tison", "M1", "M1 tison ", " M1 tison", "M1  tison", "m1 tison", "M1 Tison",
    "M1 tison-x", "pose M4", "pose", "chateau tison", "defausse fonderie", "lance M1 tison",
    "pose M1 M2",
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
    assert action.text() == text


@given(st.integers(min_value=0, max_value=10**6))
@settings(max_examples=15, deadline=None)
def test_legal_actions_round_trip_along_a_random_game(seed: int) -> None:
    state = GAME.new(seed, 2, {"official_match": seed % 2 == 1})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert GAME.parse(action.text()) == action
        state.apply(seat, rng.choice(legal))
