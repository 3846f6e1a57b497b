"""What the /balance pages show of a report (sim/reports.py), in the reader's language.

The plots are drawn by the template (`_balance_plot.html`) as inline SVG, so that every label
goes through the catalogues; this module gives them their rows and their scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludotheque import games
from ludotheque.core import JSON, Game, LudoError
from ludotheque.sim.reports import Measure, Shipped

from .i18n import bot_label, translate

# Colour is never the only carrier of a verdict: each has its symbol, beside its text.
SYMBOLS = {"stronger": "▲", "even": "●", "weaker": "▼"}


def percent(lang: str, value: float, digits: int = 1) -> str:
    """53.8% in English, 53,8 % in French (the catalogue's `number.percent` and decimal)."""
    number = f"{100 * value:.{digits}f}".replace(".", translate(lang, "number.decimal"))
    return translate(lang, "number.percent", value=number)


def interval(lang: str, low: float, high: float) -> str:
    return translate(lang, "balance.interval_value", low=percent(lang, low),
                     high=percent(lang, high))


@dataclass(frozen=True)
class Axis:
    """The horizontal scale of a plot: from `low` to `high` (scores), over `width` units
    starting at `left`, rounded out to tenths so that the ticks fall on round scores."""

    low: float
    high: float
    left: float = 190.0
    width: float = 420.0

    @staticmethod
    def around(values: list[float]) -> Axis:
        low = max(0.0, math.floor(min(values) * 10 - 1e-9) / 10)
        high = min(1.0, math.ceil(max(values) * 10 + 1e-9) / 10)
        return Axis(low, high if high > low else low + 0.1)

    def x(self, value: float) -> float:
        return round(self.left + (value - self.low) / (self.high - self.low) * self.width, 1)

    @property
    def ticks(self) -> list[float]:
        step = 0.1 if self.high - self.low <= 0.5 else 0.2
        count = round((self.high - self.low) / step)
        return [round(self.low + i * step, 2) for i in range(count + 1)]


def plot_row(lang: str, label: str, row: Measure, kind: str) -> dict[str, Any]:
    """A seat's or a tag's row (`kind`: their verdicts have their own words, advantage or
    stronger) as the tables and the plots show it."""
    low, high = row.ci95
    verdict = translate(lang, f"balance.{kind}_{row.verdict}")
    return {"label": label, "rate": row.rate, "low": low, "high": high,
            "expected": row.expected, "verdict": row.verdict, "symbol": SYMBOLS[row.verdict],
            "verdict_text": verdict, "games": row.games,
            "rate_text": percent(lang, row.rate), "expected_text": percent(lang, row.expected),
            "interval_text": interval(lang, low, high),
            "description": translate(lang, "balance.row_description", name=label,
                                     score=percent(lang, row.rate),
                                     interval=interval(lang, low, high),
                                     expected=percent(lang, row.expected), verdict=verdict)}


def game_of(shipped: Shipped) -> Game | None:
    """The report's game, or None for a game this site does not load."""
    try:
        return games.get(shipped.report.game)
    except LudoError:
        return None


def game_title(shipped: Shipped) -> str:
    game = game_of(shipped)
    return shipped.report.game if game is None else game.title  # an unloaded game: its id


def option_value(words: dict[str, str], lang: str, name: str, value: JSON) -> str:
    if isinstance(value, list):
        return " / ".join(str(item) for item in value)
    raw = str(value).lower() if isinstance(value, bool) else str(value)
    if f"option.{name}.{raw}" in words:
        return words[f"option.{name}.{raw}"]
    if isinstance(value, bool):
        return translate(lang, "balance.yes" if value else "balance.no")
    return raw


def setup_text(shipped: Shipped, lang: str, words: dict[str, str]) -> str:
    """'2 players · Target: 50 points (standard), Team: no' from the report's options, named
    by the game's own catalogue (the new-game form's `option.*` words)."""
    report = shipped.report
    options = [translate(lang, "balance.option", name=words.get(f"option.{name}", name),
                         value=option_value(words, lang, name, value))
               for name, value in report.options.items() if value is not None]
    players = translate(lang, "balance.players", n=report.players)
    return " · ".join([players, ", ".join(options)]) if options else players


def bot_specs(shipped: Shipped) -> str:
    """The bots' specs ('facile:time=0'), each once: the same bot usually plays every seat."""
    return ", ".join(dict.fromkeys(shipped.report.bots))


def bots_text(shipped: Shipped, lang: str) -> str:
    """The bots as people name them: a level's name (Facile, Easy), knobs left to the spec."""
    return ", ".join(dict.fromkeys(bot_label(lang, spec.split(":")[0])
                                   for spec in shipped.report.bots))


def seat_rows(shipped: Shipped, lang: str) -> list[dict[str, Any]]:
    return [plot_row(lang, translate(lang, "balance.seat", n=row.seat + 1), row, "seat")
            for row in shipped.report.seats]


def tag_names(shipped: Shipped, lang: str) -> Callable[[str], str]:
    """How the report's game names a card or piece in the reader's language (a report keeps
    the tags it was made with; a game this site does not load keeps them as they are)."""
    game = game_of(shipped)
    return (lambda tag: tag) if game is None else (lambda tag: game.tag_text(tag, lang))


def tag_rows(shipped: Shipped, lang: str) -> list[dict[str, Any]]:
    name = tag_names(shipped, lang)
    return [{**plot_row(lang, name(row.tag), row, "tag"), "tag": row.tag}
            for row in shipped.report.by_strength]


def rare_tags(shipped: Shipped, lang: str) -> list[str]:
    name = tag_names(shipped, lang)
    return [name(tag) for tag in shipped.report.rare_tags]


def plot_axis(rows: list[dict[str, Any]]) -> Axis:
    return Axis.around([v for row in rows for v in (row["low"], row["high"], row["expected"])])
