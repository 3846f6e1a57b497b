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
    base: float  # seconds on each clock at the start (per move: for each move)
    increment: float  # seconds added after each of the seat's actions
    # Correspondence: `base` for each move, due at a date kept in the database (a restart
    # takes nothing off it); its ratings have a pool of their own (`pool`).
    per_move: bool = False
    rating_pool: str = ""

    @property
    def label(self) -> str:
        if self.per_move:
            return ""  # the control's name says it all ("Correspondance, 3 jours")
        return f"{int(self.base // 60)}+{self.increment:g}"

    @property
    def pool(self) -> str:
        """The ratings this control's ranked games count in."""
        return self.rating_pool or self.name


# MT-26 names two time controls; their lengths are ours (docs/site.md).
TIME_CONTROLS: dict[str, TimeControl] = {
    "blitz": TimeControl("blitz", 180.0, 2.0),
    "rapide": TimeControl("rapide", 600.0, 5.0),
}


def register_time_control(control: TimeControl) -> None:
    """Another time control (a plug-in's; the tests' one-second "eclair")."""
    TIME_CONTROLS[control.name] = control


DAY = 86_400.0
CORRESPONDENCE_DAYS = (1, 3, 7)
CORRESPONDENCE_POOL = "corr"  # one rating per game for every correspondence control


def set_day_length(seconds: float) -> None:
    """The correspondence controls (`corr1`, `corr3`, `corr7`: 1, 3, 7 days a move), with
    days of `seconds` (a day; the tests' days are seconds long: `--day-seconds`)."""
    for days in CORRESPONDENCE_DAYS:
        register_time_control(TimeControl(f"corr{days}", days * seconds, 0.0, per_move=True,
                                          rating_pool=CORRESPONDENCE_POOL))


set_day_length(DAY)


def pools() -> list[TimeControl]:
    """One time control per rating pool (the correspondence ones share theirs)."""
    seen: dict[str, TimeControl] = {}
    for control in TIME_CONTROLS.values():
        seen.setdefault(control.pool, control)
    return list(seen.values())


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
        """What the game row keeps. `since` is kept for a correspondence control only (its
        deadlines are dates); a clock's time while the server was down is nobody's."""
        out: dict[str, Any] = {"control": self.control.name,
                               "remaining": [round(r, 3) for r in self.remaining]}
        if self.control.per_move:
            out["since"] = self.since
        if self.control.pool != self.control.name:
            out["pool"] = self.control.pool
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        control = TIME_CONTROLS[str(data["control"])]
        since = data.get("since") if control.per_move else None
        return cls(control, [float(r) for r in data["remaining"]],
                   float(since) if isinstance(since, int | float) else None)

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
        if self.control.per_move:
            self.remaining[seat] = self.control.base  # the seat's next move has its days
        else:
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
        out: dict[str, Any] = {
            "control": self.control.name, "label": self.control.label,
            "remaining": [round(max(0.0, self.left(s, seats, now)), 2)
                          for s in range(len(self.remaining))],
            "running": seats if self.since is not None else []}
        if self.control.per_move:
            # Correspondence: when each running seat's move is due (seconds since 1970).
            out["deadlines"] = {str(s): round(self.since + self.remaining[s], 3)
                                for s in seats} if self.since is not None else {}
        return out
