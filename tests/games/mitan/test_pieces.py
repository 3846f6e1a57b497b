"""Move generation, python-chess style: hand-built positions and the exact set of actions of
one piece, for each piece and each special rule (MT-2, MT-3, MT-5..MT-12)."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import IllegalAction

from .helpers import actions_of, play, position


def test_mt2_chef_steps_one_square_in_the_8_directions_and_captures() -> None:
    # Pins MT-2.
    state = position({"e5": "C", "e6": "f", "d4": "F"})
    assert actions_of(state, "e5") == {
        "Ce5xe6", "Ce5-f6", "Ce5-f5", "Ce5-f4", "Ce5-e4", "Ce5-d5", "Ce5-d6"}


def test_mt3_mt5_fantassin_white_double_step_towards_rank_9_may_capture() -> None:
    # Pins MT-3, MT-5.
    state = position({"e4": "F", "e6": "f"})
    assert actions_of(state, "e4") == {
        "Fe4-e5", "Fe4xe6", "Fe4-d5", "Fe4-f5", "Fe4-d4", "Fe4-f4", "Fe4-d3", "Fe4-e3",
        "Fe4-f3"}


def test_mt3_fantassin_double_step_needs_an_empty_middle_square() -> None:
    # Pins MT-3.
    state = position({"e4": "F", "e5": "f"})
    acts = actions_of(state, "e4")
    assert "Fe4xe5" in acts
    assert not {"Fe4-e6", "Fe4xe6"} & acts


def test_mt3_black_fantassin_goes_towards_rank_1() -> None:
    # Pins MT-3.
    state = position({"e6": "f"}, turn="b")
    acts = actions_of(state, "e6")
    assert "Fe6-e4" in acts and "Fe6-e8" not in acts
    assert len(acts) == 9


def test_mt3_fantassin_on_the_last_rank_but_one_has_no_double_step() -> None:
    # Pins MT-3.
    state = position({"e8": "F"})
    assert actions_of(state, "e8") == {
        "Fe8-d9", "Fe8-e9", "Fe8-f9", "Fe8-d8", "Fe8-f8", "Fe8-d7", "Fe8-e7", "Fe8-f7"}


def test_mt5_lancier_slides_up_to_3_and_captures_only_at_1_or_2() -> None:
    # Pins MT-5.
    # e7 enemy at 2: taken; b5 enemy at 3: neither taken nor passed; e3 ally stops the slide.
    state = position({"e5": "L", "e7": "f", "b5": "f", "e3": "F"})
    assert actions_of(state, "e5") == {
        "Le5-e6", "Le5xe7", "Le5-e4", "Le5-d5", "Le5-c5", "Le5-f5", "Le5-g5", "Le5-h5"}


def test_mt5_moine_slides_up_to_3_diagonally_and_captures_only_at_1_or_2() -> None:
    # Pins MT-5.
    state = position({"e5": "M", "g7": "f", "b2": "f", "d6": "F", "f4": "f"})
    assert actions_of(state, "e5") == {
        "Me5-f6", "Me5xg7", "Me5xf4", "Me5-d4", "Me5-c3"}


def test_mt5_sauteur_jumps_exactly_2_over_anything_or_steps_1_straight() -> None:
    # Pins MT-5.
    state = position({"e5": "S", "e6": "f", "g7": "F", "c3": "f", "d4": "f"})
    assert actions_of(state, "e5") == {
        # jumps, e7 over the enemy on e6, c3 over d4 taking
        "Se5-e7", "Se5-e3", "Se5-c5", "Se5-g5", "Se5-c7", "Se5xc3", "Se5-g3",
        # orthogonal steps only
        "Se5xe6", "Se5-e4", "Se5-d5", "Se5-f5"}


def test_mt5_griffon_jumps_exactly_3_straight_over_anything() -> None:
    # Pins MT-5.
    state = position({"e5": "G", "e6": "f", "e7": "F", "e8": "f", "b5": "F", "f5": "f"})
    assert actions_of(state, "e5") == {"Ge5xe8", "Ge5-e2", "Ge5-h5"}


def test_mt6_cavalier_captures_only_after_a_run_up_of_2_or_3() -> None:
    # Pins MT-6.
    # adjacent enemy on e6: no capture; g5 at 2 and e2 at 3: taken; c5 ally stops the slide.
    state = position({"e5": "K", "e6": "f", "g5": "f", "e2": "f", "c5": "F"})
    assert actions_of(state, "e5") == {
        "Ke5-f5", "Ke5xg5", "Ke5-e4", "Ke5-e3", "Ke5xe2", "Ke5-d5"}


def test_mt7_archer_steps_straight_and_shoots_at_2_or_3_along_a_clear_way() -> None:
    # Pins MT-7.
    # e7 at 2 and h8 at 3: shot; e3 shot but not e2 behind it; b5 hidden by the ally on c5.
    state = position({"e5": "A", "e7": "f", "h8": "f", "e3": "f", "e2": "f", "c5": "F",
                      "b5": "f"})
    assert actions_of(state, "e5") == {
        "Ae5-e6", "Ae5-e4", "Ae5-d5", "Ae5-f5", "Ae5*e7", "Ae5*h8", "Ae5*e3"}


def test_mt7_archer_cannot_shoot_with_an_enemy_adjacent_but_may_step() -> None:
    # Pins MT-7.
    state = position({"e5": "A", "d6": "f", "e7": "f", "e4": "f"})
    assert actions_of(state, "e5") == {"Ae5-e6", "Ae5xe4", "Ae5-d5", "Ae5-f5"}


def test_mt7_the_archer_stays_on_its_square_when_it_shoots() -> None:
    state = position({"e5": "A", "e7": "l", "a9": "f"})
    events = play(state, "Ae5*e7")
    assert state.piece_at("e5") == "A" and state.piece_at("e7") == ""
    assert any(getattr(e, "ruling", None) == "MT-7" for e in events)


def test_mt8_belier_moves_pushes_and_crushes() -> None:
    # Pins MT-8.
    # up: e6 free, e7 enemy with e8 free: pushed; down: e4 enemy, e3 taken: crushed;
    # left: c5 enemy at 2 with b5 taken: crushed after d5; right: ally on f5 stops the charge.
    state = position({"e5": "B", "e7": "f", "e4": "f", "e3": "f", "c5": "f", "b5": "F",
                      "f5": "F"})
    assert actions_of(state, "e5") == {
        "Be5-e6", "Be5>e7", "Be5xe4", "Be5-d5", "Be5xc5"}


def test_mt8_push_moves_the_enemy_one_square_on_and_takes_its_place() -> None:
    # Pins MT-8.
    state = position({"e5": "B", "e7": "l", "a9": "f"})
    play(state, "Be5>e7")
    assert (state.piece_at("e5"), state.piece_at("e7"), state.piece_at("e8")) == ("", "B", "l")


def test_mt8_crush_at_the_edge_of_the_board() -> None:
    # Pins MT-8.
    state = position({"g5": "B", "i5": "l", "a9": "f"})
    assert actions_of(state, "g5") >= {"Bg5-h5", "Bg5xi5"}
    play(state, "Bg5xi5")
    assert state.piece_at("i5") == "B" and state.material[1] == 2


def test_mt8_mt9_protected_enemy_may_be_pushed_but_never_crushed() -> None:
    # Pins MT-8, MT-9.
    # e6 is protected by the Porte-bouclier on d7 and cannot go back (e7 taken): no charge.
    # f5 is protected by g6 but g5 is free: it may be pushed.
    state = position({"e5": "B", "e6": "l", "e7": "f", "d7": "p", "f5": "l", "g6": "p"})
    acts = actions_of(state, "e5")
    assert not {"Be5xe6", "Be5>e6"} & acts
    assert "Be5>f5" in acts
    with pytest.raises(IllegalAction):
        state.play("Be5xe6")


def test_mt8_the_chef_may_be_pushed_and_is_captured_when_crushed() -> None:
    # Pins MT-8.
    state = position({"e5": "B", "e6": "c", "a9": "f"})
    play(state, "Be5>e6")
    assert state.piece_at("e7") == "c" and not state.is_over()
    state = position({"e7": "B", "e9": "c", "a9": "f"})
    assert "Be7xe9" in actions_of(state, "e7")
    play(state, "Be7xe9")
    result = state.result()
    assert result is not None and result.reason == "chef_captured" and result.winners == (0,)


def test_mt8_belier_is_orthogonal_only() -> None:
    # Pins MT-8.
    state = position({"e5": "B", "f6": "f", "d4": "f"})
    assert actions_of(state, "e5") == {
        "Be5-e6", "Be5-e7", "Be5-e4", "Be5-e3", "Be5-d5", "Be5-c5", "Be5-f5", "Be5-g5"}


def test_mt9_porte_bouclier_slides_up_to_2_and_never_captures() -> None:
    # Pins MT-9.
    state = position({"e5": "P", "e6": "f", "g7": "f", "c5": "F"})
    assert actions_of(state, "e5") == {
        "Pe5-f6", "Pe5-f5", "Pe5-g5", "Pe5-f4", "Pe5-g3", "Pe5-e4", "Pe5-e3", "Pe5-d4",
        "Pe5-c3", "Pe5-d5", "Pe5-d6", "Pe5-c7"}


def test_mt9_shield_stops_every_kind_of_capture() -> None:
    # Pins MT-9.
    # The Black Fantassin on e7 is attacked by a move (Lancier e5), a shot (Archer h4) and a
    # crush (Bélier c7, f7 taken behind it) ...
    pieces = {"e7": "f", "f7": "f", "e5": "L", "h4": "A", "c7": "B"}
    attacks = {"Le5xe7", "Ah4*e7", "Bc7xe7"}
    assert attacks <= set(position(pieces).legal_texts(0))
    # ... none of which is legal once its Porte-bouclier stands on d8.
    shielded = position({**pieces, "d8": "p"})
    assert not attacks & set(shielded.legal_texts(0))
    # The shield alone does not protect itself.
    state = position({"d8": "p", "d6": "L"})
    assert "Ld6xd8" in actions_of(state, "d6")


def test_mt9_two_adjacent_porte_boucliers_protect_each_other_and_the_chef() -> None:
    # Pins MT-9.
    state = position({"d8": "p", "e8": "p", "d6": "L", "e6": "L", "h8": "C"},
                     turn="w")
    acts = actions_of(state, "d6") | actions_of(state, "e6")
    assert "Ld6xd8" not in acts and "Le6xe8" not in acts
    # a protected Chef cannot be captured
    state = position({"e9": "c", "d9": "p", "e8": "C", "a1": "F"})
    assert "Ce8xe9" not in actions_of(state, "e8")


def test_mt9_shielded_enemy_may_be_swapped() -> None:
    # Pins MT-9.
    state = position({"e5": "Y", "e6": "l", "d7": "p"})
    assert "Ye5<>e6" in actions_of(state, "e5")


def test_mt10_envoûteur_steps_never_captures_and_paralyses_adjacent_enemies() -> None:
    # Pins MT-10.
    state = position({"e5": "E", "e6": "f", "d4": "F"}, turn="w")
    assert actions_of(state, "e5") == {
        "Ee5-f6", "Ee5-f5", "Ee5-f4", "Ee5-e4", "Ee5-d5", "Ee5-d6"}
    # Black's Lancier next to the White Envoûteur has nothing to do.
    state = position({"e5": "E", "e6": "l", "h2": "F"}, turn="b")
    assert actions_of(state, "e6") == set()


def test_mt10_paralysed_piece_can_still_be_captured_pushed_and_swapped() -> None:
    # Pins MT-10.
    # White Lancier d5 is paralysed by the Black Envoûteur e6 ...
    state = position({"d5": "L", "e6": "e", "d4": "X", "a3": "F"}, turn="w")
    assert actions_of(state, "d5") == set()
    assert "Xd4<>d5" in actions_of(state, "d4")  # ... but its Passeur may swap with it
    # ... and Black may capture it
    state = position({"d5": "L", "e6": "e", "d7": "l"}, turn="b")
    assert "Ld7xd5" in actions_of(state, "d7")


def test_mt10_a_paralysed_envoûteur_still_paralyses() -> None:
    # Pins MT-10.
    # The two Envoûteurs paralyse each other; the Black Lancier on f7 is still frozen.
    state = position({"e6": "E", "e7": "e", "f7": "l", "f6": "F"}, turn="b")
    assert actions_of(state, "e7") == set()
    assert actions_of(state, "f7") == set()


def test_mt11_passeur_slides_up_to_2_captures_and_swaps_with_any_ally() -> None:
    # Pins MT-11.
    state = position({"e5": "X", "a1": "C", "i1": "F", "e7": "f", "f6": "F"})
    assert actions_of(state, "e5") == {
        "Xe5-e6", "Xe5xe7", "Xe5-f5", "Xe5-g5", "Xe5-f4", "Xe5-g3", "Xe5-e4", "Xe5-e3",
        "Xe5-d4", "Xe5-c3", "Xe5-d5", "Xe5-c5", "Xe5-d6", "Xe5-c7",
        "Xe5<>a1", "Xe5<>i1", "Xe5<>f6"}


def test_mt11_passeur_swap_with_the_chef_moves_the_chef() -> None:
    # Pins MT-11.
    state = position({"e5": "X", "a1": "C", "a9": "f"})
    play(state, "Xe5<>a1")
    assert state.piece_at("e5") == "C" and state.piece_at("a1") == "X"


def test_mt12_espion_steps_and_swaps_with_an_enemy_within_2_never_the_chef() -> None:
    # Pins MT-12.
    # c7 at 2 (over d6): swap; f5 adjacent: capture or swap; e8 at 3: no; g7 is the Chef: no.
    state = position({"e6": "Y", "c7": "l", "d6": "F", "f5": "f", "e9": "f", "g7": "c"})
    assert actions_of(state, "e6") == {
        "Ye6-e7", "Ye6-f7", "Ye6-f6", "Ye6xf5", "Ye6-e5", "Ye6-d5", "Ye6-d7",
        "Ye6<>c7", "Ye6<>f5"}


def test_mt12_espion_swap_exchanges_the_two_pieces() -> None:
    # Pins MT-12.
    state = position({"e6": "Y", "c7": "l", "a9": "f"})
    play(state, "Ye6<>c7")
    assert state.piece_at("e6") == "l" and state.piece_at("c7") == "Y"


def test_mt5_no_piece_lands_on_an_ally_and_non_capturing_pieces_stop_before_enemies() -> None:
    # Pins MT-5.
    state = position({"e5": "E", "e4": "F", "e6": "f"})
    assert not any(t.endswith(("e4", "e6")) for t in actions_of(state, "e5"))


def test_mt10_moving_a_paralysed_piece_is_refused_with_the_reason() -> None:
    # Pins MT-10.
    state = position({"d5": "L", "e6": "e"})
    before = state.fen()
    with pytest.raises(IllegalAction, match="paralysed by an Envoûteur"):
        state.play("Ld5-d4")
    assert state.fen() == before


def test_mt17_an_action_of_a_piece_one_does_not_have_is_refused() -> None:
    # Pins MT-17.
    state = position({"d5": "L"})
    with pytest.raises(IllegalAction, match="no M on d5"):
        state.play("Md5-e6")
    with pytest.raises(IllegalAction, match="not a legal move"):
        state.play("Ld5-d9")
    with pytest.raises(IllegalAction, match="battle has begun"):
        state.play("pick L")
