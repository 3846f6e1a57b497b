"""The teams' emblems (issue #20, point 5): web/emblems.svg has one emblem per team (sun,
wave, leaf, flame), shown on each Magicien of the team and on the team's heading."""

from __future__ import annotations

from pathlib import Path

from ludotheque.games.diamagique import catalog
from ludotheque.games.diamagique.catalog import CARDS

from ..sprites import check_emblems, emblem_slug

SPRITE = Path(catalog.__file__).parent / "web" / "emblems.svg"


def test_one_emblem_per_team_in_one_colour() -> None:
    equipes = [e.name for e in CARDS.equipes]
    assert len(equipes) == 4
    check_emblems(SPRITE, equipes)
    assert emblem_slug("Cercle de l'Aube") == "cercle-de-l-aube"
