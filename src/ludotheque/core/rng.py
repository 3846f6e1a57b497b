"""The seeded random number generator a game state owns.

Every random event of a game (a shuffle, a market draw) comes from the state's own `Rng`, so
a game is replayable from its seed and its actions. The generator is SplitMix64: its whole
state is one 64-bit integer, so cloning and serialising a game state costs nothing extra.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small, fast, serialisable PRNG (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"randrange needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], both included."""
        return low + self.randrange(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any printable parts (a date, a game id, a game number).

    Python's `hash` is salted per process, so this uses a fixed FNV-1a over the text.
    """
    h = 0xCBF29CE484222325
    for byte in "\x1f".join(str(p) for p in parts).encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h >> 1
