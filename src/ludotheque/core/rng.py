"""The seeded random number generator a game state owns.

Every random event of a game (a shuffle, a market draw) comes from the state's own `Rng`, so
a game is replayable from its seed and its actions. `Rng(seed)` is one of two generators:

- a seed below 2**64 (every record made before big seeds, the golden records, the lessons,
  the simulations) gives SplitMix64, exactly as it always did: its whole state is one 64-bit
  integer, fast, but a seated player who knows the code can search all the seeds that agree
  with their own cards (docs/security.md);
- a seed of 2**64 or more (every new game on the site: `fresh_seed()`, 128 random bits) gives
  a counter stream of SHAKE-256 keyed by SHA-256 of the whole seed: nothing short of the seed
  (or the 256-bit key) predicts it, and the state cannot be searched.

Both serialise to JSON (`to_json`/`from_json`: an int for SplitMix64, as the states always
stored it, an object for the hashed stream) and copy in constant time.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
# randrange(n)'s bound below which a 64-bit draw is kept (no modulo bias), for small n.
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(257))
# Seeds from here on take the hashed generator; below, SplitMix64 (the old records).
BIG_SEED = 1 << 64
# A fresh seed's random bits; the bit above them is set, so a fresh seed is always big.
FRESH_BITS = 128
# The hashed stream: each block is one SHAKE-256 output of _BLOCK_WORDS 64-bit words.
_BLOCK_WORDS = 32
_BLOCK = struct.Struct(f"<{_BLOCK_WORDS}Q")
_KEY_DOMAIN = b"ludotheque.rng.v1\x00"


def fresh_seed() -> int:
    """A new game's seed: FRESH_BITS bits from the system's secure source, marked big."""
    return (1 << FRESH_BITS) | secrets.randbits(FRESH_BITS)


def _seed_key(seed: int) -> bytes:
    return hashlib.sha256(_KEY_DOMAIN + seed.to_bytes((seed.bit_length() + 7) // 8,
                                                      "big")).digest()


class Rng:
    """A small, serialisable PRNG: `Rng(seed)` is SplitMix64 below 2**64, else hashed."""

    __slots__ = ()

    def __new__(cls, seed: int = 0) -> Rng:
        if cls is Rng:
            cls = HashedRng if seed >= BIG_SEED else SplitMix
        return object.__new__(cls)

    def next64(self) -> int:  # pragma: no cover - every generator overrides it
        raise NotImplementedError

    def copy(self) -> Rng:  # pragma: no cover
        raise NotImplementedError

    def fork(self) -> Rng:  # pragma: no cover
        """An independent generator seeded from this one (advances this one)."""
        raise NotImplementedError

    def to_json(self) -> int | dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    @staticmethod
    def from_json(data: object) -> Rng:
        """The generator `to_json` wrote; ValueError on anything else."""
        if isinstance(data, int) and not isinstance(data, bool):
            if not 0 <= data < BIG_SEED:
                raise ValueError(f"a SplitMix64 state is 64 bits, got {data}")
            return SplitMix(data)
        if isinstance(data, Mapping):
            return HashedRng.from_mapping(data)
        raise ValueError(f"not a generator state: {data!r}")

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


class SplitMix(Rng):
    """SplitMix64: the generator of every seed below 2**64, unchanged since the first record."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Rng.shuffle's Fisher-Yates with the same draws, next64 and randrange written inline:
        a card game's deck shuffles (119 draws for 120 cards) were a tenth of its playouts."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n <= 256 else (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        return SplitMix(self.next64())

    def copy(self) -> Rng:
        out = object.__new__(SplitMix)
        out.state = self.state
        return out

    def to_json(self) -> int:
        return self.state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SplitMix) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


class HashedRng(Rng):
    """SHAKE-256(key, block number) read as 64-bit words; the key is SHA-256 of the seed.

    The state is the key and how many words were drawn; the current block is kept (a tuple,
    shared by copies) so a draw costs a tuple read, and one hash every _BLOCK_WORDS draws."""

    __slots__ = ("_buf", "_pos", "block", "key")

    def __init__(self, seed: int = BIG_SEED) -> None:
        if seed < 0:
            raise ValueError(f"a seed is a whole number >= 0, got {seed}")
        self._set(_seed_key(seed), 0, 0)

    def _set(self, key: bytes, block: int, pos: int) -> None:
        self.key = key
        self.block = block  # the next block to hash
        self._pos = pos
        self._buf: tuple[int, ...] = ()
        if pos:
            self._fill(block - 1)

    def _fill(self, number: int) -> None:
        self._buf = _BLOCK.unpack(
            hashlib.shake_256(self.key + number.to_bytes(8, "little")).digest(_BLOCK.size))

    def next64(self) -> int:
        pos = self._pos
        if pos == 0 or pos == _BLOCK_WORDS:
            self._fill(self.block)
            self.block += 1
            pos = 0
        self._pos = pos + 1
        return self._buf[pos]

    @property
    def drawn(self) -> int:
        """How many words were drawn since the seed."""
        return 0 if self._pos == 0 else (self.block - 1) * _BLOCK_WORDS + self._pos

    def fork(self) -> Rng:
        out = object.__new__(HashedRng)
        key = b"".join(self.next64().to_bytes(8, "little") for _ in range(4))
        out._set(key, 0, 0)
        return out

    def copy(self) -> Rng:
        out = object.__new__(HashedRng)
        out.key = self.key
        out.block = self.block
        out._pos = self._pos
        out._buf = self._buf  # immutable: shared
        return out

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key.hex(), "drawn": self.drawn}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> HashedRng:
        try:
            key = bytes.fromhex(data["key"])
            drawn = data["drawn"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a hashed generator state: {data!r}") from exc
        if len(key) != 32 or not isinstance(drawn, int) or isinstance(drawn, bool) \
                or not 0 <= drawn < 1 << 62:
            raise ValueError(f"not a hashed generator state: {data!r}")
        out = object.__new__(cls)
        block, pos = divmod(drawn, _BLOCK_WORDS)
        if drawn and pos == 0:  # the last drawn word ended a block
            block, pos = block - 1, _BLOCK_WORDS
        out._set(key, block + 1 if pos else 0, pos)
        return out

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, HashedRng) and other.key == self.key
                and other.drawn == self.drawn)

    def __hash__(self) -> int:
        return hash((self.key, self.drawn))

    def __repr__(self) -> str:
        return f"Rng(key={self.key.hex()[:16]}..., drawn={self.drawn})"


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any printable parts (a date, a game id, a game number).

    Python's `hash` is salted per process, so this uses a fixed FNV-1a over the text. It is not
    keyed: never use it for a seed a player must not predict (the daily deal uses an HMAC).
    """
    h = 0xCBF29CE484222325
    for byte in "\x1f".join(str(p) for p in parts).encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h >> 1
