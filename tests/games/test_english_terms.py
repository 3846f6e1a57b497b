"""What an English reader sees speaks English (issue 20, point 10): the games' terms are
translated (docs/i18n.md holds the glossary), only the cards' proper names stay as printed.

Read: every game's screen catalogue (web/en.json) and card texts, its rules in English, its
deck builder's collection, the lines its events and results say in English over seeded games,
and the site's own English catalogue. A French game word left in any of them fails, with
where it was found. Not read: what sits in quotes or backquotes (the notation a player types:
`Huile > Zeus`, "olympe:" ...) and the {placeholders}.

And the French texts of the site say "vous" (the lessons keep "tu").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from ludotheque import games
from ludotheque.core import Rng

SITE_EN = Path(games.__file__).resolve().parent.parent / "server" / "i18n" / "en.json"

# The French game words of docs/i18n.md's glossary, as they would show in English texts.
FRENCH = [
    # MiTiX
    "Dieu", "Dieux", "Ami", "Amis", "amis", "Ennemi", "Ennemis", "ennemis", "Olympe", "Olympes",
    "Vivants", "vivants", "Enfers", "Aréopage", "aréopage", "aréopages", "bataille",
    "batailles", "Bataille", "paquet", "paquets", "Offrandes", "Nourritures", "mise en avant",
    "Prodige",
    # Mitan
    "Chef", "Fantassin", "Lancier", "Moine", "Sauteur", "Cavalier", "Bélier", "Porte-bouclier",
    "Porte-boucliers", "Envoûteur", "Passeur", "Espion", "Blancs", "Noirs",
    # Diamagique
    "Magicien", "Magiciens", "Château", "Châteaux", "Sort", "Sorts", "Caché", "Équipe",
    "Jaune", "Rouge", "Vert", "Bleu", "Puissance",
    # Mindbug
    "CHASSEUR", "CORIACE", "FURIE", "FURTIF", "VENIMEUX", "RAPIDE", "points de vie",
    "défausse", "pioche",
    # MIMIK
    "Échange", "Inversion", "Moitié",
    # Everyone
    "Joueur", "Victoire", "gagne",
]
WORDS = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in FRENCH) + r")(?![\w-])")
# Notation and placeholders: a player types the former as it is, the latter is filled in.
QUOTED = re.compile(r'"[^"]*"|`[^`]*`|\{[^}]*\}|“[^”]*”|«[^»]*»')
# Proper names beside those of the cards' data: the resources of MiTiX's Olympus, which its
# notation names (`Huile > Zeus`).
NAMES = {"Huile", "Pain", "Vin", "Nectar", "Ambroisie", "Hydromel"}


def proper_names(game_id: str) -> set[str]:
    """The game's cards' names (and teams', decks' ...) as printed: they stay."""
    game = games.get(game_id)
    found = set(NAMES)
    rules = game.deck_rules()
    if rules is not None:
        found |= {str(c["name"]) for c in rules.collection("fr")}
        found |= {str(c["name"]) for c in rules.collection("en")}
    cards = resources.files(type(game).__module__.rpartition(".")[0]).joinpath(
        "web", "cards.json")
    if cards.is_file():
        data = json.loads(cards.read_text(encoding="utf-8"))
        for section in data.values():
            if isinstance(section, dict):
                found |= set(section)
                found |= {str(v[k]) for v in section.values() if isinstance(v, dict)
                          for k in ("name", "name_en") if k in v}
    return found


def without_names(text: str, names: set[str]) -> str:
    text = QUOTED.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):  # "Château de X" before "Château"
        text = text.replace(name, " ")
    return text


def played_texts(game_id: str) -> Iterator[tuple[str, str]]:
    """What a few seeded games say in English: each event's line and each result."""
    game = games.get(game_id)
    for config in game.configs()[:4]:
        names = [f"Seat{i}" for i in range(config.players)]
        for seed in (1, 2):
            state = game.new(seed, config.players, config.options)
            rng = Rng(seed)
            for _ in range(3000):
                if state.is_over():
                    break
                seat = state.to_act()[0]
                for event in state.play(rng.choice(state.legal_texts(seat)), seat):
                    yield f"describe {event.kind}", game.describe(event, "en", names)
                    yield f"describe {event.kind}", game.describe(event, "en")
            result = state.result()
            if result is not None:
                yield "describe_result", game.describe_result(result, "en", names)


def screen_texts(game_id: str) -> Iterator[tuple[str, str]]:
    game = games.get(game_id)
    package = resources.files(type(game).__module__.rpartition(".")[0])
    catalogue = package.joinpath("web", "en.json")
    if catalogue.is_file():
        for key, text in json.loads(catalogue.read_text(encoding="utf-8")).items():
            yield f"web/en.json {key}", str(text)
    cards = package.joinpath("web", "cards.json")
    if cards.is_file():
        for section in json.loads(cards.read_text(encoding="utf-8")).values():
            if isinstance(section, dict):
                for name, card in section.items():
                    if isinstance(card, dict) and "text_en" in card:
                        yield f"cards.json {name}", str(card["text_en"])
    yield "rules.en.md", game.rules("en")
    for lesson in game.lessons():
        for field in ("title", "text", "hint", "success"):
            yield f"lesson {lesson.id} {field}", getattr(lesson, field)["en"]
    rules = game.deck_rules()
    if rules is not None:
        for card in rules.collection("en"):
            for field, value in card.items():
                if field != "name":
                    yield f"collection {card['name']} {field}", str(value)
        for facet in rules.facets():
            yield f"deck builder filter {facet.key}", facet.en
        yield "deck word", rules.word["en"]


def french_left(texts: Iterator[tuple[str, str]], names: set[str]) -> list[str]:
    found: dict[str, str] = {}
    for where, text in texts:
        plain = without_names(text, names)
        for match in WORDS.finditer(plain):
            around = " ".join(plain[max(0, match.start() - 50):match.end() + 50].split())
            found.setdefault(f"{match.group(0)!r} in {where}", around)
    return [f"{k}: {v}" for k, v in sorted(found.items())]


@pytest.mark.parametrize("game_id", sorted(games.GAME_MODULES))
def test_a_games_english_screen_rules_and_cards_use_english_terms(game_id: str) -> None:
    left = french_left(screen_texts(game_id), proper_names(game_id))
    assert not left, "\n".join(left)


@pytest.mark.parametrize("game_id", sorted(games.GAME_MODULES))
def test_a_games_english_log_and_result_use_english_terms(game_id: str) -> None:
    left = french_left(played_texts(game_id), proper_names(game_id))
    assert not left, "\n".join(left)


def test_the_sites_english_catalogue_uses_english_terms() -> None:
    texts = json.loads(SITE_EN.read_text(encoding="utf-8")).items()
    names = set().union(*(proper_names(g) for g in games.GAME_MODULES))
    left = french_left(((f"i18n/en.json {k}", str(v)) for k, v in texts), names)
    assert not left, "\n".join(left)


def test_the_check_finds_a_french_word_and_spares_names_and_notation() -> None:
    names = proper_names("diamagique") | proper_names("mitix")
    assert french_left(iter([("x", "A Fantassin takes the Chef")]), set()) == [
        "'Chef' in x: A Fantassin takes the Chef", "'Fantassin' in x: A Fantassin takes the Chef"]
    assert french_left(iter([("x", "Bob has 3 points de vie")]), set()) == [
        "'points de vie' in x: Bob has 3 points de vie"]
    castle = next(n for n in names if n.startswith("Château"))
    assert french_left(iter([("x", f'Castle {castle}: type `Huile > Zeus` or "olympe:"')]),
                       names) == []


def test_the_words_printed_on_mitix_cards_have_their_english() -> None:
    # A card's nature and kind of attack are words, not names: the screen says them in
    # English from web/en.json ("nature.héros" -> "hero"); the family, a name, stays.
    game = games.get("mitix")
    package = resources.files(type(game).__module__.rpartition(".")[0])
    words = json.loads(package.joinpath("web", "en.json").read_text(encoding="utf-8"))
    rules = game.deck_rules()
    assert rules is not None
    for card in rules.collection("fr"):
        if card["nature"]:
            assert f"nature.{card['nature']}" in words, card["name"]
        assert f"genre.{card['genre']}" in words, card["name"]
    assert words["nature.héros"] == "hero" and words["genre.Prodige"] == "Prodigy"


# French site texts say "vous"; the lessons keep "tu" (a tutor to a learner), and so do
# Mindbug's official card texts (docs/i18n.md).
TU = re.compile(r"(?<![\w'’-])(tu|ton|ta|tes|toi|te|t['’])(?![\w-])", re.IGNORECASE)
LESSON_KEYS = ("learn.", "lesson.")


def french_texts() -> Iterator[tuple[str, str]]:
    site_fr = SITE_EN.with_name("fr.json")
    for key, text in json.loads(site_fr.read_text(encoding="utf-8")).items():
        if not key.startswith(LESSON_KEYS):
            yield f"i18n/fr.json {key}", str(text)
    for game_id in sorted(games.GAME_MODULES):
        game = games.get(game_id)
        package = resources.files(type(game).__module__.rpartition(".")[0])
        catalogue = package.joinpath("web", "fr.json")
        if catalogue.is_file():
            for key, text in json.loads(catalogue.read_text(encoding="utf-8")).items():
                yield f"{game_id} web/fr.json {key}", str(text)
        yield f"{game_id} rules.fr.md", game.rules("fr")


def test_french_site_texts_say_vous_outside_the_lessons() -> None:
    found = [f"{where}: {m.group(0)!r} in {' '.join(text[:120].split())}"
             for where, text in french_texts() for m in TU.finditer(QUOTED.sub(" ", text))]
    assert not found, "\n".join(found)
    assert TU.search("Tu as joué : ton tour") and not TU.search("Vous avez tout vu, Tutu")
