"""The write path: one thread that owns the database's write connection and commits writes
in groups.

Every write of the Store is a job (a function of an open Session). Callers queue jobs and
wait on a future; the writer takes the first pending job and every job queued behind it,
runs them in one transaction and commits once: one fsync for the whole group, however many
moves arrived together. A future is resolved only after the commit, so whoever waits on it
(a room, before it tells anyone) never hears of a write that a crash could still lose.

A job that fails fails alone: the group is rolled back and its jobs are run again one per
transaction, each future getting its own job's result or error. After a database error the
write connection is dropped and reopened for the next group: a database that was read-only
or locked or away at first is used again as soon as it is writable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session

log = logging.getLogger("ludotheque.store")

T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True)
class Many:
    """A write of a kind that the writer does for the whole group at once: `run` writes
    every queued `item` of the same `run` with one statement (an executemany), which costs
    the writer thread (and the event loop, which shares the interpreter) far less than a
    statement per write."""

    run: Callable[[Session, list[Any]], None]
    item: Any


Job = Callable[[Session], Any] | Many

# A group larger than this is split: a commit stays short, and the futures of the first
# writes are not held back by thousands queued behind them.
MAX_GROUP = 1000


class Writer:
    """The one writing thread of a Store (started with the first write)."""

    def __init__(self, engine: Engine, max_group: int = MAX_GROUP) -> None:
        self.engine = engine
        self.max_group = max_group
        # Items: a thread's (job, future), or a batch of jobs from an event loop (below).
        self.pending: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        # Jobs from the event loop gathered during one turn of the loop: handed to the
        # writer thread as one item and answered with one call back, not one per write.
        self._from_loop: list[tuple[Job, asyncio.Future[Any]]] = []
        self.groups = 0  # commits made (each one transaction, one fsync)
        self.writes = 0  # jobs committed

    def _started(self) -> None:
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="ludo-store-writer",
                                                    daemon=True)
                    self._thread.start()

    def submit(self, job: Job) -> Future[Any]:
        """Queue a write from any thread; the future is resolved after its commit."""
        future: Future[Any] = Future()
        self._started()
        self.pending.put(Pending([job], [future], None))
        return future

    def submit_async(self, job: Job) -> asyncio.Future[Any]:
        """Queue a write from the running event loop; awaiting the future waits for its
        commit without holding a thread."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self._from_loop:
            loop.call_soon(self._hand_over, loop)
        self._from_loop.append((job, future))
        return future

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._from_loop = self._from_loop, []
        self._started()
        self.pending.put(Pending([job for job, _ in batch], [f for _, f in batch], loop))

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        if self._thread is not None:
            self.pending.put(None)
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while True:
            first = self.pending.get()
            if first is None:
                return
            group = [first]
            size = len(first.jobs)
            stop = False
            while size < self.max_group:
                try:
                    item = self.pending.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                group.append(item)
                size += len(item.jobs)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[Pending]) -> None:
        jobs = [job for item in group for job in item.jobs]
        outcomes: list[tuple[bool, Any]]
        try:
            outcomes = [(True, r) for r in self._transaction(jobs)]
        except BaseException as exc:
            if len(jobs) == 1:
                outcomes = [(False, exc)]
            else:
                # Which job failed? Each alone, in its own transaction: only it fails.
                outcomes = []
                for job in jobs:
                    try:
                        outcomes.append((True, self._transaction([job])[0]))
                    except BaseException as alone:
                        outcomes.append((False, alone))
        at = 0
        for item in group:
            mine = outcomes[at:at + len(item.jobs)]
            at += len(item.jobs)
            item.settle(mine)

    def _transaction(self, jobs: list[Job]) -> list[Any]:
        try:
            with Session(self.engine, expire_on_commit=False) as s, s.begin():
                results = run_jobs(s, jobs)
            self.groups += 1
            self.writes += len(jobs)
            return results
        except (OperationalError, InterfaceError) as exc:
            # A fresh connection for the next try: one opened on a read-only file stays
            # read-only, one that lost its server stays lost. (A refused row, an
            # IntegrityError, says nothing against the connection.)
            log.warning("the database refused a write: %s", exc.orig)
            self.engine.dispose()
            raise


@dataclass
class Pending:
    """Writes waiting for the writer: from a thread (concurrent futures, `loop` None) or
    from an event loop (its futures, answered in the loop's own thread)."""

    jobs: list[Job]
    futures: list[Any]  # concurrent.futures.Future or asyncio.Future, one per job
    loop: asyncio.AbstractEventLoop | None

    def settle(self, outcomes: list[tuple[bool, Any]]) -> None:
        if self.loop is None:
            answer(self.futures, outcomes)
            return
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
            self.loop.call_soon_threadsafe(answer, self.futures, outcomes)


def answer(futures: list[Any], outcomes: list[tuple[bool, Any]]) -> None:
    for future, (ok, value) in zip(futures, outcomes, strict=True):
        if future.done():
            continue  # its waiter gave up (cancelled)
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def run_jobs(s: Session, jobs: list[Job]) -> list[Any]:
    """Every job's result, in order; a run of `Many` of one kind in one go."""
    results: list[Any] = []
    run: Callable[[Session, list[Any]], None] | None = None
    items: list[Any] = []
    for job in [*jobs, None]:
        if run is not None and (not isinstance(job, Many) or job.run != run):
            run(s, items)
            results.extend([None] * len(items))
            run, items = None, []
        if isinstance(job, Many):
            run = job.run
            items.append(job.item)
        elif job is not None:
            results.append(job(s))
    return results


class Write(Generic[P, T]):
    """Makes a Store method whose body runs in the writer's transaction (its second
    parameter is the Session) into a method that callers use as any other:

    - `store.add_move(...)` queues the job and waits for its commit (worker threads, tests);
    - `await store.add_move.committed(...)` waits without holding a thread (the event loop).
    """

    def __init__(self, job: Callable[Concatenate[Any, Session, P], T]) -> None:
        self.job = job
        self.__doc__ = job.__doc__
        self.__name__ = job.__name__

    def __get__(self, store: Any, owner: type | None = None) -> BoundWrite[P, T]:
        job = self.job

        def make(*args: P.args, **kwargs: P.kwargs) -> Job:
            return lambda s: job(store, s, *args, **kwargs)

        return BoundWrite(make, store.writer)


class WriteMany(Generic[P]):
    """Makes a Store method that returns one item for `run` (parameters of its statements)
    into a write done with every item of the group at once (see `Many`)."""

    def __init__(self, run: Callable[[Session, list[Any]], None],
                 item: Callable[Concatenate[Any, P], Any]) -> None:
        self.run = run
        self.item = item
        self.__doc__ = item.__doc__

    def __get__(self, store: Any, owner: type | None = None) -> BoundWrite[P, None]:
        item, run = self.item, self.run

        def make(*args: P.args, **kwargs: P.kwargs) -> Job:
            return Many(run, item(store, *args, **kwargs))

        return BoundWrite(make, store.writer)


class BoundWrite(Generic[P, T]):
    def __init__(self, make: Callable[P, Job], writer: Writer) -> None:
        self.make = make
        self.writer = writer

    def submit(self, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        return self.writer.submit(self.make(*args, **kwargs))

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        return self.submit(*args, **kwargs).result()

    async def committed(self, *args: P.args, **kwargs: P.kwargs) -> T:
        result: T = await self.writer.submit_async(self.make(*args, **kwargs))
        return result
