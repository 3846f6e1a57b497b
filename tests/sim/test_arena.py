"""The arena, through the real `ludo arena` command and through its functions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from ludotheque import games
from ludotheque.cli import main
from ludotheque.sim.arena import Arena
from ludotheque.sim.elo import PairwiseResults, elo
from tests.bots.tictactoe import Morpion
from tests.core.toys import HighCard

for _game in (Morpion(), HighCard()):
    if _game.id not in games.ids():
        games.register(_game)


def arena_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["arena", *args, "--json", "-"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_two_bots_take_each_seat_in_turn_on_the_same_deal() -> None:
    arena = Arena("morpion", 2, {}, ("a", "b"), 6, first_seed=10)
    assert arena.schedule() == [(0, 10, (0, 1)), (1, 10, (1, 0)), (2, 11, (0, 1)),
                                (3, 11, (1, 0)), (4, 12, (0, 1)), (5, 12, (1, 0))]


def test_more_bots_than_seats_play_every_pairing_in_both_seats() -> None:
    arena = Arena("morpion", 2, {}, ("a", "b", "c"), 6)
    assert sorted(arena.lineups()) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    with pytest.raises(ValueError):
        Arena("morpion", 3, {}, ("a", "b"), 1).lineups()


def test_four_seats_rotate_one_bot_against_three_copies() -> None:
    arena = Arena("x", 4, {}, ("difficile", "moyen", "moyen", "moyen"), 4)
    firsts = [lineup.index(0) for _, _, lineup in arena.schedule()]
    assert firsts == [0, 3, 2, 1]  # the lone bot sits in every seat once


def test_a_rotation_that_seats_the_same_bots_again_is_not_replayed() -> None:
    # Mindbug Tag Team, a Difficile team against a Moyen team: turned by two seats, the
    # lineup is the same game (same seat, same spec, same seed): each deal is played once
    # from each side.
    arena = Arena("x", 4, {}, ("difficile", "moyen", "difficile", "moyen"), 4, first_seed=7)
    assert arena.schedule() == [(0, 7, (0, 1, 2, 3)), (1, 7, (1, 2, 3, 0)),
                                (2, 8, (0, 1, 2, 3)), (3, 8, (1, 2, 3, 0))]
    same = Arena("x", 2, {}, ("moyen", "moyen"), 4)
    assert same.lineups() == [(0, 1)]


def test_elo_orders_bots_by_their_results() -> None:
    pairs = PairwiseResults(["weak", "middle", "strong"])
    for _ in range(30):
        pairs.add(2, 1, 1.0)
        pairs.add(1, 0, 1.0)
    for _ in range(10):
        pairs.add(1, 2, 1.0)
        pairs.add(0, 1, 1.0)
    weak, middle, strong = elo(pairs)
    assert weak < middle < strong
    assert abs(weak + middle + strong) < 1e-6


def test_even_results_give_even_ratings() -> None:
    pairs = PairwiseResults(["a", "b"])
    for _ in range(20):
        pairs.add(0, 1, 1.0)
        pairs.add(0, 1, 0.0)
    a, b = elo(pairs)
    assert abs(a - b) < 1e-6


def test_ludo_arena_reports_win_rates_intervals_and_elo() -> None:
    data = arena_json("morpion", "--bots", "random,moyen:nodes=100:time=0", "-n", "10")
    assert data["games"] == 10
    rows = {r["bot"]: r for r in data["results"]}
    assert rows["random"]["seats_played"] == rows["moyen:nodes=100:time=0"]["seats_played"] == 10
    for row in rows.values():
        low, high = row["ci95"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
    assert rows["moyen:nodes=100:time=0"]["win_rate"] > rows["random"]["win_rate"]
    assert rows["moyen:nodes=100:time=0"]["elo"] > rows["random"]["elo"]
    assert data["head_to_head"][0]["pairings"] == 10
    assert data["seat_win_rate"][0] + data["seat_win_rate"][1] == pytest.approx(1.0)


def strip_clock(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out.pop("seconds")
    out["results"] = [{k: v for k, v in r.items() if not k.startswith("think")}
                      for r in data["results"]]
    return out


def test_node_budgets_make_an_arena_repeat_exactly_in_parallel_too() -> None:
    args = ("carte_haute", "--bots", "facile:time=0,greedy:nodes=8", "-n", "8", "--seed", "3")
    one = arena_json(*args)
    again = arena_json(*args, "-j", "2")
    assert strip_clock(one) == strip_clock(again)


def test_ludo_arena_prints_a_table_and_writes_json(tmp_path: Any) -> None:
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(main, ["arena", "morpion", "--bots", "random,greedy", "-n", "4",
                                       "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output
    assert "greedy against" in result.output or "random against greedy" in result.output
    assert json.loads(out.read_text())["games"] == 4


@pytest.mark.parametrize(("args", "message"), [
    (["morpion", "--bots", "random,wizard"], "unknown bot"),
    (["morpion", "--bots", "random"], "at least 2 bots"),
    (["chess", "--bots", "random,random"], "unknown game"),
    (["morpion", "--bots", "random,random", "-n", "0"], "at least 1"),
])
def test_ludo_arena_refuses_bad_requests(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["arena", *args])
    assert result.exit_code == 1
    assert message in result.output


def test_ludo_arena_runs_as_a_program_on_a_registered_game() -> None:
    """The real command in its own process, on a game of the registry (Mitan, cheap bots)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "ludotheque.cli", "arena", "mitan", "--bots",
         "random,facile:nodes=5:time=0", "-n", "2", "--json", "-"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 2
    assert [r["seats_played"] for r in data["results"]] == [2, 2]


def test_copies_of_a_bot_in_one_game_count_as_one_trial_for_the_interval() -> None:
    from ludotheque.sim.arena import Played, summarise

    arena = Arena("x", 4, {}, ("a", "b", "a", "b"), 4)
    played = []
    for i, _, lineup in arena.schedule():  # "a" holds seats 0 and 2, or 1 and 3, and wins
        first = arena.bots[lineup[0]] == "a"
        played.append(Played(i, 0, lineup, (0, 1, 0, 1) if first else (1, 0, 1, 0),
                             (1.0, 0.0, 1.0, 0.0) if first else (0.0, 1.0, 0.0, 1.0),
                             "won", 10, (0.0,) * 4, (0.0,) * 4, (1,) * 4))
    rows = {r["bot"]: r for r in summarise(arena, played, 1.0)["results"]}
    assert rows["a"]["seats_played"] == 8 and rows["a"]["games_played"] == 4
    assert rows["a"]["win_rate"] == 1.0
    assert rows["a"]["ci95"][0] == pytest.approx(4 / (4 + 1.959964**2))  # Wilson, 4 of 4
