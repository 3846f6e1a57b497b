"""Paquets players build (MX-3): read from text, checked, put into a seat's options."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, ClassVar

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

from .rules import AREOPAGE_FAMIX, AREOPAGE_MITIX

if TYPE_CHECKING:
    from .game import Mitix

FORMATS = (("mitix", "MiTiX vs MiTiX"), ("famix", "FaMiX vs FaMiX"))
MINIMUM = {"mitix": AREOPAGE_MITIX, "famix": AREOPAGE_FAMIX}  # MX-3
GENRES = {"Exploit": "Exploit", "Ravage": "Ravage", "Prodige": "Prodige"}


@cache
def screen_words_en() -> dict[str, str]:
    """The screen's English words (web/en.json): a card's nature and kind of attack in English
    ("nature.héros" -> "hero"), as the card faces show them (docs/i18n.md)."""
    text = resources.files(__package__).joinpath("web", "en.json").read_text(encoding="utf-8")
    words: dict[str, str] = json.loads(text)
    return words


def printed(group: str, word: str, lang: str) -> str:
    """A word printed on a card in the reader's language; the French as printed otherwise."""
    return screen_words_en().get(f"{group}.{word}", word) if lang == "en" else word


def paquet_text(names: Sequence[str], title: str = "") -> str:
    """A paquet as text: one line per card, its count in front when above 1, in the order
    the cards first appear."""
    counts = Counter(names)
    head = [f"# {title}"] if title else []
    return "\n".join([*head, *(f"{n} {name}" if n > 1 else name
                               for name, n in counts.items())]) + "\n"


class MitixDecks(DeckRules):
    option: ClassVar[str] = "paquets"
    word: ClassVar[dict[str, str]] = {"fr": "paquet", "en": "deck"}
    curve_facet: ClassVar[str] = "bios"

    def __init__(self, game: Mitix) -> None:
        self.game = game
        self.known = {fold(n): n for n in game.cards.names}

    def collection(self, lang: str = "fr") -> list[dict[str, JSON]]:
        out: list[dict[str, JSON]] = []
        for card in self.game.cards.entries:
            friends = ", ".join(card.amis) or "—"
            enemies = ", ".join(card.ennemis) or "—"
            text = (f"Friends: {friends}. Foes: {enemies}." if lang == "en"
                    else f"Amis : {friends}. Ennemis : {enemies}.")
            out.append({"name": card.nom, "section": "cartes", "famille": card.famille,
                        "dieu": ("God" if lang == "en" else "Dieu") if card.dieu else "—",
                        "genre": printed("genre", card.genre, lang),
                        "nature": printed("nature", card.nature, lang), "bios": card.bios,
                        "attaque": card.attaque,
                        "text": text})
        return out

    def facets(self) -> Sequence[Facet]:
        return (Facet("famille", "Famille", "Family"), Facet("dieu", "Dieu", "God"),
                Facet("genre", "Genre", "Category"), Facet("bios", "Bios", "Bios", True),
                Facet("attaque", "Attaque", "Attack", True))

    def ready_made(self) -> Sequence[ReadyMade]:
        return tuple(ReadyMade(p.nom, paquet_text(p.cartes, p.nom))
                     for p in self.game.default_paquets)

    def formats(self) -> Sequence[tuple[str, str]]:
        return FORMATS

    def names(self, text: str) -> tuple[list[str], list[DeckProblem]]:
        """The cards a paquet's text names, in order, and what cannot be read."""
        lines, _, problems = read_lines(text, {})
        names: list[str] = []
        for line in lines:
            found = find_name(line.name, self.known)
            if found is None:
                problems.append(unknown_card(line, "carte inconnue", "unknown card",
                                             self.game.cards.names))
                continue
            names.extend([found] * line.count)
        return names, problems

    def check(self, text: str, format: str | None = None) -> DeckCheck:
        mode = format if format in MINIMUM else "mitix"
        names, problems = self.names(text)
        need = MINIMUM[mode]
        if len(names) < need:
            # MX-3: a paquet too short for the mode is refused before the game.
            title = dict(FORMATS)[mode]
            problems.append(DeckProblem(
                "MX-3", f"le paquet compte {len(names)} cartes ; {title} en demande au moins "
                        f"{need}",
                f"the deck holds {len(names)} cards; {title} needs at least {need}"))
        bios = self.game.cards.bios
        index = self.game.cards.index
        # The curve counts the Bios by hundreds (450 is in "400").
        curve = Counter(str(bios[index[n]] // 100 * 100) for n in names)
        return DeckCheck(problems, {"cartes": len(names)}, dict(Counter(names)),
                         dict(sorted(curve.items(), key=lambda kv: int(kv[0]))))

    def format_of(self, options: Options) -> str:
        return str(getattr(options, "mode", "mitix"))

    def seat_deck(self, options: Options, seat: Seat, text: str,
                  name: str | None = None) -> Options:
        names, problems = self.names(text)
        if problems:
            raise ValueError(problems[0].en)
        paquets = [list(p) for p in self.game.paquets(options)]  # type: ignore[arg-type]
        paquets[seat] = names
        data = {**options.model_dump(mode="json"), self.option: paquets}
        return self.game.options(data)

    def deck_text(self, options: Options, seat: Seat) -> str:
        return paquet_text(self.game.paquets(options)[seat])  # type: ignore[arg-type]
