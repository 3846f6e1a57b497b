"""How far can a bot beat Moyen at FaMiX? The FaMiX search on the true pile, for issue 7.

    python bench/famix_ceiling.py [-n 200] [--seed 0] [--model short] [--fair]
                                  [--opponent moyen:time=0] [--player difficile:time=0]
                                  [--watch] [--variants] [--progress]

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
with the split of the deals the arena does not print. With `--player`, `--watch` asks at each
of the player's secret combatant choices between two FaMiX or more which family the opponent
models would name (`short`, Difficile's; the best reply to a random legal or sensible
opponent to the end of the game, on 6 deals) against the one it sent, and chance's share;
`--variants` (the player a level, e.g. `difficile:time=0`) counts the decisions and games in
which the same search with another opponent model (`eps` 0.3, 0.5, `uniform`, `legal`)
would have chosen otherwise: a variant's games differ from the player's only there.

Prints the seeing bot's score with its 95% Wilson interval, and how the deals split: a deal
won from both seats, lost from both, or won only from one seat (the deal decided it).
Benchmarks print figures; no test asserts one.
"""

from __future__ import annotations

import argparse
import collections
import copy
import time
from collections import Counter

from ludotheque import games
from ludotheque.bots import make_bot
from ludotheque.bots.base import Bot, seat_bots
from ludotheque.bots.common import sample
from ludotheque.bots.levels import LevelBot
from ludotheque.core import Action, Options, Rng, Seat, State, derive_seed
from ludotheque.core.stats import wilson
from ludotheque.games.mitix.bots import (
    LEGAL,
    SHORT,
    UNIFORM,
    FamixBot,
    Matrix,
    Search,
    _add,
    _columns,
    _level1,
    sensible,
)
from ludotheque.games.mitix.notation import Send
from ludotheque.games.mitix.rules import NO_CHOICE, SEND, MitixState
from ludotheque.sim.arena import Arena
from ludotheque.sim.runner import play_out


class SeeingFamixBot(FamixBot):
    """The FaMiX search on the true state: the real pile, nothing re-dealt."""

    def copy(self, state: State, seat: Seat) -> MitixState:
        assert isinstance(state, MitixState)
        return state.clone()


def _family(state: MitixState, action: Action) -> int:
    assert isinstance(action, Send)
    return state.cards.famille[state.cards.index[action.card]]


class Watcher:
    """A bot's seat watched: which family each model of it names at its combatant choices."""

    def __init__(self, bot: Bot, counts: Counter[str]) -> None:
        self.bot, self.name, self.counts = bot, bot.name, counts
        self.rng = Rng(7)  # the models' own deals, apart from the bots' generators

    def sit(self, players: int, options: Options) -> None:
        seat_bots([self.bot], players, options)

    def choose(self, state: State, seat: Seat) -> Action:
        action = self.bot.choose(state, seat)
        if not (isinstance(state, MitixState) and state.phase == SEND
                and state.pending[seat] == NO_CHOICE):
            return action
        first = sample(state, seat, self.rng)
        assert isinstance(first, MitixState)
        first.reopen_secret_choices(seat)
        mine = sensible(first, seat)
        if len(mine) < 2:
            return action
        sent = [_family(state, a) for a in mine].index(_family(state, action))
        # The models as the other seat's searches see this seat: its rows, its values.
        predictions = {"short": Search(1, seat, LEGAL).matrix(first, 0)}
        deep: Matrix = []
        deep_uniform: Matrix = []
        for k in range(6):
            deal = first if k == 0 else sample(state, seat, self.rng)
            assert isinstance(deal, MitixState)
            deal.reopen_secret_choices(seat)
            deep = _add(deep, Search(None, seat, LEGAL).matrix(deal, 0))
            deep_uniform = _add(deep_uniform, Search(None, seat, UNIFORM).matrix(deal, 0))
        predictions["to the end, legal"] = deep
        predictions["to the end, uniform"] = deep_uniform
        self.counts["choices"] += 1
        self.counts["chance (expected)"] += 1 / len(mine)  # type: ignore[assignment]
        for name, m in predictions.items():
            q = _level1(_columns(m, seat), 0.0)
            self.counts[name] += q.index(max(q)) == sent
        return action


VARIANTS: dict[str, dict[str, object]] = {
    "eps 0.3": {"eps": 0.3}, "eps 0.5": {"eps": 0.5}, "uniform": {"model": UNIFORM},
    "legal": {"model": LEGAL}}


class Variants:
    """A level's FaMiX bot, and what its search with other opponent models would choose
    on the same deals (a copy with the same generator) at each of its decisions."""

    def __init__(self, bot: Bot, counts: Counter[str]) -> None:
        assert isinstance(bot, LevelBot)
        self.bot, self.name, self.counts = bot, bot.name, counts
        self.differed: set[str] = set()

    def choose(self, state: State, seat: Seat) -> Action:
        inner = self.bot.bot_for("mitix")
        others: dict[str, Action] = {}
        if len(state.legal_actions(seat)) > 1:
            for name, knobs in VARIANTS.items():
                variant = copy.deepcopy(inner)
                for key, value in knobs.items():
                    setattr(variant, key, value)
                others[name] = variant.choose(state, seat)
        action = self.bot.choose(state, seat)
        if others:
            self.counts["decisions"] += 1
        for name, other in others.items():
            same = (_family(state, other) == _family(state, action)  # type: ignore[arg-type]
                    if isinstance(action, Send) else other == action)
            if not same:
                self.counts[f"decisions, {name}"] += 1
                self.differed.add(name)
        return action


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
    parser.add_argument("--watch", action="store_true",
                        help="how the opponent models predict the player's combatants")
    parser.add_argument("--variants", action="store_true",
                        help="where other opponent models would change the player's choices")
    args = parser.parse_args()
    game = games.get("mitix")
    # The arena's own schedule (seeds, seats), so these are the ladder's games exactly.
    player = args.player or "seeing"
    arena = Arena(game.id, 2, {"mode": "famix"}, (args.opponent, player), args.n, args.seed)
    options = game.options(arena.options, arena.players)
    per_deal: dict[int, list[float]] = collections.defaultdict(list)
    counts: Counter[str] = Counter()
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
        spy: Variants | None = None
        if args.watch:
            bots[mine] = Watcher(bots[mine], counts)
        elif args.variants:
            bots[mine] = spy = Variants(bots[mine], counts)
        seat_bots(bots, arena.players, options)  # OpenSpiel's bots learn the setup's encoding
        state = game.new(seed, 2, options)
        play_out(game, state, bots, specs, seed)
        result = state.result()
        assert result is not None
        per_deal[seed].append(result.utility(mine))
        for name in spy.differed if spy else ():
            counts[f"games, {name}"] += 1
        if args.progress:
            print(f"game {index} seed {seed} seat {mine}: {result.utility(mine):g}", flush=True)
    score = sum(sum(v) for v in per_deal.values())
    low, high = wilson(score, args.n)
    kind = args.player or (f"{'fair' if args.fair else 'seeing'} search "
                           f"(model {args.model}, eps {args.eps})")
    print(f"FaMiX, {kind} against {args.opponent}: "
          f"{score:g} of {args.n} = {100 * score / args.n:.1f}% "
          f"({100 * low:.1f}% - {100 * high:.1f}%), {time.perf_counter() - started:.0f} s")
    split = collections.Counter(
        "both won" if sum(v) == 2 else "both lost" if sum(v) == 0 else "one of two"
        for v in per_deal.values() if len(v) == 2)
    print("deals (both seats played):", dict(split))
    if counts:
        print({k: round(v, 2) for k, v in sorted(counts.items())})


if __name__ == "__main__":
    main()
