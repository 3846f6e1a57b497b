"""The Game object of Diamagique: options (decks, official match), set-up, notation, texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    model_validator,
)

from ludotheque.core import (
    JSON,
    Action,
    Config,
    Encoding,
    Event,
    Game,
    Options,
    OptionsError,
    Result,
    Seat,
    State,
)
from ludotheque.core.record import Step

from .cards import COULEURS, Couleur, Deck, build_deck, deck_problems
from .catalog import CARDS
from .decks import DiamagiqueDecks
from .encoding import diamagique_encoding
from .notation import parse
from .rules import POT_PER_COLOUR, TARGET, Arrangement, DiamagiqueState


class DeckSpec(BaseModel):
    """A custom deck (DG-7): a team, Sorts by name with their copies, 8 Châteaux."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "perso"
    equipe: str
    sorts: dict[str, int]
    chateaux: tuple[str, ...]


Team = tuple[tuple[Couleur, ...], tuple[Couleur, ...], tuple[Couleur, ...]]


class StartPosition(BaseModel):
    """A tutorial's starting position: the Diamagiques each Magicien already holds (by colour,
    Magiciens in position order 1, 2, 3), taken out of the pot. Everything else is dealt."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    held: tuple[Team, Team]

    @model_validator(mode="after")
    def _possible(self) -> Self:
        for seat, team in enumerate(self.held):
            count = sum(len(h) for h in team)
            if count >= TARGET:
                # DG-19: a player holding 6 Diamagiques has already won.
                raise ValueError(f"seat {seat} holds {count} Diamagiques: with {TARGET} the "
                                 f"game is already won (DG-19)")
        for colour in COULEURS:
            count = sum(h.count(colour) for team in self.held for h in team)
            if count > POT_PER_COLOUR:
                # DG-6: the pot holds 3 Diamagiques of each colour.
                raise ValueError(f"{count} {colour} Diamagiques held: there are only "
                                 f"{POT_PER_COLOUR} of each colour (DG-6)")
        return self


READY_MADE: tuple[str, ...] = tuple(d.name for d in CARDS.decks)
DECKS = DiamagiqueDecks(CARDS)


class DiamagiqueOptions(Options):
    # Each seat's deck: a ready-made deck's name (the site offers those) or a custom deck.
    decks: tuple[str | DeckSpec, str | DeckSpec] = Field(
        default=("Aube", "Marées"), json_schema_extra={"item_choices": list(READY_MADE)})
    # DG-10: in an official match the active player chooses the Château.
    official_match: bool = False
    # A tutorial's starting position (the Diamagiques already held); never in ranked games.
    position: StartPosition | None = None


def resolve_deck(choice: str | DeckSpec, seat: int) -> Deck:
    """The Deck of a seat's choice; OptionsError names the seat and the problem (DG-7)."""
    if isinstance(choice, str):
        try:
            return CARDS.deck(choice)
        except KeyError:
            raise OptionsError(f"seat {seat}: unknown ready-made deck {choice!r}; the decks "
                               f"are {', '.join(READY_MADE)}") from None
    lines = list(choice.sorts.items())
    # DG-7: a deck is checked before the game and refused with a precise message.
    problems = deck_problems(CARDS, choice.equipe, lines, choice.chateaux)
    if problems:
        text = "; ".join(f"{field}: {message}" for field, message in problems)
        raise OptionsError(f'seat {seat}: deck "{choice.name}" is refused: {text}')
    return build_deck(CARDS, choice.name, choice.equipe, lines, choice.chateaux)


class Diamagique(Game):
    id = "diamagique"
    title = "Diamagique"
    version = "2"  # 2: complex effects read as the card text says (issue 19)
    min_players = 2  # DG-1: two players
    max_players = 2
    options_type = DiamagiqueOptions
    state_type: ClassVar[type[State]] = DiamagiqueState
    hidden_information = True
    step_limit = 2_000

    def deck_rules(self) -> DiamagiqueDecks:
        """Decks players build (DG-1, DG-7): decks.py."""
        return DECKS

    def validate(self, players: int, options: Options) -> None:
        assert isinstance(options, DiamagiqueOptions)
        for seat, choice in enumerate(options.decks):
            resolve_deck(choice, seat)

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, DiamagiqueOptions)
        decks = (resolve_deck(options.decks[0], 0), resolve_deck(options.decks[1], 1))
        arrangement = None
        if options.position is not None:
            arrangement = Arrangement(held=options.position.held, held_from_pot=True)
        return DiamagiqueState.start(seed, decks, options.official_match, arrangement)

    def parse(self, text: str) -> Action:
        return parse(text)

    def configs(self) -> Sequence[Config]:
        out: list[Config] = []
        names = READY_MADE
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                out.append(Config(2, DiamagiqueOptions(decks=(a, b)), f"{a}-{b}"))
        # DG-10: the official match, in both directions of two pairings.
        out.append(Config(2, DiamagiqueOptions(decks=(names[3], names[0]), official_match=True),
                          f"{names[3]}-{names[0]}-officiel"))
        out.append(Config(2, DiamagiqueOptions(decks=(names[2], names[2]), official_match=True),
                          f"{names[2]}-{names[2]}-officiel"))
        return out

    def encoding(self, players: int, options: Options) -> Encoding:
        options = self.options(options, players)  # DG-1, DG-7: two players, legal decks
        assert isinstance(options, DiamagiqueOptions)
        decks = (resolve_deck(options.decks[0], 0), resolve_deck(options.decks[1], 1))
        return diamagique_encoding(decks, options.official_match)

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """Each seat's deck, and the Sorts it cast (face up or Caché: the true events)."""
        assert isinstance(start, DiamagiqueState)
        tags: list[set[str]] = [{f"deck {name}"} for name in start.deck_names]
        for step in steps:
            for event in step.events:
                if event.kind in ("lance", "lance_cache") and event.data["sort"] is not None:
                    tags[int(event.data["seat"])].add(str(event.data["sort"]))
        return tags

    def tag_text(self, tag: str, lang: str = "fr") -> str:
        """"deck Aube" is the deck a seat played; Sorts keep their names (French only)."""
        if tag.startswith("deck "):
            return ("Deck " if lang == "en" else "Paquet ") + tag.removeprefix("deck ")
        return tag

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        from .texts import describe

        return describe(event, lang, names)

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        from .texts import result_text

        return result_text(result.ranks, result.scores, result.reason, lang, names)

    def render(self, view: Mapping[str, JSON], seat: Seat | None, lang: str = "fr") -> Any:
        from .terminal import render

        return render(view, seat, lang)

    def heuristic(self, state: State, seat: Seat) -> float | None:
        assert isinstance(state, DiamagiqueState)
        result = state.result()
        if result is not None:
            return 0.0 if result.is_draw else (1.0 if result.ranks[seat] == 0 else -1.0)
        mine, theirs = state.count(seat), state.count(1 - seat)
        # Diamagiques held dominate; Sorts left to play are a small tie-breaker.
        cards = (len(state.hand[seat]) + len(state.deck[seat])
                 - len(state.hand[1 - seat]) - len(state.deck[1 - seat]))
        value = (mine - theirs) / 6 + cards / 400
        return max(-0.99, min(0.99, value))


__all__ = ["DeckSpec", "Diamagique", "DiamagiqueOptions"]
