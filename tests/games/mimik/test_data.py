"""The card data file: validated on load, errors name the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core.errors import DataError
from ludotheque.games.mimik import carddata, cards

SHIPPED = Path(carddata.__file__).parent / "data" / "cards.toml"


def broken(tmp_path: Path, old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_the_shipped_data_loads() -> None:
    card_set = carddata.load_cards(str(SHIPPED))
    assert sum(card_set.counts.values()) == 120
    assert card_set.names_fr[cards.REVERSE] == "Inversion"
    assert card_set.names_en[cards.SWAP_SCORE] == "Swap Score"


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Tsunami"\nkind = "action"\ncount = 2',
     'name = "Tsunami"\nkind = "action"\ncount = "two"', 'card "Tsunami", field "count"'),
    ('name = "Swap"\nkind = "action"\ncount = 4\nbeginner = false',
     'name = "Swap"\nkind = "action"\ncount = 4\nbeginer = false',
     'card "Swap", field "beginer": unknown field (did you mean "beginner"?)'),
    ('name = "Half"', 'name = "Hlaf"', 'card "Hlaf", field "name": not a MIMIK card '
                                       '(did you mean "Half"?)'),
    ('name = "7"\nkind = "valeur"\nvalue = 7', 'name = "7"\nkind = "valeur"\nvalue = 6',
     'card "7", field "value": must be 7'),
    ('name = "Pause"\nkind = "action"', 'name = "Pause"\nkind = "valeur"',
     'card "Pause", field "kind": must be "action"'),
    ('name = "MIMIK"\nkind = "mimik"\ncount = 8', 'name = "MIMIK"\nkind = "mimik"\ncount = 9',
     "the deck has 121 cards, MK-1 says 120"),
    ('nom = "Pause"\n', '', 'card "Pause", field "nom": missing'),
])
def test_broken_data_is_refused_with_its_address(tmp_path: Path, old: str, new: str,
                                                 message: str) -> None:
    path = broken(tmp_path, old, new)
    with pytest.raises(DataError) as caught:
        carddata.load_cards(path)
    assert str(caught.value).startswith(path)
    assert message in str(caught.value)


def test_a_missing_card_is_named(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index('[[card]]\nname = "Tsunami"')
    end = text.index("[[card]]", start + 1)
    path = tmp_path / "cards.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError, match='card "Tsunami" is missing'):
        carddata.load_cards(str(path))


def test_a_duplicate_card_is_named(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    path = tmp_path / "cards.toml"
    path.write_text(text + '\n[[card]]\nname = "Pause"\nkind = "action"\ncount = 1\n'
                    'nom = "Pause"\nen = "Pause"\n', encoding="utf-8")
    with pytest.raises(DataError, match='card "Pause", field "name": duplicate name'):
        carddata.load_cards(str(path))


def test_bad_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("[[card]\nname = ", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        carddata.load_cards(str(path))
