"""The modifier pipeline of a challenge (DG-14): effects as data, applied in the text's order.

Every effect (a Magicien's ability, a Sort's modifier, the Château's effect) is an `Effet`
value; this module is the only interpreter of that language. No card is a special case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import CATEGORIES, ChateauData, Effet, MagicienData, SortData

SLOTS = 6  # seat * 3 + position


@dataclass(frozen=True, slots=True)
class Cast:
    """A Sort on the table: who cast it, from which position (0-2), in which order."""

    seat: int
    position: int
    sort: SortData
    rank: int  # 0 for the first cast of the turn, then 1, 2 ...

    @property
    def slot(self) -> int:
        return self.seat * 3 + self.position


@dataclass(frozen=True)
class Table:
    """Everything a challenge's resolution depends on."""

    active: int
    chateau: ChateauData | None
    magiciens: tuple[tuple[MagicienData, ...], tuple[MagicienData, ...]]
    casts: tuple[Cast, ...]
    held: tuple[tuple[tuple[str, ...], ...], ...]  # held[seat][position]: Diamagique colours


@dataclass(frozen=True, slots=True)
class Source:
    """An effect waiting to be applied, with where it comes from."""

    kind: str  # "magicien", "sort" or "chateau"
    name: str
    seat: int | None  # None for the Château
    position: int | None  # the position of the Magicien that carries or cast it
    effet: Effet
    key: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Step:
    """One application of one effect to one Sort: the Puissance before and after."""

    source_kind: str
    source: str
    category: str
    seat: int
    position: int
    sort: str
    before: int
    after: int

    def to_json(self) -> dict[str, object]:
        return {"source_kind": self.source_kind, "source": self.source,
                "category": self.category, "seat": self.seat, "position": self.position + 1,
                "sort": self.sort, "before": self.before, "after": self.after}


@dataclass
class Resolution:
    base: list[int | None]
    values: list[int | None]
    steps: list[Step] = field(default_factory=list)

    def total(self, seat: int) -> int:
        # DG-16: a team's total is the sum of its Sorts' final Puissance.
        return sum(v for v in self.values[seat * 3:seat * 3 + 3] if v is not None)

    @property
    def totals(self) -> tuple[int, int]:
        return self.total(0), self.total(1)


def sources(table: Table) -> list[Source]:
    """Every effect in play, sorted in the order DG-14 applies them."""
    out: list[Source] = []
    order = {c: i for i, c in enumerate(CATEGORIES)}
    for side, seat in enumerate((table.active, 1 - table.active)):
        mine = sorted((c for c in table.casts if c.seat == seat), key=lambda c: c.rank)
        cast_positions = {c.position for c in mine}
        rank = 0
        for c in mine:
            # Decision: a Magicien's ability comes just before the Sort it casts.
            wizard = table.magiciens[seat][c.position]
            out.append(Source("magicien", wizard.name, seat, c.position, wizard.effet,
                              (order[wizard.effet.categorie], side, rank)))
            rank += 1
            if c.sort.effet is not None:
                out.append(Source("sort", c.sort.name, seat, c.position, c.sort.effet,
                                  (order[c.sort.effet.categorie], side, rank)))
            rank += 1
        for position, wizard in enumerate(table.magiciens[seat]):
            # Decision: a Magicien that cast nothing still acts on the Sort it faces.
            if position not in cast_positions:
                out.append(Source("magicien", wizard.name, seat, position, wizard.effet,
                                  (order[wizard.effet.categorie], side, rank)))
                rank += 1
    if table.chateau is not None:
        # DG-14: within a category, the Château's effect comes last.
        out.append(Source("chateau", table.chateau.name, None, None, table.chateau.effet,
                          (order[table.chateau.effet.categorie], 2, 0)))
    out.sort(key=lambda s: s.key)
    return out


def resolve(table: Table, category_order: Sequence[str] = CATEGORIES) -> Resolution:
    """Apply every modifier, category by category, in `category_order` (DG-14's by default:
    tests pass another order to show that the order changes the outcome)."""
    values: list[int | None] = [None] * SLOTS
    cast_at: list[Cast | None] = [None] * SLOTS
    for c in table.casts:
        values[c.slot] = c.sort.puissance
        cast_at[c.slot] = c
    base = list(values)
    result = Resolution(base, values)
    rank_of = {name: i for i, name in enumerate(category_order)}
    ordered = sorted(sources(table),
                     key=lambda s: (rank_of[s.effet.categorie], s.key[1], s.key[2]))
    # Targets in a stable order: the active player's Sorts first, each side in casting order.
    target_order = sorted(table.casts, key=lambda c: (c.seat != table.active, c.rank))
    # What complex effects read (decision 4): within a category, the two players' cards read
    # the Puissances as the category found them, together, so who is active does not matter;
    # the Château comes after them (DG-14) and reads what they left, for both players at once
    # (DG-5, the text: "s'applique aux deux joueurs").
    read: list[int | None] = list(values)
    group: tuple[str, bool] | None = None
    for src in ordered:
        if (src.effet.categorie, src.seat is None) != group:
            group = (src.effet.categorie, src.seat is None)
            read = list(values)
        for target in _targets(src, target_order, cast_at):
            if not _holds(src.effet, target, table):
                continue
            before = values[target.slot]
            assert before is not None
            after = _apply(src, before, target, read, table)
            # DG-14: a Sort's Puissance never drops below 0.
            after = max(0, after)
            values[target.slot] = after
            result.steps.append(Step(src.kind, src.name, src.effet.categorie, target.seat,
                                     target.position, target.sort.name, before, after))
    return result


def _targets(src: Source, casts: Sequence[Cast], cast_at: Sequence[Cast | None]) -> list[Cast]:
    cible = src.effet.cible
    if cible == "tous":
        return list(casts)
    assert src.seat is not None and src.position is not None
    if cible == "ce_sort":
        own = cast_at[src.seat * 3 + src.position]
        return [own] if own is not None else []
    if cible == "adverse":
        # DG-15: "le Magicien adverse" is the opponent's Magicien in the same position.
        facing = cast_at[(1 - src.seat) * 3 + src.position]
        return [facing] if facing is not None else []
    if cible == "allies":
        return [c for c in casts if c.seat == src.seat]
    return [c for c in casts if c.seat != src.seat]  # adversaires


def _holds(effet: Effet, target: Cast, table: Table) -> bool:
    si = effet.si
    if si.couleur is not None and not set(si.couleur).intersection(target.sort.couleurs):
        return False
    if si.cache is not None and si.cache != target.sort.cache:
        return False
    if si.position is not None and target.position + 1 not in si.position:
        return False
    if si.chateau is not None and (table.chateau is None
                                   or not set(si.chateau).intersection(table.chateau.couleurs)):
        return False
    if si.actif is not None and si.actif != (target.seat == table.active):
        return False
    held = table.held[target.seat]
    if si.diamagiques_min is not None and sum(len(h) for h in held) < si.diamagiques_min:
        return False
    if si.diamagiques_couleur is not None and si.diamagiques_couleur not in held[target.position]:
        return False
    wizard = table.magiciens[target.seat][target.position]
    return si.magicien_couleur is None or bool(
        set(si.magicien_couleur).intersection(wizard.couleurs))


def _apply(src: Source, before: int, target: Cast, read: Sequence[int | None],
           table: Table) -> int:
    effet = src.effet
    cat = effet.categorie
    amount = effet.factor
    if cat in ("valeur", "puissance_modifiee"):
        return amount
    if cat == "multiplicateur":
        return before * amount
    if cat == "diviseur":
        return before // amount  # DG-14: dividers round down
    if cat == "positif":
        return before + amount
    if cat == "negatif":
        return before - amount
    # A complex effect's measure is seen from the card that carries it, as its text reads:
    # Brûlure's "le Sort adverse : − la Puissance du Sort adverse" names one Sort twice. A
    # Château has no side: it measures from each Sort it modifies (DG-5).
    if src.seat is None or src.position is None:
        seat, position = target.seat, target.position
    else:
        seat, position = src.seat, src.position
    gained = amount * _measure(effet, seat, position, read, table)
    return before + gained if cat == "complexe_positif" else before - gained


def _measure(effet: Effet, seat: int, position: int, read: Sequence[int | None],
             table: Table) -> int:
    """What `effet.source` is worth seen from the Magicien in `position` of `seat`."""
    source = effet.source
    if source == "adverse":
        facing = read[(1 - seat) * 3 + position]  # DG-15
        return facing or 0
    if source == "allies":
        return sum(v for i, v in enumerate(read[seat * 3:seat * 3 + 3])
                   if v is not None and i != position)
    if source == "adversaires":
        return sum(v for v in read[(1 - seat) * 3:(1 - seat) * 3 + 3] if v is not None)
    if source == "diamagiques":
        return sum(len(h) for h in table.held[seat])
    return len(table.held[seat][position])  # diamagiques_magicien
