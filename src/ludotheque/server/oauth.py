"""Sign in with Discord or Google: OAuth 2 (Discord) and OpenID Connect (Google) through
Authlib's Starlette client, next to the name + password accounts (accounts.py).

The flow, for a provider that is on (oauth_config.py):

- `GET /auth/{provider}?next=/path` (or `POST /auth/{provider}/link` from /account, for a
  signed-in account) sends the browser to the provider with a fresh `state`, a PKCE
  challenge (S256) and, for OpenID Connect, a `nonce`; the verifier and the nonce stay in
  the browser's signed session, with the flow's `next` and its purpose.
- `GET /auth/{provider}/callback` takes the answer once: a state that is not this browser's
  pending one, an error from the provider, a denied consent, a code the provider refuses (a
  replayed one), an id_token whose signature (the provider's JWKS), issuer, audience or
  nonce is wrong: each is a page that says so, and nothing is changed. Failures count against
  the address as wrong passwords do (`login_address`), and an address over it is refused
  before anything is asked of the provider.
- A known identity signs its player in; a new one asks for a site name first (`/auth/name`,
  the rules of every account name: auth.clean_name, store/names.py); linking adds it to the
  signed-in account. `next` is only ever a path on this site (accounts.safe_next).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import warnings
from typing import TYPE_CHECKING, Any

import httpx
from authlib.deprecate import AuthlibDeprecationWarning
from joserfc.errors import JoseError
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ludotheque.store import Player, identities
from ludotheque.store.db import NameTaken

from .accounts import address, safe_next
from .auth import NAME_MAX, clean_name
from .limits import RateLimited
from .oauth_config import Provider

with warnings.catch_warnings():
    # Authlib 1.x talks through httpx and says at every start that it would rather have
    # httpx2 (pyproject keeps Authlib below 2, where that changes): not for operators' logs.
    warnings.filterwarnings("ignore", category=AuthlibDeprecationWarning,
                            message="The httpx module is deprecated")
    from authlib.integrations.starlette_client import OAuth, OAuthError
    from authlib.integrations.starlette_client.apps import StarletteOAuth2App

if TYPE_CHECKING:
    from .app import Site

log = logging.getLogger("ludotheque.server.oauth")

FLOW = "oauth_flow"  # session: the one flow this browser has under way
PENDING = "oauth_pending"  # session: a first sign-in waiting for its site name
FLOW_LIFETIME = 600.0  # seconds from the redirect to the provider until its answer
SUBJECT_MAX = 255
# What of a provider's error code a page shows: its own short words, nothing else.
ERROR_CODE = re.compile(r"[a-z_]{1,40}")


class SignInFailed(Exception):
    """The provider's answer does not say who signed in."""


class SignInWith:
    """The routes of the providers that are on; none when none is."""

    def __init__(self, site: Site, providers: dict[str, Provider],
                 public_url: str | None = None) -> None:
        self.site = site
        self.providers = providers
        self.public_url = public_url
        self.oauth = OAuth()
        for p in providers.values():
            metadata: dict[str, str] = {"userinfo_endpoint": p.userinfo}
            if p.openid:  # the id_token is checked against these (never left out)
                metadata.update(jwks_uri=str(p.jwks), issuer=str(p.issuer))
            self.oauth.register(
                p.name, client_id=p.client_id, client_secret=p.client_secret,
                authorize_url=p.authorize, access_token_url=p.token,
                client_kwargs={"scope": p.scope, "code_challenge_method": "S256",
                               "timeout": 10.0},
                **metadata)

    def routes(self) -> list[Route]:
        return [
            Route("/auth/name", self.name_form, methods=["GET"]),
            Route("/auth/name", self.name_chosen, methods=["POST"]),
            Route("/auth/{provider}", self.start, methods=["GET"]),
            Route("/auth/{provider}/callback", self.callback, methods=["GET"]),
            Route("/auth/{provider}/link", self.link, methods=["POST"]),
            Route("/auth/{provider}/unlink", self.unlink, methods=["POST"]),
        ]

    def buttons(self) -> list[dict[str, str]]:
        """The providers that are on, for the login page."""
        return [{"name": p.name, "title": p.title} for p in self.providers.values()]

    async def account_rows(self, player: Player) -> list[dict[str, Any]]:
        """For /account: each provider that is on, and whether the player has linked it."""
        mine = {i.provider: i for i in await asyncio.to_thread(
            identities.linked, self.site.store, player.id)}
        return [{"name": p.name, "title": p.title, "linked": p.name in mine,
                 "since": mine[p.name].created.date().isoformat() if p.name in mine else None}
                for p in self.providers.values()]

    # -- helpers --------------------------------------------------------------------------------
    def client(self, request: Request) -> tuple[Provider, StarletteOAuth2App] | None:
        name = request.path_params["provider"]
        provider = self.providers.get(name)
        if provider is None:
            return None
        client = self.oauth.create_client(name)
        assert isinstance(client, StarletteOAuth2App)
        return provider, client

    def redirect_uri(self, request: Request, name: str) -> str:
        base = self.public_url or str(request.base_url).rstrip("/")
        return f"{base}/auth/{name}/callback"

    def message(self, request: Request, player: Player | None, key: str, status: int = 400,
                **params: Any) -> Response:
        return self.site.page(request, "message.html", player, status=status,
                              message_key=key, message_params=params)

    async def not_on(self, request: Request) -> Response:
        player = await self.site.player(request)
        return self.message(request, player, "oauth.unknown_provider", 404)

    def check_address(self, addr: str) -> None:
        """RateLimited when this address has failed too many sign-ins (any kind)."""
        limiter = self.site.limiter
        if not limiter.enabled:
            return
        item = limiter.item("login_address")
        if not limiter.strategy.test(item, "login_address", addr):
            raise RateLimited("login_address", limiter.retry_after(item, "login_address", addr))

    def failed(self, addr: str) -> None:
        limiter = self.site.limiter
        if limiter.enabled:
            limiter.strategy.hit(limiter.item("login_address"), "login_address", addr)

    async def redirect(self, request: Request, provider: Provider, client: StarletteOAuth2App,
                       nxt: str, link: str | None) -> Response:
        """To the provider, with state, PKCE and nonce kept in this browser's session."""
        found = await client.create_authorization_url(self.redirect_uri(request, provider.name))
        await client.save_authorize_data(
            request, redirect_uri=self.redirect_uri(request, provider.name), **found)
        request.session[FLOW] = {"provider": provider.name, "state": found["state"],
                                 "next": nxt, "link": link, "at": time.time()}
        return RedirectResponse(found["url"], 302)

    # -- the flow -------------------------------------------------------------------------------
    async def start(self, request: Request) -> Response:
        found = self.client(request)
        if found is None:
            return await self.not_on(request)
        provider, client = found
        return await self.redirect(request, provider, client,
                                   safe_next(request.query_params.get("next")), None)

    async def link(self, request: Request) -> Response:
        found = self.client(request)
        if found is None:
            return await self.not_on(request)
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        if player.login is None:  # a guest has no account to link to
            return self.message(request, player, "oauth.guest_cannot_link")
        provider, client = found
        return await self.redirect(request, provider, client, "/account", player.id)

    async def callback(self, request: Request) -> Response:
        found = self.client(request)
        if found is None:
            return await self.not_on(request)
        provider, client = found
        addr = address(request)
        self.check_address(addr)
        flow = request.session.pop(FLOW, None)
        state = request.query_params.get("state")
        fresh = isinstance(flow, dict) and time.time() - float(flow.get("at", 0)) \
            < FLOW_LIFETIME
        if not fresh or not state or flow.get("provider") != provider.name \
                or flow.get("state") != state:
            await self.forget_state(client, request, state)
            self.failed(addr)
            return self.message(request, await self.site.player(request), "oauth.wrong_state",
                                provider=provider.title)
        error = request.query_params.get("error")
        if error is not None:
            await self.forget_state(client, request, state)
            self.failed(addr)
            key = "oauth.denied" if error == "access_denied" else "oauth.provider_error"
            code = error if ERROR_CODE.fullmatch(error) else "?"
            return self.message(request, await self.site.player(request), key,
                                provider=provider.title, error=code)
        try:
            token = await client.authorize_access_token(request, **self.checks(provider))
            subject, suggested = await self.who(provider, client, token)
        except (OAuthError, JoseError, httpx.HTTPError, SignInFailed, ValueError,
                KeyError, TypeError) as exc:
            log.warning("sign-in with %s refused: %r", provider.name, exc)
            self.failed(addr)
            return self.message(request, await self.site.player(request), "oauth.failed",
                                provider=provider.title)
        nxt = safe_next(str(flow.get("next", "/")))
        link = flow.get("link")
        if isinstance(link, str):
            return await self.linked(request, provider, subject, link)
        owner = await asyncio.to_thread(identities.owner, self.site.store, provider.name,
                                        subject)
        if owner is not None:
            await self.site.accounts.sign_in(request, owner)
            return RedirectResponse(nxt, 303)
        request.session[PENDING] = {"provider": provider.name, "subject": subject,
                                    "suggested": suggested, "next": nxt, "at": time.time()}
        return RedirectResponse("/auth/name", 303)

    def checks(self, provider: Provider) -> dict[str, Any]:
        """What an id_token must say besides its signature and nonce: this issuer, and this
        site among its audience (Authlib alone lets another client's token through when
        it names this one as its `azp`)."""
        if not provider.openid:
            return {}
        return {"claims_options": {
            "iss": {"essential": True, "values": provider.issuers},
            "aud": {"essential": True, "values": [provider.client_id]}}}

    async def forget_state(self, client: StarletteOAuth2App, request: Request,
                           state: str | None) -> None:
        """Authlib's data of this flow (verifier, nonce) goes: an answer is taken once."""
        if state:
            await client.framework.clear_state_data(request.session, state)
        for key in [k for k in request.session if k.startswith(f"_state_{client.name}_")]:
            request.session.pop(key, None)

    async def who(self, provider: Provider, client: StarletteOAuth2App,
                  token: dict[str, Any]) -> tuple[str, str]:
        """(the provider's id of its user, a name to suggest) from a checked answer."""
        if provider.openid:
            # Authlib verified the id_token (signature by the JWKS, issuer, audience, nonce,
            # expiry) before handing it over; without one, nobody is signed in.
            claims = token.get("userinfo")
            if not isinstance(claims, dict):
                raise SignInFailed("no id_token in the token response")
            subject, suggested = claims.get("sub"), claims.get("name") or ""
        else:
            answer = await client.get(provider.userinfo, token=token)
            answer.raise_for_status()
            data = answer.json()
            if not isinstance(data, dict):
                raise SignInFailed("the user endpoint did not answer an object")
            subject = data.get("id")
            suggested = data.get("global_name") or data.get("username") or ""
        if not isinstance(subject, str | int) or isinstance(subject, bool) \
                or not 1 <= len(str(subject)) <= SUBJECT_MAX:
            raise SignInFailed("no usable user id")
        return str(subject), clean_name(str(suggested)) or ""

    async def linked(self, request: Request, provider: Provider, subject: str,
                     player_id: str) -> Response:
        player = await self.site.player(request)
        if player is None or player.id != player_id:  # signed out (or in as another) since
            return self.message(request, player, "oauth.link_signed_out")
        outcome = await asyncio.to_thread(identities.link, self.site.store, player.id,
                                          provider.name, subject)
        if outcome in ("linked", "already"):
            return RedirectResponse("/account", 303)
        return self.message(request, player, f"oauth.link_{outcome}", provider=provider.title)

    # -- first sign-in: the site name ---------------------------------------------------------
    def pending(self, request: Request) -> dict[str, Any] | None:
        found = request.session.get(PENDING)
        if not isinstance(found, dict) or found.get("provider") not in self.providers \
                or time.time() - float(found.get("at", 0)) >= FLOW_LIFETIME:
            request.session.pop(PENDING, None)
            return None
        return found

    def name_page(self, request: Request, pending: dict[str, Any], name: str,
                  error: str | None = None, status: int = 200) -> Response:
        return self.site.page(request, "oauth_name.html", None, status=status,
                              provider=self.providers[pending["provider"]].title,
                              chosen=name, name_max=NAME_MAX, error=error)

    async def name_form(self, request: Request) -> Response:
        pending = self.pending(request)
        if pending is None:
            return self.message(request, await self.site.player(request), "oauth.no_pending")
        return self.name_page(request, pending, str(pending.get("suggested", "")))

    async def name_chosen(self, request: Request) -> Response:
        pending = self.pending(request)
        if pending is None:
            return self.message(request, await self.site.player(request), "oauth.no_pending")
        form = await request.form()
        raw = str(form.get("name", ""))[:10 * NAME_MAX]
        name = clean_name(raw)
        if name is None:
            return self.name_page(request, pending, raw, "auth.bad_name", 400)
        # A new account, counted as a registration is (per address).
        self.site.limiter.hit("register_address", address(request))
        try:
            player = await asyncio.to_thread(identities.create_account, self.site.store, name,
                                             pending["provider"], pending["subject"])
        except NameTaken:
            return self.name_page(request, pending, name, "auth.name_taken", 400)
        except identities.IdentityTaken:  # made by another tab meanwhile: that account
            owner = await asyncio.to_thread(identities.owner, self.site.store,
                                            pending["provider"], pending["subject"])
            if owner is None:
                return self.message(request, None, "oauth.no_pending")
            player = owner
        request.session.pop(PENDING, None)
        await self.site.accounts.sign_in(request, player)
        return RedirectResponse(safe_next(str(pending.get("next", "/"))), 303)

    # -- /account: unlink -----------------------------------------------------------------------
    async def unlink(self, request: Request) -> Response:
        found = self.client(request)
        if found is None:
            return await self.not_on(request)
        provider, _ = found
        player = await self.site.player(request)
        if player is None:
            return RedirectResponse("/login?next=/account", 303)
        outcome = await asyncio.to_thread(identities.unlink, self.site.store, player,
                                          provider.name)
        if outcome == "last_way_in":
            return self.message(request, player, "oauth.last_way_in", provider=provider.title)
        return RedirectResponse("/account", 303)
