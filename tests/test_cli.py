"""The `ludo` command, run in-process through click, on a real game (the toy of tests/core)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludotheque import games
from ludotheque.cli import main
from ludotheque.core.record import Move, Record, replay

from .core.toys import HighCard


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    games.register(HighCard())
    yield


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_games_lists_every_game() -> None:
    code, out = run("games")
    assert code == 0
    assert "carte_haute" in out and "Carte haute" in out


def test_sim_reports_win_rates_with_intervals_as_json() -> None:
    code, out = run("sim", "carte_haute", "-n", "60", "--bots", "random,random", "--json", "-")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 60
    # Each two-player game hands out one point: 1 to the winner, or 0.5 each for a draw.
    assert sum(s["score"] for s in data["seats"]) == pytest.approx(60)
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0.0 <= low <= seat["win_rate"] <= high <= 1.0
    assert data["mean_actions"] == 10


def test_sim_in_two_processes_gives_the_same_figures_as_in_one(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    two = tmp_path / "two.json"
    assert run("sim", "carte_haute", "-n", "40", "--json", str(one))[0] == 0
    assert run("sim", "carte_haute", "-n", "40", "-j", "2", "--json", str(two))[0] == 0
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    assert a["seats"] == b["seats"] and a["draws"] == b["draws"]


def test_sim_writes_records_that_replay(tmp_path: Path) -> None:
    code, out = run("sim", "carte_haute", "-n", "5", "--seed", "100",
                    "--records", str(tmp_path))
    assert code == 0, out
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"carte_haute-{s}.json" for s in range(100, 105)]
    for f in files:
        assert replay(HighCard(), Record.load(f)).is_over()


def test_replay_prints_each_step_and_the_result(tmp_path: Path) -> None:
    run("sim", "carte_haute", "-n", "1", "--records", str(tmp_path))
    code, out = run("replay", str(tmp_path / "carte_haute-0.json"), "--lang", "en")
    assert code == 0, out
    assert out.count("seat ") >= 10
    assert "result:" in out


def test_replay_fails_loudly_on_an_illegal_record(tmp_path: Path) -> None:
    run("sim", "carte_haute", "-n", "1", "--records", str(tmp_path))
    path = tmp_path / "carte_haute-0.json"
    record = Record.load(path)
    record.moves[2] = Move(record.moves[2].seat, "p11")
    record.save(path)
    code, out = run("replay", str(path))
    assert code == 1
    assert "action #3" in out and "p11" in out


def test_play_a_whole_game_at_the_keyboard_against_a_bot() -> None:
    # The human types a wrong number, a wrong notation, then always the first choice.
    keys = "99\nzz\n" + "1\n" * 5
    code, out = run("play", "carte_haute", "--seat", "human", "--seat", "random",
                    "--seed", "5", "--lang", "en", stdin=keys)
    assert code == 0, out
    assert "Refused: no choice number 99" in out
    assert "Refused: 'zz'" in out
    assert "Game over" in out


def test_play_saves_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run("play", "carte_haute", "--seat", "random", "--seat", "random",
                    "--seed", "9", "--save", str(path))
    assert code == 0, out
    assert replay(HighCard(), Record.load(path)).is_over()


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (("rules", "échecs"), "unknown game 'échecs'"),
        (("sim", "carte_haute", "--bots", "genius"), "unknown bot 'genius'"),
        (("sim", "carte_haute", "-o", "hand_size=many"), "hand_size"),
        (("sim", "carte_haute", "-o", "colour=red"), "colour"),
        (("sim", "carte_haute", "-p", "3"), "exactly 2 players, not 3"),
        (("replay", "/nonexistent/game.json"), "cannot be read"),
    ],
)
def test_bad_input_gets_a_clear_error(args: tuple[str, ...], complaint: str) -> None:
    code, out = run(*args)
    assert code == 1
    assert complaint in out
