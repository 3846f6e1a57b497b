"""The lab over a real local Ray instance of 2 CPUs, shared by this module's tests.

Ray is a test dependency (`.[dev]`): where it is missing these tests fail, they are not
skipped. The games are real (Mindbug, MiTiX); a worker dies for real (os._exit).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ludotheque
from ludotheque import games
from ludotheque.cli import main
from ludotheque.cli.lab import series_match
from ludotheque.sim.jobs import SimJob
from ludotheque.sim.lab import play_series
from ludotheque.sim.on_ray import DIE_ONCE, LOCAL, OverRay, on_ray

from .test_lab import interruptible, stopped_after

SRC = Path(ludotheque.__file__).resolve().parent.parent
TIMINGS = {"seconds", "games_per_second"}


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[OverRay]:
    """One local Ray instance for the module, started the way `--ray` starts it; the CLI
    run in this process keeps that connection instead of starting its own. (Under
    `pytest -n 2` each worker that runs some of these tests starts its own: xdist's
    loadgroup, which would keep them on one worker, has no effect with pytest 9.2.)"""
    with on_ray(LOCAL, cpus=2) as stream:
        yield stream


def ludo(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def untimed(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for key in TIMINGS:
        data.pop(key, None)
    for row in data.get("results", []):  # the arena's thinking times
        row.pop("think_max_seconds")
        row.pop("think_mean_seconds")
    return data


def test_sim_on_ray_gives_the_json_of_one_process(ray_instance: OverRay,
                                                  tmp_path: Path) -> None:
    args = ["sim", "mindbug", "-n", "30", "--seed", "4", "--batch", "4"]
    ludo(*args, "--json", str(tmp_path / "here.json"))
    ludo(*args, "--ray", "--json", str(tmp_path / "ray.json"),
         "--records", str(tmp_path / "records"))
    assert untimed(tmp_path / "ray.json") == untimed(tmp_path / "here.json")
    assert len(list((tmp_path / "records").glob("mindbug-*.json"))) == 30


def test_balance_on_ray_writes_the_report_of_two_processes_byte_for_byte(
        ray_instance: OverRay, tmp_path: Path) -> None:
    args = ["balance", "mindbug", "-n", "24", "--seed", "2", "--batch", "5",
            "--min-games", "3"]
    ludo(*args, "-j", "2", "--out", str(tmp_path / "processes"))
    ludo(*args, "--ray", "--out", str(tmp_path / "ray"))
    for name in ("report.json", "report.md", "seats.svg", "tags.svg"):
        assert (tmp_path / "ray" / name).read_bytes() == \
            (tmp_path / "processes" / name).read_bytes(), name
    assert not (tmp_path / "ray" / "progress.jsonl").exists()


def test_arena_on_ray_gives_the_json_of_one_process(ray_instance: OverRay,
                                                    tmp_path: Path) -> None:
    args = ["arena", "mitix", "--bots", "random,facile", "-n", "6", "--batch", "2"]
    ludo(*args, "--json", str(tmp_path / "here.json"))
    ludo(*args, "--ray", "--json", str(tmp_path / "ray.json"))
    assert untimed(tmp_path / "ray.json") == untimed(tmp_path / "here.json")


def test_a_worker_that_dies_has_its_batch_played_again_and_counted_once(
        ray_instance: OverRay, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "died"
    args = ["sim", "mindbug", "-n", "20", "--seed", "9", "--batch", "4"]
    ludo(*args, "--json", str(tmp_path / "here.json"))
    monkeypatch.setenv(DIE_ONCE, f"2:{marker}")
    ludo(*args, "--ray", "--json", str(tmp_path / "ray.json"))
    pid = int(marker.read_text(encoding="utf-8"))  # the worker that played batch 2 first
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # it is gone
    ray = untimed(tmp_path / "ray.json")
    assert ray == untimed(tmp_path / "here.json")
    assert ray["games"] == 20 and sum(ray["endings"].values()) == 20


def test_a_run_interrupted_is_resumed_on_ray(ray_instance: OverRay, tmp_path: Path) -> None:
    """A run cut after two batches (their progress kept, as Ctrl+C leaves it) finishes on
    Ray with --resume as the run never cut, without playing those batches again."""
    args = ["sim", "mindbug", "-n", "24", "--seed", "1", "--batch", "4"]
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    ludo(*args, "--json", str(whole))
    match = series_match(games.get("mindbug"), "random", None, ())
    progress = tmp_path / "cut.json.progress.jsonl"
    job = SimJob(match, 24, first_seed=1)
    first = play_series(job, 4, stopped_after(2), progress=progress)
    assert first.interrupted and sorted(first.results) == [0, 1]
    kept = progress.read_text(encoding="utf-8").splitlines()[1:]
    ludo(*args, "--ray", "--resume", "--json", str(cut))
    assert untimed(cut) == untimed(whole)
    assert not progress.exists()
    # What the resumed run read back were the two batches kept, byte for byte.
    assert [json.loads(line)["batch"] for line in kept] == [0, 1]


def test_ctrl_c_on_a_cluster_joined_by_address_then_resume(ray_instance: OverRay,
                                                          tmp_path: Path) -> None:
    """`--ray ADDRESS` from another process joins the running instance (as a cluster's head
    is joined) instead of starting one; a real SIGINT stops it cleanly (exit 130, what was
    played printed), and --resume finishes the run as one never interrupted."""
    address = ray_instance.ray.get_runtime_context().gcs_address
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"}
    # Long enough that the signal lands mid-run even with the compiled engines.
    args = ["sim", "mindbug", "-n", "20000", "--seed", "3", "--batch", "100"]
    out = tmp_path / "joined.json"
    progress = tmp_path / "joined.json.progress.jsonl"
    child = subprocess.Popen([sys.executable, "-m", "ludotheque.cli", *args, "--ray", address,
                              "--json", str(out)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=interruptible)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and child.poll() is None:
        if progress.exists() and len(progress.read_text(encoding="utf-8").splitlines()) > 3:
            break
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130, (signal.getsignal(signal.SIGINT), err)
    assert "Started a local Ray instance" not in err
    assert "interrupted:" in err and "of 20000 games played" in err
    assert not out.exists() and progress.exists()
    ludo(*args, "--ray", "--resume", "--json", str(out))
    ludo(*args, "--json", str(tmp_path / "here.json"))
    assert untimed(out) == untimed(tmp_path / "here.json")
