"""The game contract every game honours (see ARCHITECTURE.md).

A `Game` is static: an id, a title, player counts, an options type, its data and `new()`.
A `State` is one moment of one game. Everything above the rules layer (bots, the simulator,
the server, the CLI, the adapters) talks to a game only through these two classes, the
`Action` values of the game's notation, the `Event`s a transition produces and the `Result`.
"""

from __future__ import annotations

import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import FrozenInstanceError, dataclass
from importlib import resources
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from .errors import IllegalAction, NotationError, OptionsError
from .rng import Rng

if TYPE_CHECKING:
    from .decks import DeckRules
    from .encoding import Encoding
    from .lessons import Lesson
    from .record import Step

JSON = Any  # a value made of dict, list, str, int, float, bool and None only
Seat = int


class Action:
    """An immutable, hashable decision with a text notation.

    Games define their actions as `@dataclass(frozen=True, slots=True)` subclasses. The
    notation round-trips exactly: `game.parse(a.text()) == a`.

    Not an ABC: the engines ask `isinstance(action, ...)` on every transition, and ABCMeta's
    instance check costs several times the built-in one (`text` stays abstract for mypy).
    """

    __slots__ = ()

    @abstractmethod
    def text(self) -> str: ...

    def __str__(self) -> str:
        return self.text()


class Event:
    """Something that happened, in order: a card revealed, a piece captured, a rule applied.

    `to` names the seats allowed to see it (None: everyone, spectators included); a public
    event never carries hidden information. `ruling` cites the ruling id that was applied.

    Immutable like a frozen dataclass (equal when its four fields are), written by hand: the
    engines make several events an action, and a frozen dataclass's `__init__` (one
    `object.__setattr__` a field) was a tenth of a random playout's time.
    """

    __slots__ = ("data", "kind", "ruling", "to")

    kind: str
    data: Mapping[str, JSON]
    to: tuple[Seat, ...] | None
    ruling: str | None

    def __init__(self, kind: str, data: Mapping[str, JSON] | None = None,
                 to: tuple[Seat, ...] | None = None, ruling: str | None = None) -> None:
        _set_kind(self, kind)
        _set_data(self, {} if data is None else data)
        _set_to(self, to)
        _set_ruling(self, ruling)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.data, self.to, self.ruling)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, data={self.data!r}, to={self.to!r}, "
                f"ruling={self.ruling!r})")

    def __reduce__(self) -> tuple[type[Event], tuple[object, ...]]:
        return (Event, self._fields())

    def visible_to(self, seat: Seat | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind, "data": dict(self.data)}
        if self.to is not None:
            out["to"] = list(self.to)
        if self.ruling is not None:
            out["ruling"] = self.ruling
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Event:
        to = data.get("to")
        return cls(
            kind=data["kind"],
            data=dict(data.get("data", {})),
            to=tuple(to) if to is not None else None,
            ruling=data.get("ruling"),
        )


# The slots' own setters: how __init__ writes the fields of an otherwise read-only Event.
_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__
_set_to = Event.__dict__["to"].__set__
_set_ruling = Event.__dict__["ruling"].__set__


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    `ranks[seat]` is 0 for the winners, 1 for the next and so on; equal ranks are ties, all
    zeros a draw. `scores` are the game's own measure (Vivants, points, life, centre points).
    `reason` is a short machine word for why it ended (`chef_captured`, `target_reached`...),
    `detail` a sentence for people. `teams[seat]`, when set, groups seats that win together.
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    detail: str = ""
    ruling: str | None = None
    teams: tuple[int, ...] | None = None

    @property
    def winners(self) -> tuple[Seat, ...]:
        if self.is_draw:
            return ()
        return tuple(s for s, r in enumerate(self.ranks) if r == 0)

    @property
    def is_draw(self) -> bool:
        return all(r == 0 for r in self.ranks)

    def utility(self, seat: Seat) -> float:
        """1 for a win (shared between winners who are not one team), 0.5 for a draw, else 0."""
        if self.is_draw:
            return 0.5
        if self.ranks[seat] != 0:
            return 0.0
        winners = self.winners
        sides = {self.teams[s] for s in winners} if self.teams is not None else set(winners)
        return 1.0 / len(sides)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "detail": self.detail,
        }
        if self.ruling is not None:
            out["ruling"] = self.ruling
        if self.teams is not None:
            out["teams"] = list(self.teams)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Result:
        teams = data.get("teams")
        return cls(
            ranks=tuple(data["ranks"]),
            scores=tuple(data["scores"]),
            reason=data["reason"],
            detail=data.get("detail", ""),
            ruling=data.get("ruling"),
            teams=tuple(teams) if teams is not None else None,
        )


class Options(BaseModel):
    """A game's options (variants). Subclass with fields and defaults; unknown keys fail.

    A field named in `omitted_when_none` is left out of the dump while it is None: an option
    added later (a tutorial's `position`) leaves the records and setups of every ordinary
    game, and anything keyed on their options, exactly as they were."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    omitted_when_none: ClassVar[tuple[str, ...]] = ("position",)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in self.omitted_when_none:
            if name in data and data[name] is None:
                del data[name]
        return data


@dataclass(frozen=True)
class Config:
    """One way to set a game up: a player count and options. Used by tests and benchmarks."""

    players: int
    options: Options
    label: str


class State(ABC):
    """One moment of one game. Mutable: `apply` changes it in place; `clone` copies it."""

    # The game this state belongs to; set when the game's singleton is built (Game.__init__).
    game: ClassVar[Game]

    # -- whose decision ---------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that must decide now (several for secret simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every legal action of `seat` now, in a stable order ([] if it is not to act)."""

    # -- the transition ---------------------------------------------------------------------
    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Play `action` for `seat`; an illegal one raises `IllegalAction` and changes nothing."""
        if self.is_over():
            raise IllegalAction("the game is over")
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} has no decision to make now")
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(seat, action)

    def why_illegal(self, seat: Seat, action: Action) -> str | None:
        """None if `seat` (who is to act) may play `action`, else the reason in words.

        Games override this with a cheaper test and a more precise reason.
        """
        if action in self.legal_actions(seat):
            return None
        return f"{action.text()} is not a legal action now"

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        """Apply an action already known to be legal."""

    # -- the end ------------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    # -- information --------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Seat | None) -> dict[str, JSON]:
        """What `seat` may see, as JSON-able data; `view(None)` is a spectator's."""

    def hides_information(self) -> bool:
        """Whether some seat cannot see part of this state now (a hand, a deck, a secret
        choice). Perfect-information search may be used where it is False."""
        return type(self).game.hidden_information

    def is_public(self, seat: Seat, action: Action) -> bool:
        """Whether every seat may read `action`'s text, asked before it is applied. A secret
        choice is not public: others learn of it only through its events. By default an
        action is public when nothing is hidden; games that hide information say which of
        their actions are open (playing a card face up, moving a piece)."""
        return not self.hides_information()

    @abstractmethod
    def determinize(self, seat: Seat | None, rng: Rng) -> Self:
        """A full state consistent with `view(seat)`, every hidden part re-dealt from `rng`.

        What a later shuffle or draw will give is hidden too: the copy's own generator is
        drawn from `rng` (`rng.fork()`), never the true state's (the conformance harness
        checks it). For a game without hidden information this is a clone with that new
        generator.
        """

    def reopen_secret_choices(self, seat: Seat) -> None:
        """Take back, in this copy, the secret choices other seats made at the simultaneous
        choice `seat` now faces, so that they are to choose again alongside `seat`.

        A search calls it on a determinization: a seat that answers after the others chose in
        secret must search the choice as the simultaneous one it is, not as a reply to
        choices re-dealt at random (a best reply to chance, an edge the seat that chose first
        never gets). Games with secret simultaneous choices override it; by default nothing
        is taken back.
        """

    # -- copies and persistence ---------------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def to_json(self) -> dict[str, JSON]: ...

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self: ...

    # -- conveniences built on the contract ----------------------------------------------------
    def legal_texts(self, seat: Seat) -> list[str]:
        return [a.text() for a in self.legal_actions(seat)]

    def play(self, text: str, seat: Seat | None = None) -> list[Event]:
        """Parse `text` in the game's notation and apply it (by default for the one seat to act)."""
        if seat is None:
            acting = self.to_act()
            if len(acting) != 1:
                raise IllegalAction(f"several seats must decide now {acting}: name the seat")
            seat = acting[0]
        return self.apply(seat, self.game.parse(text))


class Game(ABC):
    """A game's static definition. One instance per game, kept in the registry."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type: ClassVar[type[Options]] = Options
    state_type: ClassVar[type[State]]
    # True when some setup of the game hides information; State.hides_information() says
    # whether a given state does.
    hidden_information: ClassVar[bool] = False
    # The conformance harness fails a playout that runs longer than this many actions.
    step_limit: ClassVar[int] = 20_000
    # Named styles of play the conformance harness's biased playouts also try (a real table's
    # discard-heavy or hoarding player): each is a regular expression over the notation, and a
    # seat with that style plays a matching legal action whenever there is one.
    playout_styles: ClassVar[Mapping[str, str]] = {}
    # Setups (Config labels) that never make a daily challenge, each with why (MT-24).
    not_daily: ClassVar[Mapping[str, str]] = {}
    # The setup (a `configs()` label) the site's new-game form starts on, the one a newcomer
    # should play; None: the default options.
    newcomer_setup: ClassVar[str | None] = None

    _lessons: tuple[Lesson, ...] | None = None  # read on first use

    def offers(self, options: Options) -> frozenset[str]:
        """What one player of an online game with these options may offer the other, who
        accepts or declines: "takeback" (the game goes back to the asker's previous turn),
        "draw". None by default: a game says which its players may use."""
        return frozenset()

    def __init__(self) -> None:
        type(self).state_type.game = self

    def _package(self) -> str:
        """The game's package: its module's parent, or the module itself if a package."""
        module = type(self).__module__
        return module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]

    # -- options --------------------------------------------------------------------------------
    def options(self, data: Options | Mapping[str, JSON] | None = None,
                players: int | None = None) -> Options:
        """Parse and validate options, for `players` seats when given."""
        if isinstance(data, self.options_type):
            opts: Options = data
        else:
            try:
                opts = self.options_type.model_validate(dict(data or {}))
            except ValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}"
                    for err in exc.errors()
                )
                raise OptionsError(f"{self.title}: invalid options: {problems}") from None
        if players is not None:
            self.check_players(players)
            self.validate(players, opts)
        return opts

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise OptionsError(f"{self.title} is played by {allowed} players, not {players}")

    def validate(self, players: int, options: Options) -> None:
        """Cross-checks between options and the player count; raise `OptionsError`."""

    def new(self, seed: int, players: int | None = None,
            options: Options | Mapping[str, JSON] | None = None) -> State:
        """A new game, ready for its first decision. Everything random comes from `seed`."""
        count = self.min_players if players is None else players
        return self._new(seed, count, self.options(options, count))

    @abstractmethod
    def _new(self, seed: int, players: int, options: Options) -> State: ...

    # -- notation and persistence ---------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> Action:
        """The action written `text`; raises `NotationError` for a text that is no action."""

    def parse_all(self, texts: Iterable[str]) -> list[Action]:
        return [self.parse(t) for t in texts]

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return self.state_type.from_json(data)

    # -- for tests, benchmarks and the UI ------------------------------------------------------
    def configs(self) -> Sequence[Config]:
        """The setups the conformance harness and the benchmark run: by default every player
        count with default options. Games add their variants."""
        return [Config(p, self.options_type(), f"{p}p")
                for p in range(self.min_players, self.max_players + 1)]

    def describe(self, event: Event, lang: str = "fr",
                 names: Sequence[str] | None = None) -> str:
        """One line saying what the event means, in French or English. `names`, each seat's
        name in seat order (the site's players), replaces "Joueur 2" / "Player 2" wherever
        the line names a seat (`seat_name`); without it seats are named by number."""
        args = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}({args})"

    def describe_result(self, result: Result, lang: str = "fr",
                        names: Sequence[str] | None = None) -> str:
        """One sentence saying why the game ended, in French or English, seats named by
        `names` when given (as in `describe`). Games override it; the default is the
        engine's own `detail` (or its reason word)."""
        return result.detail or result.reason

    def rules(self, lang: str = "fr") -> str:
        """The rules summary shipped with the game (`rules.<lang>.md` in its package)."""
        package = self._package()
        for name in (f"rules.{lang}.md", "rules.fr.md"):
            path = resources.files(package).joinpath(name)
            if path.is_file():
                return path.read_text(encoding="utf-8")
        return f"# {self.title}\n"

    def lessons(self) -> Sequence[Lesson]:
        """The game's tutorial (MT-27): lessons to play from set positions (core/lessons.py),
        read once from its package's `data/lessons.toml`; none without that file."""
        if self._lessons is None:
            from .lessons import load_lessons

            package = self._package()
            found = resources.files(package).joinpath("data/lessons.toml").is_file()
            self._lessons = tuple(load_lessons(package)) if found else ()
        return self._lessons

    def bots_module(self) -> str | None:
        """Where the game's own bot knowledge lives (evaluations, rollout policies, its bots
        for a level): the module `bots` of its package, like its lessons' data file; None
        without one. The bots layer imports it on first use (bots/knowledge.py); the rules
        never do, so the rules layer stays free of the layers above it."""
        name = f"{self._package()}.bots"
        return name if find_spec(name) is not None else None
    def deck_rules(self) -> DeckRules | None:
        """The decks players build for this game (core/decks.py); None when the game has
        none. Its options' field `DeckRules.option` is then each seat's private setup."""
        return None

    def encoding(self, players: int, options: Options) -> Encoding | None:
        """The setup's action ids and fixed-size observations for the AI adapters
        (core/encoding.py); None when the game gives none."""
        return None

    def balance_tags(self, players: int, start: State, steps: Sequence[Step],
                     end: State) -> list[set[str]]:
        """What each seat brought into play in one game, read from the whole game (its true
        first and last states and every event): the balance report (sim/balance.py) measures
        each card's or piece's strength as the results of the seats that had it. Best are
        tags chance gave (cards dealt into a deck): their win rates then measure the card,
        not the player. None by default."""
        return [set() for _ in range(players)]

    def tag_text(self, tag: str, lang: str = "fr") -> str:
        """A tag of `balance_tags` as a reader of `lang` names it (a report keeps its tags in
        one language: they are its keys). The tag itself by default."""
        return tag

    def heuristic(self, state: State, seat: Seat) -> float | None:
        """How good `state` looks for `seat`, in [-1, 1]; None when the game gives no hint.
        Bots use it as an evaluation; games override it with their knowledge."""
        return None

    def render(self, view: Mapping[str, JSON], seat: Seat | None, lang: str = "fr") -> Any:
        """A Rich renderable of a view for the terminal (`ludo play`). Games override it."""
        from rich.pretty import Pretty

        return Pretty(dict(view))

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


# -- seats in words --------------------------------------------------------------------------
# Every game's texts name a seat through these, so that the site can put its players' names
# where a text without them says "Joueur 2" / "Player 2" (seats counted from 1, as the room
# lists them).

_PLAYER = {"fr": ("Joueur", "Joueurs"), "en": ("Player", "Players")}
_CONJUNCTIONS = {"and": {"fr": "et", "en": "and"}, "or": {"fr": "ou", "en": "or"}}


def seat_name(seat: Seat, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """A seat in a text: its name (`names[seat]`) when names are given, else "Joueur 2" /
    "Player 2" for seat 1."""
    if names is not None:
        return names[seat]
    return f"{_PLAYER['en' if lang == 'en' else 'fr'][0]} {int(seat) + 1}"


def seat_names(seats: Sequence[Seat], lang: str = "fr", names: Sequence[str] | None = None,
               conjunction: str = "and") -> str:
    """Several seats in a text, joined by "et"/"and" (or "ou"/"or"): "Alice et Carole" with
    names; without them "Joueurs 1 et 3" ("Joueur 1 ou 3": one of them). One seat is
    `seat_name`."""
    lg = "en" if lang == "en" else "fr"
    if len(seats) == 1:
        return seat_name(seats[0], lg, names)
    word = f" {_CONJUNCTIONS[conjunction][lg]} "
    if names is not None:
        return word.join(names[s] for s in seats)
    player = _PLAYER[lg][1 if conjunction == "and" else 0]
    return f"{player} {word.join(str(int(s) + 1) for s in seats)}"


_ELIDED = tuple("AEIOUÂÀÉÈÊËÎÏÔŒÙÛHaeiouâàéèêëîïôœùûh")
# A name that starts with an article ("Le tuteur") contracts with "de" and "à".
_ARTICLES = {"de": (("Le ", "du "), ("Les ", "des "), ("La ", "de la "), ("L'", "de l'"),
                    ("L’", "de l’")),
             "à": (("Le ", "au "), ("Les ", "aux "), ("La ", "à la "), ("L'", "à l'"),
                   ("L’", "à l’"))}


def french_de(name: str) -> str:
    """"de" before a name in French: "de Bob", "d'Alice", "d'Hugo", "d'Yves" but "de Yann"
    (a y before a vowel is heard as a consonant), "du tuteur" (for "Le tuteur"), "de Joueur
    2"."""
    for article, contracted in _ARTICLES["de"]:
        if name.startswith(article):
            return contracted + name[len(article):]
    vowel_y = len(name) > 1 and name[0] in ("Y", "y") and not name[1].startswith(_ELIDED)
    return f"d'{name}" if name.startswith(_ELIDED) or vowel_y else f"de {name}"


def counted(n: int, one: str, many: str, lang: str = "fr") -> str:
    """A number and its noun agreed: "1 carte", "2 cartes"; French keeps 0 singular ("0 point
    de vie"), English does not ("0 cards")."""
    single = abs(n) <= 1 if lang != "en" else abs(n) == 1
    return f"{n} {one if single else many}"


def french_a(name: str) -> str:
    """"à" before a name in French: "à Alice", "à Bob", "au tuteur" (for "Le tuteur")."""
    for article, contracted in _ARTICLES["à"]:
        if name.startswith(article):
            return contracted + name[len(article):]
    return f"à {name}"


def canonical(data: JSON) -> str:
    """A canonical JSON text: equal data gives equal text."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


__all__ = [
    "JSON",
    "Action",
    "Config",
    "Event",
    "Game",
    "IllegalAction",
    "NotationError",
    "Options",
    "Result",
    "Seat",
    "State",
    "canonical",
    "counted",
    "french_a",
    "french_de",
    "seat_name",
    "seat_names",
]
