"""Mitan for the AI adapters: one numbering of every action text, observations from a view.

Actions (ids in this order, the same for every Mitan setup, so that a policy trained on the
open game plays the hidden placement and the tutorial's positions with the same ids):

    pass                                      MT-17
    pick F .. pick Y                          MT-14, market kinds in code order
    C@a1 .. Y@i9                              MT-15, kinds in code order, then the squares
                                              of both camps in square order
    battle actions                            MT-5..MT-12, by their int code (notation.encode:
                                              action type, kind, origin, target), read from
                                              the move tables the generator itself reads

Every battle action the generator can produce comes from tables.py (LEAPS, RAYS, SHOTS,
CHARGE_TABLE, PASSEUR_SWAPS, ESPION_SWAPS), so numbering those tables is exhaustive; a
Passeur never swaps with its own square, so that entry is left out.

Observation (names in `observation_names`), sides said from the observing seat ("mine",
"theirs"), squares as the board names them (a1 is White's corner for both seats):

    board.<sq>.<piece>.<side>     one-hot planes, 81 squares x 13 pieces x 2 sides
    mitan.<sq>.<side>             who stands on each of the three Mitans (MT-1)
    paralysed.<sq>, shielded.<sq> the screen's marks (MT-10, MT-9), both sides' pieces
    side.white, turn.mine         the seat plays White; the seat is to act now
    phase.<phase>                 draft, placement, battle, over
    market.<piece>                copies left in the market / 3 (MT-13)
    drafted.<piece>.<side>        copies drafted / 3 (MT-14)
    reserve.<piece>.<side>        pieces still to place / 3 (0 when hidden, MT-16)
    placed.<side>                 pieces placed / 8 (MT-15)
    streak.<side>, points.<side>  MT-21 streak / 2, MT-23 centre points / 150
    ply                           half-moves played / 150 (MT-23)

In the hidden placement the view shows empty squares and no reserve for the other army:
the observation reads the view only, so it cannot show them either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import JSON

from .board import (
    ARCHER,
    BELIER,
    CAMPS,
    CODES,
    ESPION,
    KIND_OF_CODE,
    MARKET_KINDS,
    MITANS,
    PASSEUR,
    SQUARE_NAMES,
    SQUARE_OF_NAME,
    SQUARES,
)
from .notation import PASS, PICKS, move, place
from .pieces import piece
from .rules import HALF_MOVE_LIMIT, MARKET_COPIES, PHASES, PIECES_PER_ARMY
from .tables import CHARGE_TABLE, ESPION_SWAPS, LEAPS, PASSEUR_SWAPS, RAYS, SHOTS

KINDS = tuple(range(1, len(CODES)))  # the 13 pieces, Chef first (code order)
SIDES = ("mine", "theirs")


def _slug(kind: int) -> str:
    return piece(kind).name.lower().replace(" ", "-")


def battle_codes() -> list[int]:
    """Every battle action's code any piece of either colour may ever make, sorted."""
    codes: set[int] = set()
    for value in range(2, 28):  # kind * 2 + colour, every kind of both colours
        kind = value >> 1
        for sq in range(SQUARES):
            for _, mv, cp in LEAPS[value][sq]:
                codes.add(mv)
                if cp is not None:
                    codes.add(cp)
            for ray in RAYS[value][sq]:
                for _, mv, cp in ray:
                    codes.add(mv)
                    if cp is not None:
                        codes.add(cp)
            if kind == ARCHER:
                codes.update(shot for _, targets in SHOTS[sq] for _, shot in targets)
            elif kind == BELIER:
                for charge in CHARGE_TABLE[sq]:
                    codes.update(m for m in charge[3:] if m is not None)
            elif kind == PASSEUR:
                codes.update(m for t, m in enumerate(PASSEUR_SWAPS[sq]) if t != sq)
            elif kind == ESPION:
                codes.update(m for _, m in ESPION_SWAPS[sq])
    return sorted(int(c) for c in codes)


def action_texts() -> tuple[str, ...]:
    camps = sorted(CAMPS[0] + CAMPS[1])
    return (PASS.text(),
            *(PICKS[k].text() for k in MARKET_KINDS),
            *(place(k, sq).text() for k in KINDS for sq in camps),
            *(move(code).text() for code in battle_codes()))


def observation_names() -> tuple[str, ...]:
    names: list[str] = []
    for sq in SQUARE_NAMES:
        for kind in KINDS:
            names += [f"board.{sq}.{_slug(kind)}.{side}" for side in SIDES]
    for m in MITANS:
        names += [f"mitan.{SQUARE_NAMES[m]}.{side}" for side in SIDES]
    names += [f"paralysed.{sq}" for sq in SQUARE_NAMES]
    names += [f"shielded.{sq}" for sq in SQUARE_NAMES]
    names += ["side.white", "turn.mine"]
    names += [f"phase.{p}" for p in PHASES]
    names += [f"market.{_slug(k)}" for k in MARKET_KINDS]
    names += [f"drafted.{_slug(k)}.{side}" for k in MARKET_KINDS for side in SIDES]
    names += [f"reserve.{_slug(k)}.{side}" for k in KINDS for side in SIDES]
    names += [f"placed.{side}" for side in SIDES]
    names += [f"streak.{side}" for side in SIDES]
    names += [f"points.{side}" for side in SIDES]
    names.append("ply")
    return tuple(names)


def _counts(data: JSON, kinds: Sequence[int]) -> list[float]:
    counts = data or {}
    return [counts.get(CODES[k], 0) / MARKET_COPIES for k in kinds]


def observe(view: Mapping[str, JSON], seat: int) -> list[float]:
    """The numbers `observation_names` names, read from `seat`'s view only."""
    other = 1 - seat
    board = [0.0] * (SQUARES * len(KINDS) * 2)
    for sq, letter in enumerate(view["board"]):
        if letter:
            side = 0 if letter.isupper() == (seat == 0) else 1
            board[(sq * len(KINDS) + KIND_OF_CODE[letter.upper()] - 1) * 2 + side] = 1.0
    out = board
    for m in MITANS:
        letter = view["board"][m]
        mine = bool(letter) and letter.isupper() == (seat == 0)
        out += [float(mine), float(bool(letter) and not mine)]
    for key in ("paralysed", "shielded"):
        marked = [0.0] * SQUARES
        for name in view.get(key, ()):
            marked[SQUARE_OF_NAME[name]] = 1.0
        out += marked
    out += [float(seat == 0), float(seat in view["to_act"])]
    out += [float(view["phase"] == p) for p in PHASES]
    out += _counts(view["market"], MARKET_KINDS)
    drafted = [_counts(view["drafted"][s], MARKET_KINDS) for s in (seat, other)]
    out += [x for pair in zip(*drafted, strict=True) for x in pair]
    reserve = [_counts(view["reserve"][s], KINDS) for s in (seat, other)]
    out += [x for pair in zip(*reserve, strict=True) for x in pair]
    for key, scale in (("placed", PIECES_PER_ARMY), ("streak", 2),
                       ("points", HALF_MOVE_LIMIT)):
        out += [view[key][seat] / scale, view[key][other] / scale]
    out.append(view["ply"] / HALF_MOVE_LIMIT)
    return out


@cache
def _encoding() -> Encoding:
    names = observation_names()
    return Encoding(action_texts(), len(names), observe, names)


@cache
def encoding_for(players: int, options: str) -> Encoding:
    """The setup's encoding, cached by (players, canonical options dump); every setup
    shares one numbering (see the module's text)."""
    return _encoding()
