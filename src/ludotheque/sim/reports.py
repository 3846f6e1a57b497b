"""The balance reports shipped with the package (`reports/<setup>/`), read for the site.

`ludo balance --out reports/<setup>` writes each folder (bench/balance_reports.sh makes them
all); its `report.json` is the one source the site reads: the tables and the plots of the
/balance pages are drawn from it, in the reader's language. A malformed file is a
`DataError` naming the file and the field, so that one bad report never hides the others.

Beside it, `findings.toml` says in words, in French and English, what the report shows and
why (written by whoever studied it). It quotes the report's seat scores: remade with other
figures, the report keeps its tables and the out-of-date findings are not shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ludotheque.core import JSON, DataError
from ludotheque.core.data import field_problem, read_document

SHIPPED = Path(str(resources.files(__package__))) / "reports"
PLOTS = ("seats.svg", "tags.svg")  # the matplotlib plots, offered as downloads
FILES = ("report.json", "report.md", *PLOTS)
FINDINGS = "findings.toml"
SETUP_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")  # a folder name, never a path


class Measure(BaseModel):
    """A seat's or a tag's score, against what it would make if it did not matter."""

    model_config = ConfigDict(frozen=True)

    games: int = Field(ge=0)
    score: float = Field(ge=0)
    rate: float = Field(ge=0, le=1)
    ci95: tuple[float, float]
    expected: float = Field(ge=0, le=1)
    lift: float
    verdict: Literal["stronger", "even", "weaker"]

    @model_validator(mode="after")
    def _interval_holds_the_rate(self) -> Measure:
        low, high = self.ci95
        if not 0 <= low <= self.rate <= high <= 1:
            raise ValueError(f"ci95 {[low, high]} does not hold the rate {self.rate}")
        return self


class SeatMeasure(Measure):
    seat: int = Field(ge=0)


class TagMeasure(Measure):
    tag: str = Field(min_length=1)
    by_seat: list[int]


class Report(BaseModel):
    """One `report.json` (sim/balance.py `Balance.to_json` and the command that made it)."""

    model_config = ConfigDict(frozen=True)

    game: str
    players: int = Field(ge=1)
    options: dict[str, JSON]
    bots: list[str]
    games: int = Field(ge=1)
    fair_share: float = Field(ge=0, le=1)
    endings: dict[str, int]
    seats: list[SeatMeasure]
    min_games: int = Field(ge=0)
    tags: list[TagMeasure]
    rare_tags: list[str]
    command: str = Field(min_length=1)

    @model_validator(mode="after")
    def _one_row_per_seat(self) -> Report:
        if [row.seat for row in self.seats] != list(range(self.players)):
            raise ValueError(f"seats must be 0 to {self.players - 1}, one row each")
        return self

    @property
    def away_from_even(self) -> list[TagMeasure]:
        return [row for row in self.tags if row.verdict != "even"]

    @property
    def by_strength(self) -> list[TagMeasure]:
        """The tags, strongest (highest lift) first."""
        return sorted(self.tags, key=lambda row: (-row.lift, row.tag))


class FindingsText(BaseModel):
    """The findings in one language: a line for the list of reports, then paragraphs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    headline: str = Field(min_length=1)
    text: str = Field(min_length=1)

    @property
    def paragraphs(self) -> list[str]:
        return [" ".join(p.split()) for p in self.text.split("\n\n") if p.strip()]

    @property
    def pieces(self) -> list[list[tuple[bool, str]]]:
        """Each paragraph as (is code, text) pieces: `a command` between backquotes is code."""
        return [[(k % 2 == 1, piece) for k, piece in enumerate(p.split("`")) if piece]
                for p in self.paragraphs]


class Findings(BaseModel):
    """One `findings.toml`: the seat scores it was written for (percent, one decimal, as the
    report shows them) and its text in each of the site's languages."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: list[float]
    fr: FindingsText
    en: FindingsText

    def text(self, lang: str) -> FindingsText:
        return self.en if lang == "en" else self.fr


M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Shipped:
    """A report and where it lives: `setup` is its folder's name (`<game>` or `<game>-<setup>`).
    `findings` are its words, if it has some that can be read and fit its figures;
    otherwise `findings_problem` says why none are shown."""

    setup: str
    folder: Path
    report: Report
    findings: Findings | None = None
    findings_problem: str | None = None

    @property
    def plots(self) -> list[str]:
        return [name for name in PLOTS if (self.folder / name).is_file()]


@dataclass(frozen=True)
class Unreadable:
    """A report folder whose report.json could not be read, and why."""

    setup: str
    error: str


def _read(folder: Path, name: str, model: type[M]) -> M:
    """`folder/name` checked against `model`; a DataError names the file and the field,
    the file as the site names it (`<setup>/report.json`: no server paths shown)."""
    source = f"{folder.name}/{name}"
    try:
        text = (folder / name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{source}: cannot be read ({getattr(exc, 'strerror', None) or exc})"
                        ) from None
    try:
        return model.model_validate(read_document(source, text))
    except ValidationError as exc:
        field, problem = field_problem(exc)
        where = f'{source}, field "{field}"' if field else source
        raise DataError(f"{where}: {problem}") from None


def load(folder: Path) -> Shipped:
    """The report in `folder`. Raises DataError naming the file and the field at fault."""
    report = _read(folder, "report.json", Report)
    try:
        findings = load_findings(folder, report)
    except DataError as exc:
        return Shipped(folder.name, folder, report, findings_problem=str(exc))
    return Shipped(folder.name, folder, report, findings)


def load_findings(folder: Path, report: Report) -> Findings | None:
    """The findings beside `report` (None when it has none). Raises DataError naming the
    file and the field, or saying that they quote other figures than the report's."""
    if not (folder / FINDINGS).is_file():
        return None
    findings = _read(folder, FINDINGS, Findings)
    shown = [round(100 * row.rate, 1) for row in report.seats]
    if len(findings.seats) != len(shown) or any(
            abs(a - b) > 0.05 for a, b in zip(findings.seats, shown, strict=False)):
        quoted = ", ".join(f"{v:.1f}" for v in findings.seats)
        actual = ", ".join(f"{v:.1f}" for v in shown)
        raise DataError(f'{folder.name}/{FINDINGS}, field "seats": written for seat scores '
                        f"{quoted}, but report.json has {actual}: the findings are out of date")
    return findings


def list_reports(root: Path = SHIPPED) -> list[Shipped | Unreadable]:
    """Every report folder under `root`, by name; the unreadable ones say why."""
    out: list[Shipped | Unreadable] = []
    folders = sorted(p for p in root.iterdir() if p.is_dir() and SETUP_NAME.fullmatch(p.name)) \
        if root.is_dir() else []
    for folder in folders:
        try:
            out.append(load(folder))
        except DataError as exc:
            out.append(Unreadable(folder.name, str(exc)))
    return out


def find(setup: str, root: Path = SHIPPED) -> Path | None:
    """The folder of report `setup`, or None when there is none (or the name is no name)."""
    if not SETUP_NAME.fullmatch(setup):
        return None
    folder = root / setup
    return folder if folder.is_dir() else None
