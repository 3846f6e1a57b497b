"""The modifier pipeline (DG-14, DG-15, DG-16): effects as data, applied in the text's order."""

from __future__ import annotations

import pytest

from ludotheque.games.diamagique.cards import CATEGORIES, ChateauData
from ludotheque.games.diamagique.effects import resolve

from .helpers import effet, spell, table, wizard

AMOUNTS: dict[str, dict[str, object]] = {
    "valeur": {"montant": 2}, "multiplicateur": {"montant": 2}, "diviseur": {"montant": 2},
    "complexe_positif": {"source": "adverse"}, "complexe_negatif": {"source": "adverse"},
    "positif": {"montant": 1}, "negatif": {"montant": 1}, "puissance_modifiee": {"montant": 4},
}

# (first category, second category, what the second touches, base of the target Sort,
#  Puissance of the facing Sort, the target's final Puissance in the text's order).
# The first effect is on the target Sort itself; the second comes from an allied Sort and
# touches the target ("cible") or the facing Sorts ("adverse"). Effects: valeur -> 2, x2, /2,
# + facing Sort's Puissance, - facing Sort's Puissance, +1, -1, modified Puissance = 4.
PAIRS = [
    ("valeur", "multiplicateur", "cible", 5, 3, 4),              # 2 x2 = 4 (not 10 -> 2)
    ("valeur", "diviseur", "cible", 5, 3, 1),                    # 2 /2 = 1
    ("valeur", "complexe_positif", "cible", 5, 3, 5),            # 2 +3 = 5
    ("valeur", "complexe_negatif", "cible", 5, 3, 0),            # 2 -3 -> 0
    ("valeur", "positif", "cible", 5, 3, 3),                     # 2 +1
    ("valeur", "negatif", "cible", 5, 3, 1),                     # 2 -1
    ("valeur", "puissance_modifiee", "cible", 5, 3, 4),          # 2, then = 4
    ("multiplicateur", "diviseur", "cible", 5, 3, 5),            # 10 /2 = 5 (not 2 x2 = 4)
    ("multiplicateur", "complexe_positif", "cible", 5, 3, 13),   # 10 +3 (not 8 x2)
    ("multiplicateur", "complexe_negatif", "cible", 5, 3, 7),    # 10 -3 (not 2 x2)
    ("multiplicateur", "positif", "cible", 5, 3, 11),            # 10 +1 (not 6 x2)
    ("multiplicateur", "negatif", "cible", 5, 3, 9),             # 10 -1 (not 4 x2)
    ("multiplicateur", "puissance_modifiee", "cible", 5, 3, 4),  # = 4 last (not 4 x2)
    ("diviseur", "complexe_positif", "cible", 5, 3, 5),          # 2 +3 (not 8 /2)
    ("diviseur", "complexe_negatif", "cible", 5, 3, 0),          # 2 -3 -> 0 (not 2 /2)
    ("diviseur", "positif", "cible", 4, 3, 3),                   # 2 +1 (not 5 /2 = 2)
    ("diviseur", "negatif", "cible", 5, 3, 1),                   # 2 -1 (not 4 /2)
    ("diviseur", "puissance_modifiee", "cible", 5, 3, 4),        # = 4 last (not 4 /2)
    ("complexe_positif", "complexe_negatif", "cible", 2, 5, 2),  # 7 -5 (not 0 +5)
    ("complexe_positif", "positif", "adverse", 5, 3, 8),         # reads 3 before it gets +1
    ("complexe_positif", "negatif", "cible", 0, 3, 2),           # 3 -1 (not 0 -> 0 +3)
    ("complexe_positif", "puissance_modifiee", "cible", 5, 3, 4),
    ("complexe_negatif", "positif", "cible", 2, 5, 1),           # 0 +1 (not 3 -5 -> 0)
    ("complexe_negatif", "negatif", "adverse", 5, 3, 2),         # reads 3 before it gets -1
    ("complexe_negatif", "puissance_modifiee", "cible", 5, 3, 4),
    ("positif", "negatif", "cible", 0, 3, 0),                    # 1 -1 (not 0 -> 0 +1)
    ("positif", "puissance_modifiee", "cible", 5, 3, 4),
    ("negatif", "puissance_modifiee", "cible", 5, 3, 4),
]


def _target_after(first: str, second: str, on: str, base: int, facing: int,
                  order: tuple[str, ...]) -> int | None:
    own = effet(categorie=first, **AMOUNTS[first])
    if on == "cible":
        other = effet(categorie=second, cible="allies", si={"position": [1]},
                      **AMOUNTS[second])
    else:
        other = effet(categorie=second, cible="adversaires", **AMOUNTS[second])
    # A complex effect measures from its own card: "Aide" faces a Sort of the same Puissance,
    # so that its "Sort adverse" is worth what the target's is.
    t = table([(0, 0, spell("Cible", base, own)), (0, 1, spell("Aide", 0, other)),
               (1, 0, spell("Adverse", facing)), (1, 1, spell("Face à l'aide", facing))])
    return resolve(t, order).values[0]


def test_dg14_the_table_covers_every_pair_of_categories() -> None:
    # Pins DG-14.
    pairs = {(a, b) for a, b, *_ in PAIRS}
    assert len(pairs) == 28
    assert all(CATEGORIES.index(a) < CATEGORIES.index(b) for a, b in pairs)


@pytest.mark.parametrize(("first", "second", "on", "base", "facing", "expected"), PAIRS,
                         ids=[f"{a}-{b}" for a, b, *_ in PAIRS])
def test_dg14_each_pair_of_categories_in_the_wrong_order_gives_another_total(
        first: str, second: str, on: str, base: int, facing: int, expected: int) -> None:
    """DG-14: the text's order gives `expected`; swapping the two categories does not."""
    right = _target_after(first, second, on, base, facing, CATEGORIES)
    swapped = list(CATEGORIES)
    i, j = swapped.index(first), swapped.index(second)
    swapped[i], swapped[j] = second, first
    wrong = _target_after(first, second, on, base, facing, tuple(swapped))
    assert right == expected
    assert wrong != right


def test_dg14_within_a_category_active_player_first_then_the_other_then_the_chateau() -> None:
    """DG-14: same category, the active player's effects, each side in casting order, the
    Château's last. Three 'valeur' effects on one Sort: the last applied wins."""
    sets_to = [effet(categorie="valeur", montant=n, cible="tous", si={"position": [3]})
               for n in (1, 2, 3)]
    castle = ChateauData(name="Essai", couleurs=("Vert",), effet=sets_to[2])
    for active in (0, 1):
        t = table([(1, 0, spell("Un", 0, sets_to[0])), (0, 0, spell("Deux", 0, sets_to[1])),
                   (active, 2, spell("Cible", 6))], active=active, chateau=castle)
        res = resolve(t)
        assert res.values[active * 3 + 2] == 3
        order = [s.source for s in res.steps]
        first = "Deux" if active == 0 else "Un"
        second = "Un" if active == 0 else "Deux"
        assert order == [first, second, "Essai"]


def test_dg14_a_spell_never_drops_below_zero() -> None:
    # Pins DG-14.
    minus = effet(categorie="negatif", montant=5, cible="adverse")
    t = table([(0, 0, spell("Faible", 2)), (1, 0, spell("Épine", 1, minus))])
    res = resolve(t)
    assert res.values[0] == 0
    assert res.totals == (0, 1)


def test_dg14_dividers_round_down() -> None:
    # Pins DG-14.
    half = effet(categorie="diviseur", montant=2)
    res = resolve(table([(0, 0, spell("Impair", 5, half))]))
    assert res.values[0] == 2


def test_dg14_negative_floor_applies_at_each_step_decision() -> None:
    """Decision: the floor at 0 holds after every step, so -3 then +2 leaves 2, not 0."""
    # Pins DG-14.
    minus = effet(categorie="complexe_negatif", source="adverse")
    plus = effet(categorie="positif", montant=2)
    res = resolve(table([(0, 0, spell("Cible", 1, minus)), (1, 0, spell("Fort", 4)),
                         (0, 1, spell("Aide", 0, effet(categorie="positif", montant=2,
                                                       cible="allies",
                                                       si={"position": [1]})))]))
    assert plus.montant == 2
    assert res.values[0] == 2


def test_dg15_le_magicien_adverse_is_the_opponent_in_the_same_position() -> None:
    """DG-15: an effect on "le Sort adverse" hits the opponent's Sort in the same position."""
    to_zero = effet(categorie="valeur", montant=0, cible="adverse")
    t = table([(0, 1, spell("Gel", 1, to_zero)), (1, 0, spell("Un", 4)),
               (1, 1, spell("Deux", 4)), (1, 2, spell("Trois", 4))])
    res = resolve(t)
    assert res.values[3:6] == [4, 0, 4]


def test_dg15_complex_source_adverse_reads_the_facing_spell() -> None:
    # Pins DG-15.
    copy = effet(categorie="complexe_positif", source="adverse")
    t = table([(0, 2, spell("Miroir", 1, copy)), (1, 0, spell("Loin", 6)),
               (1, 2, spell("Face", 3))])
    assert resolve(t).values[2] == 4


def test_dg16_a_team_total_is_the_sum_of_its_final_puissances() -> None:
    # Pins DG-16.
    t = table([(0, 0, spell("A", 3)), (1, 0, spell("B", 2)), (0, 1, spell("C", 4)),
               (0, 2, spell("D", 0))])
    assert resolve(t).totals == (7, 2)


def test_dg3_a_magicien_acts_on_its_own_spell_and_on_the_spell_it_faces() -> None:
    """DG-3: abilities act on the Sort the Magicien casts (ce_sort) or faces (adverse)."""
    boost = wizard("Soutien", effet(categorie="positif", montant=2))
    curse = wizard("Malédiction", effet(categorie="negatif", montant=1, cible="adverse"))
    wizards = ([boost, wizard("A1"), wizard("A2")], [wizard("B0"), curse, wizard("B2")])
    t = table([(0, 0, spell("X", 3)), (0, 1, spell("Y", 3)), (1, 0, spell("Z", 3))],
              wizards=wizards)
    assert resolve(t).values[:3] == [5, 2, None]


def test_decision_a_magicien_that_cast_nothing_still_acts_on_the_spell_it_faces() -> None:
    curse = wizard("Malédiction", effet(categorie="negatif", montant=2, cible="adverse"))
    wizards = ([wizard("A0"), wizard("A1"), wizard("A2")], [curse, wizard("B1"), wizard("B2")])
    t = table([(0, 0, spell("X", 3))], wizards=wizards)
    assert resolve(t).values[0] == 1


def test_decision_a_magiciens_ability_applies_just_before_its_own_spells_effect() -> None:
    """Same category, same cast: the Magicien's ability first, then the Sort's effect."""
    wiz = wizard("Fixe", effet(categorie="valeur", montant=1))
    wizards = ([wiz, wizard("A1"), wizard("A2")], [wizard("B0"), wizard("B1"), wizard("B2")])
    t = table([(0, 0, spell("Propre", 5, effet(categorie="valeur", montant=3)))],
              wizards=wizards)
    res = resolve(t)
    assert [s.source for s in res.steps] == ["Fixe", "Propre"]
    assert res.values[0] == 3


@pytest.mark.parametrize(("condition", "holds"), [
    ({"couleur": ["Rouge"]}, True), ({"couleur": ["Bleu"]}, False),
    ({"cache": True}, True), ({"cache": False}, False),
    ({"position": [2]}, True), ({"position": [1, 3]}, False),
    ({"chateau": ["Vert"]}, True), ({"chateau": ["Jaune"]}, False),
    ({"actif": True}, True), ({"actif": False}, False),
    ({"diamagiques_min": 3}, True), ({"diamagiques_min": 4}, False),
    ({"diamagiques_couleur": "Bleu"}, True), ({"diamagiques_couleur": "Jaune"}, False),
    ({"magicien_couleur": ["Rouge"]}, True), ({"magicien_couleur": ["Vert"]}, False),
])
def test_dg4_effect_conditions_on_colours_positions_cache_and_diamagiques(
        condition: dict[str, object], holds: bool) -> None:
    """DG-4/DG-14: the effect language's conditions, each on its own."""
    plus = effet(categorie="positif", montant=10, si=condition)
    castle = ChateauData(name="Vert", couleurs=("Vert",),
                         effet=effet(categorie="positif", montant=1, cible="tous",
                                     si={"position": [3]}))
    red = wizard("Rouge", couleurs=("Rouge",))
    wizards = ([wizard("A0"), red, wizard("A2")], [wizard("B0"), wizard("B1"), wizard("B2")])
    t = table([(0, 1, spell("Cible", 1, plus, couleurs=("Rouge",), cache=True))],
              chateau=castle, wizards=wizards, held=(((), ("Bleu", "Vert"), ("Jaune",)),
                                                     ((), (), ())))
    assert resolve(t).values[1] == (11 if holds else 1)


@pytest.mark.parametrize(("source", "gain"), [
    ("adverse", 4), ("allies", 2 + 5), ("adversaires", 4 + 1), ("diamagiques", 3),
    ("diamagiques_magicien", 2),
])
def test_dg14_complex_sources(source: str, gain: int) -> None:
    # Pins DG-14.
    plus = effet(categorie="complexe_positif", source=source)
    t = table([(0, 1, spell("Cible", 1, plus)), (0, 0, spell("Ami", 2)), (0, 2, spell("Ami2", 5)),
               (1, 1, spell("Face", 4)), (1, 2, spell("Autre", 1))],
              held=(((), ("Bleu", "Vert"), ("Jaune",)), ((), (), ())))
    assert resolve(t).values[1] == 1 + gain


@pytest.mark.parametrize("active", [0, 1])
def test_decision_complex_effects_of_a_category_read_the_same_values(active: int) -> None:
    """Within one category the two players' complex effects read the Puissances as the
    category found them, together: two Sorts that each add the facing Sort's Puissance give
    1 + 2 and 2 + 1, whoever is active (issue 19: was 3 and 5 with seat 0 active)."""
    # Pins DG-14 (order of the categories) and decision 4.
    copy = effet(categorie="complexe_positif", source="adverse")
    t = table([(0, 0, spell("Premier", 1, copy)), (1, 0, spell("Second", 2, copy))],
              active=active)
    res = resolve(t)
    assert (res.values[0], res.values[3]) == (3, 3)


@pytest.mark.parametrize("active", [0, 1])
def test_dg5_a_chateau_effect_on_both_sorts_reads_them_together(active: int) -> None:
    """Arène des duels: each Sort in position 1 adds the Puissance of the Sort it faces, both
    from the same values (DG-5: the Château applies to both players): 2 + 5 and 5 + 2, whoever
    is active (issue 19: was 7 and 12, the second reading the first's new value)."""
    arena = ChateauData(name="Arène", couleurs=("Rouge",),
                        effet=effet(categorie="complexe_positif", source="adverse", cible="tous",
                                    si={"position": [1]}))
    t = table([(1, 0, spell("Cinq", 5)), (0, 0, spell("Deux", 2))], active=active,
              chateau=arena)
    values = resolve(t).values
    assert (values[0], values[3]) == (7, 7)
