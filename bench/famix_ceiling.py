"""How far can a bot beat Moyen at FaMiX? The FaMiX search on the true pile, for issue 7.

    python bench/famix_ceiling.py [-n 200] [--seed 0] [--model short] [--fair]
                                  [--opponent moyen:time=0] [--player difficile:time=0]

Plays the ladder's games (`ludo arena mitix -o mode=famix --bots moyen:time=0,X -n N`:
game i on seed `--seed + i // 2`, each deal from both seats, Moyen's bot seeded as the
arena seeds it) against a *seeing* FaMiX search: it searches the true state (the real
resource pile, not a re-deal) to the end of the game, and with `--model short` (the default)
predicts Moyen's choices by Moyen's own reasoning (one combat ahead, replying to any legal
choice alike): close to the best reply to Moyen, though not a bound (the fair Difficile,
averaging up to 32 deals, scores as much on these games). Not a bot anyone
meets: it reads what a fair bot cannot. `--fair` plays the same search on re-dealt piles;
`--opponent random --model legal` measures the best reply to random play;
`--opponent os-ismcts:sims=300` the ceiling against OpenSpiel's IS-MCTS (issue 24), whose
arena row is `ludo arena mitix -o mode=famix --bots difficile:time=0,os-ismcts:sims=300`.
`--player SPEC` plays a bot spec (e.g. `difficile:time=0`) instead of the seeing search:
the arena's games exactly (`ludo arena mitix -o mode=famix --bots OPPONENT,SPEC -n N`),
with the split of the deals the arena does not print.

Prints the seeing bot's score with its 95% Wilson interval, and how the deals split: a deal
won from both seats, lost from both, or won only from one seat (the deal decided it).
Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import collections
import time

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.bots.base import Bot, seat_bots
from ludotheque.core import Seat, State, derive_seed
from ludotheque.core.stats import wilson
from ludotheque.games.mitix.bots import SHORT, FamixBot
from ludotheque.games.mitix.rules import MitixState
from ludotheque.sim.arena import Arena
from ludotheque.sim.runner import play_out


class SeeingFamixBot(FamixBot):
    """The FaMiX search on the true state: the real pile, nothing re-dealt."""

    def copy(self, state: State, seat: Seat) -> MitixState:
        assert isinstance(state, MitixState)
        return state.clone()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=200, help="games (two per deal)")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--model", default=SHORT, help="opponent model (short, legal, nash)")
    parser.add_argument("--eps", type=float, default=0.0, help="uniform noise in the model")
    parser.add_argument("--deals", type=int, default=2, help="pile deals (with --fair)")
    parser.add_argument("--fair", action="store_true", help="re-deal the pile (a fair bot)")
    parser.add_argument("--opponent", default="moyen:time=0", help="the opponent's bot spec")
    parser.add_argument("--player", default=None,
                        help="a bot spec played instead of the seeing search")
    parser.add_argument("--progress", action="store_true", help="print each game's result")
    args = parser.parse_args()
    game = games.get("mitix")
    # The arena's own schedule (seeds, seats), so these are the ladder's games exactly.
    player = args.player or "seeing"
    arena = Arena(game.id, 2, {"mode": "famix"}, (args.opponent, player), args.n, args.seed)
    options = game.options(arena.options, arena.players)
    per_deal: dict[int, list[float]] = collections.defaultdict(list)
    started = time.perf_counter()
    for index, seed, lineup in arena.schedule():
        specs = [arena.bots[b] for b in lineup]
        mine: Seat = specs.index(player)
        cls = FamixBot if args.fair else SeeingFamixBot
        # Seeded as the arena seeds them (`sim/arena.py`), so these are its games exactly.
        bots: list[Bot] = [
            cls(derive_seed("ceiling", seed, seat), deals=args.deals if args.fair else 1,
                rounds=None, model=args.model, eps=args.eps, name="seeing")
            if spec == "seeing" else make_bot(spec, derive_seed("arena", seed, seat, spec))
            for seat, spec in enumerate(specs)]
        seat_bots(bots, arena.players, options)  # OpenSpiel's bots learn the setup's encoding
        state = game.new(seed, 2, options)
        play_out(game, state, bots, specs, seed)
        result = state.result()
        assert result is not None
        per_deal[seed].append(result.utility(mine))
        if args.progress:
            print(f"game {index} seed {seed} seat {mine}: {result.utility(mine):g}", flush=True)
    score = sum(sum(v) for v in per_deal.values())
    low, high = wilson(score, args.n)
    kind = args.player or ("fair search" if args.fair else "seeing search")
    print(f"FaMiX, {kind} (model {args.model}, eps {args.eps}) against {args.opponent}: "
          f"{score:g} of {args.n} = {100 * score / args.n:.1f}% "
          f"({100 * low:.1f}% - {100 * high:.1f}%), {time.perf_counter() - started:.0f} s")
    split = collections.Counter(
        "both won" if sum(v) == 2 else "both lost" if sum(v) == 0 else "one of two"
        for v in per_deal.values() if len(v) == 2)
    print("deals (both seats played):", dict(split))


if __name__ == "__main__":
    main()
