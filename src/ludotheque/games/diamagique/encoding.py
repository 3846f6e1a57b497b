"""Diamagique for the AI adapters: a setup's action ids and a seat's view as numbers.

The contract is core/encoding.py; docs/rules/diamagique.md ("Encoding for the AI adapters")
gives the order of the ids and the meaning and scale of every number.

A setup is its two decks and whether the match is official: the actions are those of the Sorts
of the two decks (cast by each Magicien, discarded), the three placements, and the Châteaux of
the two Castle decks when the active player chooses them (DG-10). The observation names Sorts
and Châteaux by their notation slug, over the same two decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ludotheque.core import JSON
from ludotheque.core.encoding import Encoding, EncodingError

from .cards import COULEURS, MAX_COPIES, SPELL_DECK_SIZE, Deck, slug
from .catalog import CARDS, CHATEAU_SLUGS, SORT_SLUGS
from .rules import DRAW, HAND_MAX, PHASES, POT_PER_COLOUR, TARGET

POSITIONS = ("M1", "M2", "M3")
SEAT_NAMES = ("mine", "opponent")
CASTLE_DECK = 8  # DG-1
POT = POT_PER_COLOUR * len(COULEURS)  # DG-6: 12 Diamagiques
# Scales that bring the numbers to about [0, 1].
TURN_SCALE = 12.0  # the pot gives one Diamagique a turn: random games end by turn 12
HAND_SCALE = float(HAND_MAX + DRAW)  # DG-18: 5 kept, 3 drawn
PUISSANCE_SCALE = 10.0  # DG-4: a Sort is 0 to 6 before its modifiers
TOTAL_SCALE = 20.0  # a challenge's total, three Sorts with their modifiers
CASTS = 2 * len(POSITIONS)  # DG-12: each Magicien casts once a turn


def setup_cards(decks: tuple[Deck, Deck]) -> tuple[list[int], list[int]]:
    """The Sorts and the Châteaux of the two decks, as indices in the set's order."""
    sorts = sorted(set(decks[0].sorts) | set(decks[1].sorts))
    chateaux = sorted(set(decks[0].chateaux) | set(decks[1].chateaux))
    return sorts, chateaux


def action_texts(decks: tuple[Deck, Deck], official: bool) -> tuple[str, ...]:
    """Every action text of the setup, in the documented order: each Sort cast by M1, M2, M3
    (DG-12), each Sort discarded (DG-18), the placements (DG-17), then in an official match
    each Château (DG-10). Sorts and Châteaux come in the set's order."""
    sorts, chateaux = setup_cards(decks)
    out = [f"{p} {SORT_SLUGS[s]}" for s in sorts for p in POSITIONS]
    out += [f"defausse {SORT_SLUGS[s]}" for s in sorts]
    out += [f"pose {p}" for p in POSITIONS]
    if official:
        out += [f"chateau {CHATEAU_SLUGS[c]}" for c in chateaux]
    return tuple(out)


class _Observer:
    """Turns a seat's view into the numbers named by `names` (built with them, so the two
    cannot drift apart)."""

    def __init__(self, decks: tuple[Deck, Deck], official: bool) -> None:
        sorts, chateaux = setup_cards(decks)
        self.official = official
        self.sort = {CARDS.sorts[s].name: i for i, s in enumerate(sorts)}
        self.chateau = {CARDS.chateaux[c].name: i for i, c in enumerate(chateaux)}
        self.equipe = {e.name: i for i, e in enumerate(CARDS.equipes)}
        self.puissance = {s.name: s.puissance for s in CARDS.sorts}
        sort_slugs = [SORT_SLUGS[s] for s in sorts]
        chateau_slugs = [CHATEAU_SLUGS[c] for c in chateaux]
        names: list[str] = []

        def add(name: str) -> int:
            names.append(name)
            return len(names) - 1

        def each(prefix: str, words: list[str]) -> int:
            first = len(names)
            names.extend(f"{prefix}.{w}" for w in words)
            return first

        colours = [c.lower() for c in COULEURS]
        self.phase = {p: add(f"phase.{p}") for p in PHASES}
        self.active = add("active.mine")
        self.to_act = add("to_act.mine")
        self.turn = add("turn")
        self.official_match = add("official_match")
        self.chateau_in_play = each("chateau", chateau_slugs)
        self.en_jeu_count = add("en_jeu.count")
        self.en_jeu = each("en_jeu", colours)  # the ones this seat drew and saw (DG-11)
        self.pot = add("pot")
        self.won = each("won", colours)
        self.hand = each("hand", sort_slugs)
        self.castle_deck = each("castle_deck", chateau_slugs) if official else -1
        self.equipes: list[int] = []
        self.held: list[list[int]] = []
        self.held_colour: list[int] = []
        self.diamagiques: list[int] = []
        self.hand_size: list[int] = []
        self.deck_size: list[int] = []
        self.castle_deck_size: list[int] = []
        self.discard: list[int] = []
        self.castle_discard: list[int] = []
        self.cast: list[list[int]] = []
        self.face_down: list[list[int]] = []
        self.cast_rank: list[list[int]] = []
        self.visible_puissance: list[int] = []
        for r in SEAT_NAMES:
            self.equipes.append(each(f"equipe.{r}", [slug(e.name) for e in CARDS.equipes]))
            self.held.append([each(f"held.{r}.{p}", colours) for p in POSITIONS])
            self.held_colour.append(each(f"held.{r}", colours))
            self.diamagiques.append(add(f"diamagiques.{r}"))
            self.hand_size.append(add(f"hand_size.{r}"))
            self.deck_size.append(add(f"deck_size.{r}"))
            self.castle_deck_size.append(add(f"castle_deck_size.{r}"))
            self.discard.append(each(f"discard.{r}", sort_slugs))
            self.castle_discard.append(each(f"castle_discard.{r}", chateau_slugs))
            self.cast.append([each(f"cast.{r}.{p}", sort_slugs) for p in POSITIONS])
            self.face_down.append([add(f"cast.{r}.{p}.face_down") for p in POSITIONS])
            self.cast_rank.append([add(f"cast.{r}.{p}.rank") for p in POSITIONS])
            self.visible_puissance.append(add(f"puissance_visible.{r}"))
        # The last challenge resolved (DG-14 .. DG-16): its totals, winner and final Puissances.
        self.last_this_turn = add("last.this_turn")
        self.last_total = [add(f"last.total.{r}") for r in SEAT_NAMES]
        self.last_winner = [add(f"last.winner.{r}") for r in SEAT_NAMES]
        self.last_final = [[add(f"last.final.{r}.{p}") for p in POSITIONS] for r in SEAT_NAMES]
        self.names = tuple(names)

    def _sort(self, name: str) -> int:
        try:
            return self.sort[name]
        except KeyError:
            raise EncodingError(f"the Sort {name!r} is in neither deck of the setup") from None

    def _chateau(self, name: str) -> int:
        try:
            return self.chateau[name]
        except KeyError:
            raise EncodingError(f"the Château {name!r} is in neither Castle deck of the setup"
                                ) from None

    def __call__(self, view: Mapping[str, JSON], seat: int) -> list[float]:
        out = [0.0] * len(self.names)
        out[self.phase[view["phase"]]] = 1.0
        out[self.active] = float(view["active"] == seat)
        out[self.to_act] = float(seat in view["to_act"])
        out[self.turn] = view["turn"] / TURN_SCALE
        out[self.official_match] = float(view["official_match"])
        if view["chateau"] is not None:
            out[self.chateau_in_play + self._chateau(view["chateau"])] = 1.0
        out[self.en_jeu_count] = len(view["en_jeu"]) / POT
        for colour in view["en_jeu"]:
            if colour is not None:
                out[self.en_jeu + COULEURS.index(colour)] += 1.0 / POT_PER_COLOUR
        out[self.pot] = view["pot"] / POT
        for colour in view["won"]:
            out[self.won + COULEURS.index(colour)] += 1.0 / POT_PER_COLOUR
        for name in view["hand"]:
            out[self.hand + self._sort(name)] += 1.0 / MAX_COPIES
        if self.official:
            for name in view["castle_deck"]:
                out[self.castle_deck + self._chateau(name)] += 1.0 / MAX_COPIES
        for s, team in enumerate(view["teams"]):
            r = (s - seat) % 2
            out[self.equipes[r] + self.equipe[team["equipe"]]] = 1.0
            for p, held in enumerate(team["held"]):
                for colour in held:
                    out[self.held[r][p] + COULEURS.index(colour)] += 1.0 / POT_PER_COLOUR
                    out[self.held_colour[r] + COULEURS.index(colour)] += 1.0 / POT_PER_COLOUR
            out[self.diamagiques[r]] = team["diamagiques"] / TARGET
            out[self.hand_size[r]] = team["hand_size"] / HAND_SCALE
            out[self.deck_size[r]] = team["deck_size"] / SPELL_DECK_SIZE
            out[self.castle_deck_size[r]] = team["castle_deck_size"] / CASTLE_DECK
            for name in team["discard"]:
                out[self.discard[r] + self._sort(name)] += 1.0 / MAX_COPIES
            for name in team["castle_discard"]:
                out[self.castle_discard[r] + self._chateau(name)] += 1.0 / MAX_COPIES
            visible = 0
            for p, cast in enumerate(team["cast"]):
                if cast is None:
                    continue
                if cast["sort"] is None:  # DG-13: a Caché Sort face down, unknown here
                    out[self.face_down[r][p]] = 1.0
                    continue
                out[self.cast[r][p] + self._sort(cast["sort"])] = 1.0
                visible += self.puissance[cast["sort"]]
            out[self.visible_puissance[r]] = visible / PUISSANCE_SCALE
        for rank, (s, position) in enumerate(view["cast_order"]):
            out[self.cast_rank[(s - seat) % 2][position - 1]] = (rank + 1) / CASTS
        last = view["last"]
        if last is not None:
            out[self.last_this_turn] = float(last["turn"] == view["turn"])
            for s in (0, 1):
                r = (s - seat) % 2
                out[self.last_total[r]] = last["totals"][s] / TOTAL_SCALE
                out[self.last_winner[r]] = float(last["winner"] == s)
            for cast in last["casts"]:
                r = (cast["seat"] - seat) % 2
                out[self.last_final[r][cast["position"] - 1]] = cast["final"] / PUISSANCE_SCALE
        return out


@cache
def diamagique_encoding(decks: tuple[Deck, Deck], official: bool) -> Encoding:
    """The encoding of a setup; the tutorial's `position` option changes neither the actions
    nor the observation, so it is not part of the key (a Deck is a frozen value)."""
    observer = _Observer(decks, official)
    return Encoding(action_texts(decks, official), len(observer.names), observer,
                    observer.names)
