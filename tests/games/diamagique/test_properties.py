"""Properties along random games: nothing is created or lost, and totals follow DG-16."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core import Rng
from ludotheque.games.diamagique import GAME, DiamagiqueOptions
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.rules import DiamagiqueState

DECKS = [d.name for d in CARDS.decks]


@given(st.integers(0, 10**9), st.sampled_from(DECKS), st.sampled_from(DECKS), st.booleans())
@settings(max_examples=12, deadline=None)
def test_cards_and_diamagiques_are_conserved(seed: int, a: str, b: str, official: bool) -> None:
    state = GAME.new(seed, 2, DiamagiqueOptions(decks=(a, b), official_match=official))
    assert isinstance(state, DiamagiqueState)
    spells = [Counter(CARDS.deck(name).sorts) for name in (a, b)]
    castles = [Counter(CARDS.deck(name).chateaux) for name in (a, b)]
    rng = Rng(seed)
    while True:
        for s in (0, 1):
            cast = [c for c in state.cast[s * 3:s * 3 + 3] if c >= 0]
            assert Counter(state.hand[s] + state.deck[s] + state.discard[s] + cast) == spells[s]
            in_play = [state.chateau] if state.chateau >= 0 and state.active == s else []
            assert Counter(state.castle_deck[s] + state.castle_discard[s] + in_play) == castles[s]
        gems = state.pot + state.on_chateau + state.won + [g for h in state.held for g in h]
        assert Counter(gems) == {0: 3, 1: 3, 2: 3, 3: 3}  # DG-6
        if state.last is not None:  # DG-16: a total is the sum of the final Puissances
            for s in (0, 1):
                finals = [c["final"] for c in state.last["casts"] if c["seat"] == s]
                assert state.last["totals"][s] == sum(finals)
                assert all(f >= 0 for f in finals)  # DG-14
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result is not None
    assert result.scores == (state.count(0), state.count(1))
