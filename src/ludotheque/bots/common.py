"""What every search bot shares: fair sampling of states, evaluation and rollouts.

Fairness: a bot never searches the true state. It searches copies from `sample()`: for a game
with hidden information, `determinize(seat, rng)` re-deals everything the seat cannot see, and
gives the copy a chance generator drawn from the bot's own, so that the future draws of the true
game (dice, shuffles made later) stay unknown to the bot as well (the conformance harness checks
both for every game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ludotheque.core import Action, Rng, Seat, State

# A rollout policy picks the action of `seat` among `legal` (never empty) in a playout.
RolloutPolicy = Callable[[State, Seat, list[Action], Rng], Action]

# Per-game rollout policies, by game id (games may add theirs; random otherwise).
ROLLOUT_POLICIES: dict[str, RolloutPolicy] = {}

# A game's evaluation for the search, by game id: each seat's chance of winning from a
# (sampled) state, in [0, 1]. Where a game registers one, cut playouts end on it instead
# of `Game.heuristic`: with three or more seats, a seat's own winning chances are what
# max^n must compare, not a score difference against the best rival.
WinChances = Callable[[State], Sequence[float]]
WIN_CHANCES: dict[str, WinChances] = {}

# A playout with no heuristic to stop it runs at most this many actions, then counts as a draw.
ROLLOUT_CAP = 1000


def sample(state: State, seat: Seat, rng: Rng) -> State:
    """A state the bot may search: consistent with `view(seat)`, hidden parts re-dealt.

    Always `determinize`, even when the game says it has no hidden information: the flag is
    per game, and a variant may hide something (a hidden placement, MT-16).
    """
    return state.determinize(seat, rng)


def heuristic_value(state: State, seat: Seat) -> float | None:
    """The game's heuristic for `seat` as a value in [0, 1], or None when it gives none."""
    h = state.game.heuristic(state, seat)
    if h is None:
        return None
    return (min(1.0, max(-1.0, float(h))) + 1.0) / 2.0


def has_heuristic(state: State, seat: Seat, rng: Rng) -> bool:
    """Whether the game gives a heuristic, asked of a sample: never of the true state."""
    return state.game.heuristic(sample(state, seat, rng), seat) is not None


def values(state: State, seats: Iterable[Seat], use_heuristic: bool) -> dict[Seat, float]:
    """Each seat's value in [0, 1]: its utility if the game is over, else the game's win
    chances (`WIN_CHANCES`) or its heuristic."""
    result = state.result() if state.is_over() else None
    if result is not None:
        return {s: result.utility(s) for s in seats}
    chances = WIN_CHANCES.get(state.game.id) if use_heuristic else None
    if chances is not None:
        table = chances(state)
        return {s: float(table[s]) for s in seats}
    out: dict[Seat, float] = {}
    for s in seats:
        v = heuristic_value(state, s) if use_heuristic else None
        out[s] = 0.5 if v is None else v
    return out


def random_policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.randrange(len(legal))]


def greedy_policy(width: int = 4, epsilon: float = 0.2) -> RolloutPolicy:
    """A rollout policy that looks one action ahead with the game's heuristic.

    With probability `epsilon`, or when the heuristic says nothing, it plays at random;
    otherwise it tries up to `width` random candidates and keeps the best for the mover.
    """

    def policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1 or rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        candidates = legal if len(legal) <= width else rng.sample(legal, width)
        best, best_value = candidates[0], -1.0
        for a in candidates:
            after = state.clone()
            after._apply(seat, a)
            if after.is_over():
                result = after.result()
                v = result.utility(seat) if result is not None else 0.5
            else:
                h = heuristic_value(after, seat)
                v = 0.5 if h is None else h
            if v > best_value:
                best, best_value = a, v
        return best

    return policy


def rollout(state: State, rng: Rng, depth: int | None, policy: RolloutPolicy) -> int:
    """Play `state` forward in place: `depth` actions (all of them if None, up to a cap)."""
    limit = ROLLOUT_CAP if depth is None else depth
    steps = 0
    while steps < limit and not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state._apply(seat, policy(state, seat, legal, rng))
        steps += 1
    return steps
