"""Win chances learnt from play: a logistic model of a two-sided game's result.

A game registers its features (`register_value`): numbers read from a state, each side 0's
measure less side 1's, so that swapping the sides flips them. Its win chances are then
`1 / (1 + exp(-w . x))` for side 0, with weights `w` learnt per player count and shipped as
data beside the game's bots (`data/value.json`).

Learning (`learn`, `ludo learn GAME`): games played from seeded deals by the game's own rollout
policy, one position in three where the mover has a choice, each labelled with the game's
result; a logistic regression (Newton's method, a small ridge) fits the weights. The search's
cut playouts are played by that same policy, so the model estimates what the playout would
have given had it gone on to the end, without the noise of one playout. Games whose index is
divisible by 5 are held out: the report gives their log-loss with the learnt weights, with
the win chances shipped now and with a constant, so a model that predicts worse shows.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ludotheque import games
from ludotheque.core import Game, Rng, State, derive_seed

if TYPE_CHECKING:
    from numpy.typing import ArrayLike
from ludotheque.core.errors import DataError

from .common import ROLLOUT_POLICIES, WIN_CHANCES
from .knowledge import load

VALUE_FILE = "data/value.json"

# A state's features: side 0's measures less side 1's (and side-free ones, signed for side 0).
Features = Callable[[State], list[float]]


class ValueFeatures:
    """A game's features and its shipped weights, read on first use (so that a stale file
    stops the bots, not `ludo learn`, which writes a new one)."""

    def __init__(self, names: Sequence[str], read: Features, package: str) -> None:
        self.names = tuple(names)
        self.read = read
        self.package = package  # where data/value.json lives: the game's package

    @cached_property
    def model(self) -> LearntValue:
        return read_value(self.package, self.names)

    def chance(self, players: int, state: State) -> float:
        """Side 0's chance of winning from `state`, by the shipped weights."""
        return self.model.chance(players, self.read(state))


VALUE_FEATURES: dict[str, ValueFeatures] = {}


def register_value(game_id: str, names: Sequence[str], read: Features,
                   package: str) -> ValueFeatures:
    spec = VALUE_FEATURES[game_id] = ValueFeatures(names, read, package)
    return spec


@dataclass(frozen=True)
class LearntValue:
    """Weights per player count, in the order of the features' names."""

    names: tuple[str, ...]
    weights: dict[int, tuple[float, ...]]

    def chance(self, players: int, x: Sequence[float]) -> float:
        """Side 0's chance of winning from features `x`."""
        weights = self.weights.get(players)
        if weights is None:
            raise DataError(f"no learnt weights for {players} players (ludo learn -p)")
        z = sum(w * v for w, v in zip(weights, x, strict=True))
        if z < -40.0:  # exp overflows far beyond any real position
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


def value_path(package: str) -> Path:
    return Path(str(resources.files(package).joinpath(VALUE_FILE)))


def read_value(package: str, names: Sequence[str]) -> LearntValue:
    """The shipped weights, or a DataError naming the file and what is wrong with it."""
    source = f"{package.replace('.', '/')}/{VALUE_FILE}"
    try:
        text = resources.files(package).joinpath(VALUE_FILE).read_text("utf-8")
    except OSError as exc:
        raise DataError(f"{source}: {exc}") from None
    return parse_value(text, source, names)


def parse_value(text: str, source: str, names: Sequence[str]) -> LearntValue:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DataError(f"{source}: {exc}") from None
    found = data.get("features") if isinstance(data, dict) else None
    if found != list(names):
        raise DataError(f"{source}: the features are {list(names)}, the file has {found}: "
                        "learn the weights again (ludo learn)")
    models = data.get("models")
    if not isinstance(models, dict) or not models:
        raise DataError(f"{source}: expected models by player count")
    weights: dict[int, tuple[float, ...]] = {}
    for players, model in models.items():
        if not players.isdigit():
            raise DataError(f"{source}: model {players!r}: a player count is a number")
        w = model.get("weights") if isinstance(model, dict) else None
        if (not isinstance(w, list) or len(w) != len(names)
                or not all(isinstance(v, (int, float)) and math.isfinite(v) for v in w)):
            raise DataError(f"{source}: model {players}: expected {len(names)} finite weights")
        weights[int(players)] = tuple(float(v) for v in w)
    return LearntValue(tuple(names), weights)


# -- learning -----------------------------------------------------------------------------
HOLD_OUT = 5  # every fifth game judges the fit


@dataclass
class Positions:
    x: list[list[float]]
    y: list[float]  # side 0's result: 1 won, 0.5 drawn, 0 lost
    shipped: list[float]  # side 0's chance by the win chances in use now
    game: list[int]  # the game each position comes from

    @property
    def held_out(self) -> list[bool]:
        return [g % HOLD_OUT == 0 for g in self.game]


def play_positions(game: Game, players: int, count: int, seed: int) -> Positions:
    """`count` games of `players` seats from seeded deals (the game's setups for that count in
    turn), played by its rollout policy; one position in three where the mover chooses."""
    load(game.id)
    spec = VALUE_FEATURES[game.id]
    policy = ROLLOUT_POLICIES[game.id]
    shipped = WIN_CHANCES[game.id]
    configs = [c for c in game.configs() if c.players == players]
    if not configs:
        counts = sorted({c.players for c in game.configs()})
        raise DataError(f"{game.id}: no setup of {players} players to learn from (setups of "
                        f"{', '.join(map(str, counts))} players)")
    out = Positions([], [], [], [])
    for i in range(count):
        config = configs[i % len(configs)]
        deal = derive_seed(seed, f"deal {i}")
        state = game.new(deal, players, config.options)
        rng = Rng(derive_seed(seed, f"play {i}"))
        first = len(out.y)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.randrange(3) == 0:
                out.x.append(spec.read(state))
                try:
                    out.shipped.append(float(shipped(state)[0]))
                except DataError:  # no weights shipped yet, or stale ones
                    out.shipped.append(math.nan)
            state._apply(seat, policy(state, seat, legal, rng))
        result = state.result()
        assert result is not None
        label = result.utility(0)
        out.y.extend([label] * (len(out.x) - first))
        out.game.extend([i] * (len(out.x) - first))
    return out


def fit(x: ArrayLike, y: ArrayLike, ridge: ArrayLike = 1e-3, steps: int = 25,
        start: ArrayLike | None = None) -> list[float]:
    """Logistic regression without intercept (the features are differences between the
    sides, so even sides make even chances) by Newton's method with an L2 ridge: one for
    every weight, or one per weight (0 leaves it free), from `start` (else zeros).
    A tuning bench pulls its weights towards hand-set ones this way, through a free column."""
    import numpy as np  # the lab's dependency (matplotlib brings it), not the bots'

    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    k = a.shape[1]
    w = np.zeros(k) if start is None else np.asarray(start, dtype=float).copy()
    penalty = np.broadcast_to(np.asarray(ridge, dtype=float), (k,))
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ w, -40.0, 40.0)))
        grad = a.T @ (p - b) / len(b) + penalty * w
        hess = (a * (p * (1.0 - p))[:, None]).T @ a / len(b) + np.diag(penalty)
        step = np.linalg.solve(hess + 1e-12 * np.eye(k), grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return [float(v) for v in w]


def log_loss(p: Sequence[float], y: Sequence[float]) -> float:
    total = 0.0
    for q, t in zip(p, y, strict=True):
        q = min(max(q, 1e-6), 1.0 - 1e-6)
        total -= t * math.log(q) + (1.0 - t) * math.log(1.0 - q)
    return total / len(y)


@dataclass(frozen=True)
class Learnt:
    players: int
    games: int
    seed: int
    positions: int
    weights: list[float]
    held_out: dict[str, float]  # log-loss of the held-out positions: learnt, shipped, constant
    accuracy: dict[str, float]  # share of held-out decided games whose winner each predicts

    def to_json(self) -> dict[str, object]:
        return {"games": self.games, "seed": self.seed, "positions": self.positions,
                "weights": [round(w, 6) for w in self.weights],
                "held_out_log_loss": {k: round(v, 4) for k, v in self.held_out.items()},
                "held_out_accuracy": {k: round(v, 4) for k, v in self.accuracy.items()}}


def learn(game_id: str, players: int, count: int, seed: int, ridge: float = 1e-3) -> Learnt:
    """Play, fit on the games kept for fitting, judge on the held-out ones, then fit on all."""
    game = games.get(game_id)
    load(game_id)
    if game_id not in VALUE_FEATURES:
        raise DataError(f"{game_id}: no learnt win chances (its bots register no features)")
    pos = play_positions(game, players, count, seed)
    held = pos.held_out
    if not any(held) or all(held):
        raise DataError(f"{count} games leave nothing to fit or to judge on: play at least 2")
    fit_idx = [i for i, h in enumerate(held) if not h]
    test_idx = [i for i, h in enumerate(held) if h]
    w = fit([pos.x[i] for i in fit_idx], [pos.y[i] for i in fit_idx], ridge)
    value = LearntValue(VALUE_FEATURES[game_id].names, {players: tuple(w)})
    y = [pos.y[i] for i in test_idx]
    base = sum(pos.y[i] for i in fit_idx) / len(fit_idx)
    guesses = {"learnt": [value.chance(players, pos.x[i]) for i in test_idx],
               "shipped": [pos.shipped[i] for i in test_idx],
               "constant": [base] * len(test_idx)}
    if any(math.isnan(p) for p in guesses["shipped"]):
        del guesses["shipped"]
    decided = [k for k, t in enumerate(y) if t != 0.5]
    accuracy = {name: sum((p[k] > 0.5) == (y[k] > 0.5) for k in decided) / max(1, len(decided))
                for name, p in guesses.items()}
    return Learnt(players, count, seed, len(pos.y), fit(pos.x, pos.y, ridge),
                  {name: log_loss(p, y) for name, p in guesses.items()}, accuracy)


def write_value(game_id: str, learnt: Sequence[Learnt], command: str,
                path: Path | None = None) -> Path:
    """Write (or update, per player count) the game's data/value.json, or `path`."""
    spec = VALUE_FEATURES[game_id]
    path = path or value_path(spec.package)
    models: dict[str, object] = {}
    if path.exists():
        try:
            old = json.loads(path.read_text("utf-8"))
        except ValueError:
            old = {}
        if isinstance(old, dict) and old.get("features") == list(spec.names):
            models.update(old.get("models") or {})
    for item in learnt:
        models[str(item.players)] = {"command": command, **item.to_json()}
    data = {"features": list(spec.names), "models": dict(sorted(models.items()))}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return path
