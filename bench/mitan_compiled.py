"""Mitan's battle functions (games/mitan/moves.py) compiled by mypyc, for bench/peers.py.

    .venv/bin/python bench/mitan_compiled.py            # builds, checks, prints a PYTHONPATH
    PYTHONPATH=$(.venv/bin/python bench/mitan_compiled.py) .venv/bin/python bench/peers.py

Copies src/ to a folder (--into, default a fresh temporary one), compiles moves.py there with
mypyc (it comes with mypy, a dev dependency; it needs a C compiler and Python's headers), then
plays the same random games with the compiled and the pure Python module and stops unless
every legal action list and every move is the same. On success it prints the copy's src folder
(nothing else on stdout), to be put first on PYTHONPATH: Python loads the compiled module in
place of moves.py there. The working tree itself is never compiled, so that editing moves.py
can never leave a stale compiled module in front of it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "ludotheque/games/mitan/moves.py"

# Plays seeded random games (draft, placement and battle, both placements) and prints a
# digest of every legal action list and the count of actions: the same digest from the two
# builds means the same games.
CHECK = """
import hashlib
from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, moves
digest, actions = hashlib.sha256(), 0
for seed in range(GAMES):
    state = GAME.new(seed, 2, {"placement": "hidden" if seed % 3 == 0 else "open"})
    rng = Rng(seed + 7)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        digest.update(" ".join(a.text() for a in legal).encode())
        state.apply(seat, rng.choice(legal))
        actions += 1
print(moves.__file__.rsplit("/", 1)[-1], actions, digest.hexdigest())
"""


def digest(src: Path, games: int) -> tuple[str, str]:
    """(the file moves was loaded from, the digest of the games) with `src` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", CHECK.replace("GAMES", str(games))], env=env,
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], " ".join(out[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--into", type=Path, default=None,
                        help="the folder to copy src/ into (default: a new temporary one)")
    parser.add_argument("--games", type=int, default=60, help="random games compared")
    args = parser.parse_args()
    into = args.into or Path(tempfile.mkdtemp(prefix="mitan-mypyc-"))
    src = into / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__"))
    build = subprocess.run([sys.executable, "-m", "mypyc", MODULE], cwd=src,
                           env={**os.environ, "MYPYPATH": str(src)},
                           capture_output=True, text=True)
    if build.returncode:
        sys.exit(f"mypyc failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}")
    compiled, pure = digest(src, args.games), digest(ROOT / "src", args.games)
    print(f"{compiled[0]}: {compiled[1]}\n{pure[0]}: {pure[1]}", file=sys.stderr)
    if compiled[0] == pure[0] or compiled[1] != pure[1]:
        sys.exit("the compiled module was not loaded, or its games differ from the pure ones")
    print(src)


if __name__ == "__main__":
    main()
