"""FaMiX vs FaMiX: setup (MX-14, MX-15), FaMiX and choices (MX-16 to MX-19), resources and
interventions (MX-20, MX-21), the bataille (MX-22) and the end (MX-23, MX-24)."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.core.game import Event
from ludotheque.core.rng import Rng
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.notation import RESOURCES, parse
from ludotheque.games.mitix.rules import PLACE, MitixState, famix_bios

from .helpers import CARDS, card, custom_state, famix_position, force, kinds, names, rulings

TIRYNS = custom_state(
    card("Aîné", 505, 50, "Tirynthe") + card("Cadet", 432, 20, "Tirynthe")
    + card("Benjamin", 312, 30, "Tirynthe") + card("Colosse", 700, 40, "Argos")
    + card("Veilleur", 300, 10, "Argos", dieu=True) + card("Gardien", 300, 10, "Sparte",
                                                           dieu=True))


def both_send(state: MitixState, first: str, second: str) -> list[Event]:
    """Both secret choices, in the notation of the state's own card set."""
    state.apply(0, parse(f"send {first}", state.cards.index))
    return state.apply(1, parse(f"send {second}", state.cards.index))


def test_mx14_ten_combat_cards_from_the_own_paquet_revealed_to_both_players():
    # Pins MX-14.
    paquet0 = [*["Icare"] * 6, *["Hector"] * 6]
    paquet1 = [*["Ariane"] * 6, *["Jason"] * 6]
    state = GAME.new(4, options={"mode": "famix", "paquets": [paquet0, paquet1]})
    assert isinstance(state, MitixState)
    for seat, paquet in ((0, paquet0), (1, paquet1)):
        assert len(state.areopage[seat]) + len(state.olympe[seat]) == 10
        assert not Counter(names(state.areopage[seat])) - Counter(paquet)
    view = state.view(1)
    assert view["areopage"][0] == names(state.areopage[0])  # the opponent's cards are shown


def test_mx15_dieux_go_to_the_olympe_and_the_others_form_the_areopage():
    # Pins MX-15.
    paquet = ["Zeus", "Athéna", "Hadès", *["Icare"] * 7]
    state = GAME.new(1, options={"mode": "famix", "paquets": [paquet, paquet]})
    assert isinstance(state, MitixState)
    assert Counter(names(state.olympe[0])) == Counter(["Zeus", "Athéna", "Hadès"])
    assert names(state.areopage[0]) == ["Icare"] * 7


def test_mx15_dieux_have_no_ami_or_ennemi_effect_in_famix():
    # Pins MX-15.
    assert "Ulysse" in CARDS.card("Athéna").amis
    state = famix_position([["Ulysse"], ["Zeus"]], olympe=[["Athéna"], []],
                           pile=["Pain", "Pain", "Pain", "Pain"])
    state.play("send Ulysse", seat=0)
    events = state.play("send Zeus", seat=1)
    assert "soutien" not in kinds(events) and "condamnation" not in kinds(events)
    assert "bios" in kinds(events)


def test_mx16_mx17_with_a_famix_only_its_members_may_lead_the_combatant():
    # Pins MX-16.
    state = famix_position([["Jason", "Orphée", "Achille", "Hector", "Icare"], ["Ariane"]])
    assert state.legal_texts(0) == sorted(
        ["send Jason", "send Orphée", "send Achille", "send Hector"],
        key=lambda t: CARDS.index[t[5:]])
    with pytest.raises(IllegalAction, match="MX-17"):
        state.play("send Icare", seat=0)


def test_mx17_without_a_famix_any_mitix_of_the_areopage_fights_alone():
    # Pins MX-17.
    state = famix_position([["Jason", "Achille", "Icare"], ["Ariane"]])
    assert set(state.legal_texts(0)) == {"send Jason", "send Achille", "send Icare"}
    both_send(state, "Achille", "Ariane")
    assert state.last[0]["cards"] == [["Achille"], ["Ariane"]]


def test_mx17_the_choice_is_secret_and_simultaneous():
    # Pins MX-17.
    state = famix_position([["Jason", "Achille"], ["Ariane", "Hector"]])
    assert state.to_act() == (0, 1)
    events = state.play("send Achille", seat=0)
    public = [e for e in events if e.visible_to(1)]
    assert [e.data for e in public] == [{"seat": 0}]  # that seat 1 chose, not what
    private = [e for e in events if not e.visible_to(1)]
    assert [(e.kind, e.to, e.data["card"]) for e in private] == [("my_choice", (0,), "Achille")]
    assert state.to_act() == (1,)
    assert "my_choice" not in state.view(1) and "my_choice" not in state.view(None)
    assert state.view(0)["my_choice"] == "Achille"
    assert state.view(1)["chosen"] == [True, False]
    redealt = {state.determinize(1, Rng(seed)).to_json()["pending"][0] for seed in range(20)}
    assert len(redealt) == 2  # seat 2 cannot tell Achille from Jason


def test_mx17_mx22_a_search_may_take_back_the_others_secret_choice():
    # MX-17/MX-22: the choices are made at once; a bot answering second takes the other's
    # back on its copy and searches both together (State.reopen_secret_choices).
    state = famix_position([["Jason", "Achille"], ["Ariane", "Hector"]])
    before = state.legal_actions(0)
    state.play("send Achille", seat=0)
    copy = state.determinize(1, Rng(3))
    copy.reopen_secret_choices(1)
    assert copy.to_act() == (0, 1) and copy.legal_actions(0) == before
    assert state.to_act() == (1,)  # the game itself is untouched
    copy.reopen_secret_choices(0)
    assert copy.to_act() == (0, 1)  # nothing chosen: nothing to take back
    both_send(copy, "Jason", "Hector")
    assert copy.rounds == 1
    # In a bataille, the face-down card too (MX-22).
    bataille = famix_position([LONE_0, LONE_1])
    both_send(bataille, "Icare", "Icare")
    bataille.play("down Pénélope", seat=0)
    bataille.reopen_secret_choices(1)
    assert bataille.to_act() == (0, 1)
    assert set(bataille.legal_texts(0)) == {"down Pénélope", "down Persée", "down Œdipe"}


def test_mx17_the_whole_famix_fights_and_leaves_the_areopage():
    # Pins MX-17.
    state = famix_position([["Jason", "Orphée", "Castor", "Icare"], ["Zeus"]])
    both_send(state, "Orphée", "Zeus")
    assert state.last[0]["cards"][0] == ["Jason", "Orphée", "Castor"]
    assert names(state.areopage[0]) == ["Icare"]


def test_mx18_famix_bios_is_the_best_bios_plus_100_per_member():
    """The text's example: 505, 432 and 312 give 505 + 300 = 805."""
    # Pins MX-18.
    cards = TIRYNS.cards
    members = [cards.index[n] for n in ("Aîné", "Cadet", "Benjamin")]
    assert famix_bios(cards, members) == 805
    assert famix_bios(cards, members[1:]) == 432 + 200
    assert famix_bios(cards, [cards.index["Colosse"]]) == 700  # a lone MiTiX: its own Bios


@pytest.mark.parametrize(("lead", "colosse_final"), [("Cadet", 680), ("Aîné", 650)])
def test_mx19_only_the_carte_mise_en_avant_attacks(lead, colosse_final):
    """MX-19: final Bios = Bios minus the attack of the opposing carte mise en avant."""
    state = famix_position([["Aîné", "Cadet", "Benjamin"], ["Colosse"]], state_type=TIRYNS)
    events = both_send(state, lead, "Colosse")
    combatant = next(e for e in events if e.kind == "combatant")
    assert combatant.data["bios"] == 805 and combatant.ruling == "MX-18"
    assert next(e for e in events if e.kind == "bios").data["final"] == [805 - 40, colosse_final]
    assert names(state.vivants[0], TIRYNS.cards) == ["Aîné", "Cadet", "Benjamin"]
    assert names(state.enfers[1], TIRYNS.cards) == ["Colosse"]
    assert "MX-19" in rulings(events)


def test_mx20_no_dieu_on_either_olympe_no_resources():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]])
    assert len(state.pile) == 24 and state.to_place == [[], []]
    events = both_send(state, "Jason", "Ariane")
    assert "resource_drawn" not in kinds(events)
    assert len(state.pile) == 24


def test_mx20_the_pile_holds_four_of_each_resource():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]])
    assert Counter(state.pile) == {r: 4 for r in range(len(RESOURCES))}


def test_mx20_offrandes_go_on_the_opponents_dieux_nourritures_on_ones_own():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[["Zeus"], ["Hadès"]],
                           pile=["Huile", "Nectar", "Pain", "Ambroisie"])
    assert state.to_place == [[], []]  # one Dieu each: no decision, placed at once
    # Seat 1 draws Huile (onto Hadès) and Nectar (onto Zeus); seat 2 Pain and Ambroisie.
    assert state.view(None)["resources"] == [[["Nectar", "Pain"]], [["Huile", "Ambroisie"]]]


def test_mx20_a_resource_with_no_dieu_to_receive_it_is_discarded():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[[], ["Hadès"]], pile=["Nectar", "Huile", "Vin", "Pain"])
    # Seat 1's Nectar has no Dieu of theirs; seat 2's Vin and Pain no Dieu of seat 1.
    assert [RESOURCES[r] for r in state.used] == ["Nectar", "Vin", "Pain"]
    assert [RESOURCES[r] for r in state.resources[1][0]] == ["Huile"]


def test_mx20_with_several_dieux_the_drawer_chooses_where_each_resource_goes():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[["Zeus", "Athéna"], ["Hadès", "Hadès"]],
                           pile=["Huile", "Nectar", "Pain", "Ambroisie"])
    assert state.phase == PLACE and state.to_act() == (0,)
    assert state.legal_texts(0) == ["Huile > Hadès", "Huile > Hadès #2"]
    state.play("Huile > Hadès #2")
    assert state.legal_texts(0) == ["Nectar > Zeus", "Nectar > Athéna"]
    state.play("Nectar > Athéna")
    assert state.to_act() == (1,)
    state.play("Pain > Zeus")
    state.play("Ambroisie > Hadès")
    assert state.to_act() == (0, 1)
    held = [[[RESOURCES[r] for r in h] for h in side] for side in state.resources]
    assert held == [[["Pain"], ["Nectar"]], [["Ambroisie"], ["Huile"]]]


def test_mx20_resources_stay_on_a_dieu_from_round_to_round():
    # Pins MX-20.
    state = famix_position([["Jason", "Icare", "Priam"], ["Ariane", "Hector", "Jason"]],
                           olympe=[["Zeus"], []], pile=["Nectar", "Ambroisie", "Pain", "Vin"])
    assert force("Icare") != force("Hector")  # no bataille: the round ends
    both_send(state, "Icare", "Hector")
    held = [RESOURCES[r] for r in state.resources[0][0]]
    assert held == ["Nectar", "Ambroisie", "Pain", "Vin"]  # still there in round 2
    assert state.rounds == 1 and not state.is_over()


def test_mx20_an_empty_pile_is_refilled_with_the_used_resources():
    state = famix_position([["Jason", "Icare"], ["Ariane", "Hector"]],
                           olympe=[[], ["Hadès"]], pile=["Nectar", "Nectar", "Ambroisie"])
    # Seat 1's two Nectars have no Dieu of theirs: discarded; the Ambroisie goes on Hadès.
    assert state.pile == [] and [RESOURCES[r] for r in state.used] == ["Nectar", "Nectar"]
    events = both_send(state, "Icare", "Ariane")
    assert "reshuffle" in kinds(events)
    assert "MX-20" in rulings(events)


def intervention_position(pile: list[str], resources: list[list[list[str]]]) -> MitixState:
    """Icare (seat 1, weak) against Hector (seat 2, strong), one Dieu on each Olympe."""
    assert force("Icare") < force("Hector")
    return famix_position([["Icare"], ["Hector"]],  # one round, then the duel ends
                          olympe=[["Athéna"], ["Hadès"]], pile=pile, resources=resources)


def test_mx21_three_nourritures_make_the_dieu_intervene_for_its_owner():
    state = intervention_position(["Hydromel", "Pain", "Pain", "Pain"],
                                  [[["Nectar", "Ambroisie"]], [[]]])
    events = both_send(state, "Icare", "Hector")
    intervention = next(e for e in events if e.kind == "intervention")
    assert intervention.data["sens"] == "pour" and intervention.data["seat"] == 0
    assert intervention.ruling == "MX-21"
    assert names(state.vivants[0]) == ["Icare"]
    held = [RESOURCES[r] for r in state.resources[0][0]]
    assert held == ["Pain", "Pain"]  # the three Nourritures are discarded, the rest stays
    assert {"Nectar", "Ambroisie", "Hydromel"} <= {RESOURCES[r] for r in state.used}


def test_mx21_three_offrandes_make_the_dieu_intervene_against_its_owner():
    # Pins MX-21.
    state = intervention_position(["Vin", "Nectar", "Nectar", "Nectar"],
                                  [[[]], [["Huile", "Pain"]]])
    events = both_send(state, "Icare", "Hector")
    intervention = next(e for e in events if e.kind == "intervention")
    assert intervention.data == {"seat": 1, "dieu": "Hadès", "slot": 0, "sens": "contre"}
    assert names(state.vivants[0]) == ["Icare"]  # Hector loses whatever his Bios
    assert names(state.enfers[1]) == ["Hector"]


def test_mx21_interventions_for_both_players_cancel_and_the_bios_decides():
    # Pins MX-21.
    state = intervention_position(["Hydromel", "Pain", "Hydromel", "Pain"],
                                  [[["Nectar", "Ambroisie"]], [["Nectar", "Ambroisie"]]])
    events = both_send(state, "Icare", "Hector")
    assert kinds(events).count("intervention") == 2
    assert "marks_cancel" in kinds(events) and "bios" in kinds(events)
    assert names(state.vivants[1]) == ["Hector"]


def test_mx21_for_and_against_one_player_cancel_out():
    # Pins MX-21.
    state = intervention_position(["Hydromel", "Nectar", "Vin", "Nectar"],
                                  [[["Nectar", "Ambroisie", "Huile", "Pain"]], [[]]])
    events = both_send(state, "Icare", "Hector")
    assert kinds(events).count("intervention") == 2
    assert state.last[0]["marks"] == [0, 0]
    assert names(state.vivants[1]) == ["Hector"]


LONE_0 = ["Icare", "Pénélope", "Persée", "Œdipe"]  # four families: no FaMiX
LONE_1 = ["Icare", "Hélène", "Jason", "Héraclès"]


def test_mx22_a_tie_is_a_bataille_with_a_face_down_card_of_ones_choice():
    state = famix_position([LONE_0, LONE_1])
    events = both_send(state, "Icare", "Icare")
    assert "bataille" in kinds(events) and "MX-22" in rulings(events)
    assert state.to_act() == (0, 1)
    assert set(state.legal_texts(0)) == {"down Pénélope", "down Persée", "down Œdipe"}
    state.play("down Pénélope", seat=0)
    events = state.play("down Hélène", seat=1)
    assert next(e for e in events if e.kind == "face_down").data["cards"] == ["Pénélope",
                                                                              "Hélène"]
    assert set(state.legal_texts(0)) == {"send Persée", "send Œdipe"}
    events = both_send(state, "Persée", "Jason")
    winner = 0 if force("Persée") > force("Jason") else 1
    won = next(e for e in events if e.kind == "round_won")
    assert won.data["winner"] == winner and won.ruling == "MX-22"
    assert Counter(names(state.vivants[winner])) == Counter(
        ["Icare", "Icare", "Pénélope", "Hélène", "Persée", "Jason"])
    assert state.enfers == [[], []]


def test_mx22_a_bataille_without_a_card_to_put_down_and_a_combatant_goes_to_the_enfers():
    # Pins MX-22.
    state = famix_position([["Icare", "Pénélope"], ["Icare", "Hélène", "Jason"]])
    events = both_send(state, "Icare", "Icare")
    assert "bataille_impossible" in kinds(events)
    assert names(state.enfers[0]) == ["Icare"] and names(state.enfers[1]) == ["Icare"]
    assert state.vivants == [[], []]
    assert state.to_act() == (0, 1) and not state.is_over()


def test_mx23_the_duel_ends_when_either_areopage_is_empty_unfought_cards_count_for_no_one():
    # Pins MX-23.
    state = famix_position([["Zeus"], ["Icare", "Hector"]])
    events = both_send(state, "Zeus", "Icare")
    assert state.is_over()
    assert events[-1].kind == "end" and events[-1].ruling == "MX-24"
    assert names(state.areopage[1]) == ["Hector"]
    result = state.result()
    assert result is not None and result.scores == (1.0, 0.0)


def test_mx24_the_winner_is_decided_as_in_mx13():
    state = famix_position([["Icare", "Ariane"], ["Icare", "Zeus"]])
    state.vivants = [[CARDS.index["Icare"], CARDS.index["Ariane"]],
                     [CARDS.index["Icare"], CARDS.index["Zeus"]]]
    state.areopage = [[], []]
    state.phase = 3
    result = state.result()
    assert result is not None
    assert result.reason == "bios_des_vivants" and result.ranks == (1, 0)
    assert result.ruling == "MX-24"


def test_mx22_mx17_a_bot_can_always_find_a_choice():
    """Every FaMiX decision point offers at least one action (conformance checks the rest)."""
    # Pins MX-22, MX-17.
    state = GAME.new(9, options={"mode": "famix"})
    while not state.is_over():
        for seat in state.to_act():
            assert state.legal_actions(seat)
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])


SETS = {1: ["Nectar", "Ambroisie", "Hydromel"], 0: [], -1: ["Huile", "Pain", "Vin"]}
MARKS = [(m0, m1) for m0 in (1, 0, -1) for m1 in (1, 0, -1)]


@pytest.mark.parametrize(("m0", "m1"), MARKS, ids=[f"{a:+d}/{b:+d}" for a, b in MARKS])
def test_mx21_resolution_table_for_every_combination_of_interventions(m0, m1):
    """MX-21: marks combine as in MX-7; equal marks cancel and the Bios decides (Hector)."""
    state = intervention_position(["Pain"] * 4, [[SETS[m0]], [SETS[m1]]])
    events = both_send(state, "Icare", "Hector")
    expected = 1 if m0 == m1 else (0 if m0 > m1 else 1)
    assert next(e for e in events if e.kind == "round_won").data["winner"] == expected
    assert state.last[0]["marks"] == [m0, m1]
    assert kinds(events).count("intervention") == abs(m0) + abs(m1)


def test_an_illegal_choice_says_why():
    state = famix_position([["Jason", "Orphée", "Icare"], ["Ariane"]])
    with pytest.raises(IllegalAction, match="Zeus is not in your aréopage"):
        state.play("send Zeus", seat=0)
    with pytest.raises(IllegalAction, match="no card is being put face down"):
        state.play("down Jason", seat=0)
    with pytest.raises(IllegalAction, match="only action is reveal"):
        GAME.new(1).play("send Zeus", seat=0)
