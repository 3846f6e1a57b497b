"""The battle actions of one side on a board, in a stable order.

A pure function of the board and of the squares of each side's pieces; rules.py adds what
needs the game's history (the repetition rule, MT-18). The order of the actions is
part of the game as played here: the same seed gives the same game only if they are listed the
same way. This module is kept free of classes so that it can be compiled as it is: it is the
game's `COMPILED` (mypyc, core/compiled.py), the pure Python module staying the reference.
"""

from __future__ import annotations

from .board import (
    ARCHER,
    BELIER,
    CHEF,
    ENVOUTEUR,
    ESPION,
    NEIGHBOUR_SETS,
    NEIGHBOURS,
    PASSEUR,
    PORTE_BOUCLIER,
)
from .notation import Move
from .tables import CHARGE_TABLE, ESPION_SWAPS, LEAPS, PASSEUR_SWAPS, RAYS, SHOTS

_NO_SQUARES: frozenset[int] = frozenset()


def generate(b: list[int], c: int, own: list[int], enemies: list[int]) -> list[Move]:
    """The battle actions of colour `c` (its pieces on `own`, the enemies on `enemies`)."""
    e = c ^ 1
    shield = PORTE_BOUCLIER * 2 + e
    enchanter = ENVOUTEUR * 2 + e
    # MT-9: enemies next to their Porte-bouclier are shielded; MT-10: own pieces next to
    # an enemy Envoûteur are paralysed (read once, from the position before the move).
    shielded = frozen = _NO_SQUARES
    for sq in enemies:
        v = b[sq]
        if v == shield:
            shielded = shielded | NEIGHBOUR_SETS[sq]
        elif v == enchanter:
            frozen = frozen | NEIGHBOUR_SETS[sq]
    out: list[Move] = []
    # The tables as locals: read once per call, not once per piece.
    leaps_of, rays_of, shots_of, charges_of = LEAPS, RAYS, SHOTS, CHARGE_TABLE
    neighbours, passeur_swaps, espion_swaps = NEIGHBOURS, PASSEUR_SWAPS, ESPION_SWAPS
    for sq in own:
        if sq in frozen:  # MT-10: no move, shot or swap
            continue
        v = b[sq]
        # MT-9: a shielded enemy is never captured.
        for t, mv, cp in leaps_of[v][sq]:
            x = b[t]
            if not x:
                out.append(mv)
            elif (cp is not None and x & 1 == e
                  and t not in shielded):
                out.append(cp)
        for ray in rays_of[v][sq]:
            # MT-5: slides cross empty squares and stop at the first piece met.
            for t, mv, cp in ray:
                x = b[t]
                if not x:
                    out.append(mv)
                    continue
                if (cp is not None and x & 1 == e
                        and t not in shielded):
                    out.append(cp)
                break
        kind = v >> 1
        if kind < ARCHER:
            continue
        if kind == ARCHER:
            # MT-7: no shot while an enemy is adjacent; a shot needs a clear way.
            if any(b[n] and b[n] & 1 == e for n in neighbours[sq]):
                continue
            for first, targets in shots_of[sq]:
                if b[first]:
                    continue
                for t, shot in targets:
                    x = b[t]
                    if x:
                        if x & 1 == e and t not in shielded:
                            out.append(shot)
                        break
        elif kind == BELIER:
            # MT-8: orthogonal charge of 1 or 2; the first piece met, if an enemy, is
            # pushed one square on, or crushed if it cannot go (never a protected one).
            for first, second, beyond, mv1, push1, crush1, mv2, push2, crush2 in \
                    charges_of[sq]:
                x = b[first]
                if x:
                    if x & 1 == e:
                        if second >= 0 and not b[second]:
                            out.append(push1)
                        elif first not in shielded:
                            out.append(crush1)
                    continue
                out.append(mv1)
                if second < 0:
                    continue
                x = b[second]
                if not x:
                    out.append(mv2)  # type: ignore[arg-type]
                elif x & 1 == e:
                    if beyond >= 0 and not b[beyond]:
                        out.append(push2)  # type: ignore[arg-type]
                    elif second not in shielded:
                        out.append(crush2)  # type: ignore[arg-type]
        elif kind == PASSEUR:
            # MT-11: swap with any ally, wherever it stands (the Chef too).
            swaps = passeur_swaps[sq]
            for t in own:
                if t != sq:
                    out.append(swaps[t])
        elif kind == ESPION:
            # MT-12: swap with an enemy within 2 squares, over pieces, never the Chef;
            # a swap is no capture, so a Porte-bouclier does not stop it.
            for t, swap in espion_swaps[sq]:
                x = b[t]
                if x and x & 1 == e and x >> 1 != CHEF:
                    out.append(swap)
    return out

