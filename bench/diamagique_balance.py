"""Balance of Diamagique's ready-made decks: each deck against each other, many seeded games.

    python bench/diamagique_balance.py [--games 400] [--policy greedy|random] [--out FILE]

Both decks play each seat equally often. The greedy policy casts, at each of its turns, the
Sort and Magicien that give the best current difference of totals, computed with the engine's
own modifier pipeline on a determinization of what it may see (no peeking at hidden cards).
Draws count half. Confidence intervals are Wilson score intervals at 95%.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ludotheque.core import Action, Rng, derive_seed
from ludotheque.core.stats import wilson
from ludotheque.games import get
from ludotheque.games.diamagique import DiamagiqueOptions
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.effects import Cast, Table, resolve
from ludotheque.games.diamagique.notation import Defausser, Lancer, Poser
from ludotheque.games.diamagique.rules import DEFI, DIAMAGIQUE, DiamagiqueState

GAME = get("diamagique")


def greedy(state: DiamagiqueState, seat: int, rng: Rng) -> Action:
    legal = state.legal_actions(seat)
    if state.phase == DEFI:
        seen = state.determinize(seat, rng)  # hidden cards re-dealt: no peeking
        base = seen.table()
        best: list[Action] = []
        best_score = -10**9
        for action in legal:
            assert isinstance(action, Lancer)
            cast = Cast(seat, action.position, CARDS.sorts[action.sort], len(base.casts))
            table = Table(base.active, base.chateau, base.magiciens, (*base.casts, cast),
                          base.held)
            totals = resolve(table).totals
            score = totals[seat] - totals[1 - seat]
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return rng.choice(best)
    if state.phase == DIAMAGIQUE:
        wizards = state.table().magiciens[seat]
        for position, wizard in enumerate(wizards):
            effet = wizard.effet
            if (effet.source == "diamagiques_magicien"
                    or effet.si.diamagiques_couleur is not None):
                return Poser(position)
        return Poser(0)
    if all(isinstance(a, Defausser) for a in legal):
        return min(legal, key=lambda a: CARDS.sorts[a.sort].puissance)  # type: ignore[attr-defined]
    return rng.choice(legal)


def play(deck_a: str, deck_b: str, seed: int, policy: str) -> float:
    """The score of deck_a (seat 0): 1 win, 0.5 draw, 0 loss."""
    state = GAME.new(seed, 2, DiamagiqueOptions(decks=(deck_a, deck_b)))
    assert isinstance(state, DiamagiqueState)
    rng = Rng(derive_seed("balance-policy", seed))
    while not state.is_over():
        seat = state.to_act()[0]
        if policy == "greedy":
            action = greedy(state, seat, rng)
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    result = state.result()
    assert result is not None
    return result.utility(0)



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--policy", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--out", type=Path, default=None, help="write the Markdown table here")
    args = parser.parse_args(argv)
    names = [d.name for d in CARDS.decks]
    started = time.perf_counter()
    rows: list[tuple[str, str, float, int, float, float]] = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            score = 0.0
            for g in range(args.games):
                seed = derive_seed("diamagique-balance", a, b, g)
                if g % 2 == 0:
                    score += play(a, b, seed, args.policy)
                else:
                    score += 1.0 - play(b, a, seed, args.policy)
            low, high = wilson(score, args.games)
            rows.append((a, b, score / args.games, args.games, low, high))
    seconds = time.perf_counter() - started
    lines = [
        "| Deck A | Deck B | games | A's win rate | 95% CI (Wilson) |",
        "|---|---|---|---|---|",
    ]
    for a, b, rate, n, low, high in rows:
        lines.append(f"| {a} | {b} | {n} | {rate:.1%} | {low:.1%} – {high:.1%} |")
    table = "\n".join(lines)
    print(table)
    print(f"\n{args.policy} policy, {args.games} games per pairing, {seconds:.0f} s",
          file=sys.stderr)
    worst = max(max(r[2], 1 - r[2]) for r in rows)
    print(f"highest win rate of a deck against another: {worst:.1%}", file=sys.stderr)
    if args.out is not None:
        args.out.write_text(table + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
