"""Sign in with Google and Discord in a real browser: the site's button, the provider's
consent page on another site (`localhost` is not `127.0.0.1` to a browser: the session
cookie must come back with the provider's redirect), the name page, and /account."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.oidc_provider import OAuthSite
from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def oauth_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OAuthSite]:
    found = OAuthSite(tmp_path_factory.mktemp("oauth-browser"), provider_host="localhost")
    yield found
    found.stop()


def consent(page: Page, sub: str, name: str) -> None:
    """The person at the provider says yes."""
    page.locator("input[name=sub]").fill(sub)
    page.locator("input[name=name]").fill(name)
    page.locator("button[value=allow]").click()


def test_sign_up_with_google_then_link_discord(chromium: Browser, oauth_site: OAuthSite,
                                              request: pytest.FixtureRequest) -> None:
    context = chromium.new_context(base_url=oauth_site.server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/login?next=/ratings")
        page.get_by_test_id("sign-in-google").click()
        assert page.url.startswith(oauth_site.google.url + "/authorize?")  # the provider's
        consent(page, "g-browser", "Brigitte Fontaine")
        page.wait_for_url("**/auth/name")
        name = page.locator("input[name=name]")
        expect(name).to_have_value("Brigitte Fontaine")
        name.fill("Brigitte")
        page.get_by_test_id("name-form").locator("button").click()
        page.wait_for_url("**/ratings")
        expect(page.get_by_test_id("me")).to_contain_text("Brigitte")
        # /account: Google linked; Discord linked with a click and the provider's consent.
        page.goto("/account")
        expect(page.get_by_test_id("linked-google")).to_be_visible()
        page.get_by_test_id("identity-discord").locator("button").click()
        assert page.url.startswith(oauth_site.discord.url + "/authorize?")
        consent(page, "d-browser", "brigitte")
        page.wait_for_url("**/account")
        expect(page.get_by_test_id("linked-discord")).to_be_visible()
        assert [p for p, s, _ in oauth_site.rows()[1] if s in ("g-browser", "d-browser")] == [
            "google", "discord"]
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(ARTIFACTS) / f"{request.node.name}.png"), full_page=True)
        context.close()
