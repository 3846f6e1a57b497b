"""Tag Team, 2 against 2 (MB-20 to MB-27). Seats: 0 = A1, 1 = B1, 2 = A2, 3 = B2."""

from __future__ import annotations

from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.rules import MindbugState

from .scenario import act, acts, board, hand, legal, pending, play, rulings, setup

FILLER = ["gorillion"]
FOUR = {"players": 4}


def tag(**kw: object) -> MindbugState:
    return setup(players=4, **kw)  # type: ignore[arg-type]


def test_mb20_seats_alternate_teams_and_turns_go_round() -> None:
    # Pins MB-20.
    s = tag(hands=[["arachnhibou"], FILLER, FILLER, FILLER], mindbugs=[0, 0, 0, 0],
            mindfrogs=[0, 0, 0, 0])
    assert [s.team(x) for x in range(4)] == [0, 1, 0, 1]
    assert s.opponents(0) == [1, 3]  # left (next seat) first, then right
    assert s.opponents(1) == [2, 0]
    assert s.teammate(0) == 2
    play(s, "arachnhibou")
    assert s.active == 1


def test_mb21_mb22_set_up_shared_life_one_mindbug_one_mindfrog_hands_of_3() -> None:
    # Pins MB-21, MB-22.
    s = GAME.new(3, 4)
    assert isinstance(s, MindbugState)
    assert s.life == [3, 3]  # one shared life total per team
    assert s.mindbugs == [1, 1, 1, 1] and s.mindfrogs == [1, 1, 1, 1]
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert [len(p) + len(h) for p, h in zip(s.piles, s.hands, strict=True)] == [10] * 4
    assert len(s.unused) == 8


def test_mb22_hands_refill_up_to_3() -> None:
    # Pins MB-22.
    s = tag(hands=[["arachnhibou", "gorillion", "reptireur"], FILLER, FILLER, FILLER],
            piles=[["dr-axolotl", "tigrecureuil"], [], [], []], mindbugs=[0, 0, 0, 0],
            mindfrogs=[0, 0, 0, 0])
    events = play(s, "arachnhibou")
    assert len(hand(s, 0)) == 3 and "MB-5" in rulings(events)


def test_mb23_the_left_opponent_decides_on_a_mindbug_first() -> None:
    # Pins MB-23.
    s = tag(hands=[["abeille-tueuse", "reptireur"], FILLER, FILLER, FILLER])
    act(s, "play abeille-tueuse")
    assert pending(s) == "mindbug" and s.to_act() == (1,)
    act(s, "decline")
    assert pending(s) == "mindbug" and s.to_act() == (3,)
    events = act(s, "mindbug")
    assert "MB-7" in rulings(events)
    assert board(s, 3) == ["abeille-tueuse"]
    assert s.life == [2, 3]  # its Play effect hit team A
    assert s.to_act() == (0,)  # the player acts again (MB-7)


def test_mb24_mindfrog_takes_the_teammates_creature_and_spends_the_action() -> None:
    s = tag(hands=[["abeille-tueuse", "reptireur"], FILLER, FILLER, FILLER])
    acts(s, "play abeille-tueuse", "decline", "decline")
    assert pending(s) == "mindfrog" and s.to_act() == (2,)
    events = act(s, "mindfrog")
    assert "MB-24" in rulings(events)
    assert board(s, 2) == ["abeille-tueuse"] and board(s, 0) == []
    assert s.life == [3, 2]
    assert s.mindfrogs == [1, 1, 0, 1]
    assert s.active == 1  # the player's action is spent


def test_mb24_no_mindfrog_if_an_opponent_took_it() -> None:
    # Pins MB-24.
    s = tag(hands=[["gorillion", "reptireur"], FILLER, FILLER, FILLER])
    acts(s, "play gorillion", "mindbug")
    assert pending(s) == "act" and s.to_act() == (0,)


def test_mb25_left_opponent_blocks_first_then_the_right() -> None:
    # Pins MB-25.
    s = tag(boards=[["gorillion"], ["arachnhibou"], [], ["rhino-tortue"]],
            hands=[[], FILLER, FILLER, FILLER])
    act(s, "attack gorillion")
    assert pending(s) == "block" and s.to_act() == (1,)
    act(s, "noblock")
    assert s.to_act() == (3,)
    act(s, "block rhino-tortue")
    assert s.life == [3, 3]


def test_mb25_unblocked_the_team_loses_1_life() -> None:
    # Pins MB-25.
    s = tag(boards=[["gorillion"], ["arachnhibou"], [], []], hands=[[], FILLER, FILLER, FILLER])
    events = acts(s, "attack gorillion", "noblock")
    assert s.life == [3, 2] and "MB-8" in rulings(events)


def test_mb25_hunter_picks_a_creature_of_either_opponent() -> None:
    # Pins MB-25.
    s = tag(boards=[["goblin-garou"], ["arachnhibou"], [], ["gorillion"]],
            hands=[[], FILLER, FILLER, FILLER])
    act(s, "attack goblin-garou")
    assert [t.split("#")[0] for t in legal(s)] == ["hunt arachnhibou", "hunt gorillion", "nohunt"]


def test_mb26_a_player_who_cannot_act_passes() -> None:
    s = tag(hands=[["arachnhibou"], [], FILLER, FILLER], mindbugs=[0, 0, 0, 0],
            mindfrogs=[0, 0, 0, 0])
    events = play(s, "arachnhibou")
    assert "MB-26" in rulings(events)
    assert not s.is_over() and s.active == 2


def test_mb26_both_players_of_a_team_unable_to_act_lose() -> None:
    s = tag(hands=[["arachnhibou"], [], ["gorillion"], []], mindbugs=[0, 0, 0, 0],
            mindfrogs=[0, 0, 0, 0])
    play(s, "arachnhibou")  # seat 1 (B1) passes
    assert s.active == 2
    events = play(s, "gorillion")  # seat 3 (B2) cannot act either: team B loses
    assert s.is_over() and "MB-26" in rulings(events)
    result = s.result()
    assert result is not None and result.reason == "team_stuck"
    assert result.winners == (0, 2) and result.teams == (0, 1, 0, 1)


def test_mb26_a_pass_then_an_action_of_the_teammate_does_not_lose() -> None:
    # Pins MB-26.
    s = tag(hands=[["arachnhibou"], [], ["gorillion", "reptireur"], ["tigrecureuil"]],
            mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    play(s, "arachnhibou")  # B1 passes
    play(s, "gorillion")
    assert s.active == 3
    play(s, "tigrecureuil")  # B2 acts: Tigrécureuil defeats Gorillion
    assert not s.is_over() and s.passed[3] == 0


def test_mb27_the_team_that_brings_the_other_to_0_wins() -> None:
    # Pins MB-27.
    s = tag(boards=[["gorillion"], [], [], []], hands=[[], FILLER, FILLER, FILLER],
            life=[3, 1])
    events = act(s, "attack gorillion")
    result = s.result()
    assert result is not None and result.winners == (0, 2)
    assert result.scores == (3.0, 0.0, 3.0, 0.0)
    assert "MB-18" in rulings(events)


def test_tag_team_effects_name_the_opponent() -> None:
    s = tag(hands=[["furet-saboteur"], ["gorillion"], FILLER, ["arachnhibou", "reptireur"]],
            mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    play(s, "furet-saboteur")
    assert pending(s) == "foe" and legal(s) == ["foe 1", "foe 3"]
    act(s, "foe 3")
    assert s.to_act() == (3,)
    act(s, "pick arachnhibou")  # the second card is the only one left: taken at once
    assert hand(s, 3) == [] and hand(s, 1) == ["gorillion"]


def test_tag_team_enemy_means_either_opponent() -> None:
    s = tag(hands=[["kangousaurus-rex"], FILLER, FILLER, FILLER],
            boards=[[], ["arachnhibou"], ["reptireur"], ["goblin-garou"]],
            mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    play(s, "kangousaurus-rex")
    assert board(s, 1) == [] and board(s, 3) == []
    assert board(s, 2) == ["reptireur"]  # the teammate's creature is no enemy
