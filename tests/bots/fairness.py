"""The check that a bot cannot cheat, shared by the fairness tests.

"Another true state consistent with the seat's view" is `determinize(seat, rng)` of the true
state: the same view and legal actions for the seat, every hidden part re-dealt. A fair bot
given that state instead of the true one, with the same seed, makes the same choice.

That holds exactly only when the game's `determinize` depends on the view and the generator
alone, not on the hidden parts it replaces (for instance not on the order of the deck it
re-deals). `determinize_is_canonical` checks that first, so that a failure says which of the
two promises broke: the game's or the bot's.
"""

from __future__ import annotations

from typing import cast

from ludotheque.bots import make_bot
from ludotheque.core import Action, Game, Rng, State, canonical, derive_seed
from tests.core.toys import HighCard, HighCardOptions, HighCardState

SPECS = ("greedy:nodes=16", "facile:time=0", "mcts:nodes=60", "moyen:nodes=80:time=0")


class CanonicalHighCardState(HighCardState):
    """Carte haute whose determinize sorts the hidden pool before shuffling it."""

    canonical_redeal = True


class CanonicalHighCard(HighCard):
    id = "carte_haute_canonique"
    state_type = CanonicalHighCardState

    def _new(self, seed: int, players: int, options: object) -> State:
        assert isinstance(options, HighCardOptions)
        return CanonicalHighCardState(seed, options.hand_size)


def scrambles(state: State, seat: int, count: int) -> list[State]:
    """Other true states the seat cannot tell from `state`."""
    return [state.determinize(seat, Rng(derive_seed("scramble", k))) for k in range(count)]


def determinize_is_canonical(state: State, seat: int, count: int = 3) -> bool:
    for other in scrambles(state, seat, count):
        for k in range(2):
            a = state.determinize(seat, Rng(k)).to_json()
            b = other.determinize(seat, Rng(k)).to_json()
            if canonical(a) != canonical(b):
                return False
    return True


def decision_points(game: Game, seed: int, players: int, options: object,
                    limit: int) -> list[tuple[State, int]]:
    """Up to `limit` (state, seat) decisions of a seeded random game."""
    state = game.new(seed, players, options)  # type: ignore[arg-type]
    rng = Rng(derive_seed("points", seed))
    out: list[tuple[State, int]] = []
    while not state.is_over() and len(out) < limit:
        seat = state.to_act()[rng.randrange(len(state.to_act()))]
        out.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def choices_that_change(spec: str, points: list[tuple[State, int]],
                        scrambled: int) -> list[str]:
    """Every decision where a scrambled true state changes the bot's seeded choice."""
    changed = []
    for i, (state, seat) in enumerate(points):
        chosen: Action = make_bot(spec, 7).choose(state, seat)
        for k, other in enumerate(scrambles(state, seat, scrambled)):
            again = make_bot(spec, 7).choose(other, seat)
            if again != chosen:
                changed.append(f"decision {i} (seat {seat}), scramble {k}: "
                               f"{chosen.text()} became {again.text()}")
    return changed


class Scrambled:
    """The true state `truth` as a bot receives it, except that `determinize` answers from
    `reference`, another state of the same information set.

    Every other read (a view, legal actions, an attribute, a clone, to_json) reaches `truth`.
    So a bot that learns the hidden parts only through `determinize` chooses the same from
    any scrambled truth; one that peeks at them any other way can be told apart.
    """

    def __init__(self, truth: State, reference: State) -> None:
        self._truth = truth
        self._reference = reference

    def determinize(self, seat: int | None, rng: Rng) -> State:
        return self._reference.determinize(seat, rng)

    def __getattr__(self, name: str) -> object:
        return getattr(self._truth, name)


def choices_that_change_through_determinize(spec: str, points: list[tuple[State, int]],
                                            scrambled: int) -> list[str]:
    """Like `choices_that_change`, for any game: the scrambled truths answer `determinize`
    from the original state, so the test holds whatever order `determinize` re-deals in."""
    changed = []
    for i, (state, seat) in enumerate(points):
        chosen = make_bot(spec, 7).choose(cast(State, Scrambled(state, state)), seat)
        for k, other in enumerate(scrambles(state, seat, scrambled)):
            again = make_bot(spec, 7).choose(cast(State, Scrambled(other, state)), seat)
            if again != chosen:
                changed.append(f"decision {i} (seat {seat}), scramble {k}: "
                               f"{chosen.text()} became {again.text()}")
    return changed
