"""The rulings MB-2 to MB-19, each pinned in a real position."""

from __future__ import annotations

from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.cards import CORIACE, FURIE
from ludotheque.games.mindbug.choices import attackers
from ludotheque.games.mindbug.rules import MindbugState

from .custom import with_extra
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
    rulings,
    setup,
)

FILLER = ["gorillion"]


# -- MB-2: keywords and triggers --
def test_mb2_rapide_may_attack_in_the_action_it_was_played() -> None:
    s = setup(hands=[["lievre-eclair"], FILLER], cat=with_extra())
    play(s, "lievre-eclair")
    assert pending(s) == "rapid"
    events = act(s, "attack lievre-eclair")
    assert "MB-2" in rulings(events)
    assert s.life == [3, 2]


def test_mb2_rapide_stolen_does_not_attack_at_once() -> None:
    # Pins MB-2.
    s = setup(hands=[["lievre-eclair", "arachnhibou"], FILLER], cat=with_extra())
    play(s, "lievre-eclair", steal=True)
    assert board(s, 1) == ["lievre-eclair"]
    assert pending(s) == "act" and s.to_act() == (0,)


def test_mb2_keywords_of_the_data_are_the_six_words() -> None:
    # Pins MB-2.
    from ludotheque.games.mindbug.cards import KEYWORD_BITS

    assert set(KEYWORD_BITS) == {"CHASSEUR", "CORIACE", "FURIE", "FURTIF", "VENIMEUX", "RAPIDE"}


# -- MB-3, MB-4: set-up --
def test_mb3_setup_gives_two_mindbugs_three_life_and_ten_cards() -> None:
    # Pins MB-3.
    s = GAME.new(7, 2)
    assert isinstance(s, MindbugState)
    assert s.life == [3, 3] and s.mindbugs == [2, 2]
    assert [len(h) for h in s.hands] == [5, 5]
    assert [len(p) for p in s.piles] == [5, 5]
    assert len(s.unused) == 28
    for seat in (0, 1):
        assert all(s.owner[c] == seat for c in s.hands[seat] + s.piles[seat])
    view = s.view(0)
    assert view["unused"] == 28 and view["hands"][1]["cards"] == []


def test_mb4_the_higher_revealed_power_starts() -> None:
    # Pins MB-4.
    for seed in range(20):
        s = GAME.new(seed, 2)
        assert isinstance(s, MindbugState)
        powers = [[s.cat.get(k).power for k in pair] for pair in s.reveals]  # type: ignore[union-attr]
        assert all(a == b for a, b in powers[:-1])  # a tie reveals again
        a, b = powers[-1]
        assert a != b
        assert s.active == (0 if a > b else 1)
        assert len(s.unused) == 28  # the revealed cards went back


# -- MB-5: drawing --
def test_mb5_the_hand_is_refilled_before_the_mindbug_decision() -> None:
    s = setup(hands=[["gorillion", "arachnhibou", "dr-axolotl", "tigrecureuil", "reptireur"],
                     FILLER], piles=[["scarabouclier", "gladiataure"], []])
    events = act(s, "play gorillion")
    assert pending(s) == "mindbug"
    assert len(hand(s, 0)) == 5 and "gladiataure" in hand(s, 0)
    assert "MB-5" in rulings(events)


def test_mb5_an_empty_draw_pile_is_never_refilled() -> None:
    # Pins MB-5.
    s = setup(hands=[["gorillion", "arachnhibou"], FILLER], discards=[["rhino-tortue"], []])
    play(s, "gorillion")
    assert hand(s, 0) == ["arachnhibou"]
    assert discard(s, 0) == ["rhino-tortue"]


def test_mb5_no_maximum_hand_size_giraffodile_overfills_the_hand() -> None:
    # Pins MB-5.
    s = setup(hands=[["giraffodile", "a" and "arachnhibou", "reptireur", "tigrecureuil",
                      "dr-axolotl"], FILLER],
              discards=[["gorillion", "rhino-tortue", "gladiataure"], []],
              piles=[["scarabouclier"], []])
    play(s, "giraffodile")
    assert len(hand(s, 0)) == 8  # 4 + the drawn card + 3 from the discard pile
    assert s.piles[0] == []


# -- MB-6: one action, or lose --
def test_mb6_one_action_per_turn() -> None:
    # Pins MB-6.
    s = setup(hands=[["gorillion", "arachnhibou"], FILLER])
    play(s, "gorillion")
    assert s.active == 1 and s.to_act() == (1,)


def test_mb6_a_player_who_can_neither_play_nor_attack_loses_at_once() -> None:
    s = setup(hands=[["gorillion"], []], boards=[[], []])
    events = play(s, "gorillion")
    assert s.is_over()
    result = s.result()
    assert result is not None and result.winners == (0,) and result.reason == "no_action"
    assert "MB-6" in rulings(events)


def test_mb6_a_creature_that_can_attack_is_an_action() -> None:
    # Pins MB-6.
    s = setup(hands=[["gorillion"], []], boards=[[], ["arachnhibou"]])
    play(s, "gorillion")
    assert not s.is_over()
    assert legal(s) == [f"attack arachnhibou#{find(s, 'arachnhibou')}"]


# -- MB-7: Mindbug --
def test_mb7_a_stolen_creature_resolves_for_the_thief_and_the_player_acts_again() -> None:
    s = setup(hands=[["abeille-tueuse", "arachnhibou"], FILLER])
    events = play(s, "abeille-tueuse", steal=True)
    assert "MB-7" in rulings(events)
    assert board(s, 1) == ["abeille-tueuse"]
    assert s.life == [2, 3]  # its Play effect hit the player who played it
    assert s.mindbugs == [2, 1]
    assert s.to_act() == (0,) and s.active == 0
    assert s.owner[find(s, "abeille-tueuse")] == 0  # MB-16: the owner stays


def test_mb7_the_extra_action_can_be_stolen_again() -> None:
    # Pins MB-7.
    s = setup(hands=[["gorillion", "rhino-tortue"], FILLER])
    play(s, "gorillion", steal=True)
    play(s, "rhino-tortue", steal=True)
    assert board(s, 1) == ["gorillion", "rhino-tortue"]
    assert s.mindbugs == [2, 0]
    # Seat 0 has neither a card nor a creature left for its extra action: it loses (MB-6).
    assert s.is_over() and s.result().reason == "no_action"  # type: ignore[union-attr]


def test_mb7_no_mindbug_left_no_decision() -> None:
    # Pins MB-7.
    s = setup(hands=[["gorillion"], FILLER], mindbugs=[2, 0])
    act(s, "play gorillion")
    assert s.active == 1 and board(s, 0) == ["gorillion"]


def test_mb7_a_creature_put_into_play_by_an_effect_cannot_be_taken() -> None:
    # Pins MB-7.
    s = setup(hands=[["dracompost"], FILLER], discards=[["gorillion"], []])
    play(s, "dracompost")
    assert board(s, 0) == ["dracompost", "gorillion"]
    assert s.mindbugs == [2, 2] and s.active == 1 and pending(s) == "act"


# -- MB-8: attack and block --
def test_mb8_unblocked_attack_costs_1_life() -> None:
    s = setup(boards=[["gorillion"], ["arachnhibou"]], hands=[[], FILLER])
    events = acts(s, "attack gorillion", "noblock")
    assert s.life == [3, 2] and "MB-8" in rulings(events)


def test_mb8_the_lower_power_is_defeated() -> None:
    # Pins MB-8.
    s = setup(boards=[["gladiataure"], ["abeille-tueuse"]], hands=[[], FILLER])
    acts(s, "attack gladiataure", "block abeille-tueuse")
    assert discard(s, 1) == ["abeille-tueuse"] and board(s, 0) == ["gladiataure"]


def test_mb8_equal_power_defeats_both() -> None:
    # Pins MB-8.
    s = setup(boards=[["abeille-tueuse", "arachnhibou"], ["mamie-harpie"]], hands=[[], FILLER])
    acts(s, "attack abeille-tueuse", "nohunt", "block mamie-harpie")
    assert discard(s, 0) == ["abeille-tueuse"]
    assert discard(s, 1) == ["mamie-harpie"]


def test_mb8_attack_effects_come_before_the_block() -> None:
    # Pins MB-8.
    s = setup(boards=[["requin-toutou"], ["gorillion"]], hands=[[], FILLER])
    events = act(s, "attack requin-toutou")
    order = kinds(events)
    assert order.index("defeated") < order.index("unblocked")
    assert s.life == [3, 2]


# -- MB-9: a creature played this turn does not attack --
def test_mb9_creatures_played_this_turn_cannot_attack_this_turn() -> None:
    # Pins MB-9.
    s = setup(hands=[["lievre-eclair", "arachnhibou"], ["arachnhibou"]], cat=with_extra())
    play(s, "lievre-eclair")
    act(s, "stop")  # no RAPIDE attack: the play was the action
    assert s.active == 1
    view = s.view(1)
    assert view["boards"][0][0]["fresh"] is False
    play(s, "arachnhibou")
    assert "attack lievre-eclair" in [t.split("#")[0] for t in legal(s)]


def test_mb9_fresh_creatures_are_not_offered_to_attack() -> None:
    # Pins MB-9.
    s = setup(hands=[["dracompost"], FILLER], boards=[["arachnhibou"], []],
              discards=[["gorillion", "rhino-tortue"], []])
    play(s, "dracompost")
    assert pending(s) == "pick"  # in the middle of the action: Dracompost is fresh
    assert s.view(0)["boards"][0][1]["fresh"] is True
    assert [s.key(c) for c in attackers(s, 0)] == ["arachnhibou"]


# -- MB-10: CHASSEUR --
def test_mb10_hunter_forces_a_block_that_sneaky_would_forbid() -> None:
    # Arachnhibou (FURTIF) gains CHASSEUR from the Lanceur d'escargots.
    s = setup(boards=[["arachnhibou", "lanceur-d-escargots"], ["gorillion"]], hands=[[], FILLER])
    act(s, "attack arachnhibou")
    assert pending(s) == "hunt"
    events = act(s, "hunt gorillion")
    assert "MB-10" in rulings(events)
    assert discard(s, 1) == ["gorillion"]  # VENIMEUX from the Lanceur too
    assert discard(s, 0) == ["arachnhibou"]


def test_mb10_hunter_is_optional() -> None:
    # Pins MB-10.
    s = setup(boards=[["abeille-tueuse"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack abeille-tueuse")
    assert legal(s)[-1] == "nohunt"
    act(s, "nohunt")
    assert pending(s) == "block" and s.to_act() == (1,)


def test_mb10_hunter_overrides_a_cannot_block_effect() -> None:
    # Pins MB-10.
    s = setup(boards=[["goblin-garou", "pachypoulpe"], ["arachnhibou", "gorillion"]],
              hands=[[], FILLER])
    act(s, "attack goblin-garou")
    act(s, "hunt arachnhibou")  # power 3: Pachypoulpe forbids it to block, Hunter forces it
    assert discard(s, 1) == ["arachnhibou"]


# -- MB-11: CORIACE --
def test_mb11_tough_is_exhausted_once_without_its_defeated_effect() -> None:
    s = setup(boards=[["gorillion"], ["crapaud-blinde", "arachnhibou"]], hands=[[], FILLER],
              cat=with_extra())
    events = acts(s, "attack gorillion", "block crapaud-blinde")
    assert "MB-11" in rulings(events)
    assert exhausted(s, "crapaud-blinde") and s.life == [3, 3]


def test_mb11_exhausted_still_blocks_and_is_then_defeated() -> None:
    # Pins MB-11.
    s = setup(boards=[["gorillion"], ["crapaud-blinde*", "arachnhibou"]], hands=[[], FILLER],
              cat=with_extra())
    acts(s, "attack gorillion", "block crapaud-blinde")
    assert discard(s, 1) == ["crapaud-blinde"]
    assert s.life == [2, 3]  # this time its Détruit effect happens


def test_mb11_exhausted_still_attacks() -> None:
    # Pins MB-11.
    s = setup(boards=[["rhino-tortue*"], []], hands=[[], FILLER])
    assert "attack rhino-tortue" in [t.split("#")[0] for t in legal(s)]


# -- MB-12: FURIE --
def test_mb12_frenzy_attacks_again_only_if_still_in_play() -> None:
    # Pins MB-12.
    s = setup(boards=[["crapaud-bombe"], ["gorillion", "goblin-garou"]], hands=[[], FILLER])
    events = acts(s, "attack crapaud-bombe", "block gorillion")
    assert pending(s) == "pick"  # its Détruit effect; no second attack offered after it
    act(s, "pick gorillion")
    assert s.active == 1 and "frenzy" not in kinds(events)


def test_mb12_frenzy_never_a_third_attack() -> None:
    s = setup(boards=[["gladiataure"], ["arachnhibou", "reptireur"]], hands=[[], FILLER])
    events = acts(s, "attack gladiataure", "noblock", "again", "noblock")
    assert "MB-12" in rulings(events)
    assert s.life == [3, 1] and s.active == 1


def test_mb12_blocking_gives_no_extra_attack() -> None:
    # Pins MB-12.
    s = setup(boards=[["gorillion"], ["rhino-tortue"]], hands=[[], FILLER])
    acts(s, "attack gorillion", "block rhino-tortue")
    assert exhausted(s, "rhino-tortue")
    assert s.active == 1 and pending(s) == "act"  # no second attack for the FURIE blocker


# -- MB-13: FURTIF --
def test_mb13_sneaky_is_blocked_only_by_sneaky() -> None:
    # Pins MB-13.
    s = setup(boards=[["tigrecureuil"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack tigrecureuil")
    assert [t.split("#")[0] for t in legal(s)] == ["block arachnhibou", "noblock"]


# -- MB-14: VENIMEUX --
def test_mb14_poisonous_defeats_whatever_the_power() -> None:
    s = setup(boards=[["gorillion"], ["arachnhibou"]], hands=[[], FILLER])
    events = acts(s, "attack gorillion", "block arachnhibou")
    assert discard(s, 0) == ["gorillion"] and "MB-14" in rulings(events)


def test_mb14_poisonous_against_tough_exhausts_it_the_first_time() -> None:
    # Pins MB-14.
    s = setup(boards=[["rhino-tortue"], ["arachnhibou", "scorpion-blinde"]], hands=[[], FILLER])
    acts(s, "attack rhino-tortue", "block arachnhibou")
    assert exhausted(s, "rhino-tortue") and board(s, 0) == ["rhino-tortue"]
    acts(s, "again", "block scorpion-blinde")  # exhausted, it is defeated by poison this time
    assert discard(s, 0) == ["rhino-tortue"]


# -- MB-15: as much as possible, order of simultaneous effects --
def test_mb15_as_much_as_possible_discard_2_with_one_card() -> None:
    s = setup(hands=[["furet-saboteur"], ["gorillion"]], boards=[[], ["arachnhibou"]])
    events = play(s, "furet-saboteur")
    assert discard(s, 1) == ["gorillion"] and hand(s, 1) == []
    assert "MB-15" in rulings(events)


def test_mb15_two_defeated_effects_are_ordered_by_the_active_player() -> None:
    # Crapaud bombe (5) attacks, Mamie Harpie (5) blocks: both fall, both have Détruit effects.
    s = setup(boards=[["crapaud-bombe", "arachnhibou"], ["mamie-harpie", "gorillion"]],
              hands=[[], FILLER])
    acts(s, "attack crapaud-bombe", "block mamie-harpie")
    assert pending(s) == "order" and s.to_act() == (0,)
    assert [t.split("#")[0] for t in legal(s)] == ["first crapaud-bombe", "first mamie-harpie"]
    events = act(s, "first mamie-harpie")
    assert "MB-15" in rulings(events)
    # Mamie Harpie's controller (seat 1) takes control of Arachnhibou (power 3) ...
    assert s.to_act() == (1,)
    act(s, "pick arachnhibou")
    act(s, "done") if pending(s) == "pick" and s.to_act() == (1,) else None
    # ... then the Crapaud bombe's effect (seat 0) defeats a creature of its choice.
    assert s.to_act() == (0,) and pending(s) == "pick"
    act(s, "pick gorillion")
    assert board(s, 1) == ["arachnhibou"]


# -- MB-16: the owner's discard pile --
def test_mb16_a_stolen_creature_goes_to_its_owners_discard_pile() -> None:
    # Pins MB-16.
    s = setup(hands=[["arachnhibou", "tigrecureuil"], ["dr-axolotl"]], boards=[["gorillion"], []])
    play(s, "arachnhibou", steal=True)  # seat 1 now controls seat 0's Arachnhibou
    acts(s, "attack gorillion", "block arachnhibou")
    assert discard(s, 0) == ["gorillion", "arachnhibou"]  # both to seat 0, the owner
    assert discard(s, 1) == []


# -- MB-17: passive powers recomputed --
def test_mb17_passives_follow_the_board_after_every_event() -> None:
    # Pins MB-17.
    s = setup(boards=[["yeti-solitaire", "abeille-tueuse"], ["gorillion"]], hands=[[], FILLER])
    y = find(s, "yeti-solitaire")
    assert s.power_of(y) == 5
    acts(s, "attack abeille-tueuse", "hunt gorillion")  # it falls: the Yéti is alone now
    assert s.power_of(y) == 10 and s.keywords_of(y) & FURIE


def test_mb17_power_never_drops_below_zero() -> None:
    # Pins MB-17.
    s = setup(boards=[["brume-lourde"], ["arachnhibou"]], cat=with_extra())
    assert s.power_of(find(s, "arachnhibou")) == 0
    assert s.view(0)["boards"][1][0]["power"] == 0


def test_mb17_sharky_copies_keywords_given_by_passives_last() -> None:
    # Pins MB-17.
    s = setup(boards=[["requin-crabe"], ["lanceur-d-escargots", "goblin-garou"]])
    # On seat 0's turn, Goblin-Garou is 2: the Lanceur gives it CHASSEUR, Sharky copies it.
    assert s.keywords_of(find(s, "requin-crabe")) & 1
    assert not s.keywords_of(find(s, "requin-crabe")) & CORIACE


# -- MB-18, MB-19: the end --
def test_mb18_a_player_at_0_life_loses_at_once() -> None:
    s = setup(boards=[["gorillion"], ["arachnhibou"]], hands=[[], FILLER], life=[3, 1])
    events = acts(s, "attack gorillion", "noblock")
    assert s.is_over() and "MB-18" in rulings(events)
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []


def test_mb18_there_is_no_maximum_life() -> None:
    # Pins MB-18.
    s = setup(hands=[["dr-axolotl"], FILLER], life=[9, 3])
    play(s, "dr-axolotl")
    assert s.life == [11, 3]


def test_mb19_the_result_keeps_the_remaining_life_and_the_way_of_winning() -> None:
    # Pins MB-19.
    s = setup(boards=[["gorillion"], []], hands=[[], FILLER], life=[2, 1])
    acts(s, "attack gorillion")
    result = s.result()
    assert result is not None
    assert result.scores == (2.0, 0.0) and result.reason == "life" and result.ranks == (0, 1)
    assert result.detail
