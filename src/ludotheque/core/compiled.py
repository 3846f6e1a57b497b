"""Compiled engines: a game's hot modules built with mypyc, used only while their sources match.

A game lists the modules worth compiling in its package (`COMPILED = ("moves",)`, read by the
registry); `build()` compiles each game's list with mypyc into one shared library per game,
in a folder outside the source tree (`folder()`: the virtual environment's own, or
`LUDO_COMPILED_DIR`), from a temporary copy of the sources, and writes a manifest: the
Python and mypyc it was built with, and per game its modules and the sha256 of every source
file they depend on (themselves and every module of the package they import, transitively:
mypyc bakes the types and `Final` constants of those into the C code).

`install()`, run when `ludotheque` is imported, puts a finder in front of Python's own: it
serves a listed module from the compiled folder only while every file its game was built
from is unchanged and `LUDO_PURE` is not set. Otherwise the game's plain modules load, all of
them (compiled modules of a game call each other directly, so a game is never half
compiled), with one line on stderr saying how to rebuild. The plain Python source stays the
reference: it is what runs without a C compiler, and what tests compare the builds with.

This module reads files and starts processes, unlike the rest of the kernel: it is the
import machinery's, not the rules'. It names no game: callers pass the registry's lists
(`ludotheque.games.compiled_groups()`).
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import ModuleType
from typing import TypedDict

FOLDER_VARIABLE = "LUDO_COMPILED_DIR"
PURE_VARIABLE = "LUDO_PURE"
MANIFEST = "manifest.json"
COMPILED = "compiled"
REBUILD = "rebuild with `ludo compile` (or ./dev)"
# The shape of a build (names, folders): a build of another shape is redone whole.
LAYOUT = 2
LIBRARIES = "lib-"  # the prefix of the folders of built files, one a build of a game
# The folder holding the `ludotheque` package: the sources that builds copy and loads check.
SOURCE_ROOT = Path(__file__).resolve().parents[2]


class Group(TypedDict):
    """One game's build: its modules, their shared objects, and the sources they came from."""

    modules: list[str]
    libraries: dict[str, str]  # module -> file, relative to the compiled folder
    sources: dict[str, str]  # file relative to the source root -> sha256
    seconds: float


class Manifest(TypedDict):
    layout: int
    python: str
    abi: str
    mypyc: str
    groups: dict[str, Group]


def folder() -> Path:
    """Where builds go: `LUDO_COMPILED_DIR`, or a folder of the running virtual environment
    (tied to its interpreter, and gone with it)."""
    chosen = os.environ.get(FOLDER_VARIABLE)
    return Path(chosen) if chosen else Path(sys.prefix) / "ludotheque-compiled"


def pure_asked() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def abi() -> str:
    """The suffix of this interpreter's extension modules (version, ABI and platform)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def mypyc_version() -> str | None:
    """mypyc comes with mypy: its version, or None when mypy is not installed."""
    try:
        return version("mypy")
    except PackageNotFoundError:
        return None


def read_manifest(where: Path) -> Manifest | None:
    try:
        data = json.loads((where / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    # A damaged manifest counts as none (pure Python, everything rebuilt): `import ludotheque`
    # must never fail because of a build.
    if not isinstance(data, dict) or not isinstance(data.get("groups"), dict) or not all(
            isinstance(data.get(key), kind) for key, kind in
            (("layout", int), ("python", str), ("abi", str), ("mypyc", str))):
        return None
    for group in data["groups"].values():
        if not isinstance(group, dict) or not all(
                isinstance(group.get(key), kind) for key, kind in
                (("modules", list), ("libraries", dict), ("sources", dict))):
            return None
    manifest: Manifest = data  # type: ignore[assignment]  # written by write_manifest
    return manifest


def write_manifest(where: Path, manifest: Manifest) -> None:
    # Written whole then renamed: a process starting meanwhile reads the old one or the new.
    part = where / f"{MANIFEST}.part"
    part.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(part, where / MANIFEST)


# --- sources ------------------------------------------------------------------------------


def module_file(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported(module: str, path: Path) -> Iterator[str]:
    """The modules `module` names in its imports (some are not modules: callers check)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def dependencies(root: Path, modules: Sequence[str]) -> list[str]:
    """`modules` and every module of their top-level package that they import, transitively
    (an AST walk: imports inside functions and `TYPE_CHECKING` blocks count too)."""
    seen: dict[str, Path] = {}
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        path = module_file(root, module)
        if path is None:
            continue
        seen[module] = path
        top = module.split(".")[0]
        todo.extend(m for m in _imported(module, path)
                    if m.split(".")[0] == top and m not in seen)
    return sorted(seen)


def source_hashes(root: Path, modules: Sequence[str]) -> dict[str, str]:
    """sha256 of the file of each module in `dependencies(root, modules)`, by relative path."""
    out: dict[str, str] = {}
    for module in dependencies(root, modules):
        path = module_file(root, module)
        assert path is not None  # dependencies() keeps only modules with a file
        out[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def changed_source(root: Path, sources: Mapping[str, str]) -> str | None:
    """The first file of `sources` that is gone or whose content changed, or None."""
    for name, digest in sorted(sources.items()):
        try:
            now = hashlib.sha256((root / name).read_bytes()).hexdigest()
        except OSError:
            return name
        if now != digest:
            return name
    return None


# --- loading ------------------------------------------------------------------------------


class Finder(importlib.abc.MetaPathFinder):
    """Serves the compiled modules of the groups whose sources still match, and nothing else."""

    def __init__(self, where: Path, manifest: Manifest, root: Path = SOURCE_ROOT) -> None:
        self.where, self.manifest, self.root = where, manifest, root
        self.owner = {module: package for package, group in manifest["groups"].items()
                      for module in group["libraries"]}
        self.verdicts: dict[str, str] = {}
        self.warn = True  # off while `ludo compile` rebuilds what is stale

    def verdict(self, package: str) -> str:
        """COMPILED, or "pure (why)"; decided once per group, at its first import."""
        if package not in self.verdicts:
            self.verdicts[package] = self._decide(package)
        return self.verdicts[package]

    def _decide(self, package: str) -> str:
        group = self.manifest["groups"].get(package)
        if group is None:
            return "pure (not built: run `ludo compile`)"
        if pure_asked():
            return f"pure ({PURE_VARIABLE} is set)"
        name = package.rpartition(".")[2]
        why: str | None = None
        if self.manifest.get("abi") != abi():
            why = f"built for another Python ({self.manifest.get('python')})"
        elif (changed := changed_source(self.root, group["sources"])) is not None:
            why = f"{changed} changed since the build"
        elif missing := [f for f in group["libraries"].values()
                         if not (self.where / f).is_file()]:
            why = f"{missing[0]} is missing"
        if why is None:
            return COMPILED
        if self.warn:
            print(f"ludotheque: {name} runs pure Python, its compiled modules are stale "
                  f"({why}); {REBUILD}", file=sys.stderr)
        return f"pure ({why})"

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package = self.owner.get(fullname)
        if package is None or self.verdict(package) != COMPILED:
            return None  # Python's own finders load the plain module
        location = str(self.where / self.manifest["groups"][package]["libraries"][fullname])
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


def installed() -> Finder | None:
    return next((f for f in sys.meta_path if isinstance(f, Finder)), None)


def install(where: Path | None = None, root: Path = SOURCE_ROOT) -> Finder | None:
    """Put the finder in front of Python's own, if there is a manifest (once a process)."""
    if (finder := installed()) is not None:
        return finder
    where = where or folder()
    manifest = read_manifest(where)
    if manifest is None:
        return None
    finder = Finder(where, manifest, root)
    sys.meta_path.insert(0, finder)
    return finder


def loaded(groups: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Per package of `groups` (package -> its modules to compile): COMPILED, or
    "pure (why)". Imports the listed modules, so that the answer is what runs."""
    finder = installed()
    out: dict[str, str] = {}
    for package, modules in groups.items():
        if not modules:
            out[package] = "pure (nothing to compile)"
            continue
        files = [str(import_module(f"{package}.{m}").__file__) for m in modules]
        if all(f.endswith(abi()) for f in files):
            out[package] = COMPILED
        elif finder is None:
            out[package] = f"pure (no build in {folder()}: run `ludo compile`)"
        else:
            verdict = finder.verdict(package)
            out[package] = verdict if verdict != COMPILED else "pure (loaded before the build)"
    return out


# --- building -----------------------------------------------------------------------------

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

files = {files!r}
setup(name="ludotheque-compiled", script_args={args!r},
      ext_modules=mypycify(files, separate=[(files, {group!r})], target_dir={target!r},
                           opt_level={opt!r}))
"""


def missing_tools() -> str | None:
    """Why this machine cannot compile (no mypyc, C compiler or Python headers), or None."""
    if mypyc_version() is None or importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install mypy)"
    if importlib.util.find_spec("setuptools") is None:  # mypyc builds through it
        return "setuptools is not installed (pip install setuptools)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers}; Debian: apt-get install python3-dev)"
    return None


@contextlib.contextmanager
def _locked(where: Path) -> Iterator[None]:
    """One build at a time in a folder (test workers, two shells)."""
    with (where / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _copy_sources(root: Path, packages: Sequence[str], into: Path) -> None:
    """The Python files of the top-level packages of `packages` (nothing compiled, no
    data): what mypyc reads."""
    for top in sorted({package.split(".")[0] for package in packages}):
        for path in (root / top).rglob("*"):
            if path.suffix in (".py", ".typed") and "__pycache__" not in path.parts:
                target = into / path.relative_to(root)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)


def up_to_date(package: str, modules: Sequence[str], where: Path | None = None,
               root: Path = SOURCE_ROOT) -> bool:
    """Whether `where` holds a build of this group, for this Python, from these sources."""
    where = where or folder()
    manifest = read_manifest(where)
    if manifest is None or manifest["abi"] != abi():
        return False
    sources = source_hashes(root, [f"{package}.{m}" for m in modules])
    return _current(manifest["groups"].get(package), modules, sources, where)


def _current(group: Group | None, modules: Sequence[str], sources: dict[str, str],
             where: Path) -> bool:
    return (group is not None and group["modules"] == list(modules)
            and group["sources"] == sources
            and all((where / f).is_file() for f in group["libraries"].values()))


def _compile(package: str, modules: Sequence[str], src: Path, work: Path,
             opt_level: str) -> tuple[dict[str, str] | None, str]:
    """Compile one group in `work` from the copy `src`: (module -> built file relative to
    `work / "lib"`, or None on failure; the build's output)."""
    # The group's shared library is a top-level module (`<package with _>__mypyc`): mypyc
    # places the group's modules (their `__file__`) below the library's folder.
    work.mkdir(parents=True)
    files = [str(module_file(src, f"{package}.{m}")) for m in modules]
    args = ["build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "tmp")]
    (work / "setup.py").write_text(SETUP.format(files=files, args=args, opt=opt_level,
                                                group=package.replace(".", "_"),
                                                target=str(work / "c")), encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(src)}
    env.pop(FOLDER_VARIABLE, None)
    run = subprocess.run([sys.executable, "setup.py"], cwd=work, env=env,
                         capture_output=True, text=True)
    output = run.stdout + run.stderr
    if run.returncode:
        return None, output
    built: dict[str, str] = {}
    for path in (work / "lib").rglob(f"*{abi()}"):
        relative = path.relative_to(work / "lib")
        module = ".".join((*relative.parent.parts, path.name[: -len(abi())]))
        built[module] = relative.as_posix()
    return built, output


def _last_error(output: str) -> str:
    lines = [line for line in output.splitlines() if "error" in line.lower()]
    return (lines or output.splitlines() or ["no output"])[0].strip()[:200]


def build(groups: Mapping[str, Sequence[str]], *, where: Path | None = None,
          root: Path = SOURCE_ROOT, opt_level: str = "3",
          say: Callable[[str], None] = print, quiet: bool = False) -> dict[str, str]:
    """Compile every group (package -> its modules, in mypyc's order) whose sources changed
    since its last build; one line per game through `say` (`quiet`: only builds and failures).
    Returns package -> COMPILED or "pure (why)". Never raises for a failed build: that game
    stays pure Python."""
    where = where or folder()
    wanted = {package: list(modules) for package, modules in groups.items() if modules}
    why = missing_tools()
    if why is not None:
        if wanted:
            say(f"compiled engines: {why}; every game runs pure Python")
        return {package: f"pure ({why})" for package in wanted}
    where.mkdir(parents=True, exist_ok=True)
    with _locked(where):
        return _build_locked(wanted, where, root, opt_level, say, quiet)


def _build_locked(wanted: dict[str, list[str]], where: Path, root: Path, opt_level: str,
                  say: Callable[[str], None], quiet: bool) -> dict[str, str]:
    old = read_manifest(where)
    mypyc = mypyc_version() or ""
    if old is None or (old["layout"], old["abi"], old["mypyc"]) != (LAYOUT, abi(), mypyc):
        old = None  # another interpreter, mypyc or shape of build: everything is rebuilt
    manifest: Manifest = {"layout": LAYOUT, "python": sys.version.split()[0], "abi": abi(),
                          "mypyc": mypyc, "groups": {}}
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory(dir=where, prefix="build-") as scratch:
        src = Path(scratch) / "src"
        # The copy is what is hashed and compiled: an edit meanwhile cannot slip in.
        _copy_sources(root, list(wanted), src)
        todo: dict[str, dict[str, str]] = {}
        for package, modules in wanted.items():
            sources = source_hashes(src, [f"{package}.{m}" for m in modules])
            group = old["groups"].get(package) if old else None
            if group is not None and _current(group, modules, sources, where):
                manifest["groups"][package] = group
                out[package] = COMPILED
                if not quiet:
                    say(f"{_name(package)}: compiled, up to date")
            else:
                todo[package] = sources

        def one(package: str) -> tuple[str, dict[str, str] | None, str, float]:
            start = time.monotonic()
            built, output = _compile(package, wanted[package], src, Path(scratch) / package,
                                     opt_level)
            return package, built, output, time.monotonic() - start

        # One process a game, as many at once as there are cores (CI has two).
        with ThreadPoolExecutor(max_workers=max(1, min(len(todo), os.cpu_count() or 1))) as pool:
            results = list(pool.map(one, todo))
        for package, built, output, seconds in results:
            name = _name(package)
            log = where / f"{name}.log"
            log.write_text(output, encoding="utf-8")
            expected = {f"{package}.{m}" for m in wanted[package]}
            if built is None or not expected <= set(built):
                out[package] = f"pure (mypyc failed: {_last_error(output)})"
                say(f"{name}: not compiled, mypyc failed: {_last_error(output)} "
                    f"(log: {log}); it runs pure Python")
                continue
            # A new folder each build: a running process keeps the files it mapped.
            target = Path(tempfile.mkdtemp(dir=where, prefix=f"{LIBRARIES}{name}-"))
            os.rmdir(target)
            os.replace(Path(scratch) / package / "lib", target)
            manifest["groups"][package] = {
                "modules": wanted[package], "sources": todo[package], "seconds": round(seconds, 1),
                "libraries": {m: f"{target.name}/{f}" for m, f in sorted(built.items())}}
            out[package] = COMPILED
            say(f"{name}: compiled {', '.join(wanted[package])} in {seconds:.0f} s")
    write_manifest(where, manifest)
    _remove_unlisted(where, manifest)
    return out


def _name(package: str) -> str:
    return package.rpartition(".")[2]


def _remove_unlisted(where: Path, manifest: Manifest) -> None:
    """Folders of earlier builds that the manifest no longer lists."""
    kept = {f.split("/")[0] for g in manifest["groups"].values() for f in g["libraries"].values()}
    for path in where.glob(f"{LIBRARIES}*"):
        if path.is_dir() and path.name not in kept:
            shutil.rmtree(path, ignore_errors=True)


def clean(where: Path | None = None) -> bool:
    """Remove the builds and their manifest (only what `build()` writes); True if there
    was a manifest. The games run pure Python from the next process on."""
    where = where or folder()
    if not (where / MANIFEST).is_file():
        return False
    (where / MANIFEST).unlink()
    for path in where.iterdir():
        if path.is_dir() and path.name.startswith(LIBRARIES):
            shutil.rmtree(path, ignore_errors=True)
        elif path.suffix == ".log" or path.name == ".lock":
            path.unlink()
    with contextlib.suppress(OSError):
        where.rmdir()  # if nothing else was put there
    return True
