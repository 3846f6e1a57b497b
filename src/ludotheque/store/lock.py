"""One server process per database, unless they share Redis (`--redis`, server/cluster.py).

Two processes writing one database each keep their own rooms in memory and overwrite each
other's updates (both players told they had the same seat; a resignation undone). A serving
process therefore holds a lock for its whole life; a second one finds it taken and refuses
to start. On a SQLite file it is an flock on a side file next to the database: the kernel
releases it when the process ends, however it ends (kill -9 included). On PostgreSQL it is a
session advisory lock on a connection kept open: the server releases it when the connection
goes, however the process ends. Several processes on one database need `--redis`, which
gives each live room one owner; they take no lock.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO, Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection, make_url

# The advisory lock's key: any fixed 64-bit number, the same for every Ludothèque process.
ADVISORY_KEY = 0x4C55444F  # "LUDO"


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


class Held:
    """A serving lock, held until `close` (or the end of the process)."""

    def __init__(self, resource: IO[str] | Connection, engine: Any = None) -> None:
        self.resource = resource
        self.engine = engine

    def close(self) -> None:
        self.resource.close()
        if self.engine is not None:
            self.engine.dispose()


def hold(url: str) -> Held | None:
    """Take the database's serving lock for this process (keep it for as long as the process
    serves; `close` releases it). Raises AlreadyServed with a message for a person when
    another process holds it; None when the database takes no lock (in memory)."""
    if make_url(url).get_backend_name() == "postgresql":
        return _hold_postgresql(url)
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
    return Held(handle)


def _hold_postgresql(url: str) -> Held:
    engine = create_engine(url, poolclass=None, pool_size=1, max_overflow=0)
    conn = engine.connect()
    taken = conn.execute(text("SELECT pg_try_advisory_lock(:key)"),
                         {"key": ADVISORY_KEY}).scalar()
    conn.commit()  # the lock is the session's, not the transaction's
    if not taken:
        conn.close()
        engine.dispose()
        raise AlreadyServed(
            f"another server process already serves the database {make_url(url).database} "
            "(it holds its advisory lock). Two processes on one database without Redis would "
            "overwrite each other's games: stop the other one first, or run every process "
            "with --redis (docs/deploy.md).")
    return Held(conn, engine)
