"""The bot specs of the registry: generic bots and the levels Facile, Moyen, Difficile, Expert.

A level is a budget and a few knobs of the same machinery (MCTS / IS-MCTS), unless a game
registers its own bot for that level (`register_game_level`, e.g. alpha-beta).
Each level has a time budget (Facile 0.2 s, Moyen 1 s, Difficile 3 s, Expert 10 s on one core)
and a node budget; whichever runs out first stops the search. For repeatable runs, turn the
clock off: `moyen:time=0` searches exactly its node budget, so a seed gives the same game
every time.

Spec knobs (`name:key=value:...`): nodes (0 = no node limit), time (seconds, 0 = no clock),
c (UCT exploration), depth (playout length before the heuristic, `end` = to the end),
rollout (random | greedy | game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ludotheque.core import Action, State, derive_seed

from .base import Bot, UnknownBot, register_tunable_bot
from .budget import Budget
from .greedy import GreedyBot
from .knowledge import load
from .mcts import MCTSBot, MCTSSettings


@dataclass(frozen=True)
class Level:
    name: str
    nodes: int
    seconds: float
    settings: MCTSSettings


LEVELS: dict[str, Level] = {
    "facile": Level("facile", 30, 0.2, MCTSSettings(exploration=1.0, rollout_depth=2)),
    "moyen": Level("moyen", 300, 1.0, MCTSSettings(exploration=0.7, rollout_depth=6)),
    "difficile": Level("difficile", 1500, 3.0, MCTSSettings(exploration=0.6, rollout_depth=8)),
    # For analysis and strong players (issue 24): Difficile's knobs, four times its nodes and
    # a 10 s clock. Shown last in the menus (this order is theirs).
    "expert": Level("expert", 6000, 10.0, MCTSSettings(exploration=0.6, rollout_depth=8)),
}

# A game's own bot for a level: (seed, nodes, seconds) -> bot, registered by per-game modules.
# `nodes` is None unless the spec set it (`moyen:nodes=...`): the game then picks its own
# node budget for the level (an alpha-beta node is not an MCTS iteration); `seconds` is the
# level's time budget, None with `:time=0`.
GameLevelFactory = Callable[[int, int | None, float | None], Bot]
_GAME_LEVELS: dict[tuple[str, str], GameLevelFactory] = {}


def register_game_level(game_id: str, level: str, factory: GameLevelFactory) -> None:
    _GAME_LEVELS[(game_id, level)] = factory


# A game's own knobs for a level's MCTS (playout length, rollout policy, exploration) and,
# optionally, its node budget: registered by per-game modules, overridden by spec knobs.
_GAME_SETTINGS: dict[tuple[str, str], tuple[MCTSSettings, int | None]] = {}


def register_game_settings(game_id: str, level: str, settings: MCTSSettings,
                           nodes: int | None = None) -> None:
    _GAME_SETTINGS[(game_id, level)] = (settings, nodes)


def _budget(knobs: dict[str, str], nodes: int | None, seconds: float | None,
            spec: str) -> Budget:
    try:
        if "nodes" in knobs:
            nodes = int(knobs["nodes"]) or None
        if "time" in knobs:
            seconds = float(knobs["time"]) or None
        return Budget(nodes=nodes, seconds=seconds)
    except ValueError as exc:
        raise UnknownBot(f"bot spec {spec!r}: {exc}") from None


def _settings(knobs: dict[str, str], base: MCTSSettings, spec: str) -> MCTSSettings:
    out = base
    try:
        if "c" in knobs:
            out = replace(out, exploration=float(knobs["c"]))
        if "depth" in knobs:
            out = replace(out, rollout_depth=None if knobs["depth"] == "end"
                          else int(knobs["depth"]))
    except ValueError as exc:
        raise UnknownBot(f"bot spec {spec!r}: {exc}") from None
    if "rollout" in knobs:
        if knobs["rollout"] not in ("random", "greedy", "game"):
            raise UnknownBot(f"bot spec {spec!r}: rollout is random, greedy or game")
        out = replace(out, rollout=knobs["rollout"])
    return out


def _check_knobs(knobs: dict[str, str], allowed: set[str], spec: str) -> None:
    unknown = set(knobs) - allowed
    if unknown:
        raise UnknownBot(f"bot spec {spec!r}: unknown knob(s) {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(allowed))}")


def _spec(name: str, knobs: dict[str, str]) -> str:
    return ":".join([name, *(f"{k}={v}" for k, v in knobs.items())])


class LevelBot:
    """A level: MCTS / IS-MCTS with the level's knobs, or the game's own bot for the level."""

    def __init__(self, level: Level, seed: int, budget: Budget, settings: MCTSSettings,
                 name: str, custom_nodes: bool = False,
                 knobs: dict[str, str] | None = None) -> None:
        self.name = name
        self.custom_nodes = custom_nodes
        self.knobs = knobs or {}
        self.level = level
        self.seed = seed
        self.budget = budget
        self.settings = settings
        self._bots: dict[str, Bot] = {}

    def bot_for(self, game_id: str) -> Bot:
        bot = self._bots.get(game_id)
        if bot is None:
            load(game_id)
            seed = derive_seed(self.seed, game_id)
            factory = _GAME_LEVELS.get((game_id, self.level.name))
            if factory is not None:
                nodes = self.budget.nodes if self.custom_nodes else None
                bot = factory(seed, nodes, self.budget.seconds)
            else:
                budget, settings = self.budget, self.settings
                own = _GAME_SETTINGS.get((game_id, self.level.name))
                if own is not None:
                    # The game's knobs for the level, then the spec's own on top.
                    settings = _settings(self.knobs, own[0], self.name)
                    if own[1] is not None and not self.custom_nodes:
                        budget = replace(budget, nodes=own[1])
                bot = MCTSBot(seed, budget, settings, self.name)
            self._bots[game_id] = bot
        return bot

    def choose(self, state: State, seat: int) -> Action:
        return self.bot_for(state.game.id).choose(state, seat)


def _level_factory(level: Level) -> Callable[[int, dict[str, str]], Bot]:
    def make(seed: int, knobs: dict[str, str]) -> Bot:
        spec = _spec(level.name, knobs)
        _check_knobs(knobs, {"nodes", "time", "c", "depth", "rollout"}, spec)
        budget = _budget(knobs, level.nodes, level.seconds, spec)
        return LevelBot(level, seed, budget, _settings(knobs, level.settings, spec), spec,
                        custom_nodes="nodes" in knobs, knobs=knobs)

    return make


def _mcts(seed: int, knobs: dict[str, str]) -> Bot:
    spec = _spec("mcts", knobs)
    _check_knobs(knobs, {"nodes", "time", "c", "depth", "rollout"}, spec)
    return MCTSBot(seed, _budget(knobs, 500, None, spec),
                   _settings(knobs, MCTSSettings(), spec), spec)


def _greedy(seed: int, knobs: dict[str, str]) -> Bot:
    spec = _spec("greedy", knobs)
    _check_knobs(knobs, {"nodes", "time"}, spec)
    return GreedyBot(seed, _budget(knobs, 64, None, spec), spec)


def _alphabeta(seed: int, knobs: dict[str, str]) -> Bot:
    from .alphabeta import AlphaBetaBot

    spec = _spec("alphabeta", knobs)
    _check_knobs(knobs, {"nodes", "time", "depth"}, spec)
    try:
        depth = int(knobs.get("depth", "64"))
    except ValueError as exc:
        raise UnknownBot(f"bot spec {spec!r}: {exc}") from None
    return AlphaBetaBot(seed, _budget(knobs, 20_000, None, spec), max_depth=depth, name=spec)


for _level in LEVELS.values():
    register_tunable_bot(_level.name, _level_factory(_level))
register_tunable_bot("mcts", _mcts)
register_tunable_bot("ismcts", _mcts)  # the same search: it determinizes on hidden information
register_tunable_bot("greedy", _greedy)
register_tunable_bot("alphabeta", _alphabeta)
