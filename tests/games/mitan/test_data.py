"""The pieces' data file is checked on load; errors name the file, the piece and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core.errors import DataError
from ludotheque.games.mitan import pieces as pieces_module
from ludotheque.games.mitan.pieces import load_pieces_file, pieces

SHIPPED = Path(pieces_module.__file__).parent / "data" / "pieces.toml"


def test_the_shipped_pieces_are_the_13_of_the_rulings() -> None:
    names = [p.name for p in pieces()]
    assert names == ["Chef", "Fantassin", "Lancier", "Moine", "Sauteur", "Griffon", "Cavalier",
                     "Archer", "Bélier", "Porte-bouclier", "Envoûteur", "Passeur", "Espion"]
    assert [p.code for p in pieces()] == list("CFLMSGKABPEXY")
    assert [p.market for p in pieces()].count(True) == 12  # MT-13


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "pieces.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Lancier"\nname_en = "Lancer"\nmarket = true\nvalue = 2.5',
     'name = "Lancier"\nname_en = "Lancer"\nmarket = true\nvalue = "beaucoup"',
     'piece "Lancier", field "value"'),
    ('code = "M"', 'code = "Q"', 'piece "Moine", field "code": unknown piece code "Q"'),
    ('code = "M"', 'code = "L"', 'piece "Moine", field "code": code "L" is already used'),
    ('name_en = "Rider"', 'name_en = "Rider"\nvaleur = 2',
     'piece "Cavalier", field "valeur": unknown field (did you mean "value"?)'),
    ('name = "Chef"\nname_en = "Chief"\nmarket = false',
     'name = "Chef"\nname_en = "Chief"\nmarket = true',
     'piece "Chef", field "market": must be false'),
    ('text_en = "Jumps exactly 3 squares orthogonally, over any piece."\n', '',
     'piece "Griffon", field "text_en": missing'),
])
def test_broken_data_names_file_piece_and_field(tmp_path: Path, old: str, new: str,
                                                message: str) -> None:
    path = broken(tmp_path, old, new)
    with pytest.raises(DataError) as info:
        load_pieces_file(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_a_missing_piece_is_named(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    head = text.partition('[[piece]]\ncode = "Y"')[0]
    path = tmp_path / "pieces.toml"
    path.write_text(head, encoding="utf-8")
    with pytest.raises(DataError, match="missing pieces with codes Y"):
        load_pieces_file(path)


def test_invalid_toml_is_reported_with_the_file(tmp_path: Path) -> None:
    path = tmp_path / "pieces.toml"
    path.write_text("[[piece]\ncode = ", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_pieces_file(path)
