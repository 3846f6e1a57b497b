"""The cards (MX-1), the base set (MX-2), paquets (MX-3): data validated on load."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ludotheque.core.errors import DataError, OptionsError
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.cards import load_cards, load_paquets
from ludotheque.games.mitix.game import MitixOptions

from .helpers import CARDS, card

GOOD = card("Persée", 620, 100, "Geste de Persée", amis=["Danaé"], ennemis=["Méduse"]) + card(
    "Danaé", 360, 30, "Geste de Persée") + card("Méduse", 600, 110, "Geste de Persée")


def write(tmp_path: Path, text: str, name: str = "cartes.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_mx1_a_card_has_every_field_of_the_face():
    # Pins MX-1.
    persee = CARDS.card("Persée")
    assert persee.bios > 0 and persee.attaque > 0
    assert persee.genre == "Exploit" and not persee.dieu
    assert "Méduse" in persee.ennemis and "Athéna" in persee.amis
    assert persee.famille == "Geste de Persée"
    assert CARDS.card("Zeus").dieu and CARDS.card("Zeus").genre == "Prodige"
    assert CARDS.card("Méduse").genre == "Ravage"


# MX-1: the attack's kind follows what the card is: Exploit for heroes and mortals, Ravage for
# monsters, Prodige for gods and divine beings. Every `nature` of the base set, classified
# (docs/rules/mitix.md, "The attack kind of each card" says why for the less obvious ones).
MX1_KIND_OF_NATURE = {
    # heroes and mortals
    "héros": "Exploit", "mortel": "Exploit", "mortelle": "Exploit", "roi": "Exploit",
    "reine": "Exploit", "prince": "Exploit", "princesse": "Exploit", "artisan": "Exploit",
    "poète": "Exploit", "chasseresse": "Exploit", "prophétesse": "Exploit", "devin": "Exploit",
    # monsters
    "monstre": "Ravage", "monstre marin": "Ravage", "cyclope": "Ravage", "Gorgone": "Ravage",
    "centaure": "Ravage",
    # gods and divine beings
    "dieu": "Prodige", "Titan": "Prodige", "Titanide": "Prodige", "nymphe": "Prodige",
    "magicienne": "Prodige", "passeur des morts": "Prodige", "cheval ailé": "Prodige",
}


def test_mx1_every_card_attacks_with_the_kind_of_its_nature():
    # Pins MX-1 on the whole base set (and D-16, D-17, D-18 of docs/rules/mitix.md): a card
    # of a new nature must be classified above first.
    wrong = {e.nom: (e.nature, e.genre) for e in CARDS.entries
             if MX1_KIND_OF_NATURE.get(e.nature) != e.genre}
    assert wrong == {}
    # The two cards the audit found (issue 19): a mortal seer, a divine winged horse.
    assert CARDS.card("Tirésias").genre == "Exploit"
    assert CARDS.card("Pégase").genre == "Prodige"


def test_mx1_a_good_custom_card_file_loads(tmp_path):
    # Pins MX-1.
    cards = load_cards(write(tmp_path, GOOD))
    assert cards.names == ("Persée", "Danaé", "Méduse")
    assert cards.amis[0] == frozenset({1}) and cards.ennemis[0] == frozenset({2})


def test_mx2_the_base_set_is_big_enough_with_families_and_dieux():
    # Pins MX-2.
    assert len(CARDS) >= 60
    families = Counter(e.famille for e in CARDS.entries)
    assert sum(1 for n in families.values() if n >= 4) >= 8
    assert sum(CARDS.dieu) >= 10


def test_mx2_amis_and_ennemis_follow_the_myths():
    # Pins MX-2.
    assert "Persée" in CARDS.card("Méduse").ennemis
    assert "Héra" in CARDS.card("Héraclès").ennemis
    assert "Thésée" in CARDS.card("Minotaure").ennemis
    assert "Ulysse" in CARDS.card("Polyphème").ennemis
    assert "Ariane" in CARDS.card("Thésée").amis


def test_mx2_attack_values_are_well_below_bios_values():
    # Pins MX-2.
    for entry in CARDS.entries:
        assert entry.attaque * 3 <= entry.bios, entry.nom


def test_mx2_every_relation_names_a_card_of_the_set():
    # Pins MX-2.
    for entry in CARDS.entries:
        for name in (*entry.amis, *entry.ennemis):
            assert name in CARDS.index


@pytest.mark.parametrize(("broken", "field", "words"), [
    (GOOD.replace('nom = "Danaé"\n', 'nom = "Danaé"\ncouleur = "or"\n'), "couleur",
     "unknown field"),
    (GOOD.replace('amis = ["Danaé"]', 'amis = ["Danae"]'), "amis",
     'unknown card "Danae" (did you mean "Danaé"?)'),
    (GOOD.replace("bios = 620", 'bios = "beaucoup"'), "bios", "integer"),
    (GOOD.replace("bios = 620", 'bios = "620"'), "bios", "integer"),
    (GOOD.replace('nom = "Méduse"', 'nom = "Danaé"'), "nom", "duplicate name"),
    (GOOD.replace('ennemis = ["Méduse"]', 'ennemis = ["Persée"]'), "ennemis", "itself"),
    (GOOD.replace("attaque = 100", "attaque = 900"), "attaque", "below the Bios"),
])
def test_a_card_file_with_a_mistake_names_the_file_the_card_and_the_field(
        tmp_path, broken, field, words):
    path = write(tmp_path, broken)
    with pytest.raises(DataError) as err:
        load_cards(path)
    message = str(err.value)
    assert str(path) in message
    assert f'field "{field}"' in message
    assert words in message
    assert 'card "Persée"' in message or 'card "Danaé"' in message


def test_a_dieu_must_attack_with_a_prodige(tmp_path):
    text = GOOD.replace('nom = "Méduse"\nbios = 600\nattaque = 110\ngenre = "Exploit"\n'
                        'dieu = false', 'nom = "Méduse"\nbios = 600\nattaque = 110\n'
                        'genre = "Exploit"\ndieu = true')
    with pytest.raises(DataError, match='card "Méduse", field "genre"'):
        load_cards(write(tmp_path, text))


def test_a_card_name_cannot_hold_a_notation_separator(tmp_path):
    text = GOOD.replace('"Danaé"', '"Dan>aé"')
    with pytest.raises(DataError, match='may not contain ">"'):
        load_cards(write(tmp_path, text))


def test_a_card_file_that_is_not_toml_says_so(tmp_path):
    with pytest.raises(DataError, match="not valid TOML"):
        load_cards(write(tmp_path, "[[carte]\nnom = "))


def test_paquet_files_are_checked_against_the_card_set(tmp_path):
    cards = load_cards(write(tmp_path, GOOD))
    good = '[[paquet]]\nnom = "Argos"\ncartes = ["Persée", "Danaé", "Persée"]\n'
    assert load_paquets(write(tmp_path, good, "p.toml"), cards)[0].cartes[2] == "Persée"
    bad = good.replace('"Danaé", ', '"Medusa", ')
    with pytest.raises(DataError, match=re.escape(
            'p.toml, paquet "Argos", field "cartes": unknown card "Medusa"')):
        load_paquets(write(tmp_path, bad, "p.toml"), cards)


def test_mx3_the_default_paquets_ship_and_are_long_enough_for_both_modes():
    # Pins MX-3.
    paquets = GAME.default_paquets
    assert len(paquets) >= 2
    for paquet in paquets[:2]:
        assert len(paquet.cartes) >= 20
    for mode in ("mitix", "famix"):
        GAME.options({"mode": mode}, players=2)


@pytest.mark.parametrize(("mode", "size"), [("mitix", 19), ("famix", 9)])
def test_mx3_a_paquet_too_short_for_the_mode_is_refused_before_the_game(mode, size):
    short = ["Icare"] * size
    enough = ["Icare"] * 20
    with pytest.raises(OptionsError, match=f"MX-3.*seat 2 holds {size} cards"):
        GAME.new(1, options={"mode": mode, "paquets": [enough, short]})
    GAME.new(1, options={"mode": mode, "paquets": [enough, ["Icare"] * (size + 1)]})


def test_mx3_a_paquet_naming_an_unknown_card_is_refused_with_a_suggestion():
    # Pins MX-3.
    paquet = ["Icare"] * 19 + ["Meduse"]
    with pytest.raises(OptionsError, match='unknown card "Meduse" \\(did you mean "Méduse"\\?\\)'):
        GAME.new(1, options={"paquets": [paquet, ["Icare"] * 20]})


def test_mx3_duplicates_are_allowed_in_a_paquet():
    # Pins MX-3.
    state = GAME.new(2, options={"paquets": [["Zeus"] * 20, ["Icare"] * 20]})
    assert state.view(None)["olympe"] == [["Zeus", "Zeus"], ["Icare", "Icare"]]


def test_unknown_options_are_refused():
    with pytest.raises(OptionsError):
        GAME.new(1, options={"mode": "bataille"})
    with pytest.raises(OptionsError):
        GAME.new(1, options={"variante": True})
    with pytest.raises(OptionsError):
        GAME.new(1, players=3)


def test_a_shipped_paquet_is_found_by_name_with_a_suggestion_otherwise():
    assert len(GAME.paquet("Collection complète")) == len(CARDS)
    with pytest.raises(KeyError, match="did you mean"):
        GAME.paquet("Collection complete")


def test_the_default_paquets_are_even_in_mitix():
    """A quick check of the balance report's head to head (each paquet in each seat)."""
    first, second = GAME.paquets(MitixOptions())
    wins = [0, 0]
    for seed in range(400):
        for swap in (0, 1):
            paquets = [second, first] if swap else [first, second]
            state = GAME.new(seed, options={"paquets": paquets})
            while not state.is_over():
                state.play("reveal")
            result = state.result()
            assert result is not None
            if not result.is_draw:
                wins[result.winners[0] ^ swap] += 1
    share = wins[0] / sum(wins)
    assert 0.42 < share < 0.58
