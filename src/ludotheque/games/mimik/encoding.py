"""MIMIK for the AI adapters: a setup's numbering of action texts and its observations.

The numbering depends on the player count, Team mode and Beginner mode (which cards are in
the deck, MK-4); the target does not change it (the observation reads it from the view).

Posed cards are named by seat and index (`Sabotage 2.1`). A pile has no fixed size: Half
and Reverse can leave cards worth 0 that never count towards the target (MK-17, MK-19), so
the only bound that always holds is the deck itself: every posed card is one of the deck's
Value cards or MIMIKs (MK-1), `POSED_LIMIT` of them (88, or 80 in Beginner mode). Indices
go up to that bound, and a Swap's two indices together stay below it (both piles hold
distinct cards of the deck).

Actions, ids in this order (cards in code order, cards.py; seats and indices ascending):

    discard <card>                        MK-11
    pose <value>, pose MIMIK              MK-12, MK-25
    the Actions' plays, card by card:     Sabotage s.i, Swap i s.j, Reverse s.i, Pause,
                                          Half s.i, Discard x2 a b, Pickpocket s,
                                          Swap Score s (each team's first seat in Team mode),
                                          Tsunami (MK-13..MK-23)
    MIMIK = 0 .. MIMIK = 11               MK-26, a copied value (a reversed 0 is 11)
    MIMIK <Action play>                   MK-26, every Action play above
    take <play>                           MK-21, every play above (poses, Actions, copies)
    keep <card> discard <card>            MK-21
    drop i                                MK-23

Observation, seats said from the observing seat: `seat+0` is the seat itself, `seat+1` the
next one in play order, and so on:

    seat.<k>                              the observing seat's own number (one-hot), to read
                                          the action ids' absolute seats
    hand.<card>, robbed_hand.<card>       own hand by card / 5; the robbed hand, seen by the
                                          pickpocket only while it chooses (MK-21)
    discard_top.<card>, discard_top.none  the top of the discard pile (MK-26 copies it)
    phase.<phase>, turn / 2000, draw_pile / 120, discard_pile / 120, target / 75
    per seat+r: score, base (/ target), hand_size / 10, posed_count / 12,
        posed_value.<v> / 4 (v 0..11, and "none" for a MIMIK that copied an Action),
        posed.<i>.present / .value (/ 11) / .copy (a MIMIK copy, MK-27) for the first 12
        posed cards (the index the actions name), mimik_posed, paused, active, to_act,
        victim, chooser, partner (same team, MK-4)

Other hands and the draw pile's order are in no view, so not here either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import JSON

from .carddata import load_cards
from .cards import (
    ACTIONS,
    DECK_SIZE,
    DISCARD_TWO,
    HALF,
    MIMIK,
    NAMES,
    PAUSE,
    PICKPOCKET,
    REVERSE,
    SABOTAGE,
    SWAP,
    SWAP_SCORE,
    TSUNAMI,
    is_value,
)
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
from .rules import HAND_SIZE, PHASE_NAMES, TURN_LIMIT

SLOTS = 12  # posed cards shown one by one; the counts by value cover the rest
BIGGEST_TARGET = 75  # MK-4: Hardcore
COPY_VALUES = range(12)  # MK-26: a copied value, 0 to 11 (MK-17: a reversed 0 is 11)


def posed_limit(deck: Sequence[int]) -> int:
    """How many cards can ever be posed at once: the deck's Value cards and MIMIKs."""
    return sum(1 for card in deck if is_value(card) or card == MIMIK)


def _action_plays(card: int, players: int, team: bool, cards: Sequence[int],
                  limit: int) -> list[ActionPlay]:
    """Every play of one Action card any seat may ever make in this setup."""
    targets = [(s, i) for s in range(players) for i in range(limit)]
    if card == SABOTAGE:
        return [Sabotage(s, i) for s, i in targets]
    if card == SWAP:
        # MK-16: mine index i, their seat s, their index j; i + j + 2 cards are posed.
        return [Swap(i, s, j) for i in range(limit) for s in range(players)
                for j in range(limit - 1 - i)]
    if card == REVERSE:
        return [Reverse(s, i) for s, i in targets]
    if card == PAUSE:
        return [Pause()]
    if card == HALF:
        return [Half(s, i) for s, i in targets]
    if card == DISCARD_TWO:
        return [DiscardTwo(a, b) for a in cards for b in cards if a <= b]  # MK-20
    if card == PICKPOCKET:
        return [Pickpocket(s) for s in range(players)]
    if card == SWAP_SCORE:
        # MK-22: a team is named by its first seat (seat t plays with t + n/2, MK-4).
        return [SwapScore(s) for s in range(players // 2 if team else players)]
    assert card == TSUNAMI
    return [Tsunami()]


def actions(players: int, team: bool, beginner: bool) -> tuple[str, ...]:
    deck = load_cards().deck(beginner)
    cards = sorted(set(deck))
    limit = posed_limit(deck)
    action_plays = [p for card in ACTIONS if card in cards
                    for p in _action_plays(card, players, team, cards, limit)]
    plays: list[Play] = [Pose(c) for c in cards if is_value(c) or c == MIMIK]
    plays += action_plays
    if MIMIK in cards:
        plays += [Copy(v) for v in COPY_VALUES]
        plays += [CopyAction(p) for p in action_plays]
    return (*(Discard(c).text() for c in cards),
            *(p.text() for p in plays),
            *(Take(p).text() for p in plays),
            *(Keep(c, d).text() for c in cards for d in cards),
            *(Drop(i).text() for i in range(limit)))


def _seat_names(rel: str) -> list[str]:
    names = [f"score.{rel}", f"base.{rel}", f"hand_size.{rel}", f"posed_count.{rel}"]
    names += [f"posed_value.{rel}.{v}" for v in COPY_VALUES]
    names.append(f"posed_value.{rel}.none")
    names += [f"posed.{rel}.{i}.{what}" for i in range(SLOTS)
              for what in ("present", "value", "copy")]
    names += [f"{flag}.{rel}" for flag in ("mimik_posed", "paused", "active", "to_act",
                                           "victim", "chooser", "partner")]
    return names


def observation_names(players: int, cards: Sequence[int]) -> tuple[str, ...]:
    names = [f"seat.{k}" for k in range(players)]
    names += [f"hand.{NAMES[c]}" for c in cards]
    names += [f"robbed_hand.{NAMES[c]}" for c in cards]
    names += [f"discard_top.{NAMES[c]}" for c in cards] + ["discard_top.none"]
    names += [f"phase.{p}" for p in PHASE_NAMES]
    names += ["turn", "draw_pile", "discard_pile", "target"]
    for r in range(players):
        names += _seat_names(f"seat+{r}")
    return tuple(names)


class Observer:
    """`observe(view, seat)` for one setup's cards."""

    def __init__(self, players: int, cards: Sequence[int]) -> None:
        self.players = players
        self.index = {NAMES[c]: i for i, c in enumerate(cards)}

    def _hand(self, names: Sequence[str]) -> list[float]:
        out = [0.0] * len(self.index)
        for name in names:
            out[self.index[name]] += 1.0 / HAND_SIZE
        return out

    def __call__(self, view: Mapping[str, JSON], seat: int) -> list[float]:
        n = self.players
        target = view["target"]
        out = [float(k == seat) for k in range(n)]
        out += self._hand(view["hand"])
        out += self._hand(view.get("robbed_hand") or ())
        top = [0.0] * (len(self.index) + 1)
        top[self.index[view["discard_top"]] if view["discard_top"] is not None else -1] = 1.0
        out += top
        out += [float(view["phase"] == p) for p in PHASE_NAMES]
        out += [view["turn"] / TURN_LIMIT, view["draw_pile"] / DECK_SIZE,
                view["discard_pile"] / DECK_SIZE, target / BIGGEST_TARGET]
        teams = view["teams"]
        for r in range(n):
            s = (seat + r) % n
            posed = view["posed"][s]
            out += [view["scores"][s] / target, view["bases"][teams[s]] / target,
                    view["hand_sizes"][s] / (2 * HAND_SIZE), len(posed) / SLOTS]
            by_value = [0.0] * (len(COPY_VALUES) + 1)
            for card in posed:
                by_value[card[1] if card[1] is not None else -1] += 0.25
            out += by_value
            for i in range(SLOTS):
                if i < len(posed):
                    value = posed[i][1]
                    out += [1.0, (value or 0) / 11, float(len(posed[i]) == 3)]
                else:
                    out += [0.0, 0.0, 0.0]
            out += [float(view["mimik_posed"][s]), float(view["paused"][s]),
                    float(view["active"] == s), float(s in view["to_act"]),
                    float(view["victim"] == s), float(view["chooser"] == s),
                    float(teams[s] == teams[seat])]
        return out


@lru_cache(maxsize=2)  # a 132,410-id numbering at 8 players: keep few in memory
def encoding_for(players: int, team: bool, beginner: bool) -> Encoding:
    """The numbering and observation of every setup with these players and modes (the
    target and a lesson's position change neither)."""
    cards = sorted(set(load_cards().deck(beginner)))
    names = observation_names(players, cards)
    return Encoding(actions(players, team, beginner), len(names), Observer(players, cards),
                    names)

