"""The balance statistics (games/mitix/balance.py) and the balance target of the base set."""

from __future__ import annotations

from ludotheque.core.rng import Rng
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.balance import BalanceTally
from ludotheque.games.mitix.rules import MitixState

from .helpers import mitix_position

NEUTRAL = ["Hélène", "Pénélope"]




def test_a_won_bataille_counts_for_every_card_revealed_on_the_winning_side():
    state = mitix_position([NEUTRAL, NEUTRAL], [["Icare", "Hélène", "Zeus", "Priam"],
                                                ["Icare", "Pénélope", "Ariane", "Priam"]])
    tally = BalanceTally()
    tally.feed(state.play("reveal"))
    assert tally.rounds == 1
    assert tally.cards["Icare"].fights == 2 and tally.cards["Icare"].wins == 1
    assert tally.cards["Zeus"].wins == 1 and tally.cards["Ariane"].wins == 0
    assert "Hélène" not in tally.cards  # face down: did not fight


def test_a_bataille_without_vivant_is_a_round_won_by_no_card():
    state = mitix_position([NEUTRAL, NEUTRAL], [["Icare", "Priam"], ["Icare", "Priam"]])
    tally = BalanceTally()
    tally.feed(state.play("reveal"))
    assert tally.cards["Icare"].fights == 2 and tally.cards["Icare"].wins == 0


def test_base_set_no_non_god_card_is_far_outside_20_to_80_percent_in_mitix():
    """A quick check of the balance report's target (the report uses 20,000 games)."""
    full = list(GAME.paquet("Collection complète"))
    tally = BalanceTally()
    for seed in range(1500):
        state = GAME.new(seed, options={"paquets": [full, full]})
        while not state.is_over():
            tally.feed(state.play("reveal"))
    for name, record in tally.cards.items():
        if not GAME.cards.card(name).dieu:
            low, high = record.interval()
            assert high >= 0.20 and low <= 0.80, (name, record.rate)


def test_famix_tally_counts_every_member_of_a_combatant():
    state = GAME.new(4, options={"mode": "famix"})
    assert isinstance(state, MitixState)
    tally = BalanceTally()
    rng = Rng(4)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        tally.feed(state.apply(seat, rng.choice(state.legal_actions(seat))))
    fought = sum(r.fights for r in tally.cards.values())
    engaged = sum(len(v) for v in state.vivants) + sum(len(e) for e in state.enfers)
    assert fought >= 1 and fought <= engaged
