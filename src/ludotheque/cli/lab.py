"""The lab's commands: `ludo sim`, `ludo balance`, `ludo arena` and `ludo learn` (series of
bot games on this machine, its processes or a Ray cluster; balance reports; learnt win
chances)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.table import Table

from ludotheque import games
from ludotheque.core import Game, LudoError
from ludotheque.core.stats import wilson
from ludotheque.sim.balance import Balance, markdown, plot
from ludotheque.sim.jobs import BalanceJob, SimJob, Tagged
from ludotheque.sim.lab import Job, LabError, OverProcesses, R, Run, Stream, in_process, play_series
from ludotheque.sim.on_ray import LOCAL
from ludotheque.sim.runner import Match, Outcome, Scored, Summary

from .common import check_bots, console, fail, find_game, parse_options, progress_bar, write_json

F = TypeVar("F", bound=Callable[..., Any])


def series_options(command: F) -> F:
    """The options of a series of seeded games between bots (`ludo sim`, `ludo balance`)."""
    for option in reversed([
        click.argument("game_id", metavar="GAME"),
        click.option("-n", "count", type=int, default=100, show_default=True,
                     help="number of games"),
        click.option("--bots", default="random", show_default=True,
                     help="bot per seat, comma-separated (one name is used for every seat)"),
        click.option("-p", "--players", type=int,
                     help="number of players (default: the minimum)"),
        click.option("-o", "--option", "option_pairs", multiple=True,
                     help="a game option key=value"),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="seed of the first game"),
    ]):
        command = option(command)
    return command


def series_match(game: Game, bots: str, players: int | None,
                 option_pairs: tuple[str, ...]) -> Match:
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    n_players = players or (len(specs) if len(specs) > 1 else game.min_players)
    if len(specs) == 1:
        specs *= n_players
    if len(specs) != n_players:
        fail(f"{n_players} players but {len(specs)} bots")
    check_bots(specs)
    options = parse_options(game, option_pairs, n_players)
    return Match(game.id, n_players, options.model_dump(mode="json"), tuple(specs))


def lab_options(default_batch: int) -> Callable[[F], F]:
    """Where and how a series is played: local processes or Ray, batches, resuming."""

    def decorate(command: F) -> F:
        for option in reversed([
            click.option("-j", "--workers", type=int, default=1, show_default=True,
                         help="local processes (with --ray: the CPUs of the local instance)"),
            click.option("--ray", "ray_address", is_flag=False, flag_value=LOCAL, default=None,
                         metavar="[ADDRESS]",
                         help="play over Ray: alone, a local Ray instance; with an address "
                              "(auto, HOST:6379, ray://HOST:10001), the cluster there; "
                              "after GAME"),
            click.option("--batch", "batch_size", type=click.IntRange(min=1),
                         default=default_batch, show_default=True,
                         help="games sent to a worker at once"),
            click.option("--resume", is_flag=True,
                         help="finish an interrupted run from the progress kept beside its "
                              "output, without playing its finished batches again"),
        ]):
            command = option(command)
        return command

    return decorate


@contextmanager
def lab_stream(workers: int, ray_address: str | None) -> Iterator[Stream]:
    """Where the batches are played: here, in local processes, or over Ray."""
    if workers < 1:
        fail("-j must be at least 1")
    if ray_address is None:
        yield in_process if workers == 1 else OverProcesses(workers)
        return
    if workers > 1 and ray_address != LOCAL:
        fail("-j sets the CPUs of a local Ray instance; a cluster joined has its own")
    from ludotheque.sim.on_ray import on_ray  # Ray only on this path

    with on_ray(ray_address, workers if workers > 1 else None) as stream:
        yield stream


def play_lab(job: Job[R], title: str, batch_size: int, workers: int, ray_address: str | None,
             progress: Path | None, resume: bool, quiet: bool,
             on_batch: Callable[[list[R]], str]) -> Run[R]:
    """Play a series with a progress bar; `on_batch` counts a batch that arrived and says the
    figures so far (shown beside the bar)."""
    if resume and progress is None:
        fail("--resume needs the output on disk (--json FILE, or balance's --out): the "
             "progress is kept beside it")
    total = len(job.items())
    try:
        with lab_stream(workers, ray_address) as stream, progress_bar(quiet) as bar:
            task = bar.add_task(title, total=total)

            def arrived(results: list[R]) -> None:
                figures = on_batch(results)
                bar.update(task, advance=len(results), description=f"{title} {figures}")

            run = play_series(job, batch_size, stream, arrived, progress, resume)
    except LabError as exc:
        fail(str(exc))
        raise
    except KeyboardInterrupt:  # before the first batch left (Ray still starting, say)
        interrupted(Run({}, 0, True), total, progress)
    return run


def interrupted(run: Run[Any], total: int, progress: Path | None) -> None:
    """After Ctrl+C: what was played is printed, then the command stops (exit 130)."""
    played = len(run.in_order())
    err = Console(stderr=True)
    err.print(f"[bold yellow]interrupted:[/] {played} of {total} games played"
              + (f"; the same command with --resume plays the rest (progress in {progress})"
                 if progress is not None else ""))
    sys.exit(130)


def progress_beside(out: Path | None) -> Path | None:
    """The progress file of a run whose JSON goes to `out`."""
    if out is None or str(out) == "-":
        return None
    return out.with_name(out.name + ".progress.jsonl")


def seats_so_far(rates: list[tuple[float, int]]) -> str:
    """Each seat's score so far with its 95% interval (score, games)."""
    parts = []
    for seat, (score, n) in enumerate(rates):
        low, high = wilson(score, n)
        parts.append(f"{seat + 1}: {score / n if n else 0:.0%} ({low:.0%}-{high:.0%})")
    return " ".join(parts)


def done_with(progress: Path | None) -> None:
    """The run is complete and written: its progress is of no more use."""
    if progress is not None:
        progress.unlink(missing_ok=True)


def report(data: dict[str, Any], show: Callable[[dict[str, Any], Game, int, Console], None],
           game: Game, seed: int, run: Run[Any], count: int, progress: Path | None,
           json_out: Path | None) -> None:
    """A run's figures: on standard error and how to resume it if it was interrupted, then
    as JSON (`--json`) and on the console unless the JSON went to standard output."""
    if run.interrupted:
        show(data, game, seed, Console(stderr=True))
        interrupted(run, count, progress)
    quiet = write_json(data, json_out)
    done_with(progress)
    if not quiet:
        show(data, game, seed, console)


@click.command()
@series_options
@lab_options(default_batch=20)
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="write the summary as JSON to this file ('-' for standard output)")
@click.option("--records", type=click.Path(file_okay=False, path_type=Path),
              help="write every game's record into this folder")
def sim(game_id: str, count: int, bots: str, players: int | None, option_pairs: tuple[str, ...],
        seed: int, workers: int, ray_address: str | None, batch_size: int, resume: bool,
        json_out: Path | None, records: Path | None) -> None:
    """Play N seeded games of GAME between bots and report win rates per seat."""
    game = find_game(game_id)
    match = series_match(game, bots, players, option_pairs)
    if count < 1:
        fail("-n must be at least 1")
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    quiet = json_out is not None and str(json_out) == "-"
    progress = progress_beside(json_out)
    live = Summary(match)

    def arrived(outcomes: list[Scored]) -> str:
        for o in outcomes:
            live.add(o)
            if records is not None and isinstance(o, Outcome):
                o.record.save(records / f"{game.id}-{o.seed}.json")
        return seats_so_far([(w, live.games) for w in live.wins])

    started = time.perf_counter()
    run = play_lab(SimJob(match, count, seed, records is not None), game.id, batch_size,
                   workers, ray_address, progress, resume, quiet, arrived)
    summary = Summary(match)
    for outcome in run.in_order():  # in seed order: the same figures however they were played
        summary.add(outcome)
    summary.seconds = time.perf_counter() - started
    data = summary.to_json()
    report(data, show_sim, game, seed, run, count, progress, json_out)


def show_sim(data: dict[str, Any], game: Game, seed: int, out: Console) -> None:
    count, n_players = data["games"], data["players"]
    table = Table(title=f"{game.title}: {count} games, {n_players} players, "
                        f"seeds from {seed}")
    for column in ("seat", "bot", "win rate", "95% interval"):
        table.add_column(column)
    for row in data["seats"]:
        low, high = row["ci95"]
        table.add_row(str(row["seat"] + 1), row["bot"], f"{row['win_rate']:.1%}",
                      f"{low:.1%} - {high:.1%}")
    out.print(table)
    endings = sorted(data["endings"].items(), key=lambda item: -item[1])
    out.print(f"draws {data['draws']}, {data['mean_actions']:.1f} actions per game on "
              f"average, {data['games_per_second']:.1f} games/s; endings: "
              + ", ".join(f"{k} {v}" for k, v in endings))


@click.command()
@series_options
@lab_options(default_batch=20)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="folder for the report: report.md, report.json, seats.svg, tags.svg")
@click.option("--min-games", type=int, default=30, show_default=True,
              help="seat-games a card or piece needs to be measured")
@click.option("--deck", "deck_files", multiple=True,
              type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="a deck as text (docs/decks.md, the deck builder's export) for seat 1, "
                   "then 2 ...; seats without one play their ready-made deck")
def balance(game_id: str, count: int, bots: str, players: int | None,
            option_pairs: tuple[str, ...], seed: int, workers: int, ray_address: str | None,
            batch_size: int, resume: bool, out: Path, min_games: int,
            deck_files: tuple[Path, ...]) -> None:
    """Play N seeded games of GAME between bots and write a balance report: the score of
    each seat (the first player's advantage) and the strength of each card or piece, with
    95% intervals and plots."""
    game = find_game(game_id)
    match = with_decks(game, series_match(game, bots, players, option_pairs), deck_files)
    if count < 1:
        fail("-n must be at least 1")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot write the report in {out}: {exc.strerror}")
    progress = out / "progress.jsonl"
    live = Balance(match)

    def arrived(batch: list[Tagged]) -> str:
        for t in batch:
            live.add_tagged(t.utilities, t.reason, t.tags)
        return seats_so_far([(t.score, t.games) for t in live.seats])

    run = play_lab(BalanceJob(match, count, seed), game.id, batch_size, workers,
                   ray_address, progress, resume, False, arrived)
    tallies = Balance(match)
    for t in run.in_order():  # in seed order: the same report however they were played
        tallies.add_tagged(t.utilities, t.reason, t.tags)
    data = tallies.to_json(min_games)
    if run.interrupted:
        show_balance(data, game, count, Console(stderr=True))
        interrupted(run, count, progress)
    command = " ".join(["ludo balance", game.id, "-n", str(count), "--bots", bots,
                        *(["-p", str(players)] if players else []),
                        *(f"-o {pair}" for pair in option_pairs),
                        *(f"--deck {path}" for path in deck_files), "--seed", str(seed)])
    data["command"] = command  # the site shows it beside the report (sim/reports.py)
    try:
        names = plot(data, game.title, out)
        (out / "report.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
        (out / "report.md").write_text(markdown(data, game.title, command, names),
                                       encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the report in {out}: {exc.strerror}")
    done_with(progress)
    show_balance(data, game, count, console)
    console.print(f"report: {out / 'report.md'} ({len(data['tags'])} cards or pieces "
                  f"measured, plots {', '.join(names)})")


def with_decks(game: Game, match: Match, files: tuple[Path, ...]) -> Match:
    """The match with the seats' decks read from `files` (seat 1, then 2 ...), each checked
    by the game's deck rules; a deck is named by its file's name."""
    if not files:
        return match
    rules = game.deck_rules()
    if rules is None:
        fail(f"{game.title} has no decks to build: --deck is for "
             + ", ".join(g.id for g in games.all_games() if g.deck_rules() is not None))
        raise AssertionError  # fail() exits
    if len(files) > match.players:
        fail(f"{len(files)} decks for {match.players} seats")
    options = game.options(match.options, match.players)
    for seat, path in enumerate(files):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"{path}: cannot read the deck: {exc}")
            raise
        check = rules.check(text, rules.format_of(options))
        if not check.legal:
            fail(f"{path}: " + "; ".join(p.text("en") for p in check.problems))
        try:
            options = game.options(rules.seat_deck(options, seat, text, path.stem)
                                   .model_dump(mode="json"), match.players)
        except LudoError as exc:
            fail(f"{path}: {exc}")
    return replace(match, options=options.model_dump(mode="json"))


def show_balance(data: dict[str, Any], game: Game, count: int, out: Console) -> None:
    fair = data["fair_share"]
    table = Table(title=f"{game.title}: {data['games']} games, fair share {fair:.1%}")
    for column in ("seat / tag", "games", "score", "95% interval", "verdict"):
        table.add_column(column)
    tags = data["tags"]
    rows = data["seats"] + (tags if len(tags) <= 10 else tags[:5] + tags[-5:])
    for row in rows:
        low, high = row["ci95"]
        name = f"seat {row['seat'] + 1}" if "seat" in row else row["tag"]
        table.add_row(name, str(row["games"]), f"{row['rate']:.1%}",
                      f"{low:.1%} - {high:.1%}", row["verdict"])
    out.print(table)

@click.command("arena")
@click.argument("game_id", metavar="GAME")
@click.option("--bots", "bot_list", required=True,
              help="bot specs, comma-separated (facile,moyen or moyen:time=0,difficile:time=0)")
@click.option("-n", "count", type=int, default=100, show_default=True, help="number of games")
@click.option("-p", "--players", type=int, help="number of players (default: the minimum)")
@click.option("-o", "--option", "option_pairs", multiple=True, help="a game option key=value")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the first game")
@lab_options(default_batch=1)
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path),
              help="write the results as JSON to this file ('-' for standard output)")
def arena_command(game_id: str, bot_list: str, count: int, players: int | None,
                  option_pairs: tuple[str, ...], seed: int, workers: int,
                  ray_address: str | None, batch_size: int, resume: bool,
                  json_out: Path | None) -> None:
    """Play N seeded games of GAME between bots, seats rotated: win rates, 95% intervals, Elo.

    With more bots than seats every combination plays. Time budgets make a run depend on the
    machine; `:time=0` after a level keeps only its node budget, and the run repeats exactly.
    """
    from ludotheque.sim.arena import Arena, Played, summarise
    from ludotheque.sim.jobs import ArenaJob

    game = find_game(game_id)
    specs = [b.strip() for b in bot_list.split(",") if b.strip()]
    n_players = players or game.min_players
    if len(specs) < n_players:
        fail(f"{n_players} players need at least {n_players} bots, got {len(specs)}")
    check_bots(specs)
    if count < 1:
        fail("-n must be at least 1")
    options = parse_options(game, option_pairs, n_players)
    arena = Arena(game.id, n_players, options.model_dump(mode="json"), tuple(specs), count, seed)
    quiet = json_out is not None and str(json_out) == "-"
    progress = progress_beside(json_out)
    names = list(dict.fromkeys(arena.bots))
    score = [0.0] * len(names)
    seats = [0] * len(names)

    def arrived(batch: list[Played]) -> str:
        for p in batch:
            for seat, b in enumerate(p.lineup):
                score[names.index(arena.bots[b])] += p.utilities[seat]
                seats[names.index(arena.bots[b])] += 1
        return " ".join(f"{name}: {s / n if n else 0:.0%} ({low:.0%}-{high:.0%})"
                        for name, s, n in zip(names, score, seats, strict=True)
                        for low, high in [wilson(s, n)])  # over seats: a first look

    started = time.perf_counter()
    run = play_lab(ArenaJob(arena), f"{game.id} arena", batch_size, workers, ray_address,
                   progress, resume, quiet, arrived)
    data = summarise(arena, run.in_order(), time.perf_counter() - started)
    report(data, show_arena, game, seed, run, count, progress, json_out)


@click.command("learn")
@click.argument("game_id", metavar="GAME")
@click.option("-n", "count", type=int, default=30_000, show_default=True,
              help="games played by the rollout policy, per player count")
@click.option("-p", "--players", "player_counts", type=int, multiple=True,
              help="player count to learn (default: every count the game has)")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--write", is_flag=True, help="write the weights to the game's data/value.json")
def learn_command(game_id: str, count: int, player_counts: tuple[int, ...], seed: int,
                  write: bool) -> None:
    """Learn GAME's win chances for the bots from seeded games (bots/learn.py): held-out
    log-loss of the learnt weights, of the shipped ones and of a constant."""
    from ludotheque.bots.learn import learn, write_value

    game = find_game(game_id)
    if count < 5:
        fail("-n must be at least 5 (one game in five is held out)")
    counts = player_counts or tuple(sorted({c.players for c in game.configs()}))
    results = []
    for players in counts:
        try:
            game.check_players(players)
            item = learn(game.id, players, count, seed)
        except LudoError as exc:
            fail(str(exc))
        results.append(item)
        losses = ", ".join(f"{k} {v:.4f}" for k, v in item.held_out.items())
        hits = ", ".join(f"{k} {v:.1%}" for k, v in item.accuracy.items())
        console.print(f"{players} players: {item.positions} positions from {count} games; "
                      f"held-out log-loss: {losses}; winner predicted: {hits}")
    if write:
        command = f"ludo learn {game.id} -n {count} --seed {seed}"
        console.print(f"wrote {write_value(game.id, results, command)}")


def show_arena(data: dict[str, Any], game: Game, seed: int, out: Console) -> None:
    table = Table(title=f"{game.title}: {data['games']} games, {data['players']} players, "
                        f"seats rotated, seeds from {seed}")
    for column in ("bot", "seats", "win rate", "95% interval", "Elo", "longest move"):
        table.add_column(column)
    for row in data["results"]:
        low, high = row["ci95"]
        table.add_row(row["bot"], str(row["seats_played"]), f"{row['win_rate']:.1%}",
                      f"{low:.1%} - {high:.1%}", f"{row['elo']:+.0f}",
                      f"{row['think_max_seconds']:.2f} s")
    out.print(table)
    for pair in data["head_to_head"]:
        low, high = pair["ci95"]
        out.print(f"{pair['bot']} against {pair['against']}: {pair['rate']:.1%} "
                  f"({low:.1%} - {high:.1%}) over {pair['pairings']} pairings")
    out.print(f"draws {data['draws']}, {data['mean_actions']:.1f} actions per game, "
              f"{data['seconds']:.1f} s")
