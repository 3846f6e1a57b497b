"""The MIMIK card: MK-25 to MK-28, and the turn limit MK-29."""

from __future__ import annotations

from ludotheque.games.mimik.cards import MIMIK
from ludotheque.games.mimik.rules import TURN_LIMIT

from .helpers import code, hand, kinds, play, rulings, scores, table, values

FILL = ["1", "1", "1", "1"]


def test_mk25_a_second_mimik_drawn_goes_back_and_is_replaced() -> None:
    state = table(2, hands=[["2", *FILL, "1"], ["MIMIK", "1", "1", "1", "1"]],
                  deck=["MIMIK", "7", "8", "9"])
    events = play(state, "pose 2")
    assert "mimik_returned" in kinds(events) and "MK-25" in rulings(events)
    returned = [e for e in events if e.kind == "mimik_returned"]
    assert returned[0].to == (1,)  # private: it says the player already holds a MIMIK
    assert hand(state, 1).count("MIMIK") == 1 and len(state.hands[1]) == 6
    assert MIMIK in state.deck


def test_mk25_after_posing_a_mimik_a_later_one_is_a_value_5() -> None:
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], posed_cards=[["M3"], []],
                  mimik_posed=[0])
    legal = state.legal_texts(0)
    assert "pose MIMIK" in legal
    assert not any(t.startswith("MIMIK") for t in legal)  # no second copy
    events = play(state, "pose MIMIK")
    assert "MK-25" in rulings(events)
    assert scores(state) == [8, 0]


def test_mk25_a_player_who_posed_a_mimik_may_hold_several() -> None:
    # Pins MK-25.
    state = table(2, hands=[["2", *FILL, "1"], ["MIMIK", "1", "1", "1", "1"]],
                  deck=["MIMIK", "7"], mimik_posed=[1])
    play(state, "pose 2")
    assert hand(state, 1).count("MIMIK") == 2


def test_mk26_a_mimik_copies_a_visible_value_and_keeps_it() -> None:
    state = table(2, hands=[["MIMIK", "Sabotage", "1", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[], [9, 4]], discard=["6"], deck=["Sabotage"] * 3)
    copies = [t for t in state.legal_texts(0) if t.startswith("MIMIK")]
    assert copies == ["MIMIK = 4", "MIMIK = 6", "MIMIK = 9"]  # posed cards and the discard top
    events = play(state, "MIMIK = 9")
    assert "MK-26" in rulings(events)
    assert scores(state) == [9, 13]
    play(state, "discard 1")
    play(state, "Sabotage 1.0")  # the original 9 leaves play; the copy stays at 9
    assert scores(state) == [9, 4]
    assert state.mimik_posed[0]


def test_mk26_a_mimik_copying_an_action_applies_it_and_stays_with_no_value() -> None:
    # Pins MK-26.
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], posed_cards=[[], [9, 4]],
                  discard=["Half"])
    copies = [t for t in state.legal_texts(0) if t.startswith("MIMIK")]
    assert copies == ["MIMIK = 4", "MIMIK = 9", "MIMIK Half 1.0", "MIMIK Half 1.1"]
    play(state, "MIMIK Half 1.0")
    assert values(state, 1) == [4, 4]
    assert values(state, 0) == [None]
    assert scores(state) == [0, 8]
    assert state.discard == [code("Half")]  # nothing new on the discard pile


def test_mk26_a_mimik_copying_pickpocket_starts_the_two_step_decision() -> None:
    # Pins MK-26.
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["9", "9"]], discard=["Pickpocket"])
    play(state, "MIMIK Pickpocket 1")
    assert state.view(0)["robbed_hand"] == ["9", "9"]
    play(state, "take pose 9")
    assert scores(state) == [9, 0] and values(state, 0) == [None, 9]


def test_mk27_an_opponents_action_never_targets_a_posed_mimik() -> None:
    # Pins MK-27.
    state = table(2, hands=[["Sabotage", "Half", "Reverse", "Swap", "Tsunami", "1"],
                            ["1"] * 5], posed_cards=[[3], ["M8"]])
    legal = state.legal_texts(0)
    assert not any(t.endswith("1.0") for t in legal)
    assert "Tsunami" not in legal  # nothing else to hit


def test_mk27_the_owner_may_target_their_own_mimik() -> None:
    # Pins MK-27.
    state = table(2, hands=[["Sabotage", "Half", "Reverse", *FILL[:3]], ["1"] * 5],
                  posed_cards=[["M8"], []], mimik_posed=[0])
    legal = state.legal_texts(0)
    assert {"Sabotage 0.0", "Half 0.0", "Reverse 0.0"} <= set(legal)
    play(state, "Reverse 0.0")
    assert values(state, 0) == [3]


def test_mk27_tsunami_and_swap_score_pass_a_mimik_by() -> None:
    # Pins MK-27.
    state = table(2, hands=[["Tsunami", *FILL, "1"], ["1"] * 5], posed_cards=[[], ["M9", 4]])
    play(state, "Tsunami")
    assert values(state, 1) == [9]  # the 4 goes, the MIMIK copying 9 stays


def test_mk28_a_mimik_with_nothing_visible_cannot_be_played() -> None:
    # Pins MK-28.
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5])
    legal = state.legal_texts(0)
    assert not any(t.startswith("MIMIK") for t in legal)
    assert "discard MIMIK" in legal


def test_mk28_a_mimik_on_top_of_the_discard_pile_is_nothing_to_copy() -> None:
    # Pins MK-28.
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], discard=["MIMIK"])
    assert not any(t.startswith("MIMIK") for t in state.legal_texts(0))


def test_mk29_a_game_reaching_2000_turns_is_a_draw() -> None:
    state = table(2, hands=[["2", *FILL, "1"], ["1"] * 5])
    state.turns = TURN_LIMIT - 1
    events = play(state, "discard 2")
    assert "MK-29" in rulings(events)
    result = state.result()
    assert result is not None and result.is_draw and result.reason == "turn_limit"
    assert result.ruling == "MK-29" and "2000" in result.detail
    assert TURN_LIMIT == 2000


def test_mk9_mk29_golden_records_cover_every_way_the_game_ends() -> None:
    # Pins MK-9, MK-29.
    from pathlib import Path

    from ludotheque.core.record import Record

    folder = Path(__file__).resolve().parents[2] / "records" / "mimik"
    reasons = {str((Record.load(p).result or {}).get("reason")) for p in folder.glob("*.json")}
    assert reasons == {"target_reached", "turn_limit"}


def test_mk26_copies_of_0_and_11_are_shown_as_values_in_views() -> None:
    # Pins MK-26.
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], posed_cards=[[], [(1, 0)]])
    play(state, "MIMIK = 0")
    assert state.view(None)["posed"] == [[["MIMIK", 0, "0"]], [["1", 0]]]
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], posed_cards=[[], [(1, 11)]])
    play(state, "MIMIK = 11")
    assert state.view(1)["posed"] == [[["MIMIK", 11, "11"]], [["1", 11]]]
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], discard=["Pause"])
    play(state, "MIMIK Pause")
    assert state.view(0)["posed"][0] == [["MIMIK", None, "Pause"]]
