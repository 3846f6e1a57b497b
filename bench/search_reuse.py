"""What search reuse between moves would give a level's MCTS (issue 24), measured before
building it.

    python bench/search_reuse.py diamagique [-n 6] [--nodes 100] [--level difficile]

Plays seeded 2-player games, the level on both seats at `--nodes` iterations a decision
(`LEVEL:time=0:nodes=N`, the bots seeded 2 * seed and 2 * seed + 1). After each decision it
keeps that seat's search tree; at the seat's next decision it follows the kept tree down by
the actions played since (the seat's own, then the others', each a child of the node before)
and counts the iterations the node reached holds for the seat: what a kept tree would bring
to the new search. A step the tree never explored (or a hidden choice keyed otherwise) ends
the walk: nothing is kept. Prints the mean over the decisions that had a kept tree, and in
how many nothing would be kept.

On 6 December 2026 (docs/bots.md, Diamagique at equal nodes): 6.6 of 100 iterations kept
on average (nothing in 240 of 375 decisions), `-n 6 --nodes 100`; 137.0 of 1,500 (nothing in
7 of 157), `-n 3 --nodes 1500`.
"""

from __future__ import annotations

import argparse
from typing import Any

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.bots.levels import LevelBot
from ludotheque.bots.mcts import MCTSBot
from ludotheque.core import Action, State


def recording(bot: MCTSBot, roots: list[Any]) -> None:
    """Makes `bot` put the root of each decision's tree in `roots` (an instance attribute
    over the class's `_iterate`: the search itself is unchanged)."""
    search = bot._iterate

    def first_root(root_state: State, seat: int, root: Any, *rest: Any) -> None:
        if not roots or roots[-1] is not root:
            roots.append(root)
        search(root_state, seat, root, *rest)

    bot._iterate = first_root  # type: ignore[method-assign,assignment]


def measure(game_id: str, count: int, nodes: int, level: str) -> tuple[list[int], int]:
    game = games.get(game_id)
    kept: list[int] = []
    for seed in range(count):
        state = game.new(seed, 2)
        inner: list[MCTSBot] = []
        roots: list[list[Any]] = [[], []]
        for seat in (0, 1):
            bot = make_bot(f"{level}:time=0:nodes={nodes}", seed * 2 + seat)
            assert isinstance(bot, LevelBot)
            search = bot.bot_for(game_id)
            assert isinstance(search, MCTSBot), f"{level} on {game_id} is not an MCTS"
            recording(search, roots[seat])
            inner.append(search)
        # seat -> the root of its last search and the steps played since (joint-action keys)
        trees: list[tuple[Any, list[tuple[Action, ...]]] | None] = [None, None]
        while not state.is_over():
            acting = state.to_act()
            assert len(acting) == 1, "a sequential game only"
            seat = acting[0]
            searched = len(state.legal_actions(seat)) > 1
            tree = trees[seat]
            if tree is not None and searched:
                node = tree[0]
                for key in tree[1]:
                    node = node.children.get(key) if node is not None else None
                stats = node.stats.get(seat, {}) if node is not None else {}
                kept.append(sum(int(entry[0]) for entry in stats.values()))
            before = len(roots[seat])
            action = inner[seat].choose(state, seat)
            for other in (0, 1):
                if trees[other] is not None:
                    trees[other][1].append((action,))  # type: ignore[index]
            if len(roots[seat]) > before:
                trees[seat] = (roots[seat][-1], [(action,)])
            state.apply(seat, action)
    return kept, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--games", type=int, default=6)
    parser.add_argument("--nodes", type=int, default=100)
    parser.add_argument("--level", default="difficile")
    args = parser.parse_args()
    kept, nodes = measure(args.game, args.games, args.nodes, args.level)
    mean = sum(kept) / len(kept) if kept else 0.0
    print(f"{args.game}, {args.level} at {nodes} iterations, {args.games} games: "
          f"{len(kept)} decisions with a kept tree; iterations it would hold: mean {mean:.1f} "
          f"of {nodes} ({mean / nodes:.1%}), nothing kept in {kept.count(0)}")


if __name__ == "__main__":
    main()
