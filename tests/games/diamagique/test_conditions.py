"""The Sorts that read the caster's Diamagiques and colour (docs/rules/diamagique.md,
decision 18; DG-14, DG-17): each condition of the effect language has two cards, and each
card does what its text says on the real teams."""

from __future__ import annotations

from ludotheque.games.diamagique.effects import resolve
from ludotheque.games.diamagique.texts import effet_text

from .helpers import sort_named
from .test_complex_effects import real_table

NONE: tuple[tuple[str, ...], ...] = ((), (), ())


def alone(deck: str, position: int, name: str,
          held: tuple[tuple[str, ...], ...] = NONE) -> int:
    """The final Puissance of one Sort cast from `position` of the deck's team, its team
    holding `held` (Diamagique colours per Magicien), no Château, nothing facing it."""
    res = resolve(real_table((deck, "Aube"), [(0, position, sort_named(name))], 0,
                             held=(held, NONE)))
    value = res.values[position]  # indexed seat * 3 + position
    assert value is not None
    return value


def test_the_six_cards_say_their_condition() -> None:
    texts = {name: (effet_text(card.effet, "fr"), effet_text(card.effet, "en"))
             for name in ("Trophée de braise", "Trophée de sève", "Fournaise des conquêtes",
                          "Ronces des conquêtes", "Appel du givre", "Appel de l'ambre")
             if (card := sort_named(name)).effet is not None}
    assert len(texts) == 6
    assert texts["Trophée de braise"] == (
        "ce Sort : +3 si son Magicien détient un Diamagique Rouge",
        "this Spell: +3 if its Wizard holds a Red Diamagique")
    assert texts["Fournaise des conquêtes"] == (
        "ce Sort : + 2 par Diamagique de son Magicien",
        "this Spell: + 2 per Diamagique on its Wizard")
    assert texts["Appel du givre"] == ("ce Sort : +2 si lancé par un Magicien Bleu",
                                       "this Spell: +2 if cast by a Blue Wizard")


def test_a_diamagique_of_its_colour_on_its_own_magicien() -> None:
    # Braises, position 2 (Givre l'Austère: x2 for a Caché Sort only): 2, +3 with a Rouge.
    assert alone("Braises", 1, "Trophée de braise") == 2
    assert alone("Braises", 1, "Trophée de braise", ((), ("Rouge",), ())) == 5
    assert alone("Braises", 1, "Trophée de braise", ((), ("Bleu", "Vert"), ())) == 2
    # A Rouge Diamagique on another Magicien of the team does not count.
    assert alone("Braises", 1, "Trophée de braise", (("Rouge",), (), ("Rouge",))) == 2
    # Sylves, position 3 (Ronce l'Épineux acts on the facing Sort only).
    assert alone("Sylves", 2, "Trophée de sève", ((), (), ("Vert",))) == 5
    assert alone("Sylves", 2, "Trophée de sève", ((), (), ("Jaune",))) == 2


def test_two_per_diamagique_on_its_own_magicien() -> None:
    assert alone("Braises", 1, "Fournaise des conquêtes") == 1
    assert alone("Braises", 1, "Fournaise des conquêtes", ((), ("Rouge", "Bleu"), ())) == 5
    assert alone("Braises", 1, "Fournaise des conquêtes", (("Rouge",) * 3, (), ())) == 1
    assert alone("Sylves", 2, "Ronces des conquêtes", ((), (), ("Vert",) * 3)) == 7


def test_cast_by_a_magicien_of_its_colour() -> None:
    # Braises: Cendre (Rouge, +1 to her Sorts), Givre (Bleu), Orage (Rouge and Bleu).
    assert [alone("Braises", p, "Appel du givre") for p in range(3)] == [3 + 1, 5, 5]
    # Sylves: Mousse (Vert, +1 to Vert Sorts), Ambre (Jaune), Ronce (Vert and Jaune).
    assert [alone("Sylves", p, "Appel de l'ambre") for p in range(3)] == [3, 5, 5]
