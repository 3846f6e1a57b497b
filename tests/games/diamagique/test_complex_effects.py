"""What a complex effect reads (DG-5, DG-14, DG-15), on the real cards: a card's measure is
seen from the card, as its text reads, and who is active never changes what an effect reads
(issue 19)."""

from __future__ import annotations

import pytest

from ludotheque.games.diamagique.cards import ChateauData, MagicienData, SortData
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.effects import Cast, Table, resolve
from ludotheque.games.diamagique.texts import effet_text

from .helpers import effet, sort_named, spell, table

MAGICIENS = {m.name: m for m in CARDS.magiciens}


def team(deck: str) -> tuple[MagicienData, ...]:
    return tuple(MAGICIENS[name] for name in CARDS.equipes[CARDS.deck(deck).equipe].magiciens)


def chateau_named(name: str) -> ChateauData:
    return next(c for c in CARDS.chateaux if c.name == name)


def real_table(decks: tuple[str, str], casts: list[tuple[int, int, SortData]], active: int,
               chateau: str | None = None,
               held: tuple[tuple[tuple[str, ...], ...], ...] = (((), (), ()), ((), (), ()))
               ) -> Table:
    """A challenge of the ready-made decks' teams: casts (seat, position 0-2, Sort) in
    casting order."""
    return Table(active, None if chateau is None else chateau_named(chateau),
                 (team(decks[0]), team(decks[1])),
                 tuple(Cast(seat, pos, s, rank) for rank, (seat, pos, s) in enumerate(casts)),
                 held)


# -- "le Sort adverse : − la Puissance du Sort adverse": one Sort named twice -----------------

# The four cards, each with a ready-made deck that holds it, and the deck it is played against.
CONTRAIRES = [("Halo contraire", "Sylves", "Braises"), ("Brûlure", "Aube", "Braises"),
              ("Épines", "Marées", "Braises"), ("Courant contraire", "Braises", "Aube")]


@pytest.mark.parametrize(("name", "deck", "other"), CONTRAIRES,
                         ids=[name for name, *_ in CONTRAIRES])
def test_the_card_text_the_facing_sort_loses_its_own_puissance(name: str, deck: str,
                                                               other: str) -> None:
    """The card's text (DG-4) is its effect: "le Sort adverse" (DG-15, the Sort of the opposing
    Magicien in the same position) loses "la Puissance du Sort adverse", its own: it falls to
    0 in the complex negative step, whoever is active and whichever casts first."""
    card = sort_named(name)
    assert card.effet is not None
    assert effet_text(card.effet, "fr") == "le Sort adverse : − la Puissance du Sort adverse"
    assert effet_text(card.effet, "en") == "the facing Spell: − the facing Spell's Power"
    torrent = sort_named("Torrent de lave")  # the Magiciens in position 2 leave both alone
    for active in (0, 1):
        for casts in ([(0, 1, card), (1, 1, torrent)], [(1, 1, torrent), (0, 1, card)]):
            res = resolve(real_table((deck, other), casts, active))
            assert res.values[4] == 0, (active, casts)
            assert res.values[1] == card.puissance  # the card itself is untouched


def test_issue_19_repro_brulure_against_torrent_de_lave_in_the_manoir_des_lianes() -> None:
    """Aube M2 casts Brûlure, Braises M2 casts Torrent de lave, Château Manoir des lianes: the
    text says 0 (the engine gave 5 - 2 = 3)."""
    casts = [(0, 1, sort_named("Brûlure")), (1, 1, sort_named("Torrent de lave"))]
    res = resolve(real_table(("Aube", "Braises"), casts, 0, "Manoir des lianes"))
    assert res.values[4] == 0
    assert res.totals == (2, 0)


def test_dg14_positive_modifiers_come_after_the_fall_to_zero() -> None:
    """DG-14: the complex negative step (5) comes before the positive one (6): Torrent de lave
    in the Forteresse de braise (+1 to Rouge Sorts) falls to 0, then gets +1."""
    casts = [(0, 1, sort_named("Brûlure")), (1, 1, sort_named("Torrent de lave"))]
    res = resolve(real_table(("Aube", "Braises"), casts, 1, "Forteresse de braise"))
    assert (res.values[1], res.values[4]) == (2 + 1, 0 + 1)  # both Sorts are Rouge


def test_a_copy_still_reads_the_sort_facing_its_own_card() -> None:
    """Reflet fidèle, "ce Sort : + la Puissance du Sort adverse": the Sort facing the card."""
    casts = [(0, 0, sort_named("Reflet fidèle")), (1, 0, sort_named("Onde claire")),
             (1, 1, sort_named("Raz-de-marée"))]
    # Solenne (Aube M1) +1 to her Jaune Sort, Ondine (Marées M1) -1 to the Sort she faces.
    assert resolve(real_table(("Aube", "Marées"), casts, 0)).values[0] == 1 + 4 + 1 - 1


def test_an_effect_on_other_sorts_measures_from_its_own_card() -> None:
    """"les Sorts de l'équipe : + la Puissance du Sort adverse": the Sort facing the card,
    for every Sort of the team (not the Sort facing each of them)."""
    boost = effet(categorie="complexe_positif", source="adverse", cible="allies")
    t = table([(0, 0, spell("Aide", 1, boost)), (0, 1, spell("Ami", 2)),
               (1, 0, spell("Face à l'aide", 3)), (1, 1, spell("Face à l'ami", 6))])
    assert resolve(t).values[:2] == [1 + 3, 2 + 3]


# -- who is active must not matter --------------------------------------------------------------

@pytest.mark.parametrize("active", [0, 1])
def test_dg5_arene_des_duels_applies_to_both_sorts_from_the_same_values(active: int) -> None:
    """DG-5 (the text: the Château "s'applique aux deux joueurs"): Rayon d'aube against Onde
    claire in position 1, each adds the Puissance of the other as it stood: 8-8 (the engine
    gave 8-12 when Aube was active, the second Sort reading the first's new value)."""
    casts = [(active, 0, sort_named("Rayon d'aube") if active == 0 else sort_named("Onde claire")),
             (1 - active, 0,
              sort_named("Onde claire") if active == 0 else sort_named("Rayon d'aube"))]
    res = resolve(real_table(("Aube", "Marées"), casts, active, "Arène des duels"))
    # Solenne (Aube M1) gives +1 to her Jaune Sort, Ondine (Marées M1) -1 to the Sort she faces.
    assert (res.values[0], res.values[3]) == (8 + 1 - 1, 8)


@pytest.mark.parametrize("active", [0, 1])
def test_dg5_bastion_des_marees_applies_to_both_sorts_from_the_same_values(active: int) -> None:
    """Bastion des marées, position 3: Colonne solaire (5) against Pollen lourd (3) read
    together: 5 - 3 = 2 and 3 - 5 -> 0, whoever is active (was 2 and 1 with Aube active)."""
    casts = [(0, 2, sort_named("Colonne solaire")), (1, 2, sort_named("Onde claire"))]
    res = resolve(real_table(("Sylves", "Marées"), casts, active, "Bastion des marées"))
    assert (res.values[2], res.values[5]) == (1, 0)
    t = table([(0, 2, spell("Cinq", 5)), (1, 2, spell("Trois", 3))], active=active,
              chateau=chateau_named("Bastion des marées"))
    assert resolve(t).values[2::3] == [2, 0]


@pytest.mark.parametrize("active", [0, 1])
def test_decision_4_two_copies_facing_each_other_read_the_same_values(active: int) -> None:
    """Reflet fidèle (1) against Reflet d'eau (1): each adds the other's Puissance as the
    complex positive step found it, 2-2 (was 2-3, the second reading the first's result)."""
    casts = [(0, 1, sort_named("Reflet fidèle")), (1, 1, sort_named("Reflet d'eau"))]
    res = resolve(real_table(("Aube", "Marées"), casts, active))
    assert (res.values[1], res.values[4]) == (2, 2)


@pytest.mark.parametrize("active", [0, 1])
def test_decision_4_a_copy_reads_a_diamagique_count_before_it_is_added(active: int) -> None:
    """Reflet d'eau against Forge ancestrale (+1 per Diamagique of the team), both complex
    positive: the copy reads 2, not 2 + 3, whoever is active."""
    casts = [(0, 0, sort_named("Forge ancestrale")), (1, 0, sort_named("Reflet d'eau"))]
    held = ((("Jaune", "Rouge"), ("Bleu",), ()), ((), (), ()))
    res = resolve(real_table(("Braises", "Marées"), casts, active, held=held))
    # Cendre (Braises M1) +1 to her Sort, Ondine (Marées M1) -1 to the Sort she faces.
    assert res.values[0] == 2 + 3 + 1 - 1
    assert res.values[3] == 1 + 2


@pytest.mark.parametrize("active", [0, 1])
def test_dg14_the_chateau_reads_what_the_sorts_left_in_its_category(active: int) -> None:
    """DG-14: within a category the Château's effect comes last. Halo contraire makes the
    Sort it faces fall to 0, then the Bastion reads that 0: Halo 2 - 0 = 2, the other 0."""
    casts = [(0, 2, sort_named("Halo contraire")), (1, 2, sort_named("Torrent de lave"))]
    res = resolve(real_table(("Sylves", "Braises"), casts, active, "Bastion des marées"))
    # Ronce (Sylves M3) -1 on the Sort he faces; Orage (Braises M3) +1 in a Bleu Château.
    assert (res.values[2], res.values[5]) == (2, 0 + 1 - 1)


def test_who_is_active_never_changes_two_facing_sorts_of_the_set() -> None:
    """Every pair of the set's Sorts whose effect reads another Sort or a count (complex,
    DG-14 steps 4 and 5), with a plain Sort, facing each other in each position, under each
    Château (and none) whose effect does not ask who is active: swapping the active player,
    and so the order DG-14 applies their effects in, changes neither final Puissance
    (issue 19)."""
    chateaux: list[str | None] = [None] + [c.name for c in CARDS.chateaux
                                           if c.effet.si.actif is None]
    sorts = [s for s in CARDS.sorts if s.effet is not None and s.effet.source is not None]
    sorts.append(sort_named("Torrent de lave"))
    for chateau in chateaux:
        for position in range(3):
            for mine in sorts:
                for theirs in sorts:
                    casts = [(0, position, mine), (1, position, theirs)]
                    a = resolve(real_table(("Aube", "Marées"), casts, 0, chateau)).values
                    b = resolve(real_table(("Aube", "Marées"), casts, 1, chateau)).values
                    assert a == b, (chateau, position + 1, mine.name, theirs.name, a, b)
