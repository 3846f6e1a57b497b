"""OpenSpiel's own search bots as Ludothèque bots: `os-mcts` and `os-ismcts` (issue 24).

They play our games through the OpenSpiel adapter (`adapters/openspiel.py`), exactly as
OpenSpiel would play any of its games, so that an arena measures our levels against engines
we did not write:

- `os-mcts`: OpenSpiel's `MCTSBot` (UCT, max^n backups, MCTS-Solver) with its
  `RandomRolloutEvaluator` (random playouts to the end). OpenSpiel's MCTS has no handling
  for hidden information, so on a state that hides something it searches one
  `determinize(seat, rng)` of it per decision (never the true state).
- `os-ismcts`: OpenSpiel's `ISMCTSBot` (single-observer information-set MCTS), the same
  evaluator; every simulation starts from a fresh `determinize` of the seat's information
  state (`LudoState.resample_from_infostate`), drawn from the bot's own seeded generator.

Knobs: `sims` (simulations per decision; 0 = no limit, then `time` must be set), `rollouts`
(random playouts per leaf), `time` (seconds per decision, 0 = no clock), `c` (UCT
exploration, OpenSpiel's example value 2 by default). With `time=0` a seed gives the same
game every time. The bots see the game as the adapter shows it: one seat at a time, secret
simultaneous choices taken lowest seat first, a seat's information state its view and the
play as it saw it (from the decision on: the copy starts with no history).

The arena tells a bot the setup it plays (`sit(players, options)`), since the encoding of
action ids depends on it.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludotheque.bots.base import UnknownBot, legal_choices, register_tunable_bot
from ludotheque.core import Action, Game, Options, Rng, Seat, State, derive_seed

from . import openspiel as ludo_spiel
from .table import AdapterError, Setup, Table, open_setup

KNOBS = {"sims", "rollouts", "time", "c"}


class _TimeUp(Exception):
    """The decision's clock ran out: the search stops between two simulations."""


class _Clock:
    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = float("inf")
        self.simulations = 0

    def start(self) -> None:
        self.simulations = 0
        if self.seconds is not None:
            self.deadline = time.perf_counter() + self.seconds

    def tick(self) -> None:
        """Called before each simulation: two always run (the first only evaluates the root,
        the second gives it a child to choose), then the clock may stop the search."""
        if self.simulations >= 2 and time.perf_counter() >= self.deadline:
            raise _TimeUp
        self.simulations += 1


class _ClockedMCTS(mcts.MCTSBot):  # type: ignore[misc]  # open_spiel has no type hints
    """OpenSpiel's MCTSBot, unchanged but for a clock checked before each simulation."""

    def __init__(self, clock: _Clock, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock
        self.root: mcts.SearchNode | None = None

    def _apply_tree_policy(self, root: mcts.SearchNode, state: Any) -> Any:
        self.root = root
        self.clock.tick()
        return super()._apply_tree_policy(root, state)

    def decide(self, state: Any) -> int:
        self.clock.start()
        try:
            return int(self.step(state))
        except _TimeUp:
            assert self.root is not None
            return int(self.root.best_child().action)  # what mcts_search would have returned


class _ClockedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, unchanged but for a clock checked before each simulation."""

    def __init__(self, clock: _Clock, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock = clock

    def sample_root_state(self, state: Any) -> Any:
        self.clock.tick()
        return super().sample_root_state(state)

    def decide(self, state: Any) -> int:
        self.clock.start()
        try:
            return int(self.step(state))
        except _TimeUp:
            policy = self.get_final_policy(state, self._root_node)
            actions, probabilities = zip(*policy, strict=True)
            return int(self._random_state.choice(actions, p=probabilities))


def _number(spec: str, knobs: dict[str, str], key: str, default: float) -> float:
    try:
        value = float(knobs.get(key, default))
    except ValueError:
        raise UnknownBot(f"bot spec {spec!r}: {key} must be a number, not "
                         f"{knobs[key]!r}") from None
    if value < 0 or value != value or value == float("inf"):
        raise UnknownBot(f"bot spec {spec!r}: {key} must be a finite number >= 0")
    return value


class OpenSpielBot:
    """One of OpenSpiel's search bots, seated at one of our games through the adapter."""

    def __init__(self, kind: str, seed: int, knobs: dict[str, str]) -> None:
        spec = ":".join([kind, *(f"{k}={v}" for k, v in knobs.items())])
        unknown = set(knobs) - KNOBS
        if unknown:
            raise UnknownBot(f"bot spec {spec!r}: unknown knob(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(sorted(KNOBS))}")
        sims = _number(spec, knobs, "sims", 1000)
        rollouts = _number(spec, knobs, "rollouts", 1)
        seconds = _number(spec, knobs, "time", 0)
        if sims != int(sims) or rollouts != int(rollouts) or rollouts < 1:
            raise UnknownBot(f"bot spec {spec!r}: sims is a whole number >= 0, rollouts >= 1")
        if not sims and not seconds:
            raise UnknownBot(f"bot spec {spec!r}: sims=0 needs a clock (time=SECONDS)")
        if sims > 10_000_000 or seconds > 3600 or rollouts > 10_000:
            raise UnknownBot(f"bot spec {spec!r}: at most 10,000,000 sims, 10,000 rollouts "
                             f"and 3,600 s a decision")
        self.name = spec
        self.kind = kind
        self.sims = int(sims) or 10_000_000
        self.rollouts = int(rollouts)
        self.uct_c = _number(spec, knobs, "c", 2.0)
        self.clock = _Clock(seconds or None)
        self.seed = seed
        self.rng = Rng(derive_seed(seed, "determinize"))
        self.numbers = np.random.RandomState(derive_seed(seed, "numpy") % 2**32)
        self.setup: Setup | None = None
        self.players: int | None = None
        self.options: Options | None = None
        self._bots: dict[str, Any] = {}  # pyspiel game name -> OpenSpiel bot

    def sit(self, players: int, options: Options) -> None:
        """The setup this bot plays: its encoding gives the action ids OpenSpiel uses."""
        self.setup, self.players, self.options = None, players, options

    def _setup_for(self, game: Game) -> Setup:
        """The setup told by `sit`, else the game's smallest one with default options."""
        if self.setup is None or self.setup.game is not game:
            try:
                self.setup = open_setup(game, self.players, self.options)
            except AdapterError as exc:
                raise UnknownBot(f"{self.name} cannot play this setup: {exc}") from None
        return self.setup

    def _openspiel_bot(self, spiel_game: Any) -> Any:
        key = str(spiel_game)
        bot = self._bots.get(key)
        if bot is None:
            evaluator = mcts.RandomRolloutEvaluator(self.rollouts, self.numbers)
            if self.kind == "os-mcts":
                bot = _ClockedMCTS(self.clock, spiel_game, self.uct_c, self.sims, evaluator,
                                   solve=True, random_state=self.numbers)
            else:
                bot = _ClockedISMCTS(self.clock, spiel_game, evaluator, self.uct_c, self.sims,
                                     random_state=self.numbers)
                bot.set_resampler(self._resample)
            self._bots[key] = bot
        return bot

    def _resample(self, state: ludo_spiel.LudoState, player: int) -> ludo_spiel.LudoState:
        """ISMCTS's world sample: a determinize of `player`'s information, from our generator
        (pyspiel's default sampler would start from the same number on every call)."""
        return state.resample_from_infostate(player, self.rng.random)

    def choose(self, state: State, seat: Seat) -> Action:
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            return legal[0]
        setup = self._setup_for(state.game)
        name = ludo_spiel.register(setup.game)
        spiel_game = pyspiel.load_game(name, {"players": setup.players,
                                              "options": setup.options_json, "seed": 0})
        # The search starts from a copy the seat could not tell from the truth.
        copy = state.determinize(seat, self.rng.fork())
        root = spiel_game.new_initial_state("0")
        table = Table(setup, copy, [[] for _ in range(setup.players)])
        # The adapter takes secret simultaneous choices lowest seat first: a lower seat still
        # to choose gets a choice drawn at random, which this seat will not see ("?").
        while (first := table.seat_to_act()) is not None and first < seat:
            table.play(first, table.legal_ids(first)[self.rng.randrange(
                len(table.legal_ids(first)))])
        if first != seat:
            raise UnknownBot(f"{self.name}: seat {seat} has no decision in the adapter's order")
        root._dealt = table
        action_id = self._openspiel_bot(spiel_game).decide(root)
        return setup.game.parse(setup.encoding.action_text(action_id))


def _factory(kind: str) -> Any:
    def make(seed: int, knobs: dict[str, str]) -> OpenSpielBot:
        return OpenSpielBot(kind, seed, knobs)

    return make


register_tunable_bot("os-mcts", _factory("os-mcts"))
register_tunable_bot("os-ismcts", _factory("os-ismcts"))

__all__ = ["KNOBS", "OpenSpielBot"]
