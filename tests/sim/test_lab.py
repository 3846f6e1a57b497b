"""The lab without Ray: batches, the progress file, --resume, Ctrl+C, and Ray never imported.

Real games (Mindbug between random bots), real processes, a real SIGINT.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ludotheque
from ludotheque.cli import main
from ludotheque.sim.jobs import BalanceJob, SimJob
from ludotheque.sim.lab import (
    Batch,
    Job,
    LabError,
    OverProcesses,
    R,
    cut,
    in_process,
    play_series,
)
from ludotheque.sim.runner import Match

SRC = Path(ludotheque.__file__).resolve().parent.parent
MINDBUG = Match("mindbug", 2, {}, ("random", "random"))
TIMINGS = {"seconds", "games_per_second"}


def untimed(path: Path) -> dict[str, Any]:
    """A run's JSON without its timings: what must be the same however it was played."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if key not in TIMINGS}


def ludo(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_a_series_is_cut_into_batches_of_the_size_asked() -> None:
    assert [b.items for b in cut(range(5), 2)] == [(0, 1), (2, 3), (4,)]
    assert [b.index for b in cut(range(5), 2)] == [0, 1, 2]
    with pytest.raises(LabError):
        cut(range(5), 0)


def test_processes_give_the_results_of_one_process_in_batch_order() -> None:
    job = SimJob(MINDBUG, 12, first_seed=7)
    here = play_series(job, 5, in_process)
    there = play_series(job, 5, OverProcesses(2))
    assert [o.seed for o in there.in_order()] == list(range(7, 19))
    assert [job.dump(o) for o in there.in_order()] == [job.dump(o) for o in here.in_order()]
    assert here.complete and there.complete and not there.interrupted


def stopped_after(count: int) -> Any:
    """A stream that plays in this process and is interrupted (Ctrl+C) after `count`
    batches, as a terminal's Ctrl+C would interrupt the driver's loop."""

    def stream(job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
        for n, pair in enumerate(in_process(job, batches)):
            if n == count:
                raise KeyboardInterrupt
            yield pair

    return stream


def test_resume_plays_only_the_batches_not_finished(tmp_path: Path) -> None:
    job = BalanceJob(MINDBUG, 10, first_seed=3)
    progress = tmp_path / "progress.jsonl"
    first = play_series(job, 3, stopped_after(2), progress=progress)
    assert first.interrupted and sorted(first.results) == [0, 1]
    asked: list[int] = []

    def watched(job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
        asked.extend(b.index for b in batches)
        return in_process(job, batches)

    arrived: list[int] = []
    second = play_series(job, 3, watched, lambda batch: arrived.append(len(batch)),
                         progress=progress, resume=True)
    assert asked == [2, 3]  # the two finished batches were read back, not played
    assert sum(arrived) == 10  # the progress bar counts them all the same
    whole = play_series(job, 3, in_process)
    assert [job.dump(t) for t in second.in_order()] == [job.dump(t) for t in whole.in_order()]


def test_a_torn_last_line_is_played_again_and_a_torn_middle_refused(tmp_path: Path) -> None:
    job = SimJob(MINDBUG, 6)
    progress = tmp_path / "progress.jsonl"
    play_series(job, 2, stopped_after(2), progress=progress)
    lines = progress.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3  # the header and two batches
    progress.write_text("\n".join([*lines[:2], lines[2][:25]]) + "\n", encoding="utf-8")
    assert sorted(play_series(job, 2, stopped_after(0), progress=progress,
                              resume=True).results) == [0]
    progress.write_text("\n".join([lines[0], lines[1][:25], lines[2]]) + "\n",
                        encoding="utf-8")
    with pytest.raises(LabError, match="line 2: not a finished batch"):
        play_series(job, 2, in_process, progress=progress, resume=True)


def test_the_progress_of_another_run_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    progress = tmp_path / "progress.jsonl"
    play_series(SimJob(MINDBUG, 6), 2, stopped_after(1), progress=progress)
    before = progress.read_bytes()
    for other, size in ((SimJob(MINDBUG, 6, first_seed=1), 2), (SimJob(MINDBUG, 6), 3),
                        (SimJob(MINDBUG, 8), 2)):
        with pytest.raises(LabError, match="the progress of another run"):
            play_series(other, size, in_process, progress=progress, resume=True)
    assert progress.read_bytes() == before
    code, out = ludo("balance", "mindbug", "-n", "6", "--batch", "3", "--seed", "5",
                     "--out", str(tmp_path), "--resume")
    assert code == 1 and "another run" in out


def test_resume_needs_the_output_on_disk() -> None:
    code, out = ludo("sim", "mindbug", "-n", "4", "--resume")
    assert code == 1 and "--resume needs the output on disk" in out


def interruptible() -> None:
    """Run in a child before it starts: Ctrl+C at its default and not blocked. A child inherits
    an ignored SIGINT (Python then installs no handler) and the signal mask from the process
    that starts it, and the whole suite's workers do not promise either."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_prints_what_was_played_and_resume_finishes_the_same_run(tmp_path: Path) -> None:
    """A real SIGINT to a real `ludo sim`: it stops, says how many games it played, and the
    same command with --resume writes the JSON of a run never interrupted."""
    out = tmp_path / "cut.json"
    progress = tmp_path / "cut.json.progress.jsonl"
    # Long enough that the signal lands mid-run even with the compiled engines (about 7 s).
    args = ["sim", "mindbug", "-n", "20000", "--batch", "100", "--seed", "11"]
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "200"}
    child = subprocess.Popen([sys.executable, "-m", "ludotheque.cli", *args, "--json", str(out)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=interruptible)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if progress.exists() and len(progress.read_text(encoding="utf-8").splitlines()) > 2:
            break
        time.sleep(0.02)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, (signal.getsignal(signal.SIGINT), err)
    assert "interrupted:" in err and "of 20000 games played" in err and "--resume" in err
    assert not out.exists()
    finished = len(progress.read_text(encoding="utf-8").splitlines()) - 1
    assert 2 <= finished < 200
    code, text = ludo(*args, "--json", str(out), "--resume")
    assert code == 0, text
    assert not progress.exists()  # a finished run leaves only its output
    whole = tmp_path / "whole.json"
    assert ludo(*args, "--json", str(whole))[0] == 0
    assert untimed(out) == untimed(whole)
    assert untimed(out)["games"] == 20000


BLOCK_RAY = '''
import importlib.abc, sys

class NoRay(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("Ray is blocked for this test")
        return None

sys.meta_path.insert(0, NoRay())
'''


def test_the_lab_runs_without_ray_and_says_how_to_get_it(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(BLOCK_RAY, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{SRC}"}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "ludotheque.cli", *args], env=env,
                              capture_output=True, text=True, timeout=120)

    blocked = subprocess.run([sys.executable, "-c", "import ray"], env=env,
                             capture_output=True, text=True)
    assert "Ray is blocked for this test" in blocked.stderr
    sim = cli("sim", "mindbug", "-n", "6", "-j", "2", "--batch", "2", "--json", "-")
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["games"] == 6
    arena = cli("arena", "mindbug", "--bots", "random,facile", "-n", "2", "--json", "-")
    assert arena.returncode == 0, arena.stderr
    on_ray = cli("sim", "mindbug", "-n", "6", "--ray")
    assert on_ray.returncode == 1
    assert "--ray needs Ray: pip install 'ludotheque[lab]'" in on_ray.stderr


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(("args", "complaint"), [
    (("--ray", "127.0.0.1:{port}"), "cannot join Ray at 127.0.0.1:{port}: nothing answers"),
    (("--ray", "ray://127.0.0.1:{port}"), "nothing answers there"),
    (("--ray", "head"), "give auto, HOST:PORT or ray://HOST:PORT"),
    (("--ray", "127.0.0.1:{port}", "-j", "4"), "a cluster joined has its own"),
    (("-j", "0"), "-j must be at least 1"),
    (("--batch", "0"), "--batch"),
])
def test_a_bad_lab_option_gets_a_clear_error_at_once(tmp_path: Path, args: tuple[str, ...],
                                                     complaint: str) -> None:
    port = closed_port()
    started = time.monotonic()
    code, out = ludo("sim", "mindbug", "-n", "4", "--json", str(tmp_path / "out.json"),
                     *(a.format(port=port) for a in args))
    assert code != 0 and complaint.format(port=port) in " ".join(out.split())
    assert time.monotonic() - started < 30  # not Ray waiting minutes for a head
    assert list(tmp_path.iterdir()) == []
