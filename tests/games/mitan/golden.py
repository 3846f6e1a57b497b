"""Make Mitan's golden records (tests/records/mitan/) by playing seeded random games through
the engine, one for each way a game can end (and one with hidden placement).

    .venv/bin/python -m tests.games.mitan.golden      # rewrites the records
"""

from __future__ import annotations

from pathlib import Path

from ludotheque.core.record import Move, Record, record_of
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.games.mitan import GAME, MitanState

RECORDS = Path(__file__).resolve().parents[2] / "records" / "mitan"
# (file name, wanted ending, placement option); the first seed giving that ending is kept.
WANTED = [
    ("chef_captured", "chef_captured", "open"),
    ("centre_held", "centre_held", "open"),
    ("half_move_limit", "half_move_limit", "open"),
    ("annihilation", "annihilation", "open"),
    ("hidden_placement", "chef_captured", "hidden"),
]


def random_game(seed: int, placement: str) -> Record:
    """A game of seeded random choices, with its result."""
    state = GAME.new(seed, 2, {"placement": placement})
    assert isinstance(state, MitanState)
    rng = Rng(derive_seed("golden", seed))
    moves: list[Move] = []
    while not state.is_over():
        acting = state.to_act()
        seat = acting[rng.randrange(len(acting))]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append(Move(seat, action.text()))
    return record_of(GAME, seed, 2, {"placement": placement}, moves, state)


def find(reason: str, placement: str, limit: int = 5000) -> Record:
    for seed in range(limit):
        record = random_game(seed, placement)
        assert record.result is not None
        if record.result["reason"] == reason:
            return record
    raise LookupError(f"no {reason} game in {limit} seeds")


def main() -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    for name, reason, placement in WANTED:
        record = find(reason, placement)
        record.meta = {"made_by": "tests/games/mitan/golden.py (seeded random game)"}
        record.save(RECORDS / f"{name}.json")
        print(name, "seed", record.seed, len(record.moves), "actions")
    record = double_pass_game(DOUBLE_PASS_SEED)
    record.meta = {"made_by": "tests/games/mitan/golden.py (scripted game, double_pass_game)"}
    record.save(RECORDS / "double_pass.json")
    print("double_pass seed", record.seed, len(record.moves), "actions")


# -- a scripted game that ends on two passes in a row (MT-19) ------------------------------------
# White keeps its Chef on a1 and its Envoûteur on a2; the other pieces fight until few are
# left; then Black walks its Chef to a3 and its Envoûteur to b2: every piece left is next to an
# enemy Envoûteur, both sides are paralysed (MT-10) and pass.

KEEP = {"C", "E"}
DOUBLE_PASS_SEED = 1  # a market with Envoûteurs where the script's fight thins out
PICK_ORDER = "LKMFSGABXYPE"


def _piece(state: MitanState, sq: str) -> str:
    return state.piece_at(sq)


def _fodder(state: MitanState, side: int) -> list[str]:
    names = [f"{f}{r}" for r in range(1, 10) for f in "abcdefghi"]
    out = []
    for sq in names:
        p = _piece(state, sq)
        if p and p.isupper() == (side == 0) and p.upper() not in KEEP:
            out.append(sq)
    return out


def _dist(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1])))


def _safe(state: MitanState, text: str) -> bool:
    """The action ends nothing and gives the mover no two Mitans."""
    trial = state.clone()
    seat = trial.turn
    trial.play(text)
    if trial.is_over():
        return False
    held = sum(1 for m in ("c5", "e5", "g5") if (p := _piece(trial, m))
               and p.isupper() == (seat == 0))
    return held < 2


def _fight(state: MitanState) -> str:
    """Phase A: fodder takes fodder; otherwise fodder walks towards the enemy's fodder."""
    seat = state.turn
    legal = state.legal_texts(seat)
    if legal == ["pass"]:
        return "pass"
    enemy = _fodder(state, 1 - seat)
    best: tuple[int, str] | None = None
    for text in legal:
        if "<>" in text or text[0] in KEEP:
            continue
        target = text[-2:]
        victim = _piece(state, target)
        if ("x" in text or "*" in text) and victim.upper() not in KEEP and _safe(state, text):
            return text
        if "-" in text and enemy and _safe(state, text):
            d = min(_dist(target, e) for e in enemy)
            if best is None or d < best[0]:
                best = (d, text)
    if best is not None:
        return best[1]
    for text in legal:
        if "<>" not in text and _safe(state, text):
            return text
    return legal[0]


def _step_towards(state: MitanState, origin: str, goal: str) -> str | None:
    """The first move of a shortest path of the piece on `origin` to `goal` (others fixed)."""
    start = state.fen()
    seat = state.turn
    frontier: list[tuple[str, str, str | None]] = [(origin, start, None)]
    seen = {origin}
    while frontier:
        nxt: list[tuple[str, str, str | None]] = []
        for sq, fen, first in frontier:
            pos = GAME.position(fen)
            for text in pos.legal_texts(seat):
                if text[1:3] != sq or "-" not in text:
                    continue
                to = text[-2:]
                if to in seen:
                    continue
                seen.add(to)
                step = first or text
                if to == goal:
                    return step
                after = pos.clone()
                after.play(text)
                parts = after.fen().split()
                parts[1] = "wb"[seat]
                parts[2] = "0"
                nxt.append((to, " ".join(parts), step))
        frontier = nxt
    return None


def double_pass_game(seed: int) -> Record:
    state = GAME.new(seed)
    assert isinstance(state, MitanState)
    moves: list[Move] = []

    def act(text: str) -> None:
        seat = state.to_act()[0]
        state.play(text, seat)
        moves.append(Move(seat, text))

    while state.phase == 0:  # each takes an Envoûteur first, then simple fighters
        seat = state.to_act()[0]
        offered = {t.split()[1] for t in state.legal_texts(seat)}
        mine = state.drafted[seat]
        order = "E" + PICK_ORDER if not mine[11] else PICK_ORDER
        act(f"pick {next(c for c in order if c in offered)}")
    white = iter(["C@a1", "E@a2"] + [f"{f}{r}" for r in (1, 2) for f in "bcdefghi"])
    black = iter(["C@a9", "E@b8"] + [f"{f}{r}" for r in (8, 9) for f in "bcdefghi"])
    while state.phase == 1:
        seat = state.to_act()[0]
        squares = white if seat == 0 else black
        legal = state.legal_texts(seat)
        while True:
            sq = next(squares)
            text = sq if "@" in sq else next((t for t in legal if t.endswith("@" + sq)), "")
            if text in legal:
                act(text)
                break
    # Phase A: fight until at most one fighter is left on the board.
    while len(_fodder(state, 0)) + len(_fodder(state, 1)) > 1:
        if state.is_over() or state.ply > 110:
            raise LookupError("the fight did not thin out")
        act(_fight(state))
    # Phase B: Black walks in; White waits with what it has.
    black_goals = [("a9", "a3"), ("b8", "c3")]
    if _fodder(state, 1):
        black_goals.insert(0, (_fodder(state, 1)[0], "b3"))
    white_goals = [(_fodder(state, 0)[0], "c1")] if _fodder(state, 0) else []
    while not state.is_over() and state.ply < 148:
        seat = state.turn
        if seat == 1:
            step = _next_goal_step(state, 1, black_goals)
            if step is None:  # in place: the Envoûteur closes the trap
                if _white_ready(state):
                    act(_step_towards(state, _where(state, "e"), "b2") or "pass")
                    break
                step = next(t for t in state.legal_texts(1)
                            if t.startswith("C") and _safe(state, t))
            act(step)
        else:
            act(_next_goal_step(state, 0, white_goals) or _wait_white(state))
    while not state.is_over():
        act("pass")
    return record_of(GAME, seed, 2, {}, moves, state)


def _where(state: MitanState, letter: str) -> str:
    for r in range(1, 10):
        for f in "abcdefghi":
            if _piece(state, f"{f}{r}") == letter:
                return f"{f}{r}"
    raise LookupError(letter)


def _next_goal_step(state: MitanState, side: int, goals: list[tuple[str, str]]) -> str | None:
    letters = {"a3": "c" if side else "C", "c3": "e", "b3": None, "c1": None}
    for _, goal in goals:
        letter = letters.get(goal)
        if letter:
            origin = _where(state, letter)
        else:
            fodder = _fodder(state, side)
            if not fodder:
                continue
            origin = fodder[0]
        if origin == goal:
            continue
        step = _step_towards(state, origin, goal)
        if step is not None and _safe(state, step):
            return step
        return None
    return None


def _white_ready(state: MitanState) -> bool:
    return _piece(state, "a2") == "E" and _piece(state, "a1") == "C" and all(
        _dist(sq, "b2") == 1 for sq in _fodder(state, 0))


def _wait_white(state: MitanState) -> str:
    legal = state.legal_texts(0)
    for text in legal:
        if text[0] not in KEEP and _safe(state, text) and "x" not in text and "*" not in text:
            return text
    for text in legal:
        if text.startswith("Ca1-b1") or text.startswith("Cb1-a1"):
            return text
    return legal[0]


if __name__ == "__main__":
    main()
