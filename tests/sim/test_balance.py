"""Balance reports through the real `ludo balance` command: the first player's advantage and
the strength of each card, measured where the answer is known (Carte haute: holding the 10
wins a round for sure, holding the 1 never does)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ludotheque import games
from ludotheque.cli import main
from ludotheque.core import State
from ludotheque.core.record import Step
from ludotheque.sim.balance import Balance
from ludotheque.sim.runner import Match, play_one
from tests.core.toys import HighCard, HighCardOptions, HighCardState


class DealtHighCardState(HighCardState):
    pass


class DealtHighCard(HighCard):
    """Carte haute whose balance tags are the cards each seat was dealt."""

    id = "dealt_high_card"
    state_type = DealtHighCardState

    def _new(self, seed: int, players: int, options: Any) -> State:
        assert isinstance(options, HighCardOptions)
        return DealtHighCardState(seed, options.hand_size)

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        assert isinstance(start, HighCardState)
        return [{f"dealt {card}" for card in hand} for hand in start.hands]


if DealtHighCard.id not in games.ids():
    games.register(DealtHighCard())


def run(*args: str) -> str:
    result = CliRunner().invoke(main, ["balance", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_report_finds_the_strong_and_the_weak_cards(tmp_path: Path) -> None:
    out = tmp_path / "report"
    printed = run("dealt_high_card", "-n", "400", "--out", str(out))
    data: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert data["games"] == 400 and data["fair_share"] == 0.5
    tags = {row["tag"]: row for row in data["tags"]}
    assert set(tags) == {f"dealt {c}" for c in range(1, 11)}
    assert sum(row["games"] for row in tags.values()) == 400 * 2 * 3  # 3 cards a seat
    assert tags["dealt 10"]["verdict"] == "stronger" and tags["dealt 1"]["verdict"] == "weaker"
    assert data["tags"][0]["tag"] in ("dealt 10", "dealt 9")
    assert data["tags"][-1]["tag"] in ("dealt 1", "dealt 2")
    # Carte haute is symmetric: neither seat has an edge.
    assert [row["verdict"] for row in data["seats"]] == ["even", "even"]
    page = (out / "report.md").read_text(encoding="utf-8")
    assert "| dealt 10 |" in page and "![tags.svg](tags.svg)" in page
    assert "`ludo balance dealt_high_card -n 400 --bots random --seed 0`" in page
    assert data["command"] == "ludo balance dealt_high_card -n 400 --bots random --seed 0"
    for plot in ("seats.svg", "tags.svg"):
        assert (out / plot).read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert "dealt 10" in printed and "stronger" in printed


def test_rare_tags_are_named_not_measured(tmp_path: Path) -> None:
    run("dealt_high_card", "-n", "20", "--min-games", "100", "--out", str(tmp_path))
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert data["tags"] == [] and len(data["rare_tags"]) == 10
    page = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "No tag met often enough" in page and "dealt 10" in page
    assert not (tmp_path / "tags.svg").exists()


def test_a_report_that_cannot_be_written_says_where(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = CliRunner().invoke(main, ["balance", "dealt_high_card", "-n", "2",
                                       "--out", str(blocker / "report")])
    assert result.exit_code != 0
    assert "cannot write the report in" in result.output


@pytest.mark.parametrize("game_id", ["mitix", "mindbug", "diamagique", "mitan", "mimik"])
def test_each_game_tags_what_its_seats_brought(game_id: str) -> None:
    game = games.get(game_id)
    match = Match(game_id, game.min_players, {}, ("random",) * game.min_players)
    tallies = Balance(match)
    for seed in range(3):
        tallies.add(game, play_one(game, match, seed))
    assert tallies.games == 3 and sum(t.games for t in tallies.seats) == 3 * game.min_players
    # Every seat of every game had some tag, and all are names people know, not ids.
    assert sum(t.games for t in tallies.tags.values()) >= 3 * game.min_players
    assert all(tag and not tag.isdigit() for tag in tallies.tags)


def test_a_card_of_one_seats_paquet_is_measured_against_that_seat() -> None:
    """The first seat wins 70%: its paquet's card A is not 'stronger' for that, nor is the
    second seat's card B 'weaker'; card C, held by both, wins more than its seats did."""
    from ludotheque.sim.balance import Tally

    tallies = Balance(Match("dealt_high_card", 2, {}, ("random", "random")), games=100)
    tallies.seats = [Tally(100, 70.0), Tally(100, 30.0)]
    tallies.tags = {"A": Tally(100, 70.0), "B": Tally(100, 30.0), "C": Tally(100, 80.0)}
    tallies.tag_seats = {"A": [100, 0], "B": [0, 100], "C": [50, 50]}
    rows = {row["tag"]: row for row in tallies.to_json(min_games=10)["tags"]}
    assert (rows["A"]["verdict"], rows["B"]["verdict"]) == ("even", "even")
    assert rows["A"]["lift"] == rows["B"]["lift"] == 0.0
    assert rows["C"]["expected"] == 0.5 and rows["C"]["verdict"] == "stronger"
    assert tallies.to_json(min_games=10)["tags"][0]["tag"] == "C"
