"""Decisions taken beyond the rulings (docs/rules/mimik.md, "Decisions")."""

from __future__ import annotations

from ludotheque.games.mimik.cards import MIMIK

from .helpers import code, hand, kinds, play, rulings, scores, table, values

FILL = ["1", "1", "1", "1"]


def test_d1_a_posed_mimik_copy_is_never_swapped_away() -> None:
    state = table(2, hands=[["Swap", *FILL, "1"], ["1"] * 5], posed_cards=[["M6", 2], [9]],
                  mimik_posed=[0])
    swaps = [t for t in state.legal_texts(0) if t.startswith("Swap")]
    assert swaps == ["Swap 1 1.0"]


def test_d2_a_later_mimik_posed_as_a_5_is_a_plain_value_card() -> None:
    state = table(2, hands=[["Sabotage", *FILL, "1"], ["1"] * 5], posed_cards=[[], ["M5*"]])
    assert "Sabotage 1.0" in state.legal_texts(0)
    play(state, "Sabotage 1.0")
    assert state.discard[-2] == MIMIK  # it goes back to the discard pile as a MIMIK


def test_d3_a_posed_card_leaves_play_as_its_printed_card() -> None:
    state = table(2, hands=[["Sabotage", *FILL, "1"], ["1"] * 5], posed_cards=[[], [(7, 4)]])
    play(state, "Sabotage 1.0")
    assert state.discard[-2] == code("7")


def test_d4_a_copy_takes_the_current_value_and_a_value_mimik_can_be_copied() -> None:
    state = table(2, hands=[["MIMIK", *FILL, "1"], ["1"] * 5], posed_cards=[[], [(7, 4), "M8"]])
    copies = [t for t in state.legal_texts(0) if t.startswith("MIMIK")]
    assert copies == ["MIMIK = 4", "MIMIK = 8"]


def test_mk23_mk16_in_team_mode_tsunami_hits_the_partner_and_swap_may_aim_at_them() -> None:
    # MK-23 "Tous les autres joueurs", MK-16 "un autre joueur": the partner included (D5 as
    # rewritten); Swap Score stays between teams (D5: a team's score is one score, MK-5).
    state = table(4, team=True,
                  hands=[["Tsunami", "Swap", "Swap Score", "1", "1", "1"], ["1"] * 5, ["1"] * 5,
                         ["1"] * 5], posed_cards=[[2], [3], [4], [5]])
    legal = state.legal_texts(0)
    assert [t for t in legal if t.startswith("Swap ")] == ["Swap 0 1.0", "Swap 0 2.0",
                                                           "Swap 0 3.0", "Swap Score 1"]
    events = play(state, "Tsunami")
    assert "MK-23" in rulings(events)
    assert values(state, 2) == []  # the partner loses their card too
    assert values(state, 1) == [] and values(state, 3) == []
    assert values(state, 0) == [2]


def test_mk16_mk8_a_swap_with_the_partner_keeps_the_team_score() -> None:
    # The team (seats 0 and 2) is at 50 - 1: a swap with the partner changes no score, so MK-8
    # allows it whatever the two values; with an opponent it must not overshoot.
    state = table(4, team=True, hands=[["Swap", "1", "1", "1", "1", "1"], ["1"] * 5,
                                       ["1"] * 5, ["1"] * 5],
                  posed_cards=[[2, 10, 10, 10], [9], [10, 7], [1]])
    swaps = [t for t in state.legal_texts(0) if t.startswith("Swap ")]
    assert "Swap 0 2.0" in swaps and "Swap 0 1.0" not in swaps and "Swap 0 3.0" in swaps
    play(state, "Swap 0 2.0")
    assert values(state, 0) == [10, 10, 10, 10] and values(state, 2) == [2, 7]
    assert state.score(0) == state.score(2) == 49


def test_d5_swap_score_is_played_with_another_team() -> None:
    state = table(4, team=True, hands=[["Swap Score", "1", "1", "1", "1", "1"], ["1"] * 5,
                                       ["1"] * 5, ["1"] * 5], posed_cards=[[2], [3], [4], [5]])
    assert [t for t in state.legal_texts(0) if t.startswith("Swap Score")] == ["Swap Score 1"]


def test_d6_in_team_mode_a_partner_may_target_my_mimik() -> None:
    state = table(4, team=True, hands=[["Half", *FILL, "1"], ["1"] * 5, ["1"] * 5, ["1"] * 5],
                  posed_cards=[[], ["M8"], ["M6"], []], mimik_posed=[1, 2])
    halves = [t for t in state.legal_texts(0) if t.startswith("Half")]
    assert halves == ["Half 2.0"]


def test_d7_pickpocket_needs_another_card_in_the_pickpockets_hand() -> None:
    state = table(2, hands=[["Pickpocket"], ["9"]], deck=[])
    assert state.legal_texts(0) == ["discard Pickpocket"]


def test_d8_a_stolen_mimik_cannot_make_a_second_mimik_in_hand() -> None:
    state = table(2, hands=[["Pickpocket", "MIMIK", "2", "2", "2", "2"], ["MIMIK", "3"]])
    play(state, "Pickpocket 1")
    keeps = [t for t in state.legal_texts(0) if t.startswith("keep MIMIK")]
    assert keeps == ["keep MIMIK discard MIMIK"]


def test_d9_the_pickpocket_card_is_on_the_discard_pile_during_the_choice() -> None:
    state = table(2, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["MIMIK", "3"]])
    play(state, "Pickpocket 1")
    assert state.discard[-1] == code("Pickpocket")
    assert "take MIMIK Pickpocket 1" in state.legal_texts(0)


def test_mk10_mk11_d10_a_pile_of_nothing_but_mimiks_takes_in_the_discard_pile() -> None:
    # MK-11: the turn ends with 5 cards unless both piles ran dry. Seat 1 holds a MIMIK and the
    # draw pile holds only MIMIKs (MK-25): the discard pile is shuffled in and seat 1 draws.
    state = table(2, hands=[["2", *FILL, "1"], ["MIMIK", "1", "1", "1", "1"]],
                  deck=["MIMIK", "MIMIK"], discard=["7", "8", "9"])
    events = play(state, "pose 2")
    assert "reshuffled" in kinds(events) and "MK-10" in rulings(events)
    assert len(state.hands[1]) == 6 and state.hands[1].count(MIMIK) == 1
    assert state.discard == [] and sorted(state.deck).count(MIMIK) == 2
    assert len(state.deck) == 4


def test_d10_with_the_discard_pile_empty_too_a_mimik_holder_draws_nothing() -> None:
    state = table(2, hands=[["2", *FILL, "1"], ["MIMIK", "1", "1", "1", "1"]],
                  deck=["MIMIK", "MIMIK"])
    play(state, "pose 2")
    assert hand(state, 1) == ["1", "1", "1", "1", "MIMIK"]
    assert state.deck == [MIMIK, MIMIK]


def test_mk20_discard_x2_with_both_piles_empty_does_not_draw_back_its_two_cards() -> None:
    # "piochez 2 nouvelles cartes": the two cards just discarded are not new cards. With both
    # piles empty, seat 0 draws nothing, and its turn's top-up (MK-11) does not take them back
    # either; they reach the discard pile, where seat 1's draw finds them (MK-10).
    state = table(2, hands=[["Discard x2", "3", "9", "1", "1", "1"], ["1"] * 5], deck=[])
    events = play(state, "Discard x2 3 9")
    assert "MK-20" in rulings(events)
    assert hand(state, 0) == ["1", "1", "1"]
    assert state.to_act() == (1,) and len(state.hands[1]) == 6
    assert sorted(state.deck + state.hands[1][-1:]) == sorted(
        code(c) for c in ("3", "9", "Discard x2"))


def test_mk20_discard_x2_draws_from_the_reshuffled_discard_pile_without_its_two_cards() -> None:
    state = table(2, hands=[["Discard x2", "3", "9", "1", "1", "1"], ["1"] * 5], deck=["5"],
                  discard=["7"])
    play(state, "Discard x2 3 9")
    assert hand(state, 0) == ["1", "1", "1", "5", "7"]
    assert len(state.hands[1]) == 6 and len(state.deck) == 2  # seat 1 drew from the three


def test_d11_a_player_with_no_card_at_all_passes_their_turn() -> None:
    state = table(2, hands=[["2", *FILL, "1"], []], deck=[])
    events = play(state, "pose 2")
    assert "no_card" in kinds(events)
    assert state.to_act() == (0,)
    assert scores(state) == [2, 0]


def test_d12_the_robbed_player_draws_after_the_stolen_card_unless_it_won() -> None:
    state = table(2, hands=[["Pickpocket", "2", "2", "2", "2", "2"], ["5", "1"]],
                  posed_cards=[[10, 10, 10, 10, 5], []], deck=["9", "8"])
    state.posed[0].pop()
    assert state.score(0) == 40
    state.hands[1] = [code("10"), code("1")]
    events = play(state, "Pickpocket 1", "take pose 10")
    assert state.is_over() and "draw" not in kinds(events)
    assert hand(state, 1) == ["1"]


def test_d13_tsunami_needs_a_card_to_hit_and_pause_is_always_playable() -> None:
    state = table(2, hands=[["Tsunami", "Pause", "1", "1", "1", "1"], ["1"] * 5],
                  posed_cards=[[9], []])
    legal = state.legal_texts(0)
    assert "Tsunami" not in legal and "Pause" in legal


def test_d15_discard_x2_needs_two_other_cards_in_hand() -> None:
    state = table(2, hands=[["Discard x2", "3"], ["1"] * 5], deck=[])
    assert state.legal_texts(0) == ["pose 3", "discard 3", "discard Discard x2"]


def test_d16_the_result_ranks_the_winning_side_first_and_names_the_teams() -> None:
    state = table(4, team=True, hands=[["5", *FILL, "1"], ["1"] * 5, ["1"] * 5, ["1"] * 5],
                  posed_cards=[[10, 10], [3], [10, 10, 5], [4]])
    play(state, "pose 5")
    result = state.result()
    assert result is not None
    assert result.ranks == (0, 1, 0, 1) and result.teams == (0, 1, 0, 1)
    assert result.scores == (50.0, 7.0, 50.0, 7.0)
    assert result.utility(0) == 1.0 and result.utility(2) == 1.0 and result.utility(1) == 0.0
