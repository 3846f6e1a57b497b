"""Mindbug's tutorial: 10 lessons played from positions, and the `position` option.

Each step's aim is written here again as a predicate over one legal action of the learner;
the step's solutions must be exactly the legal actions that satisfy it, so that a lesson can
neither refuse an action that reaches its aim nor accept one that does not. Aims about "this
turn" are searched to the end of the turn: the learner's decisions are hers to choose, the
tutor's (a Mindbug, a block, a target) may be any of theirs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from ludotheque.core.conformance import check_lessons
from ludotheque.core.errors import OptionsError
from ludotheque.core.lessons import Lesson, progress
from ludotheque.core.record import Move, Record, record_of, replay
from ludotheque.core.rng import Rng
from ludotheque.games.mindbug import GAME, MindbugOptions
from ludotheque.games.mindbug.cards import catalogue
from ludotheque.games.mindbug.rules import EXHAUSTED, MindbugState

from .test_rulings_index import RULINGS

LEARNER, TUTOR = 0, 1
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}
# The rulings file, when this checkout sits below the project's shared folder.
RULINGS_FILES = [p / "shared" / "rules" / "mindbug.md" for p in Path(__file__).resolve().parents]
# The rulings of the turn, the fights, the Mindbug, the keywords and the end the tutorial teaches.
TAUGHT = [f"MB-{n}" for n in (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18)]


# -- the aims ------------------------------------------------------------------------------------

Aim = Callable[[MindbugState, str], bool]
Goal = Callable[[MindbugState], bool]


def after(state: MindbugState, text: str) -> MindbugState:
    out = state.clone()
    out.play(text)
    return out


def forces(state: MindbugState, goal: Goal, turn: int) -> bool:
    """The learner can reach `goal` at the end of turn `turn`, whatever the tutor decides."""
    if state.is_over() or state.turn != turn:
        return goal(state)
    seat = state.to_act()[0]
    outcomes = (forces(after(state, t), goal, turn) for t in state.legal_texts(seat))
    return any(outcomes) if seat == LEARNER else all(outcomes)


def this_turn(goal: Callable[[MindbugState, MindbugState], bool]) -> Aim:
    """The action reaches `goal(before, end of turn)` by the end of the current turn."""
    def aim(state: MindbugState, text: str) -> bool:
        return forces(after(state, text), lambda end: goal(state, end), state.turn)
    return aim


def attack_and(aim: Aim) -> Aim:
    return lambda state, text: text.startswith("attack ") and aim(state, text)


def is_action(wanted: str) -> Aim:
    """A step whose text asks for one named action (a set-up move before the lesson's point)."""
    return lambda state, text: text == wanted


def won(_: MindbugState, end: MindbugState) -> bool:
    """MB-18: the tutor fell to 0 life (or could not act, MB-6): the learner wins."""
    result = end.result()
    return result is not None and result.winners == (LEARNER,)


def keeps_creatures(before: MindbugState, end: MindbugState) -> bool:
    """The learner is still in the game and none of her creatures left play."""
    result = end.result()
    alive = result is None or result.winners == (LEARNER,)
    return alive and set(before.boards[LEARNER]) <= set(end.boards[LEARNER])


def defeats_an_enemy_and_keeps(before: MindbugState, end: MindbugState) -> bool:
    gone = [c for c in before.boards[TUTOR] if c not in end.boards[TUTOR]]
    return keeps_creatures(before, end) and any(c in end.discards[TUTOR] for c in gone)


def gorillion_in_my_discard(_: MindbugState, end: MindbugState) -> bool:
    """MB-16: a defeated creature goes to its owner's discard pile, whoever controlled it."""
    return any(end.key(c) == "gorillion" for c in end.discards[LEARNER])


def takes_the_played_creature(state: MindbugState, text: str) -> bool:
    """MB-7: the creature the tutor played enters play on the learner's side."""
    then = after(state, text)
    return len(then.boards[LEARNER]) > len(state.boards[LEARNER])


AIMS: dict[str, list[Aim]] = {
    "jouer": [this_turn(won)],
    "attaquer": [this_turn(won)],
    "bloquer": [is_action("play scarabouclier#0"), this_turn(defeats_an_enemy_and_keeps)],
    "mindbug": [is_action("attack neuromouche#5"), takes_the_played_creature],
    "vole": [is_action("play gorillion#0"), this_turn(gorillion_in_my_discard)],
    "venimeux-coriace": [attack_and(this_turn(keeps_creatures))],
    "chasseur": [this_turn(defeats_an_enemy_and_keeps)] * 2,
    "furtif": [this_turn(won)],
    "furie": [this_turn(won)] * 2,
    "sans-action": [this_turn(won)],
}


def start(lesson: Lesson) -> MindbugState:
    state = GAME.new(lesson.seed, lesson.players, lesson.options)
    assert isinstance(state, MindbugState)
    return state


def walk(lesson: Lesson) -> list[tuple[MindbugState, list[tuple[int, str]]]]:
    """The state before each step (the first solution and the replies played), with moves."""
    state = start(lesson)
    moves: list[tuple[int, str]] = []
    out = []
    for step in lesson.step:
        out.append((state.clone(), list(moves)))
        state.play(step.solutions[0])
        moves.append((LEARNER, step.solutions[0]))
        for reply in step.replies:
            state.play(reply)
            moves.append((TUTOR, reply))
    return out


# -- the tutorial as a whole ---------------------------------------------------------------------

def test_the_tutorial_has_10_lessons_and_each_plays_to_its_end() -> None:
    assert len(GAME.lessons()) == 10
    assert list(LESSONS) == list(AIMS)  # easiest first, each with its aims written above
    assert check_lessons(GAME) == 10
    assert GAME.lessons() is GAME.lessons()  # loaded once


def test_every_ruling_cited_exists_and_the_rules_of_play_are_taught() -> None:
    known = set(RULINGS)
    for path in filter(Path.exists, RULINGS_FILES):
        text = path.read_text(encoding="utf-8")
        assert set(re.findall(r"^- (MB-\d+) ", text, re.M)) == known
    cited = {ruling for lesson in GAME.lessons() for ruling in lesson.rulings}
    assert cited <= known
    assert set(TAUGHT) <= cited
    for lesson in GAME.lessons():
        assert lesson.learner == LEARNER and lesson.players == 2
        assert set(lesson.options) == {"position"}
        # It cites its rulings in its data; its success says why in the game's words,
        # without the ids a player need not read (issue #20).
        assert lesson.rulings
        for words in (lesson.success.fr, lesson.success.en):
            assert not re.findall(r"MB-\d+", words)


def test_every_text_is_in_french_and_english() -> None:
    for lesson in GAME.lessons():
        for words in (lesson.title, lesson.text, lesson.hint, lesson.success):
            assert words.fr.strip() and words.en.strip()
            assert words.fr != words.en


def test_the_texts_name_no_hidden_card_of_the_tutor() -> None:
    # The tutor's hand and every draw pile are hidden (MB-3); a card played later is named
    # only in the success text, shown once it is public.
    cat = catalogue()
    for lesson in GAME.lessons():
        state = start(lesson)
        public = {state.key(c) for b in state.boards for c in b}
        public |= {state.key(c) for c in state.hands[LEARNER]}
        for key in {state.key(c) for c in state.hands[TUTOR]} - public:
            creature = cat.get(key)
            assert creature is not None
            for words in (lesson.text, lesson.hint):
                for name in (creature.name, creature.name_en):
                    assert name not in words.fr + words.en, (lesson.id, name)


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_solutions_are_all_the_legal_actions_that_reach_the_aim(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert len(AIMS[lesson_id]) == len(lesson.step)
    for number, ((state, _), step, aim) in enumerate(
            zip(walk(lesson), lesson.step, AIMS[lesson_id], strict=True)):
        assert state.to_act() == (LEARNER,)
        legal = state.legal_texts(LEARNER)
        reaching = [text for text in legal if aim(state, text)]
        assert reaching == list(step.solutions), (lesson_id, number)
        assert all(GAME.parse(text).text() == text for text in step.solutions)
        if number < len(lesson.step) - 1:
            # A later step is played from the position after this one's solution: one only.
            assert len(step.solutions) == 1


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_a_wrong_legal_action_misses_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    for number, ((state, moves), step) in enumerate(zip(walk(lesson), lesson.step,
                                                        strict=True)):
        wrong = [t for t in state.legal_texts(LEARNER) if t not in step.solutions]
        assert wrong, "a step where every action is right teaches nothing"
        missed = progress(lesson, [*moves, (LEARNER, wrong[0])])
        assert (missed.status, missed.step, missed.played) == ("missed", number, wrong[0])


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_the_lesson_is_solved_after_its_last_step(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    state, moves = walk(lesson)[-1]
    last = lesson.step[-1]
    for solution in last.solutions:
        then = state.clone()
        then.play(solution)
        done = [*moves, (LEARNER, solution)]
        for reply in last.replies:
            assert progress(lesson, done).reply == reply
            then.play(reply)
            done.append((TUTOR, reply))
        assert progress(lesson, done).status == "solved"


def test_mb11_mb14_the_scorpion_is_exhausted_and_the_gorillion_defeated() -> None:
    lesson = LESSONS["venimeux-coriace"]
    state = start(lesson)
    state.play("attack scorpion-blinde#5")
    state.play("block gorillion#10")
    assert state.boards[TUTOR] == [] and [state.key(c) for c in state.discards[TUTOR]] == [
        "gorillion"]
    assert 5 in state.boards[LEARNER] and state.flags[5] & EXHAUSTED


def test_mb7_mb16_the_stolen_gorillion_goes_back_to_its_owner() -> None:
    state = start(LESSONS["vole"])
    state.play("play gorillion#0")
    state.play("mindbug")
    assert state.boards[TUTOR] == [0] and state.to_act() == (LEARNER,)  # MB-7: act again
    state.play("play tigrecureuil#1")
    assert 0 in state.discards[LEARNER] and state.mindbugs == [2, 0]


# -- the position option -------------------------------------------------------------------------

POSITION = ("gorillion,tigrecureuil/rhino-tortue!,arachnhibou/abeille-tueuse/kangousaurus-rex"
            " 1 2,3 1,0")


def test_a_game_can_start_from_a_position() -> None:
    state = GAME.new(3, 2, {"position": POSITION})
    assert isinstance(state, MindbugState)
    assert state.to_act() == (1,) and state.active == 1
    assert state.life == [2, 3] and state.mindbugs == [1, 0]
    assert [state.key(c) for c in state.hands[0][:2]] == ["gorillion", "tigrecureuil"]
    assert state.hands[0][:2] == [0, 1] and state.boards[0] == [2, 3]
    assert state.cards_of(0) == ["rhino-tortue", "arachnhibou"]
    assert state.cards_of(1) == ["kangousaurus-rex"] and state.key(10) == "abeille-tueuse"
    assert state.flags[2] & EXHAUSTED and not state.flags[3] & EXHAUSTED  # MB-11
    assert [len(h) for h in state.hands] == [5, 5]  # MB-5: refilled from the draw pile
    assert [len(p) for p in state.piles] == [3, 4]
    # The deck is still the box (MB-1); the placed cards swapped with others.
    assert sorted(state.kind) == sorted(catalogue().deck())
    # In play since an earlier turn: it may attack (MB-9).
    assert "attack kangousaurus-rex#11" in state.legal_texts(1)


def test_mb5_a_position_may_shorten_the_draw_piles() -> None:
    state = GAME.new(3, 2, {"position": f"{POSITION.split(' 1 ')[0]} 0 3,3 2,2 2,0"})
    assert isinstance(state, MindbugState)
    # Seat 1: one card in hand, one in play, no draw pile: its hand is never refilled (MB-5).
    assert [len(p) for p in state.piles] == [0, 0] and [len(h) for h in state.hands] == [4, 1]
    assert len(state.unused) == 28 + 4 + 8
    assert all(state.owner[c] == -1 for c in state.unused)
    assert sorted(state.kind) == sorted(catalogue().deck())


def test_mb6_the_last_lesson_ends_with_a_player_who_cannot_act() -> None:
    state = start(LESSONS["sans-action"])
    state.play("play kangousaurus-rex#0")
    result = state.result()
    assert result is not None and result.reason == "no_action" and result.ruling == "MB-6"
    assert state.life == [3, 3]


def test_a_position_hides_what_the_rules_hide() -> None:
    state = GAME.new(3, 2, {"position": POSITION})
    assert isinstance(state, MindbugState)
    hands = state.view(0)["hands"]
    assert isinstance(hands, list) and hands[1] == {"count": 5, "cards": []}
    spectator = state.view(None)["hands"]
    assert isinstance(spectator, list)
    assert all(isinstance(h, dict) and h["cards"] == [] for h in spectator)
    other = state.determinize(0, Rng(1))
    assert other.hands[0] == state.hands[0] and other.boards == state.boards
    assert [other.key(c) for c in other.hands[0]] == [state.key(c) for c in state.hands[0]]


@pytest.mark.parametrize(("text", "reason"), [
    ("gorillion/// 0 3,3", "a position is"),
    ("gorillion// 0 3,3 2,2", "four zones"),
    ("licorne/// 0 3,3 2,2", "no creature 'licorne'"),
    ("gorillion/gorillion// 0 3,3 2,2", "the box has 1"),
    ("/// 2 3,3 2,2", "first seat is 0 or 1"),
    ("/// 0 0,3 2,2", "life must be between 1 and 99"),
    ("/// 0 3,3 3,2", "Mindbugs must be between 0 and 2"),
    ("gorillion,a,b,c,d,e,f,g,h,i,j/// 0 3,3 2,2", "no creature 'a'"),
    ("/// 0 3,3 2,2 11,0", "draw piles must be between 0 and 10"),
    ("gorillion/// 0 3,3 2,2 10,0", "1 cards placed and a draw pile of 10"),
    ("/// 0 3,3 2,2 1,2,3", "draw piles must be two numbers"),
])
def test_a_malformed_position_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(OptionsError, match=re.escape(reason)):
        GAME.options({"position": text})


def test_a_position_holds_at_most_a_draw_pile_per_seat() -> None:
    many = ",".join(["dr-axolotl"] * 2 + ["tigrecureuil"] * 2 + ["arachnhibou"] * 2
                    + ["goblin-garou"] * 2 + ["gorillion", "neuromouche", "reptireur"])
    with pytest.raises(OptionsError, match="more than its draw pile of 10"):
        GAME.options({"position": f"{many}/// 0 3,3 2,2"})


def test_new_servants_creatures_need_the_new_servants_option() -> None:
    extra = next(c.key for c in catalogue(True).creatures if catalogue().get(c.key) is None)
    with pytest.raises(OptionsError, match="no creature"):
        GAME.options({"position": f"{extra}/// 0 3,3 2,2"})
    state = GAME.new(0, 2, {"position": f"{extra}/// 0 3,3 2,2", "new_servants": True})
    assert isinstance(state, MindbugState) and state.key(0) == extra


def test_a_position_is_for_two_players() -> None:
    with pytest.raises(OptionsError, match="2 joueurs"):
        GAME.new(0, 4, {"position": POSITION})


def test_ordinary_options_and_setups_are_unchanged() -> None:
    assert GAME.options({}).model_dump() == {"new_servants": False}
    assert GAME.options({"new_servants": True}).model_dump() == {"new_servants": True}
    assert [(c.label, c.options) for c in GAME.configs()] == [
        ("2p", MindbugOptions()), ("2p-new-servants", MindbugOptions(new_servants=True)),
        ("tag-team", MindbugOptions())]
    ordinary = GAME.new(7, 2)
    assert isinstance(ordinary, MindbugState) and ordinary.reveals  # MB-4 as before
    assert GAME.options({"position": POSITION}).model_dump()["position"] == POSITION


def test_a_record_from_a_position_replays_and_round_trips() -> None:
    lesson = LESSONS["chasseur"]
    state = start(lesson)
    texts = ["attack abeille-tueuse#5", "hunt neuromouche#11"]
    for text in texts:
        state.play(text)
    again_state = MindbugState.from_json(json.loads(json.dumps(state.to_json())))
    assert again_state.to_json() == state.to_json()
    moves = [Move(LEARNER, text) for text in texts]
    record = record_of(GAME, lesson.seed, 2, lesson.options, moves, state)
    again = Record.from_json(json.loads(record.dumps()))
    replayed = replay(GAME, again)
    assert isinstance(replayed, MindbugState) and replayed.to_json() == state.to_json()


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_a_game_from_each_lesson_position_plays_on_to_its_end(lesson_id: str) -> None:
    state = start(LESSONS[lesson_id])
    rng = Rng(11)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.turn < 300
    assert state.result() is not None
