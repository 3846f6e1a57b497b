"""A FaMiX lesson's starting position (the tutorial's `position` option), written as text.

    olympe: Zeus [Nectar, Ambroisie], Héra / Hadès;
    areopage: Persée, Andromède / Achille, Hector; vivants: - / Jason

Seats are separated by `/`, `-` for none. `olympe`: each seat's Dieux (MX-15), each with the
resources it holds in brackets (MX-20); `areopage`: each seat's cards still to fight, no Dieu
among them (MX-15), at least one each; `vivants` (optional): the cards each seat has won so
far (MX-19). Everything in a FaMiX position is face up (MX-14); only the resource pile is
hidden: it holds the resources not on a Dieu, shuffled by the seed (MX-20, MX-25).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ludotheque.core.data import did_you_mean

from .cards import CardSet
from .notation import RESOURCES

SECTIONS = ("olympe", "areopage", "vivants")
COPIES = 4  # MX-20: 4 of each resource


@dataclass(frozen=True)
class Position:
    olympe: tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, tuple[str, ...]], ...]]
    areopage: tuple[tuple[str, ...], tuple[str, ...]]
    vivants: tuple[tuple[str, ...], tuple[str, ...]]


def _seats(body: str, where: str) -> tuple[str, str]:
    parts = body.split("/")
    if len(parts) != 2:
        raise ValueError(f"{where}: two seats separated by /")
    return parts[0].strip(), parts[1].strip()


def _names(text: str) -> tuple[str, ...]:
    if text == "-":
        return ()
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _dieux(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if text == "-":
        return ()
    items: list[str] = []
    depth, item = 0, ""
    for char in text:  # commas between Dieux, not those inside a Dieu's brackets
        depth += (char == "[") - (char == "]")
        if char == "," and depth == 0:
            items.append(item)
            item = ""
        else:
            item += char
    items.append(item)
    out: list[tuple[str, tuple[str, ...]]] = []
    for entry in (i.strip() for i in items if i.strip()):
        name, bracket, held = entry.partition("[")
        if bracket and not held.endswith("]"):
            raise ValueError(f"olympe: {entry!r}: a Dieu's resources are written in [ ]")
        resources = tuple(r.strip() for r in held.removesuffix("]").split(",") if r.strip())
        out.append((name.strip(), resources))
    return tuple(out)


def parse_position(text: str) -> Position:
    """The position written `text`; a ValueError says what is wrong with it (the card names
    are checked by `check_position`)."""
    parts: dict[str, str] = {}
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        name, colon, body = chunk.partition(":")
        name = name.strip()
        if not colon or name not in SECTIONS:
            raise ValueError(f"{chunk.strip()!r}: expected one of "
                             f"{', '.join(s + ':' for s in SECTIONS)}")
        if name in parts:
            raise ValueError(f"{name}: given twice")
        parts[name] = body
    if "olympe" not in parts or "areopage" not in parts:
        raise ValueError("a position needs an olympe: and an areopage: section")
    o0, o1 = _seats(parts["olympe"], "olympe")
    a0, a1 = _seats(parts["areopage"], "areopage")
    v0, v1 = _seats(parts.get("vivants", "- / -"), "vivants")
    return Position((_dieux(o0), _dieux(o1)), (_names(a0), _names(a1)),
                    (_names(v0), _names(v1)))


def check_position(position: Position, cards: CardSet) -> None:
    """Every name is a card of the set (a resource for what a Dieu holds), the Olympes hold
    Dieux only and the aréopages none (MX-15), each aréopage has a card to fight, and no
    resource is held more than 4 times (MX-20). A ValueError says what does not fit."""
    index: Mapping[str, int] = cards.index
    held: Counter[str] = Counter()
    for seat in (0, 1):
        for dieu, resources in position.olympe[seat]:
            if dieu not in index:
                raise ValueError(f"olympe: unknown card {dieu!r}{did_you_mean(dieu, index)}")
            if not cards.dieu[index[dieu]]:
                raise ValueError(f"olympe: {dieu} is no Dieu (MX-15)")
            for resource in resources:
                if resource not in RESOURCES:
                    raise ValueError(f"olympe: {resource!r} is no resource "
                                     f"({', '.join(RESOURCES)}){did_you_mean(resource, RESOURCES)}")
            held.update(resources)
        if not position.areopage[seat]:
            raise ValueError(f"areopage: seat {seat + 1} has no card to fight")
        for where, names in (("areopage", position.areopage[seat]),
                             ("vivants", position.vivants[seat])):
            for name in names:
                if name not in index:
                    raise ValueError(f"{where}: unknown card {name!r}"
                                     f"{did_you_mean(name, index)}")
        for name in position.areopage[seat]:
            if cards.dieu[index[name]]:
                raise ValueError(f"areopage: {name} is a Dieu: Dieux stand on the Olympe "
                                 f"(MX-15)")
    for resource, count in held.items():
        if count > COPIES:
            raise ValueError(f"olympe: {count} {resource} held, the pile has {COPIES} (MX-20)")
