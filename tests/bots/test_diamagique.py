"""Diamagique's bot knowledge: the race, the contest in play, the rollout policy, the levels."""

from __future__ import annotations

import pytest

from ludotheque.bots import LevelBot, MCTSBot, make_bot
from ludotheque.bots.common import ROLLOUT_POLICIES, WIN_CHANCES
from ludotheque.core import Rng
from ludotheque.games.diamagique import bots as dia
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.notation import Lancer
from ludotheque.games.diamagique.rules import DEFI, DiamagiqueState
from tests.games.diamagique.helpers import stacked

SORT = {s.name: i for i, s in enumerate(CARDS.sorts)}
STRONG = ["Colonne solaire", "Colonne solaire", "Rayon d'aube", "Rayon d'aube", "Tison"]
WEAK = ["Bruine", "Bruine", "Bruine", "Bruine", "Bruine"]


def test_the_race_is_even_at_the_start_and_favours_the_seat_ahead() -> None:
    assert dia.race(0, 0, 0, 12) == pytest.approx(0.5)
    assert dia.race(3, 1, 0, 8) > dia.race(2, 1, 0, 8) > dia.race(1, 1, 0, 8)
    # DG-19: six Diamagiques win at once.
    assert dia.race(6, 5, 0, 1) == 1.0 and dia.race(5, 6, 0, 1) == 0.0
    # DG-20: the pot empty and nothing at stake: more Diamagiques wins, equal is a draw.
    assert dia.race(3, 2, 0, 0) == 1.0 and dia.race(2, 2, 0, 0) == 0.5
    # DG-16: a stake carried over by ties is worth fighting for from behind.
    assert dia.race(4, 5, 2, 0) == pytest.approx(0.5)


def test_win_chances_favour_the_seat_holding_more_diamagiques() -> None:
    state = stacked(held=((["Jaune", "Rouge"], ["Vert"], []), ([], [], [])))
    chances = WIN_CHANCES["diamagique"](state)
    assert chances[0] + chances[1] == pytest.approx(1.0)
    assert chances[0] > 0.6


def test_the_contest_favours_the_stronger_hand_and_grows_with_the_casts() -> None:
    state = stacked(active=0, hands=(STRONG, WEAK))
    assert state.phase == DEFI
    edge, remaining = dia.contest_edge(state, 0)
    assert remaining == 6 and edge > 0
    win, lose, tie = dia.contest_chances(state, 0)
    assert win > lose and win + lose + tie == pytest.approx(1.0)
    assert WIN_CHANCES["diamagique"](state)[0] > 0.5
    # The seat's evaluation is the same from either side.
    assert dia.contest_edge(state, 1)[0] == -edge
    # After two strong casts answered by weak ones, the contest is surer.
    state.play("M1 colonne-solaire")
    state.play("M1 bruine")
    state.play("M2 colonne-solaire")
    state.play("M2 bruine")
    later = dia.contest_chances(state, 0)
    assert later[0] > win


def test_a_sorts_worth_counts_its_effect_on_the_sort_it_faces() -> None:
    state = stacked()
    aube, marees = state.equipes
    # A plain Sort is worth its Puissance.
    assert dia.worth(SORT["Tison"], -1, aube, marees) == (3, 3, 3)
    assert dia.worth(SORT["Colonne solaire"], -1, aube, marees) == (5, 5, 5)
    # DG-14: "Fumée âcre" (3, and -1 to each opposing Sort) is worth 3 + 3.
    assert dia.worth(SORT["Fumée âcre"], -1, aube, marees) == (6, 6, 6)
    # "Éblouissement" (0, sets the Sort it faces to 1) takes 2 from a Puissance 3 there.
    assert dia.worth(SORT["Éblouissement"], -1, aube, marees) == (2, 2, 2)


def legal_everywhere(seed: int) -> int:
    """Play a whole game with the rollout policy on both sides; count its casts."""
    state = stacked(seed=seed)
    policy = ROLLOUT_POLICIES["diamagique"]
    rng = Rng(seed)
    casts = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = policy(state, seat, legal, rng)
        assert action in legal
        casts += isinstance(action, Lancer)
        state.apply(seat, action)
    return casts


def test_the_rollout_policy_plays_only_legal_actions() -> None:
    assert all(legal_everywhere(seed) > 0 for seed in range(4))


def policy_choice(state: DiamagiqueState, seat: int) -> set[str]:
    policy = ROLLOUT_POLICIES["diamagique"]
    legal = state.legal_actions(seat)
    return {CARDS.sorts[a.sort].name for seed in range(40)
            if isinstance(a := policy(state, seat, legal, Rng(seed)), Lancer)}


def test_the_rollout_policy_casts_its_best_sort_where_the_contest_is_open() -> None:
    state = stacked(active=0, hands=(["Colonne solaire", "Tison", "Tison", "Tison", "Tison"],
                                     ["Raz-de-marée", "Onde claire", "Bruine", "Bruine",
                                      "Onde claire"]))
    chosen = policy_choice(state, 0)
    # Mostly the Colonne solaire (5); a random pick now and then (EPSILON).
    assert "Colonne solaire" in chosen


def test_the_rollout_policy_keeps_its_best_sort_when_the_contest_is_lost_anyway() -> None:
    state = stacked(active=1, hands=(["Colonne solaire", "Tison", "Lueur vive", "Tison",
                                      "Rayon d'aube"],
                                     ["Raz-de-marée", "Raz-de-marée", "Raz-de-marée",
                                      "Onde claire", "Onde claire"]))
    for text in ("M1 raz-de-maree", "M1 lueur-vive", "M2 raz-de-maree", "M2 tison"):
        state.play(text)
    # Seat 1 leads 10 to 6 and still holds a 5: seat 0's last cast cannot win it.
    policy = ROLLOUT_POLICIES["diamagique"]
    state.play(policy(state, 1, state.legal_actions(1), Rng(1)).text())
    assert state.deciding == 0
    picks = [policy(state, 0, state.legal_actions(0), Rng(seed)) for seed in range(20)]
    names = [CARDS.sorts[a.sort].name for a in picks if isinstance(a, Lancer)]
    assert names.count("Tison") > names.count("Colonne solaire")


@pytest.mark.parametrize(("level", "rollout"), [("facile", "random"), ("moyen", "game"),
                                                ("difficile", "game")])
def test_levels_on_diamagique(level: str, rollout: str) -> None:
    bot = make_bot(level, 0)
    assert isinstance(bot, LevelBot)
    inner = bot.bot_for("diamagique")
    assert isinstance(inner, MCTSBot)
    assert inner.settings.rollout == rollout


def test_the_levels_play_legal_whole_games() -> None:
    state = stacked(seed=3)
    bots = [make_bot("moyen:nodes=20:time=0", 0), make_bot("difficile:nodes=20:time=0", 1)]
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.result() is not None
