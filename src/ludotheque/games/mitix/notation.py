"""MiTiX actions and their text notation (see docs/rules/mitix.md).

    reveal              MiTiX vs MiTiX: play the next round (both top cards revealed)
    send Persée         FaMiX: send Persée's FaMiX with Persée mise en avant (or Persée alone)
    down Méduse         FaMiX bataille: put Méduse face down
    Huile > Zeus        FaMiX: put the drawn Huile on Zeus ("Huile > Zeus #2": the second Zeus)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ludotheque.core.data import did_you_mean
from ludotheque.core.errors import NotationError
from ludotheque.core.game import Action

# MX-20: the resources, Offrandes first then Nourritures divines; their index is their id.
RESOURCES: tuple[str, ...] = ("Huile", "Pain", "Vin", "Nectar", "Ambroisie", "Hydromel")
OFFRANDES = frozenset((0, 1, 2))
NOURRITURES = frozenset((3, 4, 5))


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """MiTiX vs MiTiX: both players reveal their top card and the round is resolved."""

    def text(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Send(Action):
    """FaMiX: the secret choice of a combatant, named by its carte mise en avant."""

    card: str

    def text(self) -> str:
        return f"send {self.card}"


@dataclass(frozen=True, slots=True)
class Down(Action):
    """FaMiX bataille: the aréopage card put face down."""

    card: str

    def text(self) -> str:
        return f"down {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """FaMiX: the drawn resource put on a Dieu (`copy`: which one of same-named Dieux)."""

    resource: str
    dieu: str
    copy: int = 1

    def text(self) -> str:
        suffix = f" #{self.copy}" if self.copy > 1 else ""
        return f"{self.resource} > {self.dieu}{suffix}"


def _card(text: str, name: str, names: Collection[str]) -> str:
    if name not in names:
        raise NotationError(text, f'unknown card "{name}"{did_you_mean(name, names)}')
    return name


def parse(text: str, names: Collection[str]) -> Action:
    """The action written `text`; `names` are the card names of the set in play."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is a text")
    if text == "reveal":
        return Reveal()
    for prefix, kind in (("send ", Send), ("down ", Down)):
        if text.startswith(prefix):
            return kind(_card(text, text[len(prefix):], names))
    if " > " in text:
        resource, _, target = text.partition(" > ")
        if resource not in RESOURCES:
            raise NotationError(text, f'unknown resource "{resource}"'
                                      f"{did_you_mean(resource, RESOURCES)}")
        copy = 1
        if " #" in target:
            target, _, number = target.rpartition(" #")
            if not number.isdigit() or not number.isascii() or number[0] == "0" or number == "1":
                raise NotationError(text, "the copy of a Dieu is written #2, #3 ...")
            copy = int(number)
        return Place(resource, _card(text, target, names), copy)
    raise NotationError(text, 'expected "reveal", "send <card>", "down <card>" or '
                              '"<resource> > <Dieu>"')
