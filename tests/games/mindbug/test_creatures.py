"""One scenario per First Contact creature (MB-1, MB-30): its effect in a real position."""

from __future__ import annotations

from ludotheque.games.mindbug.cards import CHASSEUR, FURIE, FURTIF, VENIMEUX

from .scenario import (
    act,
    acts,
    board,
    discard,
    exhausted,
    find,
    hand,
    kinds,
    legal,
    pending,
    play,
    setup,
)

FILLER = ["gorillion"]  # a card in hand so that the next player has an action


def test_dr_axolotl_gains_2_life() -> None:
    s = setup(hands=[["dr-axolotl"], FILLER])
    play(s, "dr-axolotl")
    assert s.life == [5, 3]
    assert s.keywords_of(find(s, "dr-axolotl")) & VENIMEUX


def test_oursabeille_cannot_be_blocked_by_power_6_or_less() -> None:
    s = setup(boards=[["oursabeille"], ["goblin-garou", "baril-etrange", "gladiataure"]],
              hands=[[], FILLER])
    act(s, "attack oursabeille")
    assert [t.split("#")[0] for t in legal(s)] == ["block gladiataure", "noblock"]


def test_neuromouche_takes_an_enemy_of_power_6_or_more() -> None:
    s = setup(hands=[["neuromouche"], FILLER], boards=[[], ["arachnhibou", "gorillion"]])
    play(s, "neuromouche")  # one candidate only: taken at once
    assert board(s, 0) == ["neuromouche", "gorillion"]
    assert board(s, 1) == ["arachnhibou"]
    assert s.owner[find(s, "gorillion")] == 1


def test_neuromouche_with_two_candidates_asks_which() -> None:
    s = setup(hands=[["neuromouche"], FILLER], boards=[[], ["gorillion", "rhino-tortue"]])
    play(s, "neuromouche")
    assert pending(s) == "pick"
    act(s, "pick rhino-tortue")
    assert board(s, 0) == ["neuromouche", "rhino-tortue"]


def test_reptireur_makes_the_opponent_lose_1_life_when_attacking() -> None:
    s = setup(boards=[["reptireur"], ["gorillion"]], hands=[[], FILLER])
    events = act(s, "attack reptireur")
    # The Attack effect first (MB-8), then no block is possible (FURTIF), then 1 more life.
    order = [e.kind for e in events if e.kind in ("life", "cannot_block", "unblocked")]
    assert order == ["life", "cannot_block", "unblocked", "life"]
    assert s.life == [3, 1]


def test_dracompost_plays_a_card_from_its_discard_pile() -> None:
    s = setup(hands=[["dracompost"], FILLER], discards=[["gorillion", "arachnhibou"], []])
    play(s, "dracompost")
    act(s, "pick gorillion")
    assert board(s, 0) == ["dracompost", "gorillion"]
    assert discard(s, 0) == ["arachnhibou"]
    assert s.to_act() == (1,)  # no Mindbug could take the replayed card (MB-7)


def test_veuve_noire_stops_the_opponents_play_effects() -> None:
    s = setup(hands=[["abeille-tueuse"], FILLER], boards=[[], ["veuve-noire"]])
    events = play(s, "abeille-tueuse")
    assert "silenced" in kinds(events)
    assert s.life == [3, 3]


def test_pachypoulpe_forbids_blocks_by_power_4_or_less() -> None:
    s = setup(boards=[["pachypoulpe"], ["arachnhibou", "gorillion"]], hands=[[], FILLER])
    act(s, "attack pachypoulpe")
    assert [t.split("#")[0] for t in legal(s)] == ["block gorillion", "noblock"]


def test_crapaud_bombe_defeats_a_creature_when_defeated() -> None:
    s = setup(boards=[["crapaud-bombe", "arachnhibou"], ["gorillion", "goblin-garou"]],
              hands=[[], FILLER])
    acts(s, "attack crapaud-bombe", "block gorillion")
    assert discard(s, 0) == ["crapaud-bombe"]
    assert pending(s) == "pick" and s.to_act() == (0,)
    act(s, "pick gorillion")
    assert board(s, 1) == ["goblin-garou"]
    assert discard(s, 1) == ["gorillion"]


def test_furet_saboteur_makes_the_opponent_discard_2_of_their_choice() -> None:
    s = setup(hands=[["furet-saboteur"], ["gorillion", "arachnhibou", "dr-axolotl"]])
    play(s, "furet-saboteur")
    assert s.to_act() == (1,) and pending(s) == "pick"  # the opponent chooses
    acts(s, "pick gorillion", "pick dr-axolotl")
    assert hand(s, 1) == ["arachnhibou"]
    assert discard(s, 1) == ["gorillion", "dr-axolotl"]


def test_giraffodile_takes_the_discard_pile_into_the_hand() -> None:
    s = setup(hands=[["giraffodile"], FILLER], discards=[["gorillion", "arachnhibou"], []])
    play(s, "giraffodile")
    assert hand(s, 0) == ["gorillion", "arachnhibou"]
    assert discard(s, 0) == []


def test_goblin_garou_has_plus_6_during_its_controllers_turn() -> None:
    s = setup(boards=[["goblin-garou"], ["gorillion"]], hands=[["arachnhibou"], ["arachnhibou"]])
    g = find(s, "goblin-garou")
    assert s.power_of(g) == 8
    play(s, "arachnhibou")
    assert s.active == 1
    assert s.power_of(g) == 2


def test_gorillion_wins_fights_by_power_alone() -> None:
    s = setup(boards=[["gorillion"], ["rhino-tortue"]], hands=[[], FILLER])
    acts(s, "attack gorillion", "block rhino-tortue")
    assert exhausted(s, "rhino-tortue")  # CORIACE the first time
    assert board(s, 0) == ["gorillion"]


def test_pilleur_de_tombes_plays_from_the_opponents_discard_pile() -> None:
    s = setup(hands=[["pilleur-de-tombes"], FILLER], discards=[[], ["gorillion"]])
    play(s, "pilleur-de-tombes")
    assert board(s, 0) == ["pilleur-de-tombes", "gorillion"]
    assert s.owner[find(s, "gorillion")] == 1  # MB-16: the owner stays
    assert discard(s, 1) == []


def test_mamie_harpie_takes_up_to_two_enemies_of_power_5_or_less() -> None:
    s = setup(boards=[["mamie-harpie"], ["gorillion", "arachnhibou", "goblin-garou",
                                         "crapaud-bombe"]], hands=[[], FILLER])
    acts(s, "attack mamie-harpie", "block gorillion")
    assert pending(s) == "pick" and s.to_act() == (0,)
    options = [t.split("#")[0] for t in legal(s)]
    assert options == ["pick arachnhibou", "pick goblin-garou", "pick crapaud-bombe", "done"]
    acts(s, "pick arachnhibou", "pick crapaud-bombe")
    assert board(s, 0) == ["arachnhibou", "crapaud-bombe"]
    assert board(s, 1) == ["gorillion", "goblin-garou"]


def test_mamie_harpie_may_take_fewer() -> None:
    s = setup(boards=[["mamie-harpie"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    acts(s, "attack mamie-harpie", "block gorillion", "done")
    assert board(s, 0) == []
    assert board(s, 1) == ["gorillion", "arachnhibou"]


def test_kangousaurus_rex_defeats_every_enemy_of_power_4_or_less() -> None:
    s = setup(hands=[["kangousaurus-rex"], FILLER],
              boards=[["arachnhibou"], ["arachnhibou", "goblin-garou", "gorillion"]])
    play(s, "kangousaurus-rex")
    assert board(s, 1) == ["gorillion"]
    assert board(s, 0) == ["arachnhibou", "kangousaurus-rex"]  # allies are spared


def test_abeille_tueuse_makes_the_opponent_lose_1_life() -> None:
    s = setup(hands=[["abeille-tueuse"], FILLER])
    play(s, "abeille-tueuse")
    assert s.life == [3, 2]
    assert s.keywords_of(find(s, "abeille-tueuse")) & CHASSEUR


def test_yeti_solitaire_alone_has_plus_5_and_furie() -> None:
    s = setup(boards=[["yeti-solitaire"], []], hands=[["arachnhibou"], FILLER])
    y = find(s, "yeti-solitaire")
    assert s.power_of(y) == 10 and s.keywords_of(y) & FURIE
    play(s, "arachnhibou")
    assert s.power_of(y) == 5 and not s.keywords_of(y) & FURIE


def test_gladiataure_attacks_twice() -> None:
    s = setup(boards=[["gladiataure"], []], hands=[[], FILLER])
    act(s, "attack gladiataure")
    assert legal(s) == ["again", "stop"]
    act(s, "again")
    assert s.life == [3, 1]
    assert s.to_act() == (1,)  # never a third attack


def test_sirene_mysterieuse_sets_your_life_to_the_opponents() -> None:
    s = setup(hands=[["sirene-mysterieuse"], FILLER], life=[1, 4])
    play(s, "sirene-mysterieuse")
    assert s.life == [4, 4]


def test_scorpion_blinde_poisons_and_is_tough() -> None:
    s = setup(boards=[["gorillion"], ["scorpion-blinde"]], hands=[[], FILLER])
    acts(s, "attack gorillion", "block scorpion-blinde")
    assert board(s, 0) == []
    assert exhausted(s, "scorpion-blinde")


def test_rhino_tortue_is_tough_and_attacks_twice() -> None:
    s = setup(boards=[["rhino-tortue"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    acts(s, "attack rhino-tortue", "block gorillion")
    assert exhausted(s, "rhino-tortue")
    acts(s, "again", "noblock")
    assert s.life == [3, 2]


def test_requin_toutou_defeats_an_enemy_of_power_6_or_more_when_attacking() -> None:
    s = setup(boards=[["requin-toutou"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack requin-toutou")
    assert discard(s, 1) == ["gorillion"]  # the one candidate, before the block
    assert pending(s) == "hunt"


def test_requin_crabe_copies_the_keywords_of_enemies() -> None:
    s = setup(boards=[["requin-crabe"], ["arachnhibou"]], hands=[[], FILLER])
    kw = s.keywords_of(find(s, "requin-crabe"))
    assert kw & FURTIF and kw & VENIMEUX
    assert not kw & CHASSEUR and not kw & FURIE


def test_scarabouclier_gives_other_allies_plus_1() -> None:
    s = setup(boards=[["scarabouclier", "gorillion"], ["arachnhibou"]])
    assert s.power_of(find(s, "gorillion")) == 11
    assert s.power_of(find(s, "scarabouclier")) == 4
    assert s.power_of(find(s, "arachnhibou")) == 3


def test_hydrescargot_defeats_a_creature_when_outnumbered() -> None:
    s = setup(boards=[["hydrescargot"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack hydrescargot")
    assert pending(s) == "pick"
    act(s, "pick gorillion")
    assert board(s, 1) == ["arachnhibou"]


def test_hydrescargot_does_nothing_when_not_outnumbered() -> None:
    s = setup(boards=[["hydrescargot", "arachnhibou"], ["gorillion"]], hands=[[], FILLER])
    events = act(s, "attack hydrescargot")
    assert "condition_unmet" in kinds(events)
    assert pending(s) == "block"


def test_lanceur_d_escargots_arms_small_allies() -> None:
    s = setup(boards=[["lanceur-d-escargots", "goblin-garou", "gorillion"], []])
    assert s.power_of(find(s, "goblin-garou")) == 8  # Goblin is 8 on our turn: too big
    arach = setup(boards=[["lanceur-d-escargots", "arachnhibou", "gorillion"], []])
    kw = arach.keywords_of(find(arach, "arachnhibou"))
    assert kw & CHASSEUR and kw & VENIMEUX
    assert not arach.keywords_of(find(arach, "gorillion")) & CHASSEUR
    assert not s.keywords_of(find(s, "goblin-garou")) & VENIMEUX


def test_arachnhibou_is_blocked_only_by_sneaky_creatures() -> None:
    s = setup(boards=[["arachnhibou"], ["gorillion", "tigrecureuil"]], hands=[[], FILLER])
    act(s, "attack arachnhibou")
    assert [t.split("#")[0] for t in legal(s)] == ["block tigrecureuil", "noblock"]
    act(s, "block tigrecureuil")
    assert board(s, 1) == ["gorillion"]  # poisoned (and 3 against 3)


def test_baril_etrange_takes_2_random_cards_when_defeated() -> None:
    s = setup(boards=[["baril-etrange"], ["gorillion"]],
              hands=[[], ["arachnhibou", "dr-axolotl", "tigrecureuil"]])
    acts(s, "attack baril-etrange", "block gorillion")
    assert len(hand(s, 0)) == 2 and len(hand(s, 1)) == 1
    assert sorted(hand(s, 0) + hand(s, 1)) == ["arachnhibou", "dr-axolotl", "tigrecureuil"]
    assert all(s.owner[c] == 1 for c in s.hands[0])  # still owned by the opponent


def test_tigrecureuil_defeats_an_enemy_of_power_7_or_more() -> None:
    s = setup(hands=[["tigrecureuil"], FILLER], boards=[[], ["gorillion", "crapaud-bombe"]])
    play(s, "tigrecureuil")
    assert board(s, 1) == ["crapaud-bombe"]


def test_turboustique_drops_the_opponent_to_1_life() -> None:
    s = setup(boards=[["turboustique"], ["gorillion"]], hands=[[], FILLER], life=[3, 5])
    act(s, "attack turboustique")
    assert s.life == [3, 1]
    act(s, "noblock")
    assert s.is_over() and s.result().winners == (0,)  # type: ignore[union-attr]


def test_huissielephant_makes_the_opponent_discard_a_card() -> None:
    s = setup(boards=[["huissielephant"], []], hands=[[], ["gorillion", "arachnhibou"]])
    act(s, "attack huissielephant")
    assert s.to_act() == (1,)
    act(s, "pick arachnhibou")
    assert discard(s, 1) == ["arachnhibou"]


def test_oursins_hurleurs_gives_plus_2_during_your_turn() -> None:
    s = setup(boards=[["oursins-hurleurs", "arachnhibou"], ["gorillion"]],
              hands=[["tigrecureuil"], ["dr-axolotl"]])
    a = find(s, "arachnhibou")
    assert s.power_of(a) == 5
    play(s, "tigrecureuil")  # defeats Gorillion, turn passes
    assert s.power_of(a) == 3
