"""The creature data (MB-1, MB-30): the shipped sets, and broken files that fail with an address."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludotheque.games.mindbug as package
from ludotheque.core import DataError
from ludotheque.games.mindbug.cards import catalogue, load_file

from .scenario import board, play, setup

GOOD = """
set = "essai"

[[creature]]
key = "mangeur-de-geants"
name = "Mangeur de géants"
name_en = "Giant Eater"
power = 2
copies = 1
text_fr = "Jouer : détruis toutes les créatures ennemies de puissance 9 ou plus."
text_en = "Play: defeat every enemy creature of power 9 or more."
[[creature.effect]]
trigger = "play"
verb = "defeat"
target = "enemies"
count = "all"
power_min = 9
"""


def test_mb1_first_contact_has_32_creatures_and_48_cards() -> None:
    # Pins MB-1.
    cat = catalogue()
    assert len(cat.creatures) == 32
    assert len(cat.deck()) == 48
    assert sum(1 for c in cat.creatures if c.copies == 2) == 16
    assert sum(1 for c in cat.creatures if c.copies == 1) == 16
    for c in cat.creatures:
        assert c.text_fr and c.text_en and c.text_fr != c.text_en
    names = {c.name for c in cat.creatures}
    assert {"Gorillion", "Veuve noire", "Requin Crabe", "Mamie Harpie"} <= names


def test_mb1_powers_and_keywords_follow_the_card_facts() -> None:
    # Pins MB-1.
    cat = catalogue()
    facts = {"gorillion": 10, "dr-axolotl": 4, "rhino-tortue": 8, "lanceur-d-escargots": 1,
             "oursabeille": 8, "hydrescargot": 9, "yeti-solitaire": 5}
    for key, power in facts.items():
        creature = cat.get(key)
        assert creature is not None and creature.power == power


def test_mb30_no_creature_name_or_key_in_the_engine_code() -> None:
    # Pins MB-30.
    folder = Path(package.__file__).parent
    code = "\n".join((folder / name).read_text(encoding="utf-8")
                     for name in ("rules.py", "passives.py", "effects.py", "marks.py",
                                  "cards.py", "game.py", "notation.py"))
    for cat in (catalogue(), catalogue(True)):
        for c in cat.creatures:
            for word in (c.key, c.name, c.name_en):
                if len(word) > 3:
                    assert word not in code, f"{word} appears in the engine code"


def test_mb30_a_new_creature_is_data_only(tmp_path: Path) -> None:
    # Pins MB-30.
    path = tmp_path / "essai.toml"
    path.write_text(GOOD, encoding="utf-8")
    extra = load_file(str(path))
    assert [c.key for c in extra.creatures] == ["mangeur-de-geants"]
    from ludotheque.core.data import read_document, read_package_document
    from ludotheque.games.mindbug.cards import build_catalogue

    source, doc = read_package_document("ludotheque.games.mindbug", "data/first_contact.toml")
    cat = build_catalogue("first_contact+mangeur", [(source, "first_contact", doc),
                                                   (str(path), "essai", read_document(path))])
    s = setup(hands=[["mangeur-de-geants"], ["gorillion"]],
              boards=[[], ["gorillion", "gladiataure", "arachnhibou"]], cat=cat)
    play(s, "mangeur-de-geants")
    assert board(s, 1) == ["arachnhibou"]


def broken(tmp_path: Path, old: str, new: str) -> str:
    path = tmp_path / "broken.toml"
    assert old in GOOD
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_file(str(path))
    return str(info.value)


def test_unknown_field_names_the_file_the_creature_and_the_field(tmp_path: Path) -> None:
    message = broken(tmp_path, "power = 2", "power = 2\npowr = 2")
    assert "broken.toml" in message and '"Mangeur de géants"' in message
    assert '"powr"' in message and "power" in message


def test_wrong_type_names_the_field(tmp_path: Path) -> None:
    message = broken(tmp_path, "power = 2", 'power = "deux"')
    assert 'field "power"' in message


def test_unknown_keyword_names_the_field(tmp_path: Path) -> None:
    message = broken(tmp_path, "copies = 1", 'copies = 1\nkeywords = ["VOLANT"]')
    assert 'field "keywords.0"' in message


def test_unknown_verb_names_the_effect(tmp_path: Path) -> None:
    message = broken(tmp_path, 'verb = "defeat"', 'verb = "explode"')
    assert 'field "effect.0.verb"' in message


def test_a_verb_with_the_wrong_target_names_the_effect_field(tmp_path: Path) -> None:
    message = broken(tmp_path, 'target = "enemies"', 'target = "you"')
    assert 'field "effect[0].target"' in message and "Mangeur de géants" in message


def test_a_permanent_verb_with_a_trigger_is_refused(tmp_path: Path) -> None:
    message = broken(tmp_path, 'verb = "defeat"\ntarget = "enemies"',
                     'verb = "power"\ntarget = "enemies"\namount = 1')
    assert 'field "effect[0].trigger"' in message


def test_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    text = GOOD + GOOD.split("\n", 2)[2].replace('name = "Mangeur de géants"', 'name = "Autre"')
    path = tmp_path / "twice.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match='"Autre", field "key"'):
        load_file(str(path))


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    message = broken(tmp_path, 'text_en = "Play: defeat every enemy creature of power 9 or more."',
                     "")
    assert 'field "text_en"' in message and "missing" in message


def test_not_toml_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("set = [", encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: not valid TOML"):
        load_file(str(path))
