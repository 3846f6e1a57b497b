"""Helpers for Mitan's tests: positions written as a dict of squares, and a naive generator.

The naive generator is a second, independent reading of the rules (coordinates and direction
vectors, no precomputed tables, no shared code with the engine) used to check action counts.
"""

from __future__ import annotations

from ludotheque.core.game import Event
from ludotheque.games.mitan import GAME, MitanState

FILES = "abcdefghi"


def fen_of(pieces: dict[str, str], turn: str = "w", tail: str = "") -> str:
    """A position text from {"e5": "L", "e7": "p"}: capitals White, small letters Black."""
    rows = []
    for rank in range(9, 0, -1):
        row, run = "", 0
        for f in FILES:
            letter = pieces.get(f"{f}{rank}", "")
            if not letter:
                run += 1
                continue
            row += (str(run) if run else "") + letter
            run = 0
        rows.append(row + (str(run) if run else ""))
    return f"{'/'.join(rows)} {turn}" + (f" {tail}" if tail else "")


def position(pieces: dict[str, str], turn: str = "w", tail: str = "") -> MitanState:
    """A battle position; the Chefs go to a1 and i9 unless placed."""
    full = dict(pieces)
    if "C" not in full.values():
        full.setdefault("a1", "C")
    if "c" not in full.values():
        full.setdefault("i9", "c")
    return GAME.position(fen_of(full, turn, tail))


def actions_of(state: MitanState, square: str) -> set[str]:
    """The legal action texts of the piece on `square` (for the side to move)."""
    return {t for t in state.legal_texts(state.turn) if t[1:3] == square}


def play(state: MitanState, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.play(text)
    return events


# -- the naive generator ------------------------------------------------------------------------

EIGHT = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def read_board(fen: str) -> tuple[dict[tuple[int, int], str], bool]:
    rows, side = fen.split()[0].split("/"), fen.split()[1]
    board: dict[tuple[int, int], str] = {}
    for i, row in enumerate(rows):
        rank, f = 8 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, rank)] = ch
                f += 1
    return board, side == "w"


def naive_actions(fen: str) -> set[str]:
    """Every legal action text of the side to move, repetition aside."""
    board, white = read_board(fen)

    def on(f: int, r: int) -> bool:
        return 0 <= f < 9 and 0 <= r < 9

    def name(f: int, r: int) -> str:
        return f"{FILES[f]}{r + 1}"

    def mine(p: str) -> bool:
        return p.isupper() == white

    def neighbours(f: int, r: int) -> list[tuple[int, int]]:
        return [(f + a, r + b) for a, b in EIGHT if on(f + a, r + b)]

    def protected(f: int, r: int) -> bool:
        p = board[(f, r)]
        return any(board.get(n, "") == ("P" if p.isupper() else "p") for n in neighbours(f, r))

    def capturable(f: int, r: int) -> bool:
        p = board.get((f, r))
        return p is not None and not mine(p) and not protected(f, r)

    out: set[str] = set()
    for (f, r), p in list(board.items()):
        if not mine(p):
            continue
        enemy_e = "e" if white else "E"
        if any(board.get(n) == enemy_e for n in neighbours(f, r)):
            continue  # paralysed
        k = p.upper()
        here = f"{k}{name(f, r)}"

        def land(tf: int, tr: int, captures: bool, here: str = here) -> None:
            if not on(tf, tr):
                return
            if (tf, tr) not in board:
                out.add(f"{here}-{name(tf, tr)}")
            elif captures and capturable(tf, tr):
                out.add(f"{here}x{name(tf, tr)}")

        def slide(dirs: list[tuple[int, int]], most: int, capture_at: set[int],
                  f: int = f, r: int = r, here: str = here) -> None:
            for a, b in dirs:
                for d in range(1, most + 1):
                    tf, tr = f + a * d, r + b * d
                    if not on(tf, tr):
                        break
                    if (tf, tr) not in board:
                        out.add(f"{here}-{name(tf, tr)}")
                        continue
                    if d in capture_at and capturable(tf, tr):
                        out.add(f"{here}x{name(tf, tr)}")
                    break

        if k in "CY":
            for a, b in EIGHT:
                land(f + a, r + b, True)
        if k == "E":
            for a, b in EIGHT:
                land(f + a, r + b, False)
        if k == "F":
            fw = 1 if white else -1
            for a, b in EIGHT:
                land(f + a, r + b, True)
            if on(f, r + 2 * fw) and (f, r + fw) not in board:
                land(f, r + 2 * fw, True)
        if k == "L":
            slide(ORTH, 3, {1, 2})
        if k == "M":
            slide(DIAG, 3, {1, 2})
        if k == "K":
            slide(ORTH, 3, {2, 3})
        if k == "S":
            for a, b in EIGHT:
                land(f + 2 * a, r + 2 * b, True)
            for a, b in ORTH:
                land(f + a, r + b, True)
        if k == "G":
            for a, b in ORTH:
                land(f + 3 * a, r + 3 * b, True)
        if k == "P":
            slide(EIGHT, 2, set())
        if k == "X":
            slide(EIGHT, 2, {1, 2})
            for (af, ar), q in board.items():
                if mine(q) and (af, ar) != (f, r):
                    out.add(f"{here}<>{name(af, ar)}")
        if k == "Y":
            for (af, ar), q in board.items():
                if (not mine(q) and q.upper() != "C" and (af, ar) != (f, r)
                        and max(abs(af - f), abs(ar - r)) <= 2):
                    out.add(f"{here}<>{name(af, ar)}")
        if k == "A":
            for a, b in ORTH:
                land(f + a, r + b, True)
            if not any(n in board and not mine(board[n]) for n in neighbours(f, r)):
                for a, b in EIGHT:
                    if not on(f + a, r + b) or (f + a, r + b) in board:
                        continue
                    for d in (2, 3):
                        tf, tr = f + a * d, r + b * d
                        if not on(tf, tr):
                            break
                        if (tf, tr) in board:
                            if capturable(tf, tr):
                                out.add(f"{here}*{name(tf, tr)}")
                            break
        if k == "B":
            for a, b in ORTH:
                for d in (1, 2):
                    tf, tr = f + a * d, r + b * d
                    if not on(tf, tr):
                        break
                    if (tf, tr) not in board:
                        out.add(f"{here}-{name(tf, tr)}")
                        continue
                    if not mine(board[(tf, tr)]):
                        bf, br = tf + a, tr + b
                        if on(bf, br) and (bf, br) not in board:
                            out.add(f"{here}>{name(tf, tr)}")
                        elif not protected(tf, tr):
                            out.add(f"{here}x{name(tf, tr)}")
                    break
    return out or {"pass"}
