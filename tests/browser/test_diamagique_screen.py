"""Diamagique's screen in a real browser: a whole official match against bot:random played by
clicks only (a Sort, then the Magicien that casts it; the Diamagiques won, then the Magicien
that receives them; a Château, then its place), while the seat's page never holds what it may
not see: the opponent's hand, a face-down Caché Sort before its reveal (DG-13), deck order."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque import games
from ludotheque.core.record import Move, Record, replay_steps
from ludotheque.games.diamagique.cards import slug
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.rules import DiamagiqueState
from ludotheque.store import Store

from ..server.live import LiveServer
from .helpers import Frames, as_guest, create, is_over, page_text, true_state

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
ME = 0


def take_turn(page: Page) -> str | None:
    """The test's policy: click the first highlighted target, else the first card that can
    be chosen, else the first remaining action. Returns what was clicked."""
    for prefix in ("dg-target-", "dg-pick-"):
        found = page.locator(f"[data-testid^={prefix}]")
        if found.count():
            first = found.first
            try:
                testid = first.get_attribute("data-testid", timeout=1000) or prefix
                first.click(timeout=2000)
            except Exception:  # redrawn by a newer state meanwhile: look again
                return None
            return testid
    other = page.locator("[data-testid=dg-fallback] button")
    if other.count():
        other.first.click(timeout=2000)
        return "fallback"
    return None


def seen_by(site: LiveServer, game_id: str, seat: int | None) -> str:
    """Everything `seat` was entitled to see so far: each of its views, the events shown to
    it and the actions it could read, replayed from the server's database; and the rules."""
    store = Store(site.db_url)
    try:
        row = store.game(game_id)
        assert row is not None
        moves = [Move(m.seat, m.action) for m in store.moves(game_id)]
    finally:
        store.close()
    game = games.get("diamagique")
    record = Record(row.game, row.seed, row.players, dict(row.options), moves=moves)
    texts = [json.dumps(game.new(record.seed, record.players, record.options).view(seat),
                        ensure_ascii=False), game.rules("fr"), game.rules("en")]
    for state, step in replay_steps(game, record):
        texts.append(json.dumps(state.view(seat), ensure_ascii=False))
        for event in step.events:
            if event.visible_to(seat):
                texts.append(json.dumps(event.data, ensure_ascii=False))
                texts.append(game.describe(event, "fr"))
        if step.public or step.move.seat == seat:
            texts.append(step.move.action)
    return "\n".join(texts)


def secrets(site: LiveServer, game_id: str, seat: int | None) -> set[str]:
    """Card names `seat` must not find on its page: the other hand, the other seat's face-down
    Caché Sorts (DG-13), both Spell decks (their order and content are hidden), minus any
    name the seat saw legitimately (another copy cast, discarded or in its own hand). A
    spectator (None) sees neither hand."""
    state = true_state(site, game_id)
    assert isinstance(state, DiamagiqueState)
    cards = list(state.deck[0]) + list(state.deck[1])
    for other in (0, 1):
        if other == seat:
            continue
        cards += state.hand[other]
        cards += [state.cast[s] for s in range(other * 3, other * 3 + 3) if state._hidden_cast(s)]
    seen = seen_by(site, game_id, seat)
    names = {CARDS.sorts[c].name for c in cards}
    return {n for n in names if n not in seen and slug(n) not in seen}


def assert_nothing_hidden(page: Page, frames: Frames, site: LiveServer, game_id: str,
                          seat: int | None = ME) -> int:
    # What the page holds first, then the server's record: the record is at least as new as
    # the page, so a card cast face up in between counts as seen, not as a leak.
    dom = page_text(page)
    received = frames.joined()
    hidden = secrets(site, game_id, seat)
    for name in hidden:
        # The frames are JSON: a name may travel with its accents escaped.
        escaped = json.dumps(name)[1:-1]
        for form in {name, escaped, slug(name)}:
            assert form not in dom, f"{name!r} is on the page of seat {seat}"
            assert form not in received, f"{name!r} reached seat {seat}'s browser"
    return len(hidden)


def test_a_whole_official_match_by_clicks_against_bot_random(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = as_guest(contexts(), "Aline")
    frames = Frames(page)
    # The new-game form names the options and the setups from the screen's catalogue.
    page.goto("/new/diamagique")
    # Each seat's deck is a select of its own (issue 22), ready-made decks named from the
    # screen's catalogue.
    expect(page.get_by_test_id("deck-0")).to_contain_text("Confrérie des Sylves")
    expect(page.get_by_test_id("deck-1")).to_contain_text("Cercle de l'Aube")
    expect(page.get_by_test_id("option-official_match")).to_contain_text("Match officiel")
    expect(page.get_by_test_id("setup-Sylves-Aube-officiel")).to_have_text(
        "Sylves contre Aube (match officiel)")
    page.screenshot(path=str(SHOTS / "diamagique-new-game.png"), full_page=True)
    game_id = create(page, ["me", "bot:random"], game="diamagique",
                     setup="Sylves-Aube-officiel")
    screen = page.get_by_test_id("dg-screen")
    expect(screen).to_be_visible()
    # A spectator in another browser: the same screen, with both hands as backs.
    watcher = contexts().new_page()
    watched = Frames(watcher)
    watcher.goto(f"/g/{game_id}")
    expect(watcher.get_by_test_id("dg-backs-0")).to_be_visible()
    expect(watcher.get_by_test_id("dg-backs-1")).to_be_visible()
    expect(watcher.get_by_test_id("dg-hand")).to_have_count(0)
    # The teams, the pot (12 Diamagiques, DG-6 — fewer once a Château took one) and the
    # opponent's hand as backs with a count.
    expect(page.get_by_test_id("dg-team-0")).to_contain_text("Confrérie des Sylves")
    expect(page.get_by_test_id("dg-team-1")).to_contain_text("Cercle de l'Aube")
    # 5 cards dealt; the bot may already have cast one by the time the page shows it.
    expect(page.get_by_test_id("dg-backs-1")).to_contain_text(re.compile(r"\b[45] "))
    page.screenshot(path=str(SHOTS / "diamagique-start.png"))

    clicks: dict[str, int] = {}
    checked: list[int] = []
    spied: list[int] = []
    shots = {"target": False, "challenge": False, "phone": False, "castle": False,
             "place": False}
    went_back = False
    turn = 0
    while not is_over(page):
        assert turn < 600, "the game did not end"
        turn += 1
        clicked = take_turn(page)
        if clicked is None:
            page.wait_for_timeout(60)
            continue
        kind = clicked.rsplit("-", 1)[0] if clicked[-1].isdigit() else clicked
        clicks[kind] = clicks.get(kind, 0) + 1
        if clicked.startswith("dg-pick-hand") and not went_back:
            targets = page.locator("[data-testid^=dg-target-cast-]")
            if targets.count():
                # Exactly the Magiciens that have not cast yet are offered (DG-12).
                legal = {a for a in legal_positions(site, game_id)}
                shown = {int((targets.nth(i).get_attribute("data-testid") or "")[-1])
                         for i in range(targets.count())}
                assert shown == legal, (shown, legal)
                if not shots["target"]:
                    page.get_by_test_id("board").screenshot(
                        path=str(SHOTS / "diamagique-choose-magicien.png"))
                    shots["target"] = True
                # One step back, then the same card again: the way back works.
                page.get_by_test_id("dg-back").click()
                expect(page.locator("[data-testid^=dg-target-cast-]")).to_have_count(0)
                went_back = True
                # The same decision by keyboard: Enter on a card (Escape goes back), then
                # Space on the Magicien's slot, which has the focus once the card is chosen.
                page.locator("[data-testid^=dg-pick-hand-]").first.focus()
                page.keyboard.press("Enter")
                expect(page.locator("[data-testid^=dg-target-cast-]")).to_have_count(len(legal))
                page.keyboard.press("Escape")
                expect(page.locator("[data-testid^=dg-target-cast-]")).to_have_count(0)
                page.locator("[data-testid^=dg-pick-hand-]").first.focus()
                page.keyboard.press("Enter")
                expect(page.locator("[data-testid^=dg-target-cast-]").first).to_be_focused()
                page.keyboard.press(" ")
                expect(page.locator("[data-testid^=dg-target-cast-]")).to_have_count(0)
        if clicked == "dg-pick-won" and not shots["place"]:
            # DG-17: the Diamagiques won are chosen; exactly the three Magiciens are offered.
            expect(page.locator("[data-testid^=dg-target-pose-]")).to_have_count(3)
            page.get_by_test_id("board").screenshot(path=str(SHOTS / "diamagique-place.png"))
            shots["place"] = True
        if clicked.startswith("dg-pick-chateau") and not shots["castle"]:
            page.get_by_test_id("board").screenshot(
                path=str(SHOTS / "diamagique-choose-chateau.png"))
            shots["castle"] = True
        if not shots["challenge"] and page.locator(".dg-moment-totals").count():
            page.wait_for_timeout(900)  # the steps appear one after another
            page.get_by_test_id("board").screenshot(path=str(SHOTS / "diamagique-challenge.png"))
            shots["challenge"] = True
        if turn % 25 == 0:
            checked.append(assert_nothing_hidden(page, frames, site, game_id))
            spied.append(assert_nothing_hidden(watcher, watched, site, game_id, None))
        if turn >= 60 and not shots["phone"] and page.locator("[data-testid^=dg-target-]").count():
            # A decision on a phone, in English: the screen speaks the site's language.
            page.locator("a[data-lang=en]").click()
            expect(page.get_by_test_id("dg-screen")).to_contain_text("Your hand")
            page.set_viewport_size({"width": 380, "height": 800})
            take_turn(page)  # the choice is drawn anew after the reload: pick again
            page.wait_for_timeout(300)
            page.screenshot(path=str(SHOTS / "diamagique-phone.png"), full_page=True)
            page.set_viewport_size({"width": 1100, "height": 900})
            shots["phone"] = True

    end = page.get_by_test_id("dg-end")
    expect(end).to_be_visible()
    expect(end).not_to_contain_text("DG-")
    expect(page.get_by_test_id("end-why")).to_contain_text("Diamagiques")
    checked.append(assert_nothing_hidden(page, frames, site, game_id))
    expect(watcher.get_by_test_id("dg-end")).to_be_visible()
    spied.append(assert_nothing_hidden(watcher, watched, site, game_id, None))
    page.wait_for_timeout(700)  # the end panel fades in
    page.screenshot(path=str(SHOTS / "diamagique-end.png"), full_page=True)
    # The game went through every gesture: casts by a card then a Magicien, a Château by a
    # card then its place (DG-10), and the checks did find secrets to look for.
    assert clicks.get("dg-pick-hand", 0) > 0 and clicks.get("dg-target-cast", 0) > 0, clicks
    assert clicks.get("dg-pick-chateau", 0) > 0 and clicks.get("dg-target-chateau", 0) > 0, clicks
    assert any(checked[:-1]) and any(spied), (checked, spied)
    final = true_state(site, game_id)
    assert final.is_over()
    # The replay draws the same screen read-only, from the spectator's view.
    page.get_by_test_id("replay-link").click()
    expect(page.get_by_test_id("dg-screen")).to_be_visible()
    expect(page.locator("[data-testid^=dg-pick-], [data-testid^=dg-target-]")).to_have_count(0)
    expect(page.get_by_test_id("dg-backs-0")).to_be_visible()
    page.screenshot(path=str(SHOTS / "diamagique-replay.png"), full_page=True)


def legal_positions(site: LiveServer, game_id: str) -> set[int]:
    """The Magiciens of seat ME that may still cast, by the engine."""
    state = true_state(site, game_id)
    assert isinstance(state, DiamagiqueState)
    return {int(a.text()[1]) for a in state.legal_actions(ME) if a.text().startswith("M")}
