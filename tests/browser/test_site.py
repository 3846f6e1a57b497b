"""The site in a real browser: hotseat, online with a second browser, against a bot,
chat, spectators, reloads and the language switch. Clicks only, like a person."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque.core.record import Record

from ..server.live import TOY, LiveServer
from .helpers import as_guest, create, is_over

pytestmark = pytest.mark.browser


def take_turn(page: Page) -> bool:
    """Do what the page asks of its player, if anything: lift the curtain, or click the
    first possible action. True if something was clicked."""
    curtain = page.get_by_test_id("curtain-button")
    if curtain.is_visible():
        curtain.click()
        return True
    action = page.locator("#actions button.action:enabled").first
    if action.count() and action.is_visible():
        try:
            action.click(timeout=2000)
        except Exception:  # re-drawn by a newer state meanwhile: look again
            return False
        return True
    return False


def play_until(pages: list[Page], done: Callable[[], bool], limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        if not any(take_turn(p) for p in pages):
            pages[0].wait_for_timeout(50)


def moves(page: Page) -> int:
    return page.get_by_test_id("log").locator(":scope > li").count()


def test_hotseat_game_with_the_curtain_reload_replay_and_record(
        contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Aline")
    create(page, ["me", "me"], {1: "Basile"})
    # Two seats on one device in a game with hidden hands: a curtain between players.
    expect(page.get_by_test_id("curtain")).to_be_visible()
    expect(page.get_by_test_id("seats")).to_contain_text("Basile")
    expect(page.get_by_test_id("board")).to_be_hidden()
    page.get_by_test_id("curtain-button").click()
    expect(page.get_by_test_id("board")).to_contain_text("hand")
    page.locator("#actions button.action").first.click()
    expect(page.get_by_test_id("curtain")).to_be_visible()  # now the second player's turn
    expect(page.get_by_test_id("curtain")).to_contain_text("Basile")
    play_until([page], lambda: moves(page) >= 3)
    # After a round, each seat has drawn a card in secret: the log shows a private event to
    # the seat on screen only, and none while the curtain is up.
    private = page.locator("#log .event[data-to]")
    expect(private).to_have_count(2)
    if page.get_by_test_id("curtain").is_visible():
        expect(page.locator("#log .event[data-to]:visible")).to_have_count(0)
        page.get_by_test_id("curtain-button").click()
    shown = page.locator("#log .event[data-to]:visible")
    expect(shown).to_have_count(1)
    acting = page.locator("#seats li.acting").first.get_attribute("data-seat")
    assert shown.get_attribute("data-to") == acting
    # A reload in the middle of the game resumes it where it is.
    before = moves(page)
    page.reload()
    expect(page.get_by_test_id("log").locator(":scope > li")).to_have_count(before)
    play_until([page], lambda: is_over(page))
    # The result is said once, in the end panel; the status only says the game is over.
    expect(page.get_by_test_id("status")).to_have_text("Partie terminée")
    expect(page.get_by_test_id("end-winners")).to_contain_text(
        re.compile("Victoire|Partie nulle"))

    page.get_by_test_id("replay-link").click()
    expect(page.get_by_test_id("result")).to_be_visible()
    page.get_by_test_id("first").click()
    expect(page.get_by_test_id("step")).to_contain_text("Coup 0 sur 10")
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("step")).to_contain_text("Coup 1 sur 10")
    with page.expect_download() as download:
        page.get_by_test_id("download").click()
    path = download.value.path()
    record = Record.load(path)
    assert record.game == TOY and len(record.moves) == 10


def test_online_game_invitation_chat_spectator_and_reload(site: LiveServer,
                                                          contexts: Callable[[], Any]) -> None:
    alice = as_guest(contexts(), "Alice")
    gid = create(alice, ["me", "open"])
    expect(alice.get_by_test_id("status")).to_contain_text("En attente")
    invite = alice.get_by_test_id("invite-url").input_value()
    assert invite.endswith(f"/g/{gid}")

    # A stranger's lobby lists the open game, and moves it to the live games by itself.
    carol = contexts().new_page()
    carol.goto("/")
    expect(carol.get_by_test_id("open-games").locator(f"li[data-game='{gid}']")).to_be_visible()

    # Bob opens the invitation in his own browser, gives a name, takes the free seat.
    bob_context = contexts()
    bob = bob_context.new_page()
    frames: list[dict[str, Any]] = []
    bob.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))))
    bob.goto(invite)
    # Issue #20: the invited guest sits in one step (a name, one click), and is not asked to
    # share the link (the host is).
    expect(bob.get_by_test_id("invite")).to_be_hidden()
    expect(alice.get_by_test_id("invite-copy")).to_be_visible()
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-sit").click()
    bob.wait_for_url(re.compile(f"/g/{gid}$"))
    expect(bob.get_by_test_id("status")).to_contain_text("À vous de jouer")
    expect(alice.get_by_test_id("status")).to_contain_text("À vous de jouer")
    expect(alice.get_by_test_id("invite-url")).to_be_hidden()

    # Chat, HTML shown as text.
    bob.get_by_test_id("chat-text").fill("<b>salut</b> Alice")
    bob.get_by_test_id("chat-send").click()
    expect(alice.get_by_test_id("chat")).to_contain_text("<b>salut</b> Alice")
    assert alice.locator("#chat b").count() == 0

    # A spectator finds the game in the live games list and never sees a hand.
    carol.get_by_test_id("live-games").locator(f"li[data-game='{gid}'] > a").click()
    expect(carol.get_by_test_id("board")).to_contain_text("scores")
    expect(carol.locator("#board dt", has_text=re.compile("^hand$"))).to_have_count(0)
    expect(alice.locator("#board dt", has_text=re.compile("^hand$"))).to_have_count(1)
    assert carol.locator("#actions button").count() == 0

    play_until([alice, bob], lambda: moves(alice) >= 4)
    alice.reload()
    expect(alice.get_by_test_id("chat")).to_contain_text("<b>salut</b> Alice")
    play_until([alice, bob], lambda: is_over(alice) and is_over(bob))
    expect(carol.get_by_test_id("replay-link")).to_be_visible()
    expect(carol.get_by_test_id("log").locator(":scope > li")).to_have_count(10)
    # Nothing of alice's seat ever reached bob's browser: no view, no private event.
    states = [f for f in frames if f.get("type") == "state"]
    assert len(states) >= 5
    for f in states:
        assert set(f["views"]) <= {"1"} and set(f["legal"]) <= {"1"}
        for step in f["steps"]:
            assert step["action"] is None or step["seat"] == 1
            assert all(e.get("to") in (None, [1]) for e in step["events"])
    # The other players' secret choices stay secret in the spectator's log.
    assert "p" not in re.sub(r"\s", "", "".join(
        carol.get_by_test_id("log").locator(":scope > li > div:first-child").all_inner_texts()
    )).replace("joué", "")


def test_against_a_bot_in_english_remembered(contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Eve")
    page.locator("a[data-lang=en]").click()
    expect(page.get_by_test_id(f"new-{TOY}")).to_have_text("New game")
    create(page, ["me", "bot:random"])
    expect(page.get_by_test_id("status")).to_contain_text("Your turn")
    play_until([page], lambda: is_over(page))
    expect(page.get_by_test_id("status")).to_have_text("Game over")
    expect(page.get_by_test_id("end-winners")).to_contain_text(re.compile("Winner|Draw"))
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("my-games")).to_be_visible()


def test_hotseat_log_shows_public_moves_of_every_seat(contexts: Callable[[], Any]) -> None:
    """One device, two seats, open Mitan: every move is public (State.is_public), so the
    log shows each seat's action, not only the seat on screen's."""
    page = as_guest(contexts(), "Inès")
    create(page, ["me", "me"], {1: "Jules"}, game="mitan")
    expect(page.get_by_test_id("curtain")).to_be_hidden()  # nothing hidden: no curtain
    for done in range(2):
        # Wait for the previous move to be drawn: both seats may pick the same letter, so
        # the log's text alone cannot tell one move from two.
        expect(page.locator("#log .step")).to_have_count(done)
        pick = page.locator("[data-testid^=pick-]:enabled").first
        text = "pick " + (pick.get_attribute("data-testid") or "").removeprefix("pick-")
        field = page.get_by_test_id("notation-input")
        field.fill(text)
        field.press("Enter")
        expect(page.get_by_test_id("log")).to_contain_text(text)
    expect(page.locator("#log .step")).to_have_count(2)
    heads = page.locator("#log .step").all_inner_texts()
    assert len(heads) == 2 and all("pick " in h for h in heads), heads


def test_a_player_resigns_and_the_other_sees_why_the_game_ended(
        contexts: Callable[[], Any]) -> None:
    alice = as_guest(contexts(), "Alice")
    gid = create(alice, ["me", "open"])
    expect(alice.get_by_test_id("resign")).to_be_hidden()  # nobody to play against yet
    bob = as_guest(contexts(), "Bob", start=f"/g/{gid}")
    bob.goto(f"/g/{gid}")
    bob.get_by_test_id("sit-1").click()
    expect(bob.get_by_test_id("resign")).to_have_text("Abandonner")
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.get_by_test_id("resign").click()
    for page in (alice, bob):
        expect(page.get_by_test_id("end")).to_be_visible()
        expect(page.get_by_test_id("end-why")).to_contain_text("Bob a abandonné.")
        expect(page.get_by_test_id("resign")).to_be_hidden()
    expect(alice.get_by_test_id("end-winners")).to_contain_text("Vous avez gagné")


def register(context: Any, name: str) -> Page:
    page: Page = context.new_page()
    page.goto("/")
    page.get_by_test_id("login-link").click()
    form = page.get_by_test_id("register-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill("correct horse")
    form.get_by_role("button").click()
    expect(page.get_by_test_id("me")).to_contain_text(name)
    return page


def test_a_ranked_blitz_game_with_clocks_then_the_daily_challenge(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    alice = register(contexts(), f"Alice{site.port}")
    bob = register(contexts(), f"Bob{site.port}")
    alice.get_by_test_id(f"new-{TOY}").click()
    alice.get_by_test_id("seat-1").select_option("open")
    alice.get_by_test_id("clock").select_option("blitz")
    alice.get_by_test_id("ranked").check()
    alice.get_by_test_id("create").click()
    alice.wait_for_url(re.compile(r"/g/[^/]+$"))
    gid = alice.url.rsplit("/", 1)[1]
    expect(alice.get_by_test_id("game-kind")).to_have_text("Partie classée · Blitz 3+2")
    expect(alice.get_by_test_id("clock-0")).to_have_text("3:00")

    # A stranger finds it in the lobby, marked ranked, and takes the seat.
    bob.goto("/")
    listed = bob.get_by_test_id("open-games").locator(f"li[data-game='{gid}']")
    expect(listed).to_contain_text("Blitz · classée")
    listed.locator(":scope > a").click()  # the game's link, not a name's
    bob.get_by_test_id("sit-1").click()
    expect(alice.get_by_test_id("seats")).to_contain_text("(1500?)")
    # The clocks of the seats to act (both: Carte haute's choices are simultaneous) run,
    # and say so without colour.
    running = alice.locator("time.clock[data-state=running]")
    expect(running).to_have_count(2)
    first = running.first.inner_text()
    expect(running.first).not_to_have_text(first, timeout=5000)

    play_until([alice, bob], lambda: is_over(alice) and is_over(bob))
    expect(alice.get_by_test_id("end-ratings")).to_contain_text("1500? →")
    ratings = alice.get_by_test_id("ratings-link")
    ratings.click()
    board = alice.get_by_test_id(f"ratings-{TOY}-blitz")
    expect(board).to_contain_text(f"Alice{site.port}")
    expect(board).to_contain_text(f"Bob{site.port}")

    # The daily challenge: one click to play the day's Mitan against Difficile, one attempt.
    alice.get_by_test_id("daily-link").click()
    alice.get_by_test_id("daily-play-mitan").click()
    alice.wait_for_url(re.compile(r"/g/[^/]+$"))
    daily_gid = alice.url.rsplit("/", 1)[1]
    expect(alice.get_by_test_id("seats")).to_contain_text("Robot Difficile")
    alice.get_by_test_id("daily-link").click()
    mine = alice.get_by_test_id("daily-mine-mitan")
    expect(mine).to_have_text("Reprendre ma partie")
    assert mine.get_attribute("href") == f"/g/{daily_gid}"
    expect(alice.get_by_test_id("daily-play-mitan")).to_have_count(0)


@pytest.mark.parametrize("kind", ["mindbug", "diamagique", "mimik", "mitix", "mitan"])
def test_every_lesson_of_a_games_tutorial_opens_on_its_screen(
        kind: str, contexts: Callable[[], Any]) -> None:
    """Each lesson starts from its own position: the game's screen draws it (no script
    error), with the lesson's panel, and the learner has something to do."""
    from ludotheque import games

    page = as_guest(contexts(), "Élève")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    lessons = games.get(kind).lessons()
    assert lessons
    for number, lesson in enumerate(lessons, start=1):
        page.goto("/learn")
        page.get_by_test_id(f"learn-{kind}").get_by_test_id(f"lesson-{lesson.id}").click()
        page.wait_for_url(re.compile(r"/g/[^/]+$"))
        panel = page.get_by_test_id("lesson")
        expect(panel).to_contain_text(f"{number}/{len(lessons)}")
        expect(panel).to_contain_text(lesson.title["fr"])
        expect(page.get_by_test_id("board").locator("svg:visible").first).to_be_visible()
        expect(page.get_by_test_id("status")).to_contain_text("À vous de jouer")
        if number == 1:
            shots = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{kind}-lesson-1.png"), full_page=True)
    assert errors == []


@pytest.mark.parametrize("kind", ["mindbug", "diamagique", "mimik", "mitix", "mitan"])
def test_the_new_game_forms_checkboxes_sit_beside_their_text(
        contexts: Callable[[], Any], kind: str) -> None:
    """Each checkbox of the form is on its text's line, before it (the audit found
    Mindbug's "Ajouter « New Servants »" box alone, centred under its label)."""
    page = as_guest(contexts(), "Iris")
    page.goto(f"/new/{kind}")
    boxes = page.locator("form.new-game input[type=checkbox]")
    assert boxes.count() >= 2  # ranked and public, and the game's own options
    for i in range(boxes.count()):
        box = boxes.nth(i).bounding_box()
        label = boxes.nth(i).locator("xpath=..")
        text = label.evaluate("""l => { const r = document.createRange();
            const words = [...l.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
            r.selectNode(words[0]); const b = r.getBoundingClientRect();
            return {x: b.x, y: b.y, height: b.height}; }""")
        assert box is not None
        assert box["x"] + box["width"] <= text["x"] + 1, (kind, i)  # the box, then its text
        middle = box["y"] + box["height"] / 2
        assert text["y"] <= middle <= text["y"] + text["height"], (kind, i)  # one line
