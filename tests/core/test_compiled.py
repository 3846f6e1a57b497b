"""Compiled engines (core/compiled.py): real mypyc builds, loaded in fresh interpreters.

A small throw-away package shows the loader's rules (a build is used only while every source
it depends on is unchanged, a stale group falls back whole with one warning, LUDO_PURE wins);
then every game with a `COMPILED` list must play the same seeded games compiled and pure.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from ludotheque.core import compiled

from .builds import build_of, compiled_games, python

# Two modules of one group calling each other, and a module outside the group whose `Final`
# constant mypyc copies into the C code: a change there must make the whole group stale.
TOY = {
    "toyfast/__init__.py": "",
    "toyfast/steps.py": "from typing import Final\n\nSTEP: Final = 3\n",
    "toyfast/fast.py": textwrap.dedent("""\
        from .steps import STEP
        from toyfast.other import double


        def run(n: int) -> int:
            return double(n) + STEP
        """),
    "toyfast/other.py": "def double(n: int) -> int:\n    return 2 * n\n",
    "toybroken/__init__.py": "",
    "toybroken/bad.py": "WRONG: int = 'not an int'\n",
}

# Loads the toy's finder by hand (the default one serves the source tree's own packages).
LOAD = """
import sys
from pathlib import Path
from ludotheque.core import compiled
where, root = Path(WHERE), Path(ROOT)
sys.meta_path.insert(0, compiled.Finder(where, compiled.read_manifest(where), root))
from toyfast import fast, other
print(Path(fast.__file__).name, Path(other.__file__).name, fast.run(5))
"""


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """(the toy's sources, its build folder, what the build said): built once, at -O0."""
    why = compiled.missing_tools()
    if why is not None:
        pytest.skip(f"this machine cannot compile: {why}")
    root = tmp_path_factory.mktemp("toy") / "src"
    for name, text in TOY.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    where = root.parent / "built"
    said: list[str] = []
    outcome = compiled.build({"toyfast": ("fast", "other"), "toybroken": ("bad",)},
                             where=where, root=root, opt_level="0", say=said.append)
    assert outcome["toyfast"] == compiled.COMPILED, said
    return root, where, said


def load(root: Path, where: Path, *, pure: bool = False) -> tuple[list[str], list[str]]:
    """(what the toy printed, the lines on stderr) in a fresh interpreter."""
    code = LOAD.replace("WHERE", repr(str(where))).replace("ROOT", repr(str(root)))
    run = python(code, root.parent / "no-default-build", pure=pure,
                 path=Path(f"{root}:{compiled.SOURCE_ROOT}"))
    return run.stdout.split(), run.stderr.splitlines()


def test_the_manifest_lists_the_group_and_every_source_it_depends_on(toy) -> None:
    where = toy[1]
    manifest = json.loads((where / compiled.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["abi"] == compiled.abi()
    assert manifest["mypyc"] == compiled.mypyc_version()
    group = manifest["groups"]["toyfast"]
    assert group["modules"] == ["fast", "other"]
    assert sorted(group["sources"]) == ["toyfast/fast.py", "toyfast/other.py",
                                        "toyfast/steps.py"]
    assert set(group["libraries"]) == {"toyfast.fast", "toyfast.other",
                                       "toyfast__mypyc"}


def test_a_failed_build_is_one_line_and_leaves_that_package_pure(toy) -> None:
    _, where, said = toy
    failed = [line for line in said if line.startswith("toybroken")]
    assert len(failed) == 1 and "mypyc failed" in failed[0], said
    manifest = compiled.read_manifest(where)
    assert manifest is not None and "toybroken" not in manifest["groups"]
    assert (where / "toybroken.log").is_file()


def test_the_compiled_group_loads_while_its_sources_are_unchanged(toy) -> None:
    root, where, _ = toy
    out, err = load(root, where)
    assert out == [f"fast{compiled.abi()}", f"other{compiled.abi()}", "13"]
    assert err == []


def test_ludo_pure_loads_the_plain_modules_without_a_warning(toy) -> None:
    root, where, _ = toy
    out, err = load(root, where, pure=True)
    assert out == ["fast.py", "other.py", "13"]
    assert err == []


def test_a_changed_dependency_makes_the_whole_group_pure_with_one_warning(toy, tmp_path) -> None:
    where = toy[1]
    # A copy of the sources, one dependency changed (the build itself is shared).
    copy = tmp_path / "src"
    for name, text in TOY.items():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_text(text.replace("STEP: Final = 3", "STEP: Final = 4"),
                                 encoding="utf-8")
    out, err = load(copy, where)
    # Both modules pure, though only a module outside the group changed; the new constant.
    assert out == ["fast.py", "other.py", "14"]
    assert len(err) == 1, err
    assert "toyfast runs pure Python" in err[0] and "toyfast/steps.py changed" in err[0]
    assert "ludo compile" in err[0]


def test_a_second_build_skips_what_is_current_and_rebuilds_what_changed(toy, tmp_path) -> None:
    # Its own build folder (the fixture's build is shared by the other tests).
    copy_root = tmp_path / "src"
    for name, text in TOY.items():
        if name.startswith("toyfast"):
            (copy_root / name).parent.mkdir(parents=True, exist_ok=True)
            (copy_root / name).write_text(text, encoding="utf-8")
    built = tmp_path / "built"
    said: list[str] = []
    compiled.build({"toyfast": ("fast", "other")}, where=built, root=copy_root, opt_level="0",
                   say=said.append)
    first = sorted(p.name for p in built.glob(f"{compiled.LIBRARIES}*"))
    assert len(said) == 1 and said[0].startswith("toyfast: compiled"), said
    said.clear()
    compiled.build({"toyfast": ("fast", "other")}, where=built, root=copy_root, opt_level="0",
                   say=said.append, quiet=True)
    assert said == []  # nothing changed: nothing said, nothing built
    assert compiled.up_to_date("toyfast", ("fast", "other"), built, copy_root)
    (copy_root / "toyfast/other.py").write_text(TOY["toyfast/other.py"] + "\n# edited\n")
    assert not compiled.up_to_date("toyfast", ("fast", "other"), built, copy_root)
    compiled.build({"toyfast": ("fast", "other")}, where=built, root=copy_root, opt_level="0",
                   say=said.append, quiet=True)
    assert len(said) == 1 and said[0].startswith("toyfast: compiled"), said
    second = sorted(p.name for p in built.glob(f"{compiled.LIBRARIES}*"))
    assert len(second) == 1 and second != first  # the earlier build's folder is gone
    out, _ = load(copy_root, built)
    assert out == [f"fast{compiled.abi()}", f"other{compiled.abi()}", "13"]
    assert compiled.clean(built) and not built.exists()


# Seeded random games of one game, every player count of its setups: a digest of every legal
# action list, every state and every view (each seat's and a spectator's), after the answer
# of `compiled.loaded` for the game.
PLAY = """
import hashlib, json
from ludotheque import games
from ludotheque.core import compiled
from ludotheque.core.rng import Rng
game = games.get(NAME)
print(compiled.loaded({PACKAGE: MODULES})[PACKAGE].split()[0])
digest, actions = hashlib.sha256(), 0
for config in game.configs():
    for seed in range(GAMES):
        state = game.new(seed, config.players, config.options)
        rng = Rng(seed + 11)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            digest.update(" ".join(a.text() for a in legal).encode())
            digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
            for viewer in (*range(config.players), None):
                digest.update(json.dumps(state.view(viewer), sort_keys=True).encode())
            state.apply(seat, rng.choice(legal))
            actions += 1
print(actions, digest.hexdigest())
"""


@pytest.mark.parametrize("package", sorted(compiled_games()))
def test_every_compiled_game_plays_the_same_games_compiled_and_pure(
        package: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    modules = compiled_games()[package]
    where = build_of(package, modules, tmp_path_factory)
    code = (PLAY.replace("NAME", repr(package.rpartition(".")[2]))
            .replace("PACKAGE", repr(package)).replace("MODULES", repr(modules))
            .replace("GAMES", "3"))
    built = python(code, where).stdout.split()
    pure = python(code, where, pure=True).stdout.split()
    assert built[0] == compiled.COMPILED and pure[0] == "pure"
    assert int(built[1]) > 0
    assert built[1:] == pure[1:]
    # What `ludo compile --status` says of it, build loaded or LUDO_PURE set.
    status = "from ludotheque.cli import main; main(['compile', '--status'])"
    name = package.rpartition(".")[2]
    assert f"{name}: compiled" in python(status, where).stdout.splitlines()
    assert f"{name}: pure (LUDO_PURE is set)" in python(status, where, pure=True).stdout


@pytest.mark.parametrize("text", ["{not json", '{"groups": {"x": {"modules": 1}}}', "[]"])
def test_a_damaged_manifest_is_no_build_and_never_breaks_the_import(text: str,
                                                                    tmp_path: Path) -> None:
    (tmp_path / compiled.MANIFEST).write_text(text, encoding="utf-8")
    assert compiled.read_manifest(tmp_path) is None
    run = python("import ludotheque, sys\n"
                 "from ludotheque.core import compiled\n"
                 "from ludotheque.games import all_games\n"
                 "print(compiled.installed(), len(all_games()))", tmp_path)
    from ludotheque.games import GAME_MODULES

    assert run.stdout.split() == ["None", str(len(GAME_MODULES))] and run.stderr == ""
