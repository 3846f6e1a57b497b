"""The pages around the games, as a newcomer meets them (issue #20: the new-game form, the
lessons, card zoom, the replay viewer, the words): each point pinned in a real Chromium at
1366x768 (and a phone, 390x844), with screenshots in test-artifacts/browser/pages/ (the
ones in docs/screens/ are these, made smaller)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from ludotheque import games
from ludotheque.store import GameRow, Store

from ..server.live import LiveServer, Player
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
    for hidden in ("[name=opt_position]", "[name=engine_1]"):
        expect(page.locator(hidden)).to_be_hidden()
    assert page.get_by_test_id("seat-1").locator("option[value='bot:random']").count() == 0
    shoot(page, "new-game")
    advanced.locator("summary").click()
    expect(page.locator("[name=opt_position]")).to_be_visible()
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


def finished_game(site: LiveServer, kind: str, name: str) -> str:
    """A game its bots played to the end (as a spectator watched it)."""
    owner = Player(site).guest(name)
    try:
        gid = owner.new_game(["bot:random", "bot:random"], kind=kind)
        watcher = owner.socket()
        watcher.watch(gid)
        watcher.wait_state(gid, timeout=120, status="over")
    finally:
        owner.close()
    return gid


def stored(site: LiveServer, gid: str) -> tuple[GameRow, list[tuple[int, str]]]:
    """The game's row and moves, read from the server's own database file."""
    store = Store(site.db_url)
    try:
        row = store.game(gid)
        assert row is not None
        return row, [(m.seat, m.action) for m in store.moves(gid)]
    finally:
        store.close()


def test_the_replay_is_a_viewer_in_the_browser_that_shows_only_what_a_spectator_saw(
        contexts: object, site: LiveServer) -> None:
    gid = finished_game(site, "mindbug", "Rita")
    row, moves = stored(site, gid)
    total = len(moves)
    context = contexts()  # type: ignore[operator]
    page = as_guest(context, "Vera")
    page.set_viewport_size(DESKTOP)
    loads: list[str] = []
    page.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)
    page.goto(f"/g/{gid}/replay")
    page.wait_for_selector("#viewer[data-ready]")
    # It opens on the first move; the move list holds every step.
    step = page.get_by_test_id("step")
    expect(step).to_have_text(f"Coup 1 sur {total}")
    expect(page.get_by_test_id("moves").locator("a")).to_have_count(total + 1)
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(f"Coup 2 sur {total}")
    assert page.evaluate("location.hash") == "#n=2"
    page.keyboard.press("End")
    expect(step).to_have_text(f"Coup {total} sur {total}")
    page.keyboard.press("Home")
    expect(step).to_have_text(f"Coup 0 sur {total}")
    expect(page.get_by_test_id("prev")).to_be_hidden()
    page.get_by_test_id("moves").locator("a[data-n='3']").click()
    expect(step).to_have_text(f"Coup 3 sur {total}")
    page.get_by_test_id("next").click()
    expect(step).to_have_text(f"Coup 4 sur {total}")
    page.get_by_test_id("autoplay").click()
    expect(step).to_have_text(f"Coup 5 sur {total}", timeout=5_000)
    page.get_by_test_id("autoplay").click()
    assert len(loads) == 1  # every step without a page load
    # A link to a step opens the viewer there.
    page.goto(f"/g/{gid}/replay#n=6")
    page.wait_for_selector("#viewer[data-ready]")
    expect(step).to_have_text(f"Coup 6 sur {total}")
    # The "?" beside an event opens the rule it applied; the event's text names none.
    page.get_by_test_id("moves").locator("a[data-n='1']").click()
    expect(page.get_by_test_id("events")).not_to_contain_text(re.compile(r"MB-\d"))
    helps = page.get_by_test_id("events").get_by_test_id("rule-help")
    for _ in range(total):
        if helps.count():
            break
        page.keyboard.press("ArrowRight")
    helps.first.click()
    overlay = page.get_by_test_id("overlay")
    expect(overlay).to_be_visible()
    expect(overlay.locator(".overlay-title")).to_have_text(re.compile(r"^Règle MB-\d+$"))
    shoot(page, "replay-rule")
    page.keyboard.press("Escape")
    expect(overlay).to_be_hidden()
    shoot(page, "replay")
    # Each frame holds the spectator's view of its step and nothing more.
    frames = json.loads(page.locator("#replay-data").text_content() or "")["frames"]
    game = games.get("mindbug")
    state = game.new(row.seed, row.players, dict(row.options))
    assert frames[0]["view"] == json.loads(json.dumps(state.view(None)))
    for frame, (seat, action) in zip(frames[1:], moves, strict=True):
        happened = state.apply(seat, game.parse(action))
        assert frame["view"] == json.loads(json.dumps(state.view(None)))
        assert len(frame["events"]) == sum(1 for e in happened if e.visible_to(None))
        assert frame["action"] in (None, action)


def in_window(page: Page, test_id: str) -> bool:
    """The element is wholly inside the window as it is (no scrolling needed to read it)."""
    box = page.get_by_test_id(test_id).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
            and box["x"] >= 0 and box["x"] + box["width"] <= size["width"])


def play_card(page: Page, number: int) -> None:
    """Mindbug's screen: a card of the hand, then its confirmation."""
    page.locator(f'.mb-card.mb-legal[data-card="{number}"]').first.click()
    page.get_by_test_id("mb-confirm").first.click()


def test_a_lesson_says_its_verdict_beside_the_board_in_the_games_words(
        contexts: object) -> None:
    lesson = games.get("mindbug").lessons()[0]
    context = contexts()  # type: ignore[operator]
    page = as_guest(context, "Léo")
    page.set_viewport_size(DESKTOP)
    page.goto("/learn")
    page.get_by_test_id("learn-mindbug").get_by_test_id(f"lesson-{lesson.id}").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    panel = page.get_by_test_id("lesson")
    # While the lesson is played, "Leçon suivante" is no main button.
    expect(page.get_by_test_id("lesson-next")).to_have_class(re.compile(r"\bquiet\b"))
    play_card(page, 1)  # the Gorillion: not the card that wins
    expect(panel).to_have_attribute("data-status", "missed")
    verdict = page.get_by_test_id("lesson-verdict")
    expect(verdict).to_contain_text("Pas tout à fait")
    assert in_window(page, "lesson-verdict")
    said = page.get_by_test_id("lesson-solution").inner_text()
    assert "Gorillion" in said and "Abeille tueuse" in said, said
    assert not re.search(r"\bplay\b|#\d|abeille-tueuse", said), said  # no engine notation
    # The board waits for no tutor: the status says to retry, "Réessayer" is the main button.
    expect(page.get_by_test_id("status")).to_have_text("Pas tout à fait : réessaie la leçon.")
    expect(page.get_by_test_id("lesson-retry")).not_to_have_class(re.compile(r"\bquiet\b"))
    expect(page.get_by_test_id("lesson-next")).to_have_class(re.compile(r"\bquiet\b"))
    shoot(page, "lesson-missed")
    page.get_by_test_id("lesson-retry").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    expect(page.get_by_test_id("lesson")).to_have_attribute("data-status", "playing")
    play_card(page, 0)
    expect(page.get_by_test_id("lesson")).to_have_attribute("data-status", "solved")
    expect(page.get_by_test_id("lesson-solved")).to_contain_text("Bravo")
    assert in_window(page, "lesson-verdict")
    expect(page.get_by_test_id("lesson-next")).not_to_have_class(re.compile(r"\bquiet\b"))
    expect(page.get_by_test_id("lesson-retry")).to_have_class(re.compile(r"\bquiet\b"))
    shoot(page, "lesson-solved")
