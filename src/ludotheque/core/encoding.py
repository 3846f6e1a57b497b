"""A setup's numbering of actions and its fixed-size observations, for AI research.

The adapters (PettingZoo, OpenSpiel) need what the game contract leaves free: a fixed set
of action ids for a setup (a Discrete space, OpenSpiel's distinct actions) and observations
of one fixed size. A game gives both through `Game.encoding(players, options)`.

The observation is computed from a seat's *view* only, never from the true state: whatever
an agent learns from it, it could have seen at the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import LudoError
from .game import JSON, Action, Seat

Observe = Callable[[Mapping[str, JSON], Seat], Sequence[float]]


class EncodingError(LudoError):
    """An action outside a setup's numbering, or an observation of the wrong size."""


@dataclass(frozen=True)
class Encoding:
    """`actions`: every action text the setup can ever offer, each once, in a fixed order
    (its index is the action's id). `observe(view, seat)`: `observation_size` numbers saying
    what `view` (seat's own, from `State.view(seat)`) shows; `observation_names` optionally
    names them, for people reading a tensor."""

    actions: tuple[str, ...]
    observation_size: int
    observe_view: Observe
    observation_names: tuple[str, ...] = ()
    _ids: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = {text: i for i, text in enumerate(self.actions)}
        if len(ids) != len(self.actions):
            twice = sorted({t for t in self.actions if self.actions.count(t) > 1})
            raise EncodingError(f"actions numbered twice: {', '.join(twice[:5])}")
        if self.observation_names and len(self.observation_names) != self.observation_size:
            raise EncodingError(f"{len(self.observation_names)} observation names for "
                                f"{self.observation_size} numbers")
        object.__setattr__(self, "_ids", ids)

    @property
    def action_count(self) -> int:
        return len(self.actions)

    def action_id(self, action: Action | str) -> int:
        text = action if isinstance(action, str) else action.text()
        try:
            return self._ids[text]
        except KeyError:
            raise EncodingError(f"action {text!r} is not in this setup's numbering") from None

    def action_text(self, action_id: int) -> str:
        if not 0 <= action_id < len(self.actions):
            raise EncodingError(f"no action {action_id}: ids go from 0 to {len(self.actions) - 1}")
        return self.actions[action_id]

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """1 for each legal action's id, 0 elsewhere."""
        out = [0] * len(self.actions)
        for action in legal:
            out[self.action_id(action)] = 1
        return out

    def observe(self, view: Mapping[str, JSON], seat: Seat) -> list[float]:
        numbers = [float(x) for x in self.observe_view(view, seat)]
        if len(numbers) != self.observation_size:
            raise EncodingError(f"an observation of {len(numbers)} numbers, not "
                                f"{self.observation_size}")
        if not all(math.isfinite(x) for x in numbers):
            raise EncodingError("an observation holds a number that is not finite")
        return numbers
