"""Secret choices made at once: small matrix games to test simultaneous moves.

Pile ou face (matching pennies): both seats choose a side at the same time; seat 0 wins if
the sides match, seat 1 if not. Whoever could see the other's choice would always win;
neither can, so every choice is worth one half. A search that let seat 1 decide after seeing
seat 0's coin would value every choice of seat 0 at 0.

Embuscade: seat 0 advances `fort` or by one of two weak paths, seat 1 keeps `garde` or
lays an `attaque`. `fort` is never worse for seat 0, and against it `garde` is seat 1's
only answer; but against seat 0 choosing at random `attaque` looks better (it wins on two
paths of three). A seat 1 that answers a re-dealt random choice lays the ambush and loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ludotheque.core import JSON, Action, Event, Game, NotationError, Result, Rng, State


@dataclass(frozen=True, slots=True)
class Side(Action):
    name: str

    def text(self) -> str:
        return self.name


class PenniesState(State):
    # Each seat's choices, and seat 0's result for each pair (1 win, 0.5 draw, 0 loss).
    sides: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (("pile", "face"),
                                                                 ("pile", "face"))
    outcome: ClassVar[Mapping[tuple[str, str], float]] = {
        ("pile", "pile"): 1.0, ("face", "face"): 1.0, ("pile", "face"): 0.0,
        ("face", "pile"): 0.0}

    def __init__(self) -> None:
        self.coins: list[str | None] = [None, None]

    def to_act(self) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if self.coins[s] is None)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Side(n) for n in self.sides[seat]] if seat in self.to_act() else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Side)
        self.coins[seat] = action.name
        return [Event("chosen", {"seat": seat})]

    def is_over(self) -> bool:
        return None not in self.coins

    def result(self) -> Result | None:
        first, second = self.coins
        if first is None or second is None:
            return None
        won = self.outcome[first, second]
        ranks = (0, 0) if won == 0.5 else (0, 1) if won else (1, 0)
        return Result(ranks, (won, 1.0 - won), "shown")

    def view(self, seat: int | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {"chosen": [c is not None for c in self.coins]}
        if self.is_over():
            out["coins"] = list(self.coins)
        elif seat is not None:
            out["mine"] = self.coins[seat]
        return out

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        for s in (0, 1):
            if s != seat and out.coins[s] is not None and not self.is_over():
                out.coins[s] = rng.choice(self.sides[s])
        return out

    def reopen_secret_choices(self, seat: int) -> None:
        if self.coins[seat] is None:
            self.coins[1 - seat] = None

    def clone(self) -> Self:
        out = object.__new__(type(self))
        out.coins = list(self.coins)
        return out

    def to_json(self) -> dict[str, JSON]:
        return {"coins": list(self.coins)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = object.__new__(cls)
        out.coins = list(data["coins"])
        return out


class Pennies(Game):
    id = "pile_ou_face"
    title = "Pile ou face"
    state_type: ClassVar[type[State]] = PenniesState
    hidden_information = True
    step_limit = 4

    def _new(self, seed: int, players: int, options: Any) -> State:
        return self.state_type()

    def parse(self, text: str) -> Action:
        kind = self.state_type
        assert issubclass(kind, PenniesState)
        names = {n for side in kind.sides for n in side}
        if text.strip() in names:
            return Side(text.strip())
        raise NotationError(text, f"a choice is one of {', '.join(sorted(names))}")


class EmbuscadeState(PenniesState):
    sides: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        ("fort", "sentier", "ravin"), ("garde", "attaque"))
    outcome: ClassVar[Mapping[tuple[str, str], float]] = {
        ("fort", "garde"): 0.5, ("fort", "attaque"): 1.0,
        ("sentier", "garde"): 0.5, ("sentier", "attaque"): 0.0,
        ("ravin", "garde"): 0.5, ("ravin", "attaque"): 0.0}


class Embuscade(Pennies):
    id = "embuscade"
    title = "Embuscade"
    state_type = EmbuscadeState
