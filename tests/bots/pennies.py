"""Pile ou face (matching pennies), played in secret and at once: a test of simultaneous moves.

Both seats choose a side at the same time; seat 0 wins if the sides match, seat 1 if not.
Whoever could see the other's choice would always win; neither can, so every choice is worth
one half. A search that let seat 1 decide after seeing seat 0's coin would value every
choice of seat 0 at 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ludotheque.core import JSON, Action, Event, Game, NotationError, Result, Rng, State


@dataclass(frozen=True, slots=True)
class Side(Action):
    heads: bool

    def text(self) -> str:
        return "pile" if self.heads else "face"


class PenniesState(State):
    def __init__(self) -> None:
        self.coins: list[bool | None] = [None, None]

    def to_act(self) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if self.coins[s] is None)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Side(True), Side(False)] if seat in self.to_act() else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Side)
        self.coins[seat] = action.heads
        return [Event("chosen", {"seat": seat})]

    def is_over(self) -> bool:
        return None not in self.coins

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        match = self.coins[0] == self.coins[1]
        return Result((0, 1) if match else (1, 0), (float(match), float(not match)), "shown")

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
                out.coins[s] = rng.randrange(2) == 0
        return out

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
        return PenniesState()

    def parse(self, text: str) -> Action:
        if text.strip() in ("pile", "face"):
            return Side(text.strip() == "pile")
        raise NotationError(text, "a side is pile or face")
