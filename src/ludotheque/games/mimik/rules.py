"""MIMIK's rules: the state, its legal actions and its transitions.

A turn (MK-10, MK-11): the player to act has drawn; they play one card or discard one. Two
effects need a second decision: Pickpocket (the pickpocket sees the robbed hand and picks a
card, MK-21) and a Tsunami tie (the owner picks which card goes, MK-23). Everything else is
resolved at once (effects.py), then the win (MK-9), the robbed player's draw, the end of turn
(MK-7) and the next turn's draw follow automatically.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Self

from mypy_extensions import mypyc_attr

from ludotheque.core.game import JSON, Action, Event, Result, State
from ludotheque.core.rng import Rng

from .cards import (
    MIMIK,
    NAMES,
    NO_VALUE,
    copied_of,
    face_of,
    printed,
    value_of,
)
from .effects import PLAY_CARD, Effects, card_of
from .events import DISCARDED, DRAWS, DREW, MAX_SEATS, NO_CARD, POSED, SKIPPED, TURNS, turn
from .notation import Discard, Drop, Keep, Play, Pose, Take
from .plays import DROP, OVER, PICK, PLAY

HAND_SIZE: Final = 5
RESET_BASE: Final = 25  # MK-7
TURN_LIMIT: Final = 2000  # MK-29

PHASE_NAMES: Final = ("jouer", "pickpocket", "tsunami", "fin")
_SEATS: Final = tuple((seat,) for seat in range(MAX_SEATS))  # to_act()'s answers, made once

__all__ = ["DROP", "HAND_SIZE", "OVER", "PHASE_NAMES", "PICK", "PLAY", "RESET_BASE",
           "TURN_LIMIT", "MimikState", "card_of", "posed_json"]

_POSED_VIEWS: Final[dict[int, tuple[JSON, ...]]] = {}


def posed_json(card: int) -> list[JSON]:
    """A posed card in a view: [printed card, current value] (MK-6), and for a MIMIK copy a
    third item, the card it copied; the value is None for a copied Action (MK-26)."""
    shown = _POSED_VIEWS.get(card)
    if shown is None:
        value = value_of(card)
        shown = (NAMES[printed(card)], None if value == NO_VALUE else value)
        if face_of(card) == MIMIK:
            shown += (str(value) if value != NO_VALUE else NAMES[copied_of(card)],)
        _POSED_VIEWS[card] = shown
    return list(shown)


# A native class once compiled (COMPILED in __init__.py); a plain Python subclass stays
# possible (a test plays the rules of before a fix that way): mypyc allows it only when the
# class and its bases say so.
@mypyc_attr(allow_interpreted_subclasses=True)
class MimikState(Effects, State):
    """One moment of a MIMIK game. Cards are small ints (see cards.py)."""

    __slots__ = ()  # the fields' slots are in Plays (plays.py)

    rng: Rng
    players: int
    target: int
    team_mode: bool
    beginner: bool
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    _posed: list[list[int]]  # by seat: the posed cards (cards.posed), `posed` to others
    _base: list[int]  # by team (MK-5, MK-7), `base` to others
    _scores: list[int] | None  # by team, kept (plays.py); None: to be counted
    mimik_posed: list[bool]
    skip: list[bool]
    active: int
    phase: int
    victim: int
    chooser: int
    queue: list[int]
    pending_card: int
    owed: list[int]
    # Cards a Discard x2 just discarded, kept off the discard pile until the turn's draws are
    # done (MK-20: "2 nouvelles cartes"); always empty between two actions.
    aside: list[int]
    turns: int
    winner: int
    team_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    # The last list of legal actions given, until the next action: an action taken from it
    # (the very object) is known to be legal without listing the plays again in apply().
    _legal: list[Action] | None

    # -- building ---------------------------------------------------------------------------------
    def _setup_teams(self) -> None:
        n = self.players
        if self.team_mode:
            # MK-4: teams of 2, seats alternate teams (seat s plays with seat s + n/2).
            half = n // 2
            self.team_of = tuple(s % half for s in range(n))
            self.members = tuple((t, t + half) for t in range(half))
        else:
            self.team_of = tuple(range(n))
            self.members = tuple((s,) for s in range(n))

    @classmethod
    def new(cls, seed: int, players: int, target: int, team_mode: bool, beginner: bool,
            deck: Sequence[int], *, stacked: bool = False) -> MimikState:
        """A new game. `stacked`: the deck is dealt in the order given (its end is the top),
        for scenario tests; otherwise it is shuffled by the seeded RNG."""
        self = cls()  # not object.__new__: a compiled class makes its own instances
        self.rng = Rng(seed)
        # MK-2: the seats are shuffled by the seed, so who plays first is drawn; play then goes
        # round in seat order (the text's "youngest player" has no meaning online). The seats
        # themselves stay as the room seated people (partners sit opposite, MK-4).
        first = self.rng.randrange(players)
        self.players = players
        self.target = target
        self.team_mode = team_mode
        self.beginner = beginner
        self._setup_teams()
        self.deck = list(deck)
        if not stacked:
            self.rng.shuffle(self.deck)
        self.discard = []
        self.hands = [[] for _ in range(players)]
        self._posed = [[] for _ in range(players)]
        self._base = [0] * len(self.members)  # MK-5: the base is 0 at the start
        self._scores = None
        self.mimik_posed = [False] * players
        self.skip = [False] * players
        self.active = first
        self.phase = PLAY
        self.victim = -1
        self.chooser = -1
        self.queue = []
        self.pending_card = 0
        self.owed = []
        self.aside = []
        self.turns = 0
        self.winner = -1
        self._legal = None
        events: list[Event] = []
        for seat in range(players):
            # MK-3: 5 cards each; a second MIMIK goes back and is replaced (in _draw).
            self._draw(seat, HAND_SIZE, events)
        self._start_turn(events)
        return self

    @classmethod
    def from_position(cls, seed: int, players: int, target: int, team_mode: bool,
                      beginner: bool, deck: list[int], text: str) -> MimikState:
        """A lesson's game (the `position` option, position.py): the table and seat 0's hand
        as written, seat 0 to play its first turn; the draw pile and the other hands come
        from the seed (MK-3), as in an ordinary game."""
        from .position import check_position, deal, parse_position

        self = cls()
        self.rng = Rng(seed)
        self.players = players
        self.target = target
        self.team_mode = team_mode
        self.beginner = beginner
        self._setup_teams()
        position = parse_position(text)
        check_position(position, players, list(self.members), target, deck)
        self.deck, self._posed = deal(position, self.rng, deck)
        self.discard = list(position.discard)
        self.hands = [sorted(position.hand)] + [[] for _ in range(players - 1)]
        self._base = list(position.base) if position.base else [0] * len(self.members)
        self._scores = None
        self.mimik_posed = [any(face_of(c) == MIMIK for c in cards) for cards in self._posed]
        self.skip = [False] * players
        self.active = 0
        self.phase = PLAY
        self.victim = -1
        self.chooser = -1
        self.queue = []
        self.pending_card = 0
        self.owed = []
        self.aside = []
        self.turns = 0
        self.winner = -1
        self._legal = None
        events: list[Event] = []
        for seat in range(1, players):
            self._draw(seat, HAND_SIZE, events)  # MK-3
        return self

    # -- the piles and bases, as others see them ------------------------------------------------
    @property
    def posed(self) -> list[list[int]]:
        """Every seat's posed cards (cards.posed), by seat. What this gives may be changed by
        hand (a scenario test sets a table): the kept scores are counted again at their next
        use (plays.py)."""
        self._scores = None
        return self._posed

    @posed.setter
    def posed(self, piles: list[list[int]]) -> None:
        self._posed = piles
        self._scores = None

    @property
    def base(self) -> list[int]:
        """Every team's base (MK-5, MK-7), by team; as `posed`, the kept scores are counted
        again at their next use."""
        self._scores = None
        return self._base

    @base.setter
    def base(self, bases: list[int]) -> None:
        self._base = bases
        self._scores = None

    # -- whose decision ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        return _SEATS[self.chooser if phase == DROP else self.active]

    def apply(self, seat: int, action: Action) -> list[Event]:
        # Two thirds of the actions of a game discard a card or pose a Value card: checked by
        # why_illegal's own tests and done here, without a listing nor _apply's dispatch. Any
        # other action from the last legal list (the object itself, as a bot or a playout
        # passes it back) is legal: no second listing. Anything else goes through
        # State.apply's checks (why_illegal), which refuse an illegal action without a change.
        phase = self.phase
        if phase == PLAY and seat == self.active:
            if isinstance(action, Discard):
                card = action.card
                hand = self.hands[seat]
                if card in hand:  # MK-11: discarding is always allowed
                    self._legal = None
                    hand.remove(card)
                    self.discard.append(card)
                    events = [DISCARDED[seat][card - 1]]
                    self._finish(events)
                    return events
            elif isinstance(action, Pose) and action.card <= 10:
                card = action.card
                hand = self.hands[seat]
                scores = self._scores
                if scores is None:
                    scores = self._team_scores()
                team = self.team_of[seat]
                if card in hand and scores[team] + card <= self.target:  # MK-8
                    self._legal = None
                    hand.remove(card)
                    self._posed[seat].append(card << 4 | card)  # MK-12: cards.posed(card, card)
                    scores[team] += card
                    events = [POSED[seat][card - 1]]
                    self._finish(events)
                    return events
        legal = self._legal
        if (legal is not None and phase != OVER
                and seat == (self.chooser if phase == DROP else self.active)):
            for a in legal:
                if a is action:
                    return self._apply(seat, action)
        return super().apply(seat, action)

    # -- the transition ---------------------------------------------------------------------------
    def why_illegal(self, seat: int, action: Action) -> str | None:
        # Only the plays of the card concerned are generated: apply() stays cheap.
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[seat]
            if isinstance(action, Discard):
                if action.card in hand:
                    return None  # MK-11: discarding is always allowed
                return f"{action.text()}: there is no {NAMES[action.card]} in your hand"
            card = PLAY_CARD.get(type(action), -1)
            if isinstance(action, Pose):
                card = action.card
            if card < 0:
                return f"{action.text()} is not a play of your turn"
            if card not in hand:
                return f"{action.text()}: there is no {NAMES[card]} in your hand"
            if action in self._plays(seat, card, hand, hand.index(card), self.score(seat)):
                return None
            return (f"{action.text()}: not allowed (no such target, nothing to copy, or it "
                    f"would take you above {self.target} by your own action, MK-8)")
        if phase == PICK:
            if not isinstance(action, Take | Keep):
                return ("Pickpocket: take the stolen card (take ...) or keep it "
                        "(keep ... discard ...)")
            if action in self._pick_actions(seat):
                return None
            return f"{action.text()}: not a choice of this Pickpocket (MK-21)"
        if phase == DROP:
            if isinstance(action, Drop) and action.index in self._drop_choices(seat):
                return None
            return "Tsunami: choose which of your highest posed cards goes (drop <card>, MK-23)"
        return "the game is over"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        phase = self.phase
        if phase == PLAY:
            if isinstance(action, Discard):
                card = action.card
                self.hands[seat].remove(card)
                self.discard.append(card)
                events.append(DISCARDED[seat][card - 1])  # MK-11
            else:
                assert isinstance(action, Play)
                # card_of(action), without its call
                card = action.card if isinstance(action, Pose) else PLAY_CARD[type(action)]
                self.hands[seat].remove(card)
                self._resolve(seat, action, events)
        elif phase == PICK:
            self._pick(seat, action, events)
        else:
            assert isinstance(action, Drop)
            self._drop(seat, action.index, events)
            self._tsunami_continue(events)
        if self.phase == PLAY:
            self._finish(events)
        return events

    # -- the end of a play, of a turn -------------------------------------------------------------
    def _finish(self, events: list[Event]) -> None:
        """After a play: the win (MK-9), the robbed player's draw (MK-21), the end of the turn
        (MK-11, MK-7) and the next turn's start, the usual case written out here (it follows
        every action)."""
        scores = self._scores
        if scores is None:
            scores = self._team_scores()
        target = self.target
        top = max(scores)
        if top >= target and target in scores and self._check_win(scores, events):
            self._lay_aside()
            return
        if self.owed:
            for owed in self.owed:
                self._draw(owed, 1, events)  # MK-21
            self.owed = []
        seat = self.active
        missing = HAND_SIZE - len(self.hands[seat])
        if missing > 0:
            self._draw(seat, missing, events)  # MK-11: the turn ends with 5 cards in hand
        if self.aside:
            self._lay_aside()
        if top > target:  # (the draws changed no score)
            self._overshoot(scores, events)
        turns = self.turns + 1
        self.turns = turns
        seat += 1
        if seat == self.players:
            seat = 0
        self.active = seat
        deck = self.deck
        if turns < TURN_LIMIT and not self.skip[seat] and deck and deck[-1] != MIMIK:
            # The next turn's usual draw (MK-10), as _start_turn does it.
            card = deck.pop()
            insort(self.hands[seat], card)
            events += (TURNS.get((turns + 1) << 3 | seat) or turn(seat, turns + 1),
                       DREW[seat][card - 1], DRAWS[seat][1])
            return
        self._start_turn(events)

    def _check_win(self, scores: list[int], events: list[Event]) -> bool:
        # MK-9: the exact target wins at once, in anyone's turn; on a tie the active player,
        # else the first one after them in seat order.
        n = self.players
        target = self.target
        for k in range(n):
            seat = (self.active + k) % n
            if scores[self.team_of[seat]] == target:
                self.winner = self.team_of[seat]
                self.phase = OVER
                self.owed = []
                events.append(Event("won", {"seat": seat, "team": self.winner,
                                            "seats": list(self.members[self.winner]),
                                            "score": target}, ruling="MK-9"))
                return True
        return False

    def _lay_aside(self) -> None:
        """A Discard x2's two cards, then its own card, reach the discard pile (MK-20)."""
        if self.aside:
            self.discard.extend(self.aside)
            self.aside = []

    def _overshoot(self, scores: list[int], events: list[Event]) -> None:
        """`scores`: the kept scores (their teams above the target get 25 here)."""
        for team, seats in enumerate(self.members):
            score = scores[team]
            if score > self.target:
                # MK-7: above the target at the end of a turn: posed cards go, base 25.
                for s in seats:
                    for card in self._posed[s]:
                        self.discard.append(printed(card))
                    self._posed[s] = []
                self._base[team] = RESET_BASE
                scores[team] = RESET_BASE
                events.append(Event("overshoot", {"seat": seats[0], "team": team,
                                                  "seats": list(seats),
                                                  "score": score, "base": RESET_BASE},
                                    ruling="MK-7"))

    def _start_turn(self, events: list[Event]) -> None:
        while True:
            if self.turns >= TURN_LIMIT:
                self.phase = OVER  # MK-29: a draw at 2,000 turns
                events.append(Event("turn_limit", {"turns": self.turns}, ruling="MK-29"))
                return
            seat = self.active
            events.append(turn(seat, self.turns + 1))
            if self.skip[seat]:
                self.skip[seat] = False  # MK-14: a paused player draws and plays nothing
                events.append(SKIPPED[seat])
            else:
                deck = self.deck
                if deck and deck[-1] != MIMIK:
                    # MK-10: the usual draw, as _draw(seat, 1) does it (without its loop).
                    card = deck.pop()
                    insort(self.hands[seat], card)
                    events.append(DREW[seat][card - 1])
                    events.append(DRAWS[seat][1])
                    self.phase = PLAY
                    return
                self._draw(seat, 1, events)  # MK-10
                if self.hands[seat]:
                    self.phase = PLAY
                    return
                events.append(NO_CARD[seat])
            self.turns += 1
            self.active = (seat + 1) % self.players

    # -- the end ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        n = self.players
        scores = tuple(float(self.score(s)) for s in range(n))
        teams = self.team_of if self.team_mode else None
        if self.winner < 0:
            return Result((0,) * n, scores, "turn_limit",
                          f"no one reached {self.target} in {TURN_LIMIT} turns: a draw",
                          ruling="MK-29", teams=teams)
        ranks = tuple(0 if self.team_of[s] == self.winner else 1 for s in range(n))
        winners = [s for s in range(n) if ranks[s] == 0]
        who = " and ".join(f"seat {s}" for s in winners)
        return Result(ranks, scores, "target_reached",
                      f"{who} reached exactly {self.target} points", ruling="MK-9", teams=teams)

    # -- information ------------------------------------------------------------------------------
    def is_public(self, seat: int, action: Action) -> bool:
        # Every card is played or discarded face up (MK-11, MK-12, MK-13), a Pickpocket names
        # its victim, a stolen card played at once is shown, a Tsunami drop is seen. Only
        # keeping a stolen card is secret: the pickpocket and the robbed player know which
        # card changed hands (MK-21); the others see the card discarded in exchange.
        return not isinstance(action, Keep)

    def view(self, seat: int | None) -> dict[str, JSON]:
        n = self.players
        out: dict[str, JSON] = {
            "players": n,
            "target": self.target,
            "team": self.team_mode,
            "beginner": self.beginner,
            "teams": list(self.team_of),
            "active": self.active,
            "to_act": list(self.to_act()),
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turns + 1,
            "draw_pile": len(self.deck),
            "discard_pile": len(self.discard),
            "discard_top": NAMES[self.discard[-1]] if self.discard else None,
            "posed": [[posed_json(c) for c in self._posed[s]] for s in range(n)],
            "scores": [self.score(s) for s in range(n)],
            "bases": list(self._base),
            "hand_sizes": [len(h) for h in self.hands],
            "mimik_posed": list(self.mimik_posed),
            "paused": list(self.skip),
            "victim": self.victim if self.phase == PICK else None,
            "chooser": self.chooser if self.phase == DROP else None,
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = [NAMES[c] for c in self.hands[seat]]
            if self.phase == PICK and seat == self.active:
                # MK-21: only the pickpocket sees the robbed hand, during the decision.
                out["robbed_hand"] = [NAMES[c] for c in self.hands[self.victim]]
        result = self.result()
        if result is not None:
            out["result"] = result.to_json()
        return out

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        # This word seeded the copy's generator when the bots reseeded their copies after
        # determinize; still drawn, so that seeded bot games (docs/bots.md) stay the same.
        rng.next64()
        known = {seat} if seat is not None else set()
        if seat is not None and self.phase == PICK and seat == self.active:
            known.add(self.victim)
        hidden = [s for s in range(self.players) if s not in known]
        pool = list(out.deck)
        for s in hidden:
            pool.extend(out.hands[s])
        # Seeded from `rng`, so reproducible; the standard shuffle is the faster one here.
        random.Random(rng.next64()).shuffle(pool)
        for s in hidden:
            size = len(out.hands[s])
            out.hands[s] = sorted(pool[:size])
            del pool[:size]
        # Keep MK-25 true in the re-dealt hands: a second MIMIK swaps with a card of the pile.
        for s in hidden:
            hand = out.hands[s]
            while not out.mimik_posed[s] and hand.count(MIMIK) > 1:
                spare = next((i for i, c in enumerate(pool) if c != MIMIK), -1)
                if spare < 0:
                    break
                hand.remove(MIMIK)
                insort(hand, pool[spare])
                pool[spare] = MIMIK
        out.deck = pool
        out._legal = None
        out.rng = rng.fork()  # the future order of shuffles is hidden too
        return out

    # -- copies and persistence -------------------------------------------------------------------
    def clone(self) -> Self:
        out = type(self)()
        out.rng = self.rng.copy()
        out.players = self.players
        out.target = self.target
        out.team_mode = self.team_mode
        out.beginner = self.beginner
        out.team_of = self.team_of
        out.members = self.members
        out.deck = self.deck[:]
        out.discard = self.discard[:]
        out.hands = [h[:] for h in self.hands]
        out._posed = [p[:] for p in self._posed]
        out._base = self._base[:]
        out._scores = None if self._scores is None else self._scores[:]
        out.mimik_posed = self.mimik_posed[:]
        out.skip = self.skip[:]
        out.active = self.active
        out.phase = self.phase
        out.victim = self.victim
        out.chooser = self.chooser
        out.queue = self.queue[:]
        out.pending_card = self.pending_card
        out.owed = self.owed[:]
        out.aside = []  # empty between two actions
        out.turns = self.turns
        out.winner = self.winner
        out._legal = self._legal
        return out

    def __reduce__(self) -> tuple[Callable[[Mapping[str, JSON]], Self], tuple[dict[str, JSON]]]:
        # Pickled (and copied by the copy module) as its saved form, the project's persistence:
        # the compiled and the plain Python builds keep their fields differently, and a state
        # pickled by one must load in the other (a Ray worker may run either).
        return (type(self).from_json, (self.to_json(),))

    def to_json(self) -> dict[str, JSON]:
        return {
            "rng": self.rng.to_json(),
            "players": self.players,
            "target": self.target,
            "team": self.team_mode,
            "beginner": self.beginner,
            "deck": self.deck[:],
            "discard": self.discard[:],
            "hands": [h[:] for h in self.hands],
            "posed": [p[:] for p in self._posed],
            "base": self._base[:],
            "mimik_posed": self.mimik_posed[:],
            "skip": self.skip[:],
            "active": self.active,
            "phase": self.phase,
            "victim": self.victim,
            "chooser": self.chooser,
            "queue": self.queue[:],
            "pending_card": self.pending_card,
            "owed": self.owed[:],
            "turns": self.turns,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = cls()
        out.rng = Rng.from_json(data["rng"])
        out.players = int(data["players"])
        out.target = int(data["target"])
        out.team_mode = bool(data["team"])
        out.beginner = bool(data["beginner"])
        out._setup_teams()
        out.deck = [int(c) for c in data["deck"]]
        out.discard = [int(c) for c in data["discard"]]
        out.hands = [[int(c) for c in h] for h in data["hands"]]
        out._posed = [[int(c) for c in p] for p in data["posed"]]
        out._base = [int(b) for b in data["base"]]
        out._scores = None
        out.mimik_posed = [bool(m) for m in data["mimik_posed"]]
        out.skip = [bool(s) for s in data["skip"]]
        out.active = int(data["active"])
        out.phase = int(data["phase"])
        out.victim = int(data["victim"])
        out.chooser = int(data["chooser"])
        out.queue = [int(s) for s in data["queue"]]
        out.pending_card = int(data["pending_card"])
        out.owed = [int(s) for s in data["owed"]]
        out.aside = []  # empty between two actions
        out.turns = int(data["turns"])
        out.winner = int(data["winner"])
        out._legal = None
        return out

