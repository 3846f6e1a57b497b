"""Scenario tests of a turn, rule by rule (DG-1 ... DG-20), in the game's own words."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from ludotheque.core import IllegalAction, OptionsError
from ludotheque.games.diamagique import GAME, DeckSpec, DiamagiqueOptions
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.rules import DiamagiqueState

from .helpers import PLAIN_AUBE, PLAIN_MAREES, hand_names, kinds, play, stacked

# Aube: M1 Solenne (+1 if Jaune), M2 Ignace (+2 if Caché), M3 Aurèle (+2 if the team holds 2+).
# Marées: M1 Ondine (-1 on the facing Sort), M2 Varech (+2 if Caché), M3 Nérée (/2 facing Rouge).
# Fonderie (/2 on Vert Sorts) and Manoir des lianes (+1 on Vert Sorts) touch none of these Sorts.
TIE = ("M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
       "M3 bruine")  # 3 + 3 + 4 = 10 against 3 + 4 + 3 = 10


def duel(**over: object) -> DiamagiqueState:
    arrange: dict[str, Any] = {
        "active": 0,
        "hands": (PLAIN_AUBE, PLAIN_MAREES),
        "decks": (PLAIN_AUBE * 3, PLAIN_MAREES * 3),
        "castles": (["Fonderie"] * 8, ["Manoir des lianes"] * 8),
        "pot": ["Rouge", "Bleu", "Vert", "Jaune", "Rouge", "Bleu"],
    }
    arrange.update(over)
    return stacked(**arrange)


# -- components and set-up ---------------------------------------------------------------------

def test_dg1_two_players_each_with_three_magiciens_40_sorts_and_8_chateaux() -> None:
    # Pins DG-1.
    state = GAME.new(3)
    assert isinstance(state, DiamagiqueState)
    assert GAME.min_players == GAME.max_players == 2
    for seat in (0, 1):
        team = state.view(seat)["teams"][seat]
        assert len(team["magiciens"]) == 3
        assert len(state.hand[seat]) + len(state.deck[seat]) == 40
        assert len(state.castle_deck[seat]) + (state.chateau >= 0 and seat == state.active) == 8
    with pytest.raises(OptionsError, match="2 players"):
        GAME.new(1, 3)


def test_dg2_every_card_has_one_or_two_of_the_four_colours() -> None:
    # Pins DG-2.
    colours = [c.couleurs for c in CARDS.magiciens] + [c.couleurs for c in CARDS.sorts]
    colours += [c.couleurs for c in CARDS.chateaux]
    assert all(1 <= len(c) <= 2 for c in colours)
    assert {c for card in colours for c in card} == {"Jaune", "Rouge", "Vert", "Bleu"}
    assert any(len(s.couleurs) == 2 for s in CARDS.sorts)


def test_dg3_every_magicien_has_one_ability() -> None:
    # Pins DG-3.
    assert all(m.effet.cible in ("ce_sort", "adverse") for m in CARDS.magiciens)


def test_dg4_sorts_have_a_puissance_from_0_to_6_and_some_are_cache() -> None:
    # Pins DG-4.
    assert {s.puissance for s in CARDS.sorts} <= set(range(7))
    assert any(s.cache for s in CARDS.sorts)
    assert any(s.effet is None for s in CARDS.sorts)


def test_dg5_a_chateau_applies_to_both_players() -> None:
    # Pins DG-5.
    state = stacked(("Aube", "Sylves"), active=0,
                    hands=(["Lueur vive"] * 5, ["Lueur vive"] * 5),
                    castles=(["Tour d'Ivoire"] * 8, ["Tour d'Ivoire"] * 8))
    events = play(state, *["M1 lueur-vive", "M1 lueur-vive", "M2 lueur-vive", "M2 lueur-vive",
                           "M3 lueur-vive", "M3 lueur-vive"])
    state_events = [e for e in events if e.kind == "modificateur"
                    and e.data["source"] == "Tour d'Ivoire"]
    assert len(state_events) == 6
    assert {e.data["seat"] for e in state_events} == {0, 1}
    assert all(e.data["after"] == e.data["before"] + 1 for e in state_events)


def test_dg6_the_pot_holds_12_diamagiques_three_of_each_colour() -> None:
    # Pins DG-6.
    state = GAME.new(11)
    assert isinstance(state, DiamagiqueState)
    everything = state.pot + state.on_chateau
    assert Counter(everything) == {0: 3, 1: 3, 2: 3, 3: 3}


def test_dg8_the_base_set() -> None:
    # Pins DG-8.
    assert len(CARDS.equipes) >= 4
    assert len(CARDS.sorts) >= 60
    assert len(CARDS.chateaux) >= 16
    effects = [s.effet for s in CARDS.sorts if s.effet] + [m.effet for m in CARDS.magiciens]
    effects += [c.effet for c in CARDS.chateaux]
    assert {e.categorie for e in effects} == {
        "valeur", "multiplicateur", "diviseur", "complexe_positif", "complexe_negatif",
        "positif", "negatif", "puissance_modifiee"}
    assert {c for s in CARDS.sorts for c in s.couleurs} == {"Jaune", "Rouge", "Vert", "Bleu"}
    assert {d.equipe for d in CARDS.decks} == set(range(len(CARDS.equipes)))


def test_dg9_five_sorts_in_hand_and_the_rng_picks_the_first_player() -> None:
    # Pins DG-9.
    firsts = set()
    for seed in range(12):
        state = GAME.new(seed)
        assert isinstance(state, DiamagiqueState)
        assert [len(h) for h in state.hand] == [5, 5]
        assert [len(d) for d in state.deck] == [35, 35]
        firsts.add(state.active)
    assert firsts == {0, 1}
    a, b = GAME.new(7), GAME.new(7)
    assert a.to_json() == b.to_json()


def test_dg10_official_match_the_active_player_chooses_any_chateau() -> None:
    # Pins DG-10.
    state = stacked(official=True, active=1, hands=(PLAIN_AUBE, PLAIN_MAREES))
    assert state.view(1)["phase"] == "chateau"
    assert state.to_act() == (1,)
    choices = state.legal_texts(1)
    assert len(choices) == len(set(CARDS.deck("Marées").chateaux))
    assert all(t.startswith("chateau ") for t in choices)
    play(state, "chateau palais-de-givre")
    assert state.view(None)["chateau"] == "Palais de givre"
    assert state.view(1)["castle_deck"] == sorted(
        CARDS.chateaux[c].name for c in CARDS.deck("Marées").chateaux
        if CARDS.chateaux[c].name != "Palais de givre")
    with pytest.raises(IllegalAction):
        GAME.new(0, 2, {"official_match": True}).apply(0, GAME.parse("chateau palais-de-givre"))


def test_dg10_without_official_match_the_top_chateau_is_played() -> None:
    # Pins DG-10.
    state = duel(castles=(["Fonderie", "Observatoire"], ["Manoir des lianes"]))
    assert state.view(None)["chateau"] == "Fonderie"
    assert state.view(None)["phase"] == "defi"


# -- the Castle phase -----------------------------------------------------------------------

def test_dg11_the_diamagique_in_play_is_seen_by_the_active_player_only() -> None:
    # Pins DG-11.
    state = duel()
    assert state.view(0)["en_jeu"] == ["Rouge"]
    assert state.view(1)["en_jeu"] == [None]
    assert state.view(None)["en_jeu"] == [None]
    assert state.view(None)["pot"] == 5


def test_dg11_the_drawn_diamagique_is_a_private_event() -> None:
    # Pins DG-11.
    state = duel()
    events = play(state, *TIE)  # a tie, then turn 2 begins with Marées active
    seen = [e for e in events if e.kind == "diamagique_vu"]
    assert [(e.to, e.data["couleur"]) for e in seen] == [((1,), "Bleu")]
    public = [e for e in events if e.to is None]
    assert all("couleur" not in e.data for e in public)


def test_dg11_an_empty_castle_deck_is_reshuffled_from_its_discard_pile() -> None:
    # Pins DG-11.
    state = duel(castles=(["Fonderie"], ["Manoir des lianes"]))
    events = play(state, *TIE)  # turn 1 (tie)
    assert state.castle_discard[0] == [CARDS.chateaux.index(
        next(c for c in CARDS.chateaux if c.name == "Fonderie"))]
    events = play(state, "M1 bruine", "M1 lueur-vive", "M2 onde-claire", "M2 tison",
                  "M3 bruine", "M3 rayon-d-aube")  # turn 2 (tie again), turn 3 starts
    assert "chateaux_melanges" in kinds(events)
    assert state.view(None)["chateau"] == "Fonderie"
    assert state.castle_discard[0] == []


def test_dg11_an_empty_pot_adds_nothing() -> None:
    # Pins DG-11.
    state = duel(pot=[])
    assert state.view(0)["en_jeu"] == []
    events = play(state, *TIE)
    assert "pot_vide" in kinds(events) or state.is_over()


# -- the Challenge phase ----------------------------------------------------------------------

def test_dg12_the_players_alternate_casts_starting_with_the_active_player() -> None:
    # Pins DG-12.
    state = duel()
    acting = []
    for text in TIE:
        acting.append(state.to_act()[0])
        state.play(text)
    assert acting == [0, 1, 0, 1, 0, 1]


def test_dg12_each_magicien_casts_once_per_turn() -> None:
    # Pins DG-12.
    state = duel()
    play(state, "M1 lueur-vive", "M1 bruine")
    assert all(not t.startswith("M1 ") for t in state.legal_texts(0))
    with pytest.raises(IllegalAction, match="already cast"):
        state.play("M1 tison")


def test_dg12_a_sort_must_be_in_hand() -> None:
    # Pins DG-12.
    state = duel()
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.play("M1 raz-de-maree")


def test_dg12_a_player_without_sorts_skips_and_the_other_casts_on() -> None:
    # Pins DG-12.
    state = duel(hands=(PLAIN_AUBE, ["Bruine"]))
    acting = []
    events = []
    for text in ("M1 lueur-vive", "M1 bruine", "M2 tison", "M3 rayon-d-aube"):
        acting.append(state.to_act()[0])
        events += state.play(text)
    assert acting == [0, 1, 0, 0]
    skipped = [(e.data["seat"], e.data["position"]) for e in events if e.kind == "sans_sort"]
    assert skipped == [(1, 2), (1, 3)]
    assert "totaux" in kinds(events)


def test_dg13_a_cache_sort_is_hidden_from_the_opponent_until_the_reveal() -> None:
    # Pins DG-13.
    state = duel(hands=(["Mirage doré", *PLAIN_AUBE[:4]], PLAIN_MAREES))
    events = play(state, "M2 mirage-dore")
    public = [e for e in events if e.kind == "lance"]
    assert public[0].data["sort"] is None and public[0].data["cache"] is True
    private = [e for e in events if e.kind == "lance_cache"]
    assert private[0].to == (0,) and private[0].data["sort"] == "Mirage doré"
    assert state.view(1)["teams"][0]["cast"][1] == {"sort": None, "cache": True}
    assert state.view(None)["teams"][0]["cast"][1] == {"sort": None, "cache": True}
    assert state.view(0)["teams"][0]["cast"][1] == {"sort": "Mirage doré", "cache": True}
    events = play(state, "M1 bruine", "M1 lueur-vive", "M2 bruine", "M3 tison", "M3 onde-claire")
    reveal = [e for e in events if e.kind == "revele"]
    assert [(e.to, e.data["sort"]) for e in reveal] == [(None, "Mirage doré")]
    # Ignace des Forges: +2 for a Caché Sort: 3 + 2.
    assert state.last is not None
    assert state.last["casts"][0]["final"] == 5


def test_dg13_determinize_puts_a_cache_sort_in_a_face_down_slot() -> None:
    # Pins DG-13.
    from ludotheque.core import Rng

    state = duel(hands=(["Mirage doré", "Soleil voilé", *PLAIN_AUBE[:3]], PLAIN_MAREES))
    play(state, "M2 mirage-dore")
    for k in range(20):
        other = state.determinize(1, Rng(k))
        assert CARDS.sorts[other.cast[1]].cache
        assert other.view(1) == state.view(1)


def test_dg14_the_challenge_reports_each_step() -> None:
    state = duel()
    events = play(state, *TIE)
    steps = [e for e in events if e.kind == "modificateur"]
    assert all(e.ruling == "DG-14" for e in steps)
    # Lueur vive (Jaune 3): Solenne +1 (positif), then Ondine -1 (negatif).
    assert [(e.data["source"], e.data["before"], e.data["after"]) for e in steps] == [
        ("Solenne l'Oracle", 3, 4), ("Ondine la Calme", 4, 3)]


def test_dg15_nerees_divider_hits_the_facing_red_sort_only() -> None:
    # Pins DG-15.
    state = duel(hands=(["Tison"] * 5, PLAIN_MAREES))
    play(state, "M1 tison", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 tison", "M3 bruine")
    assert state.last is not None
    finals = {(c["seat"], c["position"]): c["final"] for c in state.last["casts"]}
    # Ondine -1 on M1, Nérée /2 on M3 (Rouge): 2 + 3 + 1 = 6 against 10.
    assert finals[(0, 1)] == 2 and finals[(0, 2)] == 3 and finals[(0, 3)] == 1
    assert state.last["totals"] == [6, 10]


# -- winning the challenge ----------------------------------------------------------------------

def test_dg16_a_tie_leaves_the_diamagiques_for_the_next_chateau() -> None:
    # Pins DG-16.
    state = duel()
    events = play(state, *TIE)
    assert "egalite" in kinds(events)
    assert state.turn == 2 and state.active == 1
    assert len(state.on_chateau) == 2
    assert state.view(1)["en_jeu"] == [None, "Bleu"]
    assert state.view(0)["en_jeu"] == ["Rouge", None]
    events = play(state, "M1 raz-de-maree", "M1 lueur-vive", "M2 onde-claire", "M2 tison",
                  "M3 bruine", "M3 rayon-d-aube")
    won = [e for e in events if e.kind == "defi_gagne"]
    assert won[0].data == {"seat": 1, "couleurs": ["Rouge", "Bleu"]}


def test_dg16_the_higher_total_wins_every_diamagique_in_play() -> None:
    # Pins DG-16.
    state = duel()
    play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
         "M3 raz-de-maree")
    assert state.last is not None and state.last["totals"] == [10, 12]
    assert state.to_act() == (1,)
    assert state.view(None)["phase"] == "diamagique"
    assert state.view(None)["won"] == ["Rouge"]


def test_dg17_the_winner_places_the_diamagiques_on_a_magicien_of_their_choice() -> None:
    # Pins DG-17.
    state = duel()
    play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
         "M3 raz-de-maree")
    assert state.legal_texts(1) == ["pose M1", "pose M2", "pose M3"]
    assert state.legal_texts(0) == []
    play(state, "pose M3")
    assert state.view(0)["teams"][1]["held"] == [[], [], ["Rouge"]]
    assert state.count(1) == 1


def test_dg17_diamagiques_held_count_for_effects() -> None:
    # Pins DG-17.
    # Aurèle le Doré: +2 when the team holds at least 2 Diamagiques.
    state = duel(held=([["Vert"], ["Bleu"], []], [[], [], []]))
    play(state, *TIE)
    assert state.last is not None
    assert state.last["totals"] == [12, 10]


# -- the end of a turn ---------------------------------------------------------------------

def test_dg18_each_player_draws_three_sorts() -> None:
    # Pins DG-18.
    state = duel()
    events = play(state, *TIE)
    drawn = [e for e in events if e.kind == "pioche_cartes"]
    assert [e.to for e in drawn] == [(0,), (1,)]
    assert [len(h) for h in state.hand] == [5, 5]
    assert len(state.discard[0]) == 3 and len(state.discard[1]) == 3


def test_dg18_fewer_when_the_deck_runs_out_and_no_reshuffle() -> None:
    # Pins DG-18.
    state = duel(decks=(["Tison", "Tison"], PLAIN_MAREES))
    events = play(state, *TIE)
    counts = {e.data["seat"]: e.data["nombre"] for e in events if e.kind == "pioche"}
    assert counts == {0: 2, 1: 3}
    assert state.deck[0] == [] and len(state.discard[0]) == 3
    assert hand_names(state, 0) == sorted(hand_names(state, 0))


def test_dg18_a_hand_above_five_is_discarded_down_by_its_owner() -> None:
    # Pins DG-18.
    big = [*PLAIN_AUBE, "Tison", "Colonne solaire"]
    state = duel(hands=(big, PLAIN_MAREES))
    play(state, *TIE)
    assert state.view(None)["phase"] == "defausse"
    assert state.to_act() == (0,)
    assert all(t.startswith("defausse ") for t in state.legal_texts(0))
    events = play(state, "defausse colonne-solaire")
    assert events[0].data == {"seat": 0, "sort": "Colonne solaire"}
    assert state.to_act() == (0,)
    play(state, "defausse tison")
    assert len(state.hand[0]) == 5
    assert state.turn == 2 and state.to_act() == (1,)


# -- the end ---------------------------------------------------------------------------------

def test_dg19_a_player_holding_six_diamagiques_wins_at_once() -> None:
    state = duel(held=([[], [], []], [["Bleu", "Bleu"], ["Vert", "Vert"], ["Jaune"]]))
    play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
         "M3 raz-de-maree")
    events = play(state, "pose M1")
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert (result.reason, result.ranks, result.scores) == ("six_diamagiques", (1, 0), (0, 6))
    assert result.ruling == "DG-19"
    assert events[-1].kind == "fin"
    assert state.to_act() == () and state.legal_actions(1) == []


def test_dg20_the_game_ends_when_the_pot_is_empty_and_nothing_is_in_play() -> None:
    state = duel(pot=["Jaune"])
    play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire", "M3 rayon-d-aube",
         "M3 raz-de-maree", "pose M2")
    result = state.result()
    assert result is not None
    assert (result.reason, result.ranks, result.ruling) == ("pot_vide", (1, 0), "DG-20")


def test_dg20_no_sorts_left_for_both_ends_the_game_equal_is_a_draw() -> None:
    # Pins DG-20.
    state = duel(hands=(["Rayon d'aube"], ["Onde claire"]), decks=([], []))
    events = play(state, "M1 rayon-d-aube", "M1 onde-claire")
    # Rayon d'aube: 4 +1 (Solenne, Jaune) -1 (Ondine) = 4 against Onde claire 4: a tie.
    assert "egalite" in kinds(events)
    result = state.result()
    assert result is not None
    assert (result.reason, result.ranks) == ("sorts_epuises", (0, 0))
    assert result.is_draw


def test_dg20_a_tie_with_the_pot_empty_goes_on_while_a_diamagique_is_in_play() -> None:
    # Pins DG-20.
    state = duel(pot=["Jaune"])
    play(state, *TIE)
    assert not state.is_over()
    assert state.view(None)["pot"] == 0 and len(state.on_chateau) == 1


def test_decision_a_won_challenge_with_nothing_in_play_has_no_placement() -> None:
    state = duel(pot=[])
    events = play(state, "M1 lueur-vive", "M1 bruine", "M2 tison", "M2 onde-claire",
                  "M3 rayon-d-aube", "M3 raz-de-maree")
    assert "defi_sans_diamagique" in kinds(events)
    assert state.is_over()  # DG-20: nothing in the pot, nothing in play
    result = state.result()
    assert result is not None and result.reason == "pot_vide" and result.is_draw


# -- decks -------------------------------------------------------------------------------------

def _custom(**over: object) -> DeckSpec:
    base: dict[str, object] = {
        "name": "essai",
        "equipe": "Cercle de l'Aube",
        "sorts": {"Rayon d'aube": 3, "Lueur vive": 3, "Colonne solaire": 3, "Mirage doré": 3,
                  "Tison": 3, "Flammèche": 3, "Torrent de lave": 3, "Braise dormante": 3,
                  "Fournaise": 3, "Fonte": 3, "Brûlure": 3, "Fumée âcre": 3, "Zénith": 3,
                  "Aurore incandescente": 1},
        "chateaux": ["Fonderie", "Observatoire", "Tour d'Ivoire", "Tour d'Ivoire",
                     "Palais des Mirages", "Arène des duels", "Donjon ardent",
                     "Bastion des marées"],
    }
    base.update(over)
    return DeckSpec.model_validate(base)


def test_dg7_a_legal_custom_deck_is_played() -> None:
    # Pins DG-7.
    state = GAME.new(5, 2, DiamagiqueOptions(decks=(_custom(), "Braises")))
    assert isinstance(state, DiamagiqueState)
    assert state.view(None)["teams"][0]["deck_name"] == "essai"
    assert len(state.hand[0]) + len(state.deck[0]) == 40


@pytest.mark.parametrize(("change", "message"), [
    ({"sorts": {**_custom().sorts, "Rayon d'aube": 4, "Lueur vive": 2}},
     'seat 0: deck "essai" is refused: sorts: 4 copies of "Rayon d\'aube": at most 3'),
    ({"sorts": {**_custom().sorts, "Lueur vive": 2, "Onde claire": 1}},
     re.escape('"Onde claire" is Blue: no Wizard of the team has that colour (Yellow/Red)')),
    ({"sorts": {**_custom().sorts, "Lueur vive": 2}}, "39 Spells: a Spell deck has 40"),
    ({"chateaux": ["Fonderie"] * 3 + ["Observatoire"] * 4},
     "7 Castles: a Castle deck has 8"),
    ({"chateaux": ["Fonderie"] * 4 + ["Observatoire"] * 4},
     '4 copies of "Fonderie": at most 3'),
    ({"sorts": {**_custom().sorts, "Lueur vive": 2, "Lueur vif": 1}},
     'unknown Spell "Lueur vif" \\(did you mean "Lueur vive"\\?\\)'),
    ({"equipe": "Cercle de l'Aurore"}, 'unknown team "Cercle de l\'Aurore"'),
])
def test_dg7_a_deck_is_checked_before_the_game_with_a_precise_message(
        change: dict[str, object], message: str) -> None:
    # Pins DG-7.
    with pytest.raises(OptionsError, match=message):
        GAME.new(0, 2, DiamagiqueOptions(decks=(_custom(**change), "Marées")))


def test_dg7_the_ready_made_decks_obey_the_deck_rules() -> None:
    # Pins DG-7.
    from ludotheque.games.diamagique.cards import deck_problems

    for deck in CARDS.decks:
        counts = Counter(CARDS.sorts[s].name for s in deck.sorts)
        problems = deck_problems(CARDS, CARDS.equipes[deck.equipe].name, counts.items(),
                                 [CARDS.chateaux[c].name for c in deck.chateaux])
        assert problems == []


def test_options_an_unknown_ready_made_deck_is_refused() -> None:
    with pytest.raises(OptionsError, match="unknown ready-made deck 'Aurore'"):
        GAME.new(0, 2, {"decks": ["Aurore", "Marées"]})
    with pytest.raises(OptionsError, match="invalid options"):
        GAME.new(0, 2, {"paquets": ["Aube", "Marées"]})
