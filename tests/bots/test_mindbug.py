"""Mindbug's bot knowledge: the win chances, the rollout policy and the levels' knobs."""

from __future__ import annotations

import pytest

from ludotheque.bots import LevelBot, MCTSBot, make_bot
from ludotheque.bots.common import ROLLOUT_POLICIES, WIN_CHANCES
from ludotheque.core import Rng, State
from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug import bots as mb
from ludotheque.games.mindbug.rules import MindbugState
from tests.games.mindbug.scenario import act, pending, setup

FILLER = ["gorillion"]  # a card in hand, so that each player has an action


def choose(state: MindbugState, seed: int = 0) -> str:
    seat = state.to_act()[0]
    return mb.rollout_policy(state, seat, state.legal_actions(seat), Rng(seed)).text()


@pytest.fixture
def no_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The policy without its random share (EPSILON), to pin its judgement."""
    monkeypatch.setattr(mb, "EPSILON", 0.0)


def test_the_hooks_are_registered_for_mindbug() -> None:
    assert mb.VALUE.names == mb.VALUE_FEATURES
    assert WIN_CHANCES["mindbug"] is mb.win_chances
    assert ROLLOUT_POLICIES["mindbug"] is mb.rollout_policy


def test_mb18_win_chances_favour_the_seat_with_more_life() -> None:
    state = setup(hands=[FILLER, FILLER], boards=[["gorillion"], ["gorillion"]], life=[3, 1])
    p = mb.win_chances(state)
    assert p[0] + p[1] == pytest.approx(1.0)
    assert p[0] > 0.7
    # Even sides: only the turn tells them apart, and it weighs the same for either seat.
    mine = mb.win_chances(setup(hands=[FILLER, FILLER], life=[2, 2], active=0))
    theirs = mb.win_chances(setup(hands=[FILLER, FILLER], life=[2, 2], active=1))
    assert mine[0] == pytest.approx(theirs[1])
    assert 0.5 < mine[0] < 0.6


def test_mb18_the_last_life_point_weighs_more_than_the_third() -> None:
    assert mb.life_worth(1) - mb.life_worth(0) > mb.life_worth(3) - mb.life_worth(2)


def test_win_chances_favour_the_stronger_board_and_the_keywords_that_matter() -> None:
    bigger = setup(hands=[FILLER, FILLER], boards=[["gladiataure"], ["goblin-garou"]])
    assert mb.win_chances(bigger)[0] > 0.6
    # MB-14: a VENIMEUX creature is worth more than its bare power (Spider Owl 3 vs Tiger
    # Squirrel 3, both FURTIF).
    poison = setup(hands=[FILLER, FILLER], boards=[["arachnhibou"], ["tigrecureuil"]])
    assert mb.win_chances(poison)[0] > 0.5
    # MB-11: an exhausted CORIACE creature is worth less than a fresh one.
    tough = setup(hands=[FILLER, FILLER], boards=[["rhino-tortue"], ["rhino-tortue*"]])
    assert mb.win_chances(tough)[0] > 0.5


def test_mb7_a_mindbug_left_counts() -> None:
    state = setup(hands=[FILLER, FILLER], mindbugs=[2, 0])
    assert mb.win_chances(state)[0] > 0.6


def test_a_finished_game_gives_its_result() -> None:
    state = setup(hands=[FILLER, FILLER], boards=[["gorillion"], []], life=[3, 1])
    act(state, "attack gorillion")  # nothing can block: the last life point goes (MB-18)
    assert state.is_over()
    assert list(mb.win_chances(state)) == [1.0, 0.0]


def test_mb27_tag_team_mates_share_their_chances() -> None:
    state = setup(players=4, hands=[FILLER] * 4, boards=[["gorillion"], [], [], []],
                  life=[3, 2])
    p = mb.win_chances(state)
    assert p[0] == p[2] and p[1] == p[3]
    assert p[0] + p[1] == pytest.approx(1.0)
    assert p[0] > 0.5


@pytest.mark.usefixtures("no_noise")
def test_mb8_the_policy_attacks_for_the_last_life_point() -> None:
    # MB-13: the FURTIF Spider Owl cannot be blocked by the Gorillion: the attack wins.
    state = setup(hands=[["gorillion", "gladiataure"], FILLER],
                  boards=[["arachnhibou"], ["gorillion"]], life=[3, 1])
    assert choose(state).startswith("attack arachnhibou")


@pytest.mark.usefixtures("no_noise")
def test_mb8_the_policy_does_not_attack_into_a_stronger_blocker() -> None:
    # The Giraffodile (7) would die against the Gorillion (10): play the Luchataur instead.
    state = setup(hands=[["gladiataure"], FILLER], boards=[["giraffodile"], ["gorillion"]])
    assert choose(state).startswith("play gladiataure")


@pytest.mark.usefixtures("no_noise")
def test_mb8_the_policy_blocks_to_save_the_last_life_point() -> None:
    state = setup(hands=[FILLER, FILLER], boards=[["gladiataure"], ["goblin-garou"]],
                  life=[3, 1])
    act(state, "attack gladiataure")
    assert pending(state) == "block"
    # A losing block (2 against 9) is still better than the game.
    assert choose(state).startswith("block goblin-garou")


@pytest.mark.usefixtures("no_noise")
def test_mb8_the_policy_blocks_when_the_fight_is_won_and_lets_a_bad_one_through() -> None:
    state = setup(hands=[FILLER, FILLER], boards=[["giraffodile"], ["gorillion"]])
    act(state, "attack giraffodile")  # 7 into the Gorillion's 10
    assert choose(state).startswith("block gorillion")
    state = setup(hands=[FILLER, FILLER], boards=[["gladiataure"], ["tigrecureuil"]])
    act(state, "attack gladiataure")  # 9 against 3, with 3 life points: take the hit
    assert choose(state) == "noblock"


@pytest.mark.usefixtures("no_noise")
def test_mb10_the_hunter_picks_the_creature_it_defeats() -> None:
    state = setup(hands=[FILLER, FILLER], boards=[["goblin-garou"], ["gorillion", "gladiataure",
                                                                     "tigrecureuil"]])
    act(state, "attack goblin-garou")  # 8 on its turn: beats only the Tiger Squirrel
    assert pending(state) == "hunt"
    assert choose(state).startswith("hunt tigrecureuil")


@pytest.mark.usefixtures("no_noise")
def test_mb7_the_policy_spends_a_mindbug_on_a_strong_creature_only() -> None:
    state = setup(hands=[["gorillion", "reptireur"], FILLER])
    act(state, "play gorillion")
    assert pending(state) == "mindbug"
    assert choose(state) == "mindbug"
    state = setup(hands=[["gorillion", "reptireur"], FILLER])
    act(state, "play reptireur")
    assert choose(state) == "decline"


@pytest.mark.usefixtures("no_noise")
def test_tag_team_the_policy_aims_elephantopus_at_the_opponent_with_small_blockers() -> None:
    # mindbug-cards.md (Tag Team: "the opponent" is one opponent, named): B2 has the two
    # small blockers that Pachypoulpe can stop, B1 only a Gorillion it cannot.
    state = setup(players=4, hands=[["pachypoulpe"], FILLER, FILLER, FILLER],
                  boards=[[], ["gorillion"], [], ["arachnhibou", "tigrecureuil"]],
                  mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    act(state, "play pachypoulpe")
    assert pending(state) == "foe" and choose(state) == "foe 3"


@pytest.mark.usefixtures("no_noise")
def test_tag_team_the_policy_makes_the_richer_hand_discard() -> None:
    # mindbug-cards.md, Ferret Bomber: "the opponent discards 2 cards" is worth more against
    # the hand of two strong cards than against one small one.
    state = setup(players=4, hands=[["furet-saboteur"], ["reptireur"], FILLER,
                                    ["gorillion", "kangousaurus-rex"]],
                  mindbugs=[0, 0, 0, 0], mindfrogs=[0, 0, 0, 0])
    act(state, "play furet-saboteur")
    assert pending(state) == "foe" and choose(state) == "foe 3"


def test_the_policy_plays_only_legal_actions_in_whole_games() -> None:
    for players, seed in ((2, 1), (2, 2), (4, 3)):
        state = GAME.new(seed, players)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = mb.rollout_policy(state, seat, legal, rng)
            assert action in legal
            state.apply(seat, action)


@pytest.mark.parametrize("level", ["moyen", "difficile"])
def test_the_levels_use_the_mindbug_playouts(level: str) -> None:
    bot = make_bot(level, 0)
    assert isinstance(bot, LevelBot)
    inner = bot.bot_for("mindbug")
    assert isinstance(inner, MCTSBot)
    assert inner.settings.rollout == "game"


def play(state: State, specs: list[str]) -> State:
    bots = [make_bot(s, i) for i, s in enumerate(specs)]
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_the_levels_play_legal_whole_games(players: int) -> None:
    specs = ["facile:time=0", "moyen:nodes=20:time=0", "difficile:nodes=30:time=0",
             "moyen:nodes=20:time=0"][:players]
    state = play(GAME.new(7, players), specs)
    assert state.result() is not None
