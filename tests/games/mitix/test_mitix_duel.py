"""MiTiX vs MiTiX: the setup (MX-4, MX-5), the round (MX-6 to MX-9), the bataille (MX-10,
MX-11) and the end (MX-12, MX-13)."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.rules import MitixState

from .helpers import CARDS, card, custom_state, force, kinds, mitix_position, names, rulings

# Olympe cards with one known relation each (asserted below, so a data change fails loudly).
SUPPORTS_THESEE = "Poséidon"  # Ami: Thésée
CONDEMNS_THESEE = "Perséphone"  # Ennemi: Thésée
SUPPORTS_MINOTAURE = "Pasiphaé"  # Ami: Minotaure
CONDEMNS_MINOTAURE = "Thésée"  # Ennemi: Minotaure
NEUTRAL = ("Hélène", "Pénélope")
FILLER = ["Icare", "Hélène", "Antigone", "Pénélope"]


def test_olympe_relations_used_by_these_tests_hold_in_the_base_set():
    c = CARDS
    assert "Thésée" in c.card(SUPPORTS_THESEE).amis
    assert "Thésée" in c.card(CONDEMNS_THESEE).ennemis
    assert "Minotaure" in c.card(SUPPORTS_MINOTAURE).amis
    assert "Minotaure" in c.card(CONDEMNS_MINOTAURE).ennemis
    fighters = {"Thésée", "Minotaure"}
    for name in (*NEUTRAL, SUPPORTS_THESEE, CONDEMNS_THESEE, SUPPORTS_MINOTAURE,
                 CONDEMNS_MINOTAURE):
        entry = c.card(name)
        named = set(entry.amis) | set(entry.ennemis)
        expected = {SUPPORTS_THESEE: {"Thésée"}, CONDEMNS_THESEE: {"Thésée"},
                    SUPPORTS_MINOTAURE: {"Minotaure"}, CONDEMNS_MINOTAURE: {"Minotaure"}}
        assert named & fighters == expected.get(name, set()), name


def marks_position(m0: int, m1: int) -> MitixState:
    """Thésée (seat 1) against the Minotaure (seat 2) with the given Olympe marks."""
    olympe0 = [SUPPORTS_THESEE if m0 == 1 else NEUTRAL[0],
               CONDEMNS_MINOTAURE if m1 == -1 else NEUTRAL[1]]
    olympe1 = [SUPPORTS_MINOTAURE if m1 == 1 else NEUTRAL[0],
               CONDEMNS_THESEE if m0 == -1 else NEUTRAL[1]]
    return mitix_position([olympe0, olympe1], [["Thésée", *FILLER], ["Minotaure", *FILLER]])


def bios_winner() -> int:
    return 0 if force("Thésée") > force("Minotaure") else 1


MARKS = [(m0, m1) for m0 in (1, 0, -1) for m1 in (1, 0, -1)]


@pytest.mark.parametrize(("m0", "m1"), MARKS, ids=[f"{a:+d}/{b:+d}" for a, b in MARKS])
def test_mx7_round_resolution_table_for_every_combination_of_olympe_marks(m0, m1):
    """MX-7: the higher mark wins at once; equal marks cancel and the Bios decides (MX-8)."""
    assert force("Thésée") != force("Minotaure")
    state = marks_position(m0, m1)
    events = state.play("reveal")
    expected = bios_winner() if m0 == m1 else (0 if m0 > m1 else 1)
    won = next(e for e in events if e.kind == "round_won")
    assert won.data["winner"] == expected
    assert state.last[0]["marks"] == [m0, m1]
    assert state.last[0]["by"] == ("bios" if m0 == m1 else "olympe")
    winner_card = "Thésée" if expected == 0 else "Minotaure"
    assert names(state.vivants[expected]) == [winner_card]
    assert len(state.enfers[1 - expected]) == 1
    if m0 != m1:
        assert "olympe_decides" in kinds(events)
        assert "bios" not in kinds(events)
    else:
        assert "bios" in kinds(events)


def test_mx7_a_supported_card_beats_even_a_dieu():
    """MX-7: "Une carte soutenue par l'Olympe peut donc même battre un Dieu"."""
    assert "Icare" in CARDS.card("Dédale").amis
    assert force("Icare") < force("Zeus")
    state = mitix_position([["Dédale", "Hélène"], ["Pénélope", "Hélène"]],
                           [["Icare", *FILLER], ["Zeus", *FILLER]])
    events = state.play("reveal")
    assert "soutien" in kinds(events)
    assert names(state.vivants[0]) == ["Icare"]
    assert names(state.enfers[1]) == ["Zeus"]


def test_mx7_support_and_condemnation_of_one_card_cancel():
    """MX-7: soutenu and condamné gives 0: the Bios decides."""
    state = mitix_position([[SUPPORTS_THESEE, NEUTRAL[1]], [NEUTRAL[0], CONDEMNS_THESEE]],
                           [["Thésée", *FILLER], ["Minotaure", *FILLER]])
    events = state.play("reveal")
    assert {"soutien", "condamnation", "annulation"} <= set(kinds(events))
    assert state.last[0]["marks"] == [0, 0]
    assert len(state.vivants[bios_winner()]) == 1


def test_mx7_the_olympe_event_names_who_supported_whom():
    state = marks_position(1, -1)
    events = state.play("reveal")
    soutien = next(e for e in events if e.kind == "soutien")
    condamnation = next(e for e in events if e.kind == "condamnation")
    assert soutien.data == {"seat": 0, "card": "Thésée", "by": [SUPPORTS_THESEE]}
    assert condamnation.data == {"seat": 1, "card": "Minotaure", "by": [CONDEMNS_MINOTAURE]}
    assert soutien.ruling == condamnation.ruling == "MX-7"


def test_mx6_a_round_reveals_the_top_card_of_each_areopage():
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Achille", "Icare"], ["Hector", "Ariane"]])
    events = state.play("reveal")
    assert events[0].kind == "reveal" and events[0].data["cards"] == ["Achille", "Hector"]
    assert events[0].ruling == "MX-6"
    assert state.view(None)["areopage_size"] == [1, 1]


def test_mx8_final_bios_is_bios_minus_the_opposing_attack():
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Achille", "Icare"], ["Hector", "Ariane"]])
    events = state.play("reveal")
    bios = next(e for e in events if e.kind == "bios")
    a, h = CARDS.card("Achille"), CARDS.card("Hector")
    assert bios.data["final"] == [a.bios - h.attaque, h.bios - a.attaque]
    assert bios.ruling == "MX-8"


def test_mx8_final_bios_may_be_negative_and_the_higher_still_wins():
    # Pins MX-8.
    custom = custom_state(card("Fourmi", 50, 10) + card("Géant", 500, 60)
                          + card("Pion", 100, 5))
    state = mitix_position([["Pion", "Pion"], ["Pion", "Pion"]],
                           [["Fourmi", "Pion"], ["Géant", "Pion"]], custom)
    events = state.play("reveal")
    assert next(e for e in events if e.kind == "bios").data["final"] == [-10, 490]
    assert len(state.vivants[1]) == 1


def test_mx9_winner_to_its_owners_vivants_loser_to_the_enfers():
    # Pins MX-9.
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Zeus", "Icare"], ["Icare", "Ariane"]])
    state.play("reveal")
    assert names(state.vivants[0]) == ["Zeus"]
    assert names(state.enfers[1]) == ["Icare"]
    assert state.vivants[1] == [] and state.enfers[0] == []


def test_mx10_a_tie_starts_a_bataille_and_the_winner_takes_every_engaged_card():
    """Icare against Icare ties; face-down cards; Achille against Ariane decides."""
    assert force("Achille") > force("Ariane")
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Icare", "Hélène", "Achille", "Priam"],
                            ["Icare", "Pénélope", "Ariane", "Priam"]])
    events = state.play("reveal")
    assert kinds(events).count("reveal") == 2
    assert "bataille" in kinds(events)
    assert "MX-10" in rulings(events)
    assert Counter(names(state.vivants[0])) == Counter(
        ["Icare", "Hélène", "Achille", "Icare", "Pénélope", "Ariane"])
    assert state.enfers == [[], []]
    assert state.view(None)["areopage_size"] == [1, 1]


def test_mx10_batailles_nested_twice():
    # Pins MX-10.
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Icare", "Hélène", "Ariane", "Pénélope", "Hector", "Priam"],
                            ["Icare", "Priam", "Ariane", "Antigone", "Achille", "Priam"]])
    events = state.play("reveal")
    assert [e.data["bataille"] for e in events if e.kind == "reveal"] == [0, 1, 2]
    winner = 0 if force("Hector") > force("Achille") else 1
    assert len(state.vivants[winner]) == 10
    assert state.vivants[1 - winner] == []
    assert state.view(None)["areopage_size"] == [1, 1]


def test_mx10_the_deciding_cards_of_a_bataille_go_through_the_olympe_check():
    """After a tie, the new revealed cards are compared as a new round (MX-7 then MX-8)."""
    # Pins MX-10.
    assert force("Icare") < force("Zeus")
    state = mitix_position([["Dédale", "Hélène"], list(NEUTRAL)],
                           [["Antigone", "Hélène", "Icare"], ["Antigone", "Pénélope", "Zeus"]])
    state.play("reveal")
    assert len(state.vivants[0]) == 6


def test_mx11_a_bataille_without_enough_cards_sends_every_engaged_card_to_the_enfers():
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Achille", "Icare", "Hélène"], ["Hector", "Icare", "Pénélope"]])
    state.play("reveal")
    events = state.play("reveal")  # Icare against Icare, one card left each: no bataille
    assert "bataille_impossible" in kinds(events)
    assert "MX-11" in rulings(events)
    assert "round_won" not in kinds(events)
    assert names(state.enfers[0])[-1] == "Icare" and names(state.enfers[1])[-1] == "Icare"
    assert state.view(None)["areopage_size"] == [1, 1]


def test_mx11_a_bataille_that_runs_out_midway_sends_everything_engaged_to_the_enfers():
    # Pins MX-11.
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)],
                           [["Icare", "Hélène", "Ariane", "Priam"],
                            ["Icare", "Pénélope", "Ariane", "Priam"]])
    events = state.play("reveal")
    assert "bataille" in kinds(events) and "bataille_impossible" in kinds(events)
    assert Counter(names(state.enfers[0])) == Counter(["Icare", "Hélène", "Ariane"])
    assert Counter(names(state.enfers[1])) == Counter(["Icare", "Pénélope", "Ariane"])
    assert state.vivants == [[], []]


def test_mx4_mx5_each_areopage_is_20_cards_of_its_own_paquet_2_on_the_olympe():
    # Pins MX-5.
    paquet0 = ["Zeus", "Zeus", *["Icare"] * 10, *["Hector"] * 10]
    paquet1 = [*["Ariane"] * 15, *["Minotaure"] * 6]
    state = GAME.new(7, options={"paquets": [paquet0, paquet1]})
    assert isinstance(state, MitixState)
    for seat, paquet in ((0, paquet0), (1, paquet1)):
        drawn = Counter(names(state.olympe[seat] + state.areopage[seat]))
        assert len(state.olympe[seat]) == 2 and len(state.areopage[seat]) == 18
        assert not drawn - Counter(paquet)  # MX-4: drawn from the owner's own paquet
    assert GAME.rules().startswith("#")


def test_mx4_the_draw_is_random_and_differs_between_seeds():
    # Pins MX-4.
    orders = {tuple(GAME.new(seed).to_json()["areopage"][0]) for seed in range(10)}
    assert len(orders) > 1


def test_mx5_the_olympe_is_face_up_and_the_areopage_order_hidden():
    # Pins MX-5.
    state = GAME.new(3)
    view = state.view(0)
    assert view["olympe"] == [names(o) for o in state.olympe]  # type: ignore[attr-defined]
    assert "areopage" not in view and view["areopage_size"] == [18, 18]


def test_mx12_the_duel_ends_when_the_areopages_are_empty():
    # Pins MX-12.
    state = GAME.new(11)
    reveals = 0
    while not state.is_over():
        sizes = state.view(None)["areopage_size"]
        assert sizes[0] == sizes[1]
        state.play("reveal")
        reveals += 1
    assert reveals <= 18
    assert state.view(None)["areopage_size"] == [0, 0]
    with pytest.raises(IllegalAction):
        state.play("reveal", seat=0)


def test_mx12_only_seat_1_acts_with_the_one_action_reveal():
    # Pins MX-12.
    state = GAME.new(5)
    assert state.to_act() == (0,)
    assert state.legal_texts(0) == ["reveal"] and state.legal_texts(1) == []


def end_position(vivants0: list[str], vivants1: list[str]) -> MitixState:
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)], [["Icare"], ["Icare"]])
    state.vivants = [[CARDS.index[n] for n in vivants0], [CARDS.index[n] for n in vivants1]]
    state.areopage = [[], []]
    return state


def test_mx13_more_vivants_wins():
    result = end_position(["Icare", "Ariane", "Priam"], ["Zeus", "Hadès"]).result()
    assert result is not None
    assert result.ranks == (0, 1) and result.reason == "plus_de_vivants"
    assert result.scores == (3.0, 2.0) and result.ruling == "MX-13"


def test_mx13_equal_vivants_the_higher_printed_bios_wins():
    # Pins MX-13.
    result = end_position(["Icare", "Ariane"], ["Zeus", "Icare"]).result()
    assert result is not None
    assert result.ranks == (1, 0) and result.reason == "bios_des_vivants"


def test_mx13_equal_vivants_and_bios_is_a_draw():
    # Pins MX-13.
    result = end_position(["Icare", "Zeus"], ["Zeus", "Icare"]).result()
    assert result is not None
    assert result.is_draw and result.reason == "egalite"


def test_mx13_the_last_reveal_announces_the_end():
    state = mitix_position([list(NEUTRAL), list(NEUTRAL)], [["Zeus"], ["Icare"]])
    events = state.play("reveal")
    end = events[-1]
    assert end.kind == "end" and end.ruling == "MX-13"
    assert end.data["ranks"] == [0, 1]
    assert state.is_over()
