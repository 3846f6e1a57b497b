"""What MIMIK's cards do once played (MK-12 to MK-26), and the draws (MK-3, MK-10).

`Effects` is a base of `rules.MimikState`, which sets the fields and runs the turns. Every
change of a posed card or a base here keeps the teams' scores (`_scores`, see plays.py) up
to date, or marks them to be counted again.
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from mypy_extensions import mypyc_attr

from ludotheque.core.game import Action, Event
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
    face_of,
    points,
    posed,
    printed,
    value_of,
)
from .events import DREW, MIMIK_RETURNED, POSED, POSED_MIMIK, draws
from .notation import (
    ActionPlay,
    Copy,
    CopyAction,
    DiscardTwo,
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
from .plays import DROP, PICK, PLAY, Plays

PLAY_CARD: Final[dict[type, int]] = {
    Sabotage: SABOTAGE, Swap: SWAP, Reverse: REVERSE, Pause: PAUSE, Half: HALF,
    DiscardTwo: DISCARD_TWO, Pickpocket: PICKPOCKET, SwapScore: SWAP_SCORE, Tsunami: TSUNAMI,
    Copy: MIMIK, CopyAction: MIMIK,
}


def card_of(play: Play) -> int:
    """The card a play uses from the hand."""
    if isinstance(play, Pose):
        return play.card
    return PLAY_CARD[type(play)]


@mypyc_attr(allow_interpreted_subclasses=True)
class Effects(Plays):
    """The effects of the cards and the draws of a MIMIK state (see rules.MimikState)."""

    __slots__ = ()

    rng: Rng
    deck: list[int]
    skip: list[bool]
    phase: int
    chooser: int
    queue: list[int]
    pending_card: int
    owed: list[int]
    aside: list[int]

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
        pile = self._posed[seat]
        scores = self._scores
        if isinstance(play, Pose):
            if play.card == MIMIK:
                pile.append(posed(MIMIK_FIVE, 5))  # MK-25: a later MIMIK is a Value 5
                added = 5
                events.append(POSED_MIMIK[seat])
            else:
                pile.append(posed(play.card, play.card))  # MK-12
                added = play.card
                events.append(POSED[seat][play.card - 1])
            if scores is not None:
                scores[self.team_of[seat]] += added
        elif isinstance(play, Copy):
            # MK-26: a copied Value stays fixed, even if the original leaves play.
            self.mimik_posed[seat] = True
            sources = self._copy_sources(play.value)
            pile.append(posed(MIMIK, play.value))
            if scores is not None:
                scores[self.team_of[seat]] += play.value
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
            self._effect(seat, play, PLAY_CARD[type(play)], events)  # card_of(play)

    def _copy_sources(self, value: int) -> list[int]:
        """The seats showing a posed card worth `value`: whom a MIMIK copy may have copied
        (for the players' eyes only; the copy itself is of the value, MK-26)."""
        return [s for s in range(self.players)
                if any(c & 15 == value for c in self._posed[s])]

    def _discard_posed(self, owner: int, index: int) -> int:
        card = self._posed[owner].pop(index)
        self.discard.append(printed(card))
        scores = self._scores
        if scores is not None:
            scores[self.team_of[owner]] -= points(card)
        return card

    def _revalue(self, owner: int, index: int, value: int) -> None:
        """Give a posed card a new current value (MK-6: its printed face stays)."""
        pile = self._posed[owner]
        old = pile[index]
        pile[index] = (old & ~15) | value
        scores = self._scores
        if scores is not None:
            scores[self.team_of[owner]] += points(value) - points(old)

    def _effect(self, seat: int, play: ActionPlay, card: int, events: list[Event]) -> None:
        """An Action's effect; `card` is the Action card to discard after it (0 for a copy)."""
        # MK-13: the effect applies at once, then the card goes to the discard pile.
        if isinstance(play, Sabotage):
            lost = self._discard_posed(play.seat, play.index)  # MK-15
            events.append(Event("sabotaged", {"seat": seat, "owner": play.seat,
                                              "index": play.index, "card": NAMES[printed(lost)],
                                              "value": points(lost)}, ruling="MK-15"))
        elif isinstance(play, Swap):
            mine = self._posed[seat]
            theirs = self._posed[play.seat]
            mine[play.mine], theirs[play.index] = theirs[play.index], mine[play.mine]  # MK-16
            scores = self._scores
            if scores is not None:
                moved = points(mine[play.mine]) - points(theirs[play.index])
                scores[self.team_of[seat]] += moved
                scores[self.team_of[play.seat]] -= moved
            events.append(Event("swapped", {"seat": seat, "mine": play.mine, "owner": play.seat,
                                            "index": play.index,
                                            "got": value_of(mine[play.mine]),
                                            "gave": value_of(theirs[play.index])},
                                ruling="MK-16"))
        elif isinstance(play, Reverse):
            old = self._posed[play.seat][play.index] & 15
            value = 11 - old  # MK-17: complement to 11; MK-6: the value stays
            self._revalue(play.seat, play.index, value)
            events.append(Event("reversed", {"seat": seat, "owner": play.seat,
                                             "index": play.index, "before": old,
                                             "after": value}, ruling="MK-17"))
        elif isinstance(play, Half):
            old = self._posed[play.seat][play.index] & 15
            value = old // 2  # MK-19: rounded down; MK-6: the value stays
            self._revalue(play.seat, play.index, value)
            events.append(Event("halved", {"seat": seat, "owner": play.seat,
                                           "index": play.index, "before": old,
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
        base = self._base
        base[mine_team], base[their_team] = base[their_team], base[mine_team]
        piles = self._posed
        for a, b in zip(self.members[mine_team], self.members[their_team], strict=True):
            keep_a = [c for c in piles[a] if face_of(c) == MIMIK]
            keep_b = [c for c in piles[b] if face_of(c) == MIMIK]
            move_a = [c for c in piles[a] if face_of(c) != MIMIK]
            move_b = [c for c in piles[b] if face_of(c) != MIMIK]
            piles[a] = move_b + keep_a
            piles[b] = move_a + keep_b
        self._scores = None  # counted again when next read
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

    # -- draws --------------------------------------------------------------------------------
    def _draw(self, seat: int, count: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        deck = self.deck
        drew = DREW[seat]
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
                events.append(MIMIK_RETURNED[seat])
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
            events.append(drew[card - 1])
        if drawn:
            events.append(draws(seat, drawn))
