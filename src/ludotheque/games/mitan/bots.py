"""Mitan knowledge for the bots: an evaluation, move ordering and a position key for alpha-beta,
a draft strategy and a placement strategy, and the levels that use them (MT-25: Facile, Moyen,
Difficile, each clearly stronger).

This module reads the engine's state directly (board, streaks, Zobrist key), so it lives with
the engine; the bots layer imports it the first time a bot meets the game (bots/knowledge.py).

The evaluation, for one side, is a weighted sum of terms (`terms`): material, the Mitans held
and the streak towards the centre win (MT-21), centre points (MT-23), closeness to the Mitans,
protection by a Porte-bouclier (MT-9), paralysis by an Envoûteur (MT-10) and a pseudo-mobility
(the squares each piece reaches on this board). The weights are learnt from play by
`bench/mitan_tune.py` (Texel tuning) and read from `data/bot_values.toml` beside this module; the
rough ones (`ROUGH`: pieces.toml's values, which stay the engine's data, and the hand-set
weights below) are the tuner's starting point and its yardstick.
In the draft, each army is what it holds plus what a greedy draft of the rest of the market
would give it, worth its pieces with diminishing returns and a Porte-bouclier for the Chef;
in the placement, each placed piece adds what its square is worth to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ludotheque.bots.alphabeta import EVALUATIONS, MOVE_ORDERS, POSITION_KEYS, AlphaBetaBot
from ludotheque.bots.base import Bot, legal_choices
from ludotheque.bots.budget import Budget
from ludotheque.bots.common import sample
from ludotheque.bots.levels import LEVELS, GameLevelFactory, register_game_level
from ludotheque.bots.mcts import MCTSBot
from ludotheque.core import Action, Seat, State, derive_seed
from ludotheque.core.data import (
    check_reference,
    entry_error,
    field_problem,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.errors import DataError

from .board import (
    ARCHER,
    BELIER,
    CAMPS,
    CHEF,
    CODES,
    ENVOUTEUR,
    MARKET_KINDS,
    MITANS,
    NEIGHBOURS,
    PORTE_BOUCLIER,
    RAYS8_3,
    RAYS_ORTH_3,
    SIZE,
    SQUARES,
)
from .notation import Pick, Place
from .pieces import piece
from .rules import BATTLE, DRAFT, DRAFT_ORDER, PLACEMENT, MitanState
from .tables import LEAPS, RAYS

Evaluation = Callable[[State, Seat], float]

# The rough values of the engine's data (pieces.toml), by kind: the tuner's starting point.
ROUGH_VALUES: tuple[float, ...] = tuple(0.0 if k == 0 else piece(k).value for k in range(14))
_D3 = SQUARES * SQUARES * 14
_CAPTURE, _SHOT, _PUSH = 1, 2, 3


def _distance(a: int, b: int) -> int:
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def _closeness() -> tuple[float, ...]:
    """Per square, 1 on a Mitan falling to 0 four squares away (Chebyshev)."""
    return tuple(max(0.0, 1.0 - min(_distance(sq, m) for m in MITANS) / 4)
                 for sq in range(SQUARES))


CLOSENESS = _closeness()

# The rough evaluation's hand-set weights, in material units (a Fantassin is 1).
MITAN_HELD = 1.2
STREAK = 2.5
POINT = 0.05
CENTRE = 0.25
PROTECTED = 0.15
PARALYSED = 0.3

# Draft strategy (MT-13/MT-14), hand-set: a third copy of a kind adds less than the first two
# (three Fantassins are not three different threats), and the first Porte-bouclier is worth
# more, since next to the Chef it makes the Chef uncapturable (MT-9).
THIRD_COPY = 0.7
CHEF_GUARD = 0.6
# Placement strategy (MT-15), hand-set: the Chef on its back rank, behind its own pieces;
# every piece where one move reaches a Mitan (MT-21), so fast pieces go to the Mitans' files
# and an Archer where it shoots at them (MT-7).
CHEF_BACK = 0.5
CHEF_COVER = 0.15
REACHES_MITAN = 0.3
CHEF_FILE_CENTRE = 0.1  # a Chef near the corner has fewer squares to flee to


# -- the values file ------------------------------------------------------------------------------
VALUES_FILE = "data/bot_values.toml"


class PieceValue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(min_length=1, max_length=1)
    name: str = Field(min_length=1)
    value: float = Field(ge=0, le=20)


class LearntWeights(BaseModel):
    """The evaluation's other weights, in the pieces' units."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mitan_held: float = Field(ge=0, le=100)
    streak: float = Field(ge=0, le=100)
    point: float = Field(ge=0, le=100)
    centre: float = Field(ge=0, le=100)
    protected: float = Field(ge=0, le=100)
    paralysed: float = Field(ge=0, le=100)
    mobility: float = Field(ge=0, le=100)


class Tuning(BaseModel):
    """Where the values come from (the tuner writes it; the bots do not read it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    command: str = Field(min_length=1)
    games: int = Field(ge=1)
    positions: int = Field(ge=1)
    log_loss_rough: float = Field(ge=0)
    log_loss_learnt: float = Field(ge=0)


@dataclass(frozen=True)
class Values:
    """The numbers the evaluation is built from: each kind's value and the other weights."""

    pieces: tuple[float, ...]  # by kind (14: the Chef and the empty square 0)
    mitan_held: float = MITAN_HELD
    streak: float = STREAK
    point: float = POINT
    centre: float = CENTRE
    protected: float = PROTECTED
    paralysed: float = PARALYSED
    mobility: float = 0.0

    def weights(self) -> tuple[float, ...]:
        """In the order of `terms`: the 12 market pieces, then the other weights."""
        return (*(self.pieces[k] for k in MARKET_KINDS), self.mitan_held, self.streak,
                self.point, self.centre, self.protected, self.paralysed, self.mobility)


def _table(source: str, document: dict[str, object], name: str,
           model: type[BaseModel]) -> BaseModel:
    raw = document.get(name)
    if not isinstance(raw, dict):
        raise DataError(f"{source}: expected a [{name}] table")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        field, message = field_problem(exc, model.model_fields)
        raise entry_error(source, "table", name, field, message) from None


def validate_values(source: str, document: dict[str, object]) -> Values:
    """The learnt values, or a DataError naming the file, the piece (or table) and the field."""
    if set(document) != {"tuning", "weights", "piece"}:
        raise DataError(f"{source}: expected [tuning], [weights] and [[piece]] tables, found "
                        f"{', '.join(sorted(document)) or 'none'}")
    _table(source, document, "tuning", Tuning)
    weights = _table(source, document, "weights", LearntWeights)
    assert isinstance(weights, LearntWeights)
    entries = validate_entries(source, document["piece"], PieceValue, kind="piece")
    market = [CODES[k] for k in MARKET_KINDS]  # MT-13: the Chef is never drafted
    values = [0.0] * 14
    seen: set[str] = set()
    for p in entries:
        check_reference(source, "piece", p.name, "code", p.code, market, what="market piece code")
        kind = CODES.index(p.code)
        if p.name != piece(kind).name:
            raise entry_error(source, "piece", p.name, "name",
                              f'code "{p.code}" is the {piece(kind).name}')
        if p.code in seen:
            raise entry_error(source, "piece", p.name, "code", f'"{p.code}" twice')
        seen.add(p.code)
        values[kind] = p.value
    missing = [c for c in market if c not in seen]
    if missing:
        raise DataError(f"{source}: missing pieces with codes {', '.join(missing)}")
    return Values(tuple(values), **weights.model_dump())


def load_values_file(path: str | Path) -> Values:
    return validate_values(str(path), read_document(path))


@cache
def learnt_values() -> Values:
    """The values shipped beside this module (bench/mitan_tune.py writes them)."""
    source, document = read_package_document(__package__ or "ludotheque.games.mitan", VALUES_FILE)
    return validate_values(source, document)


ROUGH = Values(ROUGH_VALUES)


# -- tables ---------------------------------------------------------------------------------------
def _mobility_rays() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """Per piece value and square, its rays (nearest square first); a leap is a ray of one."""
    out = []
    for v in range(28):
        kind = v >> 1
        by_square = []
        for sq in range(SQUARES):
            rays: tuple[tuple[int, ...], ...] = tuple((t,) for t, _, _ in LEAPS[v][sq])
            if kind == BELIER:  # MT-8: charges up to 2, orthogonal
                rays += tuple(ray[:2] for ray in RAYS_ORTH_3[sq])
            elif kind == ARCHER:  # MT-7: its lines of fire, 3 squares in 8 directions
                rays += RAYS8_3[sq]
            else:
                rays += tuple(tuple(t for t, _, _ in ray) for ray in RAYS[v][sq])
            by_square.append(rays)
        out.append(tuple(by_square))
    return tuple(out)


MOBILITY_RAYS = _mobility_rays()


def _reaches_mitan(v: int, sq: int) -> bool:
    """Whether the piece reaches (or shoots at) a Mitan in one move on an empty board."""
    return any(t in MITANS for ray in MOBILITY_RAYS[v][sq] for t in ray)


def _placement_table() -> tuple[tuple[float, ...], ...]:
    """Per piece value and square of its own camp, what the square is worth to it (MT-15)."""
    out = []
    for v in range(28):
        kind, side = v >> 1, v & 1
        row = [0.0] * SQUARES
        for sq in CAMPS[side]:
            if kind == CHEF:
                back = sq // SIZE == (0 if side == 0 else SIZE - 1)
                centre = 1.0 - abs(sq % SIZE - SIZE // 2) / (SIZE // 2)
                row[sq] = CHEF_BACK * back + CHEF_FILE_CENTRE * centre
            elif kind:
                row[sq] = REACHES_MITAN * _reaches_mitan(v, sq)
        out.append(tuple(row))
    return tuple(out)


PLACEMENT_WORTH = _placement_table()
# The three squares in front of each square, towards the enemy (MT-3), per side.
IN_FRONT = tuple(tuple(tuple(n for n in NEIGHBOURS[sq] if n // SIZE == sq // SIZE + (1, -1)[side])
                       for sq in range(SQUARES)) for side in (0, 1))


# MT-10: what paralysing a piece is worth, by kind (the rough values: a feature's definition).
PARALYSIS = tuple(max(v, 1.0) / 2.5 if k else 0.0 for k, v in enumerate(ROUGH_VALUES))


def terms(state: MitanState) -> tuple[list[float], list[float]]:
    """Per side, the battle evaluation's terms in the order of `Values.weights`: the count of
    each market piece, Mitans held, streak, centre points, closeness, protection, paralysis,
    reach. The evaluation is the weighted sum (the same numbers, computed once in its loop);
    the tuner fits the weights on these."""
    b = state.board
    out: list[list[float]] = [[0.0] * 19, [0.0] * 19]
    for side in (0, 1):
        row = out[side]
        for sq in state.squares[side]:
            v = b[sq]
            kind = v >> 1
            if kind != CHEF:
                row[MARKET_KINDS.index(kind)] += 1
            row[15] += CLOSENESS[sq]
            for n in NEIGHBOURS[sq]:
                w = b[n]
                if kind == PORTE_BOUCLIER and w and w & 1 == side:
                    row[16] += 3.0 if w >> 1 == CHEF else 1.0
                elif kind == ENVOUTEUR and w and w & 1 != side:
                    row[17] += PARALYSIS[w >> 1]
        row[12] = sum(1.0 for m in MITANS if b[m] and b[m] & 1 == side)
        row[13] = state.streak[side]
        row[14] = state.points[side]
        row[18] = reach(state, side)
    return out[0], out[1]


def reach(state: MitanState, side: int) -> int:
    """Pseudo-mobility: the squares each piece of `side` reaches, an enemy's square counted,
    the rest of a ray after the first piece not (MT-5); shields, paralysis, swaps ignored."""
    b = state.board
    n = 0
    for sq in state.squares[side]:
        v = b[sq]
        for ray in MOBILITY_RAYS[v][sq]:
            for t in ray:
                w = b[t]
                if w:
                    if w & 1 != side:
                        n += 1
                    break
                n += 1
    return n


# -- the draft strategy ---------------------------------------------------------------------------
def _unit(values: Sequence[float]) -> float:
    """The size of these values against the rough ones: hand-set bonuses scale with it."""
    return sum(values[k] for k in MARKET_KINDS) / sum(ROUGH_VALUES[k] for k in MARKET_KINDS)


def army_worth(counts: Sequence[int], values: Sequence[float]) -> float:
    """What a drafted army is worth before the battle (MT-14): each kind's value, a third copy
    worth less, the first Porte-bouclier more (it guards the Chef, MT-9)."""
    total = 0.0
    for kind in MARKET_KINDS:
        n = counts[kind]
        if n:
            total += values[kind] * (min(n, 2) + THIRD_COPY * max(n - 2, 0))
    if counts[PORTE_BOUCLIER]:
        total += _unit(values) * CHEF_GUARD
    return total


def _gain(kind: int, n: int, values: Sequence[float], guard: float) -> float:
    """What one more `kind` adds to an army holding `n` of them (`army_worth`'s steps)."""
    gain = values[kind] * (1.0 if n < 2 else THIRD_COPY)
    return gain + guard if kind == PORTE_BOUCLIER and not n else gain


def pick_worth(kind: int, mine: Sequence[int], theirs: Sequence[int],
               values: Sequence[float]) -> float:
    """What picking `kind` is worth: what it adds to my army plus half of what it would add to
    the opponent's, who then cannot have it (MT-14: a picked piece leaves the market)."""
    guard = _unit(values) * CHEF_GUARD
    return _gain(kind, mine[kind], values, guard) + 0.5 * _gain(kind, theirs[kind], values,
                                                                guard)


def complete_draft(state: MitanState, values: Sequence[float]) -> tuple[list[int], list[int]]:
    """Both armies once the rest of the snake draft (MT-14) is picked by `pick_worth`."""
    armies = [state.drafted[0][:], state.drafted[1][:]]
    market = state.market[:]
    guard = _unit(values) * CHEF_GUARD
    for seat in DRAFT_ORDER[state.picks:]:
        mine, theirs = armies[seat], armies[1 - seat]
        best, best_worth = 0, -1.0
        for kind in MARKET_KINDS:
            if market[kind]:
                w = (_gain(kind, mine[kind], values, guard)
                     + 0.5 * _gain(kind, theirs[kind], values, guard))
                if w > best_worth:
                    best, best_worth = kind, w
        if not best:  # a market made up for a test may run out first
            break
        market[best] -= 1
        mine[best] += 1
    return armies[0], armies[1]


# -- the evaluation -------------------------------------------------------------------------------
def make_evaluation(values: Values) -> Evaluation:
    """The evaluation with these values, in [-1, 1] for the seat, antisymmetric."""
    piece_values = values.pieces
    mobility_weight = values.mobility
    centre, protected, paralysed = values.centre, values.protected, values.paralysed
    mitan_held, streak, point = values.mitan_held, values.streak, values.point
    rays_of = MOBILITY_RAYS
    placement_worth = PLACEMENT_WORTH
    # The draft's and the placement's hand-set weights are in rough material units: scaled to
    # these values' size (the mean market piece's worth against its rough worth).
    unit = _unit(piece_values)

    def evaluate(state: State, seat: Seat) -> float:
        assert isinstance(state, MitanState)
        phase = state.phase
        if phase == DRAFT:
            armies = complete_draft(state, piece_values)
            return (army_worth(armies[seat], piece_values)
                    - army_worth(armies[1 - seat], piece_values)) / 20.0
        b = state.board
        battle = phase == BATTLE
        score = [0.0, 0.0]
        for side in (0, 1):
            s = 0.0
            reach = 0
            for sq in state.squares[side]:
                v = b[sq]
                kind = v >> 1
                s += piece_values[kind] + centre * CLOSENESS[sq]
                if kind == PORTE_BOUCLIER:
                    for n in NEIGHBOURS[sq]:  # MT-9: its neighbours cannot be captured
                        w = b[n]
                        if w and w & 1 == side:
                            s += protected * (3.0 if w >> 1 == CHEF else 1.0)
                elif kind == ENVOUTEUR:
                    for n in NEIGHBOURS[sq]:  # MT-10: enemies next to it are paralysed
                        w = b[n]
                        if w and w & 1 != side:
                            s += paralysed * PARALYSIS[w >> 1]
                if battle:
                    # Pseudo-mobility, as `reach` counts it (inlined: this is every leaf).
                    for ray in rays_of[v][sq]:
                        for t in ray:
                            w = b[t]
                            if w:
                                if w & 1 != side:
                                    reach += 1
                                break
                            reach += 1
                else:
                    s += unit * placement_worth[v][sq]
                    if kind == CHEF:  # the Chef behind its own pieces
                        for n in IN_FRONT[side][sq]:
                            w = b[n]
                            if w and w & 1 == side:
                                s += unit * CHEF_COVER
            score[side] = s + mobility_weight * reach
        if battle:
            for m in MITANS:
                if b[m]:
                    score[b[m] & 1] += mitan_held
            for side in (0, 1):
                score[side] += streak * state.streak[side] + point * state.points[side]
        else:  # placement: what is still to place counts as material
            for side in (0, 1):
                reserve, drafted = state.reserve[side], state.drafted[side]
                score[side] += sum(piece_values[k] * reserve[k] for k in MARKET_KINDS)
                # The draft's judgement of the army, constant through the placement: so the
                # end of the draft is judged alike from either side of its last pick.
                score[side] += army_worth(drafted, piece_values) - sum(
                    piece_values[k] * drafted[k] for k in MARKET_KINDS)
        return (score[seat] - score[1 - seat]) / 20.0

    return evaluate


def make_order(values: Values) -> Callable[[State, Seat, list[Action]], list[Action]]:
    piece_values = values.pieces

    def order(state: State, seat: Seat, moves: list[Action]) -> list[Action]:
        """Battle: captures first (the most valuable victim first), then moves onto a Mitan.
        Draft: the best pick first. Placement: the best square first."""
        assert isinstance(state, MitanState)
        b = state.board
        if state.phase == DRAFT:
            mine, theirs = state.drafted[seat], state.drafted[1 - seat]
            return sorted(moves, key=lambda a: -pick_worth(a.kind, mine, theirs, piece_values)
                          if isinstance(a, Pick) else 0.0)
        if state.phase == PLACEMENT:
            return sorted(moves, key=lambda a: -piece_values[a.kind]
                          - PLACEMENT_WORTH[a.kind * 2 + seat][a.square]
                          if isinstance(a, Place) else 0.0)

        def rank(a: Action) -> float:
            if not isinstance(a, int):
                return 0.0
            t = a % SQUARES
            mtype = a // _D3
            if mtype in (_CAPTURE, _SHOT) or (mtype == _PUSH and b[t]):
                return -10.0 - piece_values[b[t] >> 1] - (100.0 if b[t] >> 1 == CHEF else 0.0)
            if t in MITANS:
                return -1.0
            return 0.0

        return sorted(moves, key=rank)

    return order


def key(state: State) -> Hashable:
    assert isinstance(state, MitanState)
    if state.phase == BATTLE:
        return (state.key, state.turn, state.streak[0], state.streak[1], state.passes)
    return (state.phase, tuple(state.board), tuple(state.market), tuple(state.reserve[0]),
            tuple(state.reserve[1]), state.placed[0], state.placed[1])


evaluate = make_evaluation(learnt_values())
order = make_order(learnt_values())

EVALUATIONS["mitan"] = evaluate
MOVE_ORDERS["mitan"] = order
POSITION_KEYS["mitan"] = key


class MitanAlphaBeta(AlphaBetaBot):
    """Alpha-beta with its own Mitan values (the levels use the learnt ones; the tuner's
    arena sets the rough ones against them)."""

    def __init__(self, seed: int, budget: Budget, values: Values, fallback: Bot | None = None,
                 name: str = "alphabeta") -> None:
        super().__init__(seed, budget, fallback=fallback, name=name)
        self.evaluation = make_evaluation(values)
        self.order = make_order(values)

    def _evaluate(self, state: State, seat: Seat) -> float:
        if state.is_over():
            return super()._evaluate(state, seat)
        return self.evaluation(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        if isinstance(state, MitanState) and state.hidden and state.phase == PLACEMENT:
            return self._place_in_secret(state, seat)
        # The ordering hook is looked up by game id: this bot's own while it searches.
        saved = MOVE_ORDERS.get("mitan")
        MOVE_ORDERS["mitan"] = self.order
        try:
            return super().choose(state, seat)
        finally:
            if saved is not None:
                MOVE_ORDERS["mitan"] = saved

    def _place_in_secret(self, state: MitanState, seat: Seat) -> Action:
        """MT-16: the other army stays unseen, and nothing it does changes what a square is
        worth to my pieces (the camps are 6 ranks apart): the best square for the best piece,
        by the placement strategy, on a copy where the unseen army is re-dealt."""
        legal = legal_choices(state, seat)
        if len(legal) == 1:
            return legal[0]
        copy = sample(state, seat, self.rng)
        best, best_value = legal[0], -math.inf
        for action in legal:
            child = copy.clone()
            child._apply(seat, action)
            value = self.evaluation(child, seat)
            if value > best_value:
                best, best_value = action, value
        return best


# MT-25: the levels. Facile is the generic MCTS; Moyen, Difficile and Expert search with
# alpha-beta, to these node budgets unless the spec sets one (measured in docs/bots.md).
ALPHABETA_NODES = {"moyen": 1_000, "difficile": 10_000, "expert": 40_000}


def level_bot(level: str, seed: int, nodes: int | None, seconds: float | None,
              values: Values | None = None) -> Bot:
    generic = LEVELS[level]
    # Hidden placement (MT-16) is placed by the placement strategy alone; the level's MCTS
    # stays the fallback of any other position alpha-beta does not search.
    fallback = MCTSBot(derive_seed(seed, "fallback"),
                       Budget(nodes=generic.nodes if nodes is None else nodes,
                              seconds=seconds), generic.settings)
    budget = Budget(nodes=ALPHABETA_NODES[level] if nodes is None else nodes, seconds=seconds)
    return MitanAlphaBeta(seed, budget, values or learnt_values(), fallback=fallback,
                          name=f"{level} (alpha-beta)")


def _level(level: str) -> GameLevelFactory:
    def make(seed: int, nodes: int | None, seconds: float | None) -> Bot:
        return level_bot(level, seed, nodes, seconds)

    return make


for _name in ALPHABETA_NODES:
    register_game_level("mitan", _name, _level(_name))
