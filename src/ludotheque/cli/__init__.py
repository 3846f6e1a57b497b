"""The `ludo` command: games, rules, play, replay, serve, backup, admin; the lab's sim,
balance, arena and learn (cli/lab.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from rich.markdown import Markdown
from rich.table import Table

from ludotheque import games
from ludotheque.core import LudoError, compiled
from ludotheque.core.record import Record, check_stored_result, replay_steps, start
from ludotheque.terminal import HUMAN, TerminalGame

from .common import check_bots, console, fail, find_game, parse_options
from .lab import arena_command, balance, learn_command, sim


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ludotheque")
def main() -> None:
    """Ludothèque: play, study and balance tabletop games (`ludo games` lists them)."""


@main.command("games")
def list_games() -> None:
    """List the games."""
    table = Table(title="Ludothèque")
    for column in ("id", "title", "players", "hidden information", "setups"):
        table.add_column(column)
    for g in games.all_games():
        players = (str(g.min_players) if g.min_players == g.max_players
                   else f"{g.min_players}-{g.max_players}")
        table.add_row(g.id, g.title, players, "yes" if g.hidden_information else "no",
                      ", ".join(c.label for c in g.configs()))
    console.print(table)


@main.command("compile")
@click.option("--status", is_flag=True, help="Say which games run compiled, build nothing.")
@click.option("--clean", is_flag=True, help="Remove the builds: every game runs pure Python.")
@click.option("--quiet", is_flag=True, help="Print only builds and failures.")
def compile_command(status: bool, clean: bool, quiet: bool) -> None:
    """Compile the games' hot modules with mypyc (only those whose sources changed).

    The builds go to LUDO_COMPILED_DIR, by default a folder of the virtual environment;
    LUDO_PURE=1 runs every game pure Python all the same."""
    where = compiled.folder()
    if clean:
        print(f"removed {where}" if compiled.clean(where) else f"no build in {where}")
    elif status:
        print(f"builds: {where}")
        for package, state in compiled.loaded(games.compiled_groups()).items():
            print(f"{package.rpartition('.')[2]}: {state}")
    else:
        if (finder := compiled.installed()) is not None:
            finder.warn = False  # what is stale is about to be rebuilt
        compiled.build(games.compiled_groups(), where=where, quiet=quiet)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True)
def rules(game_id: str, lang: str) -> None:
    """Print the rules summary of GAME, with its rulings."""
    console.print(Markdown(find_game(game_id).rules(lang)))


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("-p", "--players", type=int, help="number of players (default: the minimum)")
@click.option("-s", "--seat", "seats", multiple=True,
              help="who plays each seat, in order: human, or a bot (the levels facile, moyen, "
                   "difficile, expert; random, mcts ...)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="a game option key=value")
@click.option("--seed", type=int, default=None, help="the game's seed (default: random)")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True)
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="write the game record to this file")
def play(game_id: str, players: int | None, seats: tuple[str, ...], option_pairs: tuple[str, ...],
         seed: int | None, lang: str, save: Path | None) -> None:
    """Play GAME in the terminal: humans at one keyboard and bots, in any mix.

    Without --seat, seat 1 is human and the others are random bots.
    """
    game = find_game(game_id)
    count = players or (len(seats) if seats else game.min_players)
    chosen = list(seats) or [HUMAN] + ["random"] * (count - 1)
    if len(chosen) != count:
        fail(f"{count} players but {len(chosen)} --seat given")
    check_bots([spec for spec in chosen if spec != HUMAN])
    options = parse_options(game, option_pairs, count)
    if seed is None:
        from ludotheque.core.rng import fresh_seed

        seed = fresh_seed()
    _, record = TerminalGame(game, chosen, seed, options, lang, console).run()
    if save is not None:
        record.save(save)
        console.print(f"record: {save}")


@main.command("replay")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True)
@click.option("--seat", type=int, default=None,
              help="show only what this seat (1, 2 ...) saw; default: every event")
def replay_command(path: Path, lang: str, seat: int | None) -> None:
    """Replay a game record through the engine, printing its events step by step.

    Fails (exit 1) naming the action and the reason if the record is not legal.
    """
    try:
        record = Record.load(path)
        game = games.get(record.game)
        start(game, record)
    except LudoError as exc:
        fail(str(exc))
        return
    console.print(f"[bold]{game.title}[/] seed {record.seed}, {record.players} players, "
                  f"options {json.dumps(record.options, ensure_ascii=False)}")
    viewer = None if seat is None else seat - 1
    state = None
    try:
        for after, step in replay_steps(game, record):
            state = after
            console.print(f"[cyan]{step.index + 1:>4}[/] seat {step.move.seat + 1}: "
                          f"[bold]{step.move.action}[/]")
            for e in step.events:
                if viewer is None or e.visible_to(viewer):
                    console.print(f"       {game.describe(e, lang)}")
    except LudoError as exc:
        fail(str(exc))
    if state is None:
        return
    result = state.result()
    if result is None:
        console.print("the record ends before the game does")
        return
    console.print(f"[bold]result:[/] {result.detail or result.reason} — ranks "
                  f"{[r + 1 for r in result.ranks]}, scores {list(result.scores)}")
    try:
        check_stored_result(record, state)
    except LudoError as exc:
        fail(str(exc))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--db", default=None,
              help="database URL, e.g. postgresql+psycopg://user:pw@host/ludo "
                   "(default: a SQLite file in ./var)")
@click.option("--bot-workers", type=int, default=2, show_default=True,
              help="processes in which bots think")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE:GAME",
              help="also offer a game defined outside Ludothèque")
@click.option("--limits", "limits_mode", type=click.Choice(["on", "off"]), default="on",
              show_default=True,
              help="quotas and rate limits (off: for load tests on a private machine only)")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: one JSON object a line, with game and player ids")
@click.option("--limit", "limit_items", multiple=True, metavar="NAME=VALUE",
              help="change one limit, e.g. --limit 'game_create=5 per minute' "
                   "(names and defaults: docs/security.md)")
@click.option("--origin", "origins", multiple=True, metavar="URL",
              help="another site whose pages may open the WebSocket (https://host[:port])")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="redis://HOST:PORT/0: run several processes (any machines) on one database")
@click.option("--metrics-token", envvar="LUDO_METRICS_TOKEN", default=None,
              help="bearer token that opens /metrics (Prometheus); without it /metrics is off")
@click.option("--ws-compression", type=click.Choice(["on", "off"]), default="off",
              show_default=True,
              help="permessage-deflate on the WebSocket (off: less CPU a move)")
@click.option("--chat-filter", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="words refused in the chat, one a line (docs/moderation.md)")
@click.option("--oauth-discord-client-id", envvar="LUDO_OAUTH_DISCORD_CLIENT_ID", default=None,
              help="Sign in with Discord (docs/deploy.md), with the secret below")
@click.option("--oauth-discord-client-secret", envvar="LUDO_OAUTH_DISCORD_CLIENT_SECRET",
              default=None, help="better given by its environment variable")
@click.option("--oauth-google-client-id", envvar="LUDO_OAUTH_GOOGLE_CLIENT_ID", default=None,
              help="Sign in with Google (docs/deploy.md), with the secret below")
@click.option("--oauth-google-client-secret", envvar="LUDO_OAUTH_GOOGLE_CLIENT_SECRET",
              default=None, help="better given by its environment variable")
@click.option("--oauth-endpoint", "oauth_endpoints", multiple=True,
              metavar="PROVIDER.ENDPOINT=URL",
              help="move a provider's endpoint (authorize, token, userinfo, jwks, issuer)")
@click.option("--public-url", envvar="LUDO_PUBLIC_URL", default=None, metavar="URL",
              help="the site's address as players reach it (the providers' redirect URIs)")
@click.option("--claim-after", type=click.FloatRange(min=0, min_open=True), default=300.0,
              show_default=True, metavar="SECONDS",
              help="how long the player to act of an untimed online game may be away "
                   "before the others may claim")
def serve(host: str, port: int, db: str | None, bot_workers: int,
          plugins: tuple[str, ...], limits_mode: str, log_format: str,
          metrics_token: str | None, redis_url: str | None,
          limit_items: tuple[str, ...], origins: tuple[str, ...],
          chat_filter: Path | None, ws_compression: str,
          oauth_discord_client_id: str | None, oauth_discord_client_secret: str | None,
          oauth_google_client_id: str | None, oauth_google_client_secret: str | None,
          oauth_endpoints: tuple[str, ...], public_url: str | None,
          claim_after: float) -> None:
    """Start the site on http://HOST:PORT (Ctrl+C stops it; games resume on restart)."""
    from ludotheque.server.__main__ import limit_values, run
    from ludotheque.server.limits import Limits

    try:
        values = limit_values(limit_items)
        Limits().with_values(values)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--limit") from None
    from ludotheque.server.sockets import allowed_origins

    try:
        allowed_origins(origins)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--origin") from None
    from ludotheque.server.oauth_config import from_command_line

    try:
        oauth, public = from_command_line(os.environ, {
            "discord.client_id": oauth_discord_client_id,
            "discord.client_secret": oauth_discord_client_secret,
            "google.client_id": oauth_google_client_id,
            "google.client_secret": oauth_google_client_secret}, oauth_endpoints, public_url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--oauth-*") from None
    console.print(f"[bold]Ludothèque[/] on http://{host}:{port}/")
    run(host, port, db, list(plugins), bot_workers, bot_delay=0.3,
        limits_on=limits_mode == "on", limit_values=values, log_format=log_format,
        metrics_token=metrics_token, redis_url=redis_url, origins=origins,
        chat_filter=chat_filter, ws_compression=ws_compression == "on", oauth=oauth,
        public_url=public, claim_after=claim_after)


@main.command()
@click.argument("target", type=click.Path(path_type=Path))
@click.option("--db", default=None,
              help="the site's database URL (default: the SQLite file in ./var)")
def backup(target: Path, db: str | None) -> None:
    """Copy the site's SQLite database into TARGET, consistent while the site runs."""
    from ludotheque.store import default_url
    from ludotheque.store.backup import BackupError
    from ludotheque.store.backup import backup as make_backup

    try:
        found = make_backup(db or default_url(), target)
    except BackupError as exc:
        fail(str(exc))
        return
    console.print(f"backup written to {target}: {found.summary()}")


@main.command()
@click.argument("source", type=click.Path(path_type=Path))
@click.option("--db", default=None, help="the database URL to restore into (default: ./var)")
@click.option("--yes", is_flag=True, help="replace the database without asking")
def restore(source: Path, db: str | None, yes: bool) -> None:
    """Replace the site's SQLite database with the backup SOURCE (stop the site first)."""
    from ludotheque.store import default_url
    from ludotheque.store.backup import BackupError
    from ludotheque.store.backup import restore as do_restore

    url = db or default_url()
    if not yes:
        click.confirm(f"Replace the database at {url} with {source}?", abort=True)
    try:
        found = do_restore(source, url)
    except BackupError as exc:
        fail(str(exc))
        return
    console.print(f"restored {source} into {url}: {found.summary()}")


@main.group()
def admin() -> None:
    """Site administration: roles (docs/moderation.md)."""


@admin.command("grant")
@click.argument("name")
@click.argument("role")
@click.option("--db", default=None,
              help="the site's database URL (default: the SQLite file in ./var)")
def admin_grant(name: str, role: str, db: str | None) -> None:
    """Give the account NAME the ROLE: player, moderator or admin (logged at /mod/log)."""
    from ludotheque.store import Store, default_url, migrate
    from ludotheque.store.moderation import ROLES, ModerationError, grant

    if role not in ROLES:
        fail(f"unknown role {role!r}: choose one of {', '.join(ROLES)}")
    url = db or default_url()
    migrate(url)
    store = Store(url)
    try:
        player = grant(store, name, role)
    except ModerationError:
        fail(f"no account named {name!r} (guests have no role; the name is the login)")
        return
    finally:
        store.close()
    console.print(f"{player.name} is now {role}")


for _command in (sim, balance, arena_command, learn_command):
    main.add_command(_command)
