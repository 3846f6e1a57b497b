"""MIMIK knowledge for the bots: a race to exactly the target (MK-9), with 2 to 8 seats.

- Win chances (`common.WIN_CHANCES`): each side's chance to be the first to land exactly on
  the target, a softmax over the sides of a few race features: the distance left (a score
  above the target counts as the 25 it falls back to, MK-7), whether the hand can finish at
  the next turn, how soon that turn comes (seat order, a Pause, MK-14, MK-18), and whether
  the distance is within one card. With three or more seats max^n needs each seat's own
  chance: a score difference against the best rival says nothing of the seats in between.
- A rollout policy (`common.ROLLOUT_POLICIES`): finish when a play lands on the target,
  otherwise the play that most raises the mover's win chances, judged from each play's effect
  on the scores without applying it (cheap enough for playouts), with a little randomness.
- The levels' knobs on MIMIK (`levels.register_game_settings`): Facile and Moyen keep the
  generic knobs (random playouts cut after 2 and 6 actions, ended on the win chances);
  Difficile cuts its playouts after 3 actions played by the policy (long random playouts in a
  4-seat race are mostly noise); the node budgets stay 30/300/1500.

This module reads the engine's state (hands, posed cards): it evaluates the sampled copies the
search gives it, never the true state (`tests/bots/test_fairness.py`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ludotheque.bots.common import ROLLOUT_POLICIES, WIN_CHANCES
from ludotheque.bots.levels import register_game_settings
from ludotheque.bots.mcts import MCTSSettings
from ludotheque.core import Action, Rng, Seat, State

from .cards import (
    DISCARD_TWO,
    HALF,
    MIMIK,
    NO_VALUE,
    PAUSE,
    PICKPOCKET,
    REVERSE,
    SABOTAGE,
    SWAP,
    SWAP_SCORE,
    TSUNAMI,
)
from .notation import (
    Copy,
    CopyAction,
    Discard,
    DiscardTwo,
    Drop,
    Half,
    Keep,
    Pause,
    Pickpocket,
    Pose,
    Reverse,
    Sabotage,
    Swap,
    SwapScore,
    Take,
    Tsunami,
)
from .rules import DROP, OVER, PLAY, RESET_BASE, MimikState

# The weights of a side's race features in the softmax (see `side_strength`), set by hand.
# A softmax fit on 4,000 positions of the policy's self-play at 4 seats gives -3.0, 1.0,
# -0.65 and 0.27, with almost the same likelihood (-1.326 a position, chance -1.386, these
# -1.336): the race is mostly the luck of the draw, so these were kept.
DISTANCE = -4.0  # per target's worth of distance left
FINISHER = 1.5  # the hand can land exactly on the target at the next turn
ORDER = -1.0  # per full round until the side's next turn
NEAR = 0.5  # within one Value card of the target (10 or less)

# The rollout policy plays at random this often, so that playouts still explore, and judges
# at most this many of the legal actions (a random few).
EPSILON = 0.1
WIDTH = 6

# How much the policy values keeping a card in hand (discards and Discard x2 throw the least
# useful): an Action that hurts a leader or a MIMIK is worth more than a loose Value card.
_KEEP = {SABOTAGE: 3.0, HALF: 2.5, TSUNAMI: 2.5, PAUSE: 2.0, PICKPOCKET: 2.0, REVERSE: 2.0,
         SWAP: 1.5, SWAP_SCORE: 2.5, DISCARD_TWO: 1.0, MIMIK: 4.0}


# -- the race ----------------------------------------------------------------------------------
def standing(score: int, target: int) -> int:
    """The score a side races from: above the target it falls back to the base 25 (MK-7)."""
    return RESET_BASE if score > target else score


def visible_values(state: MimikState) -> set[int]:
    """The values a MIMIK may copy now (MK-26): posed Value cards and a Value on the discard."""
    out = {c & 15 for cards in state.posed for c in cards if c & 15 != NO_VALUE}
    top = state.discard[-1] if state.discard else 0
    if 1 <= top <= 10:
        out.add(top)
    return out


def can_finish(state: MimikState, seat: Seat, hand: Sequence[int], need: int,
               copies: set[int]) -> bool:
    """Whether `hand` holds a play adding exactly `need` points for `seat`: a Value card
    (MK-12), a MIMIK copying a visible value (MK-26) or, once a MIMIK is posed, a later one
    as a Value 5 (MK-25), or a Reverse of one of its own posed cards (MK-17)."""
    if need <= 0:
        return False
    if need <= 10 and need in hand:
        return True
    if MIMIK in hand:
        if state.mimik_posed[seat]:
            if need == 5:
                return True
        elif need in copies:
            return True
    if REVERSE in hand:
        for c in state.posed[seat]:
            v = c & 15
            if v != NO_VALUE and 11 - 2 * v == need:
                return True
    return False


def turns_until(state: MimikState, seat: Seat) -> int:
    """Seats' turns before `seat` plays (0: it plays now), a Pause counting a round (MK-14)."""
    n = state.players
    k = (seat - state.active) % n
    if state.skip[seat]:
        k += n
    return k


def side_strength(distance: int, target: int, finisher: bool, rounds: float) -> float:
    """A side's weight in the softmax of win chances: its race features, weighted."""
    z = DISTANCE * distance / target + ORDER * rounds
    if finisher:
        z += FINISHER
    if distance <= 10:
        z += NEAR
    return z


def win_chances(state: State) -> list[float]:
    """Each seat's chance to win from `state` (its side's, in Team mode): see the module."""
    assert isinstance(state, MimikState)
    n = state.players
    if state.phase == OVER:
        result = state.result()
        assert result is not None
        return [result.utility(s) for s in range(n)]
    target = state.target
    copies = visible_values(state)
    strengths: list[float] = []
    for team, seats in enumerate(state.members):
        distance = target - standing(state.team_score(team), target)
        finisher = False
        soonest = 2 * n
        for s in seats:
            finisher = finisher or can_finish(state, s, state.hands[s], distance, copies)
            soonest = min(soonest, turns_until(state, s))
        strengths.append(side_strength(distance, target, finisher, soonest / n))
    top = max(strengths)
    weights = [math.exp(z - top) for z in strengths]
    total = sum(weights)
    return [weights[state.team_of[s]] / total for s in range(n)]


# -- the rollout policy --------------------------------------------------------------------------
def _highest(state: MimikState, owner: int, actor: Seat) -> int:
    """The value `actor`'s Tsunami takes from `owner` (its highest posed Value card, MK-23;
    a MIMIK of another side passes, MK-27)."""
    choices = state._drop_choices(owner, actor)
    return state.posed[owner][choices[0]] & 15 if choices else 0


def score_effect(state: MimikState, seat: Seat, play: Action) -> dict[int, int]:
    """The change of each side's score a play makes (sides not named: none)."""
    team_of = state.team_of
    mine = team_of[seat]
    kind = type(play)
    if kind is Take or kind is CopyAction:
        assert isinstance(play, Take | CopyAction)
        play = play.play
        kind = type(play)
    # `type(...) is` rather than isinstance: actions are ABCs, whose checks are slow.
    if kind is Pose:
        assert isinstance(play, Pose)
        return {mine: 5 if play.card == MIMIK else play.card}
    if kind is Copy:
        assert isinstance(play, Copy)
        return {mine: play.value}
    if kind is Sabotage:
        assert isinstance(play, Sabotage)
        return {team_of[play.seat]: -(state.posed[play.seat][play.index] & 15)}
    if kind is Half:
        assert isinstance(play, Half)
        v = state.posed[play.seat][play.index] & 15
        return {team_of[play.seat]: v // 2 - v}
    if kind is Reverse:
        assert isinstance(play, Reverse)
        v = state.posed[play.seat][play.index] & 15
        return {team_of[play.seat]: 11 - 2 * v}
    if kind is Swap:
        assert isinstance(play, Swap)
        if team_of[play.seat] == mine:
            return {}  # a swap with the partner keeps the team's score (MK-16, MK-5)
        gave = state.posed[seat][play.mine] & 15
        got = state.posed[play.seat][play.index] & 15
        return {mine: got - gave, team_of[play.seat]: gave - got}
    if kind is SwapScore:
        assert isinstance(play, SwapScore)
        other = team_of[play.seat]
        a = state.team_score(mine) - state._mimik_points(state.members[mine])
        b = state.team_score(other) - state._mimik_points(state.members[other])
        return {mine: b - a, other: a - b}
    if kind is Tsunami:
        out: dict[int, int] = {}
        for s in range(state.players):
            if s != seat:  # every other player, a partner too (MK-23)
                out[team_of[s]] = out.get(team_of[s], 0) - _highest(state, s, seat)
        return out
    if kind is Drop:
        assert isinstance(play, Drop)
        return {mine: -(state.posed[seat][play.index] & 15)}
    return {}


_CARD_OF: dict[type, int] = {
    Sabotage: SABOTAGE, Half: HALF, Reverse: REVERSE, Swap: SWAP, Pause: PAUSE,
    DiscardTwo: DISCARD_TWO, Pickpocket: PICKPOCKET, SwapScore: SWAP_SCORE, Tsunami: TSUNAMI,
    Copy: MIMIK, CopyAction: MIMIK,
}


def keep_value(card: int, distance: int) -> float:
    """What a card in hand is worth keeping: a Value that can land on the target most, one
    that fits under it a little (MK-8 forbids the others for now), an Action by `_KEEP`."""
    if card <= 10:
        if card == distance:
            return 6.0
        return 1.0 + card / 10 if card < distance else 0.2
    return _KEEP.get(card, 1.0)


class _Judge:
    """One decision of a playout: what the mover's plays do to the race, judged without
    applying them (a playout makes thousands of such judgements: this stays cheap)."""

    def __init__(self, state: MimikState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.n = n = state.players
        self.target = target = state.target
        self.mine = state.team_of[seat]
        self.scores = [state.team_score(t) for t in range(len(state.members))]
        self.copies = visible_values(state)
        # The rivals as they stand once the mover's turn is over.
        self.rounds: list[float] = []
        self.finisher: list[bool] = []
        self.strength: list[float] = []
        for team, seats in enumerate(state.members):
            rounds = min((s - seat - 1) % n + (n if state.skip[s] else 0) for s in seats) / n
            distance = target - standing(self.scores[team], target)
            finisher = any(can_finish(state, s, state.hands[s], distance, self.copies)
                           for s in seats)
            self.rounds.append(rounds)
            self.finisher.append(finisher)
            self.strength.append(side_strength(distance, target, finisher, rounds))

    def rival(self, team: int, delta: int) -> float:
        """A rival side's strength after its score changes by `delta`."""
        if delta == 0:
            return self.strength[team]
        state = self.state
        distance = self.target - standing(self.scores[team] + delta, self.target)
        finisher = any(can_finish(state, s, state.hands[s], distance, self.copies)
                       for s in state.members[team])
        return side_strength(distance, self.target, finisher, self.rounds[team])

    def value(self, play: Action) -> float:
        """The mover's side strength against its best rival's after `play`."""
        state = self.state
        seat = self.seat
        kind = type(play)
        rest = list(state.hands[seat])
        if kind is Take:
            assert isinstance(play, Take)
            play = play.play  # the stolen card, played at once (MK-21)
            kind = type(play)
        elif kind is Keep:
            assert isinstance(play, Keep)
            rest.append(play.card)
            rest.remove(play.discard)
        elif kind is Discard:
            assert isinstance(play, Discard)
            rest.remove(play.card)
        elif kind is Pose:
            assert isinstance(play, Pose)
            if play.card in rest:
                rest.remove(play.card)
        else:
            card = _CARD_OF.get(kind, 0)
            if card in rest:
                rest.remove(card)
            if kind is DiscardTwo:
                assert isinstance(play, DiscardTwo)
                for c in (play.first, play.second):
                    if c in rest:
                        rest.remove(c)
        effect = score_effect(state, seat, play)
        target = self.target
        mine = self.mine
        own_score = self.scores[mine] + effect.get(mine, 0)
        if own_score == target:
            return 1e6  # MK-9: the target exactly wins at once
        best_rival = -math.inf
        for team in range(len(self.scores)):
            if team == mine:
                continue
            delta = effect.get(team, 0)
            if self.scores[team] + delta == target:
                return -1e5  # the play would hand a rival the win
            z = self.rival(team, delta)
            if kind is Pickpocket and self.finisher[team]:
                assert isinstance(play, Pickpocket)
                if play.victim in state.members[team]:
                    z -= FINISHER  # the pickpocket can take the finishing card (MK-21)
            if kind is Pause and (seat + 1) % self.n in state.members[team]:
                z += ORDER  # MK-18: the next seat skips its turn
            best_rival = max(best_rival, z)
        distance = target - standing(own_score, target)
        finisher = can_finish(state, seat, rest, distance, self.copies)
        z = side_strength(distance, target, finisher, 1.0)
        # Keeping good cards matters for the discards (MK-11) and Discard x2 (MK-20).
        z += 0.02 * sum(keep_value(c, distance) for c in rest)
        return z - best_rival


def rollout_policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
    """The playouts' move: the best play by `_Judge.value`, at random now and then."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EPSILON:
        return legal[rng.randrange(len(legal))]
    assert isinstance(state, MimikState)
    if state.phase == DROP:
        return legal[0]  # MK-23: a tie between equal values: any card goes
    if state.phase == PLAY:
        need = state.target - state.score(seat)
        hand = state.hands[seat]
        if 1 <= need <= 10 and need in hand:
            return Pose(need)  # MK-9, MK-12: the Value card that lands on the target wins
        if (MIMIK in hand and not state.mimik_posed[seat]
                and need in visible_values(state)):
            return Copy(need)  # MK-26: a copy of a visible value that lands on it
    judge = _Judge(state, seat)
    # A few candidates only: judging every target of every Action would cost more than the
    # rest of the playout.
    candidates = legal if len(legal) <= WIDTH else rng.sample(legal, WIDTH)
    best = candidates[0]
    best_value = -math.inf
    for a in candidates:
        v = judge.value(a)
        if v > best_value:
            best, best_value = a, v
    return best


WIN_CHANCES["mimik"] = win_chances
ROLLOUT_POLICIES["mimik"] = rollout_policy

# The levels on MIMIK: short playouts (a 4-seat race makes long random ones mostly noise).
register_game_settings("mimik", "facile", MCTSSettings(exploration=1.0, rollout_depth=2))
for _level in ("difficile", "expert"):
    register_game_settings("mimik", _level, MCTSSettings(exploration=0.7, rollout_depth=3,
                                                         rollout="game"))
