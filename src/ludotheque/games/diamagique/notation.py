"""Actions and their text notation (see docs/rules/diamagique.md).

    M2 torrent-de-lave     the Magicien in position 2 casts the Sort "Torrent de lave"
    chateau fonderie       the active player plays the Château "Fonderie" (official match)
    pose M3                the won Diamagiques go on the Magicien in position 3
    defausse tison         discard "Tison" from hand (hand above 5 cards)
"""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.core import Action, NotationError

from .catalog import CARDS, CHATEAU_SLUGS, SORT_SLUGS


@dataclass(frozen=True, slots=True)
class Lancer(Action):
    """Cast Sort `sort` (index in the set) with the Magicien in `position` (0-2)."""

    sort: int
    position: int

    def text(self) -> str:
        return f"M{self.position + 1} {SORT_SLUGS[self.sort]}"


@dataclass(frozen=True, slots=True)
class JouerChateau(Action):
    chateau: int

    def text(self) -> str:
        return f"chateau {CHATEAU_SLUGS[self.chateau]}"


@dataclass(frozen=True, slots=True)
class Poser(Action):
    """Place the won Diamagiques on the Magicien in `position` (0-2)."""

    position: int

    def text(self) -> str:
        return f"pose M{self.position + 1}"


@dataclass(frozen=True, slots=True)
class Defausser(Action):
    sort: int

    def text(self) -> str:
        return f"defausse {SORT_SLUGS[self.sort]}"


_POSITIONS = {"M1": 0, "M2": 1, "M3": 2}


def parse(text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is a text")
    words = text.split(" ")
    if len(words) != 2 or not all(words):
        raise NotationError(text, 'an action is two words: "M1 <sort>", "chateau <château>", '
                                  '"pose M1" or "defausse <sort>"')
    head, rest = words
    if head in _POSITIONS:
        return Lancer(_sort(text, rest), _POSITIONS[head])
    if head == "pose":
        if rest not in _POSITIONS:
            raise NotationError(text, "the Magicien is written M1, M2 or M3")
        return Poser(_POSITIONS[rest])
    if head == "chateau":
        index = CARDS.chateau_by_slug.get(rest)
        if index is None:
            raise NotationError(text, f"no Château is written {rest!r}")
        return JouerChateau(index)
    if head == "defausse":
        return Defausser(_sort(text, rest))
    raise NotationError(text, f"unknown action {head!r}")


def _sort(text: str, word: str) -> int:
    index = CARDS.sort_by_slug.get(word)
    if index is None:
        raise NotationError(text, f"no Sort is written {word!r}")
    return index
