"""A new game is one folder and one registry line (ARCHITECTURE.md, issue 24).

Nothing in `src/` outside `games/<game>/` and the registry (`games/__init__.py`) may name a
registered game or use one of its own identifiers: the rules, the bots' knowledge, the
screens and the data of a game live in its folder, and everything else reaches it through the
contract (`Game`, `State`, `Game.bots_module()` ...). A failure names the file and the line.

Scanned: the code (Python, JavaScript, templates, style sheets), comments and docstrings
included, since a comment that names a game is where the next `if game == ...` goes. Not
scanned: prose and data meant for players or the lab (the i18n catalogues, the legal texts,
the shipped simulation reports, each in a folder named by its setup).
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

from ludotheque import games

SRC = Path(games.__file__).resolve().parent.parent
GAMES = SRC / "games"
REGISTRY = GAMES / "__init__.py"
CODE = {".py", ".js", ".html", ".css"}


def _names(game_id: str) -> set[str]:
    """The game's id and the words of its title, matched as words, any case."""
    game = games.get(game_id)
    return {game_id.lower(), *(w.lower() for w in re.findall(r"\w{4,}", game.title))}


def _top_level(path: Path) -> set[str]:
    """The names a module defines at its top level: classes, functions, constants."""
    out: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            out.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out.update(t.id for t in targets if isinstance(t, ast.Name))
    return out


def _distinctive(name: str) -> bool:
    """A class (`MitanState`) or a constant (`PORTE_BOUCLIER`): a game's own vocabulary.
    Lower-case helpers (`deal`, `order`) are ordinary words that other code uses too."""
    return len(name) >= 4 and ((name[0].isupper() and not name.isupper() and "_" not in name)
                               or re.fullmatch(r"[A-Z][A-Z0-9_]+", name) is not None)


def _outside_files() -> Iterator[Path]:
    game_folders = [GAMES / game_id for game_id in games.GAME_MODULES]
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in CODE or not path.is_file() or path == REGISTRY:
            continue
        if any(path.is_relative_to(folder) for folder in game_folders):
            continue
        yield path


def _own_identifiers() -> dict[str, str]:
    """Identifier -> game, for the names a game's folder defines and nothing else in src/
    does (so `render` or `CARDS`, which other modules define too, are not a game's own)."""
    defined: dict[str, set[str]] = {}
    for game_id in games.GAME_MODULES:
        for path in (GAMES / game_id).rglob("*.py"):
            for name in _top_level(path):
                defined.setdefault(name, set()).add(game_id)
    elsewhere: set[str] = set()
    for path in _outside_files():
        if path.suffix == ".py":
            elsewhere |= _top_level(path)
    ignored = elsewhere | set(dir(builtins)) | {"GAME", "annotations"}
    return {name: next(iter(ids)) for name, ids in defined.items()
            if len(ids) == 1 and name not in ignored and _distinctive(name)}


def _python_names(text: str) -> Iterator[tuple[int, str]]:
    """(line, name) for every name in the code (not in strings or comments) that is not an
    attribute (`json.dumps` is json's, whatever a game calls its own)."""
    previous = ""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.NAME and previous != ".":
            yield token.start[0], token.string
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token.string


def test_no_game_is_named_outside_its_folder_and_the_registry() -> None:
    names = {word: game_id for game_id in games.GAME_MODULES for word in _names(game_id)}
    pattern = re.compile(r"(?i)(?<![a-z])(" + "|".join(map(re.escape, names)) + r")(?![a-z])")
    own = _own_identifiers()
    found: list[str] = []
    for path in _outside_files():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(SRC.parent)
        for number, line in enumerate(text.splitlines(), 1):
            for match in pattern.finditer(line):
                found.append(f"{where}:{number}: names {match.group(0)!r} "
                             f"(game {names[match.group(0).lower()]})")
        if path.suffix == ".py":
            for number, name in _python_names(text):
                if name in own:
                    found.append(f"{where}:{number}: uses {name!r}, defined only by game "
                                 f"{own[name]}")
    assert not found, "game-specific code outside the game's folder:\n" + "\n".join(found)


def test_the_scan_sees_a_game_name_and_a_game_identifier() -> None:
    """The two checks above would catch the very lines they are meant to catch."""
    first = games.GAME_MODULES[0]
    assert first in _names(first)
    own = _own_identifiers()
    assert any(game_id == first for game_id in own.values())
    name = next(n for n, g in own.items() if g == first)
    assert [n for _, n in _python_names(f"x = {name}  # {first}\n")] == ["x", name]


def test_every_game_keeps_its_bots_in_its_folder() -> None:
    """The bots' per-game knowledge is the game's `bots` module; `bots/` is generic."""
    # The registry's games (a test may have loaded a plugin game without bots by now).
    for name in games.GAME_MODULES:
        game = games.get(name)
        assert game.bots_module() == f"ludotheque.games.{game.id}.bots"
    generic = {p.stem for p in (SRC / "bots").glob("*.py")}
    assert not generic & set(games.GAME_MODULES)
