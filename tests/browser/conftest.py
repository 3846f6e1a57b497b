"""A real server and Debian's Chromium driven by Playwright (no browser download)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.live import LiveServer

CHROMIUM = os.environ.get("LUDO_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("browser") / "site.sqlite3", bot_workers=1).start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM} "
                    "(apt-get install chromium; ./dev test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def sized(chromium: object, site: LiveServer) -> Iterator[Callable[[str], object]]:
    """A new browser context of one of the sizes of room_fit.SIZES ("laptop", "phone"; the
    contexts fixture's are 1100x900)."""
    from playwright.sync_api import Browser, BrowserContext

    from .room_fit import SIZES

    assert isinstance(chromium, Browser)
    made: list[BrowserContext] = []

    def make(size: str) -> BrowserContext:
        width, height = SIZES[size]
        context = chromium.new_context(base_url=site.url,
                                       viewport={"width": width, "height": height})
        context.set_default_timeout(20_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def contexts(chromium: object, site: LiveServer,
             request: pytest.FixtureRequest) -> Iterator[Callable[[], object]]:
    """New browser contexts (separate cookies: separate people); screenshots at the end."""
    from playwright.sync_api import Browser, BrowserContext

    assert isinstance(chromium, Browser)
    made: list[BrowserContext] = []

    def make() -> BrowserContext:
        context = chromium.new_context(base_url=site.url, viewport={"width": 1100, "height": 900})
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield make
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, context in enumerate(made):
        for j, page in enumerate(context.pages):
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{i}-{j}.png"),
                            full_page=True)
        context.close()
