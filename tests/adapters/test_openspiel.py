"""The OpenSpiel adapter: OpenSpiel's random simulation test and its search bots on every game
with an encoding, a clear refusal for the others, and what the Python game promises."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ludotheque.adapters import AdapterError, has_encoding, open_setup, outcome_rewards
from ludotheque.adapters import openspiel as ludo_spiel
from ludotheque.core import Game, IllegalAction

from .common import TOY, TOY_ID, registered

ludo_spiel.register(TOY)  # by Game: the registry gets the toy only when tests run


def bot_game(game: pyspiel.Game, seed: int, decisions: int = 4) -> pyspiel.State:
    """OpenSpiel's MCTS (random rollouts) decides seat 0's first `decisions` moves, uniform
    random play the rest (each rollout plays a whole game: long games would be slow)."""
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, 2.0, 8, rollouts, solve=False,
                       random_state=np.random.RandomState(seed))
    chooser = np.random.RandomState(seed + 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0 and decisions > 0:
            action = bot.step(state)
            decisions -= 1
        else:
            action = chooser.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(int(action))
    return state


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.id)
def test_every_game_with_an_encoding_passes_openspiels_random_simulation(game: Game) -> None:
    name = f"ludo_{game.id}"
    if not has_encoding(game):
        with pytest.raises(AdapterError, match=rf"\({game.id!r}\) gives no encoding"):
            ludo_spiel.register(game.id)
        assert name not in pyspiel.registered_names()
        return
    assert ludo_spiel.register(game.id) == name
    spiel_game = pyspiel.load_game(name, {"seed": 5})
    # serialize=False: a SAMPLED_STOCHASTIC game's serialisation includes the game's RNG
    # state, which pyspiel cannot ask of a Python game; states serialise (next test).
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=False, verbose=False)
    finished = bot_game(spiel_game, 3)
    result = finished.table.state.result()
    assert result is not None and finished.returns() == list(outcome_rewards(result))


@pytest.mark.parametrize("game", [g for g in registered() if has_encoding(g)],
                         ids=lambda g: g.id)
def test_states_serialise_and_clone_into_equal_independent_states(game: Game) -> None:
    spiel_game = pyspiel.load_game(f"ludo_{game.id}")
    state = spiel_game.new_initial_state()
    chooser = np.random.RandomState(0)
    for _ in range(3):
        state.apply_action(int(chooser.choice(state.legal_actions())))
    for twin in (spiel_game.deserialize_state(state.serialize()), state.clone()):
        assert str(twin) == str(state) and twin.history() == state.history()
        assert twin.information_state_string(1) == state.information_state_string(1)
        twin.apply_action(twin.legal_actions()[0])
        assert str(twin) != str(state)


def test_parameters_name_the_setup_and_seed_the_deals() -> None:
    game = pyspiel.load_game("ludo_encoded_high_card",
                             {"players": 2, "options": '{"hand_size": 4}', "seed": 8})
    assert game.num_players() == 2 and game.num_distinct_actions() == 10
    assert game.observation_tensor_shape() == [17]
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL

    def deals(seed: int) -> list[str]:
        made = pyspiel.load_game("ludo_encoded_high_card", {"seed": seed})
        return [str(made.new_initial_state()) for _ in range(3)]

    assert deals(8) == deals(8) != deals(9) and len(set(deals(8))) == 3
    setup = open_setup(TOY_ID, 2, {"hand_size": 4})
    exact = game.new_initial_state("77")
    assert exact.table.state.to_json() == setup.game.new(77, 2, setup.options).to_json()
    with pytest.raises(AdapterError, match="options are not JSON"):
        pyspiel.load_game("ludo_encoded_high_card", {"options": "{hand"})


def test_observations_come_from_the_seats_view_only() -> None:
    game = pyspiel.load_game("ludo_encoded_high_card")
    setup = open_setup(TOY_ID)
    seen = set()
    for choice in game.new_initial_state("3").legal_actions():
        state = game.new_initial_state("3")
        state.apply_action(choice)  # player 0's secret card
        assert state.current_player() == 1
        view = state.table.state.view(1)
        assert state.observation_tensor(1) == setup.encoding.observe(view, 1)
        seen.add((tuple(state.observation_tensor(1)), state.observation_string(1),
                  state.information_state_string(1)))
        assert state.information_state_string(0).startswith(
            f'{{"seen":["0:{state.action_to_string(0, choice)}"],')
    assert len(seen) == 1  # player 1 cannot tell which card player 0 chose


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = pyspiel.load_game("ludo_encoded_high_card").new_initial_state("4")
    before = str(state)
    illegal = next(a for a in range(10) if a not in state.legal_actions())
    with pytest.raises(IllegalAction, match=rf"action {illegal} \(p{illegal + 1}\) is not legal"):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == []


def test_information_set_search_plays_from_resampled_states() -> None:
    # ISMCTS checks that every resampled root (our determinize) has the same information state.
    game = pyspiel.load_game("ludo_encoded_high_card", {"seed": 2})
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, rollouts, 2.0, 20, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(int(action))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
