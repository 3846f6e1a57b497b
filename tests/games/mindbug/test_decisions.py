"""The decisions taken beyond the rulings (docs/rules/mindbug.md, "Decisions"), each tested."""

from __future__ import annotations

from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.rules import TURN_LIMIT, MindbugState

from .scenario import act, acts, board, discard, hand, kinds, pending, play, setup

FILLER = ["gorillion"]


def test_decision_1_a_single_candidate_is_taken_without_asking() -> None:
    s = setup(hands=[["tigrecureuil"], FILLER], boards=[[], ["gorillion", "arachnhibou"]])
    play(s, "tigrecureuil")
    assert board(s, 1) == ["arachnhibou"] and pending(s) == "act"


def test_decision_2_the_attack_ends_when_the_attacker_leaves_play() -> None:
    s = setup(boards=[["hydrescargot"], ["gorillion", "arachnhibou"]], hands=[[], FILLER])
    act(s, "attack hydrescargot")
    events = act(s, "pick hydrescargot")  # outnumbered, it may defeat itself
    assert "attack_ends" in kinds(events)
    assert s.life == [3, 3] and s.active == 1


def test_decision_6_manticore_defeats_the_weakest_on_both_sides() -> None:
    s = setup(boards=[["manticore-majestueuse", "reptireur"], ["reptireur", "gorillion"]],
              hands=[[], FILLER], new_servants=True)
    act(s, "attack manticore-majestueuse")
    assert board(s, 0) == ["manticore-majestueuse"] and board(s, 1) == ["gorillion"]


def test_decision_7_the_mermaid_may_lower_your_life() -> None:
    s = setup(hands=[["sirene-mysterieuse"], FILLER], life=[5, 2])
    play(s, "sirene-mysterieuse")
    assert s.life == [2, 2]


def test_decision_8_a_discarded_card_goes_to_its_owners_discard_pile() -> None:
    s = setup(new_servants=True, hands=[["hamster-affame", "reptireur"],
                                        ["arachnhibou", "furet-saboteur"]])
    acts(s, "play hamster-affame", "decline", "pick arachnhibou", "keep")
    assert sorted(hand(s, 0)) == ["arachnhibou", "reptireur"]  # Arachnhibou is seat 1's
    acts(s, "play furet-saboteur", "decline", "pick arachnhibou")
    assert discard(s, 1) == ["arachnhibou"]  # back to its owner's pile
    assert discard(s, 0) == ["reptireur"]


def test_decision_11_tag_team_who_starts_follows_the_team_reveals() -> None:
    for seed in range(10):
        s = GAME.new(seed, 4)
        assert isinstance(s, MindbugState)
        a, b = (s.cat.get(k).power for k in s.reveals[-1])  # type: ignore[union-attr]
        assert s.active == (0 if a > b else 1)


# Decision 12 (Tag Team: "the opponent" is one opponent, named): test_tag_team_opponent.py,
# one test per card of the card sheet.


def test_decision_14_the_turn_limit_is_a_draw() -> None:
    s = setup(hands=[["gorillion"], FILLER])
    s.turn = TURN_LIMIT
    play(s, "gorillion")
    result = s.result()
    assert result is not None and result.is_draw and result.reason == "turn_limit"
