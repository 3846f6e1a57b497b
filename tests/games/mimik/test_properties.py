"""Properties of whole random games (Hypothesis picks the seeds and setups)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.rng import Rng
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import MIMIK, NAMES, printed
from ludotheque.games.mimik.rules import PICK, MimikState

SETUPS: list[tuple[int, dict[str, object]]] = [(p, {}) for p in range(2, 9)] + [
    (4, {"team": True}), (6, {"team": True, "target": 30}), (3, {"target": 75}),
    (3, {"beginner": True})]


def cards_in_play(state: MimikState) -> int:
    # During a Tsunami tie, the Tsunami card waits to go to the discard pile (MK-13).
    total = len(state.deck) + len(state.discard) + (1 if state.pending_card else 0)
    for seat in range(state.players):
        total += len(state.hands[seat]) + len(state.posed[seat])
    return total


@given(st.integers(0, 10_000), st.sampled_from(SETUPS), st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_random_games_keep_every_rule_invariant(seed: int, setup: tuple[int, dict[str, object]],
                                                pick: int) -> None:
    players, options = setup
    state = GAME.new(seed, players, options)
    assert isinstance(state, MimikState)
    deck_size = cards_in_play(state)
    rng = Rng(pick)
    steps = 0
    while not state.is_over() and steps < 400:
        seat = state.to_act()[0]
        # MK-1: no card appears or vanishes.
        assert cards_in_play(state) == deck_size
        # MK-25: nobody holds two MIMIKs before posing one.
        assert all(state.hands[s].count(MIMIK) <= 1 or state.mimik_posed[s]
                   for s in range(players))
        if state.phase != PICK and seat == state.active:
            # MK-7 is applied at every turn's end: a turn starts with nobody above the target.
            assert all(state.score(s) <= state.target for s in range(players))
        legal = state.legal_actions(seat)
        for action in legal:
            assert state.why_illegal(seat, action) is None
        action = rng.choice(legal)
        before = state.score(seat)
        state.apply(seat, action)
        if not state.is_over() and state.active == seat:
            # MK-8: a player's own action never leaves them above the target.
            assert state.score(seat) <= state.target or before > state.target
        steps += 1
    counts = Counter(state.deck + state.discard + [c for h in state.hands for c in h]
                     + [printed(c) for p in state.posed for c in p])
    assert sum(counts.values()) == deck_size


@given(st.integers(0, 10_000), st.integers(2, 8), st.integers(0, 60))
@settings(max_examples=30, deadline=None)
def test_views_show_only_ones_own_hand(seed: int, players: int, moves: int) -> None:
    state = GAME.new(seed, players)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, MimikState)
    spectator = state.view(None)
    assert "hand" not in spectator and "robbed_hand" not in spectator
    for seat in range(players):
        view = state.view(seat)
        json.dumps(view)
        assert view["hand"] == [NAMES[c] for c in state.hands[seat]]
        assert view["hand_sizes"] == [len(h) for h in state.hands]
        shown = json.dumps(view)
        redealt = state.determinize(seat, Rng(seed + 1))
        assert json.dumps(redealt.view(seat)) == shown



