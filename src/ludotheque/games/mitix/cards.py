"""The MiTiX cards (MX-1) and paquets (MX-3) as data, validated on load.

A card file holds `[[carte]]` tables; a paquet file holds `[[paquet]]` tables. Every mistake
names the file, the card (or paquet) and the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludotheque.core.data import (
    check_reference,
    entry_error,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.errors import DataError

PACKAGE = "ludotheque.games.mitix"
Genre = Literal["Exploit", "Ravage", "Prodige"]
# Characters the notation uses as separators: a card name may not contain them.
FORBIDDEN_IN_NAMES = (">", "#")


class CardEntry(BaseModel):
    """One card face (MX-1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    nom: str = Field(min_length=1, strict=True)
    bios: int = Field(gt=0, strict=True)
    attaque: int = Field(ge=0, strict=True)
    genre: Genre
    dieu: bool = Field(default=False, strict=True)
    famille: str = Field(min_length=1, strict=True)
    amis: list[str] = Field(default_factory=list)
    ennemis: list[str] = Field(default_factory=list)
    nature: str = Field(default="", strict=True)  # héros, monstre, Titan ... (shown on the face)


class PaquetEntry(BaseModel):
    """A player's collection: card names, duplicates allowed (MX-3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    nom: str = Field(min_length=1, strict=True)
    cartes: list[str] = Field(min_length=1)
    description: str = ""


@dataclass(frozen=True, eq=False)
class CardSet:
    """A validated card set, as parallel tuples indexed by card id (fast to read in the rules)."""

    source: str
    entries: tuple[CardEntry, ...]
    names: tuple[str, ...]
    index: Mapping[str, int]
    bios: tuple[int, ...]
    attaque: tuple[int, ...]
    dieu: tuple[bool, ...]
    famille: tuple[int, ...]
    familles: tuple[str, ...]
    amis: tuple[frozenset[int], ...]
    ennemis: tuple[frozenset[int], ...]

    def __len__(self) -> int:
        return len(self.names)

    def card(self, name: str) -> CardEntry:
        return self.entries[self.index[name]]


def build_card_set(source: str, document: Mapping[str, Any]) -> CardSet:
    """Validate a parsed card document (`[[carte]]` tables) into a CardSet."""
    unknown = [k for k in document if k != "carte"]
    if unknown:
        raise DataError(f'{source}: unknown top-level key "{unknown[0]}" (expected [[carte]])')
    entries = validate_entries(source, document.get("carte", []), CardEntry, kind="card",
                               key="nom")
    names = [e.nom for e in entries]
    for e in entries:
        for bad in FORBIDDEN_IN_NAMES:
            if bad in e.nom:
                raise entry_error(source, "card", e.nom, "nom", f'may not contain "{bad}"')
        if e.nom != e.nom.strip():
            raise entry_error(source, "card", e.nom, "nom", "spaces around the name")
        # MX-1: Prodige is the attack of gods and divine beings.
        if e.dieu and e.genre != "Prodige":
            raise entry_error(source, "card", e.nom, "genre", "a Dieu attacks with a Prodige")
        # MX-2: attack values are well below Bios values.
        if e.attaque >= e.bios:
            raise entry_error(source, "card", e.nom, "attaque",
                              f"must be below the Bios ({e.attaque} >= {e.bios})")
        for field in ("amis", "ennemis"):
            refs: list[str] = getattr(e, field)
            for ref in refs:
                check_reference(source, "card", e.nom, field, ref, names)
                if ref == e.nom:
                    raise entry_error(source, "card", e.nom, field, "a card cannot name itself")
            if len(set(refs)) != len(refs):
                raise entry_error(source, "card", e.nom, field, "a name is written twice")
    index = {n: i for i, n in enumerate(names)}
    familles = tuple(dict.fromkeys(e.famille for e in entries))
    family_index = {f: i for i, f in enumerate(familles)}
    return CardSet(
        source=source,
        entries=tuple(entries),
        names=tuple(names),
        index=index,
        bios=tuple(e.bios for e in entries),
        attaque=tuple(e.attaque for e in entries),
        dieu=tuple(e.dieu for e in entries),
        famille=tuple(family_index[e.famille] for e in entries),
        familles=familles,
        amis=tuple(frozenset(index[n] for n in e.amis) for e in entries),
        ennemis=tuple(frozenset(index[n] for n in e.ennemis) for e in entries),
    )


def load_cards(path: str | Path) -> CardSet:
    """A card file from disk (TOML or JSON)."""
    return build_card_set(str(path), read_document(path))


def load_base_set() -> CardSet:
    """The base set shipped with the game (MX-2)."""
    source, document = read_package_document(PACKAGE, "data/cartes.toml")
    return build_card_set(source, document)


def build_paquets(source: str, document: Mapping[str, Any], cards: CardSet) -> list[PaquetEntry]:
    """Validate a parsed paquet document (`[[paquet]]` tables) against a card set."""
    unknown = [k for k in document if k != "paquet"]
    if unknown:
        raise DataError(f'{source}: unknown top-level key "{unknown[0]}" (expected [[paquet]])')
    paquets = validate_entries(source, document.get("paquet", []), PaquetEntry, kind="paquet",
                               key="nom")
    for p in paquets:
        for name in p.cartes:
            check_reference(source, "paquet", p.nom, "cartes", name, cards.names)
    return paquets


def load_paquets(path: str | Path, cards: CardSet) -> list[PaquetEntry]:
    return build_paquets(str(path), read_document(path), cards)


def load_default_paquets(cards: CardSet) -> list[PaquetEntry]:
    """The paquets shipped with the game; the first two are the default for seats 1 and 2."""
    source, document = read_package_document(PACKAGE, "data/paquets.toml")
    paquets = build_paquets(source, document, cards)
    if len(paquets) < 2:
        raise DataError(f"{source}: at least two paquets must ship (one per seat)")
    return paquets


def paquet_ids(cards: CardSet, names: Sequence[str]) -> list[int]:
    return [cards.index[n] for n in names]
