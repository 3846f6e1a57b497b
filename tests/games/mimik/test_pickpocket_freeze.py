"""Issue 19: a stolen Pickpocket (or a stolen MIMIK copying it) must not aim at the victim it
left with no card, else the game froze on an empty hand with no legal action (MK-13, MK-21)."""

from __future__ import annotations

from ludotheque.games.mimik.rules import PICK, PLAY

from .helpers import hand, play, table


def test_mk13_mk21_a_stolen_pickpocket_cannot_rob_the_hand_it_emptied() -> None:
    # The repro: 2 players, empty piles, the victim holds only a Pickpocket.
    state = table(2, hands=[["2", "3", "4", "5", "6", "Pickpocket"], ["Pickpocket"]], deck=[])
    play(state, "Pickpocket 1")
    legal = state.legal_texts(0)
    assert "take Pickpocket 1" not in legal  # the victim would hold nothing (MK-13)
    assert "keep Pickpocket discard 2" in legal
    play(state, "keep Pickpocket discard 2")
    assert state.phase == PLAY and state.to_act() == (1,)
    assert hand(state, 0) == ["3", "4", "5", "6", "Pickpocket"]
    # Seat 1's hand was empty; its turn's draw takes the top of the reshuffled discard pile.
    for seat in state.to_act():
        assert state.legal_actions(seat)


def test_mk13_mk21_mk26_a_stolen_mimik_cannot_copy_a_pickpocket_on_the_emptied_hand() -> None:
    # The victim holds only a MIMIK; the Pickpocket just played is on top of the discard pile.
    state = table(2, hands=[["2", "3", "4", "5", "6", "Pickpocket"], ["MIMIK"]], deck=[])
    play(state, "Pickpocket 1")
    legal = state.legal_texts(0)
    assert not [t for t in legal if t.startswith("take MIMIK Pickpocket")]
    assert "keep MIMIK discard 2" in legal
    play(state, "keep MIMIK discard 2")
    assert all(state.legal_actions(s) for s in state.to_act())


def test_mk21_a_stolen_pickpocket_may_rob_a_hand_that_keeps_a_card() -> None:
    # With a card left after the theft, the same victim is a legal target again.
    state = table(2, hands=[["2", "3", "4", "5", "6", "Pickpocket"], ["Pickpocket", "7"]],
                  deck=[])
    play(state, "Pickpocket 1", "take Pickpocket 1")
    assert state.phase == PICK and state.view(0)["robbed_hand"] == ["7"]
    assert state.legal_texts(0)
