"""Mitan's actions and their text notation (MT-4).

    pick L        draft a Lancier from the market (MT-14)
    L@c2          place a Lancier on c2 (MT-15, MT-16)
    Lc2-c5        move;            Lc2xc4   move and capture (a Bélier's "x" crushes, MT-8)
    Ac2*c4        the Archer shoots without moving (MT-7)
    Bc2>c3        the Bélier charges to c3 and pushes the enemy there one square on (MT-8)
    Xc2<>e7       swap places (Passeur with an ally MT-11, Espion with an enemy MT-12)
    pass          no legal action (MT-17)

Piece letters are the rulings' codes; a battle action is one small int (`Move.code`) so that
legal_actions and apply stay cheap, and each action object is made once and cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludotheque.core.errors import NotationError
from ludotheque.core.game import Action

from .board import (
    ARCHER,
    BELIER,
    CODES,
    ESPION,
    KIND_OF_CODE,
    PASSEUR,
    SQUARE_NAMES,
    SQUARE_OF_NAME,
    SQUARES,
)

# Kinds of battle action, in the code's top digits.
MOVE, CAPTURE, SHOT, PUSH, SWAP = 0, 1, 2, 3, 4
SEPARATORS = ("-", "x", "*", ">", "<>")


def encode(mtype: int, kind: int, origin: int, target: int) -> int:
    return ((mtype * 14 + kind) * SQUARES + origin) * SQUARES + target


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Draft one piece of this kind from the market."""

    kind: int

    def text(self) -> str:
        return f"pick {CODES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put one piece of this kind from one's reserve on a square of one's camp."""

    kind: int
    square: int

    def text(self) -> str:
        return f"{CODES[self.kind]}@{SQUARE_NAMES[self.square]}"


class Move(int, Action):
    """A battle action: a move, a capture, a shot, a push, a crush or a swap.

    It is its own int code, so that comparing, hashing and storing actions costs what ints
    cost: the engine makes every Move once (tables.py) and shares it.
    """

    __slots__ = ()

    def __new__(cls, code: int) -> Move:
        return int.__new__(cls, code)

    @property
    def target(self) -> int:
        return self % SQUARES

    @property
    def origin(self) -> int:
        return self // SQUARES % SQUARES

    @property
    def kind(self) -> int:
        return self // (SQUARES * SQUARES) % 14

    @property
    def mtype(self) -> int:
        return self // (SQUARES * SQUARES * 14)

    def text(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            text = _TEXTS[int(self)] = (
                f"{CODES[self.kind]}{SQUARE_NAMES[self.origin]}{SEPARATORS[self.mtype]}"
                f"{SQUARE_NAMES[self.target]}")
        return text

    def __repr__(self) -> str:
        return f"Move({self.text()!r})"

    def __str__(self) -> str:
        return self.text()


_TEXTS: dict[int, str] = {}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No legal action: the turn passes (MT-17)."""

    def text(self) -> str:
        return "pass"


PASS = Pass()
PICKS = tuple(Pick(k) for k in range(14))
PLACES = tuple(Place(k, sq) for k in range(14) for sq in range(SQUARES))
_MOVES: dict[int, Move] = {}


def place(kind: int, sq: int) -> Place:
    return PLACES[kind * SQUARES + sq]


def move(code: int) -> Move:
    """The one Move object for this code (made once, then shared)."""
    m = _MOVES.get(code)
    if m is None:
        m = _MOVES[code] = Move(code)
    return m




_BATTLE = re.compile(r"([CFLMSGKABPEXY])([a-i][1-9])(-|x|\*|>|<>)([a-i][1-9])")
_PLACE = re.compile(r"([CFLMSGKABPEXY])@([a-i][1-9])")
_PICK = re.compile(r"pick ([FLMSGKABPEXY])")


def parse(text: str) -> Action:
    """The action written `text`; NotationError for anything that is not an action's text."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is written as text")
    if text == "pass":
        return PASS
    if m := _PICK.fullmatch(text):
        return PICKS[KIND_OF_CODE[m.group(1)]]
    if m := _PLACE.fullmatch(text):
        return place(KIND_OF_CODE[m.group(1)], SQUARE_OF_NAME[m.group(2)])
    if m := _BATTLE.fullmatch(text):
        kind = KIND_OF_CODE[m.group(1)]
        origin, target = SQUARE_OF_NAME[m.group(2)], SQUARE_OF_NAME[m.group(4)]
        mtype = SEPARATORS.index(m.group(3))
        if origin == target:
            raise NotationError(text, "a piece must go to another square")
        if mtype == SHOT and kind != ARCHER:
            raise NotationError(text, "only the Archer (A) shoots (*)")
        if mtype == PUSH and kind != BELIER:
            raise NotationError(text, "only the Bélier (B) pushes (>)")
        if mtype == SWAP and kind not in (PASSEUR, ESPION):
            raise NotationError(text, "only the Passeur (X) and the Espion (Y) swap (<>)")
        return move(encode(mtype, kind, origin, target))
    raise NotationError(
        text, "expected 'pick L', 'L@c2', 'Lc2-c5', 'Lc2xc4', 'Ac2*c4', 'Bc2>c3', "
              "'Xc2<>e7' or 'pass'")
