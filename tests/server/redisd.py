"""A real Redis server for the tests: Debian's redis-server on a free port of 127.0.0.1,
in memory only, gone with the test (`./dev test` installs it when missing)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from .live import free_port, stop_process


class RedisServer:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("the multi-process tests need Redis "
                               "(apt-get install redis-server; ./dev test installs it)")
        self.binary = binary
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="ludo-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        log = open(self.root / "redis.log", "ab")  # noqa: SIM115 (lives with the server)
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.root), "--protected-mode", "yes"],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start: "
                                   + (self.root / "redis.log").read_text()[-2000:])
            time.sleep(0.05)

    def stop(self) -> None:
        stop_process(self.process)
        shutil.rmtree(self.root, ignore_errors=True)
