"""The famous corner cases of the issue, in real positions."""

from __future__ import annotations

from .scenario import act, acts, board, discard, exhausted, hand, kinds, legal, pending, play, setup

FILLER = ["gorillion"]


def test_stolen_creature_play_effect_for_the_stealer_then_the_extra_action() -> None:
    s = setup(hands=[["kangousaurus-rex", "tigrecureuil"], FILLER],
              boards=[["arachnhibou"], ["reptireur"]])
    play(s, "kangousaurus-rex", steal=True)
    assert board(s, 0) == []  # its Play effect, for the thief, defeated seat 0's Arachnhibou
    assert board(s, 1) == ["reptireur", "kangousaurus-rex"]
    assert s.to_act() == (0,) and s.active == 0  # the extra action
    play(s, "tigrecureuil")  # and it may be used to answer at once
    assert board(s, 1) == ["reptireur"]


def test_deathweaver_of_the_thief_does_not_stop_the_stolen_card() -> None:
    # Seat 1 controls Veuve noire and steals the Abeille tueuse: the Play effect is now
    # seat 1's own, so it happens.
    s = setup(hands=[["abeille-tueuse", "arachnhibou"], FILLER], boards=[[], ["veuve-noire"]])
    events = play(s, "abeille-tueuse", steal=True)
    assert "silenced" not in kinds(events)
    assert s.life == [2, 3]


def test_deathweaver_of_the_player_stops_the_card_stolen_from_them() -> None:
    s = setup(hands=[["abeille-tueuse", "arachnhibou"], FILLER], boards=[["veuve-noire"], []])
    events = play(s, "abeille-tueuse", steal=True)
    assert "silenced" in kinds(events)
    assert s.life == [3, 3]


def test_explosive_toad_defeating_a_tough_creature_only_exhausts_it() -> None:
    s = setup(boards=[["crapaud-bombe"], ["gorillion", "rhino-tortue"]], hands=[[], FILLER])
    acts(s, "attack crapaud-bombe", "block gorillion", "pick rhino-tortue")
    assert exhausted(s, "rhino-tortue") and board(s, 1) == ["gorillion", "rhino-tortue"]


def test_harpy_mother_takes_two_and_they_stay_with_their_owner() -> None:
    s = setup(boards=[["mamie-harpie"], ["gorillion", "arachnhibou", "reptireur"]],
              hands=[[], FILLER])
    acts(s, "attack mamie-harpie", "block gorillion", "pick arachnhibou", "pick reptireur")
    assert board(s, 0) == ["arachnhibou", "reptireur"]
    assert all(s.owner[c] == 1 for c in s.boards[0])


def test_compost_dragon_replays_a_card_that_cannot_be_mindbugged() -> None:
    s = setup(hands=[["dracompost"], FILLER], discards=[["abeille-tueuse"], []])
    events = play(s, "dracompost")
    assert board(s, 0) == ["dracompost", "abeille-tueuse"]
    assert kinds(events).count("mindbug_declined") == 1  # only for the Dracompost
    assert s.life == [3, 2]  # the replayed card's Play effect happened
    assert s.mindbugs == [2, 2]


def test_compost_dragon_stolen_plays_from_the_thiefs_discard_pile() -> None:
    s = setup(hands=[["dracompost", "arachnhibou"], FILLER],
              discards=[["gorillion"], ["rhino-tortue"]])
    play(s, "dracompost", steal=True)
    assert board(s, 1) == ["dracompost", "rhino-tortue"]
    assert discard(s, 0) == ["gorillion"]


def test_giraffodile_overfills_the_hand() -> None:
    s = setup(hands=[["giraffodile", "arachnhibou", "reptireur", "tigrecureuil", "dr-axolotl"],
                     FILLER], discards=[["gorillion", "gladiataure", "rhino-tortue"], []])
    play(s, "giraffodile")
    assert len(hand(s, 0)) == 7


def test_losing_by_having_no_action_after_a_theft() -> None:
    s = setup(hands=[["gorillion"], FILLER])
    play(s, "gorillion", steal=True)
    result = s.result()
    assert result is not None and result.reason == "no_action" and result.winners == (1,)


def test_two_defeated_effects_are_ordered_by_the_active_player() -> None:
    s = setup(hands=[["kangousaurus-rex"], FILLER],
              boards=[["gorillion"], ["crapaud-bombe", "mamie-harpie", "tigrecureuil"]])
    # Kangousaurus defeats nothing of power 5... use the Toads at power 5: not ≤ 4.
    play(s, "kangousaurus-rex")
    assert board(s, 1) == ["crapaud-bombe", "mamie-harpie"]
    s2 = setup(boards=[["crapaud-bombe", "gorillion"], ["crapaud-bombe", "reptireur"]],
               hands=[[], FILLER])
    acts(s2, "attack crapaud-bombe", "block crapaud-bombe")  # 5 against 5: both fall
    assert pending(s2) == "order" and s2.to_act() == (0,)
    assert len(legal(s2)) == 2
    act(s2, legal(s2)[1])
    # The chosen Toad's controller picks first; then the other one.
    first = s2.to_act()[0]
    act(s2, "pick reptireur" if first == 1 else "pick gorillion")
    assert pending(s2) in ("pick", "act")
