"""The Mindbug game object: options, set-up, notation, descriptions, rendering, evaluation."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from pydantic import model_validator

from ludotheque.core.encoding import Encoding
from ludotheque.core.errors import OptionsError
from ludotheque.core.game import JSON, Action, Config, Event, Game, Options, Result, State
from ludotheque.core.record import Step

from . import notation
from .cards import catalogue
from .describe import describe_event, describe_result
from .encoding import mindbug_encoding
from .position import parse_position
from .rules import MindbugState, register_catalogue


@functools.cache
def _english_names() -> dict[str, str]:
    """Every shipped creature's English name by its French one (MB-1 and New Servants)."""
    return {c.name: c.name_en for c in catalogue(new_servants=True).creatures}


class MindbugOptions(Options):
    """Mindbug's options. Four players is Tag Team (MB-20..MB-27)."""

    new_servants: bool = False  # add the 12 creatures of the "New Servants" set
    # The tutorial: a 2-player position to start from instead of the opening deal
    # (position.py: hands, boards, who acts, life, Mindbugs); the lessons are played from it.
    position: str | None = None

    @model_validator(mode="after")
    def _position_reads(self) -> Self:
        if self.position is not None:
            try:
                parse_position(self.position, catalogue(self.new_servants))
            except ValueError as exc:
                raise ValueError(f"not a Mindbug position: {exc}") from None
        return self


class Mindbug(Game):
    id = "mindbug"
    title = "Mindbug"
    version = "2"  # 2: Tag Team names "the opponent" of each effect (mindbug-cards.md)
    min_players = 2
    max_players = 4
    options_type = MindbugOptions
    state_type: ClassVar[type[State]] = MindbugState
    hidden_information = True
    step_limit = 20_000

    def validate(self, players: int, options: Options) -> None:
        if players not in (2, 4):
            raise OptionsError("Mindbug se joue à 2, ou à 4 en Tag Team (2 contre 2), "
                               f"pas à {players}")
        assert isinstance(options, MindbugOptions)
        if options.position is not None and players != 2:
            raise OptionsError("une position de Mindbug se joue à 2 joueurs, "
                               f"pas à {players}")

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, MindbugOptions)
        cat = catalogue(options.new_servants)  # MB-1: First Contact, New Servants on option
        register_catalogue(cat)
        position = None if options.position is None else parse_position(options.position, cat)
        return MindbugState.start(seed, players, cat, position)

    def parse(self, text: str) -> Action:
        return notation.parse(text)

    def configs(self) -> Sequence[Config]:
        return [
            Config(2, MindbugOptions(), "2p"),
            Config(2, MindbugOptions(new_servants=True), "2p-new-servants"),
            Config(4, MindbugOptions(), "tag-team"),
        ]

    def encoding(self, players: int, options: Options) -> Encoding:
        options = self.options(options, players)  # MB-20: 2 players, or 4 in Tag Team
        assert isinstance(options, MindbugOptions)
        return mindbug_encoding(players, options.new_servants)

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """The creatures shuffled into each seat's ten cards (MB-3, MB-21): chance deals
        them, so their scores measure the creatures, not the players."""
        assert isinstance(start, MindbugState)
        tags: list[set[str]] = [set() for _ in range(players)]
        for card, owner in enumerate(start.owner):
            if owner >= 0:
                tags[owner].add(start.cat.creatures[start.kind[card]].name)
        return tags

    def tag_text(self, tag: str, lang: str = "fr") -> str:
        """A creature's French name (the tag) in the reader's language."""
        return _english_names().get(tag, tag) if lang == "en" else tag

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        return describe_event(event, lang, names)

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        return describe_result(result, lang, names)

    def render(self, view: Mapping[str, JSON], seat: int | None, lang: str = "fr") -> Any:
        from .terminal import render_view

        return render_view(view, seat, lang)

    def heuristic(self, state: State, seat: int) -> float | None:
        assert isinstance(state, MindbugState)
        result = state.result()
        if result is not None:
            return 2.0 * result.utility(seat) - 1.0
        mine = state.team(seat)
        st = state.stats()
        score = 0.0
        for s in range(state.n):
            sign = 1.0 if state.team(s) == mine else -1.0
            score += sign * (0.03 * sum(st.power[c] for c in state.boards[s])
                             + 0.15 * state.mindbugs[s] + 0.02 * len(state.hands[s]))
        score += 0.25 * (state.life[mine] - state.life[1 - mine])
        return max(-1.0, min(1.0, score / 2.0))


GAME = Mindbug()
