"""What the `ludo` commands share: the console, errors, games, options and bots named on
the command line, the progress bar and JSON output."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ludotheque import games
from ludotheque.bots import UnknownBot, make_bot
from ludotheque.core import Game, LudoError, Options

console = Console()


def fail(message: str) -> None:
    # escaped: a message may hold brackets ('ludotheque[lab]') that are not markup
    Console(stderr=True).print(f"[bold red]error:[/] {escape(message)}")
    sys.exit(1)


def find_game(game_id: str) -> Game:
    try:
        return games.get(game_id)
    except LudoError as exc:
        fail(str(exc))
        raise  # unreachable: fail exits


def parse_options(game: Game, pairs: tuple[str, ...], players: int) -> Options:
    data: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            fail(f"option {pair!r} must be written key=value")
        try:
            data[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            data[key.strip()] = raw
    try:
        return game.options(data, players)
    except LudoError as exc:
        fail(str(exc))
        raise


def check_bots(specs: list[str]) -> None:
    """Fail with the list of bots if a spec names no bot."""
    for spec in specs:
        try:
            make_bot(spec)
        except UnknownBot as exc:
            fail(str(exc))


def progress_bar(quiet: bool) -> Progress:
    """A progress bar on standard error (off when the JSON goes to standard output)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), disable=quiet)


def write_json(data: Any, out: Path | None) -> bool:
    """Write `data` to `out` ('-': standard output); True when nothing else should print."""
    if out is None:
        return False
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if str(out) == "-":
        click.echo(text)
        return True
    out.write_text(text + "\n", encoding="utf-8")
    return False
