"""Move tables: for each piece value and square, the Move objects it may make, made once.

A piece value is `kind * 2 + colour` (board.py), so `LEAPS[v][sq]` reads directly from the
board. Entries are (target, move, capture) with capture None where the piece may not capture
at that distance (MT-5, MT-6); rays stop at the first piece met.
"""

from __future__ import annotations

from .board import (
    ARCHER,
    BELIER,
    CAVALIER,
    CHARGES,
    CHEF,
    DOUBLE_STEP,
    ENVOUTEUR,
    ESPION,
    FANTASSIN,
    GRIFFON,
    JUMPS8_2,
    JUMPS_ORTH_3,
    LANCIER,
    MOINE,
    NEIGHBOURS,
    ORTH_STEPS,
    PASSEUR,
    PORTE_BOUCLIER,
    RAYS8_2,
    RAYS8_3,
    RAYS_DIAG_3,
    RAYS_ORTH_3,
    SAUTEUR,
    SQUARES,
    WITHIN2,
)
from .notation import CAPTURE, MOVE, PUSH, SHOT, SWAP, Move, encode, move

Entry = tuple[int, Move, Move | None]


def _entry(kind: int, sq: int, t: int, captures: bool) -> Entry:
    return (t, move(encode(MOVE, kind, sq, t)),
            move(encode(CAPTURE, kind, sq, t)) if captures else None)


def _leaps(kind: int, colour: int, sq: int) -> tuple[Entry, ...]:
    if kind in (CHEF, ESPION, ENVOUTEUR):
        targets = NEIGHBOURS[sq]
    elif kind == FANTASSIN:  # the forward step belongs to its forward ray (_rays)
        step = DOUBLE_STEP[colour][sq]
        targets = tuple(t for t in NEIGHBOURS[sq] if not step or t != step[0])
    elif kind == SAUTEUR:
        targets = JUMPS8_2[sq] + ORTH_STEPS[sq]
    elif kind == GRIFFON:
        targets = JUMPS_ORTH_3[sq]
    elif kind == ARCHER:
        targets = ORTH_STEPS[sq]
    else:
        return ()
    return tuple(_entry(kind, sq, t, kind != ENVOUTEUR) for t in targets)


def _rays(kind: int, colour: int, sq: int) -> tuple[tuple[Entry, ...], ...]:
    if kind == FANTASSIN:
        step = DOUBLE_STEP[colour][sq]
        # MT-5: the double step may capture, like the single one.
        return (tuple(_entry(kind, sq, t, True) for t in step),) if step else ()
    if kind in (LANCIER, MOINE):
        rays = (RAYS_ORTH_3 if kind == LANCIER else RAYS_DIAG_3)[sq]
        return tuple(tuple(_entry(kind, sq, t, i <= 1) for i, t in enumerate(r)) for r in rays)
    if kind == CAVALIER:  # MT-6: captures at distance 2 or 3 only
        return tuple(tuple(_entry(kind, sq, t, i >= 1) for i, t in enumerate(r))
                     for r in RAYS_ORTH_3[sq])
    if kind in (PASSEUR, PORTE_BOUCLIER):
        return tuple(tuple(_entry(kind, sq, t, kind == PASSEUR) for t in r) for r in RAYS8_2[sq])
    return ()


LEAPS = tuple(tuple(_leaps(v >> 1, v & 1, sq) for sq in range(SQUARES)) for v in range(28))
RAYS = tuple(tuple(_rays(v >> 1, v & 1, sq) for sq in range(SQUARES)) for v in range(28))

# MT-7: the Archer's shots: per square, rays of (first square, ((target, shot), ...)).
SHOTS = tuple(
    tuple((r[0], tuple((t, move(encode(SHOT, ARCHER, sq, t))) for t in r[1:]))
          for r in RAYS8_3[sq] if len(r) >= 2)
    for sq in range(SQUARES))

# MT-8: the Bélier's charges: per square and direction
# (first, second, beyond, move to first, push first, crush first, move to second, push second,
# crush second); squares off the board are -1 and their moves None.
Charge = tuple[int, int, int, Move, Move, Move, Move | None, Move | None, Move | None]


def _charge(sq: int, first: int, second: int, beyond: int) -> Charge:
    def m(mtype: int, t: int) -> Move | None:
        return move(encode(mtype, BELIER, sq, t)) if t >= 0 else None

    one = (m(MOVE, first), m(PUSH, first), m(CAPTURE, first))
    assert one[0] is not None and one[1] is not None and one[2] is not None
    return (first, second, beyond, one[0], one[1], one[2],
            m(MOVE, second), m(PUSH, second), m(CAPTURE, second))


CHARGE_TABLE = tuple(tuple(_charge(sq, *c) for c in CHARGES[sq]) for sq in range(SQUARES))

# MT-11: the Passeur's swap with any square; MT-12: the Espion's within 2 squares.
PASSEUR_SWAPS = tuple(tuple(move(encode(SWAP, PASSEUR, sq, t)) for t in range(SQUARES))
                      for sq in range(SQUARES))
ESPION_SWAPS = tuple(tuple((t, move(encode(SWAP, ESPION, sq, t))) for t in WITHIN2[sq])
                     for sq in range(SQUARES))
