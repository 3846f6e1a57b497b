"""Mitan with its compiled move generator (COMPILED, core/compiled.py): states still pickle
(Ray, worker processes), copy and clone, and the adapters still play, in a fresh interpreter
that loaded the build. The same games compiled and pure: tests/core/test_compiled.py."""

from __future__ import annotations

import pytest

from ludotheque.core import compiled
from ludotheque.games import mitan

from ...core.builds import build_of, python

# A random game to its battle; there, the state pickled, deep-copied and cloned must list the
# same actions and play on alike; then PettingZoo's and OpenSpiel's adapters play it.
CHECK = """
import copy, json, pickle
import numpy as np, pyspiel
from ludotheque.adapters import openspiel, pettingzoo
from ludotheque.core import compiled
from ludotheque.core.rng import Rng
from ludotheque.games import mitan
from ludotheque.games.mitan.rules import BATTLE

print(compiled.loaded({"ludotheque.games.mitan": mitan.COMPILED})["ludotheque.games.mitan"])
state, rng = mitan.GAME.new(4, 2), Rng(9)
while state.phase != BATTLE:
    seat = state.to_act()[0]
    state.apply(seat, rng.choice(state.legal_actions(seat)))
twins = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state).clone(),
         state.clone()]
for _ in range(40):
    if state.is_over():
        break
    seat = state.to_act()[0]
    legal = [a.text() for a in state.legal_actions(seat)]
    action = rng.choice(state.legal_actions(seat))
    for twin in twins:
        assert [a.text() for a in twin.legal_actions(seat)] == legal
        twin.apply(seat, action)
    state.apply(seat, action)
assert all(json.dumps(t.to_json()) == json.dumps(state.to_json()) for t in twins)

env = pettingzoo.env("mitan", seed=3)
env.reset(seed=3)
chooser = np.random.RandomState(3)
for agent in env.agent_iter(max_iter=300):
    obs, reward, done, cut, info = env.last()
    env.step(None if done or cut else int(chooser.choice(np.flatnonzero(obs["action_mask"]))))
spiel = pyspiel.load_game(openspiel.register("mitan"), {"seed": 5})
pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)
print("ok")
"""


def test_states_pickle_copy_and_play_in_the_adapters_compiled(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    where = build_of("ludotheque.games.mitan", mitan.COMPILED, tmp_path_factory)
    assert python(CHECK, where).stdout.split() == [compiled.COMPILED, "ok"]
