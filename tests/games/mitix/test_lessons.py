"""MiTiX's tutorial: 8 lessons (a MiTiX vs MiTiX round, then FaMiX positions), and the
`position` option.

Each lesson's aim is written here again as a predicate over one legal action of the learner;
the step's solutions must be exactly the legal actions that satisfy it, so that a lesson can
neither refuse an action that reaches its aim nor accept one that does not. The combatant is
a secret choice (MX-17), so "wins the round" means: against every legal choice of the tutor.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from ludotheque.core.conformance import check_lessons
from ludotheque.core.errors import OptionsError
from ludotheque.core.lessons import Lesson, progress
from ludotheque.core.record import Move, record_of, replay
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.notation import RESOURCES
from ludotheque.games.mitix.rules import FAMIX, SEND, MitixState

from .test_rulings_index import RULINGS  # MX-1 to MX-25, the ids of shared/rules/mitix.md

LEARNER, TUTOR = 0, 1
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}

# -- the aims -----------------------------------------------------------------------------------

Aim = Callable[[MitixState, str], bool]


def after(state: MitixState, seat: int, text: str) -> MitixState:
    out = state.clone()
    out.apply(seat, GAME.parse(text))
    return out


def texts(state: MitixState, seat: int) -> list[str]:
    return [a.text() for a in state.legal_actions(seat)]


def reveals(state: MitixState, text: str) -> bool:
    """MX-6: the round is played: one card of each aréopage has fought."""
    then = after(state, LEARNER, text)
    return len(then.areopage[0]) == len(state.areopage[0]) - 1


def wins_the_round_whatever(state: MitixState, text: str) -> bool:
    """MX-19: the learner's combatant wins against every combatant the tutor may send."""
    then = after(state, LEARNER, text)
    for reply in texts(then, TUTOR):
        out = after(then, TUTOR, reply)
        if len(out.vivants[LEARNER]) <= len(state.vivants[LEARNER]):
            return False
    return True


def never_loses_the_round(state: MitixState, text: str) -> bool:
    """MX-19, MX-22: against every combatant the tutor may send, a win or a tie (bataille)."""
    then = after(state, LEARNER, text)
    for reply in texts(then, TUTOR):
        out = after(then, TUTOR, reply)
        if len(out.vivants[LEARNER]) <= len(state.vivants[LEARNER]) and not out.in_bataille:
            return False
    return True


def keeps_a_winner_for_the_bataille(state: MitixState, text: str) -> bool:
    """MX-22: whatever the tutor puts face down, the learner can then send a combatant that
    wins the bataille against every combatant the tutor may send."""
    then = after(state, LEARNER, text)
    for down in texts(then, TUTOR):
        now = after(then, TUTOR, down)
        if not any(all(len(after(after(now, LEARNER, mine), TUTOR, theirs).vivants[LEARNER])
                       > len(state.vivants[LEARNER]) for theirs in texts(now, TUTOR))
                   for mine in texts(now, LEARNER)):
            return False
    return True


def wins_the_duel_whatever(state: MitixState, text: str) -> bool:
    """MX-23, MX-24: the duel ends won by the learner, whatever the tutor sends."""
    then = after(state, LEARNER, text)
    for reply in texts(then, TUTOR):
        result = after(then, TUTOR, reply).result()
        if result is None or result.winners != (LEARNER,):
            return False
    return True


def a_dieu_completes(kind: str) -> Aim:
    """MX-21: after the placement a Dieu holds a full set of `kind` (the three Nourritures
    on one of the learner's Dieux, or the three Offrandes on one of the tutor's)."""
    owner = LEARNER if kind == "nourritures" else TUTOR
    full = set(range(3, 6)) if kind == "nourritures" else set(range(3))

    def aim(state: MitixState, text: str) -> bool:
        then = after(state, LEARNER, text)
        return any(full <= set(held) for held in then.resources[owner])
    return aim


AIMS: dict[str, list[Aim]] = {
    "manche": [reveals],  # MX-6
    "famix": [wins_the_round_whatever],  # MX-16, MX-18
    "mise-en-avant": [wins_the_round_whatever],  # MX-19
    "seul": [wins_the_round_whatever],  # MX-17
    "bataille": [never_loses_the_round, keeps_a_winner_for_the_bataille],  # MX-22
    "nourritures": [a_dieu_completes("nourritures")],  # MX-20, MX-21
    "offrandes": [a_dieu_completes("offrandes")],  # MX-20, MX-21
    "fin": [wins_the_duel_whatever],  # MX-23, MX-24
}


def start(lesson: Lesson) -> MitixState:
    state = GAME.new(lesson.seed, lesson.players, lesson.options)
    assert isinstance(state, MitixState)
    return state


def walk(lesson: Lesson) -> list[MitixState]:
    """The position at each step: the first solution and the replies played in between."""
    state = start(lesson)
    out = []
    for step in lesson.step:
        out.append(state.clone())
        state.apply(LEARNER, GAME.parse(step.solutions[0]))
        for reply in step.replies:
            state.apply(TUTOR, GAME.parse(reply))
    return out


# -- the tutorial as a whole ---------------------------------------------------------------------

def test_the_tutorial_has_8_lessons_and_each_plays_to_its_end() -> None:
    assert list(LESSONS) == list(AIMS)  # easiest first, each with its aims written above
    assert check_lessons(GAME) == 8
    assert GAME.lessons() is GAME.lessons()  # loaded once


def test_the_lessons_teach_the_rules_a_new_player_needs() -> None:
    cited = {ruling for lesson in GAME.lessons() for ruling in lesson.rulings}
    taught = {f"MX-{n}" for n in (6, 7, 8, 9, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24)}
    assert taught <= cited <= set(RULINGS)
    for lesson in GAME.lessons():
        assert lesson.learner == LEARNER and lesson.players == 2
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
        assert LEARNER in state.to_act()
        reaching = {text for text in texts(state, LEARNER) if aim(state, text)}
        assert reaching == set(step.solutions)
        assert all(GAME.parse(text).text() == text for text in step.solutions)
        # A later step is played from the first solution's position: a step with several
        # solutions is always the last one.
        assert len(step.solutions) == 1 or step is lesson.step[-1]


@pytest.mark.parametrize("lesson_id", [i for i in AIMS if i != "manche"])
def test_a_wrong_legal_action_misses_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    moves: list[tuple[int, str]] = []
    for number, (state, step) in enumerate(zip(walk(lesson), lesson.step, strict=True)):
        wrong = [t for t in texts(state, LEARNER) if t not in step.solutions]
        assert wrong, "a step where every action is right teaches nothing"
        missed = progress(lesson, [*moves, (LEARNER, wrong[0])])
        assert (missed.status, missed.step, missed.played) == ("missed", number, wrong[0])
        moves.append((LEARNER, step.solutions[0]))
        moves.extend((TUTOR, reply) for reply in step.replies)
    assert progress(lesson, moves).status == "solved"


def test_mx6_the_round_of_mitix_vs_mitix_has_one_action_reveal() -> None:
    # D-1: MiTiX vs MiTiX has no choice: the lesson shows a round; nothing else is legal.
    lesson = LESSONS["manche"]
    state = start(lesson)
    assert texts(state, LEARNER) == ["reveal"] and state.to_act() == (LEARNER,)
    assert state.why_illegal(LEARNER, GAME.parse("send Zeus")) is not None
    assert progress(lesson, [(LEARNER, "send Zeus")]).status == "missed"
    events = state.play("reveal")
    assert {"reveal", "round_won"} <= {e.kind for e in events}


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_every_solution_then_the_reply_solves_its_step(lesson_id: str) -> None:
    # The site plays the step's replies whichever solution the learner chose.
    lesson = LESSONS[lesson_id]
    before: list[tuple[int, str]] = []
    for earlier in lesson.step[:-1]:
        before.append((LEARNER, earlier.solutions[0]))
        before.extend((TUTOR, reply) for reply in earlier.replies)
    step = lesson.step[-1]
    for solution in step.solutions:
        state = walk(lesson)[-1]
        state.apply(LEARNER, GAME.parse(solution))
        moves = [*before, (LEARNER, solution)]
        for reply in step.replies:
            assert TUTOR in state.to_act()
            state.apply(TUTOR, GAME.parse(reply))
            moves.append((TUTOR, reply))
        assert progress(lesson, moves).status == "solved"


def test_mx22_the_bataille_lesson_ties_then_thesee_takes_every_engaged_card() -> None:
    state = start(LESSONS["bataille"])
    state.play("send Héraclès", LEARNER)
    events = state.play("send Cronos", TUTOR)
    assert state.in_bataille and [e.kind for e in events][-1] == "bataille"
    state.play("down Pâris", LEARNER)
    state.play("down Jason", TUTOR)
    state.play("send Polydecte", TUTOR)
    assert texts(state, LEARNER) == ["send Thésée"]
    state.play("send Thésée", LEARNER)
    assert len(state.vivants[LEARNER]) == 6 and state.vivants[TUTOR] == []
    result = state.result()
    assert result is not None and result.winners == (LEARNER,)


def test_mx18_mx19_the_famix_lesson_sends_the_whole_famix_to_the_vivants() -> None:
    state = start(LESSONS["famix"])
    state.play("send Andromède", LEARNER)
    state.play("send Ulysse", TUTOR)
    names = GAME.cards.names
    assert sorted(names[c] for c in state.vivants[LEARNER]) == ["Andromède", "Danaé", "Persée"]
    assert state.last[0]["bios"] == [880, 780]


def test_mx21_the_food_lesson_makes_zeus_intervene_for_the_learner() -> None:
    state = start(LESSONS["nourritures"])
    assert state.to_act() == (LEARNER,)
    state.play("Hydromel > Zeus", LEARNER)
    assert state.phase == SEND and state.to_act() == (LEARNER, TUTOR)
    state.play("send Danaé", LEARNER)  # the weakest lead, yet the round is won
    events = state.play("send Achille", TUTOR)
    kinds = [(e.kind, e.data.get("sens")) for e in events]
    assert ("intervention", "pour") in kinds and len(state.vivants[LEARNER]) == 3


def test_mx21_the_offering_lesson_makes_hades_intervene_against_the_tutor() -> None:
    state = start(LESSONS["offrandes"])
    state.play("Vin > Hadès", LEARNER)
    state.play("send Danaé", LEARNER)
    events = state.play("send Achille", TUTOR)
    assert ("intervention", "contre") in [(e.kind, e.data.get("sens")) for e in events]
    assert len(state.vivants[LEARNER]) == 3


def test_mx23_mx24_the_last_round_is_won_on_the_bios_of_the_vivants() -> None:
    state = start(LESSONS["fin"])
    state.play("send Cerbère", LEARNER)
    state.play("send Jason", TUTOR)
    result = state.result()
    assert result is not None and result.winners == (LEARNER,)
    assert result.reason == "bios_des_vivants" and state.vivants_bios() == [1780, 1770]
    assert len(state.areopage[LEARNER]) == 2  # Hector and Iolaos never fought: no one's


# -- the position option -------------------------------------------------------------------------

POSITION = ("olympe: Zeus [Nectar, Ambroisie], Héra / Hadès [Huile]; "
            "areopage: Persée, Andromède / Achille, Hector; vivants: Jason / -")


def test_a_famix_game_can_start_from_a_position() -> None:
    state = GAME.new(4, 2, {"mode": "famix", "position": POSITION})
    assert isinstance(state, MitixState) and state.mode == FAMIX
    names = GAME.cards.names
    assert [[names[c] for c in side] for side in state.olympe] == [["Zeus", "Héra"], ["Hadès"]]
    assert [sorted(names[c] for c in side) for side in state.areopage] == [
        ["Andromède", "Persée"], ["Achille", "Hector"]]
    assert [names[c] for c in state.vivants[0]] == ["Jason"] and state.vivants[1] == []
    # MX-20: 24 resources in all: on the Dieux, in the pile, or drawn and waiting.
    held = sum(len(h) for side in state.resources for h in side)
    waiting = sum(len(w) for w in state.to_place)
    assert held + waiting + len(state.pile) + len(state.used) == 4 * len(RESOURCES)
    assert state.to_act()  # the round has begun (D-5: resources first)


def test_a_position_game_records_and_replays() -> None:
    lesson = LESSONS["fin"]
    state = start(lesson)
    state.play("send Cerbère", LEARNER)
    state.play("send Jason", TUTOR)
    record = record_of(GAME, lesson.seed, 2, lesson.options,
                       [Move(LEARNER, "send Cerbère"), Move(TUTOR, "send Jason")], state)
    again = replay(GAME, record)
    assert again.to_json() == state.to_json()
    assert MitixState.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(("options", "reason"), [
    ({"mode": "mitix", "position": POSITION}, "mode famix"),
    ({"mode": "famix", "position": POSITION, "paquets": [["Zeus"] * 10, ["Zeus"] * 10]},
     "no paquets"),
    ({"mode": "famix", "position": "areopage: Persée / Achille"}, "an olympe: and an areopage:"),
    ({"mode": "famix", "position": "olympe: - / -; areopage: Persée"}, "two seats separated"),
    ({"mode": "famix", "position": "olympe: -/-; areopage: Persée / Achille; x: 1"},
     "expected one of"),
    ({"mode": "famix", "position": "olympe: Persée / -; areopage: Persée / Achille"},
     r"Persée is no Dieu \(MX-15\)"),
    ({"mode": "famix", "position": "olympe: - / -; areopage: Zeus / Achille"},
     r"Zeus is a Dieu"),
    ({"mode": "famix", "position": "olympe: - / -; areopage: Persé / Achille"},
     re.escape("unknown card 'Persé' (did you mean \"Persée\"?)")),
    ({"mode": "famix", "position": "olympe: - / -; areopage: - / Achille"},
     "seat 1 has no card to fight"),
    ({"mode": "famix", "position": "olympe: Zeus [Miel] / -; areopage: Persée / Achille"},
     "'Miel' is no resource"),
    ({"mode": "famix", "position": "olympe: Zeus [Vin, Vin, Vin], Héra [Vin, Vin] / -; "
                                   "areopage: Persée / Achille"}, r"5 Vin held"),
    ({"mode": "famix", "position": "olympe: Zeus [Vin / -; areopage: Persée / Achille"},
     r"written in \[ \]"),
])
def test_a_wrong_position_is_refused_with_its_reason(options: dict[str, object],
                                                     reason: str) -> None:
    with pytest.raises(OptionsError, match=reason):
        GAME.new(0, 2, options)


def test_ordinary_options_dump_as_before() -> None:
    assert GAME.options({}).model_dump(mode="json") == {"mode": "mitix", "paquets": None}
    assert all("position" not in c.options.model_dump(mode="json") for c in GAME.configs())
    dumped = GAME.options({"mode": "famix", "position": POSITION}).model_dump(mode="json")
    assert dumped["position"] == POSITION
