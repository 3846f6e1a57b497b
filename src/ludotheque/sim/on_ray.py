"""Batches of a series over Ray workers (`--ray`): a local Ray instance, or a cluster joined.

Ray is imported here, when a series asks for it, and nowhere else: the lab runs without it
(`pip install 'ludotheque[lab]'` brings it). A batch whose worker dies is played again by Ray
(its task is retried); it is the same seeded batch, and it is counted once, when it returns.
"""

from __future__ import annotations

import importlib
import os
import socket
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .lab import Batch, Job, LabError, R

LOCAL = "local"  # `--ray` alone: start a Ray instance on this machine
# Test only: "BATCH:FILE" makes the worker playing batch BATCH exit at once, unless FILE
# exists (it writes FILE first): a worker dying for real, once.
DIE_ONCE = "LUDO_LAB_DIE_ONCE"
RETRIES = 3  # times a batch is sent again after its worker died


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise LabError("--ray needs Ray: pip install 'ludotheque[lab]' "
                       "(or pip install ray)") from exc


def reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once when nothing listens at HOST:PORT (or ray://HOST:PORT): Ray itself would
    wait for a head that is not there for minutes."""
    if address == "auto":
        return  # Ray finds the cluster of this machine, or says there is none
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise LabError(f"--ray {address!r}: give auto, HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise LabError(f"cannot join Ray at {address}: nothing answers there "
                       f"({exc.strerror or exc}); is `ray start --head` running?") from exc


def _play_batch(job: Job[R], index: int, items: Sequence[Any],
                die_once: tuple[int, str] | None) -> list[R]:
    if die_once is not None and die_once[0] == index:
        marker = Path(die_once[1])
        if not marker.exists():
            marker.write_text(str(os.getpid()), encoding="utf-8")
            os._exit(1)
    return job.play(items)


def _die_once() -> tuple[int, str] | None:
    spec = os.environ.get(DIE_ONCE)
    if not spec:
        return None
    index, _, path = spec.partition(":")
    return int(index), path


@dataclass
class OverRay:
    """Plays batches as Ray tasks, a few per CPU of the cluster in flight at once, and
    yields each batch as it finishes."""

    ray: Any
    in_flight_per_cpu: int = 2

    def __call__(self, job: Job[R], batches: Sequence[Batch]) -> Iterator[tuple[int, list[R]]]:
        ray = self.ray
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_play_batch)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        job_ref = ray.put(job)  # sent to the object store once, not with every batch
        die_once = _die_once()
        queue = iter(batches)
        pending: dict[Any, int] = {}

        def send() -> None:
            batch = next(queue, None)
            if batch is not None:
                pending[task.remote(job_ref, batch.index, batch.items, die_once)] = batch.index

        # Stopped early (Ctrl+C, an error), the batches in flight are left to end with the
        # driver: Ray stops a job's tasks when its driver leaves. (ray.cancel here can race a
        # task finishing and abort the process, Ray 2.60.)
        for _ in range(max(2, self.in_flight_per_cpu * cpus)):
            send()
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                index = pending.pop(ref)
                results: list[R] = ray.get(ref)
                send()
                yield index, results


@contextmanager
def on_ray(address: str, cpus: int | None = None) -> Iterator[OverRay]:
    """Connect to Ray for the time of a series: `local` starts an instance of `cpus` CPUs
    (default: all of them) and stops it after; an address (`auto`, `HOST:PORT`,
    `ray://HOST:10001`) joins a running cluster. A program already connected keeps its
    connection (a notebook, the tests' shared instance)."""
    ray = _ray()
    if ray.is_initialized():
        yield OverRay(ray)
        return
    try:
        if address == LOCAL:
            ray.init(address="local", num_cpus=cpus, include_dashboard=False,
                     log_to_driver=False)
        else:
            reachable(address)
            ray.init(address=address, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = "start a local Ray instance" if address == LOCAL else f"join Ray at {address}"
        raise LabError(f"cannot {where}: {exc}") from exc
    try:
        yield OverRay(ray)
    finally:
        ray.shutdown()
