"""The PettingZoo adapter: PettingZoo's own API and seed tests on every game with an encoding,
a clear refusal for the others, and the promises the AEC environment makes."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludotheque.adapters import AdapterError, has_encoding, open_setup, outcome_rewards
from ludotheque.adapters import pettingzoo as ludo_pz
from ludotheque.core import Game, IllegalAction

from .common import TOY_ID, encoded, registered


def play_episode(env, seed: int) -> dict[str, float]:
    """Random legal actions until every agent has left; each agent's final reward."""
    chooser = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(chooser.choice(list(legal))))
    return final


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.id)
def test_every_game_with_an_encoding_passes_pettingzoos_tests(game: Game) -> None:
    if not has_encoding(game):
        with pytest.raises(AdapterError, match=rf"\({game.id!r}\) gives no encoding"):
            ludo_pz.env(game.id)
        return
    with warnings.catch_warnings():
        # PettingZoo whitelists its own classic games (dict observations) by name only.
        warnings.filterwarnings("ignore", message="Observation (space for each agent|is not)")
        api_test(ludo_pz.env(game.id, seed=1, render_mode="ansi"), num_cycles=8)
    seed_test(lambda: ludo_pz.env(game.id, seed=1), num_cycles=8)


@pytest.mark.parametrize("game", encoded(), ids=lambda g: g.id)
def test_every_encoded_setup_plays_to_the_end_with_the_results_rewards(game: Game) -> None:
    setups = [c for c in game.configs() if game.encoding(c.players, c.options) is not None]
    for number, config in enumerate(setups):
        env = ludo_pz.env(game.id, config.players, config.options)
        env.reset(seed=number)
        table = env.unwrapped.table
        final = play_episode(env, number)
        result = table.state.result()
        assert result is not None and env.agents == []
        expected = outcome_rewards(result)
        assert final == {f"player_{s}": r for s, r in enumerate(expected)}, config.label


def test_the_same_seed_deals_the_same_game_as_the_kernel() -> None:
    env = ludo_pz.env(TOY_ID)
    env.reset(seed=5)
    first = env.observe("player_0")
    setup = open_setup(TOY_ID)
    kernel = setup.game.new(5, 2, setup.options)
    assert first["observation"].tolist() == setup.encoding.observe(kernel.view(0), 0)
    env.step(int(np.flatnonzero(first["action_mask"])[0]))
    env.reset(seed=5)
    again = env.observe("player_0")
    assert all((first[k] == again[k]).all() for k in first)


def test_resets_without_a_seed_follow_the_constructors_seed() -> None:
    def seeds(seed: int) -> list[int | None]:
        env = ludo_pz.env(TOY_ID, seed=seed)
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.unwrapped.game_seed)
        return out

    assert seeds(9) == seeds(9) != seeds(10)
    assert len(set(seeds(9))) == 3


def test_secret_choices_are_asked_in_turn_each_agent_seeing_its_own_view() -> None:
    observed = set()
    env = ludo_pz.env(TOY_ID)
    env.reset(seed=2)
    assert env.unwrapped.table.state.to_act() == (0, 1)
    for choice in np.flatnonzero(env.observe("player_0")["action_mask"]):
        env.reset(seed=2)
        assert env.agent_selection == "player_0"
        assert not env.observe("player_1")["action_mask"].any()  # its turn comes next
        env.step(int(choice))
        assert env.agent_selection == "player_1"
        seen = env.observe("player_1")
        observed.add((seen["observation"].tobytes(), seen["action_mask"].tobytes()))
    assert len(observed) == 1  # player_1 cannot tell which card player_0 chose


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = ludo_pz.env(TOY_ID)
    env.reset(seed=4)
    before = env.unwrapped.table.state.to_json()
    mask = env.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=rf"action {illegal} \(p{illegal + 1}\) is not legal"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="no action 99"):
        env.step(99)
    with pytest.raises(ValueError, match="player_0 must choose an action id"):
        env.step(None)
    assert env.unwrapped.table.state.to_json() == before
    assert env.agent_selection == "player_0" and env.rewards == {"player_0": 0, "player_1": 0}


def test_render_gives_the_spectators_view_as_text() -> None:
    env = ludo_pz.env(TOY_ID, render_mode="ansi")
    env.reset(seed=6)
    text = env.render()
    assert "'deck_size': 4" in text and "'hand'" not in text  # nothing hidden shows
    quiet = ludo_pz.env(TOY_ID)
    quiet.reset(seed=6)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None
    with pytest.raises(ValueError, match="only 'ansi'"):
        ludo_pz.env(TOY_ID, render_mode="human")


@pytest.mark.parametrize("game_id", ["mitix", "mindbug", "diamagique", "mitan", "mimik"])
def test_each_of_the_five_games_gives_an_encoding_for_every_setup(game_id: str) -> None:
    """So that no adapter test above skips one of them."""
    from ludotheque import games

    game = games.get(game_id)
    for config in game.configs():
        assert game.encoding(config.players, config.options) is not None, config.label
