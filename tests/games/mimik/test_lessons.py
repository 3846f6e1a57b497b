"""MIMIK's tutorial: 9 lessons played from positions, and the `position` option.

Each step's aim is written here again as a predicate over one legal action of the learner;
the step's solutions must be exactly the legal actions that satisfy it, so that a lesson can
neither refuse an action that reaches its aim nor accept one that does not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from ludotheque.core.conformance import check_lessons
from ludotheque.core.errors import OptionsError
from ludotheque.core.lessons import Lesson, progress
from ludotheque.core.record import Move, record_of, replay
from ludotheque.games.mimik import GAME
from ludotheque.games.mimik.cards import NAMES, printed
from ludotheque.games.mimik.rules import RESET_BASE, MimikState

from .test_rulings_index import RULINGS  # MK-1 to MK-29, the ids of shared/rules/mimik.md

LEARNER = 0
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}


# -- the aims, one predicate per step -----------------------------------------------------------

Aim = Callable[[MimikState, str], bool]


def after(state: MimikState, text: str) -> MimikState:
    out = state.clone()
    out.play(text, LEARNER)
    return out


def wins(state: MimikState, text: str) -> bool:
    """MK-9: the action brings the learner exactly to the target: the game ends, won."""
    result = after(state, text).result()
    return result is not None and result.winners == (LEARNER,)


def wins_this_turn(state: MimikState, text: str) -> bool:
    """The action wins, or leaves the learner a decision of the same turn that wins."""
    then = after(state, text)
    if then.is_over():
        return wins(state, text)
    if then.to_act() != (LEARNER,) or then.active != LEARNER:
        return False
    return any(wins(then, a.text()) for a in then.legal_actions(LEARNER))


def keeps_every_point(state: MimikState, text: str) -> bool:
    then = after(state, text)
    return not then.is_over() and then.score(LEARNER) == state.score(LEARNER)


def costs_the_opponent_most(state: MimikState, text: str) -> bool:
    def left(t: str) -> int:
        return after(state, t).score(1)
    return left(text) == min(left(a.text()) for a in state.legal_actions(LEARNER))


def skips_the_opponent(state: MimikState, text: str) -> bool:
    """MK-14, MK-18: after the action it is the learner's turn again."""
    then = after(state, text)
    return not then.is_over() and then.active == LEARNER and then.turns == state.turns + 2


def sends_the_opponent_to_25(state: MimikState, text: str) -> bool:
    """MK-7: the opponent ends the turn above the target and restarts at 25."""
    then = after(state, text)
    return not then.is_over() and then.base[1] == RESET_BASE and then.posed[1] == []


def hits_every_opponent(state: MimikState, text: str) -> bool:
    then = after(state, text)
    return not then.is_over() and all(then.score(s) < state.score(s)
                                      for s in range(1, state.players))


AIMS: dict[str, list[Aim]] = {
    "cinquante": [wins],  # MK-8, MK-9, MK-12
    "defausse": [keeps_every_point],  # MK-11
    "sabotage": [costs_the_opponent_most],  # MK-15, MK-19
    "echange": [wins],  # MK-16
    "pause": [skips_the_opponent],  # MK-14, MK-18
    "depassement": [sends_the_opponent_to_25],  # MK-7, MK-17
    "pickpocket": [wins_this_turn, wins],  # MK-21
    "tsunami": [hits_every_opponent],  # MK-23
    "mimik": [wins],  # MK-26
}


def start(lesson: Lesson) -> MimikState:
    state = GAME.new(lesson.seed, lesson.players, lesson.options)
    assert isinstance(state, MimikState)
    return state


def walk(lesson: Lesson) -> list[MimikState]:
    """The position at each step, the first solution and the replies played in between."""
    state = start(lesson)
    out = []
    for step in lesson.step:
        out.append(state.clone())
        state.play(step.solutions[0], LEARNER)
        for reply in step.replies:
            state.play(reply)
    return out


# -- the tutorial as a whole ---------------------------------------------------------------------

def test_the_tutorial_has_9_lessons_and_each_plays_to_its_end() -> None:
    assert list(LESSONS) == list(AIMS)  # easiest first, each with its aims written above
    assert check_lessons(GAME) == 9
    assert GAME.lessons() is GAME.lessons()  # loaded once


def test_the_lessons_teach_the_rules_a_new_player_needs() -> None:
    cited = {ruling for lesson in GAME.lessons() for ruling in lesson.rulings}
    taught = {f"MK-{n}" for n in (7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 23, 25,
                                  26, 27)}
    assert taught <= cited
    assert cited <= set(RULINGS)
    for lesson in GAME.lessons():
        assert lesson.learner == LEARNER and set(lesson.options) == {"position"}
        # Each lesson cites its rulings (in its data, for /learn); its success says why in
        # the game's words, without the ids a player need not read (issue #20).
        assert lesson.rulings
        assert not any(r in lesson.success.fr or r in lesson.success.en for r in RULINGS)


def test_every_text_is_in_french_and_english() -> None:
    for lesson in GAME.lessons():
        for words in (lesson.title, lesson.text, lesson.hint, lesson.success):
            assert words.fr.strip() and words.en.strip()
        assert lesson.text.fr != lesson.text.en


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_solutions_are_all_the_legal_actions_that_reach_the_aim(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert len(lesson.step) == len(AIMS[lesson_id])
    for state, step, aim in zip(walk(lesson), lesson.step, AIMS[lesson_id], strict=True):
        assert state.to_act() == (LEARNER,)
        legal = [a.text() for a in state.legal_actions(LEARNER)]
        reaching = {text for text in legal if aim(state, text)}
        assert reaching == set(step.solutions)
        assert all(GAME.parse(text).text() == text for text in step.solutions)
        # A later step is played from the first solution's position: a step with several
        # solutions is always the last one.
        assert len(step.solutions) == 1 or step is lesson.step[-1]


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_a_wrong_legal_action_misses_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    moves: list[tuple[int, str]] = []
    for number, (state, step) in enumerate(zip(walk(lesson), lesson.step, strict=True)):
        wrong = [a.text() for a in state.legal_actions(LEARNER)
                 if a.text() not in step.solutions]
        assert wrong, "a step where every action is right teaches nothing"
        missed = progress(lesson, [*moves, (LEARNER, wrong[0])])
        assert (missed.status, missed.step, missed.played) == ("missed", number, wrong[0])
        moves.append((LEARNER, step.solutions[0]))
    assert progress(lesson, moves).status == "solved"


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_every_solution_solves_its_step(lesson_id: str) -> None:
    # The site follows the learner's own choice: every solution must do.
    lesson = LESSONS[lesson_id]
    for state, step, aim in zip(walk(lesson), lesson.step, AIMS[lesson_id], strict=True):
        for solution in step.solutions:
            assert aim(state, solution)


def test_mk9_mk8_the_fifty_lesson_ends_won_and_nine_cannot_be_posed() -> None:
    state = start(LESSONS["cinquante"])
    assert "pose 9" not in [a.text() for a in state.legal_actions(LEARNER)]  # MK-8
    state.play("pose 8")
    result = state.result()
    assert result is not None and result.winners == (LEARNER,) and result.scores[0] == 50


def test_mk14_mk18_after_the_pause_the_opponent_skips_and_the_learner_plays_again() -> None:
    state = start(LESSONS["pause"])
    events = state.play("Pause")
    assert "skipped" in [e.kind for e in events] and state.to_act() == (LEARNER,)


def test_mk7_the_overshoot_lesson_sends_the_opponent_back_to_25() -> None:
    state = start(LESSONS["depassement"])
    events = state.play("Reverse 1.5")
    shot = [e for e in events if e.kind == "overshoot"]
    assert shot and shot[0].data["score"] == 53 and shot[0].ruling == "MK-7"
    assert state.score(1) == RESET_BASE


def test_mk21_the_pickpocket_lesson_shows_the_robbed_hand_then_wins() -> None:
    lesson = LESSONS["pickpocket"]
    state = start(lesson)
    assert "7" not in [NAMES[c] for c in state.hands[LEARNER]]
    state.play("Pickpocket 1")
    assert "7" in state.view(LEARNER)["robbed_hand"]
    state.play("take pose 7")
    assert state.is_over() and state.score(LEARNER) == 50


def test_mk23_the_tsunami_takes_each_opponents_highest_card() -> None:
    state = start(LESSONS["tsunami"])
    state.play("Tsunami")
    assert [state.score(s) for s in (1, 2)] == [36, 35]


def test_mk26_the_mimik_lesson_copies_the_opponents_8() -> None:
    state = start(LESSONS["mimik"])
    state.play("MIMIK = 8")
    assert state.is_over() and state.view(None)["posed"][0][-1] == ["MIMIK", 8, "8"]


# -- the position option -------------------------------------------------------------------------

POSITION = "hand: 3, 5, 8, 9, 10, Pause; posed: 10, 10, M7 / 4, 4; base: 0, 25; discard: Swap"


def all_cards(state: MimikState) -> Counter[int]:
    cards: Counter[int] = Counter(state.deck + state.discard)
    for seat in range(state.players):
        cards.update(state.hands[seat])
        cards.update(printed(c) for c in state.posed[seat])
    return cards


def test_a_game_can_start_from_a_position() -> None:
    state = GAME.new(3, 2, {"position": POSITION})
    assert isinstance(state, MimikState)
    assert [NAMES[c] for c in state.hands[0]] == ["3", "5", "8", "9", "10", "Pause"]
    assert len(state.hands[1]) == 5 and state.to_act() == (0,) and state.turns == 0
    assert [state.score(0), state.score(1)] == [27, 33]
    assert state.mimik_posed == [True, False]
    assert [NAMES[c] for c in state.discard] == ["Swap"]
    assert sum(all_cards(state).values()) == 120  # MK-1: the whole deck is still there
    other = GAME.new(4, 2, {"position": POSITION})
    assert isinstance(other, MimikState)
    assert other.hands[0] == state.hands[0] and other.posed == state.posed


def test_a_position_game_records_and_replays() -> None:
    options = {"position": POSITION}
    state = GAME.new(3, 2, options)
    state.play("pose 3")
    record = record_of(GAME, 3, 2, options, [Move(0, "pose 3")], state)
    again = replay(GAME, record)
    assert isinstance(again, MimikState)
    assert again.to_json() == state.to_json()
    assert MimikState.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(("position", "players", "reason"), [
    ("hand: 3; posed: 10", 3, r"1 seat\(s\) given for 3 players"),
    ("posed: 10 / -", 2, "needs a hand: and a posed: section"),
    ("hand: 3, Banana; posed: - / -", 2, "'Banana' is not a MIMIK card"),
    ("hand: 1, 2, 3, 4, 5, 6, 7; posed: - / -", 2, "1 to 6 cards, not 7"),
    ("hand: 3; posed: 11 / -", 2, "'11' is no posed card"),
    ("hand: 3; posed: M7, M8 / -", 2, r"one MIMIK per player \(MK-25\)"),
    ("hand: 3; posed: 10 / -; base: 10, 0", 2, "a base is 0 or 25"),
    ("hand: 10, 10, 10, 10; posed: 10, 10, 10, 10 / 10", 2, "no more 10 cards"),
    ("hand: 3; posed: 10, 10, 10, 10, 10 / -", 2, "starts at 50 points"),
    ("hand: 3; posed: - / -; colour: red", 2, "expected one of"),
])
def test_a_wrong_position_is_refused_with_its_reason(position: str, players: int,
                                                     reason: str) -> None:
    with pytest.raises(OptionsError, match=reason):
        GAME.new(0, players, {"position": position})


def test_a_misspelt_card_gets_a_did_you_mean() -> None:
    with pytest.raises(OptionsError, match=re.escape(
            "'Sabotag' is not a MIMIK card (did you mean \"Sabotage\"?)")):
        GAME.new(0, 2, {"position": "hand: Sabotag; posed: - / -"})


def test_mk4_mk5_a_team_position_scores_each_team_and_gives_each_team_a_base() -> None:
    # Seats 0 and 2 play together at four (MK-4); their posed cards make one score (MK-5).
    position = "hand: 3, 4; posed: 10 / 9 / 8 / -; base: 25, 0"
    state = GAME.new(1, 4, {"team": True, "position": position})
    assert isinstance(state, MimikState)
    assert [state.score(s) for s in range(4)] == [43, 9, 43, 9]
    assert [len(h) for h in state.hands] == [2, 5, 5, 5]
    with pytest.raises(OptionsError, match=r"3 base\(s\) given for 2 sides"):
        GAME.new(1, 4, {"team": True, "position": position.replace("25, 0", "0, 0, 0")})


def test_mk4_beginner_mode_has_no_mimik_for_a_position() -> None:
    with pytest.raises(OptionsError, match="no more MIMIK cards"):
        GAME.new(0, 2, {"position": "hand: MIMIK; posed: - / -", "beginner": True})


def test_ordinary_options_dump_as_before() -> None:
    assert GAME.options({}).model_dump(mode="json") == {
        "target": 50, "team": False, "beginner": False}
    assert all("position" not in c.options.model_dump(mode="json") for c in GAME.configs())
    with_position = GAME.options({"position": POSITION}).model_dump(mode="json")
    assert with_position["position"] == POSITION
