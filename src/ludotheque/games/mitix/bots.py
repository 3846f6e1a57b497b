"""MiTiX knowledge for the bots: FaMiX vs FaMiX (MX-14 to MX-24).

MiTiX vs MiTiX has no decision (every action is `reveal`); FaMiX has three:
- the combatant (MX-17), a secret choice made by both players at once: in effect which FaMiX
  to send, since the whole family fights and the carte mise en avant only lends its attack
  (MX-18/MX-19), so the member with the highest attack is always at least as good;
- the card put face down in a bataille (MX-22), also secret and simultaneous;
- where a drawn resource goes when two or more Dieux could take it (MX-20), in the open.

A FaMiX game is short (three to six rounds) and its aréopages are face up (MX-14): the only
hidden things are the resource pile's order and a choice the opponent has already made.
So the game can be searched whole: on determinized copies (the pile re-dealt), a
simultaneous choice is a matrix game over the sensible choices of each side, answered
against a model of the opponent, and a placement follows a policy (`placement`). Facile
stays the generic MCTS; Moyen looks one combat ahead, replying to an opponent who picks any
legal choice alike; Difficile searches to the end against a sensible opponent who looks one
combat ahead (`short`), on as many deals of the pile as its budget allows.

The deal decides most FaMiX games, so the levels are close: on the ladder's 100 deals a
search that sees the true pile and predicts Moyen's own reasoning beats Moyen 62.0% of the
time, and 76 deals are won by the same seat whoever plays it (`bench/famix_ceiling.py`);
Difficile, averaging up to 32 deals, does as well.

This module reads the engine's state (aréopages, Olympes, resources) directly: it belongs in
`games/mitix/` and should move there once the game's engineer takes it over.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ludotheque.bots.base import Bot, legal_choices
from ludotheque.bots.budget import Budget
from ludotheque.bots.common import ROLLOUT_POLICIES, sample
from ludotheque.bots.levels import GameLevelFactory, register_game_level
from ludotheque.core import Action, Rng, Seat, State, derive_seed

from .notation import NOURRITURES, OFFRANDES, Send
from .rules import DOWN, FAMIX, PLACE, SEND, MitixState

Matrix = list[list[float]]


# -- the choices worth searching -----------------------------------------------------------
def sensible(state: MitixState, seat: Seat) -> list[Action]:
    """The legal actions of `seat` that can matter: with a FaMiX, one combatant per family,
    mise en avant by its highest attack (MX-18/MX-19: the members all fight whoever leads,
    the lead only lends its attack); every other legal action as it is."""
    legal = state.legal_actions(seat)
    if state.phase != SEND or not state._famix_families(seat):
        return legal  # lone MiTiX: Bios and attack both differ, every card counts
    cards = state.cards
    best: dict[int, tuple[int, Action]] = {}
    for a in legal:
        assert isinstance(a, Send)
        c = cards.index[a.card]
        held = best.get(cards.famille[c])
        if held is None or cards.attaque[c] > held[0]:
            best[cards.famille[c]] = (cards.attaque[c], a)
    return [a for _, a in best.values()]


def placement(state: MitixState, seat: Seat, legal: Sequence[Action]) -> Action:
    """Where a drawn resource goes (MX-20): on the Dieu it brings nearest to a full set of
    its kind (MX-21: Huile, Pain and Vin make the opponent's combatant lose, Nectar,
    Ambroisie and Hydromel make one's own win), a Dieu that lacks it first; ties to the
    first Dieu. Offrandes go on the opponent's Dieux, Nourritures on one's own."""
    resource = state.to_place[seat][0]
    kind = OFFRANDES if resource in OFFRANDES else NOURRITURES
    owner = 1 - seat if resource in OFFRANDES else seat
    best, best_score = legal[0], -1
    for slot, a in enumerate(legal):
        held = set(state.resources[owner][slot]) & kind
        score = (0 if resource in held else 10) + len(held)
        if score > best_score:
            best, best_score = a, score
    return best


# -- matrix games ---------------------------------------------------------------------------
def solve(matrix: Matrix, iterations: int = 300) -> tuple[float, list[float], list[float]]:
    """The value (for the row player, who maximises) and both mixed strategies of a zero-sum
    matrix game: pure saddle points exactly, otherwise regret matching+ (its average
    strategies converge to an equilibrium; a few hundred steps do on these small games)."""
    rows, cols = len(matrix), len(matrix[0])
    row_min = [min(r) for r in matrix]
    col_max = [max(matrix[i][j] for i in range(rows)) for j in range(cols)]
    lower, upper = max(row_min), min(col_max)
    if upper - lower < 1e-12:
        i = row_min.index(lower)
        j = col_max.index(upper)
        return lower, _pure(rows, i), _pure(cols, j)
    if rows == 2 and cols == 2:
        (a, b), (c, d) = matrix
        den = a - b - c + d
        p = (d - c) / den
        q = (d - b) / den
        return (a * d - b * c) / den, [p, 1 - p], [q, 1 - q]
    reg_r = [0.0] * rows
    reg_c = [0.0] * cols
    avg_r = [0.0] * rows
    avg_c = [0.0] * cols
    for t in range(1, iterations + 1):
        x = _normalised(reg_r)
        y = _normalised(reg_c)
        u_r = [sum(matrix[i][j] * y[j] for j in range(cols)) for i in range(rows)]
        u_c = [sum(matrix[i][j] * x[i] for i in range(rows)) for j in range(cols)]
        v = sum(x[i] * u_r[i] for i in range(rows))
        for i in range(rows):
            reg_r[i] = max(0.0, reg_r[i] + u_r[i] - v)
        for j in range(cols):
            reg_c[j] = max(0.0, reg_c[j] + v - u_c[j])  # the column player minimises
        for i in range(rows):
            avg_r[i] += t * x[i]
        for j in range(cols):
            avg_c[j] += t * y[j]
    x = _normalised(avg_r)
    y = _normalised(avg_c)
    value = sum(x[i] * matrix[i][j] * y[j] for i in range(rows) for j in range(cols))
    return value, x, y


def _pure(n: int, k: int) -> list[float]:
    out = [0.0] * n
    out[k] = 1.0
    return out


def _normalised(weights: Sequence[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


# -- the search -----------------------------------------------------------------------------
def _key(state: MitixState) -> Hashable:
    """What the rest of a FaMiX game depends on (the pile's order is fixed in a copy)."""
    return (state.phase, tuple(state.areopage[0]), tuple(state.areopage[1]),
            len(state.vivants[0]), len(state.vivants[1]),
            sum(state.cards.bios[c] for c in state.vivants[0])
            - sum(state.cards.bios[c] for c in state.vivants[1]),
            tuple(tuple(tuple(h) for h in side) for side in state.resources),
            len(state.pile), tuple(state.to_place[0]), tuple(state.to_place[1]),
            tuple(state.pending), tuple(state.engaged[0]), tuple(state.engaged[1]),
            state.in_bataille)


NASH, UNIFORM, LEGAL, LEVEL1, SHORT = "nash", "uniform", "legal", "level1", "short"


def _columns(m: Matrix, seat: Seat) -> Matrix:
    """The matrix as seen by `seat`: its own choices as rows, its own value in [0, 1]."""
    if seat == 0:
        return m
    return [[1.0 - m[i][j] for i in range(len(m))] for j in range(len(m[0]))]


def _expect(rows: Matrix, q: Sequence[float]) -> list[float]:
    return [sum(p * v for p, v in zip(q, r, strict=True)) for r in rows]


def _level1(theirs: Matrix, eps: float) -> list[float]:
    """The other's choice if it plays its best reply to our uniform choices (`theirs`: its
    own rows and values), with `eps` spread uniformly."""
    means = [sum(r) / len(r) for r in theirs]
    best = means.index(max(means))
    n = len(theirs)
    return [eps / n + (1.0 - eps if j == best else 0.0) for j in range(n)]


def _add(total: Matrix, m: Matrix) -> Matrix:
    if not total:
        return [r[:] for r in m]
    return [[t + v for t, v in zip(tr, r, strict=True)] for tr, r in zip(total, m, strict=True)]


class Search:
    """Backward induction over one determinized FaMiX copy: seat 0's value in [0, 1].

    At a simultaneous choice the searching seat `me` maximises against a model of the other:
    - `nash`: the equilibrium of the matrix game (the value both can guarantee);
    - `uniform`: the other picks any sensible choice alike (the best reply to chance);
    - `level1`: the other plays the best reply to *our* uniform choices (a `uniform` search
      from its seat), blended with `eps` of uniform noise: the cognitive hierarchy's next
      step, the best reply to a player who plays the best reply to chance;
    - `short`: the other is a sensible player who looks one combat ahead, replying to any
      legal choice of ours alike (a `legal` search of one combat from its seat, wherever it
      stands), blended with `eps` of uniform noise.
    `rounds` caps how many combats are looked at (None: to the end); cut positions are
    judged by `win_chance`.
    """

    def __init__(self, rounds: int | None, me: Seat = 0, model: str = NASH,
                 eps: float = 0.25, deadline: float | None = None) -> None:
        self.rounds = rounds
        self.deadline = deadline
        self.me = me
        self.model = model
        self.eps = eps
        self.other: Search | None = None
        if model == LEVEL1:
            self.other = Search(rounds, 1 - me, UNIFORM, deadline=deadline)
        elif model == SHORT:
            self.other = Search(1, 1 - me, LEGAL, deadline=deadline)
        self.memo: dict[Hashable, float] = {}
        self.nodes = 0

    def predict(self, state: MitixState, depth: int, choices: int) -> list[float] | None:
        """The other seat's mixed choice here as our model sees it (None: equilibrium)."""
        if self.model in (UNIFORM, LEGAL):
            return [1.0 / choices] * choices
        if self.other is None:
            return None
        # A short-sighted other looks one combat ahead of wherever it stands.
        ahead = 0 if self.model == SHORT else depth
        return _level1(_columns(self.other.matrix(state, ahead), 1 - self.me), self.eps)

    def reply(self, m: Matrix, state: MitixState, depth: int) -> tuple[float, list[float]]:
        """Our value (as seat 0's) and our choice at a simultaneous node of matrix `m`."""
        rows = _columns(m, self.me)
        q = self.predict(state, depth, len(rows[0]))
        if q is None:
            v, x, _ = solve(rows)
        else:
            values = _expect(rows, q)
            v = max(values)
            x = _pure(len(rows), values.index(v))
        return (v if self.me == 0 else 1.0 - v), x

    def value(self, state: MitixState, depth: int) -> float:
        result = state.result() if state.is_over() else None
        if result is not None:
            return result.utility(0)
        if self.rounds is not None and depth >= self.rounds:
            return win_chance(state)
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return win_chance(state)  # out of time (a clocked level): judge, do not search
        key = _key(state)
        found = self.memo.get(key)
        if found is not None:
            return found
        acting = state.to_act()
        if len(acting) == 2:
            v, _ = self.reply(self.matrix(state, depth), state, depth)
        elif state.phase == PLACE:
            # Placements follow the policy inside the search: branching on them would
            # multiply the tree by up to 16 a round for a choice the policy makes well.
            seat = acting[0]
            a = placement(state, seat, state.legal_actions(seat))
            v = self.after(state, ((seat, a),), depth)
        else:
            seat = acting[0]
            pick = max if seat == 0 else min
            v = pick(self.after(state, ((seat, a),), depth) for a in sensible(state, seat))
        self.memo[key] = v
        return v

    def choices(self, state: MitixState, seat: Seat) -> list[Action]:
        """Our sensible choices; the other's too, or all its legal ones under `legal` (a
        player choosing at random among them picks a large FaMiX more often: one
        choice per member, MX-17)."""
        if self.model == LEGAL and seat != self.me:
            return state.legal_actions(seat)
        return sensible(state, seat)

    def matrix(self, state: MitixState, depth: int) -> Matrix:
        """Seat 0's value after each joint choice: seat 0's choices as rows."""
        mine, theirs = self.choices(state, 0), self.choices(state, 1)
        return [[self.after(state, ((0, a), (1, b)), depth) for b in theirs] for a in mine]

    def after(self, state: MitixState, moves: Sequence[tuple[Seat, Action]],
              depth: int) -> float:
        """The value once `moves` are made; `depth` counts the combats fought so far (a
        combat of a bataille too, MX-22, so that a chain of ties stays within `rounds`)."""
        self.nodes += 1  # a position made: the unit of the search's work
        child = state.clone()
        for seat, action in moves:
            child._apply(seat, action)
        combat = state.phase == SEND and len(moves) == 2
        return self.value(child, depth + 1 if combat else depth)


def win_chance(state: MitixState) -> float:
    """Seat 0's chance to win from a FaMiX position, from the Vivants already won and what
    each side still fields (a rough guess for cut searches: MX-24 counts Vivants)."""
    cards = state.cards
    lead = len(state.vivants[0]) - len(state.vivants[1])
    strength = [0.0, 0.0]
    for s in (0, 1):
        for members in _families(state, s):
            strength[s] += len(members) * (max(cards.bios[c] for c in members)
                                           + 100 * len(members)) / 1000.0
    diff = lead + 0.5 * (strength[0] - strength[1])
    return 0.5 + 0.5 * max(-1.0, min(1.0, diff / 4.0))


def _families(state: MitixState, seat: Seat) -> list[list[int]]:
    groups: dict[int, list[int]] = {}
    for c in state.areopage[seat]:
        groups.setdefault(state.cards.famille[c], []).append(c)
    return list(groups.values())


# -- the bot --------------------------------------------------------------------------------
class FamixBot:
    """The FaMiX search as a bot: on each of `deals` determinized copies (the resource pile
    re-dealt), the value of every joint choice now, by a `Search` of the next `rounds`
    combats with the opponent model `model`; the values are averaged over the copies, then
    the bot plays its reply to the model at the root (a mixed strategy under `nash`).
    A deal is searched only while it is expected to fit in the budgets: `seconds` (a clock)
    and `max_nodes` (search nodes of all deals: the same cut, reproducible)."""

    def __init__(self, seed: int = 0, deals: int = 4, rounds: int | None = None,
                 model: str = NASH, eps: float = 0.25, name: str = "famix",
                 seconds: float | None = None, max_nodes: int | None = None) -> None:
        self.name = name
        self.seconds = seconds
        self.max_nodes = max_nodes
        self.rng = Rng(seed)
        self.deals = deals
        self.rounds = rounds
        self.model = model
        self.eps = eps
        self.last_nodes = 0
        self.last_deals = 0
        self.last_strategy: dict[Action, float] = {}

    def copy(self, state: State, seat: Seat) -> MitixState:
        """A copy to search: the pile re-dealt and hidden choices re-made (`determinize`)."""
        copy = sample(state, seat, self.rng)
        assert isinstance(copy, MitixState)
        return copy

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_choices(state, seat)
        if len(legal) == 1 or not isinstance(state, MitixState) or state.mode != FAMIX:
            return legal[0]
        rng = self.rng
        other = 1 - seat
        # Only determinized copies are read from here on (fairness: the aréopages and
        # Olympes are public, MX-14, but the pile and a secret choice made are not).
        first = self.copy(state, seat)
        simultaneous = first.phase in (SEND, DOWN)
        total: Matrix = []
        theirs: Matrix = []
        nodes = 0
        deals = 0
        seconds = self.seconds
        clock = Budget(seconds=seconds).start() if seconds else None
        wanted = self.deals
        if not first.olympe[0] and not first.olympe[1]:
            wanted = 1  # no Dieu, no resources (MX-20): every deal of the pile is the same
        while deals < wanted:
            if seconds and clock is not None and deals and (
                    clock.elapsed() * (deals + 1) / deals > 0.8 * seconds):
                break  # another deal would not fit in the time budget
            if self.max_nodes and deals and nodes * (deals + 1) / deals > self.max_nodes:
                break  # nor in the node budget
            copy = first if not deals else self.copy(state, seat)
            deals += 1
            # The opponent's secret choice, if made, is unknown: it is searched as a
            # choice made at the same time as ours (MX-17, MX-22).
            copy.reopen_secret_choices(seat)
            deadline = None if clock is None or clock.deadline is None else clock.deadline
            search = Search(self.rounds, seat, self.model, self.eps, deadline)
            if simultaneous:
                m = search.matrix(copy, 0)
            else:
                m = [[search.after(copy, ((seat, a),), 0)] for a in sensible(copy, seat)]
            nodes += search.nodes + (search.other.nodes if search.other else 0)
            total = _add(total, m)
            if simultaneous and search.other is not None:
                theirs = _add(theirs, search.other.matrix(copy, 0))
        self.last_nodes = nodes
        self.last_deals = deals
        mine = sensible(first, seat)
        average = [[v / deals for v in r] for r in total]
        if simultaneous:
            rows = _columns(average, seat)
            q: list[float] | None = None
            if self.model in (UNIFORM, LEGAL):
                q = [1.0 / len(rows[0])] * len(rows[0])
            elif self.model in (LEVEL1, SHORT):
                q = _level1(_columns(theirs, other), self.eps)
            if q is None:
                _, strategy, _ = solve(rows)
            else:
                values = _expect(rows, q)
                strategy = _pure(len(mine), values.index(max(values)))
        else:
            values = [r[0] if seat == 0 else 1.0 - r[0] for r in average]
            strategy = _pure(len(mine), values.index(max(values)))
        self.last_strategy = dict(zip(mine, strategy, strict=True))
        x = rng.random()
        for a, p in zip(mine, strategy, strict=True):
            x -= p
            if x < 0:
                return a
        return mine[max(range(len(mine)), key=lambda i: strategy[i])]


# -- playouts and levels ----------------------------------------------------------------------
def rollout_policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
    """For MCTS playouts (`rollout=game`): resources placed by `placement`, a combatant
    chosen among the sensible ones (the best lead of each FaMiX), other choices at random."""
    if not isinstance(state, MitixState) or state.mode != FAMIX:
        return legal[rng.randrange(len(legal))]
    if state.phase == PLACE:
        return placement(state, seat, legal)
    options = sensible(state, seat)
    return options[rng.randrange(len(options))]


ROLLOUT_POLICIES["mitix"] = rollout_policy


@dataclass(frozen=True)
class FamixLevel:
    """A level's search on FaMiX: deals of the pile averaged, combats looked ahead (None:
    to the end), the opponent model and its share of surprise (`eps`)."""

    deals: int
    rounds: int | None
    model: str
    eps: float = 0.0
    max_nodes: int | None = None


# Facile stays the generic MCTS (30 iterations, short random playouts). Moyen looks one
# combat ahead, replying to an opponent who picks any legal choice alike. Difficile searches
# to the end of the game against a sensible opponent who looks one combat ahead (`short`),
# with a 10% share of surprise: measured stronger against Moyen than replying to chance, the
# equilibrium or the cognitive hierarchy's next step (docs/bots.md; bench/famix_ceiling.py
# measures how far any bot can go: the deal decides most games). Difficile searches up to
# DEALS deals of the pile, as many as DIFFICILE_NODES positions searched allow (about 2.4 s
# of one core at some 33 us a position, the level's 3 s less a margin): most positions take
# a few hundred a deal, the heaviest (many FaMiX, Dieux on both sides) some 40,000.
DEALS, DIFFICILE_NODES = 32, 72_000
FAMIX_LEVELS = {
    "moyen": FamixLevel(deals=1, rounds=1, model=LEGAL),
    "difficile": FamixLevel(deals=DEALS, rounds=None, model=SHORT, eps=0.1,
                            max_nodes=DIFFICILE_NODES),
    # Expert (10 s): Difficile's search on four times the deals and positions.
    "expert": FamixLevel(deals=4 * DEALS, rounds=None, model=SHORT, eps=0.1,
                         max_nodes=4 * DIFFICILE_NODES),
}


def _level(name: str) -> GameLevelFactory:
    def make(seed: int, nodes: int | None, seconds: float | None) -> Bot:
        level = FAMIX_LEVELS[name]
        # `difficile:nodes=N` sets the number of pile deals searched, exactly (a deal is
        # one whole backward induction, not one MCTS iteration).
        deals = level.deals if nodes is None else nodes
        max_nodes = level.max_nodes if nodes is None else None
        return FamixBot(derive_seed(seed, "famix"), deals, level.rounds, level.model,
                        level.eps, name=f"{name} (FaMiX search)", seconds=seconds,
                        max_nodes=max_nodes)

    return make


for _name in FAMIX_LEVELS:
    register_game_level("mitix", _name, _level(_name))



