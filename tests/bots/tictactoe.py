"""Morpion (tic-tac-toe): a small perfect-information game where search strength shows.

Used by the bot tests: a bot that searches must take a win in one, block a loss in one, and
never lose to random play. The heuristic is optional (`Morpion` has none, `MorpionEval` has a
crude one) so both paths of the bots are exercised.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ludotheque.core import JSON, Action, Event, Game, NotationError, Result, Rng, State

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass(frozen=True, slots=True)
class Mark(Action):
    square: int

    def text(self) -> str:
        return f"m{self.square}"


class MorpionState(State):
    def __init__(self) -> None:
        self.board = [-1] * 9
        self.turn = 0

    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.board[a] >= 0 and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Mark(i) for i in range(9) if self.board[i] < 0]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Mark)
        self.board[action.square] = seat
        self.turn = 1 - seat
        return [Event("mark", {"seat": seat, "square": action.square})]

    def is_over(self) -> bool:
        return self.winner() is not None or all(x >= 0 for x in self.board)

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        w = self.winner()
        if w is None:
            return Result((0, 0), (0.0, 0.0), "full")
        return Result((0, 1) if w == 0 else (1, 0), (1.0 - w, float(w)), "line")

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"board": list(self.board), "turn": self.turn}

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        return self.clone()

    def clone(self) -> Self:
        out = object.__new__(type(self))
        out.board = list(self.board)
        out.turn = self.turn
        return out

    def to_json(self) -> dict[str, JSON]:
        return {"board": list(self.board), "turn": self.turn}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = object.__new__(cls)
        out.board = list(data["board"])
        out.turn = int(data["turn"])
        return out


class Morpion(Game):
    id = "morpion"
    title = "Morpion"
    state_type: ClassVar[type[State]] = MorpionState
    step_limit = 20

    def _new(self, seed: int, players: int, options: Any) -> State:
        return MorpionState()

    def parse(self, text: str) -> Action:
        t = text.strip()
        if len(t) == 2 and t[0] == "m" and t[1] in "012345678":
            return Mark(int(t[1]))
        raise NotationError(text, "a mark is written m0 to m8")


class MorpionEvalState(MorpionState):
    pass


class MorpionEval(Morpion):
    """The same game with a heuristic: open lines for the seat minus open lines against it."""

    id = "morpion_eval"
    state_type = MorpionEvalState

    def _new(self, seed: int, players: int, options: Any) -> State:
        return MorpionEvalState()

    def heuristic(self, state: State, seat: int) -> float | None:
        assert isinstance(state, MorpionState)
        score = 0
        for line in LINES:
            marks = {state.board[i] for i in line} - {-1}
            if marks == {seat}:
                score += 1
            elif marks == {1 - seat}:
                score -= 1
        return score / 8


def position(game: Morpion, marks: str) -> MorpionState:
    """A position from a 9-character picture: 'x' seat 0, 'o' seat 1, '.' empty."""
    state = game.new(0)
    assert isinstance(state, MorpionState)
    state.board = [{"x": 0, "o": 1, ".": -1}[c] for c in marks]
    state.turn = 0 if marks.count("x") == marks.count("o") else 1
    return state
