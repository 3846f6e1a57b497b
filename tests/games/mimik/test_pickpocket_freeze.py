"""Issue 19: a stolen Pickpocket (or a stolen MIMIK copying it) must not aim at the victim it
left with no card, else the game froze on an empty hand with no legal action (MK-13, MK-21)."""

from __future__ import annotations

import pytest

from ludotheque.core.conformance import ConformanceError, check_game_biased
from ludotheque.core.game import Config, Options, State
from ludotheque.games.mimik.carddata import load_cards
from ludotheque.games.mimik.game import Mimik, MimikOptions
from ludotheque.games.mimik.notation import ActionPlay
from ludotheque.games.mimik.rules import PICK, PLAY, MimikState

from .helpers import code, hand, play, table


def test_mk13_mk21_a_stolen_pickpocket_cannot_rob_the_hand_it_emptied() -> None:
    # The issue's repro: 2 players, empty piles, the victim holds only a Pickpocket.
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


# -- the conformance harness's biased playouts catch the freeze ---------------------------------
class _Repro(MimikState):
    """The issue's table as a game's start: seat 0 holds 2 to 6 and a Pickpocket, seat 1 only
    a Pickpocket, both piles empty; the rest of the deck is out of the game."""

    def start_like_the_issue(self) -> None:
        self.hands = [sorted(code(c) for c in ("2", "3", "4", "5", "6", "Pickpocket")),
                      [code("Pickpocket")]]
        self.posed = [[], []]
        self.deck, self.discard = [], []
        self.active = 0


class _OldRules(_Repro):
    """The rules before the fix: a stolen card's plays judged with the victim still holding it."""

    def _action_plays(self, seat: int, card: int, hand: list[int], index: int, score: int,
                      robbed: int = -1) -> list[ActionPlay]:
        return super()._action_plays(seat, card, hand, index, score)


class _ReproGame(Mimik):
    def __init__(self, state_type: type[_Repro]) -> None:
        type(self).state_type = state_type
        self.repro = state_type
        super().__init__()

    def _new(self, seed: int, players: int, options: Options) -> State:
        state = self.repro.new(seed, players, 50, False, False, load_cards().deck(False))
        assert isinstance(state, _Repro)
        state.start_like_the_issue()
        return state


class _OldGame(_ReproGame):
    pass


class _FixedGame(_ReproGame):
    pass


def test_mk13_mk21_biased_playouts_find_the_freeze_under_the_old_rules_only() -> None:
    # Issue 19: uniform random play from a full table almost never reaches this; the harness's
    # biased players (always the first or last action, leanings, MIMIK's hoarding style) play
    # from the issue's table and find the freeze under the old rules, none under the new.
    config = Config(2, MimikOptions(), "issue-19")
    with pytest.raises(ConformanceError, match="is to act but has no legal action"):
        check_game_biased(_OldGame(_OldRules), config, 3)  # seeds 1 and 2 freeze
    assert check_game_biased(_FixedGame(_Repro), config, 3).playouts == 3
