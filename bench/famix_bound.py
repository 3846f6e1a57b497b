"""What any bot can score at FaMiX, computed exactly on the arena's deals (issue 24).

    python bench/famix_bound.py [-n 100] [--seed 0] [--reach]

A FaMiX deal (`ludo arena mitix -o mode=famix`: the arena's game 2i and 2i+1 are seed
`--seed + i` from both seats) has a small game tree once the resource pile is known: a few
thousand positions with transpositions. This walks the whole tree of each deal, reading the
true pile (and the reshuffles the state's own generator will make, MX-20), and prints:

- the **best reply to random play**: the exact expected score of the best strategy, from each
  seat, against an opponent who picks each legal action alike (at the secret simultaneous
  choices, MX-17 and MX-22, the strategy does not see the opponent's choice; everywhere else
  it reads everything, the pile included). No bot, fair or not, scores more than this against
  random play on these deals: a bound for a bot that must beat an opponent close to chance.
- with `--reach`, which results (seat 0 wins, seat 1 wins, draw) some play of both players
  reaches: a deal with one result is decided whatever anyone does.

Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Hashable

from ludotheque import games
from ludotheque.games.mitix.rules import MitixState

GAME = games.get("mitix")


def key(state: MitixState) -> Hashable:
    """Everything of the state that the rest of the game depends on. Left out: the Enfers,
    the rounds' count and the views' memory (`last`, `shown`), which no rule reads again, and
    the Vivants but for their count and printed Bios, all the result reads (MX-24)."""
    bios = state.cards.bios
    return (repr(state.rng.to_json()), tuple(map(tuple, state.areopage)),
            tuple(map(tuple, state.olympe)),
            tuple((len(v), sum(bios[c] for c in v)) for v in state.vivants), state.phase,
            tuple(state.pending), tuple(map(tuple, state.engaged)), state.in_bataille,
            tuple(tuple(map(tuple, side)) for side in state.resources), tuple(state.pile),
            tuple(state.used), tuple(map(tuple, state.to_place)))


def score(state: MitixState, me: int) -> float:
    result = state.result()
    assert result is not None
    mine, theirs = result.ranks[me], result.ranks[1 - me]
    return 0.5 if mine == theirs else float(mine < theirs)


def best_reply(state: MitixState, me: int, memo: dict[Hashable, float]) -> float:
    """The best expected score of seat `me` against uniform random legal play."""
    if state.is_over():
        return score(state, me)
    k = key(state)
    if k in memo:
        return memo[k]
    actors = state.to_act()
    if len(actors) == 2:
        # Both choose in secret (MX-17, MX-22): my choice is made without seeing theirs.
        theirs = state.legal_actions(1 - me)
        value = -1.0
        for a in state.legal_actions(me):
            total = 0.0
            for b in theirs:
                child = state.clone()
                child.apply(me, a)
                child.apply(1 - me, b)
                total += best_reply(child, me, memo)
            value = max(value, total / len(theirs))
    else:
        seat = actors[0]
        values = []
        for a in state.legal_actions(seat):
            child = state.clone()
            child.apply(seat, a)
            values.append(best_reply(child, me, memo))
        value = max(values) if seat == me else sum(values) / len(values)
    memo[k] = value
    return value


def reach(state: MitixState, memo: dict[Hashable, int]) -> int:
    """The results some play reaches, as bits: 1 seat 0 wins, 2 seat 1 wins, 4 a draw."""
    if state.is_over():
        result = state.result()
        assert result is not None
        r0, r1 = result.ranks
        return 4 if r0 == r1 else 1 if r0 < r1 else 2
    k = key(state)
    if k in memo:
        return memo[k]
    seat = state.to_act()[0]
    bits = 0
    for a in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, a)
        bits |= reach(child, memo)
    memo[k] = bits
    return bits


def deal(seed: int) -> MitixState:
    state = GAME.new(seed, 2, GAME.options({"mode": "famix"}, 2))
    assert isinstance(state, MitixState)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="deals (each from both seats)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--reach", action="store_true",
                        help="also list the results some play reaches")
    args = parser.parse_args()
    sys.setrecursionlimit(20_000)
    per_deal: list[float] = []
    reached, started = Counter[str](), time.perf_counter()
    for seed in range(args.seed, args.seed + args.n):
        state = deal(seed)
        v0, v1 = best_reply(state, 0, {}), best_reply(state.clone(), 1, {})
        per_deal.append((v0 + v1) / 2)
        line = f"deal {seed}: best reply {v0:.3f} from seat 0, {v1:.3f} from seat 1"
        if args.reach:
            bits = reach(state, {})
            names = [n for b, n in ((1, "seat 0"), (2, "seat 1"), (4, "draw")) if bits & b]
            reached["decided" if len(names) == 1 else "open"] += 1
            line += f"; reachable: {', '.join(names)}"
        print(line, flush=True)
    mean = statistics.fmean(per_deal)
    # The deals are a sample of the arena's: a normal interval over the deals' means.
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if args.n > 1 else 0.0
    print(f"\n{args.n} deals (seeds {args.seed} to {args.seed + args.n - 1}), "
          f"{time.perf_counter() - started:.0f} s")
    print(f"best reply to random play, reading the pile: {100 * mean:.1f}% of the points "
          f"over {2 * args.n} games (exact on these deals; 95% interval for deals like them: "
          f"{100 * (mean - half):.1f}% - {100 * (mean + half):.1f}%)")
    if args.reach:
        print(f"deals decided whatever anyone plays: {reached['decided']} of {args.n}")


if __name__ == "__main__":
    main()
