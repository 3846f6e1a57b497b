"""Diamagique tools: playout speed, and the golden records of tests/records/diamagique/.

    python bench/diamagique.py speed [--seconds 10]     (CPU seconds of this process)
    python bench/diamagique.py records [--out tests/records/diamagique]

Records are real games played through the engine from `new()`: seeded random play for the
six-Diamagique endings, and a scripted "tie-seeking" policy (it casts what brings the two
totals closest, seeing the whole table) for the rare ending where both players run out of
Sorts (DG-20). The pot-empty ending of DG-20 cannot happen in a real game (12 Diamagiques
shared by two players: someone reaches 6 first) and is pinned by a stacked-position test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from ludotheque.core import Action, Rng, derive_seed
from ludotheque.core.record import Move, record_of
from ludotheque.games import get
from ludotheque.games.diamagique import DiamagiqueOptions
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.effects import Cast, Table, resolve
from ludotheque.games.diamagique.notation import Lancer
from ludotheque.games.diamagique.rules import DEFI, DiamagiqueState

GAME = get("diamagique")
Policy = Callable[[DiamagiqueState, int, Rng], Action]


def random_policy(state: DiamagiqueState, seat: int, rng: Rng) -> Action:
    return rng.choice(state.legal_actions(seat))


def tie_seeking(state: DiamagiqueState, seat: int, rng: Rng) -> Action:
    legal = state.legal_actions(seat)
    if state.phase != DEFI:
        return rng.choice(legal)
    base = state.table()
    best: list[Action] = []
    best_gap = 10**9
    for action in legal:
        assert isinstance(action, Lancer)
        cast = Cast(seat, action.position, CARDS.sorts[action.sort], len(base.casts))
        table = Table(base.active, base.chateau, base.magiciens, (*base.casts, cast), base.held)
        a, b = resolve(table).totals
        gap = abs(a - b)
        if gap < best_gap:
            best, best_gap = [action], gap
        elif gap == best_gap:
            best.append(action)
    return rng.choice(best)


def playout(seed: int, options: DiamagiqueOptions, policy: Policy
            ) -> tuple[DiamagiqueState, list[Move]]:
    state = GAME.new(seed, 2, options)
    assert isinstance(state, DiamagiqueState)
    rng = Rng(derive_seed("records", seed))
    moves: list[Move] = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = policy(state, seat, rng)
        state.apply(seat, action)
        moves.append(Move(seat, action.text()))
    return state, moves


def speed(seconds: float) -> None:
    for official in (False, True):
        options = DiamagiqueOptions(official_match=official)
        started = time.process_time()
        games = actions = 0
        while time.process_time() - started < seconds:
            _, moves = playout(games, options, random_policy)
            games += 1
            actions += len(moves)
        elapsed = time.process_time() - started
        print(f"official_match={official}: {games / elapsed:.0f} random playouts/s, "
              f"{actions / elapsed:.0f} actions/s, {actions / games:.1f} actions per game")


WANTED = [
    # (file name, options, policy, reason, ranks)
    ("six_diamagiques_joueur1", DiamagiqueOptions(decks=("Aube", "Marées")), random_policy,
     "six_diamagiques", (0, 1)),
    ("six_diamagiques_joueur2_officiel",
     DiamagiqueOptions(decks=("Sylves", "Braises"), official_match=True), random_policy,
     "six_diamagiques", (1, 0)),
    ("sorts_epuises", DiamagiqueOptions(decks=("Braises", "Sylves")), tie_seeking,
     "sorts_epuises", None),
    ("sorts_epuises_nul", DiamagiqueOptions(decks=("Marées", "Aube")), tie_seeking,
     "sorts_epuises", (0, 0)),
]


def records(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, options, policy, reason, ranks in WANTED:
        for seed in range(5000):
            state, moves = playout(seed, options, policy)
            result = state.result()
            assert result is not None
            if result.reason == reason and (ranks is None or result.ranks == ranks):
                record = record_of(GAME, seed, 2, options.model_dump(mode="json"), moves, state)
                record.meta = {"made_by": "bench/diamagique.py records",
                               "policy": policy.__name__}
                record.save(out / f"{name}.json")
                print(f"{name}: seed {seed}, {len(moves)} actions, {result.reason} "
                      f"{list(result.scores)}")
                break
        else:
            print(f"{name}: no game found")


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--seconds", type=float, default=10.0)
    rp = sub.add_parser("records")
    rp.add_argument("--out", type=Path, default=Path("tests/records/diamagique"))
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.seconds)
    else:
        records(args.out)


if __name__ == "__main__":
    main()
