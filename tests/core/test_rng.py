"""The state's RNG: deterministic, serialisable, unbiased enough for games."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from ludotheque.core import Rng, derive_seed


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation_and_replays_from_the_seed(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**9))
def test_randrange_stays_in_bounds(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.randrange(n) < n for _ in range(20))


def test_a_copy_goes_on_identically_and_a_fork_differs() -> None:
    rng = Rng(42)
    rng.next64()
    copy = rng.copy()
    assert [rng.next64() for _ in range(5)] == [copy.next64() for _ in range(5)]
    fork = rng.fork()
    assert fork.next64() != rng.next64()


def test_draws_are_roughly_uniform() -> None:
    rng = Rng(7)
    counts = Counter(rng.randrange(6) for _ in range(60_000))
    assert all(9_400 < c < 10_600 for c in counts.values()), counts


def test_random_floats_lie_in_the_unit_interval() -> None:
    rng = Rng(3)
    values = [rng.random() for _ in range(10_000)]
    assert min(values) >= 0.0 and max(values) < 1.0
    assert 0.48 < sum(values) / len(values) < 0.52


def test_derived_seeds_are_stable_across_processes() -> None:
    # Pinned: daily challenges and stored games depend on this value never changing
    # (Python's salted hash() would change from one run to the next).
    assert derive_seed("daily") == 0x1B681DAC19140B0F
    assert derive_seed("a", 1) != derive_seed("a", 2)
    assert derive_seed("a", "b") != derive_seed("ab")
