"""`ludo balance GAME --deck FILE ...` (issue 22): saved decks against the field, with the
per-card report; a deck the rules refuse stops the command with the engine's message."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ludotheque.cli import main
from ludotheque.games.diamagique import GAME as DIAMAGIQUE
from ludotheque.games.mitix import GAME as MITIX


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_two_saved_diamagique_decks_play_under_their_file_names(tmp_path: Path) -> None:
    braises = DIAMAGIQUE.deck_rules().ready("Braises")
    sylves = DIAMAGIQUE.deck_rules().ready("Sylves")
    assert braises is not None and sylves is not None
    first = write(tmp_path, "Feu.txt", braises.text)
    second = write(tmp_path, "Forêt.txt", sylves.text)
    result = CliRunner().invoke(main, ["balance", "diamagique", "-n", "6", "--deck", first,
                                       "--deck", second, "--min-games", "1",
                                       "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    tags = {row["tag"] for row in data["tags"]}
    assert {"deck Feu", "deck Forêt"} <= tags  # each seat's deck, by its file's name
    assert any(name in tags for name in ("Tison", "Fournaise", "Brume glacée"))  # per card
    assert data["options"]["decks"][0]["name"] == "Feu"
    assert f"--deck {first}" in data["command"]


def test_one_mitix_paquet_against_the_ready_made_one(tmp_path: Path) -> None:
    paquet = write(tmp_path, "cerberes.txt", "25 Cerbère\n")
    result = CliRunner().invoke(main, ["balance", "mitix", "-n", "4", "--deck", paquet,
                                       "--min-games", "1", "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    assert data["options"]["paquets"][0] == ["Cerbère"] * 25
    assert data["options"]["paquets"][1] == list(MITIX.paquet(
        MITIX.decks.ready_made()[1].name))
    assert "Cerbère" in {row["tag"] for row in data["tags"]}


def test_a_deck_the_rules_refuse_stops_the_command_naming_the_rule(tmp_path: Path) -> None:
    bad = write(tmp_path, "court.txt", "5 Zeus\n")
    result = CliRunner().invoke(main, ["balance", "mitix", "-n", "2", "--deck", bad,
                                       "--out", str(tmp_path / "r")])
    assert result.exit_code == 1
    assert "MX-3" in result.output and "needs at least 20" in result.output
    refused = CliRunner().invoke(main, ["balance", "mitan", "-n", "2", "--deck", bad,
                                        "--out", str(tmp_path / "m")])
    assert refused.exit_code == 1 and "no decks to build" in refused.output
