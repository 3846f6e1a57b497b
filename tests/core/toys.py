"""Toy games for testing the kernel: one correct, several deliberately broken.

"Carte haute": two players, hidden hands dealt from a seeded deck of 1..10, each round both
players secretly and simultaneously play a card; the higher card scores a point. It has hidden
hands, a hidden deck, secret simultaneous choices and randomness: everything the harness checks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ludotheque.core import (
    JSON,
    Action,
    Encoding,
    Event,
    Game,
    IllegalAction,
    NotationError,
    Options,
    Result,
    Rng,
    State,
)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: int

    def text(self) -> str:
        return f"p{self.card}"


class HighCardOptions(Options):
    hand_size: int = 3


class HighCardState(State):
    # Sort the hidden pool before re-dealing it, so that determinize depends on the view and
    # the generator alone (the bots' fairness test needs one such game).
    canonical_redeal: ClassVar[bool] = False

    def __init__(self, seed: int, hand_size: int) -> None:
        self.rng = Rng(seed)
        deck = list(range(1, 11))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[:hand_size]), sorted(deck[hand_size:2 * hand_size])]
        self.deck = deck[2 * hand_size:]
        self.pending: list[int | None] = [None, None]
        self.scores = [0, 0]

    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(s for s in (0, 1) if self.pending[s] is None)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [PlayCard(c) for c in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, PlayCard)
        self.hands[seat].remove(action.card)
        self.pending[seat] = action.card
        events = [Event("card_chosen", {"seat": seat})]
        if None not in self.pending:
            a, b = self.pending[0], self.pending[1]
            assert a is not None and b is not None
            if a != b:
                self.scores[0 if a > b else 1] += 1
            events.append(Event("reveal", {"cards": [a, b]}))
            self.pending = [None, None]
            for s in (0, 1):
                if self.deck:
                    card = self.deck.pop()
                    self.hands[s].append(card)
                    self.hands[s].sort()
                    events.append(Event("draw", {"card": card}, to=(s,)))
        return events

    def is_over(self) -> bool:
        return not self.hands[0] and self.pending == [None, None]

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        a, b = self.scores
        ranks = (0, 0) if a == b else ((0, 1) if a > b else (1, 0))
        return Result(ranks, (float(a), float(b)), "hands_empty")

    def view(self, seat: int | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "chosen": [p is not None for p in self.pending],
        }
        if seat is not None:
            out["hand"] = list(self.hands[seat])
        return out

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        others = [s for s in (0, 1) if s != seat]
        pool = list(out.deck)
        for s in others:
            pool += out.hands[s]
            if out.pending[s] is not None:
                pool.append(out.pending[s])  # type: ignore[arg-type]
        if self.canonical_redeal:
            pool.sort()
        rng.shuffle(pool)
        for s in others:
            n = len(out.hands[s])
            out.hands[s] = sorted(pool[:n])
            del pool[:n]
            if out.pending[s] is not None:
                out.pending[s] = pool.pop()
        out.deck = pool
        out.rng = rng.fork()  # the true generator would tell what any later draw gives
        return out

    def reopen_secret_choices(self, seat: int) -> None:
        other = 1 - seat
        card = self.pending[other]
        if self.pending[seat] is None and card is not None:
            self.hands[other] = sorted([*self.hands[other], card])
            self.pending[other] = None

    def clone(self) -> Self:
        out = object.__new__(type(self))
        out.rng = self.rng.copy()
        out.hands = [list(h) for h in self.hands]
        out.deck = list(self.deck)
        out.pending = list(self.pending)
        out.scores = list(self.scores)
        return out

    def to_json(self) -> dict[str, JSON]:
        return {"rng": self.rng.to_json(), "hands": self.hands, "deck": self.deck,
                "pending": self.pending, "scores": self.scores}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = object.__new__(cls)
        out.rng = Rng.from_json(data["rng"])
        out.hands = [list(h) for h in data["hands"]]
        out.deck = list(data["deck"])
        out.pending = list(data["pending"])
        out.scores = list(data["scores"])
        return out


class HighCard(Game):
    id = "carte_haute"
    title = "Carte haute"
    options_type = HighCardOptions
    state_type: ClassVar[type[State]] = HighCardState
    hidden_information = True
    step_limit = 200

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return HighCardState(seed, options.hand_size)

    def parse(self, text: str) -> Action:
        t = text.strip()
        if t[:1] == "p" and t[1:].isdigit() and str(int(t[1:])) == t[1:] and 1 <= int(t[1:]) <= 10:
            return PlayCard(int(t[1:]))
        raise NotationError(text, "a play is written p1 to p10")


# -- broken toys: each breaks one promise of the contract ------------------------------------


class MutatesOnRefusalState(HighCardState):
    def apply(self, seat: int, action: Action) -> list[Event]:
        self.scores[seat] += 1  # the fault: changes the state before checking legality
        try:
            return super().apply(seat, action)
        except IllegalAction:
            raise


class MutatesOnRefusal(HighCard):
    id = "mutates_on_refusal"
    state_type = MutatesOnRefusalState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return MutatesOnRefusalState(seed, options.hand_size)


class LeakyViewState(HighCardState):
    def view(self, seat: int | None) -> dict[str, JSON]:
        out = super().view(seat)
        out["hands"] = [list(h) for h in self.hands]  # the fault: every hand, to everyone
        return out


class LeakyView(HighCard):
    id = "leaky_view"
    state_type = LeakyViewState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return LeakyViewState(seed, options.hand_size)


class NeverEndsState(HighCardState):
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = super()._apply(seat, action)
        if not self.hands[0] and self.pending == [None, None]:
            self.hands = [[1, 2, 3], [4, 5, 6]]  # the fault: the hands are dealt again forever
        return events


class NeverEnds(HighCard):
    id = "never_ends"
    state_type = NeverEndsState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return NeverEndsState(seed, options.hand_size)


class UnseededState(HighCardState):
    def __init__(self, seed: int, hand_size: int) -> None:
        super().__init__(seed, hand_size)
        random.shuffle(self.deck)  # the fault: randomness outside the state's own RNG


class Unseeded(HighCard):
    id = "unseeded"
    state_type = UnseededState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return UnseededState(seed, options.hand_size)


class NumbersSeatsState(HighCardState):
    pass


class NumbersSeats(HighCard):
    """Says its result with "Joueur 1" even when the seats' names are given."""

    id = "numbers_seats"
    state_type = NumbersSeatsState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return NumbersSeatsState(seed, options.hand_size)

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        return f"Joueur {result.ranks.index(0) + 1} gagne"  # the fault: names ignored


class OldTexts(HighCard):
    """Written for the contract before seats had names: describe() takes no `names`."""

    id = "old_texts"

    def describe(self, event: Event, lang: str = "fr") -> str:  # type: ignore[override]
        return event.kind


@dataclass(frozen=True, slots=True)
class SloppyPlay(PlayCard):
    def text(self) -> str:
        return f"play {self.card}"  # the fault: parse() does not read this back


class BadNotationState(HighCardState):
    def legal_actions(self, seat: int) -> list[Action]:
        return [SloppyPlay(c) for c in self.hands[seat]] if seat in self.to_act() else []


class BadNotation(HighCard):
    id = "bad_notation"
    state_type = BadNotationState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return BadNotationState(seed, options.hand_size)


class NoRedealState(HighCardState):
    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()  # the fault: claims hidden information but never re-deals it
        out.rng = rng.fork()
        return out


class NoRedeal(HighCard):
    id = "no_redeal"
    state_type = NoRedealState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return NoRedealState(seed, options.hand_size)


class KeepsGeneratorState(HighCardState):
    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = super().determinize(seat, rng)
        out.rng = self.rng.copy()  # the fault: the copy draws what the true game will draw
        return out


class KeepsGenerator(HighCard):
    id = "keeps_generator"
    state_type = KeepsGeneratorState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return KeepsGeneratorState(seed, options.hand_size)


class FixedGeneratorState(HighCardState):
    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = super().determinize(seat, rng)
        out.rng = Rng(12345)  # the fault: not drawn from `rng`, the same in every copy
        return out


class FixedGenerator(HighCard):
    id = "fixed_generator"
    state_type = FixedGeneratorState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return FixedGeneratorState(seed, options.hand_size)


class TakesOwnChoiceState(HighCardState):
    def reopen_secret_choices(self, seat: int) -> None:
        if self.pending[seat] is None:  # the fault: makes the seat's own choice for it
            self.pending[seat] = self.hands[seat][0]


class TakesOwnChoice(HighCard):
    id = "takes_own_choice"
    state_type = TakesOwnChoiceState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return TakesOwnChoiceState(seed, options.hand_size)


def _observe(view: Mapping[str, JSON], seat: int) -> list[float]:
    hand = view["hand"]
    return [*view["scores"], *view["hand_sizes"], view["deck_size"], *view["chosen"],
            *(float(card in hand) for card in range(1, 11))]


class EncodedHighCardState(HighCardState):
    pass


class EncodedHighCard(HighCard):
    """Carte haute for the AI adapters: ids p1..p10, 17 numbers seen by a seat."""

    id = "encoded_high_card"
    state_type = EncodedHighCardState
    missing: ClassVar[tuple[str, ...]] = ()

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return EncodedHighCardState(seed, options.hand_size)

    def encoding(self, players: int, options: Options) -> Encoding:
        actions = tuple(f"p{c}" for c in range(1, 11) if f"p{c}" not in self.missing)
        return Encoding(actions, 17, _observe)


class ShortEncodingState(EncodedHighCardState):
    pass


class ShortEncoding(EncodedHighCard):
    id = "short_encoding"
    state_type = ShortEncodingState
    missing = ("p10",)  # the fault: an action the game offers has no id

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return ShortEncodingState(seed, options.hand_size)


# -- a fault only a biased player reaches (the harness's biased playouts) ---------------------


class HoarderFreezesState(HighCardState):
    """The fault: a seat that played its lowest card four rounds running (a hoarder of high
    cards) finds no legal action in the fifth. Uniform play gets there in about 1 game of 54;
    a seat that always plays the first legal action (the lowest card) always does."""

    def __init__(self, seed: int, hand_size: int) -> None:
        super().__init__(seed, hand_size)
        self.lowest_streak = [0, 0]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.to_act() and self.lowest_streak[seat] >= 4:
            return []
        return super().legal_actions(seat)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, PlayCard)
        lowest = action.card == min(self.hands[seat])
        self.lowest_streak[seat] = self.lowest_streak[seat] + 1 if lowest else 0
        return super()._apply(seat, action)

    def clone(self) -> Self:
        out = super().clone()
        out.lowest_streak = list(self.lowest_streak)
        return out

    def to_json(self) -> dict[str, JSON]:
        return {**super().to_json(), "lowest_streak": list(self.lowest_streak)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = super().from_json(data)
        out.lowest_streak = list(data["lowest_streak"])
        return out


class HoarderFreezes(HighCard):
    id = "hoarder_freezes"
    state_type = HoarderFreezesState

    def _new(self, seed: int, players: int, options: Options) -> State:
        assert isinstance(options, HighCardOptions)
        return HoarderFreezesState(seed, options.hand_size)
