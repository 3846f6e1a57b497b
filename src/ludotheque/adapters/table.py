"""What both adapters share: a setup with its encoding, and a table that plays one game by ids.

A `Table` is one game seen the way PettingZoo and OpenSpiel see games: one decision at a time,
by action id, with observations from a seat's view. Secret simultaneous choices (several seats
in `to_act()`) are taken one seat after the other, lowest seat first; the kernel's state
accepts one seat's choice while the others are still to decide, and a seat's view never shows
a choice it may not see, so serialising them gives nobody an advantage.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from rich.console import Console

from ludotheque import games
from ludotheque.core import (
    JSON,
    Encoding,
    Game,
    IllegalAction,
    LudoError,
    Options,
    Result,
    Seat,
    State,
    canonical,
)

OptionsLike = Options | Mapping[str, JSON] | str | None


class AdapterError(LudoError):
    """A game or setup the adapters cannot offer (no encoding, unknown game, bad options)."""


@dataclass(frozen=True)
class Setup:
    """A game, its player count and options, and that setup's encoding (ids, observations).

    Immutable: copies of a table share it, and it pickles as (game id, players, options)."""

    game: Game
    players: int
    options: Options
    encoding: Encoding

    @property
    def options_json(self) -> str:
        return canonical(self.options.model_dump(mode="json"))

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (open_setup, (self.game.id, self.players, self.options_json))


def find_game(game: Game | str) -> Game:
    """A Game, or the registered game of that id (`AdapterError` for an unknown one)."""
    if isinstance(game, Game):
        return game
    try:
        return games.get(game)
    except games.UnknownGame as exc:
        raise AdapterError(str(exc)) from None


def open_setup(game: Game | str, players: int | None = None,
               options: OptionsLike = None) -> Setup:
    """The setup of `game` (a Game or a registered id) for `players` seats (the game's
    smallest count by default) and `options` (a mapping, a JSON text or an Options value).
    Raises `AdapterError` when the game gives no encoding for that setup."""
    game = find_game(game)
    count = game.min_players if players is None else players
    if isinstance(options, str):
        try:
            options = json.loads(options) if options.strip() else {}
        except json.JSONDecodeError as exc:
            raise AdapterError(f"{game.title}: options are not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise AdapterError(f"{game.title}: options must be a JSON object, not {options!r}")
    try:
        parsed = game.options(options, count)
    except LudoError as exc:
        raise AdapterError(str(exc)) from None
    encoding = game.encoding(count, parsed)
    if encoding is None:
        raise AdapterError(
            f"{game.title} ({game.id!r}) gives no encoding for {count} players with these "
            f"options: Game.encoding() returned None, and the adapters need its action ids "
            f"and fixed-size observations (core/encoding.py)")
    return Setup(game, count, parsed, encoding)


def has_encoding(game: Game) -> bool:
    """Whether the game gives an encoding for its default setup (smallest player count)."""
    count = game.min_players
    return game.encoding(count, game.options(None, count)) is not None


def outcome_rewards(result: Result) -> tuple[float, ...]:
    """+1 for each seat whose side won, -1 for the others, 0 for everyone in a draw.

    A side is a team when the result has teams (teammates share the outcome), else a seat;
    a side wins when one of its seats has rank 0, so several winners all get +1."""
    seats = range(len(result.ranks))
    if result.is_draw:
        return tuple(0.0 for _ in seats)
    sides = result.teams if result.teams is not None else tuple(seats)
    winning = {sides[s] for s in result.winners}
    return tuple(1.0 if sides[s] in winning else -1.0 for s in seats)


class Table:
    """One game of a setup, played by action ids, one seat at a time.

    `seen[seat]` is the play as that seat saw it: each action as `"<seat>:<text>"`, or
    `"<seat>:?"` for another seat's secret choice (`State.is_public` said no)."""

    def __init__(self, setup: Setup, state: State, seen: list[list[str]]) -> None:
        self.setup = setup
        self.state = state
        self.seen = seen

    @classmethod
    def deal(cls, setup: Setup, seed: int) -> Table:
        """A new game of `setup`; the same seed gives the same deal as `game.new(seed, ...)`."""
        state = setup.game.new(seed, setup.players, setup.options)
        return cls(setup, state, [[] for _ in range(setup.players)])

    # -- whose decision ---------------------------------------------------------------------
    def seat_to_act(self) -> Seat | None:
        """The one seat to decide now (the lowest of several secret choosers), None at the end."""
        if self.state.is_over():
            return None
        acting = self.state.to_act()
        return min(acting) if acting else None

    def legal_ids(self, seat: Seat) -> list[int]:
        """The ids of `seat`'s legal actions, ascending ([] unless it is the seat to act)."""
        if seat != self.seat_to_act():
            return []
        encoding = self.setup.encoding
        return sorted(encoding.action_id(a) for a in self.state.legal_actions(seat))

    def mask(self, seat: Seat) -> list[int]:
        out = [0] * self.setup.encoding.action_count
        for action_id in self.legal_ids(seat):
            out[action_id] = 1
        return out

    # -- the transition ---------------------------------------------------------------------
    def play(self, seat: Seat, action_id: int) -> None:
        """Play action `action_id` for `seat`. An id out of range, a seat out of turn or an
        illegal action raises `IllegalAction` with the reason, and changes nothing."""
        encoding, game = self.setup.encoding, self.setup.game
        to_act = self.seat_to_act()
        if to_act is None:
            raise IllegalAction(f"{game.title}: the game is over")
        if seat != to_act:
            raise IllegalAction(f"{game.title}: seat {seat} has no decision to make now "
                                f"(seat {to_act} decides)")
        if not 0 <= action_id < encoding.action_count:
            raise IllegalAction(f"{game.title}: no action {action_id}: ids go from 0 to "
                                f"{encoding.action_count - 1}")
        text = encoding.action_text(action_id)
        action = game.parse(text)
        reason = self.state.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(f"{game.title}: action {action_id} ({text}) is not legal for "
                                f"seat {seat} now: {reason}")
        public = self.state.is_public(seat, action)  # asked before the action is applied
        self.state.apply(seat, action)
        for s, seen in enumerate(self.seen):
            seen.append(f"{seat}:{text}" if s == seat or public else f"{seat}:?")

    # -- what a seat sees -------------------------------------------------------------------
    def observation(self, seat: Seat) -> list[float]:
        return self.setup.encoding.observe(self.state.view(seat), seat)

    def view_text(self, seat: Seat) -> str:
        """The seat's view as canonical JSON."""
        return canonical(self.state.view(seat))

    def information_state(self, seat: Seat) -> str:
        """The seat's view and the play as it saw it, as canonical JSON."""
        return canonical({"view": self.state.view(seat), "seen": self.seen[seat]})

    def render(self, seat: Seat | None = None) -> str:
        """The game's own text drawing of `seat`'s view (the spectator's by default)."""
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        console.print(self.setup.game.render(self.state.view(seat), seat))
        return out.getvalue()

    # -- the end ----------------------------------------------------------------------------
    def rewards(self) -> tuple[float, ...]:
        """`outcome_rewards` of the result once over; zeros before."""
        result = self.state.result()
        if result is None:
            return tuple(0.0 for _ in range(self.setup.players))
        return outcome_rewards(result)

    # -- copies and persistence -------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return Table(self.setup, self.state.clone(), [list(s) for s in self.seen])

    def __getstate__(self) -> dict[str, Any]:
        # The state travels as its JSON, the project's persistence, not as Python objects.
        return {"setup": self.setup, "state": self.state.to_json(), "seen": self.seen}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.setup = data["setup"]
        self.state = self.setup.game.state_from_json(data["state"])
        self.seen = [list(s) for s in data["seen"]]
