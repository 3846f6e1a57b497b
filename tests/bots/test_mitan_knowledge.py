"""Mitan's bot knowledge: learnt values (their file), mobility, the draft and the placement."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core.errors import DataError
from ludotheque.games.mitan import GAME, MitanState
from ludotheque.games.mitan import bots as mitan_bots
from ludotheque.games.mitan.board import (
    ARCHER,
    CAVALIER,
    CHEF,
    GRIFFON,
    KIND_OF_CODE,
    LANCIER,
    MOINE,
    PORTE_BOUCLIER,
    SIZE,
    square,
)
from ludotheque.games.mitan.bots import (
    ROUGH_VALUES,
    Values,
    learnt_values,
    level_bot,
    load_values_file,
    make_evaluation,
    pick_worth,
)
from ludotheque.games.mitan.notation import Pick, Place
from ludotheque.games.mitan.rules import BATTLE, DRAFT_ORDER, PLACEMENT

SHIPPED = Path(mitan_bots.__file__).parent / mitan_bots.VALUES_FILE


# -- the values file ------------------------------------------------------------------------------
def test_the_shipped_values_load_and_every_market_piece_has_one() -> None:
    values = learnt_values()
    assert values == load_values_file(SHIPPED)
    assert values.pieces[CHEF] == 0.0
    assert all(values.pieces[k] > 0 for k in range(2, 14))


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mitan_values.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_misspelt_field_names_the_file_the_piece_and_the_field(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index('name = "Lancier"')
    path = tmp_path / "mitan_values.toml"
    path.write_text(text[:start] + text[start:].replace("value =", "vaule =", 1),
                    encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_values_file(path)
    message = str(caught.value)
    assert str(path) in message
    assert 'piece "Lancier", field "vaule": unknown field (did you mean "value"?)' in message


def test_a_code_that_is_not_the_piece_named_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'code = "M"', 'code = "L"')
    with pytest.raises(DataError, match=r'piece "Moine", field "name": code "L" is the Lancier'):
        load_values_file(path)


def test_mt13_the_chef_has_no_value_to_learn(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'code = "F"', 'code = "C"')
    with pytest.raises(DataError, match=r'piece "Fantassin", field "code": unknown market piece'
                                        r' code "C"'):
        load_values_file(path)


def test_a_misspelt_weight_names_its_table_and_field(tmp_path: Path) -> None:
    path = _broken(tmp_path, "mobility =", "mobilty =")
    with pytest.raises(DataError, match=r'table "weights", field "mobilty": unknown field'):
        load_values_file(path)


def test_a_negative_value_is_refused(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index('name = "Archer"')
    end = text.index("\n", text.index("value =", start))
    path = tmp_path / "mitan_values.toml"
    path.write_text(text[:start] + 'name = "Archer"\nvalue = -1.0' + text[end:],
                    encoding="utf-8")
    with pytest.raises(DataError, match=r'piece "Archer", field "value": Input should be greater'):
        load_values_file(path)


# -- mobility -------------------------------------------------------------------------------------
def test_mobility_prefers_the_freer_position() -> None:
    """Same pieces, all on squares with no closeness to the Mitans: the Fantassin on b1 hems in
    the Lancier on a1 (MT-5: a slide stops at the first piece), on h1 it does not."""
    boxed = GAME.position("4c4/9/9/9/9/9/9/9/LF2C4 w")
    free = GAME.position("4c4/9/9/9/9/9/9/9/L3C2F1 w")
    with_mobility = make_evaluation(Values(ROUGH_VALUES, mobility=0.05))
    without = make_evaluation(Values(ROUGH_VALUES, mobility=0.0))
    assert without(free, 0) == pytest.approx(without(boxed, 0))
    assert with_mobility(free, 0) > with_mobility(boxed, 0)
    assert with_mobility(free, 1) < with_mobility(boxed, 1)


# -- the draft ------------------------------------------------------------------------------------
EQUAL = Values(tuple(0.0 if k < 2 else 2.0 for k in range(14)))


def draft_state(white: str, black: str, market: str) -> MitanState:
    """White to make pick 13 of 14 (MT-14: ... W B), the armies and the market as written."""
    state = GAME.new(0)
    assert isinstance(state, MitanState)
    state.market = [0] * 14
    for code in market:
        state.market[KIND_OF_CODE[code]] += 1
    for seat, army in enumerate((white, black)):
        state.drafted[seat] = [0] * 14
        for code in army:
            state.drafted[seat][KIND_OF_CODE[code]] += 1
        state.reserve[seat] = state.drafted[seat][:]
        state.reserve[seat][CHEF] = 1
    state.picks = 12
    assert DRAFT_ORDER[12:] == (0, 1)
    return state


def test_mt9_the_first_porte_bouclier_is_worth_more_than_another_piece() -> None:
    none: list[int] = [0] * 14
    one_shield = [0] * 14
    one_shield[PORTE_BOUCLIER] = 1
    assert pick_worth(PORTE_BOUCLIER, none, none, EQUAL.pieces) > pick_worth(
        LANCIER, none, none, EQUAL.pieces)
    assert pick_worth(PORTE_BOUCLIER, one_shield, one_shield, EQUAL.pieces) == pytest.approx(
        pick_worth(LANCIER, none, none, EQUAL.pieces))


@pytest.mark.parametrize("level", ["moyen", "difficile"])
def test_mt9_the_draft_takes_a_porte_bouclier_to_guard_the_chef(level: str) -> None:
    """Every piece worth the same: the one that can make the Chef uncapturable is taken."""
    state = draft_state("LMSGKA", "LMSGKA", "FPB")
    bot = level_bot(level, 0, None, None, EQUAL)
    assert bot.choose(state, 0) == Pick(PORTE_BOUCLIER)


def test_mt14_a_third_copy_is_worth_less_than_a_new_kind() -> None:
    """The Lancier is worth a bit more than the Archer, but a third Lancier adds less, and
    Black, last to pick, gets what White leaves: White takes the Archer."""
    values = Values(tuple(2.5 if k == LANCIER else 2.3 if k == ARCHER else 0.0 if k < 2
                          else 2.0 for k in range(14)))
    state = draft_state("LLMSGK", "MSGKAB", "LA")
    assert level_bot("moyen", 0, None, None, values).choose(state, 0) == Pick(ARCHER)
    state = draft_state("FMSGKB", "MSGKAB", "LA")  # no Lancier yet: the Lancier
    assert level_bot("moyen", 0, None, None, values).choose(state, 0) == Pick(LANCIER)


# -- the placement --------------------------------------------------------------------------------
def placement_state(seed: int) -> MitanState:
    """The start of the open placement (MT-15) after a draft of the first picks offered."""
    state = GAME.new(seed)
    assert isinstance(state, MitanState)
    while state.phase != PLACEMENT:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mt15_the_chef_goes_on_the_back_rank(seed: int) -> None:
    state = placement_state(seed)
    bot = level_bot("moyen", seed, None, None)
    for seat, back in ((0, 0), (1, SIZE - 1)):
        action = bot.choose(state, seat)
        assert isinstance(action, Place) and action.kind == CHEF
        assert action.square // SIZE == back
        state.apply(seat, action)


@pytest.mark.parametrize(("kind", "good", "poor"), [
    (GRIFFON, "e2", "a2"),  # jumps exactly 3 (a Mitan from e2)
    (ARCHER, "b2", "a1"),  # MT-7: shoots e5 along the diagonal from b2
    (LANCIER, "c2", "i2"),
    (MOINE, "d2", "i1"),
    (CAVALIER, "g2", "h2"),
])
def test_mt15_pieces_that_reach_a_mitan_at_once_are_placed_where_they_do(
        kind: int, good: str, poor: str) -> None:
    worth = mitan_bots.PLACEMENT_WORTH
    assert worth[kind * 2][square(good)] > worth[kind * 2][square(poor)]
    # Black's camp mirrors White's (MT-3).
    mirror = f"{good[0]}{SIZE + 1 - int(good[1])}"
    assert worth[kind * 2 + 1][square(mirror)] == worth[kind * 2][square(good)]


def test_mt15_placement_orders_the_best_square_first() -> None:
    state = placement_state(0)
    legal = state.legal_actions(0)
    first = mitan_bots.order(state, 0, list(legal))[0]
    assert isinstance(first, Place) and first.kind == CHEF and first.square // SIZE == 0


def test_mt16_the_hidden_placement_is_placed_by_the_placement_strategy() -> None:
    state = GAME.new(0, 2, {"placement": "hidden"})
    assert isinstance(state, MitanState)
    while state.phase != PLACEMENT:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    bot = level_bot("difficile", 0, None, None)
    for seat, back in ((0, 0), (1, SIZE - 1)):
        action = bot.choose(state, seat)
        assert isinstance(action, Place) and action.kind == CHEF
        assert action.square // SIZE == back
        state.apply(seat, action)
    # A Griffon goes where one jump reaches a Mitan (c2, e2, g2) while one of those is free.
    reaching = [square(name) for name in ("c2", "e2", "g2")]
    griffons = 0
    while state.reserve[0][GRIFFON]:
        action = bot.choose(state, 0)
        assert isinstance(action, Place)
        if action.kind == GRIFFON:
            griffons += 1
            assert action.square in reaching or all(state.board[sq] for sq in reaching)
        state.apply(0, action)
    assert griffons == 2


@pytest.mark.parametrize("values", [learnt_values(), Values(ROUGH_VALUES, mobility=0.05)])
def test_the_battle_evaluation_is_the_weighted_sum_of_the_terms_the_tuner_fits(
        values: Values) -> None:
    state = GAME.new(3)
    assert isinstance(state, MitanState)
    evaluate = make_evaluation(values)
    checked = 0
    while not state.is_over() and checked < 40:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[len(legal) // 3])
        if state.phase == BATTLE:
            white, black = mitan_bots.terms(state)
            expected = sum(w * (a - b) for w, a, b in zip(values.weights(), white, black,
                                                          strict=True))
            assert evaluate(state, 0) * 20.0 == pytest.approx(expected)
            checked += 1
    assert checked
