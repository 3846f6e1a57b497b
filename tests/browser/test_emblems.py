"""The emblems in a real browser (issue #20, point 5): a MiTiX card and its family's heading
show the family's emblem, a Diamagique Magicien and its team's heading the team's emblem:
each a <use> of the screen's emblems.svg at the name's slug, whose drawing really renders
(a non-empty box: a wrong id or a missing file draws nothing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from ludotheque.games.mitix.cards import load_base_set

from ..games.sprites import emblem_slug
from ..server.live import LiveServer
from .helpers import as_guest, create

pytestmark = pytest.mark.browser


def drawn_box(use: Locator) -> dict[str, float]:
    """The rendered box of a <use>, once the sprite it points into has loaded."""
    use.page.wait_for_function(
        "u => { const b = u.getBBox(); return b.width > 0 && b.height > 0; }",
        arg=use.element_handle(), timeout=10_000)
    box: dict[str, float] = use.evaluate(
        "u => { const b = u.getBBox(); return { width: b.width, height: b.height }; }")
    return box


def emblem_of(page: Page, use: Locator, sprite: str, name: str) -> None:
    href = use.get_attribute("href") or ""
    assert href == f"/screens/{sprite}/emblems.svg#{emblem_slug(name)}"
    box = drawn_box(use)
    assert box["width"] > 4 and box["height"] > 4


def test_a_mitix_card_shows_its_family_emblem(site: LiveServer,
                                              contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Iris")
    create(page, ["me", "bot:random"], game="mitix", setup="famix")
    card = page.locator('[data-testid="mx-areopage-0"] [data-card]').first
    expect(card).to_be_visible()
    cards = load_base_set()
    name = card.get_attribute("data-card") or ""
    famille = cards.familles[cards.famille[cards.names.index(name)]]
    emblem_of(page, card.locator("svg.mx-face use.emblem"), "mitix", famille)
    # The family's colour reaches the drawing: the card's frame and the emblem agree.
    band = card.locator("svg.mx-face > rect").first.get_attribute("stroke")
    colour = card.locator("svg.mx-face use.emblem").evaluate("u => getComputedStyle(u).color")
    assert band and colour == "rgb({}, {}, {})".format(
        *(int(band[i:i + 2], 16) for i in (1, 3, 5)))
    # The heading of the family's group in the open aréopage (FaMiX) wears it too.
    head = page.locator('[data-testid="mx-areopage-0"] .mx-family-head').first
    emblem_of(page, head.locator("use.emblem"), "mitix",
              head.locator("span").first.inner_text().strip())


def test_a_magicien_shows_its_team_emblem(site: LiveServer,
                                          contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Noé")
    create(page, ["me", "bot:random"], game="diamagique", setup="Sylves-Aube-officiel")
    expect(page.get_by_test_id("dg-screen")).to_be_visible()
    for seat, team in ((0, "Confrérie des Sylves"), (1, "Cercle de l'Aube")):
        zone = page.get_by_test_id(f"dg-team-{seat}")
        wizards = zone.locator(".dg-wizard-card")
        expect(wizards).to_have_count(3)
        for i in range(3):
            emblem_of(page, wizards.nth(i).locator("use.emblem"), "diamagique", team)
        emblem_of(page, zone.locator(".dg-team-name use.emblem"), "diamagique", team)
