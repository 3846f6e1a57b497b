"""Data files are validated on load; each error names the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from ludotheque.core import DataError
from ludotheque.core.data import check_reference, read_document, validate_entries


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    bios: int
    amis: list[str] = []


def load(path: Path) -> list[Card]:
    doc = read_document(path)
    cards = validate_entries(path.name, doc.get("card"), Card)
    names = [c.name for c in cards]
    for c in cards:
        for ami in c.amis:
            check_reference(path.name, "card", c.name, "amis", ami, names)
    return cards


def write(tmp_path: Path, text: str, name: str = "base.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    cards = load(write(tmp_path, '[[card]]\nname = "Méduse"\nbios = 480\n'
                                 '[[card]]\nname = "Persée"\nbios = 505\namis = ["Méduse"]\n'))
    assert [c.name for c in cards] == ["Méduse", "Persée"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[card]]\nname = "Persée"\nbios = "fort"\n',
         'base.toml, card "Persée", field "bios": Input should be a valid integer'),
        ('[[card]]\nname = "Persée"\nbioss = 5\nbios = 5\n',
         'base.toml, card "Persée", field "bioss": unknown field (did you mean "bios"?)'),
        ('[[card]]\nname = "Persée"\n', 'base.toml, card "Persée", field "bios": missing'),
        ('[[card]]\nname = "Persée"\nbio = 5\n',
         'base.toml, card "Persée", field "bio": unknown field (did you mean "bios"?)'),
        ('[[card]]\nname = "Méduse"\nbios = 1\n[[card]]\nname = "Persée"\nbios = 5\n'
         'amis = ["Meduse"]\n',
         'base.toml, card "Persée", field "amis": unknown card "Meduse" (did you mean "Méduse"?)'),
        ('[[card]]\nname = "Persée"\nbios = 1\n[[card]]\nname = "Persée"\nbios = 2\n',
         'base.toml, card "Persée", field "name": duplicate name'),
        ('[[card]\nname = "x"', "base.toml: not valid TOML"),
    ],
)
def test_mistakes_are_reported_with_file_card_and_field(tmp_path: Path, text: str,
                                                        message: str) -> None:
    with pytest.raises(DataError) as info:
        load(write(tmp_path, text))
    assert str(info.value).replace(str(tmp_path) + "/", "").startswith(message)


def test_json_documents_are_read_too(tmp_path: Path) -> None:
    path = write(tmp_path, '{"card": [{"name": "Zeus", "bios": 900}]}', "set.json")
    assert load(path)[0].bios == 900


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot be read"):
        read_document(tmp_path / "absent.toml")
