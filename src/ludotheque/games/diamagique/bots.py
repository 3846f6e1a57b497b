"""Diamagique knowledge for the bots: win chances from the contest in play, a rollout policy
that spends strong Sorts only where a contest can still be won, and the levels' knobs.

Everything here reads only the state it is given: the bots pass `determinize` copies, where
the opponent's hand, deck and face-down Sorts are re-dealt from what the seat may know.

- A Sort's worth (`worth`): what it adds to its team's total less the opponent's, in a
  reference challenge (plain Puissance 3 Sorts everywhere else) under the Château in play,
  with the real Magiciens of both teams (DG-3, DG-14, DG-15). Cached per combination.
- The contest (`contest_edge`): the table resolved as it stands (DG-14, DG-16), plus for
  each team its best Sorts in hand for the Magiciens that have yet to cast (DG-12): my
  expected total against the opponent's possible casts.
- The race (`race`): the chance to win the game from the Diamagiques held, those on the
  Château and those left in the pot (DG-16 ties carry the stake, DG-19 six wins, DG-20 the
  pot runs out), with a contest won, lost or tied at even odds after the one in play.
"""

from __future__ import annotations

import math
from functools import cache

from ludotheque.bots.common import ROLLOUT_POLICIES, WIN_CHANCES
from ludotheque.bots.levels import register_game_settings
from ludotheque.bots.mcts import MCTSSettings
from ludotheque.core import Action, Rng, Seat, State

from .cards import COULEURS, SortData
from .catalog import CARDS
from .effects import Cast, Table, resolve
from .notation import Defausser, Lancer
from .rules import (
    DEFAUSSE,
    DEFI,
    DIAMAGIQUE,
    FIN,
    TARGET,
    DiamagiqueState,
    team_wizards,
)

GAME_ID = "diamagique"

# A contest's chance of a tie (DG-16) when the totals are close; the rest splits by the
# expected totals. (12% of the contests tie in 200 games played by the rollout policy.)
TIE = 0.1
# The spread of a contest's total difference: a base for what the estimate misses, and more
# per Sort still to be cast (the hands are sampled, the order of casts is not known).
SPREAD_BASE = 1.5
SPREAD_PER_CAST = 1.0
# The rollout policy plays at random this often, so that playouts stay varied.
EPSILON = 0.1

_SORTS = CARDS.sorts
_WIZARDS = [team_wizards(CARDS, e) for e in range(len(CARDS.equipes))]


def _plain(colour: str) -> SortData:
    return SortData(name=f"ref-{colour}", couleurs=(colour,),  # type: ignore[arg-type]
                    puissance=3)


_PLAIN = {c: _plain(c) for c in COULEURS}


@cache
def worth(sort: int, chateau: int, mine: int, theirs: int) -> tuple[int, int, int]:
    """What Sort `sort` is worth cast from each position (0-2) by team `mine` against team
    `theirs` under Château `chateau` (-1: none yet), as a total difference: 3 for a plain
    Puissance 3 Sort. Allies are plain Sorts of its colour, opponents plain Sorts of another."""
    card = _SORTS[sort]
    own = _PLAIN[card.couleurs[0]]
    other = _PLAIN[next(c for c in COULEURS if c not in card.couleurs)]
    castle = CARDS.chateaux[chateau] if chateau >= 0 else None
    wizards = (_WIZARDS[mine], _WIZARDS[theirs])
    held: tuple[tuple[tuple[str, ...], ...], ...] = (((), (), ()), ((), (), ()))
    out: list[int] = []
    for position in range(3):
        diffs = []
        for x in (card, own):
            casts = [Cast(0, p, x if p == position else own, p) for p in range(3)]
            casts += [Cast(1, p, other, 3 + p) for p in range(3)]
            totals = resolve(Table(0, castle, wizards, tuple(casts), held)).totals
            diffs.append(totals[0] - totals[1])
        out.append(3 + diffs[0] - diffs[1])
    return out[0], out[1], out[2]


# worth() by (Château, team, opposing team), then by Sort: playouts look it up at every step.
_WORTHS: dict[tuple[int, int, int], list[tuple[int, int, int] | None]] = {}


def _worths(state: DiamagiqueState, seat: int) -> list[tuple[int, int, int] | None]:
    key = (state.chateau, state.equipes[seat], state.equipes[1 - seat])
    table = _WORTHS.get(key)
    if table is None:
        table = _WORTHS[key] = [None] * len(_SORTS)
    return table


def _worth(table: list[tuple[int, int, int] | None], state: DiamagiqueState, seat: int,
           card: int) -> tuple[int, int, int]:
    w = table[card]
    if w is None:
        w = table[card] = worth(card, state.chateau, state.equipes[seat],
                                state.equipes[1 - seat])
    return w


def _free(state: DiamagiqueState, seat: int) -> list[int]:
    return [p for p in range(3) if state.cast[seat * 3 + p] < 0]


def _hand_worth(state: DiamagiqueState, seat: int, free: list[int]) -> list[tuple[int, int]]:
    """(worth at its best free position, Sort) for each Sort in `seat`'s hand."""
    table = _worths(state, seat)
    out = []
    for card in state.hand[seat]:
        w = _worth(table, state, seat, card)
        out.append((max(w[p] for p in free) if free else 0, card))
    return out


def _estimate(state: DiamagiqueState, exact: bool
              ) -> tuple[list[float], int, list[list[tuple[int, int]]]]:
    """Each team's expected total in the challenge (DG-12), how many casts remain, and each
    team's Sorts in hand as (worth at the best free position, Sort), weakest first."""
    if exact:
        totals = resolve(state.table()).totals
        est = [float(totals[0]), float(totals[1])]
    else:
        est = [0.0, 0.0]
        for s in (0, 1):
            table = _worths(state, s)
            for p in range(3):
                card = state.cast[s * 3 + p]
                if card >= 0:
                    est[s] += _worth(table, state, s, card)[p]
    remaining = 0
    hands: list[list[tuple[int, int]]] = []
    for s in (0, 1):
        free = _free(state, s)
        hand = sorted(_hand_worth(state, s, free))
        hands.append(hand)
        k = min(len(free), len(hand))
        if k:
            est[s] += sum(w for w, _ in hand[-k:])
            remaining += k
    return est, remaining, hands


def contest_edge(state: DiamagiqueState, seat: int, exact: bool = True) -> tuple[float, int]:
    """During a challenge (DG-12): `seat`'s expected total less the opponent's, each team
    adding its best Sorts in hand for its Magiciens yet to cast; and how many casts remain.
    The Sorts on the table count as resolved (DG-14, DG-16), or, not `exact`, by their
    worth (a playout step cannot afford a resolution)."""
    est, remaining, _ = _estimate(state, exact)
    return est[seat] - est[1 - seat], remaining


def contest_chances(state: DiamagiqueState, seat: int) -> tuple[float, float, float]:
    """`seat`'s chances to win, lose and tie the challenge in play (DG-16)."""
    edge, remaining = contest_edge(state, seat)
    if remaining == 0:
        if edge == 0:
            return 0.0, 0.0, 1.0
        return (1.0, 0.0, 0.0) if edge > 0 else (0.0, 1.0, 0.0)
    spread = SPREAD_BASE + SPREAD_PER_CAST * remaining
    win = 1.0 / (1.0 + math.exp(-edge / spread))
    tie = TIE * math.exp(-(edge / spread) ** 2)
    return (1 - tie) * win, (1 - tie) * (1 - win), tie


@cache
def race(a: int, b: int, stake: int, pot: int) -> float:
    """The chance that the seat holding `a` Diamagiques beats the one holding `b`, between
    two turns, with `stake` Diamagiques left on the Château and `pot` in the pot; every
    coming contest is won, lost or tied at even odds."""
    if a >= TARGET:  # DG-19: six Diamagiques win at once
        return 1.0
    if b >= TARGET:
        return 0.0
    if pot == 0 and stake == 0:  # DG-20: more Diamagiques wins, equal is a draw
        return 1.0 if a > b else 0.0 if a < b else 0.5
    if pot:  # DG-11: the next Château brings one more Diamagique
        return contest(a, b, stake + 1, pot - 1, (1 - TIE) / 2, (1 - TIE) / 2, TIE)
    return contest(a, b, stake, 0, (1 - TIE) / 2, (1 - TIE) / 2, TIE)


def contest(a: int, b: int, stake: int, pot: int, win: float, lose: float,
            tie: float) -> float:
    """The chance to win the game from a contest for `stake` Diamagiques (DG-16)."""
    won = race(a + stake, b, 0, pot)
    lost = race(a, b + stake, 0, pot)
    if pot == 0:
        # A tie with an empty pot replays the same contest: solve the loop.
        return (win * won + lose * lost) / (win + lose) if win + lose > 0 else 0.5
    return win * won + lose * lost + tie * race(a, b, stake, pot)


def chance(state: DiamagiqueState, seat: int) -> float:
    """`seat`'s chance of winning the game from a (sampled) state."""
    a, b = state.count(seat), state.count(1 - seat)
    stake, pot = len(state.on_chateau), len(state.pot)
    if state.phase == DEFI:
        win, lose, tie = contest_chances(state, seat)
        return contest(a, b, stake, pot, win, lose, tie)
    if state.phase == DIAMAGIQUE:
        # DG-17: the winner is placing the Diamagiques just won.
        won = len(state.won)
        if state.deciding == seat:
            a += won
        else:
            b += won
    return race(a, b, stake, pot)


def win_chances(state: State) -> tuple[float, float]:
    assert isinstance(state, DiamagiqueState)
    if state.phase == FIN:
        result = state.result()
        assert result is not None
        return result.utility(0), result.utility(1)
    p = chance(state, 0)
    return p, 1.0 - p


def _cast(state: DiamagiqueState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Cast the best Sort where the contest can still be won, the weakest where it is lost
    anyway or won without it (DG-12, DG-16)."""
    free = _free(state, seat)
    est, remaining, hands = _estimate(state, exact=False)
    edge = est[seat] - est[1 - seat]
    hand = hands[seat]
    best, weakest = hand[-1], hand[0]
    spread = SPREAD_BASE + SPREAD_PER_CAST * remaining
    if edge < -spread or edge - (best[0] - weakest[0]) > spread:
        card = weakest[1]
    else:
        card = best[1]
    w = _worth(_worths(state, seat), state, seat, card)
    effet = _SORTS[card].effet
    facing_matters = effet is not None and "adverse" in (effet.cible, effet.source)
    if facing_matters:
        # DG-15: an effect on "le Magicien adverse": face the strongest Sort cast against it.
        other = (1 - seat) * 3
        table = _worths(state, 1 - seat)
        facing = {p: _worth(table, state, 1 - seat, state.cast[other + p])[p]
                  for p in free if state.cast[other + p] >= 0}
        if facing:
            position = max(facing, key=lambda p: (facing[p], w[p]))
            return _LANCER[card][position]
    top = max(w[p] for p in free)
    choices = [p for p in free if w[p] == top]
    return _LANCER[card][choices[rng.randrange(len(choices))]]


_LANCER = tuple(tuple(Lancer(c, p) for p in range(3)) for c in range(len(_SORTS)))


def rollout_policy(state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
    assert isinstance(state, DiamagiqueState)
    if len(legal) == 1 or rng.random() < EPSILON:
        return legal[rng.randrange(len(legal))]
    if state.phase == DEFI:
        return _cast(state, seat, legal, rng)
    if state.phase == DEFAUSSE:
        # DG-18: keep the strongest Sorts; discard the weakest.
        hand = _hand_worth(state, seat, [0, 1, 2])
        return Defausser(min(hand)[1])
    return legal[rng.randrange(len(legal))]  # Château (DG-10) or Magicien to hold (DG-17)


WIN_CHANCES[GAME_ID] = win_chances
ROLLOUT_POLICIES[GAME_ID] = rollout_policy

# The levels' knobs on Diamagique (measured in the report): the game's rollout policy from
# Moyen on.
register_game_settings(GAME_ID, "moyen",
                       MCTSSettings(exploration=0.7, rollout_depth=6, rollout="game"))
for _level in ("difficile", "expert"):
    register_game_settings(GAME_ID, _level,
                           MCTSSettings(exploration=0.6, rollout_depth=8, rollout="game"))
