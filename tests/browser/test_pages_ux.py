"""The pages around the games, as a newcomer meets them (issue #20: the new-game form, the
lessons, card zoom, the replay viewer, the words): each point pinned in a real Chromium at
1366x768 (and a phone, 390x844), with screenshots in test-artifacts/browser/pages/ (the
ones in docs/screens/ are these, made smaller)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from ludotheque.store import Store

from ..server.live import LiveServer
from .helpers import as_guest

PAGES = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser" / "pages"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


def shoot(page: Page, name: str) -> None:
    """The window as a person sees it, at both sizes."""
    PAGES.mkdir(parents=True, exist_ok=True)
    for label, size in (("1366x768", DESKTOP), ("390x844", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        page.screenshot(path=str(PAGES / f"{name}-{label}.png"))
    page.set_viewport_size(DESKTOP)


def test_the_new_game_form_gives_a_newcomer_a_game_against_bot_moyen_with_decisions(
        contexts: object, site: LiveServer) -> None:
    context = contexts()  # type: ignore[operator]
    page = as_guest(context, "Nina")
    page.set_viewport_size(DESKTOP)
    page.goto("/new/mitix")
    expect(page.get_by_test_id("seat-1")).to_have_value("bot:moyen")
    expect(page.locator("select[name=opt_mode]")).to_have_value("famix")
    # The engine's fields are folded away until asked for.
    advanced = page.get_by_test_id("advanced")
    expect(advanced).not_to_have_attribute("open", re.compile(".*"))
    for hidden in ("[name=opt_paquets]", "[name=opt_position]", "[name=engine_1]"):
        expect(page.locator(hidden)).to_be_hidden()
    assert page.get_by_test_id("seat-1").locator("option[value='bot:random']").count() == 0
    shoot(page, "new-game")
    advanced.locator("summary").click()
    expect(page.locator("[name=opt_paquets]")).to_be_visible()
    expect(page.get_by_test_id("engine-1")).to_be_visible()
    advanced.locator("summary").click()
    # A plain "Créer la partie": a FaMiX game against Bot Moyen, live at once.
    page.get_by_test_id("create").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    gid = page.url.rsplit("/", 1)[1]
    store = Store(site.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        assert row.options["mode"] == "famix" and row.status == "live"
        assert [s.get("kind") for s in row.seats] == ["human", "bot"]
        assert row.seats[1]["bot"] == "moyen"
    finally:
        store.close()
    # Every game's form starts on Bot Moyen, with no engine field in sight.
    for game in ("mindbug", "diamagique", "mitan", "mimik"):
        page.goto(f"/new/{game}")
        expect(page.get_by_test_id("seat-1")).to_have_value("bot:moyen")
        expect(page.locator("[name=opt_position]")).to_be_hidden()
        expect(page.get_by_test_id("advanced")).to_be_visible()
