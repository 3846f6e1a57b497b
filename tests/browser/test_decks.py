"""The deck builder in a real browser (issue 22): an illegal paquet gets the engine's message
naming its rule, a legal one is built by clicks, exported and imported; a Diamagique deck
refused for DG-7; a game played to its end with the built paquet."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from ..server.live import LiveServer
from .helpers import as_guest, is_over, play_until


def reveal(page: Page) -> bool:
    button = page.get_by_test_id("mx-reveal")
    if button.count():
        button.click()
        return True
    return False


def test_build_check_export_import_and_play_a_paquet(
        site: LiveServer, contexts: Callable[[], Any], tmp_path: Path) -> None:
    page = as_guest(contexts(), "Bâtisseuse", start="/decks")
    page.get_by_test_id("decks-mitix").click()
    expect(page.get_by_test_id("guest-note")).to_be_visible()
    text = page.get_by_test_id("deck-text")
    verdict = page.get_by_test_id("verdict")
    # An illegal paquet: the engine's message names the rule (MX-3) and the minimum.
    text.fill("5 Zeus\n")
    expect(verdict).to_have_text("Refusé")
    expect(page.get_by_test_id("problems")).to_contain_text("MX-3")
    expect(page.get_by_test_id("problems")).to_contain_text("MiTiX vs MiTiX en demande au "
                                                            "moins 20")
    expect(page.get_by_test_id("formats")).to_contain_text("FaMiX vs FaMiX : Refusé")
    # A legal one, built by clicks on the collection (search, filter, zoom).
    text.fill("")
    page.get_by_test_id("search").fill("cerb")
    card = page.get_by_test_id("card-Cerbère")
    expect(card).to_be_visible()
    assert page.get_by_test_id("cards").locator("li").count() < 10  # the search filters
    card.hover()
    expect(page.get_by_test_id("zoom")).to_contain_text("Bios")
    for _ in range(20):
        card.click()
    expect(text).to_have_value("20 Cerbère")
    expect(verdict).to_have_text("Légal")
    expect(page.get_by_test_id("copies")).to_contain_text("20 × Cerbère")
    expect(page.get_by_test_id("curve").locator(".column")).to_have_count(1)
    page.get_by_test_id("less-Cerbère").click()
    expect(text).to_have_value("19 Cerbère")
    expect(verdict).to_have_text("Refusé")
    page.get_by_test_id("search").fill("")
    page.get_by_test_id("filter-dieu").select_option("Dieu")
    page.get_by_test_id("card-Zeus").click()
    expect(verdict).to_have_text("Légal")
    page.get_by_test_id("deck-name").fill("Gardiens")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("saved")).to_contain_text("navigateur")
    # Export, then import the file into an empty builder: the same paquet, legal.
    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    exported = tmp_path / "gardiens.txt"
    download.value.save_as(exported)
    assert exported.read_text(encoding="utf-8") == "19 Cerbère\n1 Zeus"
    page.get_by_test_id("deck-list").select_option("")
    expect(text).to_have_value("")
    page.get_by_test_id("import").set_input_files(str(exported))
    expect(text).to_have_value("19 Cerbère\n1 Zeus")
    expect(page.get_by_test_id("deck-name")).to_have_value("gardiens")
    expect(verdict).to_have_text("Légal")
    # A game with the built paquet (kept in this browser), against a bot.
    page.goto("/new/mitix?setup=mitix")
    # Random plays at once; it is one of the other engines, under "Options avancées".
    page.get_by_test_id("advanced").locator("summary").click()
    page.get_by_test_id("engine-1").select_option("random")
    page.get_by_test_id("deck-0").select_option("browser")
    page.get_by_test_id("create").click()
    expect(page.get_by_test_id("mx-reveal")).to_be_visible()
    expect(page.get_by_test_id("mx-screen")).to_contain_text("Cerbère")
    play_until([page], reveal, lambda: is_over(page))
    expect(page.get_by_test_id("end")).to_be_visible()


def test_a_diamagique_deck_off_colour_is_refused_naming_dg7(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Mage", start="/decks/diamagique")
    page.get_by_test_id("deck-list").select_option("ready:Aube")
    verdict = page.get_by_test_id("verdict")
    expect(verdict).to_have_text("Légal")
    expect(page.get_by_test_id("counts")).to_contain_text("sorts : 40")
    # Another team: the Sorts of the Aube are off its colours (DG-7).
    page.get_by_test_id("filter-kind").select_option("Équipe")
    page.get_by_test_id("card-Conclave des Marées").click()
    expect(page.get_by_test_id("deck-text")).to_have_value(
        re.compile(r"^Équipe: Conclave des Marées$", re.M))
    expect(verdict).to_have_text("Refusé")
    problems = page.get_by_test_id("problems")
    expect(problems).to_contain_text("DG-7")
    expect(problems).to_contain_text("aucun Magicien de l'équipe n'a cette couleur")
