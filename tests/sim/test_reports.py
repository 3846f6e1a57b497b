"""The balance reports' loader (sim/reports.py): the shipped reports load, and a malformed
report.json is refused with the file and the field at fault."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from ludotheque.core import DataError
from ludotheque.sim.reports import (
    SHIPPED,
    Shipped,
    Unreadable,
    find,
    list_reports,
    load,
    load_findings,
)


def test_every_shipped_report_loads_with_its_plots() -> None:
    shipped = list_reports()
    assert {item.setup for item in shipped} >= {"mitan", "mitix", "mitix-famix", "mindbug",
                                                 "diamagique", "mimik-2p", "mimik-4p"}
    for item in shipped:
        assert isinstance(item, Shipped), item
        assert item.plots == ["seats.svg", "tags.svg"]
        assert item.report.command.startswith(f"ludo balance {item.report.game} ")
        lifts = [row.lift for row in item.report.by_strength]
        assert lifts == sorted(lifts, reverse=True)


def test_every_shipped_report_has_findings_in_french_and_english_that_fit_it() -> None:
    # A remade report with other figures must come with new findings: this fails until then.
    for item in list_reports():
        assert isinstance(item, Shipped), item
        assert item.findings_problem is None, item.findings_problem
        assert item.findings is not None, f"{item.setup} has no findings.toml"
        for lang in ("fr", "en"):
            words = item.findings.text(lang)
            assert words.headline and len(words.paragraphs) >= 1, (item.setup, lang)
        assert item.findings.text("fr") != item.findings.text("en")


def test_the_diamagique_reports_cover_every_pairing_of_the_ready_made_decks() -> None:
    """Issue 19: one report per pair of Diamagique's ready-made decks, not Aube-Marées only."""
    from ludotheque.games.diamagique.catalog import CARDS

    pairings: list[frozenset[str]] = []
    for item in list_reports():
        if isinstance(item, Shipped) and item.report.game == "diamagique":
            decks = item.report.options["decks"]
            assert isinstance(decks, list) and all(isinstance(d, str) for d in decks)
            pairings.append(frozenset(str(d) for d in decks))
    names = [deck.name for deck in CARDS.decks]
    assert sorted(pairings, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(names, 2)), key=sorted)


FINDINGS = """seats = [38.0, 62.0]
[fr]
headline = "Les Noirs gagnent."
text = \"\"\"
Un.

Deux, `ludo sim`
sur deux lignes.
\"\"\"
[en]
headline = "Black wins."
text = "One."
"""


def test_findings_are_read_in_the_readers_language(tmp_path: Path) -> None:
    folder = write(tmp_path / "mitan", good())
    (folder / "findings.toml").write_text(FINDINGS, encoding="utf-8")
    shipped = load(folder)
    assert shipped.findings is not None and shipped.findings_problem is None
    assert shipped.findings.text("fr").paragraphs == ["Un.", "Deux, `ludo sim` sur deux lignes."]
    assert shipped.findings.text("fr").pieces == [
        [(False, "Un.")], [(False, "Deux, "), (True, "ludo sim"), (False, " sur deux lignes.")]]
    assert shipped.findings.text("en").headline == "Black wins."
    assert load(write(tmp_path / "bare", good())).findings is None  # none is no error


@pytest.mark.parametrize(("text", "message"), [
    (FINDINGS.replace("[38.0, 62.0]", "[37.6, 62.4]"),
     'mitan/findings.toml, field "seats": written for seat scores 37.6, 62.4, but '
     "report.json has 38.0, 62.0: the findings are out of date"),
    (FINDINGS.replace("[38.0, 62.0]", "[38.0, 62.0, 0.0]"),
     'mitan/findings.toml, field "seats": written for seat scores 38.0, 62.0, 0.0, but'),
    (FINDINGS.replace('headline = "Black wins."', ""),
     'mitan/findings.toml, field "en.headline": missing'),
    (FINDINGS.replace("[fr]", "[fr]\nsource = 'me'"),
     'mitan/findings.toml, field "fr.source": unknown field'),
    (FINDINGS.replace('text = "One."', 'text = ""'),
     'mitan/findings.toml, field "en.text": String should have at least 1 character'),
    ("seats = [38.0, 62.0\n", "mitan/findings.toml: not valid TOML"),
])
def test_bad_or_stale_findings_are_named_and_the_report_still_loads(tmp_path: Path, text: str,
                                                                    message: str) -> None:
    folder = write(tmp_path / "mitan", good())
    (folder / "findings.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_findings(folder, load(folder).report)
    assert str(caught.value).startswith(message), str(caught.value)
    shipped = load(folder)
    assert shipped.findings is None and shipped.findings_problem == str(caught.value)
    assert shipped.report.games == good()["games"]


def write(folder: Path, data: Any) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data)
    (folder / "report.json").write_text(text, encoding="utf-8")
    return folder


def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SHIPPED / "mitan" / "report.json").read_text("utf-8"))
    return data


def spoilt(change: str) -> dict[str, Any]:
    data = good()
    if change == "no command":
        del data["command"]
    elif change == "rate as text":
        data["seats"][0]["rate"] = "much"
    elif change == "verdict":
        data["tags"][2]["verdict"] = "strong"
    elif change == "seats":
        data["seats"] = data["seats"][:1]
    elif change == "interval":
        data["tags"][0]["ci95"] = [0.9, 0.95]
    return data


@pytest.mark.parametrize(("change", "message"), [
    ("no command", 'mitan/report.json, field "command": missing'),
    ("rate as text", 'mitan/report.json, field "seats.0.rate": Input should be a valid number'),
    ("verdict", 'mitan/report.json, field "tags.2.verdict": Input should be'),
    ("seats", "mitan/report.json: Value error, seats must be 0 to 1, one row each"),
    ("interval", 'mitan/report.json, field "tags.0": Value error, ci95 [0.9, 0.95] does not '
                 "hold the rate"),
])
def test_a_malformed_report_names_its_file_and_field(tmp_path: Path, change: str,
                                                     message: str) -> None:
    with pytest.raises(DataError) as caught:
        load(write(tmp_path / "mitan", spoilt(change)))
    assert str(caught.value).startswith(message), str(caught.value)


def test_unreadable_files_and_the_list_that_survives_them(tmp_path: Path) -> None:
    write(tmp_path / "good", good())
    write(tmp_path / "garbled", "{not json")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match=r"^garbled/report.json: not valid JSON"):
        load(tmp_path / "garbled")
    with pytest.raises(DataError, match=r"^empty/report.json: cannot be read"):
        load(tmp_path / "empty")
    found = list_reports(tmp_path)
    assert [item.setup for item in found] == ["empty", "garbled", "good"]
    assert [type(item) for item in found] == [Unreadable, Unreadable, Shipped]
    assert list_reports(tmp_path / "none") == []


def test_a_setup_is_a_folder_name_never_a_path(tmp_path: Path) -> None:
    write(tmp_path / "good", good())
    assert find("good", tmp_path) == tmp_path / "good"
    for name in ("", "..", "../good", ".good", "good/", "missing"):
        assert find(name, tmp_path) is None, name
