"""The Actions: MK-15 to MK-24."""

from __future__ import annotations

from ludotheque.games.mimik import GAME

from .helpers import code, hand, kinds, play, rulings, scores, table, values

FILL = ["1", "1", "1", "1"]


def test_mk15_sabotage_discards_a_posed_value_card_of_any_player_own_included() -> None:
    state = table(2, hands=[["Sabotage", "2", *FILL], ["1"] * 5], posed_cards=[[9, 4], [7]])
    legal = state.legal_texts(0)
    assert [t for t in legal if t.startswith("Sabotage")] == [
        "Sabotage 0.0", "Sabotage 0.1", "Sabotage 1.0"]
    events = play(state, "Sabotage 0.0")
    assert "MK-15" in rulings(events)
    assert scores(state) == [4, 7]
    assert state.discard[-2:] == [code("9"), code("Sabotage")]  # the card, then the Action


def test_mk16_swap_exchanges_one_of_my_posed_cards_with_another_players() -> None:
    state = table(3, hands=[["Swap", "2", *FILL], ["1"] * 5, ["1"] * 5],
                  posed_cards=[[3, 4], [9], [8, 10]])
    swaps = [t for t in state.legal_texts(0) if t.startswith("Swap")]
    assert len(swaps) == 2 * 3  # each of my 2 cards with each of the 3 cards of others
    events = play(state, "Swap 1 2.1")
    assert "MK-16" in rulings(events)
    assert values(state, 0) == [3, 10] and values(state, 2) == [8, 4]
    assert scores(state) == [13, 9, 12]


def test_mk16_swap_needs_a_posed_card_on_each_side() -> None:
    # Pins MK-16.
    state = table(2, hands=[["Swap", "2", *FILL], ["1"] * 5], posed_cards=[[], [9]])
    assert not any(t.startswith("Swap") for t in state.legal_texts(0))


def test_mk17_reverse_takes_the_complement_to_11() -> None:
    state = table(2, hands=[["Reverse", "Reverse", "Reverse", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[9, 4, 10], []], deck=["Reverse"] * 5)
    events = play(state, "Reverse 0.0")
    assert "MK-17" in rulings(events)
    play(state, "discard 1")
    play(state, "Reverse 0.1")
    play(state, "discard 1")
    play(state, "Reverse 0.2")
    assert values(state, 0) == [2, 7, 1]  # 9 -> 2, 4 -> 7, 10 -> 1
    assert state.to_act() == (1,)  # Reverse does not change the order of play (MK-17)


def test_mk18_pause_skips_the_next_players_turn() -> None:
    state = table(2, hands=[["Pause", *FILL, "1"], ["1"] * 5], deck=["7", "8", "9"])
    events = play(state, "Pause")
    assert "MK-18" in rulings(events)
    # Seat 1 is skipped: seat 0 plays again and draws the 7.
    assert state.to_act() == (0,)
    assert "7" in hand(state, 0)


def test_mk19_half_rounds_down() -> None:
    state = table(2, hands=[["Half", "Half", "1", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[7, 1], []], deck=["Half"] * 4)
    events = play(state, "Half 0.0")
    assert "MK-19" in rulings(events)
    play(state, "discard 1")
    play(state, "Half 0.1")
    assert values(state, 0) == [3, 0]  # 7 -> 3, 1 -> 0


def test_mk20_discard_x2_discards_two_cards_then_draws_two() -> None:
    state = table(2, hands=[["Discard x2", "3", "3", "9", "Pause", "1"], ["1"] * 5],
                  deck=["6", "7", "8"])
    choices = [t for t in state.legal_texts(0) if t.startswith("Discard x2")]
    # every distinct pair of the five other cards: 1,3,3,9,Pause
    assert choices == ["Discard x2 1 3", "Discard x2 1 9", "Discard x2 1 Pause",
                       "Discard x2 3 3", "Discard x2 3 9", "Discard x2 3 Pause",
                       "Discard x2 9 Pause"]
    events = play(state, "Discard x2 3 Pause")
    assert "MK-20" in rulings(events)
    assert hand(state, 0) == ["1", "3", "6", "7", "9"]
    assert state.discard == [code("3"), code("Pause"), code("Discard x2")]


def test_mk21_pickpocket_is_a_two_step_decision_with_a_private_look() -> None:
    state = table(3, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["8", "Sabotage", "1"],
                            ["4"] * 5], posed_cards=[[], [5], []], deck=["6", "7", "9"])
    steps = [t for t in state.legal_texts(0) if t.startswith("Pickpocket")]
    assert steps == ["Pickpocket 1", "Pickpocket 2"]
    events = play(state, "Pickpocket 1")
    assert "MK-21" in rulings(events)
    looked = [e for e in events if e.kind == "looked"]
    assert looked and looked[0].to == (0,) and looked[0].data["hand"] == ["1", "8", "Sabotage"]
    # Only the pickpocket sees the robbed hand, and only during the decision.
    assert state.view(0)["robbed_hand"] == ["1", "8", "Sabotage"]
    assert "robbed_hand" not in state.view(1) and "robbed_hand" not in state.view(2)
    assert "robbed_hand" not in state.view(None)
    legal = state.legal_texts(0)
    assert "take pose 8" in legal and "take Sabotage 1.0" in legal
    assert "keep 8 discard 2" in legal and "keep Sabotage discard 2" in legal
    play(state, "take pose 8")
    assert scores(state) == [8, 5, 0]
    # The robbed player drew the 6, then the 7 at the start of its own turn.
    assert hand(state, 1) == ["1", "6", "7", "Sabotage"]
    assert "robbed_hand" not in state.view(0)


def test_mk21_the_pickpocket_may_keep_the_card_and_discard_another() -> None:
    # Pins MK-21.
    state = table(2, hands=[["Pickpocket", "2", "2", "2", "2", "3"], ["9", "1"]],
                  deck=["6", "7"])
    play(state, "Pickpocket 1", "keep 9 discard 3")
    assert hand(state, 0) == ["2", "2", "2", "2", "9"]
    assert state.discard[-1] == code("3")
    assert hand(state, 1) == ["1", "6", "7"]  # robbed (draws 1), then its own turn's draw


def test_mk21_mk8_a_stolen_value_that_would_overshoot_cannot_be_played() -> None:
    # Pins MK-21, MK-8.
    state = table(2, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["9", "4"]],
                  posed_cards=[[10, 10, 10, 10, 2], []])
    play(state, "Pickpocket 1")
    legal = state.legal_texts(0)
    assert "take pose 4" in legal and "take pose 9" not in legal
    assert "keep 9 discard 2" in legal


def test_mk22_swap_score_exchanges_bases_and_posed_values_but_not_mimiks() -> None:
    state = table(2, hands=[["Swap Score", *FILL, "1"], ["1"] * 5],
                  posed_cards=[[3, "M4"], [10, 9, "M6"]], base=[0, 20], mimik_posed=[0, 1])
    assert scores(state) == [7, 45]
    events = play(state, "Swap Score 1")
    assert "MK-22" in rulings(events)
    assert scores(state) == [20 + 10 + 9 + 4, 3 + 6]
    assert values(state, 0) == [10, 9, 4] and values(state, 1) == [3, 6]


def test_mk22_in_team_mode_the_two_teams_swap_their_tableaux() -> None:
    # Pins MK-22.
    state = table(4, team=True, hands=[["Swap Score", *FILL, "1"], ["1"] * 5, ["1"] * 5,
                                      ["1"] * 5],
                  posed_cards=[[1], [9, 9], [2], [8]], base=[0, 25])
    assert scores(state) == [3, 51, 3, 51]
    state.base[1] = 20
    assert "Swap Score 1" in state.legal_texts(0)
    assert "Swap Score 3" not in state.legal_texts(0)  # one action per other team
    play(state, "Swap Score 1")
    assert scores(state) == [46, 3, 46, 3]
    assert values(state, 0) == [9, 9] and values(state, 2) == [8]


def test_mk23_tsunami_takes_the_highest_card_of_every_other_player() -> None:
    state = table(3, hands=[["Tsunami", *FILL, "1"], ["1"] * 5, ["1"] * 5],
                  posed_cards=[[10], [3, 9, 2], [4]])
    events = play(state, "Tsunami")
    assert "MK-23" in rulings(events)
    assert values(state, 0) == [10]  # the player of the Tsunami keeps theirs
    assert values(state, 1) == [3, 2] and values(state, 2) == []
    assert state.discard[-1] == code("Tsunami")


def test_mk23_on_a_tie_between_different_cards_the_owner_chooses() -> None:
    # Pins MK-23.
    # Seat 1 holds two cards worth 7: a printed 7 and a reversed 4; seat 1 chooses.
    state = table(3, hands=[["Tsunami", *FILL, "1"], ["1"] * 5, ["1"] * 5],
                  posed_cards=[[], [7, (4, 7), 2], [5, 5]])
    play(state, "Tsunami")
    assert state.to_act() == (1,)
    assert state.legal_texts(1) == ["drop 0", "drop 1"]
    assert state.legal_texts(0) == []
    play(state, "drop 1")
    assert values(state, 1) == [7, 2]
    assert values(state, 2) == [5]  # two printed 5s: no choice to make
    assert state.to_act() == (1,)  # seat 0's turn is over: seat 1 plays
    assert state.discard[-1] == code("Tsunami")


def test_mk24_the_player_of_the_action_chooses_among_every_legal_target() -> None:
    # Pins MK-24.
    state = table(3, hands=[["Half", *FILL, "1"], ["1"] * 5, ["1"] * 5],
                  posed_cards=[[2], [6, 6], [8]])
    halves = [t for t in state.legal_texts(0) if t.startswith("Half")]
    assert halves == ["Half 0.0", "Half 1.0", "Half 1.1", "Half 2.0"]
    for text in halves:
        assert GAME.parse(text).text() == text
    assert kinds(play(state, "Half 2.0"))[0] == "halved"
