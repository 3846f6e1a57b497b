"""The MiTiX game: options (mode and paquets), setup, notation, descriptions, rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Literal, Self

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from ludotheque.core.data import did_you_mean
from ludotheque.core.encoding import Encoding
from ludotheque.core.errors import OptionsError
from ludotheque.core.game import JSON, Action, Config, Event, Game, Options, Result, State
from ludotheque.core.record import Step

from . import notation
from .cards import CardSet, PaquetEntry, load_base_set, load_default_paquets
from .decks import MitixDecks
from .describe import describe_event, describe_result
from .encoding import encoding_for
from .position import check_position, parse_position
from .rules import AREOPAGE_FAMIX, AREOPAGE_MITIX, FAMIX, MITIX, MitixState

MINIMUM = {"mitix": AREOPAGE_MITIX, "famix": AREOPAGE_FAMIX}  # MX-3
MODE_TITLES = {"mitix": "MiTiX vs MiTiX", "famix": "FaMiX vs FaMiX"}


class MitixOptions(Options):
    """`mode`: "mitix" (MiTiX vs MiTiX) or "famix" (FaMiX vs FaMiX); `paquets`: one list of
    card names per seat (None: the two paquets shipped with the game)."""

    mode: Literal["mitix", "famix"] = "mitix"
    paquets: tuple[tuple[str, ...], tuple[str, ...]] | None = Field(default=None)
    # The tutorial's FaMiX lessons start from a position (position.py) instead of the draw of
    # 10 cards: Olympes with their resources, aréopages, Vivants. Never set for an ordinary game.
    position: str | None = None

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_position(value)
            except ValueError as exc:
                raise ValueError(f"not a FaMiX position: {exc}") from None
        return value

    @model_validator(mode="after")
    def _position_is_famix(self) -> Self:
        if self.position is not None and (self.mode != "famix" or self.paquets is not None):
            raise ValueError("a position is a FaMiX vs FaMiX position (mode famix) and sets "
                             "the cards itself (no paquets)")
        return self


class Mitix(Game):
    id = "mitix"
    title = "MiTiX"
    version = "1"
    min_players = 2
    max_players = 2
    options_type = MitixOptions
    # A newcomer plays the mode with decisions (Dieux, ressources, secret choices): MiTiX vs
    # MiTiX has none (MX-14 to MX-24 are FaMiX's).
    newcomer_setup = "famix"
    state_type: ClassVar[type[State]] = MitixState
    hidden_information = True
    not_daily: ClassVar[Mapping[str, str]] = {
        "mitix": "MiTiX vs MiTiX has no decision: no player could do better than another",
    }
    step_limit = 2_000

    def __init__(self) -> None:
        super().__init__()
        MitixState.cards = self.cards

    @cached_property
    def cards(self) -> CardSet:
        """The base set (MX-2)."""
        return load_base_set()

    @cached_property
    def default_paquets(self) -> list[PaquetEntry]:
        return load_default_paquets(self.cards)

    @cached_property
    def decks(self) -> MitixDecks:
        return MitixDecks(self)

    def deck_rules(self) -> MitixDecks:
        """Paquets players build (MX-3): decks.py."""
        return self.decks

    def paquet(self, name: str) -> tuple[str, ...]:
        """The cards of a paquet shipped with the game, by its name."""
        for paquet in self.default_paquets:
            if paquet.nom == name:
                return tuple(paquet.cartes)
        known = [p.nom for p in self.default_paquets]
        raise KeyError(f'no paquet "{name}"{did_you_mean(name, known)}')

    def paquets(self, options: MitixOptions) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if options.paquets is not None:
            return options.paquets
        first, second = self.default_paquets[:2]
        return tuple(first.cartes), tuple(second.cartes)

    def validate(self, players: int, options: Options) -> None:
        assert isinstance(options, MitixOptions)
        names = self.cards.index
        if options.position is not None:
            try:
                check_position(parse_position(options.position), self.cards)
            except ValueError as exc:
                raise OptionsError(f"MiTiX: this position cannot start a game: {exc}") from None
            return
        need = MINIMUM[options.mode]
        for seat, paquet in enumerate(self.paquets(options)):
            for name in paquet:
                if name not in names:
                    raise OptionsError(f'MiTiX: the deck of seat {seat + 1} names an unknown '
                                       f'card "{name}"{did_you_mean(name, names)}')
            if len(paquet) < need:
                # MX-3: a paquet too short for the mode is refused before the game.
                raise OptionsError(
                    f"MiTiX (MX-3): the deck of seat {seat + 1} holds {len(paquet)} cards; "
                    f"{MODE_TITLES[options.mode]} needs at least {need}")

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MitixOptions)
        index = self.cards.index
        if options.position is not None:
            return MitixState.from_text(seed, parse_position(options.position))
        ids = [[index[n] for n in p] for p in self.paquets(options)]
        return MitixState.new(seed, MITIX if options.mode == "mitix" else FAMIX, ids)

    def parse(self, text: str) -> Action:
        return notation.parse(text, self.cards.index)

    def configs(self) -> Sequence[Config]:
        # "famix-doubles": each default paquet twice over, so that two copies of one Dieu
        # often stand on one Olympe (the "Huile > Zeus #2" notation) and FaMiX are larger.
        first, second = self.paquets(MitixOptions())
        doubles = MitixOptions(mode="famix", paquets=(first * 2, second * 2))
        return [Config(2, MitixOptions(mode="mitix"), "mitix"),
                Config(2, MitixOptions(mode="famix"), "famix"),
                Config(2, doubles, "famix-doubles")]

    def encoding(self, players: int, options: Options) -> Encoding:
        """Action ids and observations for the AI adapters (encoding.py), cached by the
        options' content: the mode and the cards in play."""
        assert isinstance(options, MitixOptions)
        paquets = None if options.position is not None else self.paquets(options)
        return encoding_for(self.cards, options.mode == "famix", paquets, options.position)

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """The cards dealt to each side's aréopage and Olympe (MX-4, MX-5): chance deals
        them from the paquet, so their scores measure the cards."""
        assert isinstance(start, MitixState)
        names = start.cards.names
        return [{names[c] for c in [*start.areopage[seat], *start.olympe[seat]]}
                for seat in range(players)]

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        return describe_event(event, lang, names)

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        return describe_result(result, lang)

    def render(self, view: Mapping[str, JSON], seat: int | None, lang: str = "fr") -> Any:
        from .terminal import render_view  # lazily: the rules never import rich

        return render_view(self.cards, view, seat, lang)

    def heuristic(self, state: State, seat: int) -> float:
        """Vivants ahead, plus a little for the Bios still to fight, in [-1, 1]."""
        assert isinstance(state, MitixState)
        other = 1 - seat
        lead = len(state.vivants[seat]) - len(state.vivants[other])
        room = len(state.vivants[seat]) + len(state.vivants[other]) + 2 * len(
            state.areopage[seat]) + 2
        score = lead / room
        if state.mode == FAMIX and state.areopage[seat] and state.areopage[other]:
            bios = self.cards.bios
            mine = sum(bios[c] for c in state.areopage[seat])
            theirs = sum(bios[c] for c in state.areopage[other])
            score += 0.1 * (mine - theirs) / (mine + theirs)
        return max(-1.0, min(1.0, score))
