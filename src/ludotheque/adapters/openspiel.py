"""Ludothèque games as OpenSpiel Python games: `pyspiel.load_game("ludo_<game id>")`.

Importing this module registers every game of the registry that gives an encoding for its
default setup; `register(game_id)` adds a game registered later (a plug-in, a test's game).
Parameters: `players` (int), `options` (a JSON object, as text) and `seed` (int).

Chance. Our engine draws every random event (deals, draws, markets) from a seeded generator
inside the state, so the chance outcomes cannot be listed: the games are declared
`SAMPLED_STOCHASTIC`. The `seed` parameter seeds the game's own generator of deals: each new
initial state takes the next deal seed from it, so a program that makes the same calls gets
the same games. `new_initial_state("<deal seed>")` gives one exact deal, the same as
`game.new(deal_seed, players, options)` in Ludothèque. A clone carries its state's generator,
so a clone's future draws are the original's.

Turns. Secret simultaneous choices are taken one seat after the other (lowest seat first),
each seat seeing only its view: the games are `SEQUENTIAL`. Observations (string and tensor)
come from the seat's view; the information state is the view plus the play as that seat saw
it (its own actions, the others' public ones, and "?" for their secret choices).
`docs/adapters.md` has tested examples.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ludotheque import games
from ludotheque.core import Game, Rng

from .table import AdapterError, Setup, Table, find_game, has_encoding, open_setup

PREFIX = "ludo_"


def short_name(game: Game) -> str:
    return f"{PREFIX}{game.id}"


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel GameType of a Ludothèque game (the same for all its setups)."""
    info = pyspiel.GameType.Information
    two_player = game.max_players == 2
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Ludothèque {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(info.IMPERFECT_INFORMATION if game.hidden_information
                     else info.PERFECT_INFORMATION),
        # +1 / -1 / 0 is zero-sum with two seats only (three seats: +1, -1, -1).
        utility=(pyspiel.GameType.Utility.ZERO_SUM if two_player
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "options": "{}", "seed": 0},
    )


class LudoGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One setup of a Ludothèque game, as OpenSpiel sees it."""

    ludo_game: Game  # set on the class `register` makes for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.ludo_game
        params = dict(params or {})
        kind = game_type(game)
        defaults = kind.parameter_specification
        players = int(params.get("players", defaults["players"]))
        options = str(params.get("options", defaults["options"]))
        seed = int(params.get("seed", defaults["seed"]))
        self.setup: Setup = open_setup(game, players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.encoding.action_count,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if kind.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            # The conformance harness fails any game longer than this.
            max_game_length=game.step_limit,
        )
        super().__init__(kind, info, {"players": players, "options": options, "seed": seed})
        self.deals = Rng(seed)

    def new_initial_state(self, deal: str | None = None) -> LudoState:
        """A new game: the next deal of this game's generator, or the deal seed `deal`."""
        seed = self.deals.next64() >> 1 if deal is None else int(deal)
        return LudoState(self, seed)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SeatObserver:
        return SeatObserver(self.setup, iig_obs_type, params)


class LudoState(pyspiel.State):  # type: ignore[misc]
    """A game in progress. The table is dealt on first use: OpenSpiel clones a state by
    making a new initial state and copying the original's attributes over it, so dealing
    eagerly would deal (and throw away) a whole game on every clone."""

    def __init__(self, game: LudoGame, deal: int) -> None:
        super().__init__(game)
        self._setup = game.setup
        self._deal = deal
        self._dealt: Table | None = None

    @property
    def table(self) -> Table:
        if self._dealt is None:
            self._dealt = Table.deal(self._setup, self._deal)
        return self._dealt

    def current_player(self) -> int:
        seat = self.table.seat_to_act()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_ids(player)

    def _apply_action(self, action: int) -> None:
        seat = self.table.seat_to_act()
        if seat is None:
            raise AdapterError("the game is over: no action applies")
        self.table.play(seat, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._setup.encoding.action_text(action)

    def is_terminal(self) -> bool:
        return self.table.state.is_over()

    def returns(self) -> list[float]:
        return list(self.table.rewards())

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> LudoState:
        """A state `player` cannot tell from this one: its hidden parts re-dealt by the
        game's `determinize`, from a seed drawn with `probability_sampler` (for IS-MCTS)."""
        seed = int(probability_sampler() * (1 << 53))
        out = self.clone()
        table = self.table
        out._dealt = Table(table.setup, table.state.determinize(player, Rng(seed)),
                           [list(s) for s in table.seen])
        return out  # type: ignore[no-any-return]

    def __str__(self) -> str:
        # For debugging, like OpenSpiel's games: the whole state, hidden parts included.
        return self.table.state.game.id + " " + repr(self.table.state.to_json())


class SeatObserver:
    """OpenSpiel's observer for one seat: its view only (no other seat's private part).

    The observation (perfect_recall False) is the encoding's tensor and the view as canonical
    JSON; the information state (perfect_recall True) is the view plus the play as the seat
    saw it, as a string (no tensor: the encoding has no fixed size for a history)."""

    def __init__(self, setup: Setup, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("Ludothèque games observe a seat's own view only (private_info "
                             "SINGLE_PLAYER with public_info)")
        self.setup = setup
        self.perfect_recall = bool(kind.perfect_recall)
        size = 0 if self.perfect_recall else setup.encoding.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: LudoState, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = state.table.observation(player)

    def string_from(self, state: LudoState, player: int) -> str:
        if self.perfect_recall:
            return state.table.information_state(player)
        return state.table.view_text(player)


_registered: set[str] = set()


def register(game: Game | str) -> str:
    """Register `game` (a registered id or a Game) with pyspiel as `ludo_<id>`, once.
    Raises `AdapterError` when it gives no encoding for its default setup."""
    game = find_game(game)
    name = short_name(game)
    if name in _registered:
        return name
    if not has_encoding(game):
        raise AdapterError(
            f"{game.title} ({game.id!r}) gives no encoding for its default setup: "
            f"Game.encoding() returned None, and OpenSpiel needs its action ids and "
            f"fixed-size observations (core/encoding.py)")
    # A class per game, as OpenSpiel's own Python games register theirs: pyspiel keeps the
    # creator until the process ends, and a closure freed that late crashes the interpreter.
    creator = type(f"Ludo_{game.id}", (LudoGame,), {"ludo_game": game})
    pyspiel.register_game(game_type(game), creator)
    _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every game of the registry that gives an encoding; their OpenSpiel names."""
    return [register(g) for g in games.all_games() if has_encoding(g)]


register_all()

__all__ = ["LudoGame", "LudoState", "SeatObserver", "game_type", "register", "register_all",
           "short_name"]
