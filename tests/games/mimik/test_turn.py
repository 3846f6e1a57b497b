"""A turn: MK-10 to MK-14."""

from __future__ import annotations

from .helpers import code, hand, kinds, play, rulings, scores, table


def test_mk10_the_next_player_draws_one_card_at_the_start_of_their_turn() -> None:
    # Pins MK-10.
    state = table(2, hands=[["3", "1", "1", "1", "1", "1"], ["1", "1", "1", "1", "1"]],
                  deck=["7", "8"])
    play(state, "pose 3")
    assert state.to_act() == (1,)
    assert hand(state, 1) == ["1", "1", "1", "1", "1", "7"]
    assert len(state.deck) == 1


def test_mk10_an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() -> None:
    state = table(2, hands=[["3", "1", "1", "1", "1", "1"], ["1", "1", "1", "1", "1"]], deck=[],
                  discard=["9", "9", "9"])
    events = play(state, "pose 3")
    assert "reshuffled" in kinds(events) and "MK-10" in rulings(events)
    assert hand(state, 1) == ["1", "1", "1", "1", "1", "9"]
    assert state.discard == [] and len(state.deck) == 2


def test_mk10_with_both_piles_empty_the_draw_is_skipped() -> None:
    # Pins MK-10.
    state = table(2, hands=[["3", "1", "1", "1", "1", "1"], ["1", "1", "1", "1", "1"]], deck=[])
    play(state, "pose 3")
    assert state.to_act() == (1,)
    assert hand(state, 1) == ["1"] * 5


def test_mk11_discarding_is_always_allowed_and_the_turn_ends_with_five_cards() -> None:
    state = table(2, hands=[["2", "3", "4", "5", "6", "7"], ["1"] * 5])
    legal = state.legal_texts(0)
    assert {"pose 2", "discard 2", "discard 7"} <= set(legal)
    events = play(state, "discard 7")
    assert "MK-11" in rulings(events)
    assert state.discard[-1] == code("7")
    assert len(state.hands[0]) == 5


def test_mk11_a_player_who_cannot_play_must_discard() -> None:
    # Pins MK-11.
    state = table(2, hands=[["9", "8", "7", "Sabotage", "Tsunami", "Swap"], ["1"] * 5],
                  posed_cards=[[10, 10, 10, 10, 5], []])
    assert state.score(0) == 45
    # No Value fits, no posed card can be sabotaged... except seat 0's own: Sabotage plays.
    assert state.legal_texts(0)[:5] == [f"Sabotage 0.{i}" for i in range(5)]
    state.hands[0] = sorted(code(c) for c in ["9", "8", "7", "Tsunami", "Swap", "Half"])
    state.posed[0] = []
    state.base[0] = 45
    assert state.legal_texts(0) == ["discard 7", "discard 8", "discard 9", "discard Swap",
                                    "discard Half", "discard Tsunami"]


def test_mk11_a_short_hand_is_topped_up_to_five_at_the_end_of_the_turn() -> None:
    # Pins MK-11.
    state = table(2, hands=[["3", "1", "1"], ["1"] * 5], deck=["4", "4", "4", "4"])
    play(state, "pose 3")
    assert hand(state, 0) == ["1", "1", "4", "4", "4"]


def test_mk12_a_value_card_is_posed_and_adds_its_value() -> None:
    state = table(2, hands=[["7", "1", "1", "1", "1", "1"], ["1"] * 5], posed_cards=[[3], []])
    events = play(state, "pose 7")
    assert "MK-12" in rulings(events)
    assert scores(state) == [10, 0]


def test_mk13_an_action_goes_to_the_discard_pile_after_its_effect() -> None:
    # Pins MK-13.
    state = table(2, hands=[["Half", "1", "1", "1", "1", "1"], ["1"] * 5], posed_cards=[[], [8]])
    play(state, "Half 1.0")
    assert state.discard[-1] == code("Half")
    assert scores(state) == [0, 4]


def test_mk13_an_action_without_a_legal_target_cannot_be_played() -> None:
    # Pins MK-13.
    state = table(2, hands=[["Sabotage", "Half", "Reverse", "Swap", "Tsunami", "1"], ["1"] * 5])
    legal = state.legal_texts(0)
    assert legal == ["pose 1", "discard 1", "discard Sabotage", "discard Swap",
                     "discard Reverse", "discard Half", "discard Tsunami"]


def test_mk14_a_paused_player_draws_nothing_and_plays_nothing() -> None:
    state = table(3, hands=[["Pause", "1", "1", "1", "1", "1"], ["1"] * 5, ["1"] * 5],
                  deck=["7", "8", "9"])
    events = play(state, "Pause")
    assert "MK-14" in rulings(events) and "skipped" in kinds(events)
    assert state.to_act() == (2,)
    assert hand(state, 1) == ["1"] * 5  # seat 1 drew nothing
    assert hand(state, 2) == ["1"] * 5 + ["7"]
    # The pause is used up: seat 1 plays normally next round.
    play(state, "discard 7")
    play(state, "discard 8")
    assert state.to_act() == (1,)
