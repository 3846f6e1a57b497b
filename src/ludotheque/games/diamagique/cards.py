"""The base set as data: Magiciens, Sorts, Châteaux, teams and ready-made decks.

Every card is validated on load (pydantic + core/data.py): an error names the file, the card
and the field. Effects are written in the small effect language of `Effet` (DG-14 categories).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ludotheque.core.data import (
    check_reference,
    did_you_mean,
    entry_error,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.decks import DeckProblem
from ludotheque.core.errors import DataError

PACKAGE = "ludotheque.games.diamagique.data"

# DG-2: the four colours.
COULEURS: tuple[str, ...] = ("Jaune", "Rouge", "Vert", "Bleu")
Couleur = Literal["Jaune", "Rouge", "Vert", "Bleu"]
# The colours in English (docs/i18n.md): texts say them so; data and notation keep the French.
COLOURS_EN = {"Jaune": "Yellow", "Rouge": "Red", "Vert": "Green", "Bleu": "Blue"}

# DG-14: the eight categories, in the order the text applies them.
CATEGORIES: tuple[str, ...] = (
    "valeur",              # (1) value-setting: "tombe à zéro"
    "multiplicateur",      # (2) x2
    "diviseur",            # (3) /2, rounded down
    "complexe_positif",    # (4) add the Puissance of other Sorts
    "complexe_negatif",    # (5) subtract the Puissance of other Sorts
    "positif",             # (6) +1
    "negatif",             # (7) -1
    "puissance_modifiee",  # (8) "la Puissance Magique modifiée du Sort est ..."
)
Categorie = Literal["valeur", "multiplicateur", "diviseur", "complexe_positif",
                    "complexe_negatif", "positif", "negatif", "puissance_modifiee"]
COMPLEXES = ("complexe_positif", "complexe_negatif")

# Whose Sorts an effect touches, seen from the card that carries it.
Cible = Literal["ce_sort", "adverse", "allies", "adversaires", "tous"]
# What a complex effect adds or subtracts, seen from the card that carries it, as its text
# reads (a Château, which has no side, sees it from each Sort it modifies).
Source = Literal["adverse", "allies", "adversaires", "diamagiques", "diamagiques_magicien"]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Condition(_Strict):
    """Conditions on the Sort being modified (all given ones must hold)."""

    couleur: tuple[Couleur, ...] | None = Field(default=None, min_length=1)
    cache: bool | None = None
    position: tuple[Literal[1, 2, 3], ...] | None = Field(default=None, min_length=1)
    chateau: tuple[Couleur, ...] | None = Field(default=None, min_length=1)
    actif: bool | None = None
    diamagiques_min: int | None = Field(default=None, ge=1, le=12)
    diamagiques_couleur: Couleur | None = None
    magicien_couleur: tuple[Couleur, ...] | None = Field(default=None, min_length=1)


class Effet(_Strict):
    """One modifier: a DG-14 category, an amount or a source, a target and conditions."""

    categorie: Categorie
    montant: int | None = None
    source: Source | None = None
    cible: Cible = "ce_sort"
    si: Condition = Condition()

    @model_validator(mode="after")
    def _coherent(self) -> Effet:
        cat = self.categorie
        if cat in COMPLEXES:
            if self.source is None:
                raise ValueError(f"a {cat} effect needs a source (what it adds or subtracts)")
            if self.montant is not None and self.montant < 1:
                raise ValueError("montant of a complex effect is a factor of at least 1")
            return self
        if self.source is not None:
            raise ValueError(f"only complex effects have a source, not {cat}")
        if self.montant is None:
            raise ValueError(f"a {cat} effect needs a montant")
        low = {"valeur": 0, "multiplicateur": 2, "diviseur": 2, "positif": 1, "negatif": 1,
               "puissance_modifiee": 0}[cat]
        if not low <= self.montant <= 12:
            raise ValueError(f"montant of a {cat} effect must be from {low} to 12, "
                             f"not {self.montant}")
        return self

    @property
    def factor(self) -> int:
        return 1 if self.montant is None else self.montant


class MagicienData(_Strict):
    name: str = Field(min_length=1)
    couleurs: tuple[Couleur, ...] = Field(min_length=1, max_length=2)
    effet: Effet  # DG-3: every Magicien has one ability

    @field_validator("effet")
    @classmethod
    def _targets(cls, effet: Effet) -> Effet:
        # DG-3: an ability acts on the Sort the Magicien casts or the Sort it faces.
        if effet.cible not in ("ce_sort", "adverse"):
            raise ValueError('a Magicien\'s effect targets "ce_sort" or "adverse", '
                             f'not "{effet.cible}"')
        return effet


class SortData(_Strict):
    name: str = Field(min_length=1)
    couleurs: tuple[Couleur, ...] = Field(min_length=1, max_length=2)
    puissance: int = Field(ge=0, le=6)  # DG-4: 0 to 6
    cache: bool = False
    effet: Effet | None = None


class ChateauData(_Strict):
    name: str = Field(min_length=1)
    couleurs: tuple[Couleur, ...] = Field(min_length=1, max_length=2)
    effet: Effet

    @field_validator("effet")
    @classmethod
    def _both_players(cls, effet: Effet) -> Effet:
        # DG-5: a Château's effect applies to both players.
        if effet.cible != "tous":
            raise ValueError(f'a Château\'s effect targets "tous", not "{effet.cible}"')
        return effet


class EquipeData(_Strict):
    name: str = Field(min_length=1)
    magiciens: tuple[str, str, str]  # DG-1: three Magiciens, in position order


class DeckLine(_Strict):
    sort: str
    copies: int = Field(ge=1)


class DeckData(_Strict):
    name: str = Field(min_length=1)
    equipe: str
    sorts: tuple[DeckLine, ...]
    chateaux: tuple[str, ...]


def slug(name: str) -> str:
    """The notation's name of a card: ascii, lower case, words joined by hyphens."""
    plain = unicodedata.normalize("NFKD", name.replace("œ", "oe").replace("Œ", "Oe"))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in plain).split()
    return "-".join(words)


@dataclass(frozen=True)
class Deck:
    """A deck ready to play: a team and its cards as indices into the set."""

    name: str
    equipe: int
    sorts: tuple[int, ...]
    chateaux: tuple[int, ...]


@dataclass(frozen=True)
class CardSet:
    magiciens: tuple[MagicienData, ...]
    sorts: tuple[SortData, ...]
    chateaux: tuple[ChateauData, ...]
    equipes: tuple[EquipeData, ...]
    decks: tuple[Deck, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_sort_by_slug",
                           {slug(s.name): i for i, s in enumerate(self.sorts)})
        object.__setattr__(self, "_chateau_by_slug",
                           {slug(c.name): i for i, c in enumerate(self.chateaux)})

    @property
    def sort_by_slug(self) -> dict[str, int]:
        return self._sort_by_slug  # type: ignore[attr-defined, no-any-return]

    @property
    def chateau_by_slug(self) -> dict[str, int]:
        return self._chateau_by_slug  # type: ignore[attr-defined, no-any-return]

    def deck(self, name: str) -> Deck:
        for d in self.decks:
            if d.name == name:
                return d
        raise KeyError(name)

    def team_colours(self, equipe: int) -> set[str]:
        by_name = {m.name: m for m in self.magiciens}
        return {c for m in self.equipes[equipe].magiciens for c in by_name[m].couleurs}


# DG-1, DG-7: the size of a deck, and copies allowed.
SPELL_DECK_SIZE = 40
CASTLE_DECK_SIZE = 8
MAX_COPIES = 3


def deck_problems(cards: CardSet, equipe: str, sorts: Iterable[tuple[str, int]],
                  chateaux: Iterable[str]) -> list[tuple[str, str]]:
    """Every way a deck breaks DG-1/DG-7, as (field, message); [] for a legal deck."""
    return [(field, problem.en) for field, problem in deck_rule_problems(
        cards, equipe, sorts, chateaux)]


def deck_rule_problems(cards: CardSet, equipe: str, sorts: Iterable[tuple[str, int]],
                       chateaux: Iterable[str], lines: Mapping[str, int] | None = None
                       ) -> list[tuple[str, DeckProblem]]:
    """Every way a deck breaks DG-1/DG-7, as (field, problem in French and English, with
    the ruling and, when `lines` maps a name to its line of a deck's text, that line)."""
    where = lines or {}
    problems: list[tuple[str, DeckProblem]] = []

    def add(field: str, rule: str | None, fr: str, en: str, name: str | None = None) -> None:
        problems.append((field, DeckProblem(rule, fr, en, where.get(name) if name else None)))

    teams = {e.name: i for i, e in enumerate(cards.equipes)}
    if equipe not in teams:
        add("equipe", "DG-1", f"équipe inconnue « {equipe} »", f'unknown team "{equipe}"',
            equipe)
        colours: set[str] = set()
    else:
        colours = cards.team_colours(teams[equipe])
    by_name = {s.name: s for s in cards.sorts}
    counts: dict[str, int] = {}
    for name, copies in sorts:
        counts[name] = counts.get(name, 0) + copies
    total = 0
    for name, copies in counts.items():
        total += copies
        sort = by_name.get(name)
        if sort is None:
            hint = did_you_mean(name, by_name)
            add("sorts", None, f"Sort inconnu « {name} »{hint}", f'unknown Spell "{name}"{hint}',
                name)
            continue
        # DG-7: at most 3 copies of a Sort.
        if copies > MAX_COPIES:
            add("sorts", "DG-7", f"{copies} exemplaires de « {name} » : au plus {MAX_COPIES}",
                f'{copies} copies of "{name}": at most {MAX_COPIES}', name)
        # DG-7: every Sort shares a colour with at least one Magicien of the team.
        if colours and not colours.intersection(sort.couleurs):
            add("sorts", "DG-7",
                f"« {name} » est {'/'.join(sort.couleurs)} : aucun Magicien de l'équipe n'a "
                f"cette couleur ({'/'.join(sorted(colours))})",
                f'"{name}" is {"/".join(COLOURS_EN[c] for c in sort.couleurs)}: no Wizard of '
                f'the team has that colour '
                f'({"/".join(COLOURS_EN.get(c, c) for c in sorted(colours))})', name)
    # DG-1: 40 Sorts and 8 Châteaux.
    if total != SPELL_DECK_SIZE:
        add("sorts", "DG-1", f"{total} Sorts : un deck de Sorts en a {SPELL_DECK_SIZE}",
            f"{total} Spells: a Spell deck has {SPELL_DECK_SIZE}")
    castles = list(chateaux)
    known = {c.name for c in cards.chateaux}
    for name in castles:
        if name not in known:
            hint = did_you_mean(name, known)
            add("chateaux", None, f"Château inconnu « {name} »{hint}",
                f'unknown Castle "{name}"{hint}', name)
    for name in sorted(set(castles)):
        if castles.count(name) > MAX_COPIES:
            add("chateaux", "DG-7",
                f"{castles.count(name)} exemplaires de « {name} » : au plus {MAX_COPIES}",
                f'{castles.count(name)} copies of "{name}": at most {MAX_COPIES}', name)
    if len(castles) != CASTLE_DECK_SIZE:
        add("chateaux", "DG-1",
            f"{len(castles)} Châteaux : un deck de Châteaux en a {CASTLE_DECK_SIZE}",
            f"{len(castles)} Castles: a Castle deck has {CASTLE_DECK_SIZE}")
    return problems


def build_deck(cards: CardSet, name: str, equipe: str, sorts: Iterable[tuple[str, int]],
               chateaux: Iterable[str]) -> Deck:
    """A Deck of indices; call only after `deck_problems` returned []."""
    sort_index = {s.name: i for i, s in enumerate(cards.sorts)}
    castle_index = {c.name: i for i, c in enumerate(cards.chateaux)}
    team = next(i for i, e in enumerate(cards.equipes) if e.name == equipe)
    spell_list = [sort_index[n] for n, k in sorts for _ in range(k)]
    return Deck(name, team, tuple(sorted(spell_list)), tuple(castle_index[c] for c in chateaux))


def _documents(folder: Any | None) -> dict[str, tuple[str, dict[str, Any]]]:
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for name in ("equipes.toml", "sorts.toml", "chateaux.toml", "decks.toml"):
        if folder is None:
            out[name] = read_package_document(PACKAGE, name)
        else:
            display = f"{folder}/{name}"
            out[name] = (display, read_document(display))
    return out


def load_cards(folder: Any | None = None) -> CardSet:
    """Load and check the set: the package's data/ by default, or the TOML files in `folder`."""
    docs = _documents(folder)
    src_e, doc_e = docs["equipes.toml"]
    src_s, doc_s = docs["sorts.toml"]
    src_c, doc_c = docs["chateaux.toml"]
    src_d, doc_d = docs["decks.toml"]
    magiciens = validate_entries(src_e, doc_e.get("magicien", []), MagicienData,
                                 kind="magicien")
    equipes = validate_entries(src_e, doc_e.get("equipe", []), EquipeData, kind="equipe")
    sorts = validate_entries(src_s, doc_s.get("sort", []), SortData, kind="sort")
    chateaux = validate_entries(src_c, doc_c.get("chateau", []), ChateauData, kind="chateau")
    decks = validate_entries(src_d, doc_d.get("deck", []), DeckData, kind="deck")
    _check_unknown_tables(src_e, doc_e, {"magicien", "equipe"})
    _check_unknown_tables(src_s, doc_s, {"sort"})
    _check_unknown_tables(src_c, doc_c, {"chateau"})
    _check_unknown_tables(src_d, doc_d, {"deck"})
    _check_slugs(src_s, "sort", [s.name for s in sorts])
    _check_slugs(src_c, "chateau", [c.name for c in chateaux])
    wizard_names = [m.name for m in magiciens]
    placed: dict[str, str] = {}
    for team in equipes:
        for w in team.magiciens:
            check_reference(src_e, "equipe", team.name, "magiciens", w, wizard_names,
                            "Magicien")
            if w in placed:
                raise entry_error(src_e, "equipe", team.name, "magiciens",
                                  f'"{w}" is already in team "{placed[w]}"')
            placed[w] = team.name
    partial = CardSet(tuple(magiciens), tuple(sorts), tuple(chateaux), tuple(equipes), ())
    ready: list[Deck] = []
    for deck in decks:
        check_reference(src_d, "deck", deck.name, "equipe", deck.equipe,
                        [e.name for e in equipes], "team")
        for line in deck.sorts:
            check_reference(src_d, "deck", deck.name, "sorts", line.sort,
                            [s.name for s in sorts], "Sort")
        for c in deck.chateaux:
            check_reference(src_d, "deck", deck.name, "chateaux", c,
                            [x.name for x in chateaux], "Château")
        lines = [(line.sort, line.copies) for line in deck.sorts]
        problems = deck_problems(partial, deck.equipe, lines, deck.chateaux)
        if problems:
            field, message = problems[0]
            raise entry_error(src_d, "deck", deck.name, field, message)
        ready.append(build_deck(partial, deck.name, deck.equipe, lines, deck.chateaux))
    return CardSet(tuple(magiciens), tuple(sorts), tuple(chateaux), tuple(equipes),
                   tuple(ready))


def _check_unknown_tables(source: str, doc: Mapping[str, Any], known: set[str]) -> None:
    for key in doc:
        if key not in known:
            raise DataError(f'{source}: unknown table "{key}"{did_you_mean(key, known)}')


def _check_slugs(source: str, kind: str, names: list[str]) -> None:
    seen: dict[str, str] = {}
    for name in names:
        key = slug(name)
        if not key:
            raise entry_error(source, kind, name, "name", "needs at least one letter or digit")
        if key in seen:
            raise entry_error(source, kind, name, "name",
                              f'written "{key}" in the notation, like "{seen[key]}"')
        seen[key] = name
