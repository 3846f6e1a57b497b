"""A game's own screen (issue 9): its files in the game's package (games/<game>/web/), its
words, and the game a URL names."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from starlette.requests import Request

from ludotheque import games
from ludotheque.core import Game, LudoError


def web_root() -> Path:
    return Path(str(resources.files("ludotheque.web")))


def screen_dir(game: Game) -> Path | None:
    """A game's own screen (issue 9) lives in its package: games/<game>/web/screen.js."""
    module = type(game).__module__
    # The game's package: its module's parent, or the module itself if it is a package.
    package = module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]
    try:
        folder = Path(str(resources.files(package))) / "web"
    except (ModuleNotFoundError, TypeError):
        return None
    return folder if (folder / "screen.js").is_file() else None


def screen_text(game: Game, lang: str) -> dict[str, str]:
    """A screen's own catalogue (web/fr.json, web/en.json): its words, in the site's way."""
    folder = screen_dir(game)
    if folder is None:
        return {}
    for name in (f"{lang}.json", "fr.json"):
        path = folder / name
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            return {str(k): str(v) for k, v in data.items()}
    return {}


def room_words(game: Game, lang: str) -> dict[str, str]:
    """The screen's words a room needs: not the new-game form's (`option.*`, `setup.*`),
    whose examples may name cards that a seat must not find on its page."""
    return {k: v for k, v in screen_text(game, lang).items()
            if not k.startswith(("option.", "setup."))}


def game_of(request: Request) -> Game | None:
    """The game named in the URL (`{kind}`), or None for an unknown one."""
    try:
        return games.get(request.path_params["kind"])
    except LudoError:
        return None
