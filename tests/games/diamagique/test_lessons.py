"""Diamagique's tutorial: short lessons played from dealt positions (data/lessons.toml).

Each step's aim is written here again as a predicate over one legal action of the learner;
along every path the lesson allows (each solution of each step, then the tutor's replies),
the step's solutions must be exactly the legal actions that satisfy it, so that a lesson can
neither refuse an action that reaches its aim nor accept one that does not. The aims read only
what the learner's seat sees: they give the same answer on every determinization of the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from ludotheque.core import OptionsError, Rng
from ludotheque.core.conformance import check_lessons
from ludotheque.core.lessons import Lesson, progress
from ludotheque.core.record import Move, Record, record_of, replay
from ludotheque.games.diamagique import GAME
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.effects import resolve
from ludotheque.games.diamagique.notation import JouerChateau, Lancer, Poser
from ludotheque.games.diamagique.rules import DiamagiqueState

LEARNER, TUTOR = 0, 1
LESSONS = {lesson.id: lesson for lesson in GAME.lessons()}
# The rulings of shared/rules/diamagique.md (test_rulings_index.py pins each one).
RULINGS = {f"DG-{n}" for n in range(1, 21)}
# The rulings a new player needs, each taught by at least one lesson.
TAUGHT = ["DG-3", "DG-5", "DG-10", "DG-11", "DG-12", "DG-13", "DG-14", "DG-15", "DG-16",
          "DG-17", "DG-19", "DG-20"]


# -- the aims, one predicate per step ------------------------------------------------------------

Aim = Callable[[DiamagiqueState, str], bool]
Measure = Callable[[DiamagiqueState, str], int]


def after(state: DiamagiqueState, text: str) -> DiamagiqueState:
    out = state.clone()
    out.play(text, LEARNER)
    return out


def values(state: DiamagiqueState) -> list[int | None]:
    """Each slot's Puissance now, every modifier in play applied (DG-14)."""
    return resolve(state.table()).values


def cast_value(state: DiamagiqueState, text: str) -> int:
    """The Puissance of the Sort the action casts, counted on the table as it would be."""
    action = GAME.parse(text)
    assert isinstance(action, Lancer)
    value = values(after(state, text))[LEARNER * 3 + action.position]
    assert value is not None
    return value


def lead(state: DiamagiqueState, text: str) -> int:
    """The learner's team total less the opponent's once the action is played (DG-16)."""
    resolution = resolve(after(state, text).table())
    return resolution.total(LEARNER) - resolution.total(TUTOR)


def opposing_total(state: DiamagiqueState, text: str) -> int:
    return resolve(after(state, text).table()).total(TUTOR)


def best_cast_after_chateau(state: DiamagiqueState, text: str) -> int:
    """DG-10: the strongest Sort the learner could cast under the chosen Château."""
    then = after(state, text)
    return max(cast_value(then, t) for t in then.legal_texts(LEARNER))


def highest(measure: Measure) -> Aim:
    def aim(state: DiamagiqueState, text: str) -> bool:
        return measure(state, text) == max(measure(state, t)
                                           for t in state.legal_texts(LEARNER))
    return aim


def lowest(measure: Measure) -> Aim:
    def aim(state: DiamagiqueState, text: str) -> bool:
        return measure(state, text) == min(measure(state, t)
                                           for t in state.legal_texts(LEARNER))
    return aim


def with_solenne_keeping(*kept: str) -> Aim:
    """Cast with the Magicien in position 1 a Sort other than the ones to keep."""
    def aim(state: DiamagiqueState, text: str) -> bool:
        action = GAME.parse(text)
        return (isinstance(action, Lancer) and action.position == 0
                and CARDS.sorts[action.sort].name not in kept)
    return aim


def copies_the_facing_sort(state: DiamagiqueState, text: str) -> bool:
    """DG-15: a Sort that adds the Puissance of the opposing Sort, cast facing one."""
    action = GAME.parse(text)
    assert isinstance(action, Lancer)
    effet = CARDS.sorts[action.sort].effet
    return (effet is not None and effet.categorie == "complexe_positif"
            and effet.source == "adverse" and state.cast[TUTOR * 3 + action.position] >= 0)


def places(state: DiamagiqueState, text: str) -> bool:
    """DG-17: the winner places the Diamagiques on any of their Magiciens."""
    return isinstance(GAME.parse(text), Poser)


AIMS: dict[str, list[Aim]] = {
    "premier-sort": [highest(cast_value)],
    "cache": [highest(cast_value)],
    "reflet": [with_solenne_keeping("Reflet fidèle"), copies_the_facing_sort],
    "eblouissement": [with_solenne_keeping("Éblouissement", "Fonte"), lowest(opposing_total)],
    "chateau": [highest(best_cast_after_chateau), highest(cast_value)],
    "defi": [highest(lead), highest(lead), highest(lead), places],
    "fin": [highest(lead), highest(lead), highest(lead), places],
}


def start(lesson: Lesson) -> DiamagiqueState:
    state = GAME.new(lesson.seed, lesson.players, lesson.options)
    assert isinstance(state, DiamagiqueState)
    return state


Path_ = list[tuple[int, str]]


def paths(lesson: Lesson) -> Iterator[tuple[int, DiamagiqueState, Path_]]:
    """Every (step, state, moves so far) the lesson can reach through its solutions."""
    def walk(number: int, state: DiamagiqueState, moves: Path_
             ) -> Iterator[tuple[int, DiamagiqueState, Path_]]:
        yield number, state, moves
        if number == len(lesson.step):
            return
        step = lesson.step[number]
        for solution in step.solutions:
            then = state.clone()
            then.play(solution, LEARNER)
            more = [(LEARNER, solution)]
            for reply in step.replies:
                then.play(reply, TUTOR)
                more.append((TUTOR, reply))
            yield from walk(number + 1, then, moves + more)
    yield from walk(0, start(lesson), [])


# -- the tutorial as a whole ---------------------------------------------------------------------

def test_the_tutorial_has_its_lessons_and_each_plays_to_its_end() -> None:
    assert list(LESSONS) == list(AIMS)  # easiest first, each with its aims written above
    assert check_lessons(GAME) == len(AIMS)
    assert GAME.lessons() is GAME.lessons()  # loaded once
    for lesson in GAME.lessons():
        assert lesson.learner == LEARNER and lesson.players == 2
        assert len(lesson.step) == len(AIMS[lesson.id])


def test_every_rule_a_new_player_needs_is_taught_and_every_ruling_cited_exists() -> None:
    cited = {ruling for lesson in GAME.lessons() for ruling in lesson.rulings}
    assert cited <= RULINGS
    assert set(TAUGHT) <= cited
    for lesson in GAME.lessons():
        # Each lesson cites its rulings (in its data, for /learn); its success says why in
        # the game's words, without the ids a player need not read (issue #20).
        assert lesson.rulings
        assert not any(r in lesson.success.fr or r in lesson.success.en for r in RULINGS)


def test_every_text_is_in_french_and_english() -> None:
    for lesson in GAME.lessons():
        for words in (lesson.title, lesson.text, lesson.hint, lesson.success):
            assert words.fr.strip() and words.en.strip()
            assert words.fr != words.en


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_the_learner_is_active_and_the_deal_is_the_lessons(lesson_id: str) -> None:
    # DG-9: the seed picks who is active; each lesson's seed makes it the learner.
    state = start(LESSONS[lesson_id])
    assert state.active == LEARNER and state.to_act() == (LEARNER,)


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_solutions_are_all_the_legal_actions_that_reach_the_aim(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    reached = 0
    for number, state, moves in paths(lesson):
        if number == len(lesson.step):
            assert progress(lesson, moves).status == "solved"
            reached += 1
            continue
        assert state.to_act() == (LEARNER,)
        legal = state.legal_texts(LEARNER)
        reaching = {text for text in legal if AIMS[lesson_id][number](state, text)}
        assert reaching == set(lesson.step[number].solutions), (number, moves)
        assert all(GAME.parse(t).text() == t for t in lesson.step[number].solutions)
        # Each path is followed by the tutor's replies, legal whichever solution was played.
        assert progress(lesson, moves).status == "playing"
    assert reached >= 1


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_the_aims_read_only_what_the_learner_sees(lesson_id: str) -> None:
    # The opponent's hand, deck and face-down Sorts and the pot are dealt again: the actions
    # that reach the aim stay the same, so a lesson never asks the learner to guess.
    lesson = LESSONS[lesson_id]
    for number, state, _ in paths(lesson):
        if number == len(lesson.step):
            continue
        for seed in range(4):
            other = state.determinize(LEARNER, Rng(seed))
            legal = other.legal_texts(LEARNER)
            assert {t for t in legal if AIMS[lesson_id][number](other, t)} == set(
                lesson.step[number].solutions)


@pytest.mark.parametrize("lesson_id", list(AIMS))
def test_a_wrong_legal_action_misses_the_lesson(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    state = start(lesson)
    wrong = [t for t in state.legal_texts(LEARNER) if t not in lesson.step[0].solutions]
    assert wrong, "a lesson where every action is right teaches nothing"
    for text in wrong:
        missed = progress(lesson, [(LEARNER, text)])
        assert (missed.status, missed.step, missed.played) == ("missed", 0, text)


def test_dg10_the_chateau_lesson_is_an_official_match() -> None:
    lesson = LESSONS["chateau"]
    assert lesson.options.get("official_match") is True
    state = start(lesson)
    assert all(isinstance(a, JouerChateau) for a in state.legal_actions(LEARNER))


# -- what the success texts say happened ----------------------------------------------------------

def play_through(lesson_id: str, *choices: str) -> DiamagiqueState:
    """The lesson played with the given solutions (the first one where none is given)."""
    lesson = LESSONS[lesson_id]
    state = start(lesson)
    for number, step in enumerate(lesson.step):
        state.play(choices[number] if number < len(choices) else step.solutions[0], LEARNER)
        for reply in step.replies:
            state.play(reply, TUTOR)
    return state


def slot_value(state: DiamagiqueState, seat: int, position: int) -> int | None:
    return values(state)[seat * 3 + position - 1]


def test_dg5_dg12_the_first_sort_counts_6_whoever_casts_it() -> None:
    state = start(LESSONS["premier-sort"])
    assert {cast_value(state, f"M{p} colonne-solaire") for p in (1, 2, 3)} == {6}
    after_reply = play_through("premier-sort")
    assert after_reply.to_act() == (LEARNER,)  # the tutor cast, the learner casts again


def test_dg13_dg14_the_cache_lesson_doubles_before_the_bonus_and_hides_the_reply() -> None:
    state = start(LESSONS["cache"])
    assert cast_value(state, "M2 incendie-secret") == 6  # 2 x 2 + 2
    assert {cast_value(state, f"M{p} soleil-voile") for p in (1, 2, 3)} == {4}
    then = play_through("cache")
    teams = then.view(LEARNER)["teams"]
    assert isinstance(teams, list) and isinstance(teams[TUTOR], dict)
    assert teams[TUTOR]["cast"] == [None, {"sort": None, "cache": True}, None]


def test_dg15_the_reflet_copies_the_raz_de_maree() -> None:
    assert slot_value(play_through("reflet"), LEARNER, 2) == 6


def test_dg14_the_eblouissement_leaves_the_raz_de_maree_at_1() -> None:
    lesson = LESSONS["eblouissement"]
    state = start(lesson)
    state.play("M1 tison", LEARNER)
    state.play(lesson.step[0].replies[0], TUTOR)
    outcome = {t: values(after(state, t))[TUTOR * 3 + 1]
               for t in ("M2 eblouissement", "M2 fonte", "M2 fumee-acre")}
    assert outcome == {"M2 eblouissement": 1, "M2 fonte": 2, "M2 fumee-acre": 4}


def test_dg10_the_fournaise_counts_5_under_the_forteresse_de_braise() -> None:
    assert slot_value(play_through("chateau"), LEARNER, 2) == 5


@pytest.mark.parametrize("place", ["pose M1", "pose M2", "pose M3"])
def test_dg16_dg17_the_challenge_is_won_15_to_13_and_the_diamagique_placed(place: str) -> None:
    state = play_through("defi", "M2 tison", "M1 reflet-fidele", "M3 reflet-fidele", place)
    assert state.last is not None
    assert (state.last["totals"], state.last["winner"]) == ([15, 13], LEARNER)
    position = int(place[-1]) - 1
    assert state.count(LEARNER) == 1 and len(state.held[position]) == 1
    assert state.active == TUTOR  # DG-18: the other player becomes active


@pytest.mark.parametrize("place", ["pose M1", "pose M2", "pose M3"])
def test_dg19_the_sixth_diamagique_wins_at_once(place: str) -> None:
    before = start(LESSONS["fin"])
    assert (before.count(LEARNER), before.count(TUTOR)) == (5, 4)
    # DG-3: Aurèle le Doré's +2 holds, the team holding at least 2 Diamagiques.
    assert cast_value(before, "M3 colonne-solaire") == 7
    state = play_through("fin", "M3 colonne-solaire", "M1 aurore-incandescente",
                         "M2 choeur-de-lumiere", place)
    # The Bastion des marées reads both Sorts in position 3 together (DG-5): Colonne solaire
    # 5 - 3 = 2, Pollen lourd 3 - 5 -> 0.
    assert state.last is not None and state.last["totals"] == [11, 8]
    result = state.result()
    assert result is not None and result.reason == "six_diamagiques"
    assert result.winners == (LEARNER,) and result.scores == (6.0, 4.0)


# -- the position option (the tutorial's starting position) -------------------------------------

HELD = {"held": [[["Jaune", "Rouge"], ["Bleu"], ["Vert", "Jaune"]],
                 [["Bleu"], ["Vert", "Rouge"], ["Bleu"]]]}


def test_an_ordinary_games_options_dump_as_before_the_position_existed() -> None:
    assert GAME.options({}).model_dump(mode="json") == {
        "decks": ["Aube", "Marées"], "official_match": False}
    for config in GAME.configs():
        assert "position" not in config.options.model_dump(mode="json")
    with_position = GAME.options({"position": HELD}).model_dump(mode="json")
    assert with_position["position"] == HELD
    assert GAME.options(with_position) == GAME.options({"position": HELD})


def test_dg6_a_position_takes_the_held_diamagiques_out_of_the_pot_and_deals_the_rest() -> None:
    plain = GAME.new(268, 2, {})
    state = GAME.new(268, 2, {"position": HELD})
    assert isinstance(plain, DiamagiqueState) and isinstance(state, DiamagiqueState)
    assert state.hand == plain.hand and state.deck == plain.deck
    assert state.chateau == plain.chateau and state.active == plain.active
    # DG-6: 12 in all, 3 of each colour: 9 held, 1 on the Château, 2 left in the pot.
    every = state.pot + state.on_chateau + [c for h in state.held for c in h]
    assert sorted(every) == sorted(plain.pot + plain.on_chateau)
    assert len(state.pot) == 2 and len(state.on_chateau) == 1
    again = GAME.new(268, 2, {"position": HELD})
    assert again.to_json() == state.to_json()


def test_dg6_dg19_an_impossible_position_is_refused_with_the_ruling() -> None:
    six = {"held": [[["Jaune", "Jaune"], ["Rouge", "Rouge"], ["Bleu", "Bleu"]], [[], [], []]]}
    with pytest.raises(OptionsError, match=r"seat 0 holds 6 Diamagiques.*\(DG-19\)"):
        GAME.options({"position": six})
    four = {"held": [[["Vert", "Vert"], [], []], [["Vert", "Vert"], [], []]]}
    with pytest.raises(OptionsError, match=r"4 Vert Diamagiques held.*\(DG-6\)"):
        GAME.options({"position": four})
    with pytest.raises(OptionsError, match=r"position\.held"):
        GAME.options({"position": {"held": [[["Mauve"], [], []], [[], [], []]]}})
    with pytest.raises(OptionsError, match="position"):
        GAME.options({"position": {"held": HELD["held"], "hands": []}})


def test_dg19_a_record_of_the_position_lesson_replays_to_its_win() -> None:
    lesson = LESSONS["fin"]
    moves: list[Move] = []
    state = start(lesson)
    for step in lesson.step:
        for seat, text in [(LEARNER, step.solutions[0])] + [(TUTOR, r) for r in step.replies]:
            state.play(text, seat)
            moves.append(Move(seat, text))
    assert state.is_over()
    record = record_of(GAME, lesson.seed, 2, lesson.options, moves, state)
    again = Record.from_json(json.loads(record.dumps()))
    replayed = replay(GAME, again)  # checks the stored result too
    assert replayed.to_json() == state.to_json()
