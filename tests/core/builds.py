"""Helpers for the tests of compiled engines: a current build of a game, Python in a subprocess.

A build already current in the setup's folder (`./dev` made it) is used as it is; otherwise
the game is compiled into a temporary folder, once per test session.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.core import compiled

SRC = compiled.SOURCE_ROOT


def compiled_games() -> dict[str, tuple[str, ...]]:
    """Package -> modules, for every registered game with a `COMPILED` list."""
    from ludotheque.games import compiled_groups

    return {package: modules for package, modules in compiled_groups().items() if modules}


_built: dict[str, Path] = {}  # package -> its temporary build, in this test process


def build_of(package: str, modules: tuple[str, ...],
             factory: pytest.TempPathFactory) -> Path:
    """A folder holding a current build of `package`; skips only if nothing can compile."""
    why = compiled.missing_tools()
    if why is not None:
        pytest.skip(f"this machine cannot compile: {why}")
    if compiled.up_to_date(package, modules):
        return compiled.folder()
    if package in _built and compiled.up_to_date(package, modules, _built[package]):
        return _built[package]
    where = factory.mktemp(f"built-{package.rpartition('.')[2]}")
    lines: list[str] = []
    outcome = compiled.build({package: modules}, where=where, say=lines.append)
    assert outcome[package] == compiled.COMPILED, "\n".join(lines)
    _built[package] = where
    return where


def python(code: str, where: Path, *, pure: bool = False, path: Path = SRC,
           ) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter with the builds of `where` (or LUDO_PURE=1)."""
    env = {**os.environ, "PYTHONPATH": str(path), compiled.FOLDER_VARIABLE: str(where)}
    env.pop(compiled.PURE_VARIABLE, None)
    if pure:
        env[compiled.PURE_VARIABLE] = "1"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return run
