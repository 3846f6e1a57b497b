"""A real PostgreSQL server for the tests: a throw-away cluster (initdb) on 127.0.0.1.

PostgreSQL refuses to run as root; as root, the cluster belongs to the `postgres` user and
its commands run through `runuser`. `./dev test` installs Debian's PostgreSQL when missing.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from .live import free_port, stop_process


def pg_bin() -> Path | None:
    """The newest PostgreSQL server binaries on this machine (Debian's layout or PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    def __init__(self) -> None:
        bindir = pg_bin()
        if bindir is None:
            raise RuntimeError("the PostgreSQL tests need PostgreSQL's server "
                               "(apt-get install postgresql; ./dev test installs it)")
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="ludo-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self.process: subprocess.Popen[bytes] | None = None

    def run(self, *args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if self.as_root else list(args)

    def start(self) -> Postgres:
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        subprocess.run(self.run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                                "-U", "ludo", "-E", "UTF8", "--no-sync"),
                       check=True, capture_output=True)
        log = open(self.root / "server.log", "ab")  # noqa: SIM115 (lives with the server)
        self.process = subprocess.Popen(
            self.run(str(self.bin / "postgres"), "-D", str(self.data), "-h", "127.0.0.1",
                     "-p", str(self.port), "-k", str(self.root), "-c", "fsync=on"),
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while subprocess.run(self.run(str(self.bin / "pg_isready"), "-h", "127.0.0.1",
                                      "-p", str(self.port)), capture_output=True).returncode:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start: "
                                   + (self.root / "server.log").read_text()[-2000:])
            time.sleep(0.2)
        return self

    def create_database(self, name: str) -> str:
        """A new empty database; its SQLAlchemy URL (psycopg 3)."""
        subprocess.run(self.run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p",
                                str(self.port), "-U", "ludo", name), check=True,
                       capture_output=True)
        return f"postgresql+psycopg://ludo@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        stop_process(self.process, wait=20)
        shutil.rmtree(self.root, ignore_errors=True)
