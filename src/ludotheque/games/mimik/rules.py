"""MIMIK's rules: the state, its legal actions and its transitions.

A turn (MK-10, MK-11): the player to act has drawn; they play one card or discard one. Two
effects need a second decision: Pickpocket (the pickpocket sees the robbed hand and picks a
card, MK-21) and a Tsunami tie (the owner picks which card goes, MK-23). Everything else is
resolved at once, then the win (MK-9), the robbed player's draw, the end of turn (MK-7) and the
next turn's draw follow automatically.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, Self

from ludotheque.core.game import JSON, Action, Event, Result, State
from ludotheque.core.rng import Rng

from .cards import (
    DISCARD_TWO,
    HALF,
    MIMIK,
    MIMIK_FIVE,
    NAMES,
    NO_VALUE,
    PAUSE,
    PICKPOCKET,
    REVERSE,
    SABOTAGE,
    SWAP,
    SWAP_SCORE,
    TSUNAMI,
    copied_of,
    face_of,
    points,
    posed,
    printed,
    value_of,
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
from .plays import Plays, drop_choice

HAND_SIZE = 5
RESET_BASE = 25  # MK-7
TURN_LIMIT = 2000  # MK-29

# phases
PLAY = 0  # the active player plays or discards a card
PICK = 1  # Pickpocket: the active player picks a card from the victim's hand (MK-21)
DROP = 2  # Tsunami tie: the chooser picks which highest card goes (MK-23)
OVER = 3
PHASE_NAMES = ("jouer", "pickpocket", "tsunami", "fin")

_PLAY_CARD: dict[type, int] = {
    Sabotage: SABOTAGE, Swap: SWAP, Reverse: REVERSE, Pause: PAUSE, Half: HALF,
    DiscardTwo: DISCARD_TWO, Pickpocket: PICKPOCKET, SwapScore: SWAP_SCORE, Tsunami: TSUNAMI,
    Copy: MIMIK, CopyAction: MIMIK,
}


# The frequent events, made once and shared like the actions (an event is an immutable
# value): a random playout makes about 4 events an action, and building them was a tenth of
# its time. What they say is unchanged.
@cache
def _drew(seat: int, card: int) -> Event:
    return Event("drew", {"seat": seat, "card": NAMES[card]}, to=(seat,))


@cache
def _draws(seat: int, cards: int) -> Event:
    return Event("draw", {"seat": seat, "cards": cards})


@cache
def _discarded(seat: int, card: int) -> Event:
    return Event("discarded", {"seat": seat, "card": NAMES[card]}, ruling="MK-11")


@cache
def _posed(seat: int, card: int) -> Event:
    if card == MIMIK:
        return Event("posed", {"seat": seat, "card": "MIMIK", "value": 5}, ruling="MK-25")
    return Event("posed", {"seat": seat, "card": NAMES[card], "value": card}, ruling="MK-12")


@lru_cache(maxsize=4096)  # 8 seats, turns up to 2,000 (MK-29): the usual ones are kept
def _turn(seat: int, turn: int) -> Event:
    return Event("turn", {"seat": seat, "turn": turn})


@cache
def _skipped(seat: int) -> Event:
    return Event("skipped", {"seat": seat}, ruling="MK-14")


@cache
def _no_card(seat: int) -> Event:
    return Event("no_card", {"seat": seat})


@cache
def _mimik_returned(seat: int) -> Event:
    return Event("mimik_returned", {"seat": seat}, to=(seat,), ruling="MK-25")


def card_of(play: Play) -> int:
    """The card a play uses from the hand."""
    if isinstance(play, Pose):
        return play.card
    return _PLAY_CARD[type(play)]


def card_text(card: int) -> str:
    return NAMES[card]


_POSED_VIEWS: dict[int, tuple[JSON, ...]] = {}


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


class MimikState(Plays, State):
    """One moment of a MIMIK game. Cards are small ints (see cards.py)."""

    __slots__ = ("_legal", "active", "aside", "base", "beginner", "chooser",
                 "deck", "discard", "hands", "members", "mimik_posed", "owed", "pending_card",
                 "phase", "players", "posed", "queue", "rng", "skip", "target", "team_mode",
                 "team_of", "turns", "victim", "winner")

    rng: Rng
    players: int
    target: int
    team_mode: bool
    beginner: bool
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    posed: list[list[int]]
    base: list[int]
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
        self = object.__new__(cls)
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
        self.posed = [[] for _ in range(players)]
        self.base = [0] * len(self.members)  # MK-5: the base is 0 at the start
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

        self = object.__new__(cls)
        self.rng = Rng(seed)
        self.players = players
        self.target = target
        self.team_mode = team_mode
        self.beginner = beginner
        self._setup_teams()
        position = parse_position(text)
        check_position(position, players, list(self.members), target, deck)
        self.deck, self.posed = deal(position, self.rng, deck)
        self.discard = list(position.discard)
        self.hands = [sorted(position.hand)] + [[] for _ in range(players - 1)]
        self.base = list(position.base) if position.base else [0] * len(self.members)
        self.mimik_posed = [any(face_of(c) == MIMIK for c in cards) for cards in self.posed]
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

    # -- whose decision ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == DROP:
            return (self.chooser,)
        return (self.active,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER or seat != (self.chooser if phase == DROP else self.active):
            return []  # not to act (as to_act(), without its tuple)
        # Listed anew on every call (a scenario may have changed the state by hand since).
        if phase == PLAY:
            legal = self._turn_actions(seat)
        elif phase == PICK:
            legal = self._pick_actions(seat)
        else:
            legal = [drop_choice(i) for i in self._drop_choices(seat)]
        self._legal = legal
        return legal[:]  # the caller's own copy: the kept list must not change

    def apply(self, seat: int, action: Action) -> list[Event]:
        # An action from the last legal list (the object itself, as a bot or a playout passes
        # it back) is legal: no second listing. Anything else goes through State.apply's
        # checks (why_illegal), which refuse an illegal action without a change.
        legal = self._legal
        phase = self.phase
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
            card = _PLAY_CARD.get(type(action), -1)
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
                self.hands[seat].remove(action.card)
                self.discard.append(action.card)
                events.append(_discarded(seat, action.card))  # MK-11
            elif isinstance(action, Pose) and action.card != MIMIK:
                # MK-12: the usual play, as _resolve does it (without its dispatch).
                card = action.card
                self.hands[seat].remove(card)
                self.posed[seat].append(card << 4 | card)  # cards.posed(card, card)
                events.append(_posed(seat, card))
            else:
                assert isinstance(action, Play)
                self.hands[seat].remove(card_of(action))
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

    def _pick(self, seat: int, action: Action, events: list[Event]) -> None:
        victim = self.victim
        self.victim = -1
        self.phase = PLAY
        self.owed.append(victim)  # MK-21: the robbed player then draws 1 card
        if isinstance(action, Take):
            card = card_of(action.play)
            self.hands[victim].remove(card)
            events.append(Event("stole", {"seat": seat, "victim": victim, "card": NAMES[card],
                                          "played": True}, ruling="MK-21"))
            self._resolve(seat, action.play, events)
        else:
            assert isinstance(action, Keep)
            self.hands[victim].remove(action.card)
            hand = self.hands[seat]
            insort(hand, action.card)
            hand.remove(action.discard)
            self.discard.append(action.discard)
            events.append(Event("stole", {"seat": seat, "victim": victim,
                                          "card": NAMES[action.card], "played": False},
                                to=(seat, victim), ruling="MK-21"))
            events.append(Event("kept", {"seat": seat, "victim": victim,
                                         "discarded": NAMES[action.discard]}, ruling="MK-21"))

    def _resolve(self, seat: int, play: Play, events: list[Event]) -> None:
        """Play a card already out of the hand."""
        pile = self.posed[seat]
        if isinstance(play, Pose):
            if play.card == MIMIK:
                pile.append(posed(MIMIK_FIVE, 5))  # MK-25: a later MIMIK is a Value 5
            else:
                pile.append(posed(play.card, play.card))  # MK-12
            events.append(_posed(seat, play.card))
        elif isinstance(play, Copy):
            # MK-26: a copied Value stays fixed, even if the original leaves play.
            self.mimik_posed[seat] = True
            sources = self._copy_sources(play.value)
            pile.append(posed(MIMIK, play.value))
            events.append(Event("copied", {"seat": seat, "card": str(play.value),
                                           "value": play.value, "from": sources,
                                           "discard": bool(self.discard)
                                           and self.discard[-1] == play.value},
                                ruling="MK-26"))
        elif isinstance(play, CopyAction):
            # MK-26: a copied Action applies as if played; the MIMIK stays with no value.
            self.mimik_posed[seat] = True
            copied = card_of(play.play)
            pile.append(posed(MIMIK, NO_VALUE, copied))
            events.append(Event("copied", {"seat": seat, "card": NAMES[copied], "value": None,
                                           "from": [], "discard": True}, ruling="MK-26"))
            self._effect(seat, play.play, 0, events)
        else:
            self._effect(seat, play, card_of(play), events)

    def _copy_sources(self, value: int) -> list[int]:
        """The seats showing a posed card worth `value`: whom a MIMIK copy may have copied
        (for the players' eyes only; the copy itself is of the value, MK-26)."""
        return [s for s in range(self.players)
                if any(c & 15 == value for c in self.posed[s])]

    def _discard_posed(self, owner: int, index: int) -> int:
        card = self.posed[owner].pop(index)
        self.discard.append(printed(card))
        return card

    def _effect(self, seat: int, play: ActionPlay, card: int, events: list[Event]) -> None:
        """An Action's effect; `card` is the Action card to discard after it (0 for a copy)."""
        # MK-13: the effect applies at once, then the card goes to the discard pile.
        if isinstance(play, Sabotage):
            lost = self._discard_posed(play.seat, play.index)  # MK-15
            events.append(Event("sabotaged", {"seat": seat, "owner": play.seat,
                                              "index": play.index, "card": NAMES[printed(lost)],
                                              "value": points(lost)}, ruling="MK-15"))
        elif isinstance(play, Swap):
            mine = self.posed[seat]
            theirs = self.posed[play.seat]
            mine[play.mine], theirs[play.index] = theirs[play.index], mine[play.mine]  # MK-16
            events.append(Event("swapped", {"seat": seat, "mine": play.mine, "owner": play.seat,
                                            "index": play.index,
                                            "got": value_of(mine[play.mine]),
                                            "gave": value_of(theirs[play.index])},
                                ruling="MK-16"))
        elif isinstance(play, Reverse):
            pile = self.posed[play.seat]
            old = pile[play.index]
            value = 11 - (old & 15)  # MK-17: complement to 11; MK-6: the value stays
            pile[play.index] = (old & ~15) | value
            events.append(Event("reversed", {"seat": seat, "owner": play.seat,
                                             "index": play.index, "before": old & 15,
                                             "after": value}, ruling="MK-17"))
        elif isinstance(play, Half):
            pile = self.posed[play.seat]
            old = pile[play.index]
            value = (old & 15) // 2  # MK-19: rounded down; MK-6: the value stays
            pile[play.index] = (old & ~15) | value
            events.append(Event("halved", {"seat": seat, "owner": play.seat,
                                           "index": play.index, "before": old & 15,
                                           "after": value}, ruling="MK-19"))
        elif isinstance(play, Pause):
            following = (seat + 1) % self.players
            self.skip[following] = True  # MK-18
            events.append(Event("paused", {"seat": seat, "paused": following}, ruling="MK-18"))
        elif isinstance(play, DiscardTwo):
            hand = self.hands[seat]
            hand.remove(play.first)
            hand.remove(play.second)
            events.append(Event("discarded_two", {"seat": seat, "cards": [
                NAMES[play.first], NAMES[play.second]]}, ruling="MK-20"))
            # MK-20: "piochez 2 nouvelles cartes": the two discarded cards stay out of this
            # turn's draws (a reshuffled discard pile would give them back); they go on the
            # discard pile once the turn's draws are done (_lay_aside), and the Discard x2
            # card on them (MK-13).
            self.aside = [play.first, play.second] + ([card] if card else [])
            self._draw(seat, 2, events)
            return
        elif isinstance(play, Pickpocket):
            # MK-21: the Pickpocket's own effect (the look) is done; its card goes now.
            if card:
                self.discard.append(card)
            self.phase = PICK
            self.victim = play.victim
            events.append(Event("pickpocket", {"seat": seat, "victim": play.victim},
                                ruling="MK-21"))
            events.append(Event("looked", {"seat": seat, "victim": play.victim, "hand": [
                NAMES[c] for c in self.hands[play.victim]]}, to=(seat,), ruling="MK-21"))
            return
        elif isinstance(play, SwapScore):
            self._swap_score(seat, play.seat, events)
        else:
            assert isinstance(play, Tsunami)
            events.append(Event("tsunami", {"seat": seat}, ruling="MK-23"))
            n = self.players
            self.queue = [(seat + k) % n for k in range(1, n)]  # every other player (MK-23)
            self.pending_card = card
            self._tsunami_continue(events)
            return
        if card:
            self.discard.append(card)

    def _swap_score(self, seat: int, other: int, events: list[Event]) -> None:
        # MK-22: bases and posed Value cards change sides; posed MIMIKs stay with their owners.
        # In Team mode the two teams swap, member with member in seat order.
        mine_team = self.team_of[seat]
        their_team = self.team_of[other]
        before = (self.team_score(mine_team), self.team_score(their_team))
        self.base[mine_team], self.base[their_team] = self.base[their_team], self.base[mine_team]
        for a, b in zip(self.members[mine_team], self.members[their_team], strict=True):
            keep_a = [c for c in self.posed[a] if face_of(c) == MIMIK]
            keep_b = [c for c in self.posed[b] if face_of(c) == MIMIK]
            move_a = [c for c in self.posed[a] if face_of(c) != MIMIK]
            move_b = [c for c in self.posed[b] if face_of(c) != MIMIK]
            self.posed[a] = move_b + keep_a
            self.posed[b] = move_a + keep_b
        events.append(Event("swapped_score", {
            "seat": seat, "other": other, "before": list(before),
            "after": [self.team_score(mine_team), self.team_score(their_team)]},
            ruling="MK-22"))

    def _tsunami_continue(self, events: list[Event]) -> None:
        # MK-23: each other player loses their highest posed Value card; on a tie between
        # different cards the owner chooses which.
        while self.queue:
            owner = self.queue.pop(0)
            choices = self._drop_choices(owner)
            if not choices:
                continue
            if len(choices) > 1:
                self.phase = DROP
                self.chooser = owner
                return
            self._drop(owner, choices[0], events)
        self.phase = PLAY
        self.chooser = -1
        if self.pending_card:
            self.discard.append(self.pending_card)
            self.pending_card = 0

    def _drop(self, owner: int, index: int, events: list[Event]) -> None:
        lost = self._discard_posed(owner, index)
        events.append(Event("tsunami_lost", {"owner": owner, "index": index,
                                             "card": NAMES[printed(lost)],
                                             "value": points(lost)}, ruling="MK-23"))

    # -- the end of a play, of a turn -------------------------------------------------------------
    def _finish(self, events: list[Event]) -> None:
        scores = self.team_scores()
        if self.target in scores and self._check_win(scores, events):
            self._lay_aside()
            return
        if self.owed:
            for seat in self.owed:
                self._draw(seat, 1, events)  # MK-21
            self.owed = []
        self._end_turn(scores, events)

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

    def _end_turn(self, scores: list[int], events: list[Event]) -> None:
        """`scores`: each team's score after the turn's play (drawing changes none)."""
        seat = self.active
        missing = HAND_SIZE - len(self.hands[seat])
        if missing > 0:
            self._draw(seat, missing, events)  # MK-11: the turn ends with 5 cards in hand
        if self.aside:
            self._lay_aside()
        if max(scores) > self.target:
            self._overshoot(scores, events)
        self.turns += 1
        self.active = (seat + 1) % self.players
        self._start_turn(events)

    def _overshoot(self, scores: list[int], events: list[Event]) -> None:
        for team, seats in enumerate(self.members):
            score = scores[team]
            if score > self.target:
                # MK-7: above the target at the end of a turn: posed cards go, base 25.
                for s in seats:
                    for card in self.posed[s]:
                        self.discard.append(printed(card))
                    self.posed[s] = []
                self.base[team] = RESET_BASE
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
            events.append(_turn(seat, self.turns + 1))
            if self.skip[seat]:
                self.skip[seat] = False  # MK-14: a paused player draws and plays nothing
                events.append(_skipped(seat))
            else:
                deck = self.deck
                if deck and deck[-1] != MIMIK:
                    # MK-10: the usual draw, as _draw(seat, 1) does it (without its loop).
                    card = deck.pop()
                    insort(self.hands[seat], card)
                    events.append(_drew(seat, card))
                    events.append(_draws(seat, 1))
                    self.phase = PLAY
                    return
                self._draw(seat, 1, events)  # MK-10
                if self.hands[seat]:
                    self.phase = PLAY
                    return
                events.append(_no_card(seat))
            self.turns += 1
            self.active = (seat + 1) % self.players

    def _draw(self, seat: int, count: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        deck = self.deck
        drawn = 0
        while drawn < count:
            if not deck:
                if not self.discard:
                    break  # MK-10: both piles are empty: no draw
                # MK-10: the discard pile, shuffled, becomes the draw pile.
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
                events.append(Event("reshuffled", {"cards": len(deck)}, ruling="MK-10"))
            card = deck.pop()
            if card == MIMIK and not self.mimik_posed[seat] and MIMIK in hand:
                # MK-3, MK-25: one MIMIK per player: the second goes back, shuffled, and is
                # replaced.
                deck.append(card)
                events.append(_mimik_returned(seat))
                if deck.count(MIMIK) == len(deck):
                    # D10, MK-10, MK-11: a draw pile of nothing but MIMIKs has no card for
                    # this player: the discard pile is shuffled in, as for an empty pile; with
                    # the discard pile empty too, the piles ran dry for them.
                    if not self.discard:
                        break
                    deck.extend(self.discard)
                    self.discard.clear()
                    events.append(Event("reshuffled", {"cards": len(deck)}, ruling="MK-10"))
                self.rng.shuffle(deck)
                continue
            insort(hand, card)
            drawn += 1
            events.append(_drew(seat, card))
        if drawn:
            events.append(_draws(seat, drawn))

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
            "posed": [[posed_json(c) for c in self.posed[s]] for s in range(n)],
            "scores": [self.score(s) for s in range(n)],
            "bases": list(self.base),
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
        out = object.__new__(type(self))
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
        out.posed = [p[:] for p in self.posed]
        out.base = self.base[:]
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
            "posed": [p[:] for p in self.posed],
            "base": self.base[:],
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
        out = object.__new__(cls)
        out.rng = Rng.from_json(data["rng"])
        out.players = int(data["players"])
        out.target = int(data["target"])
        out.team_mode = bool(data["team"])
        out.beginner = bool(data["beginner"])
        out._setup_teams()
        out.deck = [int(c) for c in data["deck"]]
        out.discard = [int(c) for c in data["discard"]]
        out.hands = [[int(c) for c in h] for h in data["hands"]]
        out.posed = [[int(c) for c in p] for p in data["posed"]]
        out.base = [int(b) for b in data["base"]]
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

