"""The 9 x 9 board: squares, directions and precomputed move tables.

MT-1: files a..i from White's left, ranks 1..9; square index = (rank - 1) * 9 + file.
A square holds 0 (empty) or a piece value `kind * 2 + colour` (colour 0 White, 1 Black).
"""

from __future__ import annotations

from typing import Final

from ludotheque.core.rng import Rng, derive_seed

SIZE: Final = 9
SQUARES: Final = 81
FILES = "abcdefghi"
WHITE, BLACK = 0, 1

# Piece kinds: the code letters of MT-4's table, index = kind.
CODES = ".CFLMSGKABPEXY"
# Final: a compiled moves.py (COMPILED in __init__.py) reads them as constants.
CHEF: Final = 1
FANTASSIN: Final = 2
LANCIER: Final = 3
MOINE: Final = 4
SAUTEUR: Final = 5
GRIFFON: Final = 6
CAVALIER: Final = 7
ARCHER: Final = 8
BELIER: Final = 9
PORTE_BOUCLIER: Final = 10
ENVOUTEUR: Final = 11
PASSEUR: Final = 12
ESPION: Final = 13
MARKET_KINDS = tuple(range(2, 14))  # MT-13: the Chef is never in the market
KIND_OF_CODE = {c: k for k, c in enumerate(CODES) if k}


def square_name(sq: int) -> str:
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


SQUARE_NAMES = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_OF_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def square(name: str) -> int:
    """The index of a square written like "e5"."""
    return SQUARE_OF_NAME[name]


# MT-1: the three Mitans.
MITANS = (square("c5"), square("e5"), square("g5"))

# MT-15: each camp is its player's two first ranks.
CAMPS = (tuple(range(0, 18)), tuple(range(63, 81)))

# MT-2: "en ligne droite" is orthogonal, "en diagonale" diagonal, "8 directions" both.
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
EIGHT = ORTHOGONAL + DIAGONAL
# MT-3: "towards the enemy camp" is up the ranks for White, down for Black.
FORWARD = ((0, 1), (0, -1))


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _ray(sq: int, df: int, dr: int, length: int) -> tuple[int, ...]:
    f, r = sq % SIZE, sq // SIZE
    out = []
    for i in range(1, length + 1):
        if not _on(f + df * i, r + dr * i):
            break
        out.append((r + dr * i) * SIZE + f + df * i)
    return tuple(out)


def _rays(dirs: tuple[tuple[int, int], ...], length: int) -> tuple[tuple[tuple[int, ...], ...],
                                                                    ...]:
    return tuple(tuple(r for d in dirs if (r := _ray(sq, d[0], d[1], length)))
                 for sq in range(SQUARES))


def _jumps(dirs: tuple[tuple[int, int], ...], distance: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r[-1] for d in dirs if len(r := _ray(sq, d[0], d[1], distance)) == distance)
                 for sq in range(SQUARES))


# Rays (non-empty, nearest square first) by square.
RAYS8_2 = _rays(EIGHT, 2)
RAYS8_3 = _rays(EIGHT, 3)
RAYS_ORTH_3 = _rays(ORTHOGONAL, 3)
RAYS_DIAG_3 = _rays(DIAGONAL, 3)
# The 8 neighbours of each square ("collé à", MT-2).
NEIGHBOURS = tuple(tuple(r[0] for r in rays) for rays in _rays(EIGHT, 1))
NEIGHBOUR_SETS = tuple(frozenset(n) for n in NEIGHBOURS)
ORTH_STEPS = tuple(tuple(r[0] for r in rays) for rays in _rays(ORTHOGONAL, 1))
JUMPS8_2 = _jumps(EIGHT, 2)
JUMPS_ORTH_3 = _jumps(ORTHOGONAL, 3)
# The Fantassin's double step: (middle, landing) per square and colour.
DOUBLE_STEP = tuple(
    tuple(r if len(r := _ray(sq, FORWARD[c][0], FORWARD[c][1], 2)) == 2 else () for sq in
          range(SQUARES))
    for c in (WHITE, BLACK))
# The Bélier's charges: per square, per orthogonal direction, (first, second, beyond) squares
# (-1 when off the board).
CHARGES = tuple(
    tuple((*r, -1, -1, -1)[:3] for d in ORTHOGONAL if (r := _ray(sq, d[0], d[1], 3)))
    for sq in range(SQUARES))
# Squares at Chebyshev distance 1 or 2 (the Espion's swap, MT-12).
WITHIN2 = tuple(
    tuple(t for t in range(SQUARES) if t != sq
          and max(abs(t % SIZE - sq % SIZE), abs(t // SIZE - sq // SIZE)) <= 2)
    for sq in range(SQUARES))

# Zobrist keys for the repetition rule (MT-18): one per (square, piece value), one for the side.
_zrng = Rng(derive_seed("mitan", "zobrist"))
ZOBRIST = tuple(tuple(0 if v < 2 else _zrng.next64() for v in range(28)) for _ in range(SQUARES))
ZOBRIST_BLACK = _zrng.next64()
del _zrng
