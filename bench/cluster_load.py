"""The site on 1, 2, 4 ... server processes (PostgreSQL + Redis), loaded by bench/load.py.

Starts a throw-away PostgreSQL cluster and redis-server (the tests' own, Debian's binaries),
then for each process count: a fresh database, N `python -m ludotheque.server --redis ...
--limits off` processes, and bench/load.py with one `--url` per process (the games spread over
them in turn). Prints one JSON line per count: the load tool's figures and the processes.

    python bench/cluster_load.py --processes 1,2,4 --games 200 --think 0 --duration 30

On a machine of C cores the gain stops at C: every process, the load client, PostgreSQL and
Redis share them (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.live import LiveServer  # noqa: E402 (after the path is set)
from tests.server.postgres import Postgres  # noqa: E402
from tests.server.redisd import RedisServer  # noqa: E402


def run(count: int, postgres: Postgres, broker: RedisServer, args: argparse.Namespace,
        folder: Path) -> dict[str, object]:
    url = postgres.create_database(f"load_{count}")
    sites = [LiveServer(url, log=folder / f"load-{count}-{i}.log", bot_workers=1,
                        limits=False, args=("--redis", broker.url)).start()
             for i in range(count)]
    try:
        command = [sys.executable, str(ROOT / "bench" / "load.py"), "--games", str(args.games),
                   "--think", str(args.think), "--duration", str(args.duration),
                   "--warmup", str(args.warmup), "--game", args.game]
        for site in sites:
            command += ["--url", site.url]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False,
                              timeout=args.duration + args.warmup + 600)
        if done.returncode != 0:
            raise RuntimeError(f"load.py failed: {done.stderr[-2000:]}")
        figures: dict[str, object] = json.loads(done.stdout)
        return {"processes": count, **figures}
    finally:
        for site in sites:
            site.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", default="1,2,4", help="process counts, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=120.0)
    parser.add_argument("--game", default="mitan")
    args = parser.parse_args()
    postgres, broker = Postgres().start(), RedisServer().start()
    folder = postgres.root
    try:
        for count in (int(c) for c in args.processes.split(",")):
            print(json.dumps(run(count, postgres, broker, args, folder)), flush=True)
    finally:
        broker.stop()
        postgres.stop()


if __name__ == "__main__":
    main()
