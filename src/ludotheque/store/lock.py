"""One server process per SQLite file.

Two processes writing one SQLite file each keep their own rooms in memory and overwrite each
other's updates (both players told they had the same seat; a resignation undone). A serving
process therefore holds an exclusive lock on a side file next to the database for its whole
life; a second one finds it taken and refuses to start. An flock belongs to the open file:
the kernel releases it when the process ends, however it ends (kill -9 included), so a crash
never leaves a stale lock. Several processes on one database is the PostgreSQL way.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from sqlalchemy.engine import make_url


class AlreadyServed(RuntimeError):
    """Another process serves this database."""


def sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL; None for another database or an in-memory one."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite"):
        return None
    name = parsed.database
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name).resolve()


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def hold(url: str) -> IO[str] | None:
    """Take the database's serving lock for this process (keep the returned file open for as
    long as the process serves; closing it releases the lock). Raises AlreadyServed with a
    message for a person when another process holds it; None when the database needs no
    lock (not a SQLite file)."""
    database = sqlite_file(url)
    if database is None:
        return None
    path = lock_path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the process's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "?"
        handle.close()
        raise AlreadyServed(
            f"another server process (pid {holder}) already serves the database {database} "
            f"(it holds {path}). Two processes on one SQLite file would overwrite each "
            "other's games: stop the other one first, or run several processes on "
            "PostgreSQL.") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle
