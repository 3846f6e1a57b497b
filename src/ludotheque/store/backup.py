"""`ludo backup` and `ludo restore`: a consistent copy of the site's SQLite database, taken
while the site runs, and its way back.

SQLite's online backup API copies the pages under one read transaction (all pages in one
step), so the copy is the database as of one instant, whatever the site writes meanwhile: a
game in it is a prefix of the live game, never half a move. The copy is written next to the
target and renamed into place, so a backup interrupted half way leaves no half file behind.

PostgreSQL has its own tools (pg_dump, pg_restore: docs/operations.md); these commands say so
rather than copy a live PostgreSQL database row by row.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from .db import migrate


class BackupError(Exception):
    """A backup or restore that cannot be made, with a message for the operator."""


@dataclass(frozen=True)
class Contents:
    """What a Ludothèque database holds, counted (shown after a backup or a restore)."""

    schema: str
    games: int
    moves: int
    players: int

    def summary(self) -> str:
        return (f"schema {self.schema}: {self.games} games, {self.moves} moves, "
                f"{self.players} players")


def sqlite_path(url: str) -> Path:
    """The file of a `sqlite:///...` URL; a clear error for any other database."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite"):
        raise BackupError(
            f"{parsed.drivername}: ludo backup and ludo restore copy SQLite databases; for "
            "PostgreSQL use pg_dump --format=custom and pg_restore (docs/operations.md)")
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError(f"{url}: not a database file")
    return Path(parsed.database)


def contents(path: Path) -> Contents:
    """Check that `path` is a sound Ludothèque database and count what it holds."""
    if not path.is_file():
        raise BackupError(f"{path}: no such file")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"{path}: cannot be opened: {exc}") from None
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()
        if check is None or check[0] != "ok":
            raise BackupError(f"{path}: damaged ({check[0] if check else 'no answer'})")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"alembic_version", "games", "moves", "players"} <= tables:
            raise BackupError(f"{path}: not a Ludothèque database")
        schema = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return Contents(
            schema=str(schema[0]) if schema else "?",
            games=int(conn.execute("SELECT count(*) FROM games").fetchone()[0]),
            moves=int(conn.execute("SELECT count(*) FROM moves").fetchone()[0]),
            players=int(conn.execute("SELECT count(*) FROM players").fetchone()[0]))
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path}: not a SQLite database ({exc})") from None
    finally:
        conn.close()


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy `source` into a new file `target` by the backup API, durably."""
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    dest = sqlite3.connect(partial)
    try:
        source.backup(dest, pages=-1)  # one step: one read transaction, one instant
        dest.execute("PRAGMA journal_mode=DELETE")  # a backup is one self-contained file
        dest.commit()
    finally:
        dest.close()
    with open(partial, "rb") as f:
        os.fsync(f.fileno())
    os.replace(partial, target)
    directory = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def backup(url: str, target: Path) -> Contents:
    """Copy the database at `url` (the site may be running on it) into the file `target`."""
    source_path = sqlite_path(url)
    if not source_path.is_file():
        raise BackupError(f"{source_path}: no such database")
    if target.resolve() == source_path.resolve():
        raise BackupError(f"{target}: is the database itself")
    if target.is_dir():
        raise BackupError(f"{target}: is a folder; give a file name")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
    try:
        _copy(source, target)
    except sqlite3.Error as exc:
        target.with_name(f".{target.name}.partial").unlink(missing_ok=True)
        raise BackupError(f"backup failed: {exc}") from None
    finally:
        source.close()
    return contents(target)


def restore(source: Path, url: str) -> Contents:
    """Make the database at `url` a copy of the backup `source`, then bring its schema to
    this version's (a backup made by an older version is upgraded).

    The site must not be running on `url`: what it holds in memory would disagree with the
    restored file. The target's previous contents are replaced whole."""
    found = contents(source)
    target = sqlite_path(url)
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(f"{source}: is the database itself")
    target.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        for stale in (target.with_name(target.name + "-wal"),
                      target.with_name(target.name + "-shm")):
            stale.unlink(missing_ok=True)
        _copy(conn, target)
    except sqlite3.Error as exc:
        raise BackupError(f"restore failed: {exc}") from None
    finally:
        conn.close()
    migrate(url)
    after = contents(target)
    if (after.games, after.moves, after.players) != (found.games, found.moves, found.players):
        raise BackupError(f"restore: {after.summary()} after, {found.summary()} in the backup")
    return after
