"""Mitan's screen in a real browser (issue 9): whole games against a bot through the board,
the market and the reserve, by clicks, the arrow-key cursor and the notation field; the
hidden placement (MT-16) never reaches the other seat's page before the reveal."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque import games
from ludotheque.games.mitan import MitanState
from ludotheque.games.mitan.board import CAMPS, SQUARE_NAMES
from ludotheque.games.mitan.pieces import piece

from ..server.live import LiveServer
from .helpers import Frames, as_guest, create, is_over, play_until, true_state

pytestmark = pytest.mark.browser

GAME = games.get("mitan")
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
MITANS = ("c5", "e5", "g5")
BATTLE = re.compile(r"^([A-Z])([a-i][1-9])(<>|-|x|\*|>)([a-i][1-9])$")


def shot(page: Page, what: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"mitan-{what}.png"), full_page=True)


def phase(page: Page) -> str:
    return page.locator(".screen-mitan").get_attribute("data-phase") or ""


def legal(page: Page) -> list[str]:
    """The actions the screen offers its player now (the notation field's suggestions)."""
    if page.locator(".screen-mitan:not(.mt-sent) .mt-turn.mt-mine").count() == 0:
        return []
    return [v for v in page.locator(".mt-keys datalist option").evaluate_all(
        "options => options.map(o => o.value)") if v]


def best(actions: list[str], side: int) -> str:
    """A simple policy: take a piece, else step onto a Mitan, else go forward."""
    def score(text: str) -> tuple[int, int, str]:
        m = BATTLE.match(text)
        if m is None:
            return (0, 0, text)
        rank = int(m.group(4)[1])
        forward = rank if side == 0 else 10 - rank
        return (2 if m.group(3) in "x*" else 1 if m.group(4) in MITANS else 0, forward, text)
    return max(actions, key=score)


def square(page: Page, name: str) -> Any:
    return page.get_by_test_id(f"sq-{name}")


def click_action(page: Page, text: str) -> None:
    """Play a battle action on the board: its piece, then its square (and the choice if two
    actions share that square)."""
    m = BATTLE.match(text)
    assert m is not None, text
    square(page, m.group(2)).click()
    target = square(page, m.group(4))
    expect(target).to_have_attribute("data-actions", re.compile(re.escape(text)))
    target.click()
    choice = page.get_by_test_id(f"choice-{text}")
    if choice.count():
        choice.click()


def take_turn(page: Page, side: int, only: str | None = None) -> bool:
    """Play the page's turn, if it has one (and only in the phase `only`, when given)."""
    actions = legal(page)
    if not actions or (only is not None and phase(page) != only):
        return False
    if phase(page) == "draft":
        page.locator("[data-testid^=pick-]:enabled").first.click()
    elif phase(page) == "placement":
        page.locator(".mt-hit[data-target=place]").first.click()
    elif actions == ["pass"]:
        page.get_by_test_id("pass").click()
    else:
        click_action(page, best(actions, side))
    return True


def log_has(page: Page, who: str, action: str) -> None:
    """A step of the log by `who` with `action` as its notation (its events say it in words)."""
    notation = page.locator("code", has_text=re.compile(f"^{re.escape(action)}$"))
    step = page.locator("#log .step").filter(has_text=who).filter(has=notation)
    expect(step.first).to_be_visible()


def test_a_whole_open_game_against_a_bot_by_clicks_cursor_and_notation(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Ada")
    gid = create(page, ["me", "bot:random"], game="mitan", setup="open")
    board = page.get_by_test_id("mitan-board")
    expect(board).to_be_visible()
    # The board has its coordinates and marks the three Mitans.
    for label in ("a", "i", "1", "9"):
        coordinate = board.locator(".mt-coords text", has_text=re.compile(f"^{label}$"))
        expect(coordinate.first).to_be_attached()
    for m in MITANS:
        expect(board.locator(f".mt-mitan[data-mitan={m}]")).to_have_count(1)
    expect(page.get_by_test_id("mitan-seat-0")).to_contain_text("au trait")
    expect(page.locator("[data-testid^=pick-]:enabled")).to_have_count(6)
    shot(page, "start")

    # The notation field: a text that is no action, then a well-formed but illegal one, then
    # a legal pick typed and sent with Enter.
    field = page.get_by_test_id("notation-input")
    message = page.get_by_test_id("notation-message")
    field.fill("Zz9")
    field.press("Enter")
    expect(message).to_contain_text("notation de Mitan")
    market = {t.removeprefix("pick-") for t in
              page.locator("[data-testid^=pick-]:enabled").evaluate_all(
                  "bs => bs.map(b => b.dataset.testid)")}
    absent = next(k for k in "FLMSGKABPEXY" if k not in market)
    field.fill(f"pick {absent}")
    field.press("Enter")
    expect(message).to_contain_text(f"« pick {absent} » n'est pas une action permise")
    first = sorted(market)[0]
    field.fill(f"pick {first}")
    field.press("Enter")
    log_has(page, "1. Ada", f"pick {first}")

    play_until([page], lambda p: take_turn(p, 0, "draft"), lambda: phase(page) == "placement", 60)
    # Placement with the keyboard: the Chef is in hand, the cursor starts on e2.
    expect(page.locator(".mt-hit[data-target=place]")).to_have_count(18)
    cursor = page.locator(".mt-hit[tabindex='0']")
    expect(cursor).to_have_attribute("data-square", "e2")
    cursor.focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".mt-hit[tabindex='0']")).to_have_attribute("data-square", "d2")
    page.keyboard.press("Enter")
    log_has(page, "Ada", "C@d2")
    expect(page.locator(".mt-piece[data-square=d2]")).to_have_attribute("data-piece", "C")

    play_until([page], lambda p: take_turn(p, 0, "placement"), lambda: phase(page) == "battle",
               60)
    wait_for_turn(page)
    expect(page.get_by_test_id("mitan-ply")).to_contain_text("0 sur 150")
    # A piece chosen shows exactly its legal destinations, each with its kind.
    actions = legal(page)
    origin = BATTLE.match(actions[0]).group(2)  # type: ignore[union-attr]
    square(page, origin).click()
    own = {BATTLE.match(a).group(4) for a in actions if a[1:3] == origin}  # type: ignore[union-attr]
    marked = set(page.locator(".mt-hit[data-target]").evaluate_all(
        "rs => rs.map(r => r.dataset.square)"))
    assert marked == own
    expect(page.locator(".mt-selected")).to_have_count(1)
    shot(page, "targets")
    page.keyboard.press("Escape")
    expect(page.locator(".mt-selected")).to_have_count(0)

    # A move with the cursor: arrows to the piece, Enter, arrows to the square, Enter.
    wait_for_turn(page)
    text = best(legal(page), 0)
    walk_to(page, text[1:3])
    page.keyboard.press("Enter")
    expect(page.locator(".mt-selected")).to_have_count(1)
    walk_to(page, text[-2:])
    page.keyboard.press("Enter")
    choice = page.get_by_test_id(f"choice-{text}")
    if choice.count():
        choice.click()
    log_has(page, "Ada", text)

    # A move typed in the notation.
    wait_for_turn(page)
    text = best(legal(page), 0)
    field.fill(text)
    field.press("Enter")
    log_has(page, "Ada", text)

    # The first time a piece can take, its targets are shown (a capture is marked by its own
    # shape, the red corners) before it takes.
    captures = 0

    def take_or_show(p: Page) -> bool:
        nonlocal captures
        actions = legal(p)
        text = best(actions, 0) if actions else ""
        if captures == 0 and re.match(r"^[A-Z][a-i][1-9][x*]", text):
            square(p, text[1:3]).click()
            kind = "capture" if "x" in text else "shot"
            expect(square(p, text[-2:])).to_have_attribute("data-target", kind)
            expect(p.locator(f".mt-t-{kind}").first).to_be_visible()
            shot(p, "capture-targets")
            captures += 1
            p.keyboard.press("Escape")
            expect(p.locator(".mt-selected")).to_have_count(0)
        return take_turn(p, 0)

    play_until([page], take_or_show, lambda: is_over(page), 150)
    expect(page.get_by_test_id("mitan-end")).to_be_visible()
    state = true_state(site, gid)
    result = state.result()
    assert result is not None
    points = f"{int(result.scores[0])}-{int(result.scores[1])}"
    expect(page.get_by_test_id("end-why")).to_contain_text(points)
    # The game's panel keeps the final count; who won and why is the room's (issue 20).
    expect(page.get_by_test_id("mitan-end")).to_contain_text(
        f"Blancs {int(result.scores[0])}, Noirs {int(result.scores[1])}")
    expect(page.get_by_test_id("points-0")).to_have_text(str(int(result.scores[0])))
    expect(page.locator(".mt-ghost")).to_have_count(0)  # the last capture has faded
    shot(page, "end")
    page.set_viewport_size({"width": 380, "height": 800})
    expect(page.get_by_test_id("mitan-board")).to_be_visible()
    shot(page, "phone")


def wait_for_turn(page: Page) -> None:
    expect(page.locator(".screen-mitan:not(.mt-sent) .mt-turn.mt-mine")).to_be_visible()


def walk_to(page: Page, target: str) -> None:
    """Move the board's cursor to `target` with the arrow keys (White's side of the board)."""
    cursor = page.locator(".mt-hit[tabindex='0']")
    cursor.focus()
    at = cursor.get_attribute("data-square") or "e2"
    files = "abcdefghi"
    df = files.index(target[0]) - files.index(at[0])
    dr = int(target[1]) - int(at[1])
    for _ in range(abs(df)):
        page.keyboard.press("ArrowRight" if df > 0 else "ArrowLeft")
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowUp" if dr > 0 else "ArrowDown")
    expect(page.locator(".mt-hit[tabindex='0']")).to_have_attribute("data-square", target)


def mitan_state(site: LiveServer, gid: str) -> MitanState:
    state = true_state(site, gid)
    assert isinstance(state, MitanState)
    return state


def secret_placements(state: MitanState) -> list[tuple[str, str]]:
    """Black's pieces already placed in secret, as (letter, square), while the placement lasts."""
    if not (state.hidden and state.phase == 1):
        return []
    out = []
    for sq in CAMPS[1]:
        letter = state.piece_at(SQUARE_NAMES[sq])
        if letter:
            out.append((letter.upper(), SQUARE_NAMES[sq]))
    return out


def assert_hidden(page: Page, frames: Frames, state: MitanState) -> int:
    """Nothing of Black's secret placement in White's page or frames; returns how many
    secret pieces there were to hide."""
    secret = secret_placements(state)
    content = page.content()
    joined = frames.joined()
    for letter, sq in secret:
        name = piece("CFLMSGKABPEXY".index(letter) + 1).name
        for text in (f"{letter}@{sq}", f"{sq}, {name} noir", f"{name} en {sq}"):
            assert text not in content, text
            assert text not in joined, text
        assert not re.search(rf'"square":\s*"{sq}"', joined), sq
        expect(page.locator(f".mt-piece[data-square={sq}]")).to_have_count(0)
    for message in frames.messages():
        if message.get("type") != "state":
            continue
        assert set(message["views"]) <= {"0"}
        for view in message["views"].values():
            if view["phase"] == "placement":
                assert all(view["board"][sq] == "" for sq in CAMPS[1])
                assert view["reserve"][1] is None
        for step in message["steps"]:
            if step["seat"] == 1 and any(e["kind"] == "place" for e in step["events"]):
                pytest.fail(f"Black's secret placement reached White: {step}")
    return len(secret)


def test_hidden_placement_stays_secret_until_the_reveal(
        site: LiveServer, contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Héloïse")
    frames = Frames(page)
    gid = create(page, ["me", "bot:random"], game="mitan", setup="hidden")
    play_until([page], lambda p: take_turn(p, 0, "draft"), lambda: phase(page) == "placement", 60)
    hidden_seen = 0
    placed = 0
    while placed < 7:
        wait_for_turn(page)
        hidden_seen = max(hidden_seen, assert_hidden(page, frames, mitan_state(site, gid)))
        page.locator(".mt-hit[data-target=place]").first.click()
        placed += 1
        expect(page.get_by_test_id("placed-0")).to_have_text(f"{placed}/8")
        if placed == 4:
            expect(page.get_by_test_id("veil-1")).to_be_visible()
            page.wait_for_timeout(500)  # let the piece land before the picture
            shot(page, "hidden-placement")
    # Black (the bot) places at once: by now some of its army is down, unseen.
    expect(page.get_by_test_id("placed-1")).to_have_text("8/8")
    hidden_seen = max(hidden_seen, assert_hidden(page, frames, mitan_state(site, gid)))
    assert hidden_seen == 8
    page.locator(".mt-hit[data-target=place]").first.click()
    # The reveal: Black's whole army appears, and the banner says so.
    expect(page.get_by_test_id("mitan-banner")).to_contain_text("révélées")
    state = mitan_state(site, gid)
    for sq in CAMPS[1]:
        letter = state.piece_at(SQUARE_NAMES[sq])
        if letter:
            expect(page.locator(f".mt-piece[data-square={SQUARE_NAMES[sq]}]")).to_have_attribute(
                "data-piece", letter)
    expect(page.get_by_test_id("veil-1")).to_have_count(0)
    page.wait_for_timeout(600)  # let the revealed pieces land before the picture
    shot(page, "hidden-reveal")
    play_until([page], lambda p: take_turn(p, 0), lambda: is_over(page), 150)
    expect(page.get_by_test_id("mitan-end")).to_be_visible()


def test_black_in_english_sees_its_camp_below_and_plays_with_the_keyboard(
        contexts: Callable[[], Any]) -> None:
    page = as_guest(contexts(), "Noé")
    page.locator("a[data-lang=en]").click()
    create(page, ["bot:random", "me"], game="mitan", setup="open")
    wait_for_turn(page)
    expect(page.get_by_test_id("mitan-turn")).to_contain_text("Your turn (Black)")
    # Black's camp is at the bottom of Black's board, files run from i to a.
    a1, a9, i1 = (square(page, n).bounding_box() for n in ("a1", "a9", "i1"))
    assert a1 is not None and a9 is not None and i1 is not None
    assert a9["y"] > a1["y"] and i1["x"] < a1["x"]
    field = page.get_by_test_id("notation-input")
    field.fill("pick Q")
    field.press("Enter")
    expect(page.get_by_test_id("notation-message")).to_contain_text(
        "is not written in Mitan's notation")
    # A market card is a button: focus and Enter pick it.
    card = page.locator("[data-testid^=pick-]:enabled").first
    letter = (card.get_attribute("data-testid") or "").removeprefix("pick-")
    expect(card).to_have_attribute("aria-label", re.compile(r"^Pick a .+ left, value"))
    card.focus()
    page.keyboard.press("Enter")
    log_has(page, "Noé", f"pick {letter}")
    play_until([page], lambda p: take_turn(p, 1, "draft"), lambda: phase(page) == "placement", 60)
    wait_for_turn(page)
    # The cursor starts on e8; down on Black's screen is towards rank 9.
    cursor = page.locator(".mt-hit[tabindex='0']")
    expect(cursor).to_have_attribute("data-square", "e8")
    cursor.focus()
    page.keyboard.press("ArrowDown")
    expect(page.locator(".mt-hit[tabindex='0']")).to_have_attribute("data-square", "e9")
    page.keyboard.press("Enter")
    log_has(page, "Noé", "C@e9")
    expect(page.locator(".mt-piece[data-square=e9]")).to_have_attribute("data-piece", "c")
    expect(square(page, "e9")).to_have_attribute("aria-label", re.compile("^e9, black Chief"))


# -- the screen on positions made by the engine ----------------------------------------------------

PROBE = """async ({ view, seat }) => {
  const screen = (await import("/screens/mitan/screen.js")).default;
  const words = await (await fetch("/screens/mitan/fr.json")).json();
  const { t, extend } = await import("/static/js/i18n.js");  // the pages' own t()
  extend(words);
  let probe = document.getElementById("probe");
  if (!probe) {
    probe = document.createElement("section");
    probe.id = "probe";
    document.querySelector("main").prepend(probe);
  }
  window.sent = [];
  screen.render(probe, {
    view, seat, legal: view.legal || [], act: (text) => window.sent.push(text), t,
    state: { version: 1, steps: [], mine: [seat], result: null, seats: [] }, lang: "fr",
    seatName: (i) => ["Ada", "Bob"][i], replay: false,
  });
}"""


def show(page: Page, state: MitanState, seat: int) -> None:
    page.evaluate(PROBE, {"view": state.view(seat), "seat": seat})
    expect(page.get_by_test_id("mitan-board")).to_be_visible()


def sent(page: Page) -> list[str]:
    result = page.evaluate("window.sent")
    assert isinstance(result, list)
    return [str(x) for x in result]


def test_two_actions_on_one_square_paralysis_and_shields_are_shown(
        contexts: Callable[[], Any]) -> None:
    from tests.games.mitan.helpers import position

    page = contexts().new_page()
    page.goto("/")
    # White's Espion may take the Fantassin on e6 or swap with it (MT-12); White's Lancier on
    # a4 is paralysed by the Envoûteur on a5 (MT-10); h7 is shielded by h6 (MT-9).
    state = position({"e5": "Y", "e6": "f", "a4": "L", "a5": "e", "h6": "p", "h7": "f",
                      "c1": "A"})
    show(page, state, 0)
    expect(page.locator(".mt-piece[data-square=a4] .mt-paralysed")).to_have_count(1)
    expect(page.locator(".mt-piece[data-square=h7] .mt-shielded")).to_have_count(1)
    expect(square(page, "a4")).not_to_have_attribute("data-movable", "true")
    expect(square(page, "a4")).to_have_attribute("aria-label", re.compile("paralysée"))
    expect(page.get_by_test_id("paralysis-note")).to_contain_text("a4")
    square(page, "e5").click()
    expect(square(page, "e6")).to_have_attribute("data-target", "choice")
    expect(page.get_by_test_id("mitan-board").locator(".mt-t-choice")).to_have_count(1)
    targets = set(page.locator(".mt-hit[data-target]").evaluate_all(
        "rs => rs.map(r => r.dataset.square)"))
    assert targets == {t[-2:] for t in state.legal_texts(0) if t.startswith("Ye5")}
    square(page, "e6").click()
    expect(page.get_by_test_id("choice-Ye5xe6")).to_be_visible()
    page.get_by_test_id("choice-back").click()  # a step back, then choose again
    expect(page.get_by_test_id("choice-Ye5xe6")).to_have_count(0)
    square(page, "e6").click()
    shot(page, "choice")
    page.get_by_test_id("choice-Ye5<>e6").click()
    assert sent(page) == ["Ye5<>e6"]


def test_actions_banned_by_repetition_are_marked_and_explained(
        contexts: Callable[[], Any]) -> None:
    from tests.games.mitan.helpers import play, position

    page = contexts().new_page()
    page.goto("/")
    state = position({"e1": "L", "e9": "l"})
    shuffle = ["Le1-e2", "Le9-e8", "Le2-e1", "Le8-e9"]
    play(state, *shuffle, *shuffle[:3])  # MT-18: Le8-e9 would repeat the start a third time
    show(page, state, 1)
    expect(page.get_by_test_id("repetition-note")).to_contain_text("Le8-e9")
    square(page, "e8").click()
    expect(page.get_by_test_id("mitan-board").locator(".mt-t-banned")).to_have_count(1)
    expect(square(page, "e9")).not_to_have_attribute("data-target", re.compile("."))
    field = page.get_by_test_id("notation-input")
    field.fill("Le8-e9")
    field.press("Enter")
    expect(page.get_by_test_id("notation-message")).to_contain_text("troisième fois")
    assert sent(page) == []
    field.fill("Le8-e7")
    field.press("Enter")
    assert sent(page) == ["Le8-e7"]


def test_the_first_lessons_of_the_tutorial_by_clicks(contexts: Callable[[], Any]) -> None:
    """MT-27: /learn, a lesson from its position, a wrong move shown with what worked, a retry
    that solves it, then the next lesson; the tutor's reply played for it."""
    page = as_guest(contexts(), "Élève")
    page.get_by_test_id("learn-link").click()
    lessons = GAME.lessons()
    page.get_by_test_id(f"lesson-{lessons[0].id}").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    panel = page.get_by_test_id("lesson")
    expect(panel).to_contain_text(lessons[0].title["fr"])
    expect(panel).to_have_attribute("data-status", "playing")
    right = lessons[0].step[0].solutions[0]
    start = GAME.new(lessons[0].seed, 2, lessons[0].options)
    legal = [a for a in start.legal_texts(0) if a not in lessons[0].step[0].solutions]
    click_action(page, legal[0])
    expect(panel).to_have_attribute("data-status", "missed")
    # What worked, in the game's words (issue #20), not the notation.
    expect(page.get_by_test_id("lesson-solution")).to_contain_text("Ce qui réussissait")
    expect(page.get_by_test_id("lesson-solution")).not_to_contain_text(right)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "mitan-lesson-missed.png"), full_page=True)
    page.get_by_test_id("lesson-retry").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    click_action(page, right)
    expect(page.get_by_test_id("lesson")).to_have_attribute("data-status", "solved")
    expect(page.get_by_test_id("lesson-solved")).to_contain_text(lessons[0].success["fr"][:40])
    page.get_by_test_id("lesson-next").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    expect(page.get_by_test_id("lesson")).to_contain_text(lessons[1].title["fr"])
    page.get_by_test_id("learn-link").click()
    expect(page.get_by_test_id(f"done-{lessons[0].id}")).to_be_visible()

