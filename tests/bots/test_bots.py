"""The generic bots: legal, seeded, within budget, and searching for real."""

from __future__ import annotations

import time

import pytest

from ludotheque import games
from ludotheque.bots import Budget, MCTSBot, UnknownBot, make_bot
from ludotheque.bots.budget import Clock
from ludotheque.core import Game, Rng, State
from tests.bots.tictactoe import Mark, Morpion, MorpionEval, position
from tests.core.toys import HighCard

MORPION = Morpion()
MORPION_EVAL = MorpionEval()
SEARCHERS = ("greedy", "facile:time=0", "mcts:nodes=200", "moyen:nodes=200:time=0")


def play_out(game: Game, specs: list[str], seed: int, players: int = 2) -> State:
    """A whole game; `State.apply` raises on any illegal action."""
    bots = [make_bot(s, seed * 10 + i) for i, s in enumerate(specs)]
    state = game.new(seed, players)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return state


@pytest.mark.parametrize("spec", ["random", "greedy:nodes=12", "facile:time=0",
                                  "mcts:nodes=40:depth=end", "ismcts:nodes=40"])
@pytest.mark.parametrize("game", [HighCard(), MORPION, MORPION_EVAL], ids=lambda g: g.id)
def test_bots_only_play_legal_actions_to_the_end(spec: str, game: Game) -> None:
    for seed in range(3):
        assert play_out(game, [spec, "random"], seed).is_over()
        assert play_out(game, ["random", spec], seed).is_over()


REGISTERED = [(g, c) for g in games.all_games() for c in g.configs()]


@pytest.mark.parametrize(("game", "config"), REGISTERED,
                         ids=[f"{g.id}-{c.label}" for g, c in REGISTERED])
def test_levels_play_every_registered_game_legally(game: Game, config: object) -> None:
    from ludotheque.core import Config

    assert isinstance(config, Config)
    specs = ["facile:nodes=8:time=0", "greedy:nodes=4"] * config.players
    bots = [make_bot(s, i) for i, s in enumerate(specs[:config.players])]
    state = game.new(1, config.players, config.options)
    steps = 0
    while not state.is_over() and steps < game.step_limit:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        steps += 1
    assert state.is_over()


@pytest.mark.parametrize("spec", SEARCHERS)
def test_searchers_take_a_win_in_one(spec: str) -> None:
    # x x .    x to play wins on square 2
    # o o .
    # . . .
    state = position(MORPION, "xx.oo....")
    assert make_bot(spec, 1).choose(state, 0) == Mark(2)


@pytest.mark.parametrize("spec", ["mcts:nodes=300", "moyen:nodes=300:time=0"])
def test_search_blocks_a_loss_in_one(spec: str) -> None:
    # x . .    o to play must block on square 8
    # . x .
    # o . .
    state = position(MORPION, "x...x.o..")
    assert state.to_act() == (1,)
    assert make_bot(spec, 2).choose(state, 1) == Mark(8)


def test_search_on_a_heuristic_game_uses_cut_off_playouts() -> None:
    state = position(MORPION_EVAL, "xx.oo....")
    bot = make_bot("moyen:nodes=150:time=0", 3)
    assert bot.choose(state, 0) == Mark(2)


@pytest.mark.parametrize("spec", SEARCHERS)
def test_a_seed_gives_the_same_choice(spec: str) -> None:
    game = HighCard()
    state = game.new(11)
    first = [make_bot(spec, 5).choose(state, s) for s in (0, 1)]
    again = [make_bot(spec, 5).choose(state, s) for s in (0, 1)]
    assert first == again


def test_mcts_spends_exactly_its_node_budget() -> None:
    bot = MCTSBot(0, Budget(nodes=77))
    bot.choose(MORPION.new(0), 0)
    assert bot.last_iterations == 77


def test_a_time_budget_stops_the_search_in_time() -> None:
    bot = MCTSBot(0, Budget(seconds=0.1))
    started = time.perf_counter()
    bot.choose(MORPION.new(0), 0)
    assert time.perf_counter() - started < 0.2
    assert bot.last_iterations > 1


@pytest.mark.parametrize(("level", "seconds"), [("facile", 0.2), ("moyen", 1.0),
                                                ("difficile", 3.0)])
def test_levels_carry_their_time_limits(level: str, seconds: float) -> None:
    bot = make_bot(level, 0)
    assert bot.budget.seconds == seconds  # type: ignore[attr-defined]
    assert make_bot(f"{level}:time=0", 0).budget.seconds is None  # type: ignore[attr-defined]


def test_a_single_legal_action_is_answered_at_once() -> None:
    state = position(MORPION, "xoxxoo.xo")
    bot = MCTSBot(0, Budget(nodes=10_000))
    assert bot.choose(state, 0) == Mark(6)
    assert bot.last_iterations == 0


def test_moyen_never_loses_to_random_at_morpion() -> None:
    for seed in range(4):
        for seats in (["moyen:nodes=200:time=0", "random"], ["random", "moyen:nodes=200:time=0"]):
            result = play_out(MORPION, seats, seed).result()
            assert result is not None
            assert result.utility(seats.index("moyen:nodes=200:time=0")) >= 0.5


def test_clock_counts_nodes_and_time() -> None:
    clock = Clock(Budget(nodes=3))
    for _ in range(2):
        clock.spend()
    assert not clock.out()
    clock.spend()
    assert clock.out()
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        Budget(nodes=0)


@pytest.mark.parametrize("spec", ["moyen:speed=3", "moyen:nodes=many", "mcts:nodes",
                                  "greedy:c=1", "facile:rollout=clever", "nobody",
                                  "random:nodes=3"])
def test_bad_specs_are_refused_with_a_reason(spec: str) -> None:
    with pytest.raises(UnknownBot):
        make_bot(spec)


def test_greedy_samples_hidden_information_fairly() -> None:
    game = HighCard()
    state = game.new(2)
    bot = make_bot("greedy:nodes=30", 0)
    action = bot.choose(state, 0)
    assert action in state.legal_actions(0)
    assert isinstance(bot.rng, Rng)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seat", [0, 1])
def test_simultaneous_choices_are_searched_without_seeing_each_other(seat: int) -> None:
    """Pile ou face: neither seat can see the other's coin, so each side is worth a half to
    either seat. A search where one seat answered the other's visible choice would find 0 or
    1 here, not a half."""
    from tests.bots.pennies import Pennies

    state = Pennies().new(0)
    assert state.to_act() == (0, 1)
    bot = MCTSBot(3, Budget(nodes=2000))
    bot.choose(state, seat)
    assert len(bot.last_stats) == 2
    for visits, mean in bot.last_stats.values():
        assert visits > 300
        assert 0.35 < mean < 0.65


def test_a_secret_choice_already_made_is_re_dealt_not_seen() -> None:
    from tests.bots.pennies import Pennies

    state = Pennies().new(0)
    state.play("pile", seat=0)
    bot = MCTSBot(3, Budget(nodes=400))
    bot.choose(state, 1)
    for _, mean in bot.last_stats.values():
        assert 0.35 < mean < 0.65  # seat 0's pile is hidden: face and pile look alike


def test_a_seat_answering_second_searches_the_same_simultaneous_choice() -> None:
    """Embuscade: against seat 0 choosing at random, seat 1's `attaque` would look best (it
    wins on two paths of three), but seat 0's `fort` is never worse, and against it only
    `garde` holds. Seat 1 answering after seat 0 chose in secret takes that choice back
    (`reopen_secret_choices`) and searches the game both play at once: it keeps `garde`,
    as it does when it chooses first. A best reply to a re-dealt random choice would not."""
    from tests.bots.pennies import Embuscade

    game = Embuscade()
    answers = {"first": 0, "second": 0}
    for seed in range(10):
        for when in answers:
            state = game.new(0)
            if when == "second":
                state.play("fort", seat=0)
            bot = MCTSBot(seed, Budget(nodes=2000))
            answers[when] += bot.choose(state, 1).text() == "garde"
            if when == "second":
                assert set(bot.last_stats) == {game.parse("garde"), game.parse("attaque")}
    assert answers["first"] >= 8
    assert answers["second"] >= 8


def test_a_games_win_chances_end_the_playouts_instead_of_its_heuristic() -> None:
    from ludotheque.bots import common

    state = position(MORPION_EVAL, "x...o....")
    before = common.values(state, (0, 1), True)
    common.WIN_CHANCES[MORPION_EVAL.id] = lambda s: (0.9, 0.1)
    try:
        assert common.values(state, (0, 1), True) == {0: 0.9, 1: 0.1}
        assert common.values(state, (0, 1), False) == {0: 0.5, 1: 0.5}
    finally:
        del common.WIN_CHANCES[MORPION_EVAL.id]
    assert common.values(state, (0, 1), True) == before


def test_a_games_level_settings_apply_under_the_specs_own_knobs() -> None:
    from ludotheque.bots import levels
    from ludotheque.bots.mcts import MCTSSettings

    key = (MORPION_EVAL.id, "moyen")
    levels.register_game_settings(*key, MCTSSettings(exploration=2.0, rollout_depth=1), 77)
    try:
        plain = make_bot("moyen:time=0").bot_for(MORPION_EVAL.id)  # type: ignore[attr-defined]
        assert (plain.settings.exploration, plain.settings.rollout_depth) == (2.0, 1)
        assert plain.budget.nodes == 77
        tuned = make_bot("moyen:c=0.3:nodes=9:time=0").bot_for(  # type: ignore[attr-defined]
            MORPION_EVAL.id)
        assert (tuned.settings.exploration, tuned.settings.rollout_depth) == (0.3, 1)
        assert tuned.budget.nodes == 9
    finally:
        del levels._GAME_SETTINGS[key]
