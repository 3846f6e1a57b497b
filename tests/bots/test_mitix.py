"""MiTiX's bots on FaMiX (MX-14 to MX-24): the choices searched, the matrix games, the
placement policy, the search's choice on small positions, and the levels' whole games."""

from __future__ import annotations

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.common import ROLLOUT_POLICIES
from ludotheque.core import Rng
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix import bots as mitix_bots
from ludotheque.games.mitix.notation import Place, Send
from ludotheque.games.mitix.rules import PLACE, MitixState
from tests.games.mitix.helpers import famix_position, ids

# Seat 0: Héraclès's FaMiX (680 + 200 = 880, MX-18) and Icare's (490 + 200 = 690); seat 1:
# Atlas alone (660, attack 100). Héraclès's FaMiX wins (880 - 100 against 660 - 120) and
# ends the duel 2 Vivants to 0 (MX-23/MX-24); Icare's loses (690 - 100 against 660 - 30).
LAST_ROUND = (("Héraclès", "Iolaos", "Icare", "Pasiphaé"), ("Atlas",))


def test_mx17_one_choice_per_famix_led_by_its_best_attack() -> None:
    state = famix_position(LAST_ROUND)
    assert len(state.legal_actions(0)) == 4
    # MX-18/MX-19: the whole family fights; the lead only lends its attack.
    assert mitix_bots.sensible(state, 0) == [Send("Héraclès"), Send("Icare")]
    # No FaMiX: every lone MiTiX is a choice of its own (MX-17).
    assert mitix_bots.sensible(state, 1) == [Send("Atlas")]


def test_without_a_famix_every_card_is_searched() -> None:
    state = famix_position((("Héraclès", "Persée", "Thésée"), ("Atlas", "Achille")))
    assert mitix_bots.sensible(state, 0) == state.legal_actions(0)


def test_matrix_games_saddle_points_and_mixed_equilibria() -> None:
    value, x, y = mitix_bots.solve([[0.0, 1.0], [1.0, 0.0]])  # matching pennies
    assert value == pytest.approx(0.5)
    assert x == pytest.approx([0.5, 0.5]) and y == pytest.approx([0.5, 0.5])
    value, x, y = mitix_bots.solve([[0.3, 0.9], [0.6, 0.7]])  # a saddle point: row 2, col 1
    assert value == pytest.approx(0.6) and x == [0.0, 1.0] and y == [1.0, 0.0]
    rps = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    value, x, y = mitix_bots.solve(rps, iterations=2000)
    assert value == pytest.approx(0.5, abs=0.01)
    assert x == pytest.approx([1 / 3] * 3, abs=0.02)


def test_mx21_an_offrande_goes_where_it_nears_a_full_set() -> None:
    # Seat 0 draws Vin; the opponent's two Dieux hold [Huile] and [Huile, Pain]: on the
    # second, Vin completes Huile, Pain, Vin and makes seat 1's combatant lose (MX-21).
    # Seat 1 draws two Huile: with no Dieu on seat 0's Olympe they are discarded (MX-20).
    state = famix_position(LAST_ROUND, olympe=((), ("Zeus", "Héra")),
                           pile=["Vin", "Nectar", "Huile", "Huile"],
                           resources=((), (("Huile",), ("Huile", "Pain"))))
    assert state.phase == PLACE and state.to_act() == (0,)
    legal = state.legal_actions(0)
    assert all(isinstance(a, Place) for a in legal)
    assert mitix_bots.placement(state, 0, legal) == Place("Vin", "Héra", 1)
    # A Dieu that already holds the resource is the last choice.
    state.resources[1] = [[2, 0], [0]]
    assert mitix_bots.placement(state, 0, state.legal_actions(0)) == Place("Vin", "Héra", 1)


def test_win_chances_favour_the_seat_ahead() -> None:
    state = famix_position((("Héraclès", "Iolaos"), ("Icare", "Pasiphaé")))
    even = mitix_bots.win_chance(state)
    assert 0.0 <= even <= 1.0
    assert even > 0.5  # the bigger FaMiX still to fight (880 against 690, MX-18)
    state.vivants[1] = ids(["Atlas", "Cronos", "Hector"])
    assert mitix_bots.win_chance(state) < even  # three Vivants ahead for seat 1 (MX-24)


@pytest.mark.parametrize("model", ["nash", "uniform", "legal", "level1", "short"])
@pytest.mark.parametrize("rounds", [1, None])
def test_the_search_sends_the_famix_that_wins_the_duel(model: str, rounds: int | None) -> None:
    state = famix_position(LAST_ROUND)
    bot = mitix_bots.FamixBot(seed=3, deals=1, rounds=rounds, model=model)
    assert bot.choose(state, 0) == Send("Héraclès")
    # From seat 1 the choice is forced.
    assert bot.choose(state, 1) == Send("Atlas")


def test_the_search_values_the_game_to_its_end() -> None:
    state = famix_position(LAST_ROUND)
    search = mitix_bots.Search(None)
    matrix = search.matrix(state, 0)
    assert matrix == [[1.0], [0.0]]  # Héraclès's FaMiX wins the duel, Icare's loses it


@pytest.mark.parametrize("seed", range(12))
def test_the_short_sighted_model_predicts_moyen(seed: int) -> None:
    # Difficile's model of its opponent (`short`) is a player who looks one combat ahead:
    # Moyen's own reasoning. Without a Dieu there is no pile (MX-20), so Moyen's choice
    # (MX-17) is certain and the model must name it.
    dealt = GAME.new(seed, options={"mode": "famix"})
    assert isinstance(dealt, MitixState)
    names = [[dealt.cards.names[c] for c in dealt.areopage[s]] for s in (0, 1)]
    state = famix_position(names)
    theirs = mitix_bots.sensible(state, 1)
    q = mitix_bots.Search(None, 0, mitix_bots.SHORT, eps=0.0).predict(state, 0, len(theirs))
    assert q is not None and sorted(q) == [0.0] * (len(theirs) - 1) + [1.0]
    assert make_bot("moyen:time=0", seed).choose(state, 1) == theirs[q.index(1.0)]


def test_a_secret_choice_already_made_is_not_read() -> None:
    # Seat 1 has chosen (MX-17); the bot must answer the same whatever that choice was.
    state = famix_position((("Héraclès", "Iolaos", "Icare", "Pasiphaé"),
                            ("Atlas", "Cronos", "Hector", "Achille")))
    answers = set()
    for card in ("Atlas", "Achille"):
        copy = state.clone()
        copy.apply(1, Send(card))
        answers.add(mitix_bots.FamixBot(seed=5, deals=1).choose(copy, 0))
    assert len(answers) == 1


def test_the_rollout_policy_plays_legal_sensible_choices() -> None:
    policy = ROLLOUT_POLICIES["mitix"]
    rng = Rng(1)
    for seed in range(5):
        state = GAME.new(seed, options={"mode": "famix"})
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = policy(state, seat, legal, rng)
            assert action in legal
            state.apply(seat, action)


@pytest.mark.parametrize("spec", ["facile:time=0", "moyen:time=0", "difficile:time=0"])
@pytest.mark.parametrize("config", ["famix", "famix-doubles"])
def test_the_levels_play_legal_whole_games(spec: str, config: str) -> None:
    setup = next(c for c in GAME.configs() if c.label == config)
    for seed in range(2):
        state = GAME.new(seed, setup.players, setup.options)
        assert isinstance(state, MitixState)
        bots = [make_bot(spec, seed), make_bot("random", seed)]
        steps = 0
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))  # raises if illegal
            steps += 1
        assert state.result() is not None and steps < 200


def test_mitix_vs_mitix_needs_no_search() -> None:
    state = GAME.new(0, options={"mode": "mitix"})
    assert make_bot("difficile:time=0", 0).choose(state, 0).text() == "reveal"


def _with_dieux() -> tuple[MitixState, int]:
    # Seed 8's deal: Dieux on an Olympe, so the pile matters (MX-20) and each deal is
    # searched; a few hundred positions a deal.
    state = GAME.new(8, options={"mode": "famix"})
    assert isinstance(state, MitixState) and any(state.olympe)
    return state, state.to_act()[0]


def test_difficile_searches_as_many_deals_as_its_node_budget_allows() -> None:
    state, seat = _with_dieux()
    unbounded = mitix_bots.FamixBot(seed=3, deals=8, model=mitix_bots.SHORT, eps=0.1)
    unbounded.choose(state, seat)
    assert unbounded.last_deals == 8
    per_deal = unbounded.last_nodes / 8
    budget = int(3.5 * per_deal)
    bounded = mitix_bots.FamixBot(seed=3, deals=8, model=mitix_bots.SHORT, eps=0.1,
                                  max_nodes=budget)
    choice = bounded.choose(state, seat)
    assert 2 <= bounded.last_deals < 8
    # Reproducible: the same seed searches the same deals and answers the same.
    again = mitix_bots.FamixBot(seed=3, deals=8, model=mitix_bots.SHORT, eps=0.1,
                                max_nodes=budget)
    assert again.choose(state, seat) == choice
    assert (again.last_deals, again.last_nodes) == (bounded.last_deals, bounded.last_nodes)


def test_without_a_dieu_one_deal_is_enough() -> None:
    seed = next(s for s in range(50)
                if not any(GAME.new(s, options={"mode": "famix"}).olympe))  # type: ignore[attr-defined]
    state = GAME.new(seed, options={"mode": "famix"})
    bot = mitix_bots.FamixBot(seed=3, deals=8, model=mitix_bots.SHORT, eps=0.1)
    bot.choose(state, state.to_act()[0])
    assert bot.last_deals == 1  # MX-20: no Dieu, no resources, every pile the same


def test_the_levels_deals_and_node_budget() -> None:
    difficile = make_bot("difficile:time=0", 0).bot_for("mitix")  # type: ignore[attr-defined]
    assert isinstance(difficile, mitix_bots.FamixBot)
    assert (difficile.deals, difficile.max_nodes) == (mitix_bots.DEALS,
                                                      mitix_bots.DIFFICILE_NODES)
    exact = make_bot("difficile:time=0:nodes=6", 0).bot_for("mitix")  # type: ignore[attr-defined]
    assert isinstance(exact, mitix_bots.FamixBot)
    assert (exact.deals, exact.max_nodes) == (6, None)  # nodes=N: exactly N deals
