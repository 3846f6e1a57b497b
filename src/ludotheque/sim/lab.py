"""The lab's engine: a long series of seeded games, cut into batches and played in this
process, over local processes (`-j`) or over Ray workers (`--ray`, sim/on_ray.py).

Batches come back in whatever order they finish; the figures are folded in batch order, so
every way of playing a series gives the same results. Each finished batch is appended to a
progress file beside the output, so that `--resume` finishes an interrupted run without
playing its finished batches again.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ludotheque.core import JSON

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

FORMAT = 1  # of the progress file; a file of another format is not resumed


class LabError(Exception):
    """A series that cannot be played as asked (a bad progress file, Ray missing...)."""


class Job(Protocol[R]):
    """What a series plays: its items (seeds, or arena games), one batch of them at a time.

    A job is a small frozen dataclass: it travels to every worker with each batch."""

    @property
    def kind(self) -> str: ...

    def items(self) -> Sequence[Any]: ...

    def play(self, items: Sequence[Any]) -> list[R]: ...

    def identity(self) -> dict[str, JSON]:
        """What makes two runs the same run (game, setup, bots, seeds, counts)."""
        ...

    def dump(self, result: R) -> JSON: ...

    def load(self, data: Any) -> R: ...


@dataclass(frozen=True)
class Batch:
    index: int
    items: tuple[Any, ...]


def cut(items: Sequence[Any], size: int) -> list[Batch]:
    """The items in batches of `size` (the last one shorter)."""
    if size < 1:
        raise LabError("a batch holds at least one game")
    return [Batch(i, tuple(items[start:start + size]))
            for i, start in enumerate(range(0, len(items), size))]


class Stream(Protocol):
    """Plays batches somewhere and yields (batch index, results) as each one finishes."""

    def __call__(self, job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
        ...


def in_process(job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
    for batch in batches:
        yield batch.index, job.play(batch.items)


def _ignore_interrupts() -> None:
    # Ctrl+C reaches the whole process group: the driver stops the series, the workers
    # finish their batch quietly instead of each printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(job: Job[R], items: Sequence[Any]) -> list[R]:
    return job.play(items)


@dataclass(frozen=True)
class OverProcesses:
    """Batches over `workers` local processes."""

    workers: int

    def __call__(self, job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        try:
            futures: dict[Future[list[R]], int] = {
                pool.submit(_play, job, batch.items): batch.index for batch in batches}
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class Run(Generic[R]):
    """The batches played so far, by index."""

    results: dict[int, list[R]]
    batches: int
    interrupted: bool = False

    def in_order(self) -> list[R]:
        """Every result, in batch order: the same list however the batches were played."""
        return [r for index in sorted(self.results) for r in self.results[index]]

    @property
    def complete(self) -> bool:
        return len(self.results) == self.batches


class Progress(Generic[R]):
    """The progress file: a header naming the run, then one JSON line per finished batch."""

    def __init__(self, path: Path, job: Job[R], batch_size: int, batches: int) -> None:
        self.path = path
        self.job = job
        # Through JSON once, so that it compares equal to a header read back from the file.
        self.header: dict[str, JSON] = json.loads(json.dumps(
            {"ludo_lab": FORMAT, "kind": job.kind, "run": job.identity(),
             "batch_size": batch_size, "batches": batches}, ensure_ascii=False))

    def read(self) -> dict[int, list[R]]:
        """The batches finished by an earlier run of the same series."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as exc:
            raise LabError(f"cannot read the progress in {self.path}: {exc}") from exc
        if not lines:
            return {}
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            header = None
        if header != self.header:
            raise LabError(f"{self.path} holds the progress of another run; run the same "
                           f"command to resume it, or without --resume to start again")
        done: dict[int, list[R]] = {}
        total = self.header["batches"]
        for number, line in enumerate(lines[1:], start=2):
            try:
                entry = json.loads(line)
                index, data = entry["batch"], entry["results"]
                if not (isinstance(index, int) and 0 <= index < total):
                    raise ValueError(f"no batch {index!r}")
                done[index] = [self.job.load(d) for d in data]
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                if number == len(lines):
                    break  # the line being written when the run stopped: played again
                raise LabError(f"{self.path}, line {number}: not a finished batch "
                               f"({exc})") from exc
        return done

    def start(self, done: dict[int, list[R]]) -> None:
        """Rewrite the file with the header and the batches kept (a torn last line goes)."""
        lines = [json.dumps(self.header, ensure_ascii=False)]
        lines += [self._line(index, results) for index, results in sorted(done.items())]
        try:
            self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        except OSError as exc:
            raise LabError(f"cannot write the progress in {self.path}: {exc.strerror}") from exc

    def add(self, index: int, results: list[R]) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(self._line(index, results) + "\n")

    def _line(self, index: int, results: list[R]) -> str:
        return json.dumps({"batch": index, "results": [self.job.dump(r) for r in results]},
                          ensure_ascii=False, separators=(",", ":"))


def play_series(job: Job[R], batch_size: int, stream: Stream,
                on_batch: Callable[[list[R]], None] | None = None,
                progress: Path | None = None, resume: bool = False) -> Run[R]:
    """Play every batch of `job` through `stream`, calling `on_batch` as each one arrives.

    With `progress`, finished batches are written there as they arrive and, with `resume`,
    those already there are not played again. Ctrl+C stops the series: the run returned is
    marked interrupted and holds what was played."""
    plan = cut(job.items(), batch_size)
    log = Progress(progress, job, batch_size, len(plan)) if progress is not None else None
    done: dict[int, list[R]] = log.read() if log is not None and resume else {}
    if log is not None:
        log.start(done)
    run = Run(done, len(plan))
    if on_batch is not None:
        for index in sorted(done):
            on_batch(done[index])
    todo = [batch for batch in plan if batch.index not in done]
    try:
        for index, results in stream(job, todo):
            if index in done:  # a batch counted twice would bias every figure
                raise RuntimeError(f"batch {index} came back twice")
            done[index] = results
            if log is not None:
                log.add(index, results)
            if on_batch is not None:
                on_batch(results)
    except KeyboardInterrupt:
        run.interrupted = True
    except Exception as exc:
        # Ctrl+C inside a library's callback comes back wrapped (pydantic's serializer:
        # "Error calling function `_dump`: KeyboardInterrupt"): still an interruption.
        if not interrupted_inside(exc):
            raise
        run.interrupted = True
    return run


def interrupted_inside(exc: BaseException) -> bool:
    """Whether `exc` is, or was raised by, a KeyboardInterrupt (its causes and contexts)."""
    seen: BaseException | None = exc
    for _ in range(10):
        if seen is None:
            return False
        if isinstance(seen, KeyboardInterrupt) or "KeyboardInterrupt" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False
