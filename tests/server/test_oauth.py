"""Sign in with Discord or Google, the whole way: a real `ludo serve` (LiveServer) and real
providers on 127.0.0.1 built with Authlib's server side (oidc_provider.py), a browser's
cookies on each side (httpx). Nothing is patched: the site fetches tokens, keys and users
over HTTP as it would from Google and Discord."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

import httpx
import pytest

from .live import LiveServer, Player
from .oidc_provider import OAuthSite


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OAuthSite]:
    found = OAuthSite(tmp_path_factory.mktemp("oauth"))
    yield found
    found.stop()


@pytest.fixture
def browser(site: OAuthSite) -> Iterator[Player]:
    person = Player(site.server)
    yield person
    person.close()


def to_provider(person: Player, response: httpx.Response) -> str:
    """The provider's address the site sent the browser to."""
    assert response.status_code == 302, response.text
    return response.headers["location"]


def at_provider(authorize_url: str, sub: str, name: str, decision: str = "allow") -> str:
    """The person at the provider: sees the consent form, answers; the address the provider
    sends the browser back to (the site's callback)."""
    with httpx.Client(timeout=10) as there:
        consent = there.get(authorize_url)
        assert consent.status_code == 200, consent.text
        back = there.post(authorize_url, data={"sub": sub, "name": name, "decision": decision})
        assert back.status_code == 302, back.text
        return back.headers["location"]


def sign_in(person: Player, provider: str, sub: str, name: str, decision: str = "allow",
            next_path: str | None = None) -> httpx.Response:
    """The whole round: the site's button, the provider, the site's callback."""
    start = f"/auth/{provider}" + (f"?next={quote(next_path, safe='')}" if next_path else "")
    authorize = to_provider(person, person.http.get(start))
    return person.http.get(at_provider(authorize, sub, name, decision))


def link(person: Player, provider: str, sub: str, name: str) -> httpx.Response:
    authorize = to_provider(person, person.http.post(f"/auth/{provider}/link"))
    return person.http.get(at_provider(authorize, sub, name))


def choose_name(person: Player, name: str) -> httpx.Response:
    return person.http.post("/auth/name", data={"name": name})


def who(person: Player) -> dict[str, object]:
    """The signed-in account, as its own data download says."""
    r = person.http.get("/account/export")
    assert r.status_code == 200, r.text
    account: dict[str, object] = r.json()["account"]
    account["sign_in_with"] = [i["provider"] for i in r.json()["sign_in_with"]]
    return account


def message(response: httpx.Response) -> str:
    assert 'data-testid="message"' in response.text, response.text
    return response.text.split('data-testid="message">', 1)[1].split("</p>", 1)[0]


def with_query(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query.update(changes)
    return urlunsplit(parts._replace(query="&".join(f"{k}={quote(v, safe='')}"
                                                     for k, v in query.items())))


def test_login_page_offers_the_providers_that_are_on(site: OAuthSite, browser: Player,
                                                     server: LiveServer) -> None:
    page = browser.http.get("/login?next=/daily").text
    assert 'href="/auth/google?next=/daily"' in page
    assert 'href="/auth/discord?next=/daily"' in page
    # The other site (no client id or secret): no button, and no such address.
    plain = httpx.get(f"{server.url}/login")
    assert "/auth/google" not in plain.text and "sign-in-with" not in plain.text
    assert httpx.get(f"{server.url}/auth/google").status_code == 404


def test_the_redirect_carries_state_pkce_s256_and_a_nonce(site: OAuthSite, browser: Player) -> None:
    for name in ("google", "discord"):
        authorize = to_provider(browser, browser.http.get(f"/auth/{name}"))
        query = {k: v[0] for k, v in parse_qs(urlsplit(authorize).query).items()}
        assert authorize.startswith(site.provider(name).url + "/authorize?")
        assert query["response_type"] == "code" and len(query["state"]) >= 20
        assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
        assert query["redirect_uri"] == f"{site.server.url}/auth/{name}/callback"
        assert ("nonce" in query) == (name == "google")  # OpenID Connect only


def test_first_sign_in_asks_a_name_then_signs_in_again_without(site: OAuthSite) -> None:
    first = Player(site.server)
    Player(site.server).http.post("/register", data={"name": "Déjà", "password": "x" * 10})
    players, identities = site.rows()
    r = sign_in(first, "google", "g-100", "Gertrude Stein", next_path="/daily")
    assert r.status_code == 303 and r.headers["location"] == "/auth/name"
    form = first.http.get("/auth/name")
    assert 'value="Gertrude Stein"' in form.text  # the provider's name, suggested
    assert site.rows() == (players, identities)  # nothing stored before the name
    # The names of accounts: one that looks like an account's is refused, an empty one too.
    taken = choose_name(first, "DÉJÀ")
    assert taken.status_code == 400 and 'data-testid="form-error"' in taken.text
    assert choose_name(first, "   ").status_code == 400
    assert site.rows() == (players, identities)
    done = choose_name(first, "Gertrude")
    assert done.status_code == 303 and done.headers["location"] == "/daily"
    account = who(first)
    assert account["name"] == "Gertrude" and account["sign_in_with"] == ["google"]
    assert site.rows() == (players + 1, [*identities, ("google", "g-100", account["id"])])
    # The name page is done with: a second post makes nothing.
    assert choose_name(first, "Gertrude 2").status_code == 400
    # Another browser, later: straight in, the same account, no name asked.
    again = Player(site.server)
    r = sign_in(again, "google", "g-100", "Gertrude Stein", next_path="/ratings")
    assert r.status_code == 303 and r.headers["location"] == "/ratings"
    assert who(again)["id"] == account["id"]
    assert site.rows()[0] == players + 1
    # No password: the name alone signs nobody in.
    wrong = again.http.post("/login", data={"name": "Gertrude", "password": ""})
    assert wrong.status_code == 400
    for person in (first, again):
        person.close()


def test_discord_signs_in_through_its_user_endpoint(site: OAuthSite, browser: Player) -> None:
    r = sign_in(browser, "discord", "80351110224678912", "Nelly")
    assert r.status_code == 303 and r.headers["location"] == "/auth/name"
    assert 'value="Nelly"' in browser.http.get("/auth/name").text
    assert choose_name(browser, "Nelly").status_code == 303
    assert who(browser)["sign_in_with"] == ["discord"]


def test_one_account_links_both_and_unlinks(site: OAuthSite) -> None:
    person = Player(site.server)
    assert person.http.post("/register", data={"name": "Ambroise",
                                               "password": "long enough"}).status_code == 303
    me = who(person)["id"]
    assert link(person, "google", "g-amb", "Ambroise G").headers["location"] == "/account"
    assert link(person, "discord", "d-amb", "ambroise").headers["location"] == "/account"
    page = person.http.get("/account").text
    assert 'data-testid="linked-google"' in page and 'data-testid="linked-discord"' in page
    assert who(person)["sign_in_with"] == ["google", "discord"]
    # Either one signs in to the same account, from anywhere.
    for provider, sub in (("google", "g-amb"), ("discord", "d-amb")):
        elsewhere = Player(site.server)
        assert sign_in(elsewhere, provider, sub, "x").status_code == 303
        assert who(elsewhere)["id"] == me
        elsewhere.close()
    # An identity that signs someone else in is not theirs to link: nothing changes.
    other = Player(site.server)
    other.http.post("/register", data={"name": "Intrus", "password": "long enough"})
    before = site.rows()
    refused = link(other, "google", "g-amb", "Ambroise G")
    assert refused.status_code == 400 and "Google" in message(refused)
    assert site.rows() == before
    # One identity per provider and account: a second Google account is not linked.
    second = link(person, "google", "g-amb-2", "Ambroise bis")
    assert second.status_code == 400 and "Google" in message(second)
    assert who(person)["sign_in_with"] == ["google", "discord"]
    # Unlinked, Discord no longer signs in to this account (it would make a new one).
    assert person.http.post("/auth/discord/unlink").status_code == 303
    assert who(person)["sign_in_with"] == ["google"]
    stranger = Player(site.server)
    assert sign_in(stranger, "discord", "d-amb", "x").headers["location"] == "/auth/name"
    for p in (person, other, stranger):
        p.close()


def test_the_last_way_in_is_not_unlinked(site: OAuthSite, browser: Player) -> None:
    sign_in(browser, "google", "g-only", "Seule")
    assert choose_name(browser, "Seule").status_code == 303
    refused = browser.http.post("/auth/google/unlink")
    assert refused.status_code == 400 and "Google" in message(refused)
    assert who(browser)["sign_in_with"] == ["google"]


def test_wrong_state_replayed_code_error_and_denial_each_refused(site: OAuthSite) -> None:
    person = Player(site.server)
    before = site.rows()
    # A state that is not this browser's (forged, or from another browser's flow).
    callback = at_provider(to_provider(person, person.http.get("/auth/google")), "g-x", "X")
    forged = person.http.get(with_query(callback, state="forged-state-0123456789"))
    assert forged.status_code == 400 and "Google" in message(forged)
    assert "/auth/name" not in forged.headers.get("location", "")
    # The genuine answer after that is refused too: the flow was spent on the forgery.
    assert person.http.get(callback).status_code == 400
    stranger = Player(site.server)  # a browser that never started a flow
    assert stranger.http.get(callback).status_code == 400
    assert site.rows() == before
    # A code used once: replayed as is (the flow is spent), then with a fresh state (the
    # provider refuses the code: the site asked for it already).
    good = at_provider(to_provider(person, person.http.get("/auth/google")), "g-y", "Y")
    assert person.http.get(good).headers["location"] == "/auth/name"
    assert person.http.get(good).status_code == 400
    fresh = at_provider(to_provider(person, person.http.get("/auth/google")), "g-z", "Z")
    old_code = parse_qs(urlsplit(good).query)["code"][0]
    replayed = person.http.get(with_query(fresh, code=old_code))
    assert replayed.status_code == 400 and "Google" in message(replayed)
    # The provider fails, or the person says no: a page saying so.
    failed = sign_in(person, "google", "g-w", "W", decision="fail")
    assert failed.status_code == 400 and "temporarily_unavailable" in message(failed)
    denied = sign_in(person, "discord", "d-w", "W", decision="deny")
    assert denied.status_code == 400 and "Discord" in message(denied)
    assert denied.text != failed.text
    assert site.rows() == before
    assert person.http.get("/account/export").status_code == 303  # signed in as nobody
    person.close()
    stranger.close()


@pytest.mark.parametrize(("tamper", "why"), [
    ("key", "bad_signature"), ("issuer", "'iss'"), ("audience", "'aud'"),
    ("nonce", "'nonce'")])
def test_an_id_token_that_does_not_check_out_signs_nobody_in(site: OAuthSite, browser: Player,
                                                            tamper: str, why: str) -> None:
    before = site.rows()
    logged = site.server.log.read_text().count(why)
    site.google.tamper = tamper
    try:
        r = sign_in(browser, "google", f"g-{tamper}", "Faussaire")
    finally:
        site.google.tamper = None
    assert r.status_code == 400 and "Google" in message(r)
    assert browser.http.get("/auth/name").status_code == 400  # no name to choose
    assert site.rows() == before
    assert site.server.log.read_text().count(why) == logged + 1  # refused for that reason


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x",
                                    "/\\evil.example", "javascript:alert(1)"])
def test_next_never_leaves_the_site(site: OAuthSite, target: str) -> None:
    known, new = Player(site.server), Player(site.server)
    sign_in(known, "discord", "d-next", "Nico")
    choose_name(known, "Nico")
    r = sign_in(known, "discord", "d-next", "Nico", next_path=target)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert f'href="/auth/google?next={quote(target)}"' not in known.http.get(
        f"/login?next={quote(target, safe='')}").text
    r = sign_in(new, "google", f"g-next-{len(target)}", "Nouvelle", next_path=target)
    assert r.headers["location"] == "/auth/name"
    assert choose_name(new, f"Nouvelle {len(target)}").headers["location"] == "/"
    known.close()
    new.close()


def test_deleting_the_account_forgets_its_identities(site: OAuthSite, browser: Player) -> None:
    sign_in(browser, "google", "g-gone", "Partie")
    choose_name(browser, "Partie")
    assert ("google", "g-gone") in [(p, s) for p, s, _ in site.rows()[1]]
    gone = browser.http.post("/account/delete", data={"confirm": "Partie"})
    assert gone.status_code == 200
    assert ("google", "g-gone") not in [(p, s) for p, s, _ in site.rows()[1]]
    again = Player(site.server)
    assert sign_in(again, "google", "g-gone", "Partie").headers["location"] == "/auth/name"
    again.close()


def test_failed_callbacks_count_like_wrong_passwords(tmp_path: Path) -> None:
    limited = OAuthSite(tmp_path, limits={"login_address": "3 per 5 minute",
                                          "register_address": "1 per hour"})
    try:
        person = Player(limited.server)
        # A first sign-in's new account counts as a registration from its address.
        sign_in(person, "google", "g-first", "Une")
        assert choose_name(person, "Une").status_code == 303
        sign_in(person, "discord", "d-second", "Deux")
        refused = choose_name(person, "Deux")
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert [s for _, s, _ in limited.rows()[1]] == ["g-first"]
        # Sign-ins that went well count nothing against the address; failures do.
        for _ in range(3):
            r = person.http.get("/auth/google/callback?code=x&state=not-mine")
            assert r.status_code == 400
        # Over: refused before anything is asked of the provider, even a good answer.
        callback = at_provider(to_provider(person, person.http.get("/auth/google")), "g-l", "L")
        r = person.http.get(callback)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert [s for _, s, _ in limited.rows()[1]] == ["g-first"]
        # The same count as passwords: this address cannot try one either.
        assert person.http.post("/login", data={"name": "n", "password": "p"}).status_code == 429
        person.close()
    finally:
        limited.stop()


def test_a_guest_has_no_account_to_link(site: OAuthSite) -> None:
    guest = Player(site.server).guest("Passant")
    before = site.rows()
    r = guest.http.post("/auth/google/link")
    assert r.status_code == 400 and "invit" in message(r)
    assert site.rows() == before
    guest.close()


def test_a_provider_that_does_not_answer_is_a_page(site: OAuthSite, browser: Player) -> None:
    callback = at_provider(to_provider(browser, browser.http.get("/auth/discord")),
                           "d-away", "Absent")
    site.discord.stop()
    try:
        r = browser.http.get(callback)
    finally:
        site.discord.start()
    assert r.status_code == 400 and "Discord" in message(r)
    assert "d-away" not in [s for _, s, _ in site.rows()[1]]
