"""Cards and setup: MK-1 to MK-4."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.core.errors import OptionsError
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.carddata import load_cards
from ludotheque.games.mimik.cards import MIMIK, NAMES, printed
from ludotheque.games.mimik.rules import MimikState

from .helpers import code, hand, play


def all_cards(state: MimikState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck + state.discard)
    for seat in range(state.players):
        cards.update(state.hands[seat])
        cards.update(printed(c) for c in state.posed[seat])
    return cards


def test_mk1_the_deck_has_120_cards_80_values_32_actions_8_mimiks() -> None:
    # Pins MK-1.
    deck = Counter(load_cards().deck(beginner=False))
    assert sum(deck.values()) == 120
    assert all(deck[v] == 8 for v in range(1, 11))
    actions = {NAMES[c]: n for c, n in deck.items() if 11 <= c <= 19}
    assert actions == {"Sabotage": 4, "Swap": 4, "Reverse": 4, "Pause": 4, "Half": 4,
                       "Discard x2": 4, "Pickpocket": 4, "Swap Score": 2, "Tsunami": 2}
    assert deck[MIMIK] == 8


@pytest.mark.parametrize("players", range(2, 9))
def test_mk1_mk3_a_new_game_holds_the_whole_deck_and_deals_five_cards(players: int) -> None:
    # Pins MK-1.
    state = GAME.new(seed=players, players=players)
    assert isinstance(state, MimikState)
    assert sum(all_cards(state).values()) == 120
    # MK-3: 5 cards each; MK-10: the first player (MK-2) has drawn its sixth.
    first = state.to_act()[0]
    assert [len(h) for h in state.hands] == [6 if s == first else 5 for s in range(players)]


@pytest.mark.parametrize("players", [2, 4, 8])
def test_mk2_the_first_player_is_drawn_from_the_seed_and_play_goes_clockwise(
        players: int) -> None:
    # MK-2: seats are shuffled by the seed: whoever sits at seat 0 (the room's creator, the
    # daily player) does not always start; play then goes on in seat order.
    firsts: Counter[int] = Counter()
    for seed in range(12 * players):
        state = GAME.new(seed=seed, players=players)
        assert isinstance(state, MimikState)
        first = state.to_act()[0]
        assert GAME.new(seed=seed, players=players).to_act() == (first,)  # the seed decides
        assert len(state.hands[first]) == 6  # MK-10: the first player has drawn
        firsts[first] += 1
    assert sorted(firsts) == list(range(players))
    state = GAME.new(seed=3, players=players)
    first = state.to_act()[0]
    order = []
    for _ in range(players + 1):
        seat = state.to_act()[0]
        order.append(seat)
        state.play(f"discard {hand(state, seat)[0]}")  # type: ignore[arg-type]
    assert order == [(first + k) % players for k in range(players + 1)]


def test_mk3_a_player_dealt_two_mimiks_keeps_one_and_draws_a_replacement() -> None:
    # Pins MK-3.
    # The stacked deck deals seat 0 (top first): MIMIK, 1, MIMIK, 2, 3, then 4.
    top_first = ["MIMIK", "1", "MIMIK", "2", "3", "4"] + ["5"] * 10 + ["6"] * 20
    deck = [code(c) for c in reversed(top_first)]
    state = MimikState.new(1, 2, 50, False, False, deck, stacked=True)
    assert state.hands[0].count(MIMIK) == 1
    assert len(state.hands[0]) == 5 + (state.to_act() == (0,))  # 5 dealt, and the first draw
    # The second MIMIK went back into the draw pile (seat 1 may have drawn it since).
    assert MIMIK in state.deck + state.hands[1]
    assert sum(Counter(state.deck + [c for h in state.hands for c in h]).values()) == 36


@pytest.mark.parametrize("seed", range(40))
def test_mk3_no_hand_is_dealt_two_mimiks(seed: int) -> None:
    # Pins MK-3.
    state = GAME.new(seed=seed, players=8)
    assert isinstance(state, MimikState)
    assert all(h.count(MIMIK) <= 1 for h in state.hands)


def test_mk4_variants_are_options_with_defaults() -> None:
    # Pins MK-4.
    options = GAME.options({})
    assert options.model_dump() == {"target": 50, "team": False, "beginner": False}
    express = GAME.new(1, 3, {"target": 30})
    hardcore = GAME.new(1, 3, {"target": 75})
    assert isinstance(express, MimikState) and isinstance(hardcore, MimikState)
    assert (express.target, hardcore.target) == (30, 75)


@pytest.mark.parametrize("bad", [{"target": 40}, {"target": "50"}, {"teams": True},
                                 {"beginner": "maybe"}])
def test_mk4_an_unknown_or_invalid_option_is_refused(bad: dict[str, object]) -> None:
    # Pins MK-4.
    with pytest.raises(OptionsError):
        GAME.new(1, 4, bad)


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_mk4_team_mode_needs_4_6_or_8_players(players: int) -> None:
    # Pins MK-4.
    with pytest.raises(OptionsError, match="Team mode"):
        GAME.new(1, players, {"team": True})


@pytest.mark.parametrize("players", [4, 6, 8])
def test_mk4_team_mode_seats_alternate_teams(players: int) -> None:
    # Pins MK-4.
    state = GAME.new(1, players, {"team": True})
    assert isinstance(state, MimikState)
    teams = state.team_of
    assert all(teams[s] != teams[(s + 1) % players] for s in range(players))
    assert sorted(Counter(teams).values()) == [2] * (players // 2)


def test_mk4_beginner_mode_removes_swap_swap_score_reverse_and_mimik() -> None:
    # Pins MK-4.
    state = GAME.new(1, 3, {"beginner": True, "target": 30})
    assert isinstance(state, MimikState)
    cards = all_cards(state)
    assert sum(cards.values()) == 120 - 4 - 2 - 4 - 8
    for name in ("Swap", "Swap Score", "Reverse", "MIMIK"):
        assert cards[code(name)] == 0
    assert cards[code("Sabotage")] == 4


def test_mk4_options_combine() -> None:
    # Pins MK-4.
    state = GAME.new(1, 6, {"target": 75, "team": True, "beginner": True})
    assert isinstance(state, MimikState)
    assert (state.target, state.team_mode, state.beginner) == (75, True, True)
    first = state.to_act()[0]
    play(state, f"discard {hand(state, first)[0]}")
    assert state.to_act() == ((first + 1) % 6,)
