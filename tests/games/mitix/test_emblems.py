"""The families' emblems (issue #20, point 5): web/emblems.svg has one emblem per family of
the base set, shown on the cards' faces and the family chips in the family's colour."""

from __future__ import annotations

from pathlib import Path

from ludotheque.games.mitix.cards import load_base_set

from ..sprites import check_emblems, emblem_slug

SPRITE = Path(load_base_set.__code__.co_filename).parent / "web" / "emblems.svg"


def test_one_emblem_per_family_in_one_colour() -> None:
    familles = list(load_base_set().familles)
    assert len(familles) == 10
    check_emblems(SPRITE, familles)


def test_the_ids_are_the_family_names_in_ascii() -> None:
    assert emblem_slug("Royaume d'Hadès") == "royaume-d-hades"
    assert emblem_slug("Labyrinthe de Crète") == "labyrinthe-de-crete"
