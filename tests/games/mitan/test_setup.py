"""The setup phases: market (MT-13), snake draft (MT-14), placement (MT-15) and hidden
placement (MT-16)."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.core.rng import Rng
from ludotheque.games.mitan import GAME, MitanState
from ludotheque.games.mitan.board import CAMPS, CODES

SNAKE = [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]


def new(seed: int = 7, placement: str = "open") -> MitanState:
    state = GAME.new(seed, 2, {"placement": placement})
    assert isinstance(state, MitanState)
    return state


def draft_first_of_each(state: MitanState) -> list[int]:
    """Play the draft, each seat taking the first piece offered; return who picked."""
    who = []
    while state.phase == 0:
        seat = state.to_act()[0]
        who.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    return who


def test_mt13_market_has_6_of_the_12_types_3_copies_each_never_the_chef() -> None:
    # Pins MT-13.
    for seed in range(40):
        market = new(seed).view(None)["market"]
        assert len(market) == 6 and set(market.values()) == {3}
        assert "C" not in market and set(market) <= set(CODES[2:])


def test_mt13_the_market_comes_from_the_seed() -> None:
    # Pins MT-13.
    assert new(11).view(None)["market"] == new(11).view(None)["market"]
    markets = {tuple(new(seed).view(None)["market"]) for seed in range(30)}
    assert len(markets) > 10


def test_mt14_snake_draft_order_and_picked_pieces_leave_the_market() -> None:
    # Pins MT-14.
    state = new()
    before = dict(state.view(None)["market"])
    first = state.legal_texts(0)[0]
    state.play(first)
    letter = first.split()[1]
    assert state.view(None)["market"].get(letter, 0) == before[letter] - 1
    assert state.to_act() == (1,)
    rest = draft_first_of_each(state)
    assert [0, *rest] == SNAKE


def test_mt14_four_pieces_are_left_out_and_each_side_has_7() -> None:
    # Pins MT-14.
    state = new()
    draft_first_of_each(state)
    view = state.view(None)
    assert sum(view["market"].values()) == 4
    assert [sum(d.values()) for d in view["drafted"]] == [7, 7]


def test_mt14_an_exhausted_type_cannot_be_picked() -> None:
    state = new()
    letter = state.legal_texts(0)[0].split()[1]
    for seat in (0, 1, 1):
        state.play(f"pick {letter}", seat)
    assert f"pick {letter}" not in state.legal_texts(0)
    with pytest.raises(IllegalAction, match="MT-14"):
        state.play(f"pick {letter}", 0)


def test_mt15_placement_chefs_first_then_alternating_on_own_two_ranks() -> None:
    # Pins MT-15.
    state = new()
    draft_first_of_each(state)
    order = []
    while state.phase == 1:
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        if state.placed[seat] == 0:
            assert {t[0] for t in legal} == {"C"}  # the Chef first
        ranks = {t[-1] for t in legal}
        assert ranks == ({"1", "2"} if seat == 0 else {"8", "9"})
        order.append(seat)
        state.play(legal[-1], seat)
    assert order == [0, 1] * 8  # Black places last
    assert state.phase == 2 and state.to_act() == (0,)  # White moves first


def test_mt15_placing_outside_ones_camp_or_a_piece_not_drafted_is_refused() -> None:
    state = new()
    draft_first_of_each(state)
    with pytest.raises(IllegalAction, match="MT-15"):
        state.play("C@e3", 0)
    state.play("C@e1", 0)
    with pytest.raises(IllegalAction, match="MT-15"):
        state.play("C@e2", 1)
    state.play("C@e9", 1)
    missing = next(c for c in CODES[2:] if not state.reserve[0][CODES.index(c)])
    with pytest.raises(IllegalAction):
        state.play(f"{missing}@a1", 0)


def placed_hidden(seed: int = 3) -> MitanState:
    state = new(seed, "hidden")
    draft_first_of_each(state)
    return state


def test_mt16_hidden_placement_both_place_at_once_and_see_nothing_of_the_other() -> None:
    # Pins MT-16.
    state = placed_hidden()
    assert state.to_act() == (0, 1)
    rng = Rng(5)
    for _ in range(5):
        for seat in (0, 1):
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    white, black, spectator = state.view(0), state.view(1), state.view(None)
    assert sum(1 for x in white["board"] if x) == 5
    assert all(not x or x.isupper() for x in white["board"])
    assert all(not x or x.islower() for x in black["board"])
    assert not any(spectator["board"])
    assert white["reserve"][1] is None and black["reserve"][0] is None
    assert white["placed"] == [5, 5]


def test_mt16_placement_events_are_private_and_the_reveal_public() -> None:
    state = placed_hidden()
    events = state.apply(0, state.legal_actions(0)[0])
    private = [e for e in events if e.kind == "place"]
    assert private and all(e.to == (0,) for e in private)
    assert all("square" not in e.data for e in events if e.to is None)
    rng = Rng(9)
    last = []
    while state.phase == 1:
        seat = state.to_act()[-1]
        last = state.apply(seat, rng.choice(state.legal_actions(seat)))
    reveal = [e for e in last if e.kind == "reveal"]
    assert reveal and reveal[0].to is None and reveal[0].ruling == "MT-16"
    assert sum(len(a) for a in reveal[0].data["armies"]) == 16
    assert state.phase == 2 and state.to_act() == (0,)


def test_mt16_determinize_redeals_the_other_army_and_keeps_ones_own() -> None:
    # Pins MT-16.
    state = placed_hidden()
    rng = Rng(1)
    for _ in range(4):
        for seat in (0, 1):
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    seen = state.view(0)
    boards = set()
    for k in range(20):
        other = state.determinize(0, Rng(k))
        assert other.view(0) == seen
        assert other.legal_actions(0) == state.legal_actions(0)
        boards.add(tuple(other.board[63:]))
    assert len(boards) > 1


def test_mt16_a_search_may_take_back_the_other_armys_secret_placement() -> None:
    # MT-16: both armies are placed at once; a bot placing after the other takes the
    # other's placement back on its copy (State.reopen_secret_choices) and searches both.
    state = placed_hidden()
    reserve = state.reserve[0][:]
    rng = Rng(2)
    while state.to_act() == (0, 1):
        state.apply(0, rng.choice(state.legal_actions(0)))
    assert state.to_act() == (1,)
    copy = state.determinize(1, Rng(4))
    copy.reopen_secret_choices(1)
    assert copy.to_act() == (0, 1) and copy.placed[0] == 0 and copy.reserve[0] == reserve
    assert not any(copy.board[sq] for sq in CAMPS[0])
    assert copy.legal_actions(1) == state.legal_actions(1)
    while not copy.is_over():  # the copy plays on to an end like any game
        seat = copy.to_act()[0]
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert copy.result() is not None
    assert state.placed[0] == 8  # the game itself is untouched


def test_mt16_open_placement_shows_everything_to_everyone() -> None:
    # Pins MT-16.
    state = new()
    draft_first_of_each(state)
    state.play("C@e1", 0)
    assert state.view(1)["board"][4] == "C" and state.view(None)["board"][4] == "C"


def test_mt16_only_hidden_placement_hides_information_and_only_until_the_reveal() -> None:
    # Pins MT-16.
    open_game = GAME.new(3, 2, {"placement": "open"})
    hidden = GAME.new(3, 2, {"placement": "hidden"})
    assert isinstance(hidden, MitanState)
    rng = Rng(1)
    seen_hidden = False
    while not hidden.is_over() and hidden.ply < 1:
        assert not open_game.hides_information()
        seat = hidden.to_act()[0]
        seen_hidden |= hidden.hides_information()
        hidden.apply(seat, rng.choice(hidden.legal_actions(seat)))
    assert seen_hidden
    assert not hidden.hides_information()  # the armies are revealed once the battle starts
