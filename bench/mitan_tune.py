"""Mitan's evaluation weights learnt from play (Texel tuning), and the checks that they help.

    .venv/bin/python bench/mitan_tune.py tune -n 500 -j 2 --nodes 300 [--cache F] [--write]
    .venv/bin/python bench/mitan_tune.py arena -n 200 -j 2 [--nodes 1000] [--json FILE|-]
    .venv/bin/python bench/mitan_tune.py speed [--values rough|learnt]

`tune` plays seeded games between two alpha-beta bots with the rough evaluation (the values of
pieces.toml, the hand-set weights of games/mitan/bots.py), the draft and the placement partly at
random so that armies and positions vary, keeps the quiet battle positions (the side to move
has no capture or shot) with the game's result, and fits the evaluation's weights (each market
piece's value, Mitans held, streak, centre points, closeness, protection, paralysis, mobility)
so that a logistic of the evaluation predicts the results best, with a ridge towards the rough
evaluation. Games with seed divisible by 5 are held out: the log-loss is reported on the
positions fitted and on those held out, for the rough evaluation (its logistic scale fitted
alone) and the learnt one. `--write` writes src/ludotheque/games/mitan/data/bot_values.toml.

`arena` plays the learnt weights against the rough ones (same alpha-beta with the same draft
and placement strategies, same node budget, seats alternated, each deal from both seats)
through the project's arena, like `ludo arena`.

`speed` prints alpha-beta nodes per second of CPU on a fixed set of battle positions
(Difficile's 10,000 nodes), to check the evaluation stays cheap.
Everything is seeded: the same command gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ludotheque.bots import learn
from ludotheque.bots.base import Bot, parse_spec, register_tunable_bot
from ludotheque.bots.budget import Budget
from ludotheque.bots.learn import log_loss
from ludotheque.core import derive_seed
from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanState
from ludotheque.games.mitan import bots as mitan_bots
from ludotheque.games.mitan.board import CODES, MARKET_KINDS
from ludotheque.games.mitan.notation import CAPTURE, SHOT
from ludotheque.games.mitan.pieces import piece
from ludotheque.games.mitan.rules import BATTLE, DRAFT, PLACEMENT
from ludotheque.sim.arena import Arena, play_all, summarise

ROOT = Path(__file__).resolve().parent.parent
VALUES_PATH = ROOT / "src" / "ludotheque" / "games" / "mitan" / mitan_bots.VALUES_FILE
_D3 = 81 * 81 * 14
RANDOM_PICK, RANDOM_PLACE, RANDOM_OPENING = 0.3, 0.3, 0.1  # chances of a random choice
OPENING_PLIES = 6  # battle plies that may be random; positions are kept after them
HOLDOUT = 5  # games with seed % HOLDOUT == 0 are held out


# -- playing and collecting ---------------------------------------------------------------------
def _quiet(state: MitanState) -> bool:
    seat = state.to_act()[0]
    return not any(isinstance(a, int) and a // _D3 in (CAPTURE, SHOT)
                   for a in state.legal_actions(seat))


def features(state: MitanState) -> list[float]:
    """White's terms of the evaluation minus Black's (`games/mitan/bots.py: terms`)."""
    white, black = mitan_bots.terms(state)
    return [w - b for w, b in zip(white, black, strict=True)]


def play_collect(task: tuple[int, int]) -> tuple[int, float, list[list[float]]]:
    """One seeded game between rough-valued alpha-beta bots: (seed, White's score, rows)."""
    seed, nodes = task
    rng = Rng(derive_seed("mitan-tune", seed))
    bots = [mitan_bots.MitanAlphaBeta(derive_seed("mitan-tune", seed, s), Budget(nodes=nodes),
                                      mitan_bots.ROUGH) for s in (0, 1)]
    state = GAME.new(seed)
    assert isinstance(state, MitanState)
    rows: list[list[float]] = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        chance = (RANDOM_PICK if state.phase == DRAFT else RANDOM_PLACE
                  if state.phase == PLACEMENT else RANDOM_OPENING if state.ply < OPENING_PLIES
                  else 0.0)
        action = rng.choice(legal) if rng.random() < chance else bots[seat].choose(state, seat)
        state.apply(seat, action)
        if state.phase == BATTLE and state.ply >= OPENING_PLIES and _quiet(state):
            rows.append(features(state))
    result = state.result()
    assert result is not None
    return seed, result.utility(0), rows


# -- fitting ------------------------------------------------------------------------------------
def _log_loss(logits: np.ndarray, y: np.ndarray) -> float:
    return log_loss(list(1.0 / (1.0 + np.exp(-np.clip(logits, -30, 30)))), list(y))


ROUGH_VECTOR = np.array(mitan_bots.ROUGH.weights())
NAMES = [piece(k).name for k in MARKET_KINDS] + [
    "mitan_held", "streak", "point", "centre", "protected", "paralysed", "mobility"]


def fit(x: np.ndarray, y: np.ndarray, prior: float) -> tuple[float, np.ndarray]:
    """(the rough evaluation's logistic scale, the learnt weights in its units).

    Rough: P(White wins) = logistic(scale * rough weights . terms), the scale fitted alone.
    Learnt: logistic(theta . terms), every weight fitted (Texel tuning), with a ridge
    prior * |theta - scale * rough weights|^2 (in positions' worth of log-loss) towards the
    rough evaluation; written as theta / scale, in the rough evaluation's units."""
    scale = learn.fit((x @ ROUGH_VECTOR)[:, None], y, ridge=0.0, steps=100)[0]
    centre = scale * ROUGH_VECTOR
    # Shift to fit the difference from the rough model: theta = centre + delta, ridge on delta
    # (its gradient 2 prior delta / n), the offset column free and starting at 1.
    offset = x @ centre
    design = np.concatenate([x, offset[:, None]], axis=1)
    ridge = [2 * prior / len(y)] * x.shape[1] + [0.0]
    delta = np.array(learn.fit(design, y, ridge=ridge, steps=100,
                               start=[0.0] * x.shape[1] + [1.0]))
    # The offset column's weight stays near 1; fold it back into the weights.
    theta = delta[:-1] + delta[-1] * centre
    return scale, np.clip(theta / scale, 0.0, 100.0)


def _log_loss_of(weights: np.ndarray, scale: float, x: np.ndarray, y: np.ndarray) -> float:
    return _log_loss(scale * (x @ weights), y)


def write_values(path: Path, learnt: np.ndarray, tuning: dict[str, object]) -> None:
    lines = [
        "# Mitan evaluation weights for the bots, learnt from play (Texel tuning) by",
        "# bench/mitan_tune.py: do not edit by hand, run the command below again.",
        "# In the rough evaluation's units (pieces.toml's values: a Fantassin is 1).",
        "[tuning]",
    ]
    for k, v in tuning.items():
        lines.append(f"{k} = {json.dumps(v, ensure_ascii=False)}")
    lines += ["", "[weights]"]
    for name, w in zip(NAMES[12:], learnt[12:], strict=True):
        lines.append(f"{name} = {w:.4f}")
    for i, kind in enumerate(MARKET_KINDS):
        lines += ["", "[[piece]]", f'code = "{CODES[kind]}"', f'name = "{piece(kind).name}"',
                  f"value = {learnt[i]:.3f}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def tune(args: argparse.Namespace) -> None:
    began = time.time()
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        games = [(int(seed), float(score), rows)
                 for seed, score, rows in json.loads(cache.read_text(encoding="utf-8"))]
    else:
        tasks = [(seed, args.nodes) for seed in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(play_collect, tasks, chunksize=1))
        if cache is not None:
            cache.write_text(json.dumps(games), encoding="utf-8")
    train_x: list[list[float]] = []
    train_y: list[float] = []
    test_x: list[list[float]] = []
    test_y: list[float] = []
    for seed, score, rows in games:
        xs, ys = (test_x, test_y) if seed % HOLDOUT == 0 else (train_x, train_y)
        xs.extend(rows)
        ys.extend([score] * len(rows))
    xtr, ytr = np.array(train_x), np.array(train_y)
    xte, yte = np.array(test_x), np.array(test_y)
    scale, learnt = fit(xtr, ytr, args.prior)
    figures = {
        "games": args.games,
        "positions": len(ytr) + len(yte),
        "positions_fitted": len(ytr),
        "positions_held_out": len(yte),
        "white_score": round(float(np.mean([g[1] for g in games])), 3),
        "log_loss_rough_fitted": round(_log_loss_of(ROUGH_VECTOR, scale, xtr, ytr), 4),
        "log_loss_learnt_fitted": round(_log_loss_of(learnt, scale, xtr, ytr), 4),
        "log_loss_rough_held_out": round(_log_loss_of(ROUGH_VECTOR, scale, xte, yte), 4),
        "log_loss_learnt_held_out": round(_log_loss_of(learnt, scale, xte, yte), 4),
        "scale": round(scale, 4),
        "weights": {name: [round(float(r), 3), round(float(w), 3)]
                    for name, r, w in zip(NAMES, ROUGH_VECTOR, learnt, strict=True)},
        "seconds": round(time.time() - began, 1),
    }
    print(json.dumps(figures, indent=1, ensure_ascii=False))
    if args.write:
        command = (f"python bench/mitan_tune.py tune -n {args.games} --nodes {args.nodes} "
                   f"--prior {args.prior} --write")
        write_values(VALUES_PATH, learnt, {
            "command": command, "games": args.games, "positions": len(ytr) + len(yte),
            "log_loss_rough": figures["log_loss_rough_held_out"],
            "log_loss_learnt": figures["log_loss_learnt_held_out"]})
        print(f"wrote {VALUES_PATH}", file=sys.stderr)


# -- the arena: learnt against rough ------------------------------------------------------------
def _valued_bot(values_of: str) -> object:
    def make(seed: int, knobs: dict[str, str]) -> Bot:
        values = mitan_bots.ROUGH if values_of == "rough" else mitan_bots.learnt_values()
        return mitan_bots.MitanAlphaBeta(seed, Budget(nodes=int(knobs.get("nodes", "1000"))),
                                         values, name=f"mitan-{values_of}")

    return make


register_tunable_bot("mitan-rough", _valued_bot("rough"))  # type: ignore[arg-type]
register_tunable_bot("mitan-learnt", _valued_bot("learnt"))  # type: ignore[arg-type]


def arena(args: argparse.Namespace) -> None:
    specs = (f"mitan-rough:nodes={args.nodes}", f"mitan-learnt:nodes={args.nodes}")
    for spec in specs:
        parse_spec(spec)
    setup = Arena("mitan", 2, {}, specs, args.games, args.seed)
    began = time.time()
    played = list(play_all(setup, args.jobs))
    summary = summarise(setup, played, time.time() - began)
    text = json.dumps(summary, indent=1, ensure_ascii=False)
    if args.json == "-":
        print(text)
    elif args.json:
        Path(args.json).write_text(text, encoding="utf-8")
    results = summary["results"]
    assert isinstance(results, list)
    for r in results:
        assert isinstance(r, dict)
        print(f"{r['bot']}: {r['score']} of {r['games_played']}, win rate {r['win_rate']}, "
              f"95% {r['ci95']}", file=sys.stderr)


# -- speed --------------------------------------------------------------------------------------
def speed_positions(n: int = 12) -> list[MitanState]:
    """Battle positions after random drafts and placements and 6 random plies (seeded)."""
    rng = Rng(7)
    out = []
    for s in range(n):
        r = Rng(100 + s)
        state = GAME.new(100 + s)
        assert isinstance(state, MitanState)
        while state.phase < BATTLE:
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)))
        for _ in range(6):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over():
            out.append(state)
    return out


def speed(args: argparse.Namespace) -> None:
    values = mitan_bots.ROUGH if args.values == "rough" else mitan_bots.learnt_values()
    positions = speed_positions()
    bot = mitan_bots.MitanAlphaBeta(0, Budget(nodes=10_000), values)
    nodes = 0
    began = time.process_time()
    for state in positions:
        bot.choose(state, state.to_act()[0])
        nodes += bot.last_nodes
    seconds = time.process_time() - began
    print(f"{len(positions)} positions, {nodes} nodes, {seconds:.2f} s CPU, "
          f"{nodes / seconds:,.0f} nodes/s ({args.values} values)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tune")
    t.add_argument("-n", "--games", type=int, default=240)
    t.add_argument("-j", "--jobs", type=int, default=2)
    t.add_argument("--nodes", type=int, default=1000)
    t.add_argument("--prior", type=float, default=100.0,
                   help="pull towards the rough evaluation, in positions' worth of log-loss")
    t.add_argument("--write", action="store_true")
    t.add_argument("--cache", default="",
                   help="a JSON file for the games' positions: read if it exists, else written")
    a = sub.add_parser("arena")
    a.add_argument("-n", "--games", type=int, default=200)
    a.add_argument("-j", "--jobs", type=int, default=2)
    a.add_argument("--nodes", type=int, default=1000)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--json", default="")
    s = sub.add_parser("speed")
    s.add_argument("--values", choices=("rough", "learnt"), default="learnt")
    args = parser.parse_args()
    {"tune": tune, "arena": arena, "speed": speed}[args.command](args)


if __name__ == "__main__":
    main()
