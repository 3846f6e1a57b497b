"""A setup's encoding for the AI adapters: ids both ways, masks, checked observations."""

from __future__ import annotations

import pytest

from ludotheque.core import Encoding, EncodingError

from .toys import EncodedHighCard, HighCardOptions, PlayCard


def test_ids_masks_and_observations_of_a_seats_view() -> None:
    game = EncodedHighCard()
    encoding = game.encoding(2, HighCardOptions())
    state = game.new(7, 2, HighCardOptions())
    legal = state.legal_actions(0)
    mask = encoding.mask(legal)
    assert sum(mask) == len(legal) == 3
    assert [encoding.action_text(i) for i, on in enumerate(mask) if on] == \
        [a.text() for a in legal]
    assert encoding.action_id(PlayCard(4)) == encoding.action_id("p4") == 3
    seen = encoding.observe(state.view(0), 0)
    assert len(seen) == 17 and sum(seen[7:]) == 3  # the hand, one-hot


def test_bad_numberings_and_observations_are_refused_clearly() -> None:
    with pytest.raises(EncodingError, match="numbered twice: p1"):
        Encoding(("p1", "p2", "p1"), 0, lambda view, seat: [])
    with pytest.raises(EncodingError, match="2 observation names for 3 numbers"):
        Encoding((), 3, lambda view, seat: [0, 0, 0], ("a", "b"))
    encoding = Encoding(("p1",), 2, lambda view, seat: [1.0, float("nan")])
    with pytest.raises(EncodingError, match="not in this setup's numbering"):
        encoding.action_id("p2")
    with pytest.raises(EncodingError, match="no action 1: ids go from 0 to 0"):
        encoding.action_text(1)
    with pytest.raises(EncodingError, match="not finite"):
        encoding.observe({}, 0)
    with pytest.raises(EncodingError, match="3 numbers, not 2"):
        Encoding(("p1",), 2, lambda view, seat: [1, 2, 3]).observe({}, 0)
