"""The set's data files are validated on load: an error names the file, the card and the field."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from ludotheque.core import DataError
from ludotheque.games.diamagique.cards import deck_problems, load_cards

FILES = ("equipes.toml", "sorts.toml", "chateaux.toml", "decks.toml")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    source = resources.files("ludotheque.games.diamagique.data")
    for name in FILES:
        (tmp_path / name).write_text(source.joinpath(name).read_text(encoding="utf-8"),
                                     encoding="utf-8")
    return tmp_path


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_shipped_data_loads(data: Path) -> None:
    cards = load_cards(data)
    assert len(cards.sorts) == 66 and len(cards.decks) == 4


def test_dg8_every_sort_is_in_a_ready_made_deck_and_every_deck_is_legal(data: Path) -> None:
    """DG-8: the ready-made decks play the whole set (issue 19: Or des anciens, Forge
    ancestrale, Mémoire de l'humus and Mémoire des glaces were in none); each is legal (DG-1,
    DG-7: 40 Sorts, 3 copies at most, a colour of the team; 8 Châteaux)."""
    cards = load_cards(data)
    in_decks = {cards.sorts[i].name for deck in cards.decks for i in deck.sorts}
    assert in_decks == {s.name for s in cards.sorts}
    for deck in cards.decks:
        names = [cards.sorts[i].name for i in deck.sorts]
        lines = [(name, names.count(name)) for name in sorted(set(names))]
        castles = [cards.chateaux[i].name for i in deck.chateaux]
        assert deck_problems(cards, cards.equipes[deck.equipe].name, lines, castles) == [], \
            deck.name


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("sorts.toml", 'name = "Colonne solaire"\ncouleurs = ["Jaune"]\npuissance = 5',
     'name = "Colonne solaire"\ncouleurs = ["Jaune"]\npuissance = 7',
     'sorts.toml, sort "Colonne solaire", field "puissance": Input should be less than or '
     'equal to 6 (got 7)'),
    ("sorts.toml", 'name = "Lueur vive"\ncouleurs = ["Jaune"]',
     'name = "Lueur vive"\ncouleurs = ["Violet"]',
     'sorts.toml, sort "Lueur vive", field "couleurs.0"'),
    ("sorts.toml", 'name = "Lueur vive"\ncouleurs = ["Jaune"]\npuissance = 3',
     'name = "Lueur vive"\ncouleurs = ["Jaune"]\npuisance = 3',
     'sorts.toml, sort "Lueur vive", field "puisance": unknown field (did you mean "puissance"?)'),
    ("sorts.toml", '{ categorie = "multiplicateur", montant = 2,',
     '{ categorie = "multiplicateur",',
     'sorts.toml, sort "Miroir ardent", field "effet": Value error, a multiplicateur effect '
     'needs a montant'),
    ("sorts.toml", '{ categorie = "valeur", montant = 1, cible = "adverse" }',
     '{ categorie = "tombe", montant = 1, cible = "adverse" }',
     'sorts.toml, sort "Éblouissement", field "effet.categorie"'),
    ("sorts.toml", '{ categorie = "complexe_positif", source = "adverse" }',
     '{ categorie = "complexe_positif" }',
     'sorts.toml, sort "Reflet fidèle", field "effet": Value error, a complexe_positif effect '
     'needs a source'),
    ("sorts.toml", '{ categorie = "diviseur", montant = 2, cible = "adverse" }',
     '{ categorie = "diviseur", montant = 1, cible = "adverse" }',
     'sorts.toml, sort "Prisme brisé", field "effet": Value error, montant of a diviseur '
     'effect must be from 2 to 12'),
    ("sorts.toml", 'si = { chateau = ["Jaune"] }', 'si = { chatau = ["Jaune"] }',
     'sorts.toml, sort "Miroir ardent", field "effet.si.chatau": unknown field'),
    ("sorts.toml", 'name = "Tison"', 'name = "Lueur vive"',
     'sorts.toml, sort "Lueur vive", field "name": duplicate name'),
    ("sorts.toml", 'name = "Tison"', 'name = "Lueur-vive"',
     'sorts.toml, sort "Lueur-vive", field "name": written "lueur-vive" in the notation'),
    ("equipes.toml", '{ categorie = "positif", montant = 1, si = { couleur = ["Jaune"] } }',
     '{ categorie = "positif", montant = 1, cible = "tous" }',
     'equipes.toml, magicien "Solenne l\'Oracle", field "effet": Value error, a Magicien\'s '
     'effect targets "ce_sort" or "adverse", not "tous"'),
    ("equipes.toml", '"Solenne l\'Oracle", "Ignace des Forges"',
     '"Solenne l\'Oracl", "Ignace des Forges"',
     'equipes.toml, equipe "Cercle de l\'Aube", field "magiciens": unknown Magicien '
     '"Solenne l\'Oracl" (did you mean "Solenne l\'Oracle"?)'),
    ("chateaux.toml", 'montant = 1, cible = "tous", si = { couleur = ["Jaune"] }',
     'montant = 1, cible = "allies", si = { couleur = ["Jaune"] }',
     'chateaux.toml, chateau "Tour d\'Ivoire", field "effet": Value error, a Château\'s effect '
     'targets "tous", not "allies"'),
    ("decks.toml", '{ sort = "Rayon d\'aube", copies = 3 }',
     '{ sort = "Rayon d\'aube", copies = 4 }',
     'decks.toml, deck "Aube", field "sorts": 4 copies of "Rayon d\'aube": at most 3'),
    ("decks.toml", '{ sort = "Rayon d\'aube", copies = 3 }',
     '{ sort = "Onde claire", copies = 3 }',
     'decks.toml, deck "Aube", field "sorts": "Onde claire" is Blue: no Wizard of the team '
     'has that colour'),
    ("decks.toml", '{ sort = "Rayon d\'aube", copies = 3 }',
     '{ sort = "Rayon d\'aub", copies = 3 }',
     'decks.toml, deck "Aube", field "sorts": unknown Sort "Rayon d\'aub" (did you mean '
     '"Rayon d\'aube"?)'),
    ("decks.toml", '"Tour d\'Ivoire", "Forteresse de braise", ', '',
     'decks.toml, deck "Aube", field "chateaux": 6 Castles: a Castle deck has 8'),
    ("decks.toml", 'equipe = "Cercle de l\'Aube"', 'equipe = "Cercle de l\'Aub"',
     'decks.toml, deck "Aube", field "equipe": unknown team'),
    ("sorts.toml", "[[sort]]", "[sort",
     "sorts.toml: not valid TOML"),
])
def test_broken_data_names_the_file_the_card_and_the_field(
        data: Path, name: str, old: str, new: str, message: str) -> None:
    _edit(data, name, old, new)
    with pytest.raises(DataError) as caught:
        load_cards(data)
    assert message in str(caught.value)
    assert str(data) in str(caught.value)


def test_a_missing_file_is_named(data: Path) -> None:
    (data / "decks.toml").unlink()
    with pytest.raises(DataError, match=r"decks\.toml: cannot be read"):
        load_cards(data)


def test_an_unknown_table_is_named(data: Path) -> None:
    _edit(data, "chateaux.toml", "[[chateau]]", "[[chateaux]]")
    with pytest.raises(DataError, match=r'chateaux\.toml: unknown table "chateaux"'):
        load_cards(data)


def test_a_magicien_in_two_teams_is_refused(data: Path) -> None:
    _edit(data, "equipes.toml", '"Ondine la Calme", "Varech', '"Solenne l\'Oracle", "Varech')
    with pytest.raises(DataError, match="already in team"):
        load_cards(data)


def test_an_unknown_field_gets_a_suggestion(data: Path) -> None:
    _edit(data, "sorts.toml", "cache = true", "cachee = true")
    with pytest.raises(DataError, match='field "cachee": unknown field \\(did you mean "cache"'):
        load_cards(data)
