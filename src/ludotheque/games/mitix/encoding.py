"""MiTiX for the AI adapters: a setup's numbering of action texts and its observations.

A setup's cards are those its paquets hold (or its position names), in the base set's order
(data/cartes.toml); that list fixes both the actions and the observation.

Actions, ids in this order:

    MiTiX vs MiTiX     reveal                          the only action (MX-6)
    FaMiX vs FaMiX     send <card>                     every card that may stand in an
                                                       aréopage: the setup's non-Dieux (MX-15,
                                                       MX-17)
                       down <card>                     the same cards (MX-22)
                       <resource> > <Dieu> [#k]        resources in MX-20 order, then every
                                                       Dieu that may stand on an Olympe, then
                                                       its copies 1..k, k the most copies one
                                                       Olympe can hold (its paquet's count,
                                                       at most the 10 cards drawn, MX-14)

Offrandes go on the other seat's Dieux and Nourritures on one's own (MX-20); the ids are
shared by both seats, so each resource is numbered on the Dieux of either Olympe.

Observation, sides said from the observing seat ("mine", "theirs"), counts divided by the
most copies of one card in the setup (1, or 2 for doubled paquets):

    areopage.<side>.<card>      FaMiX only: both aréopages are face up (MX-14); in MiTiX vs
                                MiTiX they are face down for everyone, owners included (MX-4)
    olympe.<side>.<card>        vivants.<side>.<card>    enfers.<side>.<card>
    engaged.<side>.<card>       cards fighting the current round (a bataille's, MX-22)
    last.<side>.<card>          cards of the last round played (every step of its bataille)
    choice.<card>               the seat's own secret choice, once made (MX-17, MX-22)
    resources.<side>.<Dieu #k>.<resource>   what each Olympe Dieu holds / 4 (MX-20, MX-21)
    phase.<phase>, to_act.<side>, chosen.<side>, rounds / 20
    areopage_size.<side> / 20, vivants_count.<side> / 20, vivants_bios.<side> / 10000
    pile_size / 24, used.<resource> / 4
    to_place.<side>.<resource> / 2, next_place.<side>.<resource>   resources waiting (MX-20)

The resource pile's order, the other seat's secret choice and (MiTiX vs MiTiX) the aréopages
are not in any view, so not here either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ludotheque.core.encoding import Encoding
from ludotheque.core.game import JSON

from .cards import CardSet
from .notation import RESOURCES, Down, Place, Reveal, Send
from .position import COPIES, parse_position
from .rules import AREOPAGE_FAMIX, AREOPAGE_MITIX, PHASES

SIDES = ("mine", "theirs")
ROUNDS_SCALE = AREOPAGE_MITIX  # no duel has more rounds than cards in an aréopage
BIOS_SCALE = 10_000
PILE = COPIES * len(RESOURCES)  # MX-20: 4 of each resource


@dataclass(frozen=True)
class Setup:
    """What a setup may ever show: its cards, the fighters, the Dieux and their copies."""

    famix: bool
    cards: tuple[str, ...]  # every card of the setup, base set order
    fighters: tuple[str, ...]  # cards that may stand in an aréopage (FaMiX)
    olympe_slots: tuple[tuple[str, int], ...]  # (Dieu, copy) that may stand on an Olympe
    copies: int  # the most copies of one card in the setup


def setup_of(card_set: CardSet, famix: bool, paquets: Sequence[Sequence[str]] | None,
             position: str | None) -> Setup:
    """The setup's cards from its two paquets, or from its position (the `position` option)."""
    order = card_set.index
    if position is not None:
        where = parse_position(position)
        olympes = [[dieu for dieu, _ in side] for side in where.olympe]
        areopages: list[Sequence[str]] = list(where.areopage)
        every = [*olympes[0], *olympes[1], *areopages[0], *areopages[1],
                 *where.vivants[0], *where.vivants[1]]
        most = [Counter(o) for o in olympes]
        copies = max(max(Counter(names).values(), default=1) for names in
                     (*olympes, *areopages, *where.vivants))
    else:
        assert paquets is not None
        every = [*paquets[0], *paquets[1]]
        areopages = [[n for n in p if not card_set.dieu[order[n]]] for p in paquets]
        # MX-14: an Olympe holds the Dieux among the 10 cards drawn.
        most = [Counter({n: min(k, AREOPAGE_FAMIX) for n, k in Counter(
            n for n in p if card_set.dieu[order[n]]).items()}) for p in paquets]
        copies = max(max(Counter(p).values()) for p in paquets)
    cards = _in_order(order, every)
    dieux = _in_order(order, [*most[0], *most[1]])
    # Resources exist in FaMiX only (MX-20): MiTiX vs MiTiX numbers no Olympe slot.
    slots = tuple((dieu, k) for dieu in dieux if famix
                  for k in range(1, max(most[0][dieu], most[1][dieu]) + 1))
    return Setup(famix, cards, _in_order(order, [*areopages[0], *areopages[1]]), slots,
                 max(copies, 1))


def _in_order(order: Mapping[str, int], names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(names), key=order.__getitem__))


def _slot_name(dieu: str, copy: int) -> str:
    return dieu if copy == 1 else f"{dieu} #{copy}"


def action_texts(setup: Setup) -> tuple[str, ...]:
    if not setup.famix:
        return (Reveal().text(),)
    return (*(Send(c).text() for c in setup.fighters),
            *(Down(c).text() for c in setup.fighters),
            *(Place(r, dieu, k).text() for r in RESOURCES for dieu, k in setup.olympe_slots))


_CARD_ZONES = ("areopage", "olympe", "vivants", "enfers", "engaged", "last")


def observation_names(setup: Setup) -> tuple[str, ...]:
    names = [f"{zone}.{side}.{card}" for zone in _CARD_ZONES for side in SIDES
             for card in setup.cards]
    names += [f"choice.{card}" for card in setup.cards]
    names += [f"resources.{side}.{_slot_name(dieu, k)}.{r}" for side in SIDES
              for dieu, k in setup.olympe_slots for r in RESOURCES]
    names += [f"phase.{p}" for p in PHASES]
    for key in ("to_act", "chosen", "areopage_size", "vivants_count", "vivants_bios"):
        names += [f"{key}.{side}" for side in SIDES]
    names += ["rounds", "pile_size"]
    names += [f"used.{r}" for r in RESOURCES]
    names += [f"{key}.{side}.{r}" for key in ("to_place", "next_place") for side in SIDES
              for r in RESOURCES]
    return tuple(names)


def _last_cards(last: JSON) -> list[list[str]]:
    """The cards of each seat in the last round's steps (MiTiX: one card a step, FaMiX: a
    list of cards a step)."""
    out: list[list[str]] = [[], []]
    for step in last or ():
        for s in (0, 1):
            played = step["cards"][s]
            out[s] += [played] if isinstance(played, str) else played
    return out


class Observer:
    """`observe(view, seat)` for one setup (a class, so that the card index is built once)."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.index = {card: i for i, card in enumerate(setup.cards)}
        self.slots = {slot: i for i, slot in enumerate(setup.olympe_slots)}

    def _counts(self, names: Iterable[str]) -> list[float]:
        out = [0.0] * len(self.index)
        for name in names:
            out[self.index[name]] += 1.0 / self.setup.copies
        return out

    def _resources(self, olympe: Sequence[str], held: Sequence[Sequence[str]]) -> list[float]:
        out = [0.0] * (len(self.slots) * len(RESOURCES))
        seen: Counter[str] = Counter()
        for dieu, resources in zip(olympe, held, strict=True):
            seen[dieu] += 1  # the "#2" of the notation: copies counted in Olympe order
            base = self.slots[(dieu, seen[dieu])] * len(RESOURCES)
            for r in resources:
                out[base + RESOURCES.index(r)] += 1.0 / COPIES
        return out

    def __call__(self, view: Mapping[str, JSON], seat: int) -> list[float]:
        sides = (seat, 1 - seat)
        famix = view["mode"] == "famix"
        zones: dict[str, Sequence[Sequence[str]]] = {
            "areopage": view["areopage"] if famix else ([], []),
            "olympe": view["olympe"], "vivants": view["vivants"], "enfers": view["enfers"],
            "engaged": view["engaged"] if famix else ([], []),
            "last": _last_cards(view["last"]),
        }
        out: list[float] = []
        for zone in _CARD_ZONES:
            for s in sides:
                out += self._counts(zones[zone][s])
        mine = view.get("my_choice")
        out += self._counts([mine] if mine is not None else [])
        for s in sides:
            if famix:
                out += self._resources(view["olympe"][s], view["resources"][s])
            else:
                out += [0.0] * (len(self.slots) * len(RESOURCES))
        out += [float(view.get("phase") == p) for p in PHASES]
        chosen = view["chosen"] if famix else [False, False]
        out += [float(s in view["to_act"]) for s in sides]
        out += [float(chosen[s]) for s in sides]
        out += [view["areopage_size"][s] / AREOPAGE_MITIX for s in sides]
        out += [len(view["vivants"][s]) / AREOPAGE_MITIX for s in sides]
        out += [view["vivants_bios"][s] / BIOS_SCALE for s in sides]
        out += [view["rounds"] / ROUNDS_SCALE, view.get("pile_size", 0) / PILE]
        used: Counter[str] = Counter(view.get("used", ()))
        out += [used[r] / COPIES for r in RESOURCES]
        waiting = view["to_place"] if famix else ([], [])
        for s in sides:
            out += [waiting[s].count(r) / 2 for r in RESOURCES]
        for s in sides:
            out += [float(bool(waiting[s]) and waiting[s][0] == r) for r in RESOURCES]
        return out


@cache
def encoding_for(card_set: CardSet, famix: bool, paquets: tuple[tuple[str, ...], ...] | None,
                 position: str | None) -> Encoding:
    """The setup's encoding, cached by what decides it: the mode and the cards in play."""
    setup = setup_of(card_set, famix, paquets, position)
    names = observation_names(setup)
    return Encoding(action_texts(setup), len(names), Observer(setup), names)
