"""Balance statistics of MiTiX cards, read from the events of played games (pure).

A card *fights* a round when it is revealed in it (MiTiX vs MiTiX, bataille reveals included)
or is part of a combatant (FaMiX vs FaMiX); face-down cards do not fight. The round counts as a
win for every card that fought on the winning side, and as a non-win for the others (a lost
round, or a bataille without enough cards that gives no Vivant).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ludotheque.core.game import Event
from ludotheque.core.stats import wilson


@dataclass
class CardRecord:
    fights: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.fights if self.fights else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        return wilson(self.wins, self.fights, z)



@dataclass
class BalanceTally:
    """Feed it the events of games, in order; it counts each card's rounds and wins."""

    cards: dict[str, CardRecord] = field(default_factory=dict)
    rounds: int = 0
    _fighting: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            kind, data = event.kind, event.data
            if kind == "reveal":
                for seat in (0, 1):
                    self._fighting[seat].append(str(data["cards"][seat]))
            elif kind == "combatant":
                self._fighting[int(data["seat"])].extend(str(c) for c in data["cards"])
            elif kind == "round_won":
                self._close(int(data["winner"]))
            elif kind == "bataille_impossible":
                self._close(None)

    def _close(self, winner: int | None) -> None:
        self.rounds += 1
        for seat in (0, 1):
            for name in self._fighting[seat]:
                record = self.cards.setdefault(name, CardRecord())
                record.fights += 1
                if seat == winner:
                    record.wins += 1
            self._fighting[seat].clear()
