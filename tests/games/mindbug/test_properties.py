"""Properties over seeded random games (Hypothesis): cards are never lost or duplicated,
owners never change, powers are never negative, life only ends the game at 0."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core import Rng
from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.rules import NONE, MindbugState


def zones(s: MindbugState) -> list[int]:
    cards = list(s.unused)
    for rows in (s.hands, s.piles, s.discards, s.boards):
        for row in rows:
            cards += row
    # A creature played from hand waits on the table while the Mindbug decisions are made.
    cards += [t[1] for t in s.stack if t[0] in ("mindbug", "mindfrog", "enter")]
    return cards


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 4]),
       new_servants=st.booleans())
def test_every_card_is_in_exactly_one_zone_and_keeps_its_owner(
        seed: int, players: int, new_servants: bool) -> None:
    s = GAME.new(seed, players, {"new_servants": new_servants})
    assert isinstance(s, MindbugState)
    owners = list(s.owner)
    total = len(s.kind)
    rng = Rng(seed)
    while not s.is_over():
        cards = zones(s)
        assert sorted(cards) == list(range(total))
        assert s.owner == owners  # MB-16: stolen creatures keep their owner
        for seat in range(players):
            for c in s.boards[seat]:
                assert s.ctrl[c] == seat
        assert all(p >= 0 for p in s.stats().power.values())  # MB-17
        assert all(life > 0 for life in s.life)  # MB-18: at 0 the game is over
        assert sum(1 for c in s.ctrl if c != NONE) == sum(len(b) for b in s.boards)
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    result = s.result()
    assert result is not None
    if result.reason == "life":
        assert min(s.life) == 0
