"""Mindbug's screen in a real browser: a whole game against a bot by clicks only, the
guided decisions (play, Mindbug or not, attack, block), and behind the player's back, no card
of the opponent's hand nor of any draw pile ever reaching the page (DOM or WebSocket frames).
A Tag Team game (2 against 2) is played through the screen too."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from ludotheque import games
from ludotheque.core.record import Move, Record, replay
from ludotheque.games.mindbug.cards import catalogue
from ludotheque.games.mindbug.rules import MindbugState
from ludotheque.store import Store

from ..server.live import LiveServer
from .helpers import Frames, as_guest, create, is_over, page_text, true_state

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


def shot(page: Page, what: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"mindbug-{what}.png"), full_page=True)


def secrets(state: MindbugState, seat: int) -> set[str]:
    """The words that would give away a card `seat` may not see: the key and both names of
    every creature hidden from it (other hands, every draw pile, the unused cards), except
    creatures of which some copy is legitimately visible to it (played, in its hand, revealed
    at set-up) and names that are part of other visible words."""
    mask = 1 << seat
    seen = {state.key(c) for c in range(len(state.kind)) if state.known[c] & mask}
    seen |= {k for shown in state.reveals for k in shown}
    hidden = [c for s, hand in enumerate(state.hands) if s != seat
              for c in hand if not state.known[c] & mask]
    hidden += [c for pile in state.piles for c in pile] + list(state.unused)
    visible_names = {w for k in seen
                     for w in (state.cat.by_key[k].name, state.cat.by_key[k].name_en)}
    out: set[str] = set()
    for key in {state.key(c) for c in hidden} - seen:
        cr = state.cat.by_key[key]
        out.add(f'"{key}"')
        out.add(f"{key}#")
        for name in (cr.name, cr.name_en):
            if not any(name in other for other in visible_names):
                out.add(name)
    return out


def state_at(site: LiveServer, gid: str, version: int) -> MindbugState:
    """The game as it was after its first `version` moves (what the page was shown), replayed
    from the server's database once the server has stored them."""
    deadline = time.monotonic() + 10
    while True:
        store = Store(site.db_url)
        try:
            row = store.game(gid)
            moves = [Move(m.seat, m.action) for m in store.moves(gid)]
        finally:
            store.close()
        if len(moves) >= version:
            break
        assert time.monotonic() < deadline, "the server did not store the moves it sent"
        time.sleep(0.05)
    assert row is not None
    record = Record(row.game, row.seed, row.players, dict(row.options), moves=moves[:version])
    state = replay(games.get(row.game), record, check_result=False)
    assert isinstance(state, MindbugState)
    return state


def check_nothing_hidden_shows(site: LiveServer, gid: str, page: Page, frames: Frames,
                               seat: int = 0) -> int:
    # What the page holds now, then the game exactly as it was at the last state it received.
    dom = page_text(page)
    received = frames.joined()
    versions = [m["version"] for m in frames.messages() if m.get("type") == "state"]
    state = state_at(site, gid, max(versions))
    words = secrets(state, seat)
    assert words, "some cards are always hidden (the unused pile, the draw piles)"
    for word in words:
        at = dom.find(word)
        assert at < 0, f"hidden card {word} in the page: …{dom[max(0, at - 300):at + 100]}…"
        at = received.find(word)
        assert at < 0, f"hidden card {word} in the frames: …{received[max(0, at - 300):at + 100]}…"
    return len(words)


def my_turn(page: Page) -> bool:
    """The screen asks this player something and its buttons are live."""
    prompt = page.locator(".mb-prompt.mb-mine")
    return prompt.count() == 1 and page.locator(".mb-prompt button:disabled").count() == 0


class Policy:
    """A simple player: attacks when it can, uses a Mindbug and blocks once each (to see those
    steps), then lets things go; chooses the first highlighted card otherwise."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix  # of its screenshots' names
        self.mindbugged = False
        self.blocked = False
        self.shots: set[str] = set()
        self.decisions = 0

    def once(self, page: Page, what: str) -> None:
        if what not in self.shots:
            self.shots.add(what)
            shot(page, self.prefix + what)

    def decide(self, page: Page) -> None:
        question = page.get_by_test_id("mb-question").inner_text(timeout=2000)
        self.decisions += 1
        words = page.locator(".mb-buttons button")
        legal_cards = page.locator(".mb-card.mb-legal")
        if page.get_by_test_id("mb-word-mindbug").count():
            # A Mindbug decision: the played card shown large, two big buttons.
            expect(page.get_by_test_id("mb-focus")).to_be_visible()
            self.once(page, "mindbug-decision")
            word = "decline" if self.mindbugged else "mindbug"
            page.get_by_test_id(f"mb-word-{word}").click()
            if not self.mindbugged:
                # The steal is a moment: a banner says it in words, the card crosses over.
                expect(page.get_by_test_id("mb-moment")).to_contain_text("Mindbug")
                page.wait_for_timeout(500)
                self.once(page, "mindbug-moment")
            self.mindbugged = True
            return
        if page.get_by_test_id("mb-word-noblock").count():
            self.once(page, "block-decision")
            if not self.blocked and legal_cards.count():
                self.blocked = True
                self.choose(page, legal_cards.first)
            else:
                page.get_by_test_id("mb-word-noblock").click()
            return
        attackers = page.locator('.mb-board .mb-card.mb-legal[data-actions^="attack"]')
        target = attackers.first if attackers.count() else legal_cards.first
        if legal_cards.count() and (target.count()):
            self.choose(page, target)
            return
        assert words.count() or page.locator(".mb-rest button").count(), question
        (words.first if words.count() else page.locator(".mb-rest button").first).click()

    def choose(self, page: Page, card: Any) -> None:
        """Select a card (its legal action waits for confirmation), then confirm it; the first
        time, go back a step and choose it again."""
        actions = card.get_attribute("data-actions") or ""
        card.click()
        confirm = page.get_by_test_id("mb-confirm").first
        expect(confirm).to_be_visible()
        assert confirm.get_attribute("data-action") in actions.split("|")
        if "selected" not in self.shots:
            self.once(page, "selected")
            page.get_by_test_id("mb-back").click()
            expect(page.get_by_test_id("mb-confirm")).to_have_count(0)
            number = card.get_attribute("data-card")
            card = page.locator(f'.mb-card.mb-legal[data-card="{number}"]').first
            card.click()
            confirm = page.get_by_test_id("mb-confirm").first
        confirm.click()


def play_game(page: Page, policy: Policy, limit: float, each: Callable[[], object]) -> None:
    deadline = time.monotonic() + limit
    while not is_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if my_turn(page) and page.get_by_test_id("mb-question").count():
            before = policy.decisions
            try:
                policy.decide(page)
            except PlaywrightError:  # re-drawn by a newer state meanwhile: look again
                continue
            # From the first decision on, so that a short game is checked mid-way too.
            if policy.decisions != before and policy.decisions % 6 == 1:
                each()
        else:
            page.wait_for_timeout(60)


def test_a_whole_game_against_a_bot_by_clicks_hiding_the_other_hand(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Aline")
    frames = Frames(page)
    gid = create(page, ["me", "bot:random"], game="mindbug", setup="2p")
    screen = page.get_by_test_id("mb-screen")
    expect(screen).to_be_visible()
    # The table at a glance: both players' life, Mindbugs, hands, draw piles, discard piles.
    # The bot may start (MB-4): wait until the game waits for this page, then compare the
    # page with the game as the server holds it.
    deadline = time.monotonic() + 30
    while not isinstance(state := true_state(site, gid), MindbugState) or state.to_act() != (0,):
        assert time.monotonic() < deadline, "the game never waited for seat 0"
        page.wait_for_timeout(100)
    for seat in (0, 1):
        expect(page.get_by_test_id(f"mb-life-{seat}")).to_contain_text(str(state.life[seat]))
        expect(page.get_by_test_id(f"mb-mindbugs-{seat}")).to_contain_text(
            str(state.mindbugs[seat]))
        expect(page.get_by_test_id(f"mb-hand-{seat}")).to_contain_text(
            str(len(state.hands[seat])))
        expect(page.get_by_test_id(f"mb-pile-{seat}")).to_contain_text(
            str(len(state.piles[seat])))
    expect(page.get_by_test_id("mb-handrow-0").locator(".mb-card")).to_have_count(
        len(state.hands[0]))
    expect(page.get_by_test_id("mb-handrow-1").locator(".mb-card")).to_have_count(0)
    expect(page.get_by_test_id("mb-handrow-1").locator(".mb-backs svg")).to_have_count(
        len(state.hands[1]))
    # Who starts (MB-4), the cards revealed named by their players, as the seat line does.
    expect(page.get_by_test_id("mb-reveals")).to_contain_text("pour Aline")
    expect(page.get_by_test_id("mb-reveals")).to_contain_text("pour Robot Hasard")
    # Every card face has words for those who do not see it: aria-label and an SVG title.
    first = page.get_by_test_id("mb-handrow-0").locator(".mb-card").first
    assert "puissance" in (first.get_attribute("aria-label") or "")
    assert first.locator("svg title").count() == 1
    shot(page, "start")
    checks: list[int] = []
    policy = Policy()
    play_game(page, policy, 150,
              lambda: checks.append(check_nothing_hidden_shows(site, gid, page, frames)))

    # The end: the room's end panel says why, the screen the life left (issue 20), the log
    # tells the story in words.
    expect(page.get_by_test_id("mb-prompt")).to_contain_text("Score final")
    expect(page.get_by_test_id("end-why")).not_to_contain_text("MB-")
    state = true_state(site, gid)
    assert state.is_over()
    log = page.get_by_test_id("log").inner_text()
    # The players by their names, as the seat line shows them: no "Joueur 2" to decode.
    assert "Aline " in log and "Robot Hasard " in log
    said = [e["text"] for m in frames.messages() if m.get("type") == "state"
            for step in m["steps"] for e in step["events"]]
    assert said and not any(re.search(r"\bJoueur \d", text) for text in said)
    assert policy.decisions >= 3 and {"selected", "mindbug-decision"} <= policy.shots
    checks.append(check_nothing_hidden_shows(site, gid, page, frames))
    assert len(checks) >= 2
    # No view of the bot's seat ever reached this browser, nor a private event of it.
    for message in frames.messages():
        if message.get("type") != "state":
            continue
        assert set(message["views"]) <= {"0"}
        for step in message["steps"]:
            assert all(e.get("to") is None or 0 in e["to"] for e in step["events"])
    # The end is no moment: the room's end panel says it, once, and no banner covers it
    # (issue 20).
    expect(page.get_by_test_id("mb-moment")).not_to_contain_text("Fin de la partie")
    expect(page.get_by_test_id("mb-moment")).to_be_hidden(timeout=6000)
    shot(page, "end")
    # Any card can be read large: a tap shows it in the prompt, "Fermer" puts it away.
    card = page.locator(".mb-board .mb-card, .mb-hand .mb-card").first
    key = card.get_attribute("data-key")
    card.click()
    shown = page.get_by_test_id("mb-preview").locator(".mb-card")
    expect(shown).to_have_attribute("data-key", key or "?")
    page.get_by_test_id("mb-preview-close").click()
    expect(page.get_by_test_id("mb-preview")).to_have_count(0)
    page.set_viewport_size({"width": 380, "height": 800})
    page.wait_for_timeout(300)
    shot(page, "phone-end")


def test_phone_sized_screen_and_keyboard_play_in_english(site: LiveServer,
                                                         contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Basile")
    page.set_viewport_size({"width": 380, "height": 800})
    page.locator("a[data-lang=en]").click()
    gid = create(page, ["me", "bot:random"], game="mindbug", setup="2p")
    expect(page.get_by_test_id("mb-screen")).to_be_visible()
    # The cards speak the page's language: English names and texts from the card data.
    card = page.get_by_test_id("mb-handrow-0").locator(".mb-card").first
    creature = catalogue(True).by_key[card.get_attribute("data-key") or "?"]
    label = card.get_attribute("aria-label") or ""
    assert label.startswith(creature.name_en) and creature.text_en in label and "power" in label
    expect(card.locator("svg title")).to_contain_text(creature.text_en)
    expect(page.get_by_test_id("mb-life-0")).to_have_attribute("aria-label", "3 life")
    deadline = time.monotonic() + 30
    while not (my_turn(page) and page.locator(".mb-card.mb-legal").count()):
        assert time.monotonic() < deadline
        if my_turn(page):  # the bot started: its card waits for a Mindbug decision
            page.locator(".mb-buttons button").last.focus()
            page.keyboard.press("Enter")
        page.wait_for_timeout(60)
    # Keyboard only: focus a legal card, Enter selects it, Escape goes back, Enter again and
    # the confirm button (focused) sends it.
    card = page.locator(".mb-card.mb-legal").first
    card.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("mb-confirm").first).to_be_focused()
    shot(page, "phone-selected")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("mb-confirm")).to_have_count(0)
    page.locator(".mb-card.mb-legal").first.focus()
    page.keyboard.press(" ")
    action = page.get_by_test_id("mb-confirm").first.get_attribute("data-action") or "?"
    page.keyboard.press("Enter")
    deadline = time.monotonic() + 20
    while action not in json.dumps([m.action for m in _moves(site, gid)]):
        assert time.monotonic() < deadline, "the keyboard's action was not played"
        page.wait_for_timeout(60)
    # The board fits the phone: nothing wider than the window.
    width = page.evaluate("document.querySelector('.screen-mindbug').scrollWidth")
    assert width <= 380


def _moves(site: LiveServer, gid: str) -> list[Any]:
    from ludotheque.store import Store

    store = Store(site.db_url)
    try:
        return list(store.moves(gid))
    finally:
        store.close()


def test_tag_team_is_playable_and_readable(site: LiveServer,
                                           contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Chloé")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames = Frames(page)
    gid = create(page, ["me", "bot:random", "bot:random", "bot:random"], game="mindbug",
                 setup="tag-team")
    expect(page.get_by_test_id("mb-screen")).to_be_visible()
    # MB-21, MB-22: a shared life per team, one Mindbug and one Mindfrog each, hands of 3.
    for seat in range(4):
        expect(page.get_by_test_id(f"mb-player-{seat}")).to_be_visible()
        expect(page.get_by_test_id(f"mb-mindfrogs-{seat}")).to_contain_text("1")
    expect(page.get_by_test_id("mb-player-0")).to_contain_text("équipe A")
    expect(page.get_by_test_id("mb-player-1")).to_contain_text("équipe B")
    # MB-20, MB-23, MB-25: the left opponent (next seat) decides and blocks first.
    expect(page.get_by_test_id("mb-player-1")).to_contain_text("adversaire de gauche")
    expect(page.get_by_test_id("mb-player-3")).to_contain_text("adversaire de droite")
    expect(page.get_by_test_id("mb-player-2")).to_contain_text("coéquipier")
    expect(page.get_by_test_id("mb-handrow-0").locator(".mb-card")).to_have_count(3)
    shot(page, "tag-team-start")
    policy = Policy("tag-team-")
    play_game(page, policy, 150,
              lambda: check_nothing_hidden_shows(site, gid, page, frames))
    expect(page.get_by_test_id("mb-prompt")).to_contain_text("Score final")
    assert errors == []
    expect(page.get_by_test_id("mb-final")).to_contain_text("équipe A")
    check_nothing_hidden_shows(site, gid, page, frames)
    expect(page.get_by_test_id("mb-moment")).to_be_hidden(timeout=6000)
    shot(page, "tag-team-end")
