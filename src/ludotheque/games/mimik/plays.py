"""MIMIK's scores and the listing of the plays (MK-8, MK-11 to MK-28), over the state's fields.

`Plays` is a base of `rules.MimikState`, which sets the fields. The listing runs at every
decision of every playout: the plays are made once and shared (actions are immutable values),
and each Action card has its own listing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from mypy_extensions import mypyc_attr

from ludotheque.core.game import Action

from .cards import (
    DECK_SIZE,
    DISCARD_TWO,
    HALF,
    MIMIK,
    NAMES,
    NO_VALUE,
    PAUSE,
    PICKPOCKET,
    REVERSE,
    SABOTAGE,
    SWAP,
    SWAP_SCORE,
    TSUNAMI,
)
from .events import MAX_SEATS
from .notation import (
    ActionPlay,
    Copy,
    CopyAction,
    Discard,
    DiscardTwo,
    Drop,
    Half,
    Keep,
    Pause,
    Pickpocket,
    Play,
    Pose,
    Reverse,
    Sabotage,
    Swap,
    SwapScore,
    Take,
    Tsunami,
)

# phases
PLAY: Final = 0  # the active player plays or discards a card
PICK: Final = 1  # Pickpocket: the active player picks a card from the victim's hand (MK-21)
DROP: Final = 2  # Tsunami tie: the chooser picks which highest card goes (MK-23)
OVER: Final = 3

# -- the plays, made once ----------------------------------------------------------------------
# Posing a Value card and discarding a card, by the card's code less 1 (the codes run 1 to 20):
# a tuple read costs less than a dict's.
_POSE: Final = tuple(Pose(card) for card in range(1, 11))
_POSE_MIMIK: Final = Pose(MIMIK)  # MK-25: a later MIMIK posed as a Value 5
_DISCARD: Final = tuple(Discard(card) for card in range(1, MIMIK + 1))
_COPY: Final = {value: Copy(value) for value in range(12)}
_PAUSE: Final = Pause()
_TSUNAMI: Final = Tsunami()
_DISCARD_TWOS: Final = {(a, b): DiscardTwo(a, b) for a in NAMES for b in NAMES if a <= b}
_pickpocket = cache(Pickpocket)
# By player count and pickpocket: a Pickpocket aimed at each other player, in seat order.
_PICKPOCKETS: Final[list[list[list[ActionPlay]]]] = [
    [[_pickpocket(v) for v in range(n) if v != seat] for seat in range(n)]
    for n in range(MAX_SEATS + 1)]
_swap_score = cache(SwapScore)
_keep = cache(Keep)
drop_choice = cache(Drop)
# A copy of an Action's play (MK-26), a stolen card's play (MK-21): made once a play, kept by
# the play's identity (the plays are shared objects), not by the play's value, whose
# dataclass hash and comparison are Python calls. The play is kept beside its wrapper: an id
# is only ever the same object's while the object lives.
_COPY_ACTIONS: Final[dict[int, tuple[ActionPlay, CopyAction]]] = {}
_TAKES: Final[dict[int, tuple[Play, Take]]] = {}


def _copy_action(play: ActionPlay) -> CopyAction:
    kept = _COPY_ACTIONS.get(id(play))
    if kept is None or kept[0] is not play:
        kept = _COPY_ACTIONS[id(play)] = (play, CopyAction(play))
    return kept[1]


def _take(play: Play) -> Take:
    kept = _TAKES.get(id(play))
    if kept is None or kept[0] is not play:
        kept = _TAKES[id(play)] = (play, Take(play))
    return kept[1]


# The plays aimed at one player's posed cards, by owner then the card's index: a pile holds at
# most the deck's cards (MK-1). Made at import (3 x 960 small values): a list read costs less
# than a cached call.
_SABOTAGES: Final = [[Sabotage(owner, index) for index in range(DECK_SIZE)]
                     for owner in range(MAX_SEATS)]
_HALVES: Final = [[Half(owner, index) for index in range(DECK_SIZE)]
                  for owner in range(MAX_SEATS)]
_REVERSES: Final = [[Reverse(owner, index) for index in range(DECK_SIZE)]
                    for owner in range(MAX_SEATS)]


# Swap(mine, owner, index), by mine then owner then index.
_SWAPS: Final[list[list[list[Swap]]]] = []


def _swaps(mine: int, length: int) -> list[list[Swap]]:
    """Swap(mine, owner, index) by owner then index, for index < length at least (the rows
    are made, or made longer, when needed)."""
    while len(_SWAPS) <= mine:
        made = len(_SWAPS)
        _SWAPS.append([[Swap(made, owner, j) for j in range(16)] for owner in range(MAX_SEATS)])
    rows = _SWAPS[mine]
    if len(rows[0]) < length:
        rows[:] = [[Swap(mine, owner, j) for j in range(length)] for owner in range(MAX_SEATS)]
    return rows


# A posed card below this is a printed Value card (face 1 to 10, a current value 0 to 11;
# only a MIMIK may have NO_VALUE): every Action that aims at posed cards may aim at it,
# whoever's it is (MK-27 spares only MIMIKs). A pile of nothing else gives its row's first
# plays, one a card.
_PLAIN: Final = MIMIK << 4


@mypyc_attr(allow_interpreted_subclasses=True)
class Plays:
    """The scores and the legal plays of a MIMIK state (see rules.MimikState)."""

    # Every field of a MIMIK state, the ones read here and the others (rules.MimikState sets
    # them, effects.py changes them).
    __slots__ = ("_base", "_legal", "_posed", "_scores", "active", "aside", "beginner",
                 "chooser", "deck", "discard", "hands", "members", "mimik_posed", "owed",
                 "pending_card", "phase", "players", "queue", "rng", "skip", "target",
                 "team_mode", "team_of", "turns", "victim", "winner")

    players: int
    target: int
    phase: int
    chooser: int
    _legal: list[Action] | None
    hands: list[list[int]]
    _posed: list[list[int]]
    discard: list[int]
    _base: list[int]
    _scores: list[int] | None
    mimik_posed: list[bool]
    active: int
    victim: int
    team_mode: bool
    team_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]

    # -- scores -----------------------------------------------------------------------------------
    # Every team's score (MK-5) is kept in `_scores` between plays: the effects add and take
    # off what they change (effects.py), or set it to None to have it counted again. The piles
    # and bases are `_posed` and `_base`; the state's `posed` and `base` properties give them
    # to anyone else (a scenario test sets a table by hand) and set `_scores` to None, since
    # what they give may be changed behind the engine's back.
    def _team_scores(self) -> list[int]:
        """The kept scores, by team number (counted if they are not kept): not to be changed."""
        scores = self._scores
        if scores is None:
            scores = self._scores = self._base[:]
            team_of = self.team_of
            for seat, pile in enumerate(self._posed):
                total = 0
                for card in pile:
                    value = card & 15
                    if value != NO_VALUE:
                        total += value
                scores[team_of[seat]] += total
        return scores

    def team_scores(self) -> list[int]:
        """Every team's score, by team number (MK-5: the base plus the values of the posed
        cards, of both members in Team mode)."""
        return self._team_scores()[:]

    def team_score(self, team: int) -> int:
        return self._team_scores()[team]

    def score(self, seat: int) -> int:
        """The score of `seat` (its team's in Team mode)."""
        return self._team_scores()[self.team_of[seat]]

    # -- the legal actions ------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER or seat != (self.chooser if phase == DROP else self.active):
            return []  # not to act (as to_act(), without its tuple)
        # Listed anew on every call (a scenario may have changed the state by hand since).
        if phase == PLAY:
            # A turn's plays, in the order of the sorted hand, then its discards; written
            # here rather than in a method of its own: this runs at every decision.
            hand = self.hands[seat]
            legal: list[Action] = []
            discards: list[Action] = []
            scores = self._scores
            if scores is None:
                scores = self._team_scores()
            score = scores[self.team_of[seat]]
            room = self.target - score
            previous = -1
            for i, card in enumerate(hand):
                if card != previous:
                    # MK-11: discarding a card face up is always allowed (and forced when
                    # nothing plays); listed after the plays.
                    discards.append(_DISCARD[card - 1])
                    if card <= 10:  # MK-12, MK-8 (as in _plays, without building a list)
                        if card <= room:
                            legal.append(_POSE[card - 1])
                    elif card == MIMIK:
                        legal += self._mimik_plays(seat, hand, i, score, -1)
                    else:
                        legal += self._action_plays(seat, card, hand, i, score, -1)
                    previous = card
            legal += discards
        elif phase == PICK:
            legal = self._pick_actions(seat)
        else:
            legal = [drop_choice(i) for i in self._drop_choices(seat)]
        self._legal = legal
        return legal[:]  # the caller's own copy: the kept list must not change

    def _pick_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        score = self.score(seat)
        holds_mimik = MIMIK in hand and not self.mimik_posed[seat]
        out: list[Action] = []
        previous = -1
        for card in self.hands[self.victim]:
            if card == previous:
                continue
            previous = card
            # MK-21: play the stolen card at once as this turn's play (all rules apply) ...
            # (MK-13: judged with the card out of the victim's hand: a stolen Pickpocket
            # cannot aim at a victim it left with no card.)
            out.extend(_take(play) for play in self._plays(seat, card, hand, -1, score,
                                                           self.victim))
            # ... or keep it and discard another card of the hand.
            other = -1
            for mine in hand:
                if mine == other:
                    continue
                other = mine
                if card == MIMIK and holds_mimik and mine != MIMIK:
                    continue  # MK-25: one MIMIK in hand: keeping a second means letting one go
                out.append(_keep(card, mine))
        return out

    def _plays(self, seat: int, card: int, hand: list[int], index: int, score: int,
               robbed: int = -1) -> Sequence[Play]:
        """Every play of `card` by `seat`; `hand` minus position `index` is what else it holds.
        `robbed`: the seat `card` was just stolen from (MK-21), whose hand still holds it."""
        if card <= 10:
            # MK-12 and MK-8: a Value card is posed unless it takes its owner above the target.
            return [_POSE[card - 1]] if score + card <= self.target else []
        if card == MIMIK:
            return self._mimik_plays(seat, hand, index, score, robbed)
        return self._action_plays(seat, card, hand, index, score, robbed)

    def _mimik_plays(self, seat: int, hand: list[int], index: int, score: int,
                     robbed: int) -> Sequence[Play]:
        if self.mimik_posed[seat]:
            # MK-25: after posing a MIMIK, a later one is a Value 5 for this player.
            return [_POSE_MIMIK] if score + 5 <= self.target else []
        # MK-26: copy a card visible in play: any posed card, or the top of the discard pile.
        values = {card & 15 for cards in self._posed for card in cards}
        values.discard(NO_VALUE)
        top = self.discard[-1] if self.discard else 0
        if 1 <= top <= 10:
            values.add(top)
        out: list[Play] = [_COPY[v] for v in sorted(values) if score + v <= self.target]  # MK-8
        if 11 <= top <= 19:
            out.extend(_copy_action(p)
                       for p in self._action_plays(seat, top, hand, index, score, robbed))
        # MK-28: with nothing to copy, the list is empty and the MIMIK cannot be played.
        return out

    def _aimed(self, rows: Sequence[Sequence[ActionPlay]], seat: int) -> list[ActionPlay]:
        """A play aimed at each posed Value card `seat`'s Action may target."""
        out: list[ActionPlay] = []
        team_of = self.team_of
        side = team_of[seat]
        for owner, pile in enumerate(self._posed):
            if pile:
                row = rows[owner]
                if max(pile) < _PLAIN:
                    out += row[:len(pile)]
                    continue
                foreign = team_of[owner] != side
                for i, card in enumerate(pile):
                    # MK-27: another side's posed MIMIK is never a target (its own side's is).
                    if card & 15 != NO_VALUE and not (foreign and (card >> 4) & 63 == MIMIK):
                        out.append(row[i])
        return out

    def _action_plays(self, seat: int, card: int, hand: list[int], index: int,
                      score: int, robbed: int = -1) -> list[ActionPlay]:
        # MK-13: each target choice is its own play; an Action with no target cannot be played.
        # MK-24: the player who plays the Action chooses among the legal targets.
        # Picked by a chain of tests rather than a table of functions: compiled, a test of
        # an int costs nothing and a method call is direct; as Python, about the same.
        if card == SABOTAGE:
            return self._sabotage_plays(seat, hand, index, score, robbed)
        if card == SWAP:
            return self._swap_plays(seat, hand, index, score, robbed)
        if card == REVERSE:
            return self._reverse_plays(seat, hand, index, score, robbed)
        if card == PAUSE:
            return self._pause_plays(seat, hand, index, score, robbed)
        if card == HALF:
            return self._half_plays(seat, hand, index, score, robbed)
        if card == DISCARD_TWO:
            return self._discard_two_plays(seat, hand, index, score, robbed)
        if card == PICKPOCKET:
            return self._pickpocket_plays(seat, hand, index, score, robbed)
        if card == SWAP_SCORE:
            return self._swap_score_plays(seat, hand, index, score, robbed)
        assert card == TSUNAMI
        return self._tsunami_plays(seat, hand, index, score, robbed)

    def _sabotage_plays(self, seat: int, hand: list[int], index: int, score: int,
                        robbed: int) -> list[ActionPlay]:
        # MK-15: any posed Value card, the player's own included.
        return self._aimed(_SABOTAGES, seat)

    def _half_plays(self, seat: int, hand: list[int], index: int, score: int,
                    robbed: int) -> list[ActionPlay]:
        # MK-19: halving only lowers a score, so MK-8 never forbids it.
        return self._aimed(_HALVES, seat)

    def _reverse_plays(self, seat: int, hand: list[int], index: int, score: int,
                       robbed: int) -> list[ActionPlay]:
        out: list[ActionPlay] = []
        team_of = self.team_of
        side = team_of[seat]
        # MK-8: reversing a card of one's own side must not overshoot: v becomes 11 - v.
        room = self.target - score
        for owner, pile in enumerate(self._posed):
            if pile:
                foreign = team_of[owner] != side
                row = _REVERSES[owner]
                if (foreign or room >= 11) and max(pile) < _PLAIN:
                    out += row[:len(pile)]  # values are at most 11: 11 - 2 * value <= room
                    continue
                for i, card in enumerate(pile):
                    value = card & 15
                    if value == NO_VALUE:
                        continue
                    if foreign:
                        if (card >> 4) & 63 != MIMIK:  # MK-27
                            out.append(row[i])
                    elif 11 - 2 * value <= room:
                        out.append(row[i])
        return out

    def _swap_plays(self, seat: int, hand: list[int], index: int, score: int,
                    robbed: int) -> list[ActionPlay]:
        posed_cards = self._posed
        mine = [(i, c & 15) for i, c in enumerate(posed_cards[seat])
                if c & 15 != NO_VALUE and (c >> 4) & 63 != MIMIK]
        if not mine:
            return []
        # MK-16, MK-23: "un autre joueur" is any other player, a partner included (a swap
        # within a team leaves its score but changes whose card a Tsunami takes).
        team_of = self.team_of
        my_team = team_of[seat]
        # owner, its cards (index, value), their indices (None: the whole pile), partner
        theirs: list[tuple[int, list[tuple[int, int]], list[int] | None, bool]] = []
        longest = 0
        for owner, pile in enumerate(posed_cards):
            if owner != seat and pile:
                cards = [(j, c & 15) for j, c in enumerate(pile)
                         if c & 15 != NO_VALUE and (c >> 4) & 63 != MIMIK]
                if cards:
                    indices = None if len(cards) == len(pile) else [j for j, _ in cards]
                    theirs.append((owner, cards, indices, team_of[owner] == my_team))
                    longest = max(longest, len(pile))
        out: list[ActionPlay] = []
        target = self.target
        for i, v in mine:
            # MK-8: the side's score after the swap: unchanged with the partner, else
            # score - v + w for the other side's card of value w (below NO_VALUE).
            most = target - score + v
            rows = _swaps(i, longest)
            for owner, cards, indices, partner in theirs:
                row = rows[owner]
                if partner:
                    if score > target:
                        continue
                elif most < NO_VALUE - 1:
                    out += [row[j] for j, w in cards if w <= most]
                    continue
                if indices is None:
                    out += row[:len(cards)]
                else:
                    out += map(row.__getitem__, indices)
        return out

    def _pause_plays(self, seat: int, hand: list[int], index: int, score: int,
                     robbed: int) -> list[ActionPlay]:
        return [_PAUSE]

    def _discard_two_plays(self, seat: int, hand: list[int], index: int, score: int,
                           robbed: int) -> list[ActionPlay]:
        # MK-20: two cards of the hand (the Discard x2 itself excluded), each pair of faces
        # once, in the order of the sorted hand.
        rest = hand[:index] + hand[index + 1:] if index >= 0 else hand
        return list(map(_DISCARD_TWOS.__getitem__, dict.fromkeys(combinations(rest, 2))))

    def _pickpocket_plays(self, seat: int, hand: list[int], index: int, score: int,
                          robbed: int) -> list[ActionPlay]:
        # MK-21, MK-13: another player's non-empty hand (a robbed hand counted without the
        # card just stolen from it); the pickpocket needs a card left in hand so that
        # keeping the stolen card (and discarding another) is possible.
        left = len(hand) - (1 if index >= 0 else 0)
        if left < 1:
            return []
        hands = self.hands
        if robbed < 0 and all(hands):
            return _PICKPOCKETS[self.players][seat][:]  # every other player's
        return [_pickpocket(v) for v in range(self.players)
                if v != seat and len(hands[v]) > (v == robbed)]

    def _swap_score_plays(self, seat: int, hand: list[int], index: int, score: int,
                          robbed: int) -> list[ActionPlay]:
        my_team = self.team_of[seat]
        out: list[ActionPlay] = []
        keep_mine = self._mimik_points(self.members[my_team])
        scores = self._team_scores()
        for team, seats in enumerate(self.members):
            if team == my_team:
                continue
            theirs_score = scores[team] - self._mimik_points(seats)
            if theirs_score + keep_mine <= self.target:  # MK-8
                out.append(_swap_score(seats[0]))
        return out

    def _tsunami_plays(self, seat: int, hand: list[int], index: int, score: int,
                       robbed: int) -> list[ActionPlay]:
        # MK-23: playable when it hits at least one posed card of another player ("Tous
        # les autres joueurs": a partner too; MK-27 spares only the other sides' MIMIKs).
        for owner, pile in enumerate(self._posed):
            if owner != seat and pile:
                for card in pile:
                    if card & 15 != NO_VALUE and (card >> 4) & 63 != MIMIK:
                        return [_TSUNAMI]  # a plain Value card: always a choice
                if self._drop_choices(owner, seat):
                    return [_TSUNAMI]
        return []

    def _mimik_points(self, seats: tuple[int, ...]) -> int:
        total = 0
        for seat in seats:
            pile = self._posed[seat]
            if pile and max(pile) >= _PLAIN:
                for card in pile:
                    # cards.points of each posed MIMIK copy (face_of(card) == MIMIK)
                    if (card >> 4) & 63 == MIMIK and card & 15 != NO_VALUE:
                        total += card & 15
        return total

    def _drop_choices(self, seat: int, actor: int = -1) -> list[int]:
        """Indices of the owner's highest cards a Tsunami played by `actor` (by default the
        active player) may take, one per distinct face."""
        actor = self.active if actor < 0 else actor
        # MK-27: another side's posed MIMIKs are spared (its own side's are not).
        guarded = MIMIK if self.team_of[seat] != self.team_of[actor] else -1
        best = -1
        for card in self._posed[seat]:
            value = card & 15
            if value != NO_VALUE and value > best and (card >> 4) & 63 != guarded:
                best = value
        out: list[int] = []
        faces: set[int] = set()
        for i, card in enumerate(self._posed[seat]):
            face = (card >> 4) & 63
            if card & 15 == best and face != guarded and face not in faces:
                faces.add(face)
                out.append(i)
        return out

