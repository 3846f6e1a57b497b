"""What the engine keeps between steps instead of recomputing it (bench/peers.py, issue 24)
is what it would recompute: the passive stats (MB-17) and the table's log."""

from __future__ import annotations

import pickle

import pytest

from ludotheque.core import Event, Rng
from ludotheque.games.mindbug import GAME
from ludotheque.games.mindbug.passives import Stats, compute_stats
from ludotheque.games.mindbug.rules import LOG_SIZE, MindbugState

CONFIGS = [(2, {}), (2, {"new_servants": True}), (4, {})]


def fields(st: Stats) -> tuple[object, ...]:
    return (st.power, st.kw, st.no_block, st.no_attack, st.evade)


def kept(st: Stats) -> tuple[object, ...]:
    return (*fields(st), st.reads_turn, st.reads_life)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_kept_stats_are_the_stats_of_the_board_at_every_decision(
        players: int, options: dict[str, bool]) -> None:
    # MB-17: the stats are kept while nothing they read changed (boards, granted keywords,
    # the turn and life when a condition reads them); kept or not, they are the board's.
    for seed in range(12):
        s = GAME.new(seed, players, options)
        assert isinstance(s, MindbugState)
        rng = Rng(seed)
        while not s.is_over():
            assert fields(s.stats()) == fields(compute_stats(s))
            copy = s.clone()
            assert fields(copy.stats()) == fields(compute_stats(copy))
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_log_is_the_last_public_events_through_copies_and_json(
        players: int, options: dict[str, bool]) -> None:
    for seed in range(6):
        s = GAME.new(seed, players, options)
        assert isinstance(s, MindbugState)
        rng = Rng(seed)
        public: list[Event] = []
        step = 0
        while not s.is_over():
            seat = s.to_act()[0]
            public += [e for e in s.apply(seat, rng.choice(s.legal_actions(seat)))
                       if e.to is None]
            assert s.log == tuple(public[-LOG_SIZE:])
            step += 1
            if step % 7 == 0:
                s = s.clone() if step % 14 else MindbugState.from_json(s.to_json())
                assert s.log == tuple(public[-LOG_SIZE:])


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_a_pickled_state_keeps_its_stats_and_plays_on_the_same(
        players: int, options: dict[str, bool]) -> None:
    # Ray and multiprocessing move states by pickle; compiled (mypyc) or pure, the kept
    # stats (MB-17) come back as they were, and the copy plays the same game on.
    for seed in range(6):
        s = GAME.new(seed, players, options)
        assert isinstance(s, MindbugState)
        rng = Rng(seed)
        step = 0
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1
            if step % 5 == 0 and s._st is not None:
                copy = pickle.loads(pickle.dumps(s))
                assert copy._st is not None
                assert kept(copy._st) == kept(s._st)
                assert copy.to_json() == s.to_json()
                twin = Rng(step)
                for _ in range(4):
                    if s.is_over():
                        break
                    seat = s.to_act()[0]
                    legal = s.legal_actions(seat)
                    assert copy.legal_actions(seat) == legal
                    pick = twin.randrange(len(legal))
                    assert copy.apply(seat, legal[pick]) == s.apply(seat, legal[pick])
