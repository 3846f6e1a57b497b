"""The lab over local processes and over Ray: games/s of `ludo balance mindbug` with `-j 2` and
with `--ray` on this machine, and what a batch costs on its own.

    PYTHONPATH=src python bench/lab_ray.py [-n 2000] [--batch 20] [--cpus 2]

Both ways run the lab's own code (sim/lab.py, sim/on_ray.py), as `ludo balance` does, and
must give the same tallies. The Ray instance is started once, and its start is timed on its
own: a cluster is started once for many runs. The overhead per batch is measured with
batches of no game: what sending a batch and getting its results back costs.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque import games
from ludotheque.core import JSON
from ludotheque.sim.jobs import BalanceJob
from ludotheque.sim.lab import OverProcesses, Stream, in_process, play_series
from ludotheque.sim.on_ray import LOCAL, on_ray
from ludotheque.sim.runner import Match


@dataclass(frozen=True)
class NoGames:
    """Batches of nothing: only the cost of sending a batch and getting it back."""

    batches: int
    kind: str = "nothing"

    def items(self) -> Sequence[int]:
        return range(self.batches)

    def play(self, items: Sequence[Any]) -> list[int]:
        return []

    def identity(self) -> dict[str, JSON]:
        return {"batches": self.batches}

    def dump(self, result: int) -> JSON:
        return result

    def load(self, data: Any) -> int:
        return int(data)


def games_per_second(job: BalanceJob, batch: int, stream: Stream) -> tuple[float, list[Any]]:
    started = time.perf_counter()
    run = play_series(job, batch, stream)
    return job.games / (time.perf_counter() - started), [job.dump(t) for t in run.in_order()]


def per_batch(stream: Stream, batches: int) -> float:
    """Milliseconds per empty batch."""
    started = time.perf_counter()
    play_series(NoGames(batches), 1, stream)
    return 1000 * (time.perf_counter() - started) / batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="games per measure")
    parser.add_argument("--batch", type=int, default=20, help="games per batch")
    parser.add_argument("--cpus", type=int, default=2, help="-j, and the local Ray's CPUs")
    parser.add_argument("--empty", type=int, default=2000, help="empty batches per measure")
    args = parser.parse_args()
    game = games.get("mindbug")
    match = Match(game.id, 2, game.options({}, 2).model_dump(mode="json"), ("random",) * 2)
    job = BalanceJob(match, args.n)
    print(f"ludo balance mindbug -n {args.n} --batch {args.batch}, random bots")
    one, reference = games_per_second(job, args.batch, in_process)
    print(f"  one process        {one:8.1f} games/s")
    rate, tallies = games_per_second(job, args.batch, OverProcesses(args.cpus))
    assert tallies == reference, "-j gave other tallies"
    print(f"  -j {args.cpus}               {rate:8.1f} games/s")
    started = time.perf_counter()
    with on_ray(LOCAL, args.cpus) as ray:
        print(f"  --ray: a local instance of {args.cpus} CPUs started in "
              f"{time.perf_counter() - started:.1f} s")
        first, tallies = games_per_second(job, args.batch, ray)
        assert tallies == reference, "--ray gave other tallies"
        again, _ = games_per_second(job, args.batch, ray)
        print(f"  --ray              {first:8.1f} games/s (workers starting), "
              f"{again:.1f} games/s (workers started)")
        print(f"overhead per batch ({args.empty} batches of no game): "
              f"Ray {per_batch(ray, args.empty):.2f} ms", end="")
    print(f", -j {args.cpus} {per_batch(OverProcesses(args.cpus), args.empty):.2f} ms, "
          f"one process {per_batch(in_process, args.empty):.3f} ms")


if __name__ == "__main__":
    main()
