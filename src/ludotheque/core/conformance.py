"""The conformance harness: seeded random playouts that check the game contract at every step.

Like OpenSpiel's random simulation tests, one generic checker runs over every registered game.
At every step of every playout it checks that:
  - a game that is not over has seats to act, each with legal actions (none for other seats),
    distinct and in a stable order;
  - the chosen action's notation round-trips, and so does every legal action on deep steps;
  - an illegal action (someone else's, an old one, an action out of turn) raises IllegalAction
    and leaves the state unchanged;
  - clone() and to_json()/from_json() give equal states that go on identically, and a clone
    is independent of its original;
  - views are JSON data, and each seat's view (and the spectator's) is unchanged when the hidden
    parts are re-dealt by determinize(): a view that shows someone else's hidden card fails;
    the seat's legal actions are unchanged too;
  - a determinized copy never holds the true state's generator, and two determinizations
    get different generators (drawn from determinize's `rng`): a copy with the true one would
    deal the real cards at the next reshuffle;
  - every game ends within the game's step limit, with a result for every seat;
  - replaying the record (seed, options, actions) gives the same final state;
  - where the game gives an encoding (core/encoding.py), every legal action has an id and
    every seat's observation has the setup's size, from its view;
  - every event and the result are said in French and English (`describe`,
    `describe_result`), with the seats' names too; given names, no text names a seat by
    number ("Joueur 2", "Player 2").
A failure raises ConformanceError naming the game, setup, playout seed and step.

check_game_biased runs the same checks on playouts whose seats play biased policies (always the
first or the last legal action, a seeded leaning for some kinds of action, or the game's own
named styles, Game.playout_styles): players who discard or hoard reach corners of a game that
uniform play almost never does (issue 19: a Pickpocket froze on an empty hand).
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from .errors import IllegalAction, LudoError, NotationError
from .game import Action, Config, Game, State, canonical
from .record import Move, record_of, replay
from .rng import Rng, derive_seed


class ConformanceError(AssertionError):
    """The game broke its contract. The message says where and how."""


# The seats' names the texts are asked with: a vowel, an h and an accent at the start, so that
# a game's French elision is exercised too ("d'Alice", "de Bob").
NAMES = ("Alice", "Bob", "Élodie", "Hugo", "Ines", "Marc", "Yann", "Zoé")
# A seat named by number ("Joueur 2", "Players 1 and 3") in a text that was given names.
_NUMBERED_SEAT = re.compile(r"\b(Joueurs?|Players?) \d")


def seat_names_for(players: int) -> tuple[str, ...]:
    """`players` distinct names for the seats (more seats than NAMES get "Invité 9" ...)."""
    return tuple(NAMES[s] if s < len(NAMES) else f"Invité {s + 1}" for s in range(players))


@dataclass
class Report:
    game: str
    config: str
    playouts: int = 0
    actions: int = 0
    deep_steps: int = 0
    hidden_steps: int = 0  # deep steps on states that hide information
    redeals_that_changed: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def mean_length(self) -> float:
        return self.actions / self.playouts if self.playouts else 0.0

    def summary(self) -> str:
        ends = ", ".join(f"{k} {v}" for k, v in self.endings.most_common())
        return (f"{self.game} [{self.config}]: {self.playouts} playouts, "
                f"{self.mean_length:.1f} actions on average, {self.deep_steps} deep checks, "
                f"endings: {ends} ({self.seconds:.1f} s)")


class _Playout:
    def __init__(self, game: Game, config: Config, seed: int, deep: float, report: Report):
        self.game = game
        self.config = config
        self.seed = seed
        self.deep = deep
        self.report = report
        self.rng = Rng(derive_seed("conformance", game.id, config.label, seed))
        self.encoding = game.encoding(config.players, config.options)
        self.seen: list[Action] = []  # a pool of actions met before, to try as illegal ones
        self.step = 0

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(
            f"{self.game.id} [{self.config.label}] playout seed {self.seed}, step {self.step}: "
            f"{message}")

    def run(self) -> None:
        game, cfg = self.game, self.config
        options_json = cfg.options.model_dump(mode="json")
        state = game.new(self.seed, cfg.players, cfg.options)
        again = game.new(self.seed, cfg.players, cfg.options)
        if canonical(state.to_json()) != canonical(again.to_json()):
            raise self.fail("two new games from the same seed differ")
        moves: list[Move] = []
        while not state.is_over():
            if self.step >= game.step_limit:
                raise self.fail(f"the game did not end within {game.step_limit} actions")
            seat, action = self.check_step(state)
            try:
                events = state.apply(seat, action)
            except LudoError as exc:
                raise self.fail(f"legal action {action.text()!r} of seat {seat} was refused: "
                                f"{exc}") from exc
            self.check_events(events)
            moves.append(Move(seat, action.text()))
            self.step += 1
        self.check_end(state)
        record = record_of(game, self.seed, cfg.players, options_json, moves, state)
        try:
            replayed = replay(game, record)
        except LudoError as exc:
            raise self.fail(f"replaying the record failed: {exc}") from exc
        if canonical(replayed.to_json()) != canonical(state.to_json()):
            raise self.fail("replaying the record gives a different final state")
        self.report.playouts += 1
        self.report.actions += len(moves)
        result = state.result()
        assert result is not None
        self.report.endings[result.reason] += 1

    def check_step(self, state: State) -> tuple[int, Action]:
        if state.result() is not None:
            raise self.fail("result() is set but is_over() is False")
        acting = state.to_act()
        players = self.config.players
        if not acting:
            raise self.fail("the game is not over but no seat is to act")
        if len(set(acting)) != len(acting) or any(not 0 <= s < players for s in acting):
            raise self.fail(f"to_act() gives invalid seats {acting}")
        legal_by_seat: dict[int, list[Action]] = {}
        for s in range(players):
            legal = state.legal_actions(s)
            if s in acting:
                if not legal:
                    raise self.fail(f"seat {s} is to act but has no legal action")
                if len(set(legal)) != len(legal):
                    raise self.fail(f"seat {s} has duplicate legal actions")
                legal_by_seat[s] = legal
            elif legal:
                raise self.fail(f"seat {s} is not to act but has legal actions")
        seat = self.rng.choice(acting)
        action = self.choose(state, seat, legal_by_seat[seat])
        deep = self.rng.random() < self.deep
        self.check_notation([action] if not deep else legal_by_seat[seat])
        if deep:
            self.report.deep_steps += 1
            if state.legal_actions(seat) != legal_by_seat[seat]:
                raise self.fail("legal_actions() is not stable from one call to the next")
            self.check_persistence(state, seat, action)
            self.check_views(state, legal_by_seat)
            self.check_illegal(state, acting, legal_by_seat)
            for a in legal_by_seat[seat]:
                if not isinstance(state.is_public(seat, a), bool):
                    raise self.fail(f"is_public({seat}, {a.text()!r}) is not a bool")
            self.check_encoding(state, legal_by_seat)
        self.seen.extend(legal_by_seat[seat][:8])
        if len(self.seen) > 400:
            del self.seen[:200]
        return seat, action

    def choose(self, state: State, seat: int, legal: list[Action]) -> Action:
        """The action played: uniformly random here; biased playouts override it."""
        return self.rng.choice(legal)

    def check_encoding(self, state: State, legal_by_seat: dict[int, list[Action]]) -> None:
        if self.encoding is None:
            return
        try:
            for legal in legal_by_seat.values():
                self.encoding.mask(legal)
            for s in range(self.config.players):
                self.encoding.observe(state.view(s), s)
        except LudoError as exc:
            raise self.fail(f"encoding: {exc}") from exc

    def check_notation(self, actions: Sequence[Action]) -> None:
        for a in actions:
            text = a.text()
            try:
                back = self.game.parse(text)
            except NotationError as exc:
                raise self.fail(f"the notation of {a!r} does not parse back: {exc}") from exc
            if back != a or back.text() != text:
                raise self.fail(f"notation round trip: {a!r} -> {text!r} -> {back!r}")

    def check_persistence(self, state: State, seat: int, action: Action) -> None:
        before = canonical(state.to_json())
        try:
            json.dumps(state.to_json())
        except (TypeError, ValueError) as exc:
            raise self.fail(f"to_json() is not JSON data: {exc}") from exc
        copy = state.clone()
        loaded = type(state).from_json(json.loads(json.dumps(state.to_json())))
        if canonical(copy.to_json()) != before:
            raise self.fail("clone() differs from the original")
        if canonical(loaded.to_json()) != before:
            raise self.fail("from_json(to_json()) differs from the original")
        copy.apply(seat, action)
        if canonical(state.to_json()) != before:
            raise self.fail("applying an action to a clone changed the original")
        loaded.apply(seat, action)
        if canonical(loaded.to_json()) != canonical(copy.to_json()):
            raise self.fail("a state loaded from JSON goes on differently from its clone")

    def check_views(self, state: State, legal_by_seat: dict[int, list[Action]]) -> None:
        before = canonical(state.to_json())
        if state.hides_information():
            self.report.hidden_steps += 1
        seats: list[int | None] = [*range(self.config.players), None]
        for s in seats:
            view = state.view(s)
            try:
                shown = canonical(view)
            except (TypeError, ValueError) as exc:
                raise self.fail(f"view({s}) is not JSON data: {exc}") from exc
            streams: list[dict[str, tuple[int, ...]]] = []
            for k in range(2):
                redealt = state.determinize(s, Rng(self.rng.next64()))
                if canonical(state.to_json()) != before:
                    raise self.fail(f"determinize({s}) changed the original state")
                streams.append(self.check_own_generators(state, redealt, s))
                if canonical(with_true_generators(redealt, state).to_json()) != before:
                    self.report.redeals_that_changed += 1
                if canonical(redealt.view(s)) != shown:
                    who = "the spectator" if s is None else f"seat {s}"
                    raise self.fail(
                        f"the view of {who} changes when hidden information is re-dealt "
                        f"(determinize #{k + 1}): the view shows something {who} may not see, "
                        f"or determinize() does not agree with the view")
                if (s is not None and s in legal_by_seat
                        and redealt.legal_actions(s) != legal_by_seat[s]):
                    raise self.fail(f"seat {s}'s legal actions change when hidden "
                                    "information is re-dealt")
                if s is not None and s in legal_by_seat:
                    redealt.reopen_secret_choices(s)
                    if (s not in redealt.to_act()
                            or redealt.legal_actions(s) != legal_by_seat[s]):
                        raise self.fail(f"reopen_secret_choices({s}) took away seat {s}'s "
                                        "own decision or changed its legal actions")
            self.check_generators_differ(streams, s)

    def check_own_generators(self, state: State, copy: State,
                             seat: int | None) -> dict[str, tuple[int, ...]]:
        """A determinized copy holds none of the true state's generators: with the true one, a
        copy would deal exactly the real cards at the next reshuffle (docs/security.md).
        Returns the copy's generators' first words, by attribute."""
        true = set(generator_streams(state).values())
        own = generator_streams(copy)
        for name, words in own.items():
            if words in true:
                who = "the spectator" if seat is None else f"seat {seat}"
                raise self.fail(f"determinize() for {who} keeps the true generator in "
                                f"{name!r}: every copy would draw the real cards at the next "
                                f"shuffle; give the copy one from determinize's `rng`")
        return own

    def check_generators_differ(self, streams: list[dict[str, tuple[int, ...]]],
                                seat: int | None) -> None:
        """Two determinizations from different `rng`s get different generators: a fixed one
        (or one made from the state) would not come from the `rng` argument."""
        first, second = streams
        for name, words in first.items():
            if second.get(name) == words:
                raise self.fail(f"determinize({seat}) gives every copy the same generator in "
                                f"{name!r}: it must be drawn from determinize's `rng`")

    def check_illegal(self, state: State, acting: tuple[int, ...],
                      legal_by_seat: dict[int, list[Action]]) -> None:
        before = canonical(state.to_json())
        tries: list[tuple[int, Action]] = []
        for s in acting:
            legal = set(legal_by_seat[s])
            foreign = [a for a in self.seen if a not in legal]
            if foreign:
                tries.append((s, self.rng.choice(foreign)))
            others = [a for t, acts in legal_by_seat.items() if t != s for a in acts
                      if a not in legal]
            if others:
                tries.append((s, self.rng.choice(others)))
        idle = [s for s in range(self.config.players) if s not in acting]
        if idle:
            s0 = acting[0]
            tries.append((self.rng.choice(idle), self.rng.choice(legal_by_seat[s0])))
        for s, a in tries:
            try:
                state.apply(s, a)
            except IllegalAction as exc:
                if not exc.reason:
                    raise self.fail(f"IllegalAction for {a.text()!r} gives no reason") from exc
            except Exception as exc:
                raise self.fail(f"illegal action {a.text()!r} for seat {s} raised "
                                f"{type(exc).__name__} instead of IllegalAction: {exc}") from exc
            else:
                raise self.fail(f"illegal action {a.text()!r} for seat {s} was accepted")
            if canonical(state.to_json()) != before:
                raise self.fail(f"refusing illegal action {a.text()!r} changed the state")

    def check_events(self, events: object) -> None:
        if not isinstance(events, list):
            raise self.fail(f"apply() must return a list of events, got {type(events).__name__}")
        for e in events:
            try:
                json.dumps(e.to_json())
            except (TypeError, ValueError, AttributeError) as exc:
                raise self.fail(f"event {e!r} is not JSON data: {exc}") from exc
            if e.to is not None and any(not 0 <= s < self.config.players for s in e.to):
                raise self.fail(f"event {e.kind} is addressed to unknown seats {e.to}")
            for lang in ("fr", "en"):
                self.check_text(f"describe() of event {e.kind}", lang,
                                partial(self.game.describe, e))

    def check_text(self, what: str, lang: str,
                   say: Callable[[str, Sequence[str] | None], str]) -> None:
        """A text in `lang` says something, without names and with them; given names it names
        no seat by number."""
        names = seat_names_for(self.config.players)
        try:
            plain, named = say(lang, None), say(lang, names)
        except Exception as exc:
            raise self.fail(f"{what} in {lang!r} raised {type(exc).__name__}: {exc}") from exc
        if not plain.strip() or not named.strip():
            raise self.fail(f"{what} says nothing in {lang!r}")
        if _NUMBERED_SEAT.search(named):
            raise self.fail(f"{what} in {lang!r} names a seat by number though the seats' "
                            f"names were given: {named!r}")

    def check_end(self, state: State) -> None:
        result = state.result()
        if result is None:
            raise self.fail("is_over() is True but result() is None")
        players = self.config.players
        if len(result.ranks) != players or len(result.scores) != players:
            raise self.fail(f"the result must rank and score each of the {players} seats")
        if not result.reason:
            raise self.fail("the result does not say why the game ended")
        if state.to_act():
            raise self.fail(f"the game is over but seats {state.to_act()} are to act")
        for s in range(players):
            if state.legal_actions(s):
                raise self.fail(f"the game is over but seat {s} has legal actions")
        try:
            json.dumps(result.to_json())
        except (TypeError, ValueError) as exc:
            raise self.fail(f"the result is not JSON data: {exc}") from exc
        for lang in ("fr", "en"):
            self.check_text("describe_result()", lang, partial(self.game.describe_result, result))


def generator_streams(state: State) -> dict[str, tuple[int, ...]]:
    """Each generator a state holds (an `Rng` attribute, or one inside a list, tuple or dict
    attribute), by name, as the first words a copy of it draws."""
    values: dict[str, object] = {}
    for klass in type(state).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if isinstance(name, str) and hasattr(state, name):
                values[name] = getattr(state, name)
    values.update(getattr(state, "__dict__", {}))
    found: dict[str, tuple[int, ...]] = {}
    for name, value in values.items():
        inner: list[tuple[str, object]] = [(name, value)]
        if isinstance(value, (list, tuple)):
            inner += [(f"{name}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, dict):
            inner += [(f"{name}[{k!r}]", v) for k, v in value.items()]
        for where, v in inner:
            if isinstance(v, Rng):
                copy = v.copy()
                found[where] = tuple(copy.next64() for _ in range(4))
    return found


def with_true_generators(copy: State, state: State) -> State:
    """`copy` with the true state's generators put back: what determinize re-dealt, apart
    from the generator it must always replace (a fresh generator is no re-deal)."""
    out = copy.clone()
    for name in generator_streams(copy):
        if name.isidentifier() and isinstance(getattr(state, name, None), Rng):
            setattr(out, name, getattr(state, name).copy())
    return out


def check_garbage_notation(game: Game) -> None:
    for text in ("", "   ", "§§ nonsense §§", "9" * 40):
        try:
            game.parse(text)
        except NotationError:
            continue
        except Exception as exc:
            raise ConformanceError(f"{game.id}: parse({text!r}) raised {type(exc).__name__} "
                                   f"instead of NotationError: {exc}") from exc


def check_game(game: Game, config: Config, playouts: int, *, first_seed: int = 0,
               deep: float = 0.15) -> Report:
    """Run `playouts` seeded random playouts of one setup; raise ConformanceError on a fault."""
    report = Report(game.id, config.label)
    started = time.perf_counter()
    check_garbage_notation(game)
    for seed in range(first_seed, first_seed + playouts):
        _Playout(game, config, seed, deep, report).run()
    if report.hidden_steps >= 20 and report.redeals_that_changed == 0:
        raise ConformanceError(
            f"{game.id} [{config.label}]: the states declare hidden information but "
            f"determinize() never re-dealt anything in {report.hidden_steps} deep checks")
    report.seconds = time.perf_counter() - started
    return report


# -- biased playouts -------------------------------------------------------------------------------
# Uniform random play keeps hands, boards and piles in their usual shapes; a player who always
# discards, hoards or takes the same branch drives a game into corners it rarely sees (an empty
# hand, a dry draw pile, a stalled position). These policies play such players on every game,
# through the contract only: an action's kind is read from its notation.

BIASES = ("first", "last", "leaning")  # and the game's own styles (Game.playout_styles)


def action_kinds(action: Action) -> tuple[str, str]:
    """What kind of action this is, for a leaning policy: the first word of its notation (a
    verb: "discard") and its first two words (a verb and the card it names)."""
    words = action.text().split(" ", 2)
    return words[0], " ".join(words[:2])


class _Leaning:
    """A seeded taste for kinds of actions: each verb and each verb-and-card met gets a weight
    drawn once, spread over four orders of magnitude each, and an action weighs the product.
    So one seat nearly always discards but never a given card, another keeps every stolen card,
    another never plays a given card: the discard-heavy and hoarding players of a real table."""

    def __init__(self, rng: Rng):
        self.rng = rng
        self.weights: dict[str, float] = {}

    def weight(self, kind: str) -> float:
        weight = self.weights.get(kind)
        if weight is None:
            weight = self.weights[kind] = 100.0 ** (2.0 * self.rng.random() - 1.0)
        return weight

    def choose(self, legal: Sequence[Action]) -> Action:
        weights = []
        for action in legal:
            verb, card = action_kinds(action)
            weights.append(self.weight(verb) * self.weight("\0" + card))
        pick = self.rng.random() * sum(weights)
        for action, weight in zip(legal, weights, strict=True):
            pick -= weight
            if pick < 0:
                return action
        return legal[-1]


class _BiasedPlayout(_Playout):
    """A playout where each seat follows one biased policy, drawn from the playout's seed:
    always the first legal action, always the last, a seeded leaning (_Leaning), or one of the
    game's named styles (a legal action matching its pattern, at random). Every check of the
    uniform playouts still runs at every step."""

    def __init__(self, game: Game, config: Config, seed: int, deep: float, report: Report):
        super().__init__(game, config, seed, deep, report)
        self.rng = Rng(derive_seed("conformance-biased", game.id, config.label, seed))
        policies = [*BIASES, *game.playout_styles]
        self.policies = [policies[self.rng.randrange(len(policies))]
                         for _ in range(config.players)]
        self.leanings = [_Leaning(self.rng.fork()) for _ in range(config.players)]
        self.styles = {name: re.compile(pattern)
                       for name, pattern in game.playout_styles.items()}

    def fail(self, message: str) -> ConformanceError:
        policies = ", ".join(f"seat {s} {p}" for s, p in enumerate(self.policies))
        return super().fail(f"{message} [biased playout: {policies}]")

    def choose(self, state: State, seat: int, legal: list[Action]) -> Action:
        policy = self.policies[seat]
        if policy == "first":
            return legal[0]
        if policy == "last":
            return legal[-1]
        style = self.styles.get(policy)
        if style is not None:
            matching = [a for a in legal if style.search(a.text())]
            return self.rng.choice(matching or legal)
        return self.leanings[seat].choose(legal)


def check_game_biased(game: Game, config: Config, playouts: int, *, first_seed: int = 0,
                      deep: float = 0.05) -> Report:
    """Run `playouts` seeded biased playouts (_BiasedPlayout) of one setup, with the same checks
    as check_game; raise ConformanceError on a fault."""
    report = Report(game.id, f"{config.label} biased")
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + playouts):
        _BiasedPlayout(game, config, seed, deep, report).run()
    report.seconds = time.perf_counter() - started
    return report


def check_lessons(game: Game) -> int:
    """Every lesson of the game's tutorial can be played to its end: its options set a game
    up, the learner is to act at each step, every solution is legal there, each reply is
    legal for the tutor, and after the steps `progress` says solved. Returns how many."""
    from .lessons import progress

    for lesson in game.lessons():
        where = f"{game.id} lesson {lesson.id!r}"
        try:
            state = game.new(lesson.seed, lesson.players, lesson.options)
        except LudoError as exc:
            raise ConformanceError(f"{where}: its options do not set a game up: {exc}") from exc
        moves: list[tuple[int, str]] = []
        for number, step in enumerate(lesson.step, start=1):
            if lesson.learner not in state.to_act():
                raise ConformanceError(f"{where}, step {number}: the learner is not to act")
            for text in step.solutions:
                if game.parse(text).text() != text:
                    raise ConformanceError(f"{where}, step {number}: write {text!r} as the "
                                           f"notation writes it: {game.parse(text).text()!r}")
                why = state.why_illegal(lesson.learner, game.parse(text))
                if why is not None:
                    raise ConformanceError(f"{where}, step {number}: solution {text!r} is "
                                           f"illegal: {why}")
            first = game.parse(step.solutions[0])
            state.apply(lesson.learner, first)
            moves.append((lesson.learner, first.text()))
            for text in step.replies:
                tutors = [s for s in state.to_act() if s != lesson.learner]
                if state.is_over() or not tutors:
                    raise ConformanceError(f"{where}, step {number}: no tutor to play {text!r}")
                reply = game.parse(text)
                why = state.why_illegal(tutors[0], reply)
                if why is not None:
                    raise ConformanceError(f"{where}, step {number}: reply {text!r} is "
                                           f"illegal: {why}")
                state.apply(tutors[0], reply)
                moves.append((tutors[0], reply.text()))
        if progress(lesson, moves).status != "solved":
            raise ConformanceError(f"{where}: its solutions do not solve it")
    return len(game.lessons())
