"""The table both adapters share: setups, rewards, serialised secret choices, refusals."""

from __future__ import annotations

import copy
import pickle

import pytest

from ludotheque.adapters import AdapterError, Table, open_setup, outcome_rewards
from ludotheque.core import EncodingError, IllegalAction, Result

from ..core.toys import HighCard, ShortEncoding
from .common import TOY_ID, play_randomly


def test_rewards_are_plus_one_minus_one_and_zero_for_a_draw() -> None:
    assert outcome_rewards(Result((0, 1), (3.0, 1.0), "hands_empty")) == (1.0, -1.0)
    assert outcome_rewards(Result((1, 0), (1.0, 3.0), "hands_empty")) == (-1.0, 1.0)
    assert outcome_rewards(Result((0, 0), (2.0, 2.0), "hands_empty")) == (0.0, 0.0)
    # several winners all get +1; every other rank is a loss
    assert outcome_rewards(Result((0, 0, 1), (5.0, 5.0, 2.0), "x")) == (1.0, 1.0, -1.0)
    assert outcome_rewards(Result((0, 1, 2), (5.0, 3.0, 2.0), "x")) == (1.0, -1.0, -1.0)


def test_teammates_share_their_sides_outcome() -> None:
    # seat 2 is ranked below its teammate 0, but their team won
    result = Result((0, 1, 2, 3), (9.0, 4.0, 3.0, 1.0), "x", teams=(0, 1, 0, 1))
    assert outcome_rewards(result) == (1.0, -1.0, 1.0, -1.0)


def test_setups_without_an_encoding_or_with_bad_options_are_refused_clearly() -> None:
    with pytest.raises(AdapterError, match=r"Carte haute \('carte_haute'\) gives no encoding"):
        open_setup(HighCard())
    with pytest.raises(AdapterError, match="unknown game 'nope'"):
        open_setup("nope")
    with pytest.raises(AdapterError, match="options are not JSON"):
        open_setup(TOY_ID, 2, "{hand_size: 2")
    with pytest.raises(AdapterError, match="invalid options: colour"):
        open_setup(TOY_ID, 2, {"colour": "blue"})
    with pytest.raises(AdapterError, match="played by exactly 2 players, not 3"):
        open_setup(TOY_ID, 3)


def test_options_come_as_a_mapping_or_as_json_text() -> None:
    assert open_setup(TOY_ID, 2, '{"hand_size": 2}').options.model_dump() == {"hand_size": 2}
    table = Table.deal(open_setup(TOY_ID, 2, {"hand_size": 2}), 5)
    assert table.state.view(0)["hand_sizes"] == [2, 2]


def test_secret_simultaneous_choices_are_taken_one_seat_after_the_other() -> None:
    table = Table.deal(open_setup(TOY_ID), 11)
    assert table.state.to_act() == (0, 1) and table.seat_to_act() == 0
    assert table.legal_ids(1) == []  # not its turn yet, though the kernel would take it
    first = table.legal_ids(0)[0]
    table.play(0, first)
    assert table.seat_to_act() == 1
    text = table.setup.encoding.action_text(first)
    assert table.seen == [[f"0:{text}"], ["0:?"]]  # seat 1 knows a card was chosen, not which
    assert text not in table.information_state(1)


def test_seat_1_cannot_tell_which_card_seat_0_chose() -> None:
    seen = set()
    for choice in Table.deal(open_setup(TOY_ID), 11).legal_ids(0):
        table = Table.deal(open_setup(TOY_ID), 11)
        table.play(0, choice)
        seen.add((tuple(table.observation(1)), table.information_state(1), table.view_text(1)))
    assert len(seen) == 1


def test_an_illegal_id_raises_the_reason_and_changes_nothing() -> None:
    table = Table.deal(open_setup(TOY_ID), 3)
    before = table.state.to_json()
    illegal = next(i for i, on in enumerate(table.mask(0)) if not on)
    text = table.setup.encoding.action_text(illegal)
    with pytest.raises(IllegalAction, match=rf"{illegal} \({text}\) is not legal for seat 0"):
        table.play(0, illegal)
    with pytest.raises(IllegalAction, match="no action 10: ids go from 0 to 9"):
        table.play(0, 10)
    with pytest.raises(IllegalAction, match=r"seat 1 has no decision to make now \(seat 0"):
        table.play(1, table.legal_ids(0)[0])
    assert table.state.to_json() == before and table.seen == [[], []]
    play_randomly(table, 1)
    with pytest.raises(IllegalAction, match="the game is over"):
        table.play(0, 0)


def test_a_legal_action_without_an_id_is_the_games_fault_and_says_so() -> None:
    setup = open_setup(ShortEncoding())
    with pytest.raises(EncodingError, match="'p10' is not in this setup's numbering"):
        for seed in range(30):  # p10 is in seat 0's first hand for some of these deals
            Table.deal(setup, seed).mask(0)


def test_copies_and_pickles_go_on_identically() -> None:
    table = Table.deal(open_setup(TOY_ID, 2, {"hand_size": 4}), 21)
    table.play(0, table.legal_ids(0)[-1])
    twins = [copy.deepcopy(table), pickle.loads(pickle.dumps(table))]
    for twin in twins:
        assert twin.state.to_json() == table.state.to_json() and twin.seen == table.seen
        assert twin.setup == table.setup and twin.state is not table.state
        play_randomly(twin, 8)
    play_randomly(table, 8)
    assert {repr(t.state.to_json()) for t in [table, *twins]} == {repr(table.state.to_json())}
    assert twins[0].rewards() == table.rewards() and sum(table.rewards()) == 0.0
