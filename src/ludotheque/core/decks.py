"""Decks a player builds (a card game's paquets or decks): the contract a game with decks
honours, and the text format decks are shared in (docs/decks.md).

A game with decks returns a `DeckRules` from `Game.deck_rules()`. Its options hold one deck
per seat in the field `DeckRules.option`: that field is a seat's private setup, never a
public option (the server sends it to nobody; the record keeps it). The rules read a deck's
text, say every way it breaks the rules (`DeckProblem`, with the ruling id and a sentence in
French and English), and put a legal deck into a seat's options.

The text: one card a line, an optional count in front ("3 Boule de feu", "3x Boule de
feu"), "#" starts a comment; a game may add section lines ("Sorts:", "Châteaux:") and
headed lines ("Équipe: ..."). Names are matched without case or accents.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .data import did_you_mean
from .game import JSON, Options, Seat

# Limits of the site, not of the games: what one deck's text may cost the server.
MAX_TEXT = 6_000   # characters of a deck's text
MAX_LINES = 300    # lines of a deck's text
MAX_COUNT = 99     # copies written on one line
MAX_CARDS = 300    # cards in one deck

LINE = re.compile(r"^\s*(?:(\d{1,3})\s*[xX×]?\s+)?(.+?)\s*$")


def fold(name: str) -> str:
    """A name as decks match it: no case, no accents, single spaces, plain apostrophes."""
    plain = unicodedata.normalize("NFKD", name.replace("œ", "oe").replace("Œ", "Oe"))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = plain.replace("’", "'").casefold()
    return " ".join(plain.split())


@dataclass(frozen=True)
class DeckProblem:
    """One way a deck breaks the rules: the ruling it breaks (None for a text the rules
    cannot read), the text line concerned (counted from 1; None for the whole deck), and
    the message in French and English."""

    rule: str | None
    fr: str
    en: str
    line: int | None = None

    def text(self, lang: str = "fr") -> str:
        message = self.en if lang == "en" else self.fr
        where = (f"line {self.line}: " if lang == "en" else f"ligne {self.line} : ") \
            if self.line is not None else ""
        rule = f" ({self.rule})" if self.rule else ""
        return f"{where}{message}{rule}"

    def to_json(self, lang: str = "fr") -> dict[str, JSON]:
        return {"rule": self.rule, "line": self.line, "text": self.text(lang)}


@dataclass
class DeckCheck:
    """A deck's text checked: its problems (none: legal) and its figures for the builder
    (counts by section, copies by card, the curve of costs or powers)."""

    problems: list[DeckProblem]
    counts: dict[str, int] = field(default_factory=dict)
    copies: dict[str, int] = field(default_factory=dict)
    curve: dict[str, int] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_json(self, lang: str = "fr") -> dict[str, JSON]:
        return {"legal": self.legal, "problems": [p.to_json(lang) for p in self.problems],
                "counts": self.counts, "copies": self.copies, "curve": self.curve}


@dataclass(frozen=True)
class Line:
    """A card line of a deck's text: where it is, its section, its count and name."""

    number: int
    section: str
    count: int
    name: str


def read_lines(text: str, sections: Mapping[str, str], headings: Iterable[str] = ()
               ) -> tuple[list[Line], dict[str, tuple[int, str]], list[DeckProblem]]:
    """The card lines of a deck's text, its headed values (`headings`, folded: "equipe" for
    "Équipe: Cercle de l'Aube") with their line, and what cannot be read. `sections` maps a
    section line's folded word (without its colon) to the section's key; lines before any
    section belong to the first."""
    problems: list[DeckProblem] = []
    if len(text) > MAX_TEXT:
        return [], {}, [DeckProblem(None, f"texte trop long ({len(text)} caractères, au plus "
                                          f"{MAX_TEXT})",
                                    f"text too long ({len(text)} characters, at most "
                                    f"{MAX_TEXT})")]
    rows = text.splitlines()
    if len(rows) > MAX_LINES:
        return [], {}, [DeckProblem(None, f"trop de lignes ({len(rows)}, au plus {MAX_LINES})",
                                    f"too many lines ({len(rows)}, at most {MAX_LINES})")]
    heads = {fold(h) for h in headings}
    section = next(iter(sections.values()), "")
    lines: list[Line] = []
    headed: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(rows, start=1):
        row = raw.split("#", 1)[0].strip()
        if not row:
            continue
        key, colon, rest = row.partition(":")
        if colon and fold(key) in sections and not rest.strip():
            section = sections[fold(key)]
            continue
        if colon and fold(key) in heads:
            headed[fold(key)] = (number, rest.strip())
            continue
        match = LINE.match(row)
        assert match is not None  # a non-empty row always matches
        count = int(match.group(1)) if match.group(1) else 1
        if not 1 <= count <= MAX_COUNT:
            problems.append(DeckProblem(None, f"{count} exemplaires : de 1 à {MAX_COUNT}",
                                        f"{count} copies: 1 to {MAX_COUNT}", number))
            continue
        lines.append(Line(number, section, count, match.group(2)))
    if sum(line.count for line in lines) > MAX_CARDS:
        problems.append(DeckProblem(None, f"plus de {MAX_CARDS} cartes",
                                    f"more than {MAX_CARDS} cards"))
    return lines, headed, problems


def find_name(name: str, known: Mapping[str, str]) -> str | None:
    """The card `name` stands for, `known` mapping folded names to names; None if none."""
    return known.get(fold(name))


def unknown_card(line: Line, unknown_fr: str, unknown_en: str,
                 known: Iterable[str]) -> DeckProblem:
    """A line naming no card of its kind ("carte inconnue", "unknown card"), with the
    closest name."""
    hint = did_you_mean(line.name, known)
    hint_fr = hint.replace("did you mean", "vouliez-vous dire")
    return DeckProblem(None, f"{unknown_fr} « {line.name} »{hint_fr}",
                       f'{unknown_en} "{line.name}"{hint}', line.number)


@dataclass(frozen=True)
class ReadyMade:
    """A deck shipped with the game: its name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class Facet:
    """A filter of the builder's collection: a card field and its label."""

    key: str
    fr: str
    en: str
    numeric: bool = False

    def to_json(self, lang: str = "fr") -> dict[str, JSON]:
        return {"key": self.key, "label": self.en if lang == "en" else self.fr,
                "numeric": self.numeric}


class DeckRules(ABC):
    """What a game with decks tells the site and the lab about them."""

    # The Options field holding one deck per seat: a seat's private setup.
    option: ClassVar[str]
    # What the game calls a deck ("paquet"), in French and English.
    word: ClassVar[Mapping[str, str]]
    # The facet of the curve the builder draws (the cost or power field of a card).
    curve_facet: ClassVar[str]

    @abstractmethod
    def collection(self, lang: str = "fr") -> list[dict[str, JSON]]:
        """Every card a deck may hold, for the builder: "name", "section" (the text's
        section it goes in), the facets' values and "text" (what the face says)."""

    @abstractmethod
    def facets(self) -> Sequence[Facet]:
        """The collection's filters, in the order the builder shows them."""

    @abstractmethod
    def ready_made(self) -> Sequence[ReadyMade]:
        """The decks shipped with the game; the first ones are the seats' defaults."""

    @abstractmethod
    def formats(self) -> Sequence[tuple[str, str]]:
        """The ways a deck is checked (a mode with its own minimum), as (key, title)."""

    @abstractmethod
    def check(self, text: str, format: str | None = None) -> DeckCheck:
        """Every problem of the deck written `text` for `format` (None: the first)."""

    @abstractmethod
    def format_of(self, options: Options) -> str:
        """The format a game's options play decks in."""

    @abstractmethod
    def seat_deck(self, options: Options, seat: Seat, text: str,
                  name: str | None = None) -> Options:
        """`options` with `seat` playing the deck written `text` (legal for their format);
        `name` names it where the game shows deck names (the balance lab's file names)."""

    def seat_ready(self, options: Options, seat: Seat, name: str) -> Options:
        """`options` with `seat` playing the ready-made deck `name` (games that name their
        ready-made decks in the options override it)."""
        made = self.ready(name)
        if made is None:
            raise ValueError(f"no ready-made deck {name!r}")
        return self.seat_deck(options, seat, made.text)

    @abstractmethod
    def deck_text(self, options: Options, seat: Seat) -> str:
        """The text of the deck `seat` plays under `options`."""

    def default_name(self, seat: Seat) -> str:
        """The ready-made deck a seat plays when nobody chose another."""
        made = self.ready_made()
        return made[min(seat, len(made) - 1)].name

    def ready(self, name: str) -> ReadyMade | None:
        return next((r for r in self.ready_made() if r.name == name), None)


def public_options(options: Mapping[str, JSON], rules: DeckRules | None) -> dict[str, JSON]:
    """A game's options as everyone may read them: the seats' decks left out."""
    if rules is None:
        return dict(options)
    return {k: v for k, v in options.items() if k != rules.option}
