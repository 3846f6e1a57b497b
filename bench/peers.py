"""Our card and board engines beside engines we did not write, in one run, on one core.

    .venv/bin/python bench/peers.py                    # 30 CPU s per engine, in 6 rounds
    .venv/bin/python bench/peers.py --seconds 10 --rounds 5 --cpu 1
    .venv/bin/python bench/peers.py --only mimik      # one pair: MIMIK and RLCard's UNO

Every engine plays whole random games with the same loop: the legal actions of the player to
act listed, one chosen uniformly by the same seeded generator (core.rng.Rng), applied, until
the game is over; a new game (its deal, its shuffle) is part of the measure. Figures are per
CPU second of this process (time.process_time), the engines measured in interleaved rounds so
that a busy machine slows them alike, the process pinned to one core.

The pairs and their goals (issue 24):

- MIMIK 4 players against RLCard's UNO 4 players (`pip install rlcard`): actions/s, >= 1;
- Mindbug 2 players against OpenSpiel's python_block_dominoes: games/s, >= 1;
- Mitan battles (from random drafted and placed positions, as bench/mitan.py) against
  python-chess random games: plies/s, >= 5.

A peer that is not installed is skipped with a message (RLCard and python-chess are the
`bench` extra of pyproject.toml; OpenSpiel the `ai` extra). Each of our engines says whether it
ran compiled (`ludo compile`, core/compiled.py) or pure Python (`LUDO_PURE=1` forces the latter).
"""

from __future__ import annotations

import argparse
import importlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludotheque.core.rng import Rng
from ludotheque.games import get

Playout = Callable[[], int]  # plays one whole game, returns how many actions it took


@dataclass
class Engine:
    label: str
    playout: Playout
    games: int = 0
    actions: int = 0
    seconds: float = 0.0

    def run(self, seconds: float) -> None:
        began = time.process_time()
        while True:
            self.actions += self.playout()
            self.games += 1
            took = time.process_time() - began
            if took >= seconds:
                break
        self.seconds += took

    @property
    def games_per_s(self) -> float:
        return self.games / max(self.seconds, 1e-9)

    @property
    def actions_per_s(self) -> float:
        return self.actions / max(self.seconds, 1e-9)


@dataclass
class Pair:
    ours: Engine
    peer: Engine | None
    unit: str  # "actions" or "games"
    goal: float
    why_absent: str = ""
    extra: list[str] = field(default_factory=list)


def ours(game_id: str, players: int) -> Playout:
    """Random games of one of our engines through the game contract."""
    game = get(game_id)
    options = game.options({}, players)
    rng = Rng(17)
    count = [0]

    def playout() -> int:
        state = game.new(count[0], players, options)
        count[0] += 1
        actions = 0
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        return actions

    return playout


def mitan_battles() -> Playout:
    """Random battles from 50 random drafted and placed positions (bench/mitan.py's)."""
    from ludotheque.games.mitan import GAME, MitanState
    from ludotheque.games.mitan.rules import BATTLE

    starts: list[MitanState] = []
    for seed in range(50):
        draft_rng = Rng(seed)
        state = GAME.new(seed)
        assert isinstance(state, MitanState)
        while state.phase < BATTLE:
            seat = state.to_act()[0]
            state.apply(seat, draft_rng.choice(state.legal_actions(seat)))
        starts.append(state)
    rng = Rng(1)
    count = [0]

    def playout() -> int:
        state = starts[count[0] % len(starts)].clone()
        count[0] += 1
        plies = 0
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            plies += 1
        return plies

    return playout


def uno() -> Playout:
    """RLCard's UNO engine (rlcard.games.uno.game.UnoGame), 4 players."""
    import numpy as np

    uno_game: Any = importlib.import_module("rlcard.games.uno.game")
    game = uno_game.UnoGame(num_players=4)
    game.np_random = np.random.RandomState(17)
    rng = Rng(17)

    def playout() -> int:
        game.init_game()
        actions = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
        return actions

    return playout


def dominoes() -> Playout:
    """OpenSpiel's python_block_dominoes (a Python game shipped with OpenSpiel); chance
    outcomes (the deal) drawn by the same generator."""
    pyspiel: Any = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games.block_dominoes")  # registers it
    game = pyspiel.load_game("python_block_dominoes")
    rng = Rng(17)

    def playout() -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        return actions

    return playout


def chess_games() -> Playout:
    """python-chess random games: legal moves listed, one pushed, until the game is over."""
    chess: Any = importlib.import_module("chess")
    rng = Rng(3)

    def playout() -> int:
        board = chess.Board()
        plies = 0
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        return plies

    return playout


def peer(label: str, make: Callable[[], Playout]) -> tuple[Engine | None, str]:
    try:
        return Engine(label, make()), ""
    except ImportError as exc:
        return None, f"{label}: skipped ({exc.name or exc} is not installed)"


def pin_one_core(cpu: int | None) -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    core = allowed[-1] if cpu is None or cpu not in allowed else cpu
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def builds() -> dict[str, str]:
    """Game id -> "compiled" or "pure (why)", as loaded in this process."""
    try:
        from ludotheque.core import compiled
        from ludotheque.games import compiled_groups
    except ImportError:  # a source tree from before the compiled engines (main's, to compare)
        return {}
    return {package.rpartition(".")[2]: state
            for package, state in compiled.loaded(compiled_groups()).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="CPU seconds per engine")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--cpu", type=int, default=None, help="the core to run on")
    parser.add_argument("--only", action="append", default=[], metavar="WORD",
                        help="only the pairs whose engine's label holds WORD (case ignored; "
                             "repeatable): mimik, mindbug, mitan")
    args = parser.parse_args()
    print(pin_one_core(args.cpu), flush=True)
    pairs: list[Pair] = []
    setups: list[tuple[str, str, Callable[[], Playout], str, Callable[[], Playout], str,
                       float]] = [
        ("mimik", "MIMIK 4p", lambda: ours("mimik", 4), "RLCard UNO 4p", uno, "actions", 1.0),
        ("mindbug", "Mindbug 2p", lambda: ours("mindbug", 2), "OpenSpiel python_block_dominoes",
         dominoes, "games", 1.0),
        ("mitan", "Mitan battles", mitan_battles, "python-chess", chess_games, "actions", 5.0)]
    words = [w.lower() for w in args.only]
    setups = [s for s in setups if not words or any(w in s[1].lower() for w in words)]
    for _, label, make_ours, peer_label, make_peer, unit, goal in setups:
        other, why = peer(peer_label, make_peer)
        pairs.append(Pair(Engine(label, make_ours()), other, unit, goal, why))
    built = builds()
    for game_id, label, *_ in setups:
        print(f"{label}: {built.get(game_id, 'pure (no compiled engines in this tree)')}")
    engines = [e for p in pairs for e in (p.ours, p.peer) if e is not None]
    for _ in range(args.rounds):
        for engine in engines:
            engine.run(args.seconds / args.rounds)
    for engine in engines:
        print(f"{engine.label:34s} {engine.games_per_s:9.1f} games/s "
              f"{engine.actions_per_s:10.0f} actions/s "
              f"({engine.actions / max(engine.games, 1):.1f} actions a game, "
              f"{engine.games} games in {engine.seconds:.1f} CPU s)")
    for pair in pairs:
        if pair.peer is None:
            print(pair.why_absent)
            continue
        if pair.unit == "games":
            ratio = pair.ours.games_per_s / pair.peer.games_per_s
        else:
            ratio = pair.ours.actions_per_s / pair.peer.actions_per_s
        print(f"ratio {pair.ours.label} : {pair.peer.label} ({pair.unit}/s) = {ratio:.2f} "
              f"(goal >= {pair.goal:g})")


if __name__ == "__main__":
    main()
