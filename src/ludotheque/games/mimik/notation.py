"""MIMIK's actions and their notation (see docs/rules/mimik.md).

Seats and posed cards are numbered from 0: `2.1` is the second card posed in front of seat 2.

    pose 7               pose a Value card (`pose MIMIK`: a later MIMIK as a Value 5, MK-25)
    discard Tsunami      discard a card instead of playing (MK-11)
    Sabotage 2.1         Reverse 2.1        Half 2.1        Swap 0 2.1 (my card 0, seat 2's 1)
    Pause  Tsunami       Pickpocket 2       Swap Score 2    Discard x2 3 Pause
    MIMIK = 7            a MIMIK copying a visible Value 7 (MK-26)
    MIMIK Sabotage 2.1   a MIMIK copying the Action on top of the discard pile, with its target
    take <play>          Pickpocket: play the stolen card at once (`take pose 7`)
    keep 7 discard 3     Pickpocket: keep the stolen 7, discard a 3 from the hand
    drop 1               Tsunami tie: the owner discards their posed card 1 (MK-23)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludotheque.core.errors import NotationError
from ludotheque.core.game import Action

from .cards import CODES, MIMIK, NAMES, is_value


def card_name(card: int) -> str:
    return NAMES[card]


@dataclass(frozen=True, slots=True)
class Pose(Action):
    card: int  # a Value card 1..10, or MIMIK posed as a Value 5

    def text(self) -> str:
        return f"pose {NAMES[self.card]}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def text(self) -> str:
        return f"discard {NAMES[self.card]}"


@dataclass(frozen=True, slots=True)
class Sabotage(Action):
    seat: int
    index: int

    def text(self) -> str:
        return f"Sabotage {self.seat}.{self.index}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    mine: int
    seat: int
    index: int

    def text(self) -> str:
        return f"Swap {self.mine} {self.seat}.{self.index}"


@dataclass(frozen=True, slots=True)
class Reverse(Action):
    seat: int
    index: int

    def text(self) -> str:
        return f"Reverse {self.seat}.{self.index}"


@dataclass(frozen=True, slots=True)
class Pause(Action):
    def text(self) -> str:
        return "Pause"


@dataclass(frozen=True, slots=True)
class Half(Action):
    seat: int
    index: int

    def text(self) -> str:
        return f"Half {self.seat}.{self.index}"


@dataclass(frozen=True, slots=True)
class DiscardTwo(Action):
    first: int  # the two cards discarded from the hand, first <= second
    second: int

    def text(self) -> str:
        return f"Discard x2 {NAMES[self.first]} {NAMES[self.second]}"


@dataclass(frozen=True, slots=True)
class Pickpocket(Action):
    victim: int

    def text(self) -> str:
        return f"Pickpocket {self.victim}"


@dataclass(frozen=True, slots=True)
class SwapScore(Action):
    seat: int

    def text(self) -> str:
        return f"Swap Score {self.seat}"


@dataclass(frozen=True, slots=True)
class Tsunami(Action):
    def text(self) -> str:
        return "Tsunami"


ActionPlay = (Sabotage | Swap | Reverse | Pause | Half | DiscardTwo | Pickpocket | SwapScore
              | Tsunami)


@dataclass(frozen=True, slots=True)
class Copy(Action):
    """A MIMIK posed as a copy of a visible Value (MK-26)."""

    value: int

    def text(self) -> str:
        return f"MIMIK = {self.value}"


@dataclass(frozen=True, slots=True)
class CopyAction(Action):
    """A MIMIK posed as a copy of the Action on top of the discard pile (MK-26)."""

    play: ActionPlay

    def text(self) -> str:
        return f"MIMIK {self.play.text()}"


Play = Pose | ActionPlay | Copy | CopyAction


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Pickpocket: play the stolen card at once as this turn's play (MK-21)."""

    play: Play

    def text(self) -> str:
        return f"take {self.play.text()}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Pickpocket: keep the stolen card and discard another from the hand (MK-21)."""

    card: int
    discard: int

    def text(self) -> str:
        return f"keep {NAMES[self.card]} discard {NAMES[self.discard]}"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Tsunami tie: the owner picks which of their highest posed cards goes (MK-23)."""

    index: int

    def text(self) -> str:
        return f"drop {self.index}"


# -- parsing ----------------------------------------------------------------------------------
_NUMBER = r"(0|[1-9][0-9]{0,2})"
_TARGET = re.compile(rf"{_NUMBER}\.{_NUMBER}")
_INT = re.compile(_NUMBER)
_BY_LENGTH = sorted(CODES, key=len, reverse=True)


class _Bad(Exception):
    pass


def _int(text: str) -> int:
    if not _INT.fullmatch(text):
        raise _Bad(f"{text!r} is not a seat or card number")
    return int(text)


def _target(text: str) -> tuple[int, int]:
    m = _TARGET.fullmatch(text)
    if not m:
        raise _Bad(f"{text!r} is not a posed card (seat.card, e.g. 2.0)")
    return int(m.group(1)), int(m.group(2))


def _card(text: str) -> tuple[int, str]:
    """The card name that starts `text`, and what follows it."""
    for name in _BY_LENGTH:
        if text == name:
            return CODES[name], ""
        if text.startswith(name + " "):
            return CODES[name], text[len(name) + 1:]
    raise _Bad(f"{text!r} does not start with a card name")


def _only_card(text: str) -> int:
    code, rest = _card(text)
    if rest:
        raise _Bad(f"unexpected {rest!r} after the card")
    return code


def _action_play(text: str) -> ActionPlay | None:
    """An Action card's play, or None when `text` does not start with an Action's name."""
    if text == "Pause":
        return Pause()
    if text == "Tsunami":
        return Tsunami()
    head, _, rest = text.partition(" ")
    if text.startswith("Swap Score "):
        return SwapScore(_int(text[len("Swap Score "):]))
    if text.startswith("Discard x2 "):
        first, rest2 = _card(text[len("Discard x2 "):])
        second = _only_card(rest2)
        if first > second:
            raise _Bad("Discard x2 names its two cards in card order")
        return DiscardTwo(first, second)
    if head == "Sabotage":
        return Sabotage(*_target(rest))
    if head == "Reverse":
        return Reverse(*_target(rest))
    if head == "Half":
        return Half(*_target(rest))
    if head == "Swap":
        mine, _, theirs = rest.partition(" ")
        seat, index = _target(theirs)
        return Swap(_int(mine), seat, index)
    if head == "Pickpocket":
        return Pickpocket(_int(rest))
    return None


def _play(text: str) -> Play:
    if text.startswith("pose "):
        card = _only_card(text[5:])
        if not (is_value(card) or card == MIMIK):
            raise _Bad("only a Value card or a MIMIK is posed")
        return Pose(card)
    if text.startswith("MIMIK "):
        rest = text[6:]
        if rest.startswith("= "):
            value = _int(rest[2:])
            if not 0 <= value <= 11:
                raise _Bad("a copied value is 0 to 11 (a reversed 0 is worth 11)")
            return Copy(value)
        inner = _action_play(rest)
        if inner is None:
            raise _Bad("a MIMIK copies a value (MIMIK = 7) or an Action (MIMIK Sabotage 1.0)")
        return CopyAction(inner)
    inner = _action_play(text)
    if inner is None:
        raise _Bad("unknown action")
    return inner


def _parse(text: str) -> Action:
    if text.startswith("discard "):
        return Discard(_only_card(text[8:]))
    if text.startswith("take "):
        return Take(_play(text[5:]))
    if text.startswith("keep "):
        card, rest = _card(text[5:])
        if not rest.startswith("discard "):
            raise _Bad("keep names the stolen card, then 'discard' and a card of the hand")
        return Keep(card, _only_card(rest[8:]))
    if text.startswith("drop "):
        return Drop(_int(text[5:]))
    return _play(text)


def parse(text: str) -> Action:
    """The action written `text` (spaces are normalised); NotationError for anything else."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is written as text")
    clean = " ".join(text.split())
    try:
        return _parse(clean)
    except _Bad as exc:
        raise NotationError(text, str(exc)) from None
