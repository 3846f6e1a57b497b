"""The battle on the board: every action of one side, in a stable order, and making one.

Pure functions of the board and of the squares of each side's pieces; rules.py adds what needs
the game's history (the repetition rule MT-18, events, endings). The order of the actions is
part of the game as played here: the same seed gives the same game only if they are listed the
same way. This module is kept free of classes so that it can be compiled as it is (mypyc, see
bench/mitan_compiled.py), the pure Python module staying the reference.
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
    SIZE,
    SQUARES,
    ZOBRIST,
)
from .notation import CAPTURE, MOVE, PUSH, SHOT, Move
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


def make_action(b: list[int], own: list[int], enemies: list[int], code: int
                ) -> tuple[int, int, int]:
    """Make the battle action `code` on the board and in the squares of the mover's pieces
    (`own`) and the enemies'. Returns the change of the position's Zobrist key (the side to
    move aside), the value of the piece captured (0 for none) and the square a pushed piece
    went to (-1 for no push)."""
    t = code % SQUARES
    f = code // SQUARES % SQUARES
    mtype = code // (SQUARES * SQUARES * 14)
    v = b[f]
    x = b[t]
    if mtype == MOVE:
        b[f] = 0
        b[t] = v
        own[own.index(f)] = t
        return ZOBRIST[f][v] ^ ZOBRIST[t][v], 0, -1
    if mtype == CAPTURE:  # MT-5, MT-6; the Bélier's crush, MT-8
        b[f] = 0
        b[t] = v
        own[own.index(f)] = t
        enemies.remove(t)
        return ZOBRIST[f][v] ^ ZOBRIST[t][v] ^ ZOBRIST[t][x], x, -1
    if mtype == SHOT:  # MT-7: the Archer stays where it is
        b[t] = 0
        enemies.remove(t)
        return ZOBRIST[t][x], x, -1
    if mtype == PUSH:  # MT-8: the enemy met goes one square on, the Bélier takes its place
        beyond = 2 * t - f if abs(t - f) in (1, SIZE) else t + (t - f) // 2
        b[f] = 0
        b[t] = v
        b[beyond] = x
        own[own.index(f)] = t
        enemies[enemies.index(t)] = beyond
        return ZOBRIST[f][v] ^ ZOBRIST[t][v] ^ ZOBRIST[t][x] ^ ZOBRIST[beyond][x], 0, beyond
    # A swap: the Passeur's with an ally (MT-11), the Espion's with an enemy (MT-12).
    b[f] = x
    b[t] = v
    if x & 1 != v & 1:  # the Espion's swap: each side's piece changes square
        own[own.index(f)] = t
        enemies[enemies.index(t)] = f
    return ZOBRIST[f][v] ^ ZOBRIST[t][x] ^ ZOBRIST[f][x] ^ ZOBRIST[t][v], 0, -1
