"""The decisions taken beyond the rulings (docs/rules/mitix.md, D-1 to D-18)."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import OptionsError
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.notation import RESOURCES, parse
from ludotheque.games.mitix.rules import DOWN, PLACE, SEND, MitixState

from .helpers import (
    CARDS,
    card,
    custom_state,
    famix_position,
    force,
    kinds,
    mitix_position,
    names,
)

NEUTRAL = ["Hélène", "Pénélope"]


def test_d1_one_reveal_resolves_a_whole_round_with_its_batailles():
    state = mitix_position([NEUTRAL, NEUTRAL], [["Icare", "Hélène", "Zeus", "Priam"],
                                                ["Icare", "Pénélope", "Ariane", "Priam"]])
    events = state.play("reveal")
    assert kinds(events).count("reveal") == 2 and kinds(events).count("round_won") == 1
    assert state.rounds == 1


def test_d2_the_mitix_areopage_is_hidden_from_its_owner_too():
    state = GAME.new(2)
    for seat in (0, 1):
        assert "areopage" not in state.view(seat)


def test_d3_vivants_count_cards_won_from_the_opponent():
    state = mitix_position([NEUTRAL, NEUTRAL], [["Icare", "Hélène", "Zeus", "Priam"],
                                                ["Icare", "Pénélope", "Ariane", "Priam"]])
    state.play("reveal")
    assert "Ariane" in names(state.vivants[0]) and "Pénélope" in names(state.vivants[0])
    assert state.vivants_bios()[0] == sum(CARDS.bios[c] for c in state.vivants[0])


def test_d4_olympe_cards_never_count():
    state = mitix_position([["Zeus", "Hadès"], NEUTRAL], [["Achille"], ["Priam"]])
    assert force("Achille") != force("Priam")
    state.play("reveal")
    result = state.result()
    assert result is not None and sum(result.scores) == 1


def test_d5_resources_are_placed_before_the_secret_choice():
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[["Zeus", "Athéna"], []],
                           pile=["Nectar", "Pain", "Nectar", "Nectar"])
    assert state.phase == PLACE and state.to_act() == (0,)
    state.play("Nectar > Zeus")
    assert state.phase == SEND and state.to_act() == (0, 1)


def test_d5_a_bataille_round_draws_resources_again():
    state = famix_position([["Icare", "Pénélope", "Persée"], ["Icare", "Hélène", "Jason"]],
                           olympe=[["Zeus"], []],
                           pile=["Pain", "Pain", "Pain", "Pain", "Vin", "Vin", "Vin", "Vin"])
    state.play("send Icare", seat=0)
    state.play("send Icare", seat=1)
    assert state.phase == DOWN
    state.play("down Pénélope", seat=0)
    events = state.play("down Hélène", seat=1)
    assert kinds(events).count("resource_drawn") == 4


def test_d6_seat_1_places_before_seat_2_and_single_targets_are_automatic():
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[["Zeus"], ["Hadès", "Arès"]],
                           pile=["Nectar", "Huile", "Pain", "Vin"])
    # Seat 1's Nectar goes on Zeus at once; its Huile needs a choice, and seat 2 waits.
    assert [RESOURCES[r] for r in state.resources[0][0]] == ["Nectar"]
    assert state.to_act() == (0,) and state.legal_texts(0) == ["Huile > Hadès", "Huile > Arès"]
    state.play("Huile > Arès")
    # Then seat 2's Offrandes have one possible Dieu, Zeus: placed without a question.
    assert [RESOURCES[r] for r in state.resources[0][0]] == ["Nectar", "Pain", "Vin"]
    assert state.phase == SEND


def test_d7_nothing_is_drawn_when_every_resource_sits_on_a_dieu():
    state = famix_position([["Jason", "Icare", "Priam"], ["Ariane", "Hector", "Jason"]],
                           olympe=[["Zeus"], []], pile=["Nectar", "Ambroisie", "Pain", "Vin"])
    assert force("Icare") != force("Hector")
    state.play("send Icare", seat=0)
    events = state.play("send Hector", seat=1)
    assert "resource_drawn" not in kinds(events) and state.phase == SEND


def test_d8_only_one_of_each_is_discarded_and_a_double_set_cancels():
    state = famix_position([["Icare"], ["Hector"]], olympe=[["Athéna"], ["Hadès"]],
                           pile=["Hydromel", "Pain", "Pain", "Pain"],
                           resources=[[["Nectar", "Ambroisie", "Nectar"]], [[]]])
    state.play("send Icare", seat=0)
    state.play("send Hector", seat=1)
    assert [RESOURCES[r] for r in state.resources[0][0]] == ["Nectar", "Pain", "Pain"]


def test_d9_the_face_down_choice_is_secret_until_both_chose():
    state = famix_position([["Icare", "Pénélope", "Persée"], ["Icare", "Hélène", "Jason"]])
    state.play("send Icare", seat=0)
    state.play("send Icare", seat=1)
    state.play("down Persée", seat=0)
    assert "my_choice" not in state.view(1) and state.view(0)["my_choice"] == "Persée"
    events = state.play("down Hélène", seat=1)
    assert next(e for e in events if e.kind == "face_down").data["cards"] == ["Persée", "Hélène"]


def test_d10_putting_a_card_down_can_break_a_famix():
    custom = custom_state(card("Alpha", 300, 10, "A") + card("Alpha bis", 300, 10, "A")
                          + card("Bêta", 300, 10, "B") + card("Bêta bis", 300, 10, "B")
                          + card("Gamma", 500, 10, "C") + card("Delta", 200, 10, "D")
                          + card("Epsilon", 200, 10, "E"))
    state = famix_position([["Alpha", "Alpha bis", "Bêta", "Bêta bis"],
                            ["Gamma", "Delta", "Epsilon"]], state_type=custom)
    index = custom.cards.index
    state.apply(0, parse("send Alpha", index))
    events = state.apply(1, parse("send Gamma", index))
    # FaMiX Alpha: 300 + 2 x 100 - 10 = 490; Gamma alone: 500 - 10 = 490: a bataille.
    assert next(e for e in events if e.kind == "bios").data["final"] == [490, 490]
    assert state.phase == DOWN
    state.apply(0, parse("down Bêta", index))
    state.apply(1, parse("down Delta", index))
    # The Bêta FaMiX is gone: Bêta bis now fights alone.
    assert state.legal_texts(0) == ["send Bêta bis"]


def test_d11_a_famix_bataille_needs_two_cards_left_on_each_side():
    state = famix_position([["Icare", "Pénélope"], ["Icare", "Hélène", "Jason"]])
    state.play("send Icare", seat=0)
    events = state.play("send Icare", seat=1)
    assert "bataille_impossible" in kinds(events) and state.phase == SEND
    roomy = famix_position([["Icare", "Pénélope", "Persée"], ["Icare", "Hélène", "Jason"]])
    roomy.play("send Icare", seat=0)
    roomy.play("send Icare", seat=1)
    assert roomy.phase == DOWN


def test_d12_an_aréopage_of_dieux_only_ends_the_duel_at_once_as_a_draw():
    gods = ["Zeus", "Héra", "Poséidon", "Athéna", "Apollon", "Artémis", "Arès", "Aphrodite",
            "Hermès", "Hadès"]
    state = GAME.new(3, options={"mode": "famix", "paquets": [gods, gods]})
    assert isinstance(state, MitixState)
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result is not None and result.is_draw and result.reason == "egalite"


def test_d13_mitix_is_a_two_player_game():
    with pytest.raises(OptionsError):
        GAME.new(1, players=3)
    assert GAME.min_players == GAME.max_players == 2


def test_d16_tiresias_a_mortal_seer_attacks_with_an_exploit():
    # D-16 (MX-1: Exploit for heroes and mortals), like Cassandre the prophétesse.
    tiresias = CARDS.card("Tirésias")
    assert tiresias.nature == "devin" and not tiresias.dieu and tiresias.genre == "Exploit"
    assert CARDS.card("Cassandre").genre == "Exploit"


def test_d17_pegase_a_divine_winged_horse_attacks_with_a_prodige():
    # D-17 (MX-1: Prodige for gods and divine beings): neither hero, mortal nor monster.
    pegase = CARDS.card("Pégase")
    assert pegase.nature == "cheval ailé" and not pegase.dieu and pegase.genre == "Prodige"


def test_d18_divine_beings_attack_with_a_prodige_and_monsters_with_a_ravage():
    # D-18 (MX-1): the non-gods of divine birth, and the monsters.
    for nom in ("Cronos", "Rhéa", "Calypso", "Charon", "Circé", "Médée"):
        assert not CARDS.card(nom).dieu and CARDS.card(nom).genre == "Prodige", nom
    for nom in ("Nessos", "Polyphème", "Méduse", "Céto"):
        assert CARDS.card(nom).genre == "Ravage", nom
