"""Win chances learnt from play (bots/learn.py): learning, the shipped weights, their file."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ludotheque import games
from ludotheque.bots.common import WIN_CHANCES
from ludotheque.bots.knowledge import load
from ludotheque.bots.learn import (
    VALUE_FEATURES,
    LearntValue,
    fit,
    learn,
    parse_value,
    play_positions,
    value_path,
    write_value,
)
from ludotheque.core import Rng
from ludotheque.core.errors import DataError
from tests.test_cli import run

for _game in games.all_games():
    load(_game)
LEARNT = sorted(VALUE_FEATURES)


def test_the_games_that_learn_their_win_chances() -> None:
    # The games whose cut playouts end on win chances learnt from play (Diamagique's were
    # no stronger at equal nodes: docs/bots.md).
    assert LEARNT == ["mindbug"]


@pytest.mark.parametrize("game_id", LEARNT)
def test_the_shipped_weights_cover_every_player_count_and_match_the_features(
        game_id: str) -> None:
    spec = VALUE_FEATURES[game_id]
    model = spec.model  # a stale file (features renamed, added, removed) raises here
    counts = {c.players for c in games.get(game_id).configs()}
    assert set(model.weights) == counts
    # And it predicts: held-out games judged better than by a constant (see data/value.json).
    data = json.loads(value_path(spec.package).read_text("utf-8"))
    for players, entry in data["models"].items():
        losses = entry["held_out_log_loss"]
        assert losses["learnt"] < losses["constant"], players


@pytest.mark.parametrize("game_id", LEARNT)
def test_learning_beats_a_constant_on_held_out_games_and_repeats_from_its_seed(
        game_id: str) -> None:
    first = learn(game_id, 2, 150, seed=11)
    assert first.held_out["learnt"] < first.held_out["constant"]
    assert first.accuracy["learnt"] > 0.6
    assert learn(game_id, 2, 150, seed=11).weights == first.weights
    assert learn(game_id, 2, 150, seed=12).weights != first.weights


def test_fit_recovers_known_weights_and_a_ridge_of_zero_leaves_a_weight_free() -> None:
    # Results drawn from a known logistic model: the fit finds its weights back.
    rng = Rng(7)
    x = [[rng.random() * 4 - 2, rng.random() * 4 - 2] for _ in range(4000)]
    y = [1.0 if rng.random() < 1 / (1 + math.exp(-(1.5 * a - 0.5 * b))) else 0.0 for a, b in x]
    w = fit(x, y, ridge=0.0)
    assert abs(w[0] - 1.5) < 0.15 and abs(w[1] + 0.5) < 0.15
    # A heavy ridge on one weight only: it is pulled to 0, the other is still fitted (less
    # steep without its partner) (bench/mitan_tune.py pulls towards a prior this way, through
    # a free offset column).
    pulled = fit(x, y, ridge=[100.0, 0.0])
    assert abs(pulled[0]) < 0.05 and -0.45 < pulled[1] < -0.2
    pulled = fit(x, y, ridge=[0.0, 100.0])
    assert abs(pulled[1]) < 0.05 and abs(pulled[0] - w[0]) < 0.15
    assert fit(x, y, ridge=0.0, start=[1.5, -0.5]) == pytest.approx(w, abs=1e-6)


@pytest.mark.parametrize("game_id", LEARNT)
def test_positions_are_labelled_with_the_result_and_features_are_side_0_less_side_1(
        game_id: str) -> None:
    game = games.get(game_id)
    pos = play_positions(game, 2, 20, seed=3)
    assert len(pos.x) == len(pos.y) == len(pos.shipped) == len(pos.held_out) > 20
    assert set(pos.y) <= {0.0, 0.5, 1.0}
    assert all(len(x) == len(VALUE_FEATURES[game_id].names) for x in pos.x)
    assert all(math.isfinite(v) for x in pos.x for v in x)
    # At the start both sides are alike but for whose turn it is: the chances are near even.
    state = game.new(5)
    p = WIN_CHANCES[game_id](state)
    assert p[0] + p[1] == pytest.approx(1.0)
    assert 0.3 < p[0] < 0.7


def test_a_broken_or_stale_weights_file_is_named_with_what_is_wrong() -> None:
    names = ("a", "b")
    good = {"features": ["a", "b"], "models": {"2": {"weights": [0.5, -1]}}}
    value = parse_value(json.dumps(good), "x/value.json", names)
    assert value == LearntValue(names, {2: (0.5, -1.0)})
    assert value.chance(2, [2.0, 1.0]) == pytest.approx(0.5)
    with pytest.raises(DataError, match="no learnt weights for 4 players"):
        value.chance(4, [0.0, 0.0])
    bad = [
        ("{", "x/value.json"),
        (json.dumps({**good, "features": ["a"]}), "learn the weights again"),
        (json.dumps({**good, "models": {}}), "expected models by player count"),
        (json.dumps({**good, "models": {"two": {"weights": [1, 2]}}}), "a player count"),
        (json.dumps({**good, "models": {"2": {"weights": [1]}}}), "2 finite weights"),
        (json.dumps({**good, "models": {"2": {"weights": [1, "x"]}}}), "2 finite weights"),
        ('{"features": ["a", "b"], "models": {"2": {"weights": [1, NaN]}}}', "finite"),
    ]
    for text, message in bad:
        with pytest.raises(DataError, match=message):
            parse_value(text, "x/value.json", names)


def test_written_weights_read_back_and_keep_the_other_player_counts(tmp_path: Path) -> None:
    path = tmp_path / "value.json"
    names = VALUE_FEATURES["mindbug"].names
    two = learn("mindbug", 2, 30, seed=1)
    write_value("mindbug", [two], "ludo learn mindbug -n 30 --seed 1", path)
    four = learn("mindbug", 4, 10, seed=1)
    write_value("mindbug", [four], "ludo learn mindbug -n 10 --seed 1 -p 4", path)
    value = parse_value(path.read_text(), str(path), names)
    assert value.weights[2] == pytest.approx(two.weights, abs=1e-6)
    assert value.weights[4] == pytest.approx(four.weights, abs=1e-6)
    entry = json.loads(path.read_text())["models"]["2"]
    assert entry["command"] == "ludo learn mindbug -n 30 --seed 1"
    assert entry["games"] == 30 and entry["positions"] == two.positions


def test_the_learn_command_reports_held_out_losses_and_refuses_bad_input() -> None:
    code, out = run("learn", "mindbug", "-n", "20", "-p", "2")
    assert code == 0, out
    assert "2 players:" in out and "held-out log-loss: learnt" in out and "constant" in out
    code, out = run("learn", "mitan", "-n", "20")
    assert code == 1 and "no learnt win chances" in out
    code, out = run("learn", "mindbug", "-n", "3")
    assert code == 1 and "at least 5" in out
    code, out = run("learn", "mindbug", "-n", "20", "-p", "3")
    assert code == 1 and "players" in out
