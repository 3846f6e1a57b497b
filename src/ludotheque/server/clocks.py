"""Time controls (MT-26: Blitz and Rapide): a clock per human seat, run by the server.

A seat's clock runs while the seat is to act (several at once during simultaneous choices);
a seat gains the increment with each of its actions. The remaining times are stored with
every action, so a restarted server resumes the clocks where the last action left them (the
time the server was down is nobody's). Bot seats have no clock: their levels have their own
time budgets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimeControl:
    name: str
    base: float  # seconds on each clock at the start
    increment: float  # seconds added after each of the seat's actions

    @property
    def label(self) -> str:
        return f"{int(self.base // 60)}+{self.increment:g}"


# MT-26 names two time controls; their lengths are ours (docs/site.md).
TIME_CONTROLS: dict[str, TimeControl] = {
    "blitz": TimeControl("blitz", 180.0, 2.0),
    "rapide": TimeControl("rapide", 600.0, 5.0),
}


def register_time_control(control: TimeControl) -> None:
    """Another time control (a plug-in's; the tests' one-second "eclair")."""
    TIME_CONTROLS[control.name] = control


@dataclass
class Clocks:
    control: TimeControl
    remaining: list[float]
    # When the running clocks last started (a time.time() value); None until the game is live.
    since: float | None = None

    @classmethod
    def start(cls, control: TimeControl, players: int) -> Clocks:
        return cls(control, [control.base] * players)

    def to_json(self) -> dict[str, Any]:
        """What the game row keeps (`since` is not kept: see the module's docstring)."""
        return {"control": self.control.name, "remaining": [round(r, 3) for r in self.remaining]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        return cls(TIME_CONTROLS[str(data["control"])], [float(r) for r in data["remaining"]])

    def left(self, seat: int, running: Iterable[int], now: float) -> float:
        """The seat's time at `now`, its clock charged if it runs."""
        if self.since is not None and seat in running:
            return self.remaining[seat] - (now - self.since)
        return self.remaining[seat]

    def charge(self, running: Iterable[int], now: float) -> None:
        """Take the time since the clocks last started from every running clock."""
        if self.since is not None:
            for seat in running:
                self.remaining[seat] -= now - self.since
        self.since = now

    def after_action(self, seat: int, running: Iterable[int], now: float) -> None:
        self.charge(running, now)
        self.remaining[seat] += self.control.increment

    def out_of_time(self, running: Iterable[int], now: float) -> int | None:
        """The first running seat whose time is over at `now`, if any."""
        for seat in sorted(running):
            if self.left(seat, [seat], now) <= 0:
                return seat
        return None

    def deadline(self, running: Iterable[int]) -> float | None:
        """When the first running clock falls (a time.time() value), or None."""
        if self.since is None:
            return None
        times = [self.since + self.remaining[s] for s in running]
        return min(times) if times else None

    def message(self, running: Iterable[int], now: float) -> dict[str, Any]:
        """For the clients: each seat's time now, and which clocks run (they count down
        locally from the moment they receive it)."""
        seats = sorted(running)
        return {"control": self.control.name, "label": self.control.label,
                "remaining": [round(max(0.0, self.left(s, seats, now)), 2)
                              for s in range(len(self.remaining))],
                "running": seats if self.since is not None else []}
