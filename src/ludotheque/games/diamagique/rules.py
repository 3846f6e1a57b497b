"""The state of a game of Diamagique: phases, legal actions, transitions, endings, views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from ludotheque.core import JSON, Action, Event, Result, Rng, State

from .cards import COULEURS, CardSet, Deck, MagicienData
from .catalog import CARDS
from .effects import Cast, Resolution, Table, resolve
from .notation import Defausser, JouerChateau, Lancer, Poser

# Phases of a turn that wait for a decision.
CHATEAU, DEFI, DIAMAGIQUE, DEFAUSSE, FIN = range(5)
PHASES = ("chateau", "defi", "diamagique", "defausse", "fin")

HAND_START = 5  # DG-9
DRAW = 3  # DG-18
HAND_MAX = 5  # DG-18
TARGET = 6  # DG-19
POT_PER_COLOUR = 3  # DG-6


def team_wizards(cards: CardSet, equipe: int) -> tuple[MagicienData, ...]:
    by_name = {m.name: m for m in cards.magiciens}
    return tuple(by_name[n] for n in cards.equipes[equipe].magiciens)


_WIZARDS = [team_wizards(CARDS, e) for e in range(len(CARDS.equipes))]
_SORTS = CARDS.sorts
_CACHE = tuple(s.cache for s in CARDS.sorts)
# Actions are immutable: build each once, so legal_actions allocates nothing but its list.
_LANCER = tuple(tuple(Lancer(c, p) for p in range(3)) for c in range(len(CARDS.sorts)))
_POSER = [Poser(0), Poser(1), Poser(2)]
_DEFAUSSER = tuple(Defausser(c) for c in range(len(CARDS.sorts)))
_JOUER = tuple(JouerChateau(c) for c in range(len(CARDS.chateaux)))


@dataclass(frozen=True)
class Arrangement:
    """A stacked position for tests and tutorials, applied after the deal and before the first
    turn. Cards by name; decks and the pot list the next card first; None keeps the deal."""

    active: int | None = None
    hands: tuple[Sequence[str], Sequence[str]] | None = None
    decks: tuple[Sequence[str], Sequence[str]] | None = None
    castles: tuple[Sequence[str], Sequence[str]] | None = None
    pot: Sequence[str] | None = None
    held: tuple[Sequence[Sequence[str]], Sequence[Sequence[str]]] | None = None
    # The held Diamagiques leave the dealt pot (the topmost of each colour), so that the
    # 12 of DG-6 are all somewhere: the tutorial's `position` option sets it.
    held_from_pot: bool = False

    def apply_to(self, s: DiamagiqueState) -> None:
        sorts = {x.name: i for i, x in enumerate(CARDS.sorts)}
        castles = {x.name: i for i, x in enumerate(CARDS.chateaux)}
        if self.active is not None:
            s.active = s.deciding = self.active
        for seat in (0, 1):
            if self.hands is not None:
                s.hand[seat] = sorted(sorts[n] for n in self.hands[seat])
            if self.decks is not None:
                s.deck[seat] = [sorts[n] for n in reversed(self.decks[seat])]
            if self.castles is not None:
                s.castle_deck[seat] = [castles[n] for n in reversed(self.castles[seat])]
            if self.held is not None:
                for p in range(3):
                    s.held[seat * 3 + p] = [COULEURS.index(c) for c in self.held[seat][p]]
                    if self.held_from_pot:
                        for c in s.held[seat * 3 + p]:
                            del s.pot[len(s.pot) - 1 - s.pot[::-1].index(c)]
        if self.pot is not None:
            s.pot = [COULEURS.index(c) for c in reversed(self.pot)]


class DiamagiqueState(State):
    rng: Rng
    official: bool
    deck_names: list[str]
    equipes: list[int]
    turn: int
    active: int
    phase: int
    deciding: int  # the seat to decide in phases CHATEAU, DEFI, DIAMAGIQUE, DEFAUSSE
    deck: list[list[int]]  # Spell decks, top card last
    hand: list[list[int]]  # kept sorted
    discard: list[list[int]]
    castle_deck: list[list[int]]  # top card last
    castle_discard: list[list[int]]
    chateau: int  # the Château in play, -1 between turns
    pot: list[int]  # Diamagique colours (index into COULEURS), top last
    on_chateau: list[int]  # the Diamagiques in play
    on_chateau_by: list[int]  # who drew each one, and so knows its colour (DG-11)
    held: list[list[int]]  # held[seat * 3 + position]: Diamagiques on that Magicien
    cast: list[int]  # cast[seat * 3 + position]: the Sort cast this turn, -1 for none
    cast_order: list[int]  # slots in casting order
    won: list[int]  # Diamagiques won, waiting to be placed (DG-17)
    last: dict[str, JSON] | None  # how the last challenge was computed (public)
    ending: dict[str, JSON] | None

    # -- set-up ---------------------------------------------------------------------------
    @classmethod
    def start(cls, seed: int, decks: tuple[Deck, Deck], official: bool,
              arrangement: Arrangement | None = None) -> DiamagiqueState:
        s = object.__new__(cls)
        s.rng = Rng(seed)
        s.official = official
        s.deck_names = [d.name for d in decks]
        s.equipes = [d.equipe for d in decks]
        s.deck = [list(d.sorts) for d in decks]
        s.castle_deck = [list(d.chateaux) for d in decks]
        # DG-9: each player shuffles their Spell deck and Castle deck.
        for seat in (0, 1):
            s.rng.shuffle(s.deck[seat])
            s.rng.shuffle(s.castle_deck[seat])
        # DG-6: 12 Diamagiques, 3 of each colour, shuffled.
        s.pot = [c for c in range(len(COULEURS)) for _ in range(POT_PER_COLOUR)]
        s.rng.shuffle(s.pot)
        s.hand = [[], []]
        for seat in (0, 1):
            # DG-9: draw 5 Sorts.
            s.hand[seat] = sorted(s.deck[seat][-HAND_START:])
            del s.deck[seat][-HAND_START:]
        s.discard = [[], []]
        s.castle_discard = [[], []]
        s.turn = 0
        # DG-9: the seeded RNG picks who is active first.
        s.active = s.rng.randrange(2)
        s.phase = CHATEAU
        s.deciding = s.active
        s.chateau = -1
        s.on_chateau = []
        s.on_chateau_by = []
        s.held = [[] for _ in range(6)]
        s.cast = [-1] * 6
        s.cast_order = []
        s.won = []
        s.last = None
        s.ending = None
        if arrangement is not None:
            arrangement.apply_to(s)
        s._start_turn([])
        return s

    # -- whose decision -------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == FIN:
            return ()
        return (self.deciding,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == FIN or seat != self.deciding:
            return []
        if self.phase == DEFI:
            cards = sorted(set(self.hand[seat]))
            base = seat * 3
            return [_LANCER[card][p] for p in range(3) if self.cast[base + p] < 0
                    for card in cards]
        if self.phase == DIAMAGIQUE:
            return list(_POSER)
        if self.phase == CHATEAU:
            return [_JOUER[c] for c in sorted(set(self.castle_deck[seat]))]
        return [_DEFAUSSER[card] for card in sorted(set(self.hand[seat]))]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        phase = PHASES[self.phase]
        if isinstance(action, Lancer):
            if self.phase != DEFI:
                return f"no Sort can be cast now (phase {phase})"
            if action.sort not in self.hand[seat]:
                return f'"{_SORTS[action.sort].name}" is not in your hand'
            if self.cast[seat * 3 + action.position] >= 0:
                # DG-12: each Magicien casts once per turn.
                return f"Magicien {action.position + 1} has already cast a Sort this turn"
            return None
        if isinstance(action, Poser):
            return None if self.phase == DIAMAGIQUE else f"no Diamagique to place (phase {phase})"
        if isinstance(action, JouerChateau):
            if self.phase != CHATEAU:
                return f"no Château can be chosen now (phase {phase})"
            if action.chateau not in self.castle_deck[seat]:
                return f'"{CARDS.chateaux[action.chateau].name}" is not in your Castle deck'
            return None
        if isinstance(action, Defausser):
            if self.phase != DEFAUSSE:
                return f"no discard now (phase {phase})"
            if action.sort not in self.hand[seat]:
                return f'"{_SORTS[action.sort].name}" is not in your hand'
            return None
        return f"{action!r} is not a Diamagique action"

    def is_public(self, seat: int, action: Action) -> bool:
        # DG-13: a Caché Sort is cast face down: its name stays its caster's secret until the
        # reveal (the others read the "lance" event, which names only the Magicien).
        if isinstance(action, Lancer):
            return not _CACHE[action.sort]
        # Everything else is done face up: a Sort cast openly (DG-12), the Château played
        # (DG-10), the Magicien that gets the Diamagiques (DG-17), a discard (DG-18: the
        # discard pile is open to both players).
        return True

    # -- transitions ----------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Lancer):
            self._cast(seat, action, events)
        elif isinstance(action, Poser):
            self._place(seat, action.position, events)
        elif isinstance(action, JouerChateau):
            self.castle_deck[seat].remove(action.chateau)
            # DG-10: in an official match the active player chooses any Château of the deck.
            self._play_chateau(action.chateau, events, "DG-10")
        else:
            assert isinstance(action, Defausser)
            self.hand[seat].remove(action.sort)
            self.discard[seat].append(action.sort)
            # DG-18: discard down to 5 cards, the player's choice.
            events.append(Event("defausse", {"seat": seat, "sort": _SORTS[action.sort].name},
                                ruling="DG-18"))
            self._discard_or_next(events)
        return events

    def _start_turn(self, events: list[Event]) -> None:
        self.turn += 1
        seat = self.active
        events.append(Event("tour", {"turn": self.turn, "active": seat}))
        if not self.castle_deck[seat]:
            # DG-11: an empty Castle deck is reshuffled from its discard pile.
            self.castle_deck[seat] = self.castle_discard[seat]
            self.castle_discard[seat] = []
            self.rng.shuffle(self.castle_deck[seat])
            events.append(Event("chateaux_melanges", {"seat": seat}, ruling="DG-11"))
        if self.official:
            self.phase = CHATEAU
            self.deciding = seat
            return
        # DG-10: outside an official match, the top card of the Castle deck.
        self._play_chateau(self.castle_deck[seat].pop(), events, "DG-10")

    def _play_chateau(self, chateau: int, events: list[Event], ruling: str) -> None:
        seat = self.active
        self.chateau = chateau
        events.append(Event("chateau", {"seat": seat, "chateau": CARDS.chateaux[chateau].name},
                            ruling=ruling))
        if self.pot:
            # DG-11: a Diamagique drawn at random, seen by the active player only.
            colour = self.pot.pop()
            self.on_chateau.append(colour)
            self.on_chateau_by.append(seat)
            events.append(Event("diamagique_vu", {"seat": seat, "couleur": COULEURS[colour]},
                                to=(seat,), ruling="DG-11"))
            events.append(Event("diamagique_en_jeu", {"seat": seat,
                                                      "en_jeu": len(self.on_chateau)},
                                ruling="DG-11"))
        else:
            # DG-11: an empty pot adds nothing.
            events.append(Event("pot_vide", {"en_jeu": len(self.on_chateau)}, ruling="DG-11"))
        self.phase = DEFI
        self._next_caster(self.active, events)

    def _can_cast(self, seat: int) -> bool:
        if not self.hand[seat]:
            return False
        base = seat * 3
        return self.cast[base] < 0 or self.cast[base + 1] < 0 or self.cast[base + 2] < 0

    def _next_caster(self, first: int, events: list[Event]) -> None:
        # DG-12: the players alternate; one with no Sort in hand (or no Magicien left) skips.
        for seat in (first, 1 - first):
            if self._can_cast(seat):
                self.deciding = seat
                return
        self._resolve(events)

    def _cast(self, seat: int, action: Lancer, events: list[Event]) -> None:
        self.hand[seat].remove(action.sort)
        slot = seat * 3 + action.position
        self.cast[slot] = action.sort
        self.cast_order.append(slot)
        sort = _SORTS[action.sort]
        wizard = _WIZARDS[self.equipes[seat]][action.position].name
        data: dict[str, JSON] = {"seat": seat, "position": action.position + 1,
                                 "magicien": wizard, "cache": sort.cache}
        if sort.cache:
            # DG-13: a Caché Sort is cast face down; only its caster knows it.
            events.append(Event("lance", {**data, "sort": None}, ruling="DG-13"))
            events.append(Event("lance_cache", {**data, "sort": sort.name}, to=(seat,),
                                ruling="DG-13"))
        else:
            events.append(Event("lance", {**data, "sort": sort.name}, ruling="DG-12"))
        self._next_caster(1 - seat, events)

    def table(self) -> Table:
        casts = tuple(Cast(slot // 3, slot % 3, _SORTS[self.cast[slot]], rank)
                      for rank, slot in enumerate(self.cast_order))
        held = tuple(tuple(tuple(COULEURS[c] for c in self.held[seat * 3 + p])
                           for p in range(3)) for seat in (0, 1))
        return Table(self.active, CARDS.chateaux[self.chateau] if self.chateau >= 0 else None,
                     (_WIZARDS[self.equipes[0]], _WIZARDS[self.equipes[1]]), casts, held)

    def _resolve(self, events: list[Event]) -> None:
        for seat in (0, 1):
            for p in range(3):
                if self.cast[seat * 3 + p] < 0:
                    # DG-12: a player with no Sort in hand skips; that Magicien casts nothing.
                    events.append(Event("sans_sort", {"seat": seat, "position": p + 1},
                                        ruling="DG-12"))
        for slot in self.cast_order:
            card = self.cast[slot]
            if _CACHE[card]:
                # DG-13: Caché Sorts are revealed once all casts are done.
                events.append(Event("revele", {"seat": slot // 3, "position": slot % 3 + 1,
                                               "sort": _SORTS[card].name}, ruling="DG-13"))
        table = self.table()
        res = resolve(table)
        for step in res.steps:
            # DG-14: each modifier, in the text's order, with the Puissance before and after.
            events.append(Event("modificateur", step.to_json(), ruling="DG-14"))
        totals = res.totals
        winner = -1 if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        self.last = _report(self, res, winner)
        events.append(Event("totaux", {"totaux": list(totals), "vainqueur": winner},
                            ruling="DG-16"))
        self.phase = DIAMAGIQUE
        if winner < 0 or not self.on_chateau:
            # DG-16: a tie: nobody wins, the Diamagiques stay in play for the next Château.
            events.append(Event("egalite" if winner < 0 else "defi_sans_diamagique",
                                {"en_jeu": len(self.on_chateau)}, ruling="DG-16"))
            self._end_turn(events)
            return
        # DG-16: the higher total wins every Diamagique on the Château.
        self.won = self.on_chateau
        self.on_chateau = []
        self.on_chateau_by = []
        self.deciding = winner
        events.append(Event("defi_gagne", {"seat": winner,
                                           "couleurs": [COULEURS[c] for c in self.won]},
                            ruling="DG-16"))

    def _place(self, seat: int, position: int, events: list[Event]) -> None:
        # DG-17: the winner places the won Diamagiques face up on one of their Magiciens.
        self.held[seat * 3 + position].extend(self.won)
        events.append(Event("diamagiques_poses", {
            "seat": seat, "position": position + 1,
            "magicien": _WIZARDS[self.equipes[seat]][position].name,
            "couleurs": [COULEURS[c] for c in self.won]}, ruling="DG-17"))
        self.won = []
        count = self.count(seat)
        if count >= TARGET:
            # DG-19: a player holding 6 Diamagiques wins at once.
            self._finish("six_diamagiques", "DG-19",
                         f"seat {seat} holds {count} Diamagiques", events)
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        # DG-18: Discard phase: the Sorts cast and the Château go to their discard piles.
        for slot in self.cast_order:
            self.discard[slot // 3].append(self.cast[slot])
            self.cast[slot] = -1
        self.cast_order = []
        if self.chateau >= 0:
            self.castle_discard[self.active].append(self.chateau)
            self.chateau = -1
        # DG-18: Draw phase: 3 Sorts each, fewer if the deck runs out (no reshuffle).
        for seat in (self.active, 1 - self.active):
            deck = self.deck[seat]
            n = min(DRAW, len(deck))
            if n:
                drawn = deck[-n:]
                del deck[-n:]
                self.hand[seat].extend(drawn)
                self.hand[seat].sort()
                events.append(Event("pioche_cartes", {
                    "seat": seat, "sorts": [_SORTS[c].name for c in reversed(drawn)]},
                    to=(seat,), ruling="DG-18"))
            events.append(Event("pioche", {"seat": seat, "nombre": n}, ruling="DG-18"))
        self._discard_or_next(events)

    def _discard_or_next(self, events: list[Event]) -> None:
        for seat in (self.active, 1 - self.active):
            if len(self.hand[seat]) > HAND_MAX:
                self.phase = DEFAUSSE
                self.deciding = seat
                return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        # DG-20: the pot is empty and no Diamagique is in play...
        if not self.pot and not self.on_chateau:
            self._finish("pot_vide", "DG-20", "the pot is empty and no Diamagique is in play",
                         events)
            return
        # DG-20: ... or both players have no Sort left in hand and deck.
        if not any(self.hand[s] or self.deck[s] for s in (0, 1)):
            self._finish("sorts_epuises", "DG-20", "both players have no Sort left", events)
            return
        # DG-18: the other player becomes active.
        self.active = 1 - self.active
        self._start_turn(events)

    def _finish(self, reason: str, ruling: str, detail: str, events: list[Event]) -> None:
        self.phase = FIN
        self.deciding = -1
        self.ending = {"reason": reason, "ruling": ruling, "detail": detail}
        result = self.result()
        assert result is not None
        events.append(Event("fin", {"reason": reason, "scores": list(result.scores),
                                    "ranks": list(result.ranks)}, ruling=ruling))

    # -- the end --------------------------------------------------------------------------
    def count(self, seat: int) -> int:
        """How many Diamagiques `seat` holds."""
        b = seat * 3
        return len(self.held[b]) + len(self.held[b + 1]) + len(self.held[b + 2])

    def is_over(self) -> bool:
        return self.phase == FIN

    def result(self) -> Result | None:
        if self.ending is None:
            return None
        a, b = self.count(0), self.count(1)
        # DG-19/DG-20: more Diamagiques wins; equal is a draw.
        ranks = (0, 0) if a == b else ((0, 1) if a > b else (1, 0))
        return Result(ranks, (float(a), float(b)), str(self.ending["reason"]),
                      str(self.ending["detail"]), str(self.ending["ruling"]))

    # -- information ----------------------------------------------------------------------
    def _hidden_cast(self, slot: int) -> bool:
        # DG-13: a Caché Sort is face down until the reveal (end of the casts).
        return self.phase == DEFI and self.cast[slot] >= 0 and _CACHE[self.cast[slot]]

    def view(self, seat: int | None) -> dict[str, JSON]:
        teams: list[JSON] = []
        for s in (0, 1):
            wizards = _WIZARDS[self.equipes[s]]
            cast: list[JSON] = []
            for p in range(3):
                card = self.cast[s * 3 + p]
                if card < 0:
                    cast.append(None)
                elif self._hidden_cast(s * 3 + p) and seat != s:
                    cast.append({"sort": None, "cache": True})
                else:
                    cast.append({"sort": _SORTS[card].name, "cache": _CACHE[card]})
            teams.append({
                "deck_name": self.deck_names[s],
                "equipe": CARDS.equipes[self.equipes[s]].name,
                "magiciens": [w.name for w in wizards],
                "held": [[COULEURS[c] for c in self.held[s * 3 + p]] for p in range(3)],
                "diamagiques": self.count(s),
                "hand_size": len(self.hand[s]),
                "deck_size": len(self.deck[s]),
                "discard": [_SORTS[c].name for c in self.discard[s]],
                "castle_deck_size": len(self.castle_deck[s]),
                "castle_discard": [CARDS.chateaux[c].name for c in self.castle_discard[s]],
                "cast": cast,
            })
        out: dict[str, JSON] = {
            "turn": self.turn,
            "active": self.active,
            "phase": PHASES[self.phase],
            "to_act": list(self.to_act()),
            "official_match": self.official,
            "chateau": CARDS.chateaux[self.chateau].name if self.chateau >= 0 else None,
            # DG-11: the Diamagiques in play are known only to the player who drew them.
            "en_jeu": [COULEURS[c] if seat is not None and by == seat else None
                       for c, by in zip(self.on_chateau, self.on_chateau_by, strict=True)],
            "pot": len(self.pot),
            "won": [COULEURS[c] for c in self.won],
            "teams": teams,
            "cast_order": [[slot // 3, slot % 3 + 1] for slot in self.cast_order],
            "last": self.last,
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = [_SORTS[c].name for c in self.hand[seat]]
            if self.official:
                out["castle_deck"] = sorted(CARDS.chateaux[c].name
                                            for c in self.castle_deck[seat])
        result = self.result()
        out["result"] = result.to_json() if result is not None else None
        return out

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        for s in (0, 1):
            if s == seat:
                # The seat knows its own cards but not the order of its decks.
                rng.shuffle(out.deck[s])
                rng.shuffle(out.castle_deck[s])
                continue
            hidden = [slot for slot in range(s * 3, s * 3 + 3) if self._hidden_cast(slot)]
            pool = out.hand[s] + out.deck[s] + [out.cast[slot] for slot in hidden]
            rng.shuffle(pool)
            for slot in hidden:
                # A face-down Sort can only be a Caché one.
                i = next(i for i, c in enumerate(pool) if _CACHE[c])
                out.cast[slot] = pool.pop(i)
            n = len(out.hand[s])
            out.hand[s] = sorted(pool[:n])
            out.deck[s] = pool[n:]
            rng.shuffle(out.castle_deck[s])
        unknown = [i for i, by in enumerate(out.on_chateau_by) if seat is None or by != seat]
        pool = out.pot + [out.on_chateau[i] for i in unknown]
        rng.shuffle(pool)
        for i in unknown:
            out.on_chateau[i] = pool.pop()
        out.pot = pool
        # The true generator would tell each copy how the castle decks will be reshuffled.
        out.rng = rng.fork()
        return out

    # -- copies and persistence -----------------------------------------------------------
    def clone(self) -> Self:
        out = object.__new__(type(self))
        out.rng = self.rng.copy()
        out.official = self.official
        out.deck_names = self.deck_names
        out.equipes = self.equipes
        out.turn = self.turn
        out.active = self.active
        out.phase = self.phase
        out.deciding = self.deciding
        out.deck = [self.deck[0][:], self.deck[1][:]]
        out.hand = [self.hand[0][:], self.hand[1][:]]
        out.discard = [self.discard[0][:], self.discard[1][:]]
        out.castle_deck = [self.castle_deck[0][:], self.castle_deck[1][:]]
        out.castle_discard = [self.castle_discard[0][:], self.castle_discard[1][:]]
        out.chateau = self.chateau
        out.pot = self.pot[:]
        out.on_chateau = self.on_chateau[:]
        out.on_chateau_by = self.on_chateau_by[:]
        out.held = [h[:] for h in self.held]
        out.cast = self.cast[:]
        out.cast_order = self.cast_order[:]
        out.won = self.won[:]
        out.last = self.last  # never mutated once built
        out.ending = self.ending
        return out

    _LISTS = ("deck", "hand", "discard", "castle_deck", "castle_discard", "held")
    _FLAT = ("pot", "on_chateau", "on_chateau_by", "cast", "cast_order", "won")

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "rng": self.rng.to_json(), "official": self.official,
            "deck_names": list(self.deck_names), "equipes": list(self.equipes),
            "turn": self.turn, "active": self.active, "phase": self.phase,
            "deciding": self.deciding, "chateau": self.chateau,
            "last": self.last, "ending": self.ending,
        }
        for name in self._LISTS:
            out[name] = [list(x) for x in getattr(self, name)]
        for name in self._FLAT:
            out[name] = list(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = object.__new__(cls)
        out.rng = Rng.from_json(data["rng"])
        out.official = bool(data["official"])
        out.deck_names = [str(x) for x in data["deck_names"]]
        out.equipes = [int(x) for x in data["equipes"]]
        for name in ("turn", "active", "phase", "deciding", "chateau"):
            setattr(out, name, int(data[name]))
        out.last = data["last"]
        out.ending = data["ending"]
        for name in cls._LISTS:
            setattr(out, name, [[int(v) for v in x] for x in data[name]])
        for name in cls._FLAT:
            setattr(out, name, [int(v) for v in data[name]])
        return out


def _report(state: DiamagiqueState, res: Resolution, winner: int) -> dict[str, JSON]:
    """The public account of a challenge: each Sort's base and final Puissance and every step."""
    casts: list[JSON] = []
    for slot in state.cast_order:
        seat, p = divmod(slot, 3)
        casts.append({"seat": seat, "position": p + 1,
                      "magicien": _WIZARDS[state.equipes[seat]][p].name,
                      "sort": _SORTS[state.cast[slot]].name,
                      "base": res.base[slot], "final": res.values[slot]})
    return {
        "turn": state.turn,
        "active": state.active,
        "chateau": CARDS.chateaux[state.chateau].name if state.chateau >= 0 else None,
        "casts": casts,
        "steps": [s.to_json() for s in res.steps],
        "totals": list(res.totals),
        "winner": winner,
    }
