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
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

log = logging.getLogger("ludotheque.store")

T = TypeVar("T")
P = ParamSpec("P")
Job = Callable[[Session], Any]

# A group larger than this is split: a commit stays short, and the futures of the first
# writes are not held back by thousands queued behind them.
MAX_GROUP = 1000


class Writer:
    """The one writing thread of a Store (started with the first write)."""

    def __init__(self, engine: Engine, max_group: int = MAX_GROUP) -> None:
        self.engine = engine
        self.max_group = max_group
        self.pending: queue.SimpleQueue[tuple[Job, Future[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self.groups = 0  # commits made (each one transaction, one fsync)
        self.writes = 0  # jobs committed

    def submit(self, job: Callable[[Session], T]) -> Future[T]:
        future: Future[T] = Future()
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="ludo-store-writer",
                                                    daemon=True)
                    self._thread.start()
        self.pending.put((job, future))
        return future

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
            stop = False
            while len(group) < self.max_group:
                try:
                    item = self.pending.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                group.append(item)
            self._commit([(job, f) for job, f in group if f.set_running_or_notify_cancel()])
            if stop:
                return

    def _commit(self, group: list[tuple[Job, Future[Any]]]) -> None:
        if not group:
            return
        try:
            results = self._transaction([job for job, _ in group])
        except BaseException as exc:
            if len(group) == 1:
                group[0][1].set_exception(exc)
                return
            # Which job failed? Each alone, in its own transaction: only it fails.
            for job, future in group:
                try:
                    result = self._transaction([job])[0]
                except BaseException as alone:
                    future.set_exception(alone)
                else:
                    future.set_result(result)
            return
        for (_, future), result in zip(group, results, strict=True):
            future.set_result(result)

    def _transaction(self, jobs: list[Job]) -> list[Any]:
        try:
            with Session(self.engine, expire_on_commit=False) as s, s.begin():
                results = [job(s) for job in jobs]
            self.groups += 1
            self.writes += len(jobs)
            return results
        except DBAPIError as exc:
            # A fresh connection for the next try: one opened on a read-only file stays
            # read-only, one that lost its server stays lost.
            log.warning("the database refused a write: %s", exc.orig)
            self.engine.dispose()
            raise


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
        return BoundWrite(self.job, store)


class BoundWrite(Generic[P, T]):
    def __init__(self, job: Callable[Concatenate[Any, Session, P], T], store: Any) -> None:
        self.job = job
        self.store = store

    def submit(self, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        job, store = self.job, self.store
        writer: Writer = store.writer
        return writer.submit(lambda s: job(store, s, *args, **kwargs))

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        return self.submit(*args, **kwargs).result()

    async def committed(self, *args: P.args, **kwargs: P.kwargs) -> T:
        return await asyncio.wrap_future(self.submit(*args, **kwargs))
