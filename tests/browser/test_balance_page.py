"""The balance pages in a real browser: from the navigation to a report, its plots drawn in
the page, then in English (a screenshot of each goes to test-artifacts/browser/)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

pytestmark = pytest.mark.browser


def test_a_balance_report_with_its_plots_in_both_languages(
        contexts: Callable[[], BrowserContext]) -> None:
    page = contexts().new_page()
    page.goto("/")
    page.get_by_test_id("balance-link").click()
    page.get_by_test_id("balance-row-mimik-2p").get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("MIMIK : équilibre")
    tags = page.get_by_test_id("plot-tags").locator("svg")
    expect(tags).to_be_visible()
    assert tags.locator("g.row").count() == page.get_by_test_id("balance-tags").locator(
        "tbody tr").count()
    box = tags.bounding_box()
    assert box is not None and box["height"] > 200  # drawn, not an empty box
    page.locator('[data-lang="en"]').click()
    expect(page.get_by_role("heading", level=1)).to_have_text("MIMIK: balance")
    expect(page.get_by_test_id("plot-seats").locator("svg title").first).to_have_text(
        "MIMIK: score by seat, 1000 games")
    expect(page.get_by_test_id("balance-findings")).to_contain_text("Swap Score")


def test_the_balance_pages_fit_a_phone(contexts: Callable[[], BrowserContext]) -> None:
    page = contexts().new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/balance", "/balance/mitix-famix", "/balance/mimik-4p"):
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)  # wide tables scroll in their own box
    page.goto("/balance")
    label = page.get_by_test_id("balance-row-mitan").locator("td[data-label]").first
    expect(label).to_be_visible()
    expect(page.get_by_test_id("balance-headline-mitan")).to_contain_text("les Noirs (2e place)")
