"""What every browser test does like a person: sign in as a guest, create a game with the
form, take turns; and what the screen tests check behind the person's back: the WebSocket
frames a page received and the true state of the game, replayed from the server's database."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, WebSocket, expect

from ludotheque import games
from ludotheque.core import State
from ludotheque.core.record import Move, Record, replay
from ludotheque.store import Store

from ..server.live import TOY, LiveServer

ARTIFACTS_NOTE = "screenshots go to test-artifacts/browser/ (tests/browser/conftest.py)"


def as_guest(context: Any, name: str, start: str = "/") -> Page:
    assert isinstance(context, BrowserContext)
    page = context.new_page()
    page.goto(start)
    page.get_by_test_id("login-link").click()
    form = page.get_by_test_id("guest-form")
    form.locator("input[name=name]").fill(name)
    form.get_by_role("button").click()
    expect(page.get_by_test_id("me")).to_contain_text(name)
    return page


def create(page: Page, seats: list[str], names: dict[int, str] | None = None,
           game: str = TOY, setup: str | None = None,
           options: dict[str, str | bool] | None = None) -> str:
    """Create a game through the home page and the new-game form; returns its id.
    `seats`: "me", "open" or "bot:<spec>" for each seat; `setup`: one of the game's
    setups (`Game.configs()` labels), picked from the form's presets; `options`: form
    fields by option name (a box ticked or not, a choice's value, a text)."""
    page.goto("/")
    page.get_by_test_id(f"new-{game}").click()
    if setup is not None:
        page.get_by_test_id(f"setup-{setup}").click()
    page.locator("#players").select_option(str(len(seats)))
    for i, seat in enumerate(seats):
        levels = page.get_by_test_id(f"seat-{i}").locator(f'option[value="{seat}"]')
        if levels.count():
            page.get_by_test_id(f"seat-{i}").select_option(seat)
        else:
            # The other engines (random, mcts ...) are under "Options avancées".
            advanced = page.get_by_test_id("advanced")
            if advanced.get_attribute("open") is None:
                advanced.locator("summary").click()
            page.get_by_test_id(f"engine-{i}").select_option(seat.removeprefix("bot:"))
    for i, name in (names or {}).items():
        page.get_by_test_id(f"name-{i}").fill(name)
    for name, value in (options or {}).items():
        field = page.locator(f"[name=opt_{name}]")
        if not field.is_visible():  # an engine field, under "Options avancées"
            page.get_by_test_id("advanced").locator("summary").click()
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.get_by_test_id("create").click()
    page.wait_for_url(re.compile(r"/g/[^/]+$"))
    return page.url.rsplit("/", 1)[1]


def is_over(page: Page) -> bool:
    return page.get_by_test_id("replay-link").is_visible()


def lift_curtain(page: Page) -> bool:
    curtain = page.get_by_test_id("curtain-button")
    if curtain.is_visible():
        curtain.click()
        return True
    return False


def play_until(pages: list[Page], take_turn: Callable[[Page], bool],
               done: Callable[[], bool], limit: float = 120) -> None:
    """Let each page take its turn (`take_turn` returns True when it clicked something)
    until `done()`; fails after `limit` seconds."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the game did not get there in time"
        if not any(take_turn(p) for p in pages):
            pages[0].wait_for_timeout(50)


class Frames:
    """Every WebSocket frame one page received, as text (what its player's browser got)."""

    def __init__(self, page: Page) -> None:
        self.texts: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self.texts.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def joined(self) -> str:
        return "\n".join(self.texts)


def true_state(site: LiveServer, game_id: str) -> State:
    """The game as the server holds it: its record read from the server's own database file
    and replayed through the engine (what no player's page may show in full)."""
    store = Store(site.db_url)
    try:
        row = store.game(game_id)
        assert row is not None, f"no game {game_id} in the server's database"
        moves = [Move(m.seat, m.action) for m in store.moves(game_id)]
    finally:
        store.close()
    record = Record(row.game, row.seed, row.players, dict(row.options), moves=moves)
    return replay(games.get(row.game), record, check_result=False)


def page_text(page: Page) -> str:
    """Everything the page holds: its whole DOM, hidden parts and attributes included."""
    return page.content()
