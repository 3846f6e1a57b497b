"""MIMIK's screen in a real browser: a whole Express game against a random bot, played by
clicks on the cards, the targets and the screen's buttons; at several points, checks that the
page and its WebSocket frames never hold the bot's hand or the draw pile's order; then an
8-player table in Team mode, to show the layout holds on a desktop and on a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque.games.mimik.cards import NAMES
from ludotheque.games.mimik.rules import MimikState

from ..server.live import LiveServer
from .helpers import Frames, as_guest, create, is_over, page_text, true_state

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
# The actions the test prefers, to walk through the guided multi-step decisions.
PREFERRED = ("Pickpocket", "MIMIK", "Sabotage", "Swap", "Half", "Reverse", "Discard x2")


def shot(page: Page, what: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"mimik-{what}.png"), full_page=True)


def create_express(page: Page, seats: list[str]) -> str:
    """The new-game form with the Express option (target 30, MK-4)."""
    page.goto("/")
    page.get_by_test_id("new-mimik").click()
    expect(page.get_by_test_id("option-target")).to_contain_text("Objectif")
    page.locator("#players").select_option(str(len(seats)))
    for i, seat in enumerate(seats):
        if seat in ("me", "open") or seat.removeprefix("bot:") in ("facile", "moyen", "difficile"):
            page.get_by_test_id(f"seat-{i}").select_option(seat)
        else:  # another engine: under "Options avancées" (issue #20)
            if page.get_by_test_id("advanced").get_attribute("open") is None:
                page.get_by_test_id("advanced").locator("summary").click()
            page.get_by_test_id(f"engine-{i}").select_option(seat.removeprefix("bot:"))
    page.locator("select[name=opt_target]").select_option("30")
    page.get_by_test_id("create").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    return page.url.rsplit("/", 1)[1]


def legal_texts(page: Page) -> list[str]:
    texts = page.locator("[data-testid=all-actions] [data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)")
    return [str(t) for t in texts]


def my_turn(page: Page) -> bool:
    return page.locator(".screen-mimik .mk-pickable").count() > 0


def first_card_of(text: str) -> str:
    """The hand card a play text starts with (`pose 7` -> 7, `Swap Score 1` -> Swap Score)."""
    if text.startswith("pose "):
        return text[5:]
    for name in sorted(NAMES.values(), key=len, reverse=True):
        if text == name or text.startswith(name + " "):
            return name
    raise AssertionError(text)


def choose(legal: list[str]) -> str:
    """The play the test aims at: a guided multi-step one first, else the highest Value card
    that fits under the target (MK-8 leaves only those), else a discard."""
    plays = [t for t in legal if not t.startswith("discard ")]
    for name in PREFERRED:
        wanted = [t for t in plays if first_card_of(t) == name]
        # Aim at the bot's cards rather than ours (MK-15 would let us sabotage our own).
        theirs = [t for t in wanted if not re.search(r" 0\.\d+$", t)]
        if theirs or wanted:
            return (theirs or wanted)[0]
    poses = [t for t in plays if t.startswith("pose ") and t != "pose MIMIK"]
    if poses:
        return max(poses, key=lambda t: int(t[5:]))
    return plays[0] if plays else legal[0]


def click_through(page: Page, shots: dict[str, bool]) -> list[str]:
    """After the first pick: follow the guided steps, each time the first thing offered
    (a button to pose, a highlighted target, then the other buttons). Returns the prompts."""
    prompts: list[str] = []
    for _ in range(6):
        if page.get_by_test_id("back").count() == 0:
            return prompts  # the text went out: no step left
        prompts.append(page.get_by_test_id("prompt-text").inner_text())
        targets = page.locator(".screen-mimik .mk-pickable")
        on_table = page.locator(".mk-player .mk-pickable, .mk-player.mk-pickable")
        if not shots.get("targets") and on_table.count():
            shot(page, "decision-targets")
            shots["targets"] = True
        for locator in (page.get_by_test_id("do-pose"), targets, page.get_by_test_id("do-play"),
                        page.get_by_test_id("do-keep"), page.get_by_test_id("do-discard")):
            if locator.count():
                locator.first.click()
                break
    raise AssertionError(f"the guided steps never ended: {prompts}")


def take_turn(page: Page, shots: dict[str, bool]) -> str:
    """One decision of ours, by clicks only. Returns the text aimed at."""
    legal = legal_texts(page)
    robbed = page.get_by_test_id("robbed-hand")
    if robbed.count():
        # MK-21, second step: the robbed hand is shown face up to the pickpocket only.
        if not shots.get("pickpocket"):
            shot(page, "pickpocket")
            shots["pickpocket"] = True
        robbed.locator(".mk-pickable").first.click()
        click_through(page, shots)
        return "pickpocket"
    if any(t.startswith("drop ") for t in legal):
        page.locator(".screen-mimik .mk-pickable").first.click()  # MK-23: our own card
        return "drop"
    aim = choose(legal)
    card = "MIMIK" if aim.startswith("MIMIK") else (
        aim[8:] if aim.startswith("discard ") else first_card_of(aim))
    page.locator(f"[data-testid=hand-card].mk-pickable[data-card='{card}']").first.click()
    if not aim.startswith(("discard ", "pose ", "MIMIK")):
        check_highlights(page, legal, card)
    if aim.startswith("discard "):
        page.get_by_test_id("do-discard").click()
    elif aim.startswith("pose "):
        page.get_by_test_id("do-pose").click()
    else:
        click_through(page, shots)
    return aim


def check_highlights(page: Page, legal: list[str], card: str) -> None:
    """Once an Action card is picked, exactly its legal targets are lit (MK-13, MK-24)."""
    posed = set(page.locator(".mk-player .mk-pickable[data-posed]").evaluate_all(
        "els => els.map(e => e.dataset.posed)"))
    seats = set(page.locator(".mk-player.mk-pickable").evaluate_all(
        "els => els.map(e => e.dataset.seat)"))
    texts = [t for t in legal if not t.startswith("discard ") and first_card_of(t) == card]
    if card in ("Sabotage", "Half", "Reverse"):
        assert posed == {t.rsplit(" ", 1)[1] for t in texts} and not seats
    elif card == "Swap":
        assert posed == {f"0.{t.split()[1]}" for t in texts}  # first our own card (MK-16)
    elif card == "Pickpocket":
        assert seats == {t.rsplit(" ", 1)[1] for t in texts} and not posed
    elif card == "Swap Score":
        assert {t.rsplit(" ", 1)[1] for t in texts} <= seats and not posed


def dumps(value: object) -> list[str]:
    """A JSON value as the server (compact) or Python (spaced) would write it."""
    return [json.dumps(value, ensure_ascii=False, separators=(",", ":")),
            json.dumps(value, ensure_ascii=False)]


def check_secrets(site: LiveServer, gid: str, page: Page, frames: Frames, me: int = 0) -> None:
    """What seat `me` must not learn: the other hands, the draw pile's order, others' draws."""
    truth = true_state(site, gid)
    assert isinstance(truth, MimikState)
    html = page_text(page)
    text = frames.joined()
    messages = frames.messages()
    # The engine's own fields never travel: a view has hand sizes and pile sizes only.
    for field in ('"deck"', '"hands"', '"rng"', '"queue"'):
        assert field not in text
    seen_lists: list[list[str]] = []
    for m in messages:
        if m.get("type") != "state":
            continue
        assert set(m["views"]) <= {str(me)}, "another seat's view reached this page"
        for view in m["views"].values():
            seen_lists.append(view["hand"])
            if "robbed_hand" in view:
                # MK-21: the robbed hand only while this seat picks a card from it.
                assert view["phase"] == "pickpocket" and view["active"] == me
                seen_lists.append(view["robbed_hand"])
        for step in m["steps"]:
            if step["seat"] != me and step["action"] is not None:
                # MK-21: which stolen card the bot kept is its secret (State.is_public).
                assert not step["action"].startswith("keep "), step
            for event in step["events"]:
                if event.get("to") is not None:
                    assert me in event["to"], event
                if event["kind"] == "drew":
                    assert event["data"]["seat"] == me, event
                if event["kind"] == "looked":
                    seen_lists.append(event["data"]["hand"])
    # The draw pile's next cards, in order, appear nowhere.
    upcoming = [NAMES[c] for c in reversed(truth.deck)]
    if len(upcoming) >= 8:
        for form in dumps(upcoming[:8]):
            assert form[1:-1] not in text and form[1:-1] not in html
    # The other hands: never as a list (unless this seat legitimately saw that very list),
    # never as face-up cards in their panels.
    for seat in range(truth.players):
        if seat == me:
            continue
        hand = [NAMES[c] for c in truth.hands[seat]]
        if hand and hand not in seen_lists:
            for form in dumps(hand):
                assert form not in text and form not in html, (seat, hand)
        assert page.locator(f"[data-testid=player-{seat}] [data-card]").count() == 0
    # Our own hand on screen is exactly our hand (when the state cannot move under us).
    if my_turn(page) and truth.to_act() == (me,) and not page.get_by_test_id("robbed-hand").count():
        shown = page.locator("[data-testid=hand-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert shown == [NAMES[c] for c in truth.hands[me]]


def wait_for_us(page: Page, limit: int = 400, shots: dict[str, bool] | None = None) -> None:
    for _ in range(limit):
        if shots is not None and not shots.get("moment"):
            banner = page.locator("[data-testid=moment] .mk-banner")
            texts = banner.evaluate_all(
                "els => els.filter(e => getComputedStyle(e).opacity > 0.9).map(e => e.textContent)")
            if "MIMIK" in " ".join(texts):
                shot(page, "moment")  # a copy's moment, when one comes up
                shots["moment"] = True
        if is_over(page) or (my_turn(page) and page.get_by_test_id("prompt-text").inner_text()
                             and legal_texts(page)):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the bot never gave the turn back")


def test_a_whole_express_game_against_a_bot_by_clicks(site: LiveServer,
                                                      contexts: Callable[[], Any]) -> None:
    for old in ("decision-targets", "moment"):
        (SHOTS / f"mimik-{old}.png").unlink(missing_ok=True)  # taken anew below
    page = as_guest(contexts(), "Aline")
    frames = Frames(page)
    gid = create_express(page, ["me", "bot:random"])
    expect(page.get_by_test_id("mimik")).to_be_visible()
    expect(page.get_by_test_id("target")).to_contain_text("30")
    wait_for_us(page)
    # The start: our hand face up, the bot's as backs with a count, the race at 0.
    expect(page.get_by_test_id("hand").locator("[data-testid=hand-card]")).to_have_count(6)
    expect(page.get_by_test_id("hand-size-1")).to_contain_text("5")
    expect(page.get_by_test_id("race")).to_be_visible()
    shot(page, "start")
    check_secrets(site, gid, page, frames)
    # The keyboard: Enter picks the focused card, the focus goes to the next step, Escape
    # takes the pick back.
    page.locator("[data-testid=hand-card].mk-pickable").first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("back")).to_be_visible()
    assert page.evaluate("document.activeElement.matches('.mk-pickable, .mk-do, .mk-undo')")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("back")).to_have_count(0)

    shots: dict[str, bool] = {}
    aims: list[str] = []
    turns = 0
    while not is_over(page):
        assert turns < 150, "the game did not end"
        wait_for_us(page, shots=shots)
        if is_over(page):
            break
        aims.append(take_turn(page, shots))
        turns += 1
        if turns == 3:
            # The phone: the same table in a narrow column.
            wait_for_us(page)
            if not is_over(page):
                page.set_viewport_size({"width": 380, "height": 800})
                page.wait_for_timeout(400)
                hand = page.locator("[data-testid=hand-card].mk-pickable")
                picked = hand.count() > 0  # not in a Pickpocket's or a Tsunami's second step
                if picked:
                    hand.first.click()
                shot(page, "phone")
                if picked:
                    page.get_by_test_id("cancel").click()
                page.set_viewport_size({"width": 1100, "height": 900})
        if turns % 4 == 0:
            wait_for_us(page)
            check_secrets(site, gid, page, frames)

    # The end: the room's banner says why, the screen's table shows the winner at the target.
    expect(page.get_by_test_id("end")).to_be_visible()
    truth = true_state(site, gid)
    result = truth.result()
    assert result is not None and result.reason == "target_reached"
    winner = result.winners[0]
    expect(page.get_by_test_id("end-why")).to_contain_text("30 points")
    expect(page.get_by_test_id(f"score-{winner}")).to_contain_text("30 / 30")
    log = page.get_by_test_id("log").inner_text()
    # The log's end line names no winner: the end panel says who (issue 20).
    assert "la cible de 30 points est atteinte" in log and "MK-9" not in log
    full = page.locator("#log").evaluate("e => e.textContent")
    if any(a.startswith("MIMIK") for a in aims):
        assert "pose son MIMIK et copie" in full and "MK-26" not in full  # from whom: the line
    if "pickpocket" in aims:
        assert "fait les poches" in full and "MK-21" not in full
    check_secrets(site, gid, page, frames)
    # Only texts the engine listed were sent: the server refused nothing.
    assert not page.get_by_test_id("errors").inner_text().strip()
    shot(page, "end")
    assert turns >= 2 and any(a != "drop" for a in aims)


def test_an_eight_player_team_table_on_a_desktop_and_a_phone(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Aline")
    frames = Frames(page)
    gid = create(page, ["me"] + ["bot:random"] * 7, game="mimik", setup="8p-team")
    expect(page.get_by_test_id("mimik")).to_be_visible()
    for seat in range(8):
        expect(page.get_by_test_id(f"player-{seat}")).to_be_visible()
    expect(page.get_by_test_id("player-4")).to_contain_text("Équipe A")  # MK-4: 0 with 4
    # Play until some posed cards are on the table, then show a decision with its targets.
    for _ in range(4):
        wait_for_us(page)
        if is_over(page):
            break
        take_turn(page, {"targets": True, "pickpocket": True})
    wait_for_us(page)
    hand = page.locator("[data-testid=hand-card].mk-pickable")
    # Our turn may be a decision that is not a card from the hand (a Pickpocket's choice...).
    if not is_over(page) and hand.count():
        # An Action card aiming at the table if we hold one: its targets light up.
        aiming = [first_card_of(t) for t in legal_texts(page)
                  if re.match(r"(Sabotage|Half|Reverse|Swap|Pickpocket) ", t)]
        card = aiming[0] if aiming else None
        (hand.locator(f"xpath=self::*[@data-card='{card}']") if card else hand).first.click()
        if card:
            check_highlights(page, legal_texts(page), card)
            if not (SHOTS / "mimik-decision-targets.png").exists():
                shot(page, "decision-targets")
    shot(page, "8p-team")
    page.set_viewport_size({"width": 380, "height": 800})
    page.wait_for_timeout(400)  # the race is redrawn for the narrow board
    shot(page, "8p-team-phone")
    check_secrets(site, gid, page, frames)
