"""How fast the bots think: time per decision and nodes per second, per game and bot.

    python bench/bots.py [GAME ...] [--bots facile,moyen,difficile] [--positions 20]

Positions are taken from seeded random games (every few actions). For each bot spec the
figures are the mean and the longest decision time, and the mean number of search nodes
(MCTS iterations or alpha-beta nodes) when the bot reports it. With the levels' time budgets
on, the longest decision shows whether a level keeps its promise (0.2 s, 1 s, 3 s); with
`:time=0` the mean shows what its node budget costs on this machine.
Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.core import Config, Game, Rng, State


def positions(game: Game, config: Config, count: int, seed: int) -> list[tuple[State, int]]:
    """Up to `count` decisions with a real choice (none for a setup without decisions)."""
    rng = Rng(seed)
    out: list[tuple[State, int]] = []
    for g in range(50):
        if len(out) >= count:
            break
        state = game.new(seed + g, config.players, config.options)
        step = 0
        while not state.is_over() and len(out) < count:
            seat = state.to_act()[0]
            if step % 7 == 3 and len(state.legal_actions(seat)) > 1:
                out.append((state.clone(), seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    return out


def nodes_of(bot: object) -> int | None:
    inner = getattr(bot, "_bots", None)
    if isinstance(inner, dict) and inner:
        bot = next(iter(inner.values()))
    for name in ("last_iterations", "last_nodes"):
        value = getattr(bot, name, None)
        if isinstance(value, int):
            return value
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--bots", default="facile,moyen,difficile",
                        help="bot specs, comma-separated")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--setups", type=int, default=2, help="setups per game (configs())")
    args = parser.parse_args()
    chosen = [games.get(g) for g in args.games] or games.all_games()
    specs = [s for s in args.bots.split(",") if s]
    print(f"{'game':<12} {'setup':<14} {'bot':<22} {'mean s':>8} {'max s':>8} {'nodes':>8} "
          f"{'nodes/s':>9}")
    for game in chosen:
        for config in list(game.configs())[:args.setups]:
            points = positions(game, config, args.positions, args.seed)
            if points:
                run(game.id, config.label[:14], points, specs, args.seed)


def run(game_id: str, label: str, points: list[tuple[State, int]], specs: list[str],
        seed: int) -> None:
    for spec in specs:
        bot = make_bot(spec, seed)
        times: list[float] = []
        nodes: list[int] = []
        for state, seat in points:
            started = time.perf_counter()
            bot.choose(state, seat)
            times.append(time.perf_counter() - started)
            n = nodes_of(bot)
            if n is not None:
                nodes.append(n)
        mean_nodes = statistics.mean(nodes) if nodes else float("nan")
        rate = sum(nodes) / sum(times) if nodes and sum(times) else float("nan")
        print(f"{game_id:<12} {label:<14} {spec:<22} {statistics.mean(times):>8.3f} "
              f"{max(times):>8.3f} {mean_nodes:>8.0f} {rate:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
