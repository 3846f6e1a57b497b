"""Decks players build (DG-1, DG-7): read from text, checked, put into a seat's options.

The text names the team on an "Équipe:" line, then the Sorts under "Sorts:" and the
Châteaux under "Châteaux:", one card a line with its count in front (docs/decks.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ludotheque.core.decks import (
    DeckCheck,
    DeckProblem,
    DeckRules,
    Facet,
    ReadyMade,
    find_name,
    fold,
    read_lines,
    unknown_card,
)
from ludotheque.core.game import JSON, Options, Seat

from .cards import CardSet, Deck, deck_rule_problems
from .catalog import CARDS
from .texts import CATEGORY_NAMES, colour, effet_text

SECTIONS = {"sorts": "sorts", "spells": "sorts", "chateaux": "chateaux", "castles": "chateaux"}
HEADINGS = ("équipe", "team")
# What a custom deck is called in a game's view ("deck_name"): the name a player gave their
# deck may say what it holds, so the others read this word instead.
CUSTOM_NAME = "perso"


@dataclass(frozen=True)
class WrittenDeck:
    """A deck's text read: the team, the Sorts with their copies, the Châteaux."""

    equipe: str
    sorts: dict[str, int]
    chateaux: tuple[str, ...]


def deck_text(cards: CardSet, deck: Deck, title: str = "") -> str:
    """A deck (of indices) as text."""
    head = [f"# {title}"] if title else []
    sorts = Counter(cards.sorts[i].name for i in deck.sorts)
    castles = Counter(cards.chateaux[i].name for i in deck.chateaux)
    return "\n".join([*head, f"Équipe: {cards.equipes[deck.equipe].name}", "Sorts:",
                      *(f"{n} {name}" for name, n in sorts.items()), "Châteaux:",
                      *(f"{n} {name}" for name, n in castles.items())]) + "\n"


class DiamagiqueDecks(DeckRules):
    option: ClassVar[str] = "decks"
    word: ClassVar[dict[str, str]] = {"fr": "deck", "en": "deck"}
    curve_facet: ClassVar[str] = "puissance"

    def __init__(self, cards: CardSet = CARDS) -> None:
        self.cards = cards
        self.sorts = {fold(s.name): s.name for s in cards.sorts}
        self.chateaux = {fold(c.name): c.name for c in cards.chateaux}
        self.equipes = {fold(e.name): e.name for e in cards.equipes}
        # A team may also be named by its ready-made deck's name ("Aube").
        for d in cards.decks:
            self.equipes.setdefault(fold(d.name), cards.equipes[d.equipe].name)

    def team_names(self, colours: Sequence[str]) -> list[str]:
        """The teams that may play a card of `colours` (DG-7)."""
        return [e.name for i, e in enumerate(self.cards.equipes)
                if self.cards.team_colours(i).intersection(colours)]

    def collection(self, lang: str = "fr") -> list[dict[str, JSON]]:
        names = CATEGORY_NAMES["en" if lang == "en" else "fr"]
        out: list[dict[str, JSON]] = []
        by_name = {m.name: m for m in self.cards.magiciens}
        for i, team in enumerate(self.cards.equipes):
            wizards = [by_name[w] for w in team.magiciens]
            out.append({"name": team.name, "section": "equipe",
                        "kind": "Team" if lang == "en" else "Équipe",
                        "couleurs": [colour(c, lang) for c in sorted(
                            self.cards.team_colours(i))],
                        "equipes": [team.name], "categorie": "—", "puissance": None,
                        "text": " · ".join(f"{w.name} "
                                           f"({'/'.join(colour(c, lang) for c in w.couleurs)}): "
                                           f"{effet_text(w.effet, lang)}" for w in wizards)})
        for s in self.cards.sorts:
            out.append({"name": s.name, "section": "sorts",
                        "kind": "Spell" if lang == "en" else "Sort",
                        "couleurs": [colour(c, lang) for c in s.couleurs],
                        "equipes": self.team_names(s.couleurs),
                        "categorie": names[s.effet.categorie] if s.effet else "—",
                        "puissance": s.puissance,
                        "text": (("Hidden. " if lang == "en" else "Caché. ") if s.cache else "")
                        + (effet_text(s.effet, lang) if s.effet else "")})
        for c in self.cards.chateaux:
            out.append({"name": c.name, "section": "chateaux",
                        "kind": "Castle" if lang == "en" else "Château",
                        "couleurs": [colour(x, lang) for x in c.couleurs],
                        "equipes": [e.name for e in self.cards.equipes],
                        "categorie": names[c.effet.categorie], "puissance": None,
                        "text": effet_text(c.effet, lang)})
        return out

    def facets(self) -> Sequence[Facet]:
        return (Facet("kind", "Carte", "Card"), Facet("equipes", "Équipe", "Team"),
                Facet("couleurs", "Couleur", "Colour"),
                Facet("categorie", "Catégorie", "Category"),
                Facet("puissance", "Puissance", "Power", True))

    def ready_made(self) -> Sequence[ReadyMade]:
        return tuple(ReadyMade(d.name, deck_text(self.cards, d, d.name))
                     for d in self.cards.decks)

    def formats(self) -> Sequence[tuple[str, str]]:
        return (("deck", "Diamagique"),)

    def read(self, text: str) -> tuple[WrittenDeck, list[DeckProblem], dict[str, int]]:
        """The deck a text writes, what cannot be read, and each name's line."""
        lines, headed, problems = read_lines(text, SECTIONS, HEADINGS)
        where: dict[str, int] = {}
        team_line, team_text = headed.get("equipe") or headed.get("team") or (None, "")
        equipe = self.equipes.get(fold(team_text), team_text)
        if team_line is not None:
            where[equipe] = team_line
        if not team_text:
            problems.append(DeckProblem("DG-1", "aucune équipe : écrivez « Équipe: ... »",
                                        'no team: write "Équipe: ..."'))
        sorts: dict[str, int] = {}
        chateaux: list[str] = []
        for line in lines:
            known = self.sorts if line.section == "sorts" else self.chateaux
            found = find_name(line.name, known)
            if found is None:
                if line.section == "sorts":
                    problems.append(unknown_card(line, "Sort inconnu", "unknown Spell",
                                                 self.sorts.values()))
                else:
                    problems.append(unknown_card(line, "Château inconnu", "unknown Castle",
                                                 self.chateaux.values()))
                continue
            where.setdefault(found, line.number)
            if line.section == "sorts":
                sorts[found] = sorts.get(found, 0) + line.count
            else:
                chateaux.extend([found] * line.count)
        return WrittenDeck(equipe, sorts, tuple(chateaux)), problems, where

    def check(self, text: str, format: str | None = None) -> DeckCheck:
        deck, problems, where = self.read(text)
        if deck.equipe or not problems:
            # DG-1, DG-7: the engine's own check of the deck.
            problems += [p for _, p in deck_rule_problems(
                self.cards, deck.equipe, list(deck.sorts.items()), deck.chateaux, where)]
        power = {s.name: s.puissance for s in self.cards.sorts}
        curve = Counter(str(power[n]) for n, k in deck.sorts.items() for _ in range(k))
        copies = {**deck.sorts, **Counter(deck.chateaux)}
        return DeckCheck(problems, {"sorts": sum(deck.sorts.values()),
                                    "chateaux": len(deck.chateaux)}, copies,
                         dict(sorted(curve.items(), key=lambda kv: int(kv[0]))))

    def format_of(self, options: Options) -> str:
        return "deck"

    def seat_deck(self, options: Options, seat: Seat, text: str,
                  name: str | None = None) -> Options:
        from .game import DeckSpec, DiamagiqueOptions

        deck, problems, _ = self.read(text)
        if problems:
            raise ValueError(problems[0].en)
        assert isinstance(options, DiamagiqueOptions)
        decks = list(options.decks)
        decks[seat] = DeckSpec(name=name or CUSTOM_NAME, equipe=deck.equipe, sorts=deck.sorts,
                               chateaux=deck.chateaux)
        return options.model_copy(update={"decks": (decks[0], decks[1])})

    def seat_ready(self, options: Options, seat: Seat, name: str) -> Options:
        from .game import DiamagiqueOptions

        assert isinstance(options, DiamagiqueOptions)
        if self.ready(name) is None:
            raise ValueError(f"no ready-made deck {name!r}")
        decks = list(options.decks)
        decks[seat] = name  # a ready-made deck is named in the options, as the site did
        return options.model_copy(update={"decks": (decks[0], decks[1])})

    def deck_text(self, options: Options, seat: Seat) -> str:
        from .game import DiamagiqueOptions, resolve_deck

        assert isinstance(options, DiamagiqueOptions)
        return deck_text(self.cards, resolve_deck(options.decks[seat], seat))
