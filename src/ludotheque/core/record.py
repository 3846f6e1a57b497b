"""Game records: seed + options + actions = the game.

One JSON document per game. Replaying it through the engine rebuilds every state; a record
that is not legal under the current rules fails loudly, naming the action and the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, LudoError, NotationError, OptionsError, RecordError
from .game import JSON, Event, Game, Result, Seat, State

FORMAT = "ludotheque-record"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Move:
    """One recorded decision: who, what (in notation), and optionally when (ISO 8601)."""

    seat: Seat
    action: str
    at: str | None = None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"seat": self.seat, "action": self.action}
        if self.at is not None:
            out["at"] = self.at
        return out


@dataclass
class Record:
    game: str
    seed: int
    players: int
    options: dict[str, JSON] = field(default_factory=dict)
    seats: list[dict[str, JSON]] = field(default_factory=list)  # names, humans or bots
    moves: list[Move] = field(default_factory=list)
    result: dict[str, JSON] | None = None
    game_version: str = ""
    meta: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "game_version": self.game_version,
            "seed": self.seed,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "actions": [m.to_json() for m in self.moves],
            "result": self.result,
            "meta": self.meta,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> Record:
        if not isinstance(data, Mapping):
            raise RecordError(f"{source}: a record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"{source}: not a Ludothèque record (format {data.get('format')!r})")
        version = data.get("version", FORMAT_VERSION)
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise RecordError(f"{source}: record format version {version!r} is not supported")
        try:
            game, seed, players = data["game"], data["seed"], data["players"]
        except KeyError as exc:
            raise RecordError(f"{source}: missing field {exc.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(seed, int) or not isinstance(players, int):
            raise RecordError(f"{source}: game must be text, seed and players whole numbers")
        moves: list[Move] = []
        for i, raw in enumerate(data.get("actions", [])):
            if (not isinstance(raw, Mapping) or not isinstance(raw.get("seat"), int)
                    or not isinstance(raw.get("action"), str)):
                raise RecordError(f"{source}: action #{i + 1} must be "
                                  '{"seat": <int>, "action": <text>}', index=i)
            moves.append(Move(raw["seat"], raw["action"], raw.get("at")))
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise RecordError(f"{source}: options must be an object")
        return cls(
            game=game,
            seed=seed,
            players=players,
            options=dict(options),
            seats=list(data.get("seats") or []),
            moves=moves,
            result=data.get("result"),
            game_version=str(data.get("game_version", "")),
            meta=dict(data.get("meta") or {}),
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{path}: cannot be read ({exc.strerror or exc})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path}: not valid JSON: {exc}") from None
        return cls.from_json(data, str(path))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Step:
    index: int
    move: Move
    events: list[Event]
    public: bool = True  # State.is_public before the action: may every seat read its text?


def start(game: Game, record: Record) -> State:
    if record.game != game.id:
        raise RecordError(f"record is a {record.game!r} game, not {game.id!r}")
    try:
        return game.new(record.seed, record.players, record.options)
    except OptionsError as exc:
        raise RecordError(f"record cannot start: {exc}{_older_rules(game, record)}") from None


def _older_rules(game: Game, record: Record) -> str:
    """Why a record may no longer replay: it was played under other rules (Game.version).
    A record of older rules is still replayed (a version counts every setup of a game, and
    most of its games play as they did: a game's two-player setups need not change when its
    4-player one does); where it no longer replays, the error says both versions."""
    if record.game_version and record.game_version != game.version:
        return (f" (the record was played under {game.title} rules version "
                f"{record.game_version}; this engine plays version {game.version})")
    return ""


def replay_steps(game: Game, record: Record) -> Iterator[tuple[State, Step]]:
    """Yield (state after the step, step) for each recorded action, checking each one."""
    state = start(game, record)
    for index, move in enumerate(record.moves):
        where = f"action #{index + 1} (seat {move.seat}, {move.action!r})"
        try:
            action = game.parse(move.action)
            public = state.is_public(move.seat, action)
            events = state.apply(move.seat, action)
        except NotationError as exc:
            raise RecordError(f"{where}: not in {game.title}'s notation: {exc.reason}"
                              f"{_older_rules(game, record)}", index=index) from None
        except IllegalAction as exc:
            raise RecordError(f"{where}: illegal: {exc.reason}{_older_rules(game, record)}",
                              index=index) from None
        except LudoError as exc:
            raise RecordError(f"{where}: {exc}{_older_rules(game, record)}",
                              index=index) from None
        yield state, Step(index, move, events, public)


def replay(game: Game, record: Record, *, check_result: bool = True) -> State:
    """The final state of a record; checks the stored result against the engine's if asked."""
    state: State | None = None
    for after, _ in replay_steps(game, record):
        state = after
    if state is None:  # a record with no action yet
        state = start(game, record)
    if check_result:
        check_stored_result(record, state)
    return state


RESIGNED = "resign"  # a seat gave the game up
TIMEOUT = "timeout"  # a seat's clock ran out (the site's time controls)
ABANDONED = "abandon"  # the seat to act left an untimed game; the other claimed the win
AGREED_DRAW = "draw_agreed"  # both seats agreed to a draw (a draw offer accepted)
# The ways a game ends outside its rules: the record keeps the result, the engine's state
# is not over.
OUTSIDE_THE_RULES = (RESIGNED, TIMEOUT, ABANDONED, AGREED_DRAW)
LOSSES = (RESIGNED, TIMEOUT, ABANDONED)  # those that rank one seat last


def resignation(players: int, seat: Seat, reason: str = RESIGNED) -> Result:
    """A two-player game that `seat` gave up (or lost on time, `reason=TIMEOUT`): the other
    seat wins. (With more seats the site hands the seat to a bot instead, so that the others
    play on.)"""
    if players != 2 or not 0 <= seat < players:
        raise ValueError("a resignation ends a two-player game only")
    if reason not in LOSSES:
        raise ValueError(f"a seat loses outside its rules by {LOSSES}, not {reason!r}")
    what = {RESIGNED: "resigned", TIMEOUT: "ran out of time", ABANDONED: "left the game"}[reason]
    return Result(tuple(1 if s == seat else 0 for s in range(players)), (0.0,) * players,
                  reason, f"seat {seat} {what}")


def agreed_draw(players: int) -> Result:
    """A two-player game that both seats agreed to call a draw."""
    if players != 2:
        raise ValueError("a draw is agreed in a two-player game only")
    return Result((0, 0), (0.0, 0.0), AGREED_DRAW, "draw agreed")


def check_stored_result(record: Record, state: State) -> None:
    """Fail when the record's stored result is not the one the engine reaches (or, for a
    resignation, when the game had already ended by its rules)."""
    if record.result is None:
        return
    stored = Result.from_json(record.result)
    result = state.result()
    if stored.reason in OUTSIDE_THE_RULES:
        if result is not None:
            raise RecordError(f"the record says the game ended by {stored.reason}, but it was "
                              f"already over ({result.reason}) after {len(record.moves)} "
                              f"actions")
        if stored.reason == AGREED_DRAW:
            if list(stored.ranks) != [0, 0]:
                raise RecordError(f"an agreed draw ranks both seats first, not "
                                  f"{list(stored.ranks)}")
            return
        if len(stored.ranks) != 2 or sorted(stored.ranks) != [0, 1]:
            raise RecordError(f"a {stored.reason} ranks one seat of two last, not "
                              f"{list(stored.ranks)}")
        return
    if result is None:
        raise RecordError(f"the record stores a result but the game is not over after "
                          f"{len(record.moves)} actions")
    if (stored.ranks, stored.reason) != (result.ranks, result.reason):
        raise RecordError(f"stored result {stored.reason} {list(stored.ranks)} differs from "
                          f"the engine's {result.reason} {list(result.ranks)}")


def record_of(game: Game, seed: int, players: int, options: Mapping[str, JSON] | None,
              moves: list[Move], state: State | None = None,
              seats: list[dict[str, JSON]] | None = None) -> Record:
    """A record for a game played with these moves; the result taken from `state` if over."""
    result = state.result() if state is not None else None
    return Record(
        game=game.id,
        seed=seed,
        players=players,
        options=dict(options or {}),
        seats=seats or [],
        moves=list(moves),
        result=result.to_json() if result is not None else None,
        game_version=game.version,
    )
