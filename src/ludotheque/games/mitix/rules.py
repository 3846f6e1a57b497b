"""The MiTiX state: both modes, MiTiX vs MiTiX (MX-4 to MX-13) and FaMiX vs FaMiX (MX-14 to
MX-24).

Cards are ids into the game's CardSet. In MiTiX mode an aréopage is a list whose top card is
its last element; in FaMiX mode it is kept sorted (all its cards are face up, order is moot).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from ludotheque.core.game import JSON, Action, Event, Result, State
from ludotheque.core.rng import Rng

from .cards import CardSet
from .notation import NOURRITURES, OFFRANDES, RESOURCES, Down, Place, Reveal, Send
from .position import Position

MITIX, FAMIX = 0, 1
MODES = ("mitix", "famix")
AREOPAGE_MITIX = 20  # MX-4
OLYMPE_MITIX = 2  # MX-5
AREOPAGE_FAMIX = 10  # MX-14
FAMIX_BONUS = 100  # MX-18

# FaMiX phases
PLACE, SEND, DOWN, OVER = 0, 1, 2, 3
PHASES = ("placement", "choix", "bataille", "fin")
NO_CHOICE = -1


def famix_bios(cards: CardSet, members: Sequence[int]) -> int:
    """MX-18: the best Bios + 100 per member for a FaMiX; a lone MiTiX's own Bios."""
    if len(members) == 1:
        return cards.bios[members[0]]
    return max(cards.bios[c] for c in members) + FAMIX_BONUS * len(members)


def card_face(cards: CardSet, name: str) -> dict[str, JSON]:
    """MX-1: every field printed on a card, as plain data."""
    entry = cards.card(name)
    return {"bios": entry.bios, "attaque": entry.attaque, "genre": entry.genre,
            "dieu": entry.dieu, "famille": entry.famille, "nature": entry.nature,
            "amis": list(entry.amis), "ennemis": list(entry.ennemis)}


def compare_marks(m0: int, m1: int) -> int | None:
    """MX-7 / MX-21: equal marks cancel (None); otherwise the seat with the higher mark wins."""
    if m0 == m1:
        return None
    return 0 if m0 > m1 else 1


class MitixState(State):
    cards: ClassVar[CardSet]

    __slots__ = ("areopage", "enfers", "engaged", "in_bataille", "last", "mode", "olympe",
                 "paquets", "pending", "phase", "pile", "resources", "rng", "rounds", "shown",
                 "to_place", "used", "vivants")

    mode: int
    rng: Rng
    areopage: list[list[int]]
    olympe: list[list[int]]
    vivants: list[list[int]]
    enfers: list[list[int]]
    rounds: int
    phase: int
    pending: list[int]
    engaged: list[list[int]]
    in_bataille: bool
    resources: list[list[list[int]]]  # per seat, per Olympe slot: resource ids held
    pile: list[int]
    used: list[int]
    to_place: list[list[int]]
    last: list[JSON]  # the public summary of the last round, for views
    # MiTiX: each paquet (immutable, shared by clones) and each owner's cards seen so far, so
    # that determinize() can draw the hidden aréopages again from what they might hold.
    paquets: tuple[tuple[int, ...], tuple[int, ...]]
    shown: list[list[int]]

    # -- setup ------------------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, mode: int, paquets: Sequence[Sequence[int]]) -> Self:
        out = object.__new__(cls)
        out.mode = mode
        # MX-25: every random draw comes from the game's seeded RNG.
        out.rng = Rng(seed)
        out.vivants = [[], []]
        out.enfers = [[], []]
        out.rounds = 0
        out.pending = [NO_CHOICE, NO_CHOICE]
        out.engaged = [[], []]
        out.in_bataille = False
        out.pile = []
        out.used = []
        out.to_place = [[], []]
        out.last = []
        out.paquets = ((), ())
        out.shown = [[], []]
        if mode == MITIX:
            out.areopage = [[], []]
            out.olympe = [[], []]
            for s in (0, 1):
                # MX-4: 20 cards drawn at random from the player's own paquet, in random order.
                drawn = out.rng.sample(paquets[s], AREOPAGE_MITIX)
                # MX-5: the first two go face up to the Olympe; 18 remain (top = last).
                out.olympe[s] = drawn[:OLYMPE_MITIX]
                out.areopage[s] = drawn[OLYMPE_MITIX:][::-1]
                out.shown[s] = out.olympe[s][:]
            out.paquets = (tuple(paquets[0]), tuple(paquets[1]))
            out.resources = [[], []]
            out.phase = SEND  # unused in this mode; the one action is "reveal"
        else:
            cards = cls.cards
            out.areopage = [[], []]
            out.olympe = [[], []]
            for s in (0, 1):
                # MX-14: 10 combat cards drawn at random from the player's paquet, revealed.
                drawn = out.rng.sample(paquets[s], AREOPAGE_FAMIX)
                # MX-15: Dieux to the Olympe, the others form the aréopage.
                out.olympe[s] = [c for c in drawn if cards.dieu[c]]
                out.areopage[s] = sorted(c for c in drawn if not cards.dieu[c])
            out.resources = [[[] for _ in out.olympe[s]] for s in (0, 1)]
            # MX-20: 4 of each resource, a seeded shuffle.
            out.pile = [r for r in range(len(RESOURCES)) for _ in range(4)]
            out.rng.shuffle(out.pile)
            out.phase = SEND
            if not out.areopage[0] or not out.areopage[1]:
                out.phase = OVER  # MX-23: an aréopage of Dieux only: nothing can fight
            else:
                out._begin_round([])
        return out

    @classmethod
    def from_position(cls, mode: int, olympe: Sequence[Sequence[int]],
                      areopage: Sequence[Sequence[int]], *,
                      pile: Sequence[int] | None = None,
                      resources: Sequence[Sequence[Sequence[int]]] | None = None,
                      seed: int = 0) -> Self:
        """A position set up by hand (tests, puzzles, teaching): card ids, aréopages and the
        resource pile listed top first; `resources` held by each Olympe Dieu (FaMiX)."""
        out = cls.new(seed, mode, [[0] * AREOPAGE_MITIX, [0] * AREOPAGE_MITIX])
        out.olympe = [list(o) for o in olympe]
        if mode == MITIX:
            out.areopage = [list(a)[::-1] for a in areopage]
            out.shown = [list(o) for o in olympe]
            out.paquets = (tuple(list(olympe[0]) + list(areopage[0])),
                           tuple(list(olympe[1]) + list(areopage[1])))
            return out
        out.areopage = [sorted(a) for a in areopage]
        out.resources = ([[list(h) for h in side] for side in resources] if resources
                         is not None else [[[] for _ in out.olympe[s]] for s in (0, 1)])
        if pile is not None:
            out.pile = list(pile)[::-1]
        out.used = []
        out.to_place = [[], []]
        out.phase = OVER if not out.areopage[0] or not out.areopage[1] else SEND
        if out.phase != OVER:
            out._begin_round([])
        return out

    @classmethod
    def from_text(cls, seed: int, position: Position) -> Self:
        """A FaMiX lesson's game (the `position` option): the cards as written, the resources
        not on a Dieu shuffled by the seed into the pile (MX-20, MX-25); the round begins."""
        index = cls.cards.index
        held = [[[RESOURCES.index(r) for r in rs] for _, rs in side] for side in position.olympe]
        pile = [r for r in range(len(RESOURCES)) for _ in range(4)]
        for side in held:
            for rs in side:
                for r in rs:
                    pile.remove(r)
        Rng(seed).shuffle(pile)
        out = cls.from_position(
            FAMIX, [[index[d] for d, _ in side] for side in position.olympe],
            [[index[n] for n in names] for names in position.areopage],
            pile=pile, resources=held, seed=seed)
        out.vivants = [[index[n] for n in names] for names in position.vivants]
        return out

    # -- whose decision -------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.mode == MITIX:
            return () if not self.areopage[0] else (0,)
        phase = self.phase
        if phase == PLACE:
            return (0,) if self.to_place[0] else (1,)
        if phase in (SEND, DOWN):
            return tuple(s for s in (0, 1) if self.pending[s] == NO_CHOICE)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.mode == MITIX:
            return [Reveal()]
        names = self.cards.names
        if self.phase == PLACE:
            resource = RESOURCES[self.to_place[seat][0]]
            return [Place(resource, dieu, copy)
                    for dieu, copy in self._target_names(seat, self.to_place[seat][0])]
        if self.phase == SEND:
            return [Send(names[c]) for c in self._send_options(seat)]
        return [Down(names[c]) for c in self._distinct(self.areopage[seat])]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self._is_legal(seat, action):
            return None
        if self.mode == MITIX:
            return "in MiTiX vs MiTiX the only action is reveal"
        if isinstance(action, Send):
            if self.phase != SEND:
                return "no combatant is being chosen now"
            if self.cards.index.get(action.card) not in self.areopage[seat]:
                return f"{action.card} is not in your aréopage"
            return (f"{action.card} belongs to no FaMiX of your aréopage: a player with a FaMiX "
                    "must send one of them (MX-17)")
        if isinstance(action, Down):
            if self.phase != DOWN:
                return "no card is being put face down now"
            return f"{action.card} is not in your aréopage"
        if isinstance(action, Place):
            if self.phase != PLACE:
                return "no resource is waiting to be placed"
            return (f"{action.text()} is not a place for your {RESOURCES[self.to_place[seat][0]]}"
                    ": Offrandes go on the opponent's Dieux, Nourritures on your own (MX-20)")
        return f"{action.text()} is not a MiTiX action now"

    def _is_legal(self, seat: int, action: Action) -> bool:
        """The same answer as `action in legal_actions(seat)`, without building the list."""
        if self.mode == MITIX:
            return isinstance(action, Reveal)
        phase = self.phase
        if phase == PLACE:
            return (isinstance(action, Place)
                    and action.resource == RESOURCES[self.to_place[seat][0]]
                    and (action.dieu, action.copy) in self._target_names(
                        seat, self.to_place[seat][0]))
        if phase == SEND and isinstance(action, Send):
            card = self.cards.index.get(action.card)
            if card is None or card not in self.areopage[seat]:
                return False
            families = self._famix_families(seat)
            return not families or self.cards.famille[card] in families
        if phase == DOWN and isinstance(action, Down):
            return self.cards.index.get(action.card, -1) in self.areopage[seat]
        return False

    def is_public(self, seat: int, action: Action) -> bool:
        """A reveal (MX-6) and a resource put on a Dieu (MX-20) are done in the open; the
        combatant (MX-17) and the face-down card of a bataille (MX-22) are secret choices,
        which others learn from the events once both players have chosen."""
        return not isinstance(action, Send | Down)

    # -- FaMiX helpers --------------------------------------------------------------------
    @staticmethod
    def _distinct(cards: Sequence[int]) -> list[int]:
        return list(dict.fromkeys(cards))

    def _famix_families(self, seat: int) -> set[int]:
        """MX-16: the families with at least 2 cards in the aréopage."""
        famille = self.cards.famille
        seen: set[int] = set()
        found: set[int] = set()
        for c in self.areopage[seat]:
            f = famille[c]
            if f in seen:
                found.add(f)
            seen.add(f)
        return found

    def _has_famix(self, seat: int) -> bool:
        return bool(self._famix_families(seat))

    def _send_options(self, seat: int) -> list[int]:
        """MX-17: with a FaMiX, any member of one (as carte mise en avant); else any card."""
        families = self._famix_families(seat)
        areopage = self.areopage[seat]
        if families:
            famille = self.cards.famille
            return self._distinct([c for c in areopage if famille[c] in families])
        return self._distinct(areopage)

    def _targets(self, seat: int, resource: int) -> tuple[int, list[int]]:
        """MX-20: Offrandes go on an opponent's Dieu, Nourritures on one's own: (owner, slots)."""
        owner = 1 - seat if resource in OFFRANDES else seat
        return owner, list(range(len(self.olympe[owner])))

    def _target_names(self, seat: int, resource: int) -> list[tuple[str, int]]:
        owner, slots = self._targets(seat, resource)
        names = self.cards.names
        out: list[tuple[str, int]] = []
        counts: dict[str, int] = {}
        for slot in slots:
            name = names[self.olympe[owner][slot]]
            counts[name] = counts.get(name, 0) + 1
            out.append((name, counts[name]))
        return out

    def _draw_resource(self, events: list[Event]) -> int | None:
        if not self.pile:
            if not self.used:
                return None
            # MX-20: when the pile is empty the used resources are reshuffled into it.
            self.pile = self.used
            self.used = []
            self.rng.shuffle(self.pile)
            events.append(Event("reshuffle", {"count": len(self.pile)}, ruling="MX-20"))
        return self.pile.pop()

    def _put(self, seat: int, resource: int, owner: int, slot: int,
             events: list[Event]) -> None:
        self.resources[owner][slot].append(resource)
        events.append(Event("resource_placed", {
            "seat": seat, "resource": RESOURCES[resource], "owner": owner, "slot": slot,
            "dieu": self.cards.names[self.olympe[owner][slot]]}, ruling="MX-20"))

    def _autoplace(self, events: list[Event]) -> None:
        """Place every waiting resource that has at most one possible Dieu; stop at a choice."""
        for s in (0, 1):
            waiting = self.to_place[s]
            while waiting:
                owner, slots = self._targets(s, waiting[0])
                if len(slots) > 1:
                    return  # a real decision for seat s (and seat 1 waits behind seat 0)
                resource = waiting.pop(0)
                if slots:
                    self._put(s, resource, owner, slots[0], events)
                else:
                    # MX-20: with no Dieu to receive it, the resource is discarded.
                    self.used.append(resource)
                    events.append(Event("resource_discarded",
                                        {"seat": s, "resource": RESOURCES[resource]},
                                        ruling="MX-20"))

    def _begin_round(self, events: list[Event]) -> None:
        """Start a (sub)round: resources first when a Dieu stands on an Olympe (MX-20)."""
        self.pending = [NO_CHOICE, NO_CHOICE]
        self.phase = SEND
        if self.olympe[0] or self.olympe[1]:
            # MX-20: before the round's Bios computation each player draws 2 resources.
            for s in (0, 1):
                for _ in range(2):
                    resource = self._draw_resource(events)
                    if resource is None:
                        break
                    self.to_place[s].append(resource)
                    events.append(Event("resource_drawn",
                                        {"seat": s, "resource": RESOURCES[resource]},
                                        ruling="MX-20"))
            self._autoplace(events)
            if self.to_place[0] or self.to_place[1]:
                self.phase = PLACE

    def _interventions(self, events: list[Event]) -> list[int]:
        """MX-21: complete sets of resources make their Dieu intervene; the marks per side."""
        marks = [0, 0]
        names = self.cards.names
        for s in (0, 1):
            pour = contre = False
            for slot, held in enumerate(self.resources[s]):
                for kind, sens in ((OFFRANDES, "contre"), (NOURRITURES, "pour")):
                    if kind <= set(held):
                        for r in sorted(kind):
                            held.remove(r)
                            self.used.append(r)
                        events.append(Event("intervention", {
                            "seat": s, "dieu": names[self.olympe[s][slot]], "slot": slot,
                            "sens": sens}, ruling="MX-21"))
                        if sens == "pour":
                            pour = True
                        else:
                            contre = True
            marks[s] = int(pour) - int(contre)
        return marks

    # -- the transition ---------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.mode == MITIX:
            self._mitix_round(events)
            return events
        if isinstance(action, Place):
            resource = self.to_place[seat].pop(0)
            owner, slots = self._targets(seat, resource)
            slot = self._target_names(seat, resource).index((action.dieu, action.copy))
            self._put(seat, resource, owner, slots[slot], events)
            self._autoplace(events)
            if not self.to_place[0] and not self.to_place[1]:
                self.phase = SEND
            return events
        assert isinstance(action, Send | Down)
        self.pending[seat] = self.cards.index[action.card]
        events.append(Event("choice_made", {"seat": seat}))  # public: that, not what
        events.append(Event("my_choice", {"seat": seat, "card": action.card,
                                          "down": isinstance(action, Down)}, to=(seat,)))
        if NO_CHOICE in self.pending:
            return events
        if self.phase == DOWN:
            self._face_down(events)
        else:
            self._famix_round(events)
        return events

    # -- MiTiX vs MiTiX ---------------------------------------------------------------------
    def _olympe_mark(self, seat: int, card: int, events: list[Event]) -> int:
        """MX-7: +1 soutenu, -1 condamné, 0 when neither or both."""
        cards = self.cards
        names = cards.names
        by_amis = [names[o] for o in self.olympe[seat] if card in cards.amis[o]]
        by_ennemis = [names[o] for o in self.olympe[1 - seat] if card in cards.ennemis[o]]
        if by_amis:
            events.append(Event("soutien", {"seat": seat, "card": names[card], "by": by_amis},
                                ruling="MX-7"))
        if by_ennemis:
            events.append(Event("condamnation",
                                {"seat": seat, "card": names[card], "by": by_ennemis},
                                ruling="MX-7"))
        if by_amis and by_ennemis:
            events.append(Event("annulation", {"seat": seat, "card": names[card]},
                                ruling="MX-7"))
        return int(bool(by_amis)) - int(bool(by_ennemis))

    def _mitix_round(self, events: list[Event]) -> None:
        cards = self.cards
        names = cards.names
        a0, a1 = self.areopage
        engaged: list[list[int]] = [[], []]
        depth = 0
        summary: list[JSON] = []
        winner: int | None = None
        while True:
            # MX-6: both players reveal the top card of their aréopage.
            c0, c1 = a0.pop(), a1.pop()
            engaged[0].append(c0)
            engaged[1].append(c1)
            events.append(Event("reveal", {"cards": [names[c0], names[c1]], "bataille": depth},
                                ruling="MX-10" if depth else "MX-6"))
            marks = [self._olympe_mark(0, c0, events), self._olympe_mark(1, c1, events)]
            winner = compare_marks(marks[0], marks[1])
            final = [cards.bios[c0] - cards.attaque[c1], cards.bios[c1] - cards.attaque[c0]]
            step: dict[str, JSON] = {"cards": [names[c0], names[c1]], "marks": marks,
                                     "final": final}
            summary.append(step)
            if winner is not None:
                # MX-7: the higher mark wins the round at once, whatever the Bios.
                step["by"] = "olympe"
                events.append(Event("olympe_decides", {"winner": winner, "marks": marks},
                                    ruling="MX-7"))
                break
            if marks[0] != 0:
                events.append(Event("marks_cancel", {"marks": marks}, ruling="MX-7"))
            # MX-8: final Bios = Bios minus the opponent's attack; may be negative.
            events.append(Event("bios", {"final": final}, ruling="MX-8"))
            if final[0] != final[1]:
                winner = 0 if final[0] > final[1] else 1
                step["by"] = "bios"
                break
            step["by"] = "egalite"
            if len(a0) < 2 or len(a1) < 2:
                # MX-11: not enough cards for a bataille: every engaged card to the Enfers.
                for s in (0, 1):
                    self.enfers[s].extend(engaged[s])
                events.append(Event("bataille_impossible", {
                    "cards": [[names[c] for c in engaged[0]], [names[c] for c in engaged[1]]]},
                    ruling="MX-11"))
                break
            # MX-10: equal final Bios: each puts a card face down, then reveals the next.
            engaged[0].append(a0.pop())
            engaged[1].append(a1.pop())
            events.append(Event("bataille", {"depth": depth + 1}, ruling="MX-10"))
            depth += 1
        if winner is not None:
            loser = 1 - winner
            if depth == 0:
                # MX-9: winner's card to its owner's Vivants, loser's to the Enfers.
                won, lost = engaged[winner], engaged[loser]
                self.vivants[winner].extend(won)
                self.enfers[loser].extend(lost)
                events.append(Event("round_won", {
                    "winner": winner, "vivants": [names[c] for c in won],
                    "enfers": [names[c] for c in lost]}, ruling="MX-9"))
            else:
                # MX-10: the bataille's winner takes every engaged card into their Vivants.
                won = engaged[0] + engaged[1]
                self.vivants[winner].extend(won)
                events.append(Event("round_won", {
                    "winner": winner, "vivants": [names[c] for c in won], "enfers": []},
                    ruling="MX-10"))
        self.rounds += 1
        self.last = summary
        self.shown[0].extend(engaged[0])
        self.shown[1].extend(engaged[1])
        if not a0:
            # MX-12: the duel ends when the aréopages are empty.
            self._end(events)

    # -- FaMiX vs FaMiX ---------------------------------------------------------------------
    def _famix_round(self, events: list[Event]) -> None:
        cards = self.cards
        names = cards.names
        leads = self.pending
        bios = [0, 0]
        sides: list[list[int]] = [[], []]
        for s in (0, 1):
            lead = leads[s]
            families = self._famix_families(s)
            areopage = self.areopage[s]
            if families:
                # MX-16/17: the whole FaMiX of the lead's family fights.
                family = cards.famille[lead]
                members = [c for c in areopage if cards.famille[c] == family]
            else:
                members = [lead]
            for c in members:
                areopage.remove(c)
            sides[s] = members
            self.engaged[s].extend(members)
            bios[s] = famix_bios(cards, members)  # MX-18
            events.append(Event("combatant", {
                "seat": s, "cards": [names[c] for c in members], "avant": names[lead],
                "bios": bios[s], "famix": len(members) > 1}, ruling="MX-18" if families
                else "MX-17"))
        self.pending = [NO_CHOICE, NO_CHOICE]
        marks = self._interventions(events)
        final = [bios[0] - cards.attaque[leads[1]], bios[1] - cards.attaque[leads[0]]]
        step: dict[str, JSON] = {"cards": [[names[c] for c in sides[0]],
                                           [names[c] for c in sides[1]]],
                                 "avant": [names[leads[0]], names[leads[1]]],
                                 "bios": bios, "marks": marks, "final": final}
        self.last = [*self.last, step] if self.in_bataille else [step]
        winner = compare_marks(marks[0], marks[1])
        if winner is not None:
            step["by"] = "olympe"
            events.append(Event("olympe_decides", {"winner": winner, "marks": marks},
                                ruling="MX-21"))
        else:
            if marks[0] != 0:
                events.append(Event("marks_cancel", {"marks": marks}, ruling="MX-21"))
            # MX-19: final Bios = Bios minus the attack of the opponent's carte mise en avant.
            events.append(Event("bios", {"final": final}, ruling="MX-19"))
            if final[0] != final[1]:
                winner = 0 if final[0] > final[1] else 1
                step["by"] = "bios"
            else:
                step["by"] = "egalite"
                if len(self.areopage[0]) < 2 or len(self.areopage[1]) < 2:
                    # MX-22 (as MX-11): no card to put down and a combatant to field.
                    events.append(Event("bataille_impossible", {
                        "cards": [[names[c] for c in self.engaged[0]],
                                  [names[c] for c in self.engaged[1]]]}, ruling="MX-22"))
                    for s in (0, 1):
                        self.enfers[s].extend(self.engaged[s])
                    self._end_round(events)
                    return
                # MX-22: a bataille: each puts a card of their choice face down.
                self.in_bataille = True
                self.phase = DOWN
                events.append(Event("bataille", {}, ruling="MX-22"))
                return
        loser = 1 - winner
        if self.in_bataille:
            # MX-22: the winner takes every engaged card into their Vivants.
            won = self.engaged[0] + self.engaged[1]
            self.vivants[winner].extend(won)
            events.append(Event("round_won", {
                "winner": winner, "vivants": [names[c] for c in won], "enfers": []},
                ruling="MX-22"))
        else:
            # MX-19: the winner's cards to its Vivants, the loser's to the Enfers.
            self.vivants[winner].extend(self.engaged[winner])
            self.enfers[loser].extend(self.engaged[loser])
            events.append(Event("round_won", {
                "winner": winner, "vivants": [names[c] for c in self.engaged[winner]],
                "enfers": [names[c] for c in self.engaged[loser]]}, ruling="MX-19"))
        self._end_round(events)

    def _face_down(self, events: list[Event]) -> None:
        names = self.cards.names
        down = self.pending
        for s in (0, 1):
            self.areopage[s].remove(down[s])
            self.engaged[s].append(down[s])
        # Public: both aréopages were revealed (MX-14), so the face-down cards are known.
        events.append(Event("face_down", {"cards": [names[down[0]], names[down[1]]]},
                            ruling="MX-22"))
        self._begin_round(events)

    def _end_round(self, events: list[Event]) -> None:
        self.engaged = [[], []]
        self.in_bataille = False
        self.rounds += 1
        if not self.areopage[0] or not self.areopage[1]:
            # MX-23: the duel ends when either aréopage is empty.
            self.phase = OVER
            self.pending = [NO_CHOICE, NO_CHOICE]
            self._end(events)
        else:
            self._begin_round(events)

    def _end(self, events: list[Event]) -> None:
        result = self.result()
        assert result is not None
        events.append(Event("end", {"reason": result.reason, "scores": list(result.scores),
                                    "bios": self.vivants_bios(), "ranks": list(result.ranks)},
                            ruling=result.ruling))

    # -- the end -------------------------------------------------------------------------------
    def is_over(self) -> bool:
        if self.mode == MITIX:
            return not self.areopage[0]
        return self.phase == OVER

    def vivants_bios(self) -> list[int]:
        bios = self.cards.bios
        return [sum(bios[c] for c in self.vivants[s]) for s in (0, 1)]

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        n0, n1 = len(self.vivants[0]), len(self.vivants[1])
        b0, b1 = self.vivants_bios()
        ruling = "MX-13" if self.mode == MITIX else "MX-24"
        scores = (float(n0), float(n1))
        # MX-13 / MX-24: more Vivants; then the higher printed Bios of the Vivants; else a draw.
        if n0 != n1:
            w = 0 if n0 > n1 else 1
            return Result((0, 1) if w == 0 else (1, 0), scores, "plus_de_vivants",
                          f"{max(n0, n1)} Vivants contre {min(n0, n1)}", ruling)
        if b0 != b1:
            w = 0 if b0 > b1 else 1
            return Result((0, 1) if w == 0 else (1, 0), scores, "bios_des_vivants",
                          f"{n0} Vivants chacun, Bios {max(b0, b1)} contre {min(b0, b1)}", ruling)
        return Result((0, 0), scores, "egalite", f"{n0} Vivants et Bios {b0} de chaque côté",
                      ruling)

    # -- information ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        names = self.cards.names
        out: dict[str, JSON] = {
            "mode": MODES[self.mode],
            "rounds": self.rounds,
            "olympe": [[names[c] for c in o] for o in self.olympe],
            "vivants": [[names[c] for c in v] for v in self.vivants],
            "enfers": [[names[c] for c in e] for e in self.enfers],
            "vivants_bios": self.vivants_bios(),
            "areopage_size": [len(a) for a in self.areopage],
            "last": self.last,
            "to_act": list(self.to_act()),
        }
        if self.mode == FAMIX:
            out.update({
                "phase": PHASES[self.phase],
                # MX-14: the FaMiX aréopages are face up for both players.
                "areopage": [[names[c] for c in a] for a in self.areopage],
                "resources": [[[RESOURCES[r] for r in held] for held in side]
                              for side in self.resources],
                "pile_size": len(self.pile),
                "used": sorted(RESOURCES[r] for r in self.used),
                "to_place": [[RESOURCES[r] for r in t] for t in self.to_place],
                # MX-20: whose Olympe receives each seat's next resource (None: nothing waits).
                "place_on": [self._targets(s, self.to_place[s][0])[0] if self.to_place[s]
                             else None for s in (0, 1)],
                "offrandes": [RESOURCES[r] for r in sorted(OFFRANDES)],
                "nourritures": [RESOURCES[r] for r in sorted(NOURRITURES)],
                "engaged": [[names[c] for c in e] for e in self.engaged],
                "chosen": [p != NO_CHOICE for p in self.pending],
            })
            # MX-16 / MX-18: each FaMiX of each (public) aréopage with its Bios, so that the
            # screen shows the engine's numbers instead of computing them.
            out["famix"] = [self._famix_view(s) for s in (0, 1)]
            if seat is not None and self.pending[seat] != NO_CHOICE:
                out["my_choice"] = names[self.pending[seat]]
        out["faces"] = self._faces(out)
        return out

    def _famix_view(self, seat: int) -> list[JSON]:
        cards = self.cards
        groups: dict[int, list[int]] = {}
        for c in self.areopage[seat]:
            groups.setdefault(cards.famille[c], []).append(c)
        return [{"famille": cards.familles[f], "cartes": [cards.names[c] for c in members],
                 "bios": famix_bios(cards, members)}
                for f, members in sorted(groups.items()) if len(members) >= 2]

    def _faces(self, shown: Mapping[str, JSON]) -> dict[str, JSON]:
        """The printed face (MX-1) of every card the view names, so that a screen can draw
        them; cards the view does not name (a hidden aréopage) are not described."""
        found: set[str] = set()

        def walk(value: JSON) -> None:
            if isinstance(value, str):
                if value in self.cards.index:
                    found.add(value)
            elif isinstance(value, list):
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item)

        walk(dict(shown))
        return {name: card_face(self.cards, name) for name in sorted(found)}

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        if self.mode == MITIX:
            # The aréopages are face down for both players, owners included: each is drawn
            # again from what its paquet may still hold (the paquet minus the cards seen).
            for t in (0, 1):
                pool = Counter(self.paquets[t])
                pool.subtract(self.shown[t])
                cards = list(pool.elements())
                out.areopage[t] = rng.sample(cards, len(self.areopage[t]))
            out.rng = rng.fork()
            return out
        rng.shuffle(out.pile)
        for s in (0, 1):
            if s != seat and out.pending[s] != NO_CHOICE:
                # A secret choice not yet revealed: any choice that seat could have made.
                if out.phase == SEND:
                    options = out._send_options(s)
                else:
                    options = out._distinct(out.areopage[s])
                out.pending[s] = rng.choice(options)
        # The true generator would give every copy the real next pile when this one empties.
        out.rng = rng.fork()
        return out

    def reopen_secret_choices(self, seat: int) -> None:
        """The other's secret combatant or face-down card (MX-17, MX-22), chosen before
        `seat` chose, is taken back: both choose again, as the rules have them do at once."""
        if self.mode != FAMIX or self.phase not in (SEND, DOWN):
            return
        if self.pending[seat] != NO_CHOICE:
            return  # `seat` has chosen: nothing here is its choice to make
        other = 1 - seat
        self.pending[other] = NO_CHOICE

    # -- copies and persistence ----------------------------------------------------------------
    def clone(self) -> Self:
        out = object.__new__(type(self))
        out.mode = self.mode
        out.rng = self.rng.copy()
        out.areopage = [self.areopage[0][:], self.areopage[1][:]]
        out.olympe = [self.olympe[0][:], self.olympe[1][:]]
        out.vivants = [self.vivants[0][:], self.vivants[1][:]]
        out.enfers = [self.enfers[0][:], self.enfers[1][:]]
        out.rounds = self.rounds
        out.phase = self.phase
        out.pending = self.pending[:]
        out.engaged = [self.engaged[0][:], self.engaged[1][:]]
        out.in_bataille = self.in_bataille
        out.resources = [[held[:] for held in side] for side in self.resources]
        out.pile = self.pile[:]
        out.used = self.used[:]
        out.to_place = [self.to_place[0][:], self.to_place[1][:]]
        out.last = self.last  # never mutated in place: replaced each round
        out.paquets = self.paquets
        out.shown = [self.shown[0][:], self.shown[1][:]]
        return out

    def to_json(self) -> dict[str, JSON]:
        return {
            "mode": MODES[self.mode], "rng": self.rng.to_json(), "areopage": self.areopage,
            "olympe": self.olympe, "vivants": self.vivants, "enfers": self.enfers,
            "rounds": self.rounds, "phase": PHASES[self.phase], "pending": self.pending,
            "engaged": self.engaged, "in_bataille": self.in_bataille,
            "resources": self.resources, "pile": self.pile, "used": self.used,
            "to_place": self.to_place, "last": self.last,
            "paquets": [list(p) for p in self.paquets], "shown": self.shown,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = object.__new__(cls)
        out.mode = MODES.index(data["mode"])
        out.rng = Rng.from_json(data["rng"])
        out.areopage = [list(a) for a in data["areopage"]]
        out.olympe = [list(o) for o in data["olympe"]]
        out.vivants = [list(v) for v in data["vivants"]]
        out.enfers = [list(e) for e in data["enfers"]]
        out.rounds = int(data["rounds"])
        out.phase = PHASES.index(data["phase"])
        out.pending = list(data["pending"])
        out.engaged = [list(e) for e in data["engaged"]]
        out.in_bataille = bool(data["in_bataille"])
        out.resources = [[list(h) for h in side] for side in data["resources"]]
        out.pile = list(data["pile"])
        out.used = list(data["used"])
        out.to_place = [list(t) for t in data["to_place"]]
        out.last = list(data["last"])
        out.paquets = (tuple(data["paquets"][0]), tuple(data["paquets"][1]))
        out.shown = [list(x) for x in data["shown"]]
        return out
