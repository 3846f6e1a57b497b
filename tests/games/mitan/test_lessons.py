"""Mitan's tutorial (MT-27): 15 lessons played from positions, and the `position` option.

Each lesson's aim is written here again as a predicate over one legal action of its position;
the lesson's solutions must be exactly the legal actions that satisfy it, so that a lesson
can neither refuse a move that reaches its aim nor accept one that does not.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from ludotheque.core.conformance import check_lessons
from ludotheque.core.errors import OptionsError
from ludotheque.core.lessons import Lesson, progress
from ludotheque.core.record import Move, Record, record_of, replay
from ludotheque.games.mitan import GAME, MitanState
from ludotheque.games.mitan.board import MITANS, WHITE
from ludotheque.games.mitan.game import MitanOptions

from .helpers import naive_actions

WHITE_SEAT, BLACK_SEAT = 0, 1
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}
# The rulings of the battle and of the end the tutorial must teach (MT-27).
TAUGHT = [f"MT-{n}" for n in (5, 6, 7, 8, 9, 10, 11, 12, 17, 20, 21, 22, 23)]


# -- the aims, one predicate per lesson ----------------------------------------------------------

Aim = Callable[[MitanState, str], bool]


def after(state: MitanState, text: str) -> MitanState:
    out = state.clone()
    out.play(text)
    return out


def wins_by(state: MitanState, reason: str) -> bool:
    result = state.result()
    return result is not None and result.winners == (WHITE_SEAT,) and result.reason == reason


def white_mitans(state: MitanState) -> int:
    return sum(1 for m in MITANS if state.board[m] and state.board[m] & 1 == WHITE)


def takes_the_chef(state: MitanState, text: str) -> bool:
    """MT-20: the action captures the Black Chef, which wins at once."""
    return wins_by(after(state, text), "chef_captured")


def captures(state: MitanState, text: str) -> bool:
    return after(state, text).material[BLACK_SEAT] < state.material[BLACK_SEAT]


def captures_the_envouteur(state: MitanState, text: str) -> bool:
    return any(e.data.get("captured") == "e" for e in state.clone().play(text))


def takes_a_mitan(state: MitanState, text: str) -> bool:
    return white_mitans(after(state, text)) > white_mitans(state)


def black_must_pass(state: MitanState, text: str) -> bool:
    """MT-17: after the action Black has no legal action but the pass."""
    then = after(state, text)
    return not then.is_over() and then.legal_texts(BLACK_SEAT) == ["pass"]


def chef_is_safe(state: MitanState, text: str) -> bool:
    """No Black reply captures White's Chef after the action."""
    then = after(state, text)
    if then.is_over():
        return False
    for reply in then.legal_texts(BLACK_SEAT):
        result = after(then, reply).result()
        if result is not None and result.reason == "chef_captured":
            return False
    return True


def wins_whatever_black_replies(reason: str) -> Aim:
    def aim(state: MitanState, text: str) -> bool:
        then = after(state, text)
        return not then.is_over() and all(wins_by(after(then, reply), reason)
                                          for reply in then.legal_texts(BLACK_SEAT))
    return aim


def annihilates(state: MitanState, text: str) -> bool:
    return wins_by(after(state, text), "annihilation")


AIMS: dict[str, Aim] = {
    "chef": takes_the_chef,
    "fantassin": takes_the_chef,
    "lancier-moine-cavalier": takes_the_chef,
    "sauteur-griffon": takes_the_chef,
    "archer": takes_the_chef,
    "belier": takes_the_chef,
    "porte-bouclier": captures,
    "belier-bouclier": takes_a_mitan,
    "envouteur": captures_the_envouteur,
    "une-action": black_must_pass,
    "passeur": chef_is_safe,
    "espion": takes_a_mitan,
    "aneantissement": annihilates,
    "centre": wins_whatever_black_replies("centre_held"),  # MT-21
    "limite": wins_whatever_black_replies("half_move_limit"),  # MT-23
}


def start(lesson: Lesson) -> MitanState:
    state = GAME.new(lesson.seed, lesson.players, lesson.options)
    assert isinstance(state, MitanState)
    return state


# -- the tutorial as a whole ---------------------------------------------------------------------

def test_mt27_the_tutorial_has_15_lessons_and_each_plays_to_its_end() -> None:
    assert len(GAME.lessons()) == 15
    assert list(LESSONS) == list(AIMS)  # easiest first, each with its aim written above
    assert check_lessons(GAME) == 15
    assert GAME.lessons() is GAME.lessons()  # loaded once


def test_mt27_every_rule_of_the_battle_and_the_end_is_taught() -> None:
    cited = {ruling for lesson in GAME.lessons() for ruling in lesson.rulings}
    assert set(TAUGHT) <= cited
    for lesson in GAME.lessons():
        assert lesson.learner == WHITE_SEAT and set(lesson.options) == {"position"}
        # Each lesson cites its rulings (in its data, for /learn); its success says why in
        # the game's words, without the ids a player need not read (issue #20).
        assert lesson.rulings
        assert "MT-" not in lesson.success.fr and "MT-" not in lesson.success.en


def test_mt27_every_text_is_in_french_and_english() -> None:
    for lesson in GAME.lessons():
        for words in (lesson.title, lesson.text, lesson.hint, lesson.success):
            assert words.fr.strip() and words.en.strip()
            assert words.fr != words.en


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_mt27_solutions_are_all_the_legal_moves_that_reach_the_aim(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert len(lesson.step) == 1  # one position each; a reply may show the outcome
    state = start(lesson)
    legal = state.legal_texts(WHITE_SEAT)
    reaching = {text for text in legal if AIMS[lesson_id](state, text)}
    assert reaching == set(lesson.step[0].solutions)
    assert all(GAME.parse(text).text() == text for text in lesson.step[0].solutions)


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_mt27_each_lesson_position_has_the_legal_moves_of_a_second_reading(
        lesson_id: str) -> None:
    # The naive generator (helpers.py) reads MT-5..MT-12 again without the engine's tables,
    # so a lesson cannot lean on a slip of the engine.
    lesson = LESSONS[lesson_id]
    state = start(lesson)
    assert set(state.legal_texts(WHITE_SEAT)) == naive_actions(lesson.options["position"])


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_mt27_a_wrong_legal_move_misses_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    state = start(lesson)
    wrong = [t for t in state.legal_texts(WHITE_SEAT) if t not in lesson.step[0].solutions]
    assert wrong, "a lesson where every move is right teaches nothing"
    missed = progress(lesson, [(WHITE_SEAT, wrong[0])])
    assert (missed.status, missed.step, missed.played) == ("missed", 0, wrong[0])


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_mt27_every_solution_is_followed_by_the_reply_and_solves_the_lesson(
        lesson_id: str) -> None:
    # The site plays the step's reply whichever solution the learner chose.
    lesson = LESSONS[lesson_id]
    step = lesson.step[0]
    for solution in step.solutions:
        state = start(lesson)
        state.play(solution)
        moves = [(WHITE_SEAT, solution)]
        if step.reply is not None:
            assert progress(lesson, moves).reply == step.reply
            state.play(step.reply)
            moves.append((BLACK_SEAT, step.reply))
        assert progress(lesson, moves).status == "solved"


def test_mt21_the_centre_lesson_ends_held_at_the_start_of_the_learners_next_turn() -> None:
    lesson = LESSONS["centre"]
    state = start(lesson)
    assert state.streak == [1, 0] and white_mitans(state) == 2  # held at this turn's start
    state.play("Sg3-g5")
    assert not state.is_over()
    events = state.play("Ge8xe5")  # the Griffon retakes e5, White still holds c5 and g5
    assert [e.kind for e in events][-2:] == ["centre", "end"]
    assert wins_by(state, "centre_held")


def test_mt23_the_limit_lesson_ends_on_centre_points() -> None:
    state = start(LESSONS["limite"])
    state.play("Le3xe5")
    state.play("Fh8-h7")
    assert wins_by(state, "half_move_limit") and state.points == [12, 11] and state.ply == 150


def test_mt17_in_the_one_action_lesson_black_passes() -> None:
    state = start(LESSONS["une-action"])
    state.play("Eb7-a8")
    events = state.play("pass")
    assert events[0].kind == "pass" and events[0].ruling == "MT-17" and not state.is_over()


# -- the position option (MT-27) -----------------------------------------------------------------

POSITION = "3p4c/4g4/9/9/2L1F4/9/6S2/9/C8 w 20 1,0 9,4"


def test_mt27_a_game_can_start_from_a_battle_position() -> None:
    state = GAME.new(5, 2, {"position": POSITION})
    assert isinstance(state, MitanState)
    assert state.fen() == POSITION and state.to_act() == (WHITE_SEAT,)
    assert state.view(None)["phase"] == "battle"
    other_seed = GAME.new(9, 2, {"position": POSITION})  # the battle has no chance in it
    assert isinstance(other_seed, MitanState) and other_seed.fen() == POSITION


def test_mt27_a_malformed_position_is_refused_with_the_notation_reason() -> None:
    with pytest.raises(OptionsError, match=r"position: .*a position has 9 ranks"):
        GAME.options({"position": "4c4/9/4C4 w"})
    with pytest.raises(OptionsError, match="each side has exactly one Chef"):
        GAME.new(0, 2, {"position": "9/9/9/9/9/9/9/9/4C4 w"})
    with pytest.raises(OptionsError, match="rank 9: unexpected 'z'"):
        GAME.new(0, 2, {"position": "4z4/9/9/9/9/9/9/9/4C4 w"})


def test_mt27_mt16_a_position_cannot_have_a_hidden_placement() -> None:
    with pytest.raises(OptionsError, match="hidden placement"):
        GAME.new(0, 2, {"position": POSITION, "placement": "hidden"})


def test_mt27_the_configs_are_unchanged() -> None:
    assert [(c.label, c.options) for c in GAME.configs()] == [
        ("open", MitanOptions()), ("hidden", MitanOptions(placement="hidden"))]


def test_mt27_a_record_from_a_position_replays() -> None:
    lesson = LESSONS["centre"]
    state = start(lesson)
    texts = ["Sg3-g5", "Ge8xe5"]
    for text in texts:
        state.play(text)
    moves = [Move(seat, text) for seat, text in zip((0, 1), texts, strict=True)]
    record = record_of(GAME, lesson.seed, 2, lesson.options, moves, state)
    again = Record.from_json(json.loads(record.dumps()))
    replayed = replay(GAME, again)  # checks the stored result too
    assert isinstance(replayed, MitanState)
    assert replayed.fen() == state.fen() and replayed.result() == state.result()
