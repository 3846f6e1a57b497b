"""Balance reports: who wins from which seat, and how strong each card or piece is.

From seeded games between bots (sim/runner.py): each seat's score with its 95% interval
against the fair share (the first player's advantage), and, for every tag a game gives its
seats (`Game.balance_tags`: a card dealt into a deck, a piece drafted), the mean score of the
seats that had it against what those seats made on the whole: its lift. The comparison is
made seat by seat, so that a card found only in the second seat's paquet is measured against
that seat, not against a first player's edge or a stronger deck. A JSON summary, a Markdown
page and two plots (matplotlib, SVG) make the report.

Each interval is a 95% one on its own: among a hundred cards of equal strength, some five
will look strong or weak by chance. More games narrow every interval.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ludotheque.core import JSON, Game
from ludotheque.core.record import Step, replay_steps, start
from ludotheque.core.stats import wilson

from .runner import Match, Outcome


def tags_of(game: Game, outcome: Outcome) -> list[list[str]]:
    """Each seat's tags in a game played (`Game.balance_tags`), replayed from its record: the
    true game with every event."""
    first = start(game, outcome.record)
    steps: list[Step] = []
    end = first.clone()
    for after, step in replay_steps(game, outcome.record):
        steps.append(step)
        end = after
    return [sorted(t) for t in game.balance_tags(len(outcome.utilities), first, steps, end)]


@dataclass
class Tally:
    """Seat-games and the score they made (1 a win, 0.5 a draw, shared between winners)."""

    games: int = 0
    score: float = 0.0

    def add(self, utility: float) -> None:
        self.games += 1
        self.score += utility

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)


def verdict(tally: Tally, expected: float) -> str:
    low, high = tally.interval
    return "stronger" if low > expected else "weaker" if high < expected else "even"


@dataclass
class Balance:
    """The tallies of a series of games: per seat, and per tag."""

    match: Match
    games: int = 0
    seats: list[Tally] = field(default_factory=list)
    tags: dict[str, Tally] = field(default_factory=dict)
    tag_seats: dict[str, list[int]] = field(default_factory=dict)  # seat-games, by seat
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, game: Game, outcome: Outcome) -> None:
        """Count one game: its result by seat, and the tags its seats had."""
        self.add_tagged(outcome.utilities, outcome.reason, tags_of(game, outcome))

    def add_tagged(self, utilities: Sequence[float], reason: str,
                   tags: Sequence[Sequence[str]]) -> None:
        """Count one game from its result by seat and each seat's tags (`tags_of`)."""
        players = len(utilities)
        if not self.seats:
            self.seats = [Tally() for _ in range(players)]
        self.games += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        for seat, utility in enumerate(utilities):
            self.seats[seat].add(utility)
            for tag in tags[seat]:
                self.tags.setdefault(tag, Tally()).add(utility)
                self.tag_seats.setdefault(tag, [0] * players)[seat] += 1

    @property
    def fair(self) -> float:
        """The mean score of a seat: what every seat and every tag would make if none
        mattered (1/players with one winner a game, 1/2 for a team of two among two)."""
        total = sum(t.games for t in self.seats)
        return sum(t.score for t in self.seats) / total if total else 0.0

    def expected(self, tag: str) -> float:
        """What the seats that had `tag` would have scored if it did not matter: each seat's
        own mean score, weighed by how often that seat had it."""
        counts = self.tag_seats[tag]
        return sum(n * self.seats[s].rate for s, n in enumerate(counts)) / sum(counts)

    def ranked_tags(self, min_games: int) -> list[tuple[str, Tally]]:
        """Tags met at least `min_games` times, strongest (highest lift) first."""
        kept = [(tag, t) for tag, t in self.tags.items() if t.games >= min_games]
        return sorted(kept, key=lambda item: (-(item[1].rate - self.expected(item[0])),
                                              item[0]))

    def to_json(self, min_games: int = 30) -> dict[str, JSON]:
        fair = self.fair

        def row(t: Tally, expected: float) -> dict[str, JSON]:
            return {"games": t.games, "score": t.score, "rate": t.rate,
                    "ci95": list(t.interval), "expected": expected,
                    "lift": t.rate - expected, "verdict": verdict(t, expected)}

        return {
            "game": self.match.game,
            "players": self.match.players,
            "options": dict(self.match.options),
            "bots": list(self.match.bots),
            "games": self.games,
            "fair_share": fair,
            "endings": dict(self.reasons),
            "seats": [{"seat": s, **row(t, fair)} for s, t in enumerate(self.seats)],
            "min_games": min_games,
            "tags": [{"tag": tag, **row(t, self.expected(tag)), "by_seat": self.tag_seats[tag]}
                     for tag, t in self.ranked_tags(min_games)],
            "rare_tags": sorted(tag for tag, t in self.tags.items() if t.games < min_games),
        }


def markdown(data: dict[str, JSON], title: str, command: str, plots: Iterable[str]) -> str:
    """The report as a Markdown page."""
    fair = data["fair_share"]
    options = ", ".join(f"{key}={json.dumps(value, ensure_ascii=False)}"
                        for key, value in sorted(data["options"].items()))
    lines = [f"# {title}: balance", "",
             f"{data['games']} games, {data['players']} players, bots "
             f"{', '.join(data['bots'])}; options {options or 'none'}.", "",
             f"Command: `{command}`", "",
             f"Fair share (every seat's mean score if seats and tags did not matter): "
             f"{fair:.1%}. Endings: "
             + ", ".join(f"{k} {v}" for k, v in sorted(data["endings"].items())) + ".", "",
             "## By seat", "", "| seat | score | 95% interval | against the fair share |",
             "|---|---|---|---|"]
    for row in data["seats"]:
        low, high = row["ci95"]
        lines.append(f"| {row['seat'] + 1} | {row['rate']:.1%} | {low:.1%} - {high:.1%} | "
                     f"{row['lift']:+.1%} ({row['verdict']}) |")
    lines += ["", f"## By card or piece (met in at least {data['min_games']} seat-games)", ""]
    if data["tags"]:
        lines += ["A tag's score is measured against what its seats made on the whole "
                  "(*expected*): the lift is the difference.", "",
                  "| tag | seat-games | score | 95% interval | expected | lift | verdict |",
                  "|---|---|---|---|---|---|---|"]
        for row in data["tags"]:
            low, high = row["ci95"]
            lines.append(f"| {row['tag']} | {row['games']} | {row['rate']:.1%} | "
                         f"{low:.1%} - {high:.1%} | {row['expected']:.1%} | "
                         f"{row['lift']:+.1%} | {row['verdict']} |")
    else:
        lines.append("No tag met often enough: play more games.")
    if data["rare_tags"]:
        lines += ["", "Met too rarely to measure: " + ", ".join(data["rare_tags"]) + "."]
    lines += ["", "Each interval is a 95% one on its own: among many cards of equal strength, "
              "about one in twenty looks stronger or weaker by chance.", ""]
    lines += [f"![{name}]({name})" for name in plots]
    return "\n".join(lines) + "\n"


def error_bars(rows: Sequence[dict[str, JSON]]) -> list[list[float]]:
    """The bars below and above each rate, never negative: a rate of 100% and its interval's
    top, both rounded in the report, may differ by a rounding."""
    return [[max(0.0, float(row["rate"]) - float(row["ci95"][0])) for row in rows],
            [max(0.0, float(row["ci95"][1]) - float(row["rate"])) for row in rows]]


def plot(data: dict[str, JSON], title: str, out: Path, most: int = 20) -> list[str]:
    """Two SVG plots in `out`: scores by seat, and the lift of the strongest and weakest
    tags (at most `most` of each), with their 95% intervals. Returns their file names."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: small, searchable
    matplotlib.rcParams["svg.hashsalt"] = "ludotheque"  # the same report, the same file
    import matplotlib.pyplot as plt

    fair = data["fair_share"]
    names: list[str] = []
    seats = data["seats"]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.2 * len(seats) + 2), 3.6))
    rates = [row["rate"] for row in seats]
    errors = error_bars(seats)
    axes.bar([f"seat {row['seat'] + 1}" for row in seats], rates, yerr=errors, capsize=4,
             color="#4c72b0")
    axes.axhline(fair, linestyle="--", color="#555555", label=f"fair share {fair:.0%}")
    axes.set_ylabel("score (wins, draws count half)")
    axes.set_ylim(0, 1)
    axes.set_title(f"{title}: score by seat, {data['games']} games")
    axes.legend(loc="upper right")
    figure.tight_layout()
    figure.savefig(out / "seats.svg", metadata={"Date": None})
    plt.close(figure)
    names.append("seats.svg")
    tags = data["tags"]
    if tags:
        shown = tags if len(tags) <= 2 * most else tags[:most] + tags[-most:]
        shown = shown[::-1]  # strongest at the top
        figure, axes = plt.subplots(figsize=(7.5, max(3.0, 0.28 * len(shown) + 1.2)))
        lifts = [row["lift"] for row in shown]
        errors = error_bars(shown)
        colours = ["#55a868" if row["verdict"] == "stronger" else
                   "#c44e52" if row["verdict"] == "weaker" else "#8c8c8c" for row in shown]
        axes.barh([row["tag"] for row in shown], lifts, xerr=errors, capsize=2,
                  color=colours)
        axes.axvline(0, color="#333333", linewidth=0.8)
        axes.set_xlabel("score of the seats that had it, less what those seats made")
        axes.set_title(f"{title}: strength by card or piece" +
                       (f" ({most} strongest, {most} weakest)" if len(tags) > 2 * most else ""))
        axes.tick_params(axis="y", labelsize=8)
        figure.tight_layout()
        figure.savefig(out / "tags.svg", metadata={"Date": None})
        plt.close(figure)
        names.append("tags.svg")
    return names
