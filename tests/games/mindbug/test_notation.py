"""The notation: every action's text parses back to it; anything else is a NotationError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.core import NotationError
from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.notation import WORDS, CardAction, Foe, Word

keys = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,6}){0,3}", fullmatch=True)
verbs = st.sampled_from(["play", "attack", "block", "hunt", "pick", "first"])


@given(verbs, st.integers(0, 9999), keys)
def test_card_actions_round_trip(verb: str, card: int, key: str) -> None:
    action = CardAction(verb, card, key)
    assert GAME.parse(action.text()) == action


@pytest.mark.parametrize("word", WORDS)
def test_words_round_trip(word: str) -> None:
    assert GAME.parse(word) == Word(word)
    assert GAME.parse(word).text() == word


def test_foe_round_trip() -> None:
    assert GAME.parse("foe 3") == Foe(3)
    assert Foe(3).text() == "foe 3"


def test_examples_read_like_the_game() -> None:
    assert GAME.parse("play gorillion#12") == CardAction("play", 12, "gorillion")
    assert GAME.parse("attack rhino-tortue#3").text() == "attack rhino-tortue#3"


@pytest.mark.parametrize("text", ["", "play", "play gorillion", "play Gorillion#1",
                                  "play gorillion#01", "jouer gorillion#1", "foe 7",
                                  "mindbug now", "attack #3", "pick a--b#1"])
def test_other_texts_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse(text)


@given(st.text(max_size=30))
def test_parse_raises_only_notation_errors(text: str) -> None:
    try:
        action = GAME.parse(text)
    except NotationError:
        return
    assert GAME.parse(action.text()) == action
