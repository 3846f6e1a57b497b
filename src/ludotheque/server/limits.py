"""Quotas and rate limits: what one account, one address or one socket may ask of the server.

Every limit is a setting with a documented default (docs/security.md); `ludo serve --limits off`
turns them all off for load tests on a private machine. Counting is done by the maintained
`limits` library (moving windows); the storage is in memory for one process and can be a shared
one (Redis) when several processes serve the site, so that a client cannot multiply its quota
by reconnecting to another process.

A refusal carries the seconds until a retry can succeed: HTTP answers 429 with Retry-After,
the WebSocket an error with code `rate_limited` and `retry_after`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

# Counts that make no sense at 0 (no queue, no room, no thread to hash passwords).
AT_LEAST_ONE = frozenset({"ws_queue", "ws_rooms", "hash_workers", "hash_waiting"})


@dataclass(frozen=True)
class Limits:
    """The limits in force, each in the `limits` notation ("N per M second").

    Keys of a limit: `a:` an account (a guest is an account too), `ip:` an address, `ws:` one
    socket. A request is refused as soon as any of its keys is over."""

    enabled: bool = True
    # WebSocket, per socket: every message, and the costly ones on their own.
    ws_messages: str = "60 per 10 second"
    ws_watch: str = "20 per 10 second"
    ws_rooms: int = 50  # rooms one socket may follow at once
    ws_queue: int = 64  # messages waiting for a slow client before it is closed
    # Chat, over all of one account's (or address's) sockets.
    chat: str = "5 per 10 second"
    chat_address: str = "20 per 10 second"
    # Reports of players and chat messages, per account (docs/moderation.md).
    report: str = "5 per 10 minute"
    # Hints in games against bots (hints.py): Difficile thinks up to 3 s on a shared worker.
    hint: str = "10 per minute"
    hint_address: str = "30 per minute"
    # Friends (docs/security.md): requests asked, and friends challenged to a game.
    friend_request: str = "10 per 10 minute"
    challenge: str = "10 per 10 minute"
    # Claims, takeback and draw offers, rematch requests, per account (server/offers.py).
    offer: str = "10 per 10 minute"
    # An account's preferences (server/preferences.py: the sound toggle), per account.
    preference: str = "30 per minute"
    # Games: creation, and live games against bots (bots are shared between players).
    game_create: str = "20 per 10 minute"
    game_create_address: str = "60 per 10 minute"
    live_bot_games: int = 5  # a player's unfinished games with a bot seat
    # Accounts: login attempts (wrong passwords make a growing delay), registrations.
    login_account: str = "10 per 5 minute"
    login_address: str = "30 per 5 minute"
    register_address: str = "10 per hour"
    guest_address: str = "30 per hour"
    # Sign-in: wrong passwords of one name before each next try waits 1, 2, 4 ... seconds.
    login_free_failures: int = 3
    # Password hashing (argon2): its own threads, and how many hashes may wait for them.
    hash_workers: int = 1
    hash_waiting: int = 16

    def off(self) -> Limits:
        return replace(self, enabled=False)

    def with_values(self, values: dict[str, str]) -> Limits:
        """These limits with some changed by name ("game_create" -> "2 per minute"), as
        `--limit NAME=VALUE` gives them; an unknown name or a bad value is a ValueError."""
        known = {f.name: f for f in fields(self) if f.name != "enabled"}
        changes: dict[str, object] = {}
        for name, raw in values.items():
            if name not in known:
                raise ValueError(f"no limit named {name!r} (known: {', '.join(known)})")
            if isinstance(getattr(self, name), int):
                try:
                    changes[name] = int(raw)
                except ValueError:
                    raise ValueError(f"{name}: {raw!r} is not a whole number") from None
                if int(raw) < (1 if name in AT_LEAST_ONE else 0):
                    raise ValueError(f"{name}: {raw!r} is too small")
            else:
                try:
                    parse(raw)
                except ValueError:
                    raise ValueError(f"{name}: {raw!r} is not a rate such as "
                                     f"'10 per minute'") from None
                changes[name] = raw
        return replace(self, **changes)  # type: ignore[arg-type]

    def described(self) -> dict[str, str]:
        """Every limit by name, as the docs and the start-up line print them."""
        return {f.name: str(getattr(self, f.name)) for f in fields(self) if f.name != "enabled"}


class RateLimited(Exception):
    """Over a limit: `retry_after` seconds until the next try can succeed."""

    def __init__(self, name: str, retry_after: float) -> None:
        super().__init__(name)
        self.name = name
        self.retry_after = retry_after

    @property
    def retry_after_seconds(self) -> int:
        """Whole seconds, at least 1 (the Retry-After header's unit)."""
        return max(1, math.ceil(self.retry_after))


class Limiter:
    """Counts hits against the moving-window limits of `Limits`.

    `hit("chat", "a:ID", "ip:ADDR")` counts one chat message against the account's key and
    the address's key (a limit name with an `_address` twin uses the twin for `ip:` keys) and
    raises RateLimited when either is over. Nothing is counted when the limits are off."""

    def __init__(self, settings: Limits | None = None, storage: Storage | None = None) -> None:
        self.settings = settings or Limits()
        self.storage = storage or MemoryStorage()
        self.strategy = MovingWindowRateLimiter(self.storage)
        self._items: dict[str, RateLimitItem] = {}
        self.on_refusal: Callable[[str], None] | None = None  # told each refusal's limit

    @classmethod
    def from_uri(cls, settings: Limits, uri: str) -> Limiter:
        """A limiter whose counts live in `uri` (`memory://`, `redis://host:port/0`)."""
        storage = storage_from_string(uri)
        if not isinstance(storage, Storage):  # an async storage ("async+redis://")
            raise ValueError(f"{uri}: the limits need a synchronous storage")
        return cls(settings, storage)

    @property
    def enabled(self) -> bool:
        return self.settings.enabled

    def item(self, name: str) -> RateLimitItem:
        found = self._items.get(name)
        if found is None:
            value = getattr(self.settings, name)
            if not isinstance(value, str):
                raise KeyError(f"{name} is not a rate (it is {value!r})")
            found = self._items[name] = parse(value)
        return found

    def _name_for(self, name: str, key: str) -> str:
        twin = f"{name}_address"
        if key.startswith("ip:") and hasattr(self.settings, twin):
            return twin
        return name

    def hit(self, name: str, *keys: str, cost: int = 1) -> None:
        """Count one `name` for every key; raise RateLimited if any is over (then none of the
        others is charged, so a refusal costs the client nothing more)."""
        if not self.settings.enabled:
            return
        if len(keys) == 1:  # one key (a socket's): the hit is the test, half the work
            item = self.item(self._name_for(name, keys[0]))
            if not self.strategy.hit(item, name, keys[0], cost=cost):
                if self.on_refusal is not None:
                    self.on_refusal(name)
                raise RateLimited(name, self.retry_after(item, name, keys[0]))
            return
        for key in keys:
            item = self.item(self._name_for(name, key))
            if not self.strategy.test(item, name, key, cost=cost):
                if self.on_refusal is not None:
                    self.on_refusal(name)
                raise RateLimited(name, self.retry_after(item, name, key))
        for key in keys:
            self.strategy.hit(self.item(self._name_for(name, key)), name, key, cost=cost)

    def test(self, name: str, *keys: str) -> bool:
        """Whether one more `name` would pass for every key (counts nothing)."""
        if not self.settings.enabled:
            return True
        return all(self.strategy.test(self.item(self._name_for(name, k)), name, k)
                   for k in keys)

    def retry_after(self, item: RateLimitItem, name: str, key: str) -> float:
        stats = self.strategy.get_window_stats(item, name, key)
        return max(0.0, stats.reset_time - time.time())

    def clear(self, name: str, *keys: str) -> None:
        """Forget the counts of `name` for these keys (a successful login clears its
        failures)."""
        for key in keys:
            self.strategy.clear(self.item(self._name_for(name, key)), name, key)
