"""Ludothèque games as PettingZoo AEC environments, like PettingZoo's classic games.

Agents are `player_0`, `player_1`...; each observes `{"observation": float32 vector of the
encoding's size, "action_mask": int8 vector, 1 for each legal action id}` computed from its
own view only. Rewards are +1 / -1 / 0 at the end (see `table.outcome_rewards`). Secret
simultaneous choices are asked one agent after the other, each seeing only its own view.
`docs/adapters.md` has tested examples.
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ludotheque.core import Game, Rng

from .table import OptionsLike, Setup, Table, open_setup

Observation = dict[str, npt.NDArray[Any]]

# Observations are finite float32 numbers (Encoding.observe refuses the others); the encoding
# declares no tighter bounds, so the box is float32's finite range.
_LOW = float(np.finfo(np.float32).min)
_HIGH = float(np.finfo(np.float32).max)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo names it so; it has no type hints
    """One setup of one game. `reset(seed=s)` deals exactly `game.new(s, players, options)`;
    `reset()` without a seed draws the next seed from a generator seeded by the `seed`
    given to the constructor (fresh entropy when None)."""

    def __init__(self, setup: Setup, seed: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' (text) is offered")
        self.setup = setup
        self.render_mode = render_mode
        game = setup.game
        self.metadata = {"render_modes": ["ansi"], "name": f"ludo_{game.id}_v{game.version}",
                         "is_parallelizable": False}
        self.possible_agents = [agent_name(s) for s in range(setup.players)]
        self.agents = list(self.possible_agents)
        size, count = setup.encoding.observation_size, setup.encoding.action_count
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Dict({
                "observation": spaces.Box(_LOW, _HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seeds = Rng(secrets.randbits(63) if seed is None else seed)
        self.game_seed: int | None = None  # the seed of the game being played
        self.table: Table | None = None

    # -- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. Game options are fixed when the environment is made (the spaces
        depend on them), so `options` here is accepted for the API and not used."""
        if seed is not None:
            self._seeds = Rng(seed)
            self.game_seed = seed
        else:
            self.game_seed = self._seeds.next64() >> 1
        self.table = Table.deal(self.setup, self.game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() before playing")
        return self.table

    def _select(self) -> None:
        seat = self._table().seat_to_act()
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif self.agents:
            # Over: every agent takes its last (None) step, from player_0 on.
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        table = self._table()
        seat = self.possible_agents.index(agent)
        return {
            "observation": np.asarray(table.observation(seat), dtype=np.float32),
            "action_mask": np.asarray(table.mask(seat), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action id, not None")
        table = self._table()
        seat = self.possible_agents.index(agent)
        table.play(seat, int(action))  # an illegal id raises here, before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if table.state.is_over():
            self.rewards = dict(zip(self.agents, table.rewards(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    # -- for people -------------------------------------------------------------------------
    def render(self) -> str | None:
        """The game's text drawing of the spectator's view (nothing hidden shows)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: try 'ansi'")
            return None
        return self._table().render(None)

    def close(self) -> None:
        pass


def env(game_id: Game | str, players: int | None = None, options: OptionsLike = None,
        seed: int | None = None, render_mode: str | None = None) -> AECEnv:
    """The game `game_id` (a registered id or a Game) for `players` seats with `options`,
    wrapped like PettingZoo's classic environments. Raises `AdapterError` when the game
    gives no encoding for that setup."""
    made = raw_env(open_setup(game_id, players, options), seed, render_mode)
    # No TerminateIllegalWrapper or AssertOutOfBoundsWrapper: an illegal id raises the
    # game's own reason (IllegalAction) and changes nothing, which is clearer than both.
    return wrappers.OrderEnforcingWrapper(made)
