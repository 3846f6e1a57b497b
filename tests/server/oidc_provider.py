"""A real OAuth 2 / OpenID Connect provider on 127.0.0.1 for the sign-in tests.

Built with Authlib's server side (the authorization server, its authorization-code grant,
PKCE and OpenID Connect extensions), served by Starlette under uvicorn in a thread of the
test process. Two kinds, as the site meets them:

- `kind="oidc"` (Google-like): authorization code + PKCE, a token endpoint that answers an
  id_token signed with an RSA key published at /jwks, and /userinfo;
- `kind="oauth2"` (Discord-like): authorization code + PKCE, no id_token, and /api/users/@me
  that says whose the access token is.

The person at the provider is the test: GET /authorize shows a consent form, and the test
POSTs the same address with `sub`, `name` and `decision` (allow, deny, fail). `tamper` makes
the next id_tokens wrong in one way (key, issuer, audience, nonce) as a forger would.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import uvicorn
from authlib.common.urls import add_params_to_uri
from authlib.oauth2.rfc6749 import (
    AuthorizationServer,
    ClientMixin,
    OAuth2Error,
    OAuth2Request,
    grants,
)
from authlib.oauth2.rfc6749.requests import BasicOAuth2Payload
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from authlib.oidc.core.models import AuthorizationCodeMixin
from joserfc.jwk import RSAKey
from markupsafe import escape
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .live import LiveServer, free_port


@dataclass(frozen=True)
class User:
    sub: str
    name: str


@dataclass
class Client(ClientMixin):  # type: ignore[misc]
    client_id: str
    client_secret: str
    redirect_uris: list[str]
    scope: str

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> str:
        return self.redirect_uris[0]

    def get_allowed_scope(self, scope: str) -> str:
        allowed = set(self.scope.split())
        return " ".join(s for s in (scope or "").split() if s in allowed)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret: str) -> bool:
        return secrets.compare_digest(client_secret.encode(), self.client_secret.encode())

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return endpoint != "token" or method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


@dataclass
class Code(AuthorizationCodeMixin):  # type: ignore[misc]
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user: User
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int = field(default_factory=lambda: int(time.time()))

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time

    def get_acr(self) -> None:
        return None

    def get_amr(self) -> None:
        return None


class FormRequest(OAuth2Request):  # type: ignore[misc]
    """Authlib's request made from a Starlette request whose form is already read."""

    def __init__(self, request: Request, form: dict[str, str]) -> None:
        super().__init__(request.method, str(request.url), headers=Headers(
            raw=request.headers.raw))
        self._args = dict(request.query_params)
        self._form = form
        self.payload = BasicOAuth2Payload({**self._args, **form})

    @property
    def args(self) -> dict[str, str]:
        return self._args

    @property
    def form(self) -> dict[str, str]:
        return self._form


class CodeGrant(grants.AuthorizationCodeGrant):  # type: ignore[misc]
    def save_authorization_code(self, code: str, request: Any) -> None:
        data = request.payload.data
        provider: Provider = self.server.provider
        provider.codes[code] = Code(
            code=code, client_id=request.client.get_client_id(),
            redirect_uri=data.get("redirect_uri", ""), scope=request.scope or "",
            user=request.user, nonce=data.get("nonce"),
            code_challenge=data.get("code_challenge"),
            code_challenge_method=data.get("code_challenge_method"))

    def query_authorization_code(self, code: str, client: Client) -> Code | None:
        found = self.server.provider.codes.get(code)
        return found if found is not None and found.client_id == client.client_id else None

    def delete_authorization_code(self, authorization_code: Code) -> None:
        # A code is good once: used, it is gone, and a replay is refused (invalid_grant).
        self.server.provider.codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code: Code) -> User:
        return authorization_code.user


class IdToken(OpenIDCode):  # type: ignore[misc]
    def __init__(self, provider: Provider) -> None:
        super().__init__(require_nonce=True)
        self.provider = provider

    def exists_nonce(self, nonce: str, request: Any) -> bool:
        return any(c.nonce == nonce for c in self.provider.codes.values())

    def resolve_client_private_key(self, client: Client) -> RSAKey:
        # A forger's key under the provider's key id: the signature cannot check out.
        return self.provider.forged if self.provider.tamper == "key" else self.provider.key

    def get_client_algorithm(self, client: Client) -> str:
        return "RS256"

    def get_encode_header(self, client: Client) -> dict[str, str]:
        return {"alg": "RS256", "kid": str(self.provider.key.kid)}

    def get_client_claims(self, client: Client) -> dict[str, Any]:
        tamper = self.provider.tamper
        claims: dict[str, Any] = {
            "iss": "https://elsewhere.example" if tamper == "issuer" else self.provider.url,
            "aud": [client.client_id], "exp": int(time.time()) + 600}
        if tamper == "audience":  # for another client (which names this one as its party)
            claims.update(aud=["another-client"], azp=client.client_id)
        return claims

    def get_authorization_code_claims(self, authorization_code: Code) -> dict[str, Any]:
        claims: dict[str, Any] = super().get_authorization_code_claims(authorization_code)
        if self.provider.tamper == "nonce":
            claims["nonce"] = "not-the-one-sent"
        return claims

    def generate_user_info(self, user: User, scope: str) -> UserInfo:
        return UserInfo(sub=user.sub, name=user.name)


class Server(AuthorizationServer):  # type: ignore[misc]
    def __init__(self, provider: Provider) -> None:
        super().__init__(scopes_supported=provider.scope.split())
        self.provider = provider
        self.register_token_generator("default", BearerTokenGenerator(
            lambda *args, **kwargs: secrets.token_urlsafe(32)))

    def query_client(self, client_id: str) -> Client | None:
        return self.provider.clients.get(client_id)

    def save_token(self, token: dict[str, Any], request: Any) -> None:
        self.provider.tokens[token["access_token"]] = request.user

    def create_oauth2_request(self, request: Any) -> Any:
        return request  # already a FormRequest

    def create_json_request(self, request: Any) -> Any:
        return request

    def handle_response(self, status: int, body: Any, headers: Any) -> Response:
        if isinstance(body, dict):
            return JSONResponse(body, status, headers=dict(headers))
        return Response(body, status, headers=dict(headers))

    def send_signal(self, name: str, *args: Any, **kwargs: Any) -> None:
        pass


class Provider:
    """One provider on its own port, with its clients, codes and tokens in memory."""

    def __init__(self, kind: str = "oidc", host: str = "127.0.0.1") -> None:
        self.kind = kind
        self.port = free_port()
        self.url = f"http://{host}:{self.port}"
        self.scope = "openid profile" if kind == "oidc" else "identify"
        self.key = RSAKey.generate_key(2048, parameters={"kid": "k1"}, private=True)
        self.forged = RSAKey.generate_key(2048, parameters={"kid": "k1"}, private=True)
        self.clients: dict[str, Client] = {}
        self.codes: dict[str, Code] = {}
        self.tokens: dict[str, User] = {}
        self.requests: list[dict[str, str]] = []  # every authorization request's query
        self.tamper: str | None = None
        self.server = Server(self)
        extensions: list[Any] = [CodeChallenge(required=True)]
        if kind == "oidc":
            extensions.append(IdToken(self))
        self.server.register_grant(CodeGrant, extensions)
        self._uvicorn: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def add_client(self, client_id: str, secret: str, redirect_uri: str) -> None:
        self.clients[client_id] = Client(client_id, secret, [redirect_uri], self.scope)

    def endpoints(self, name: str) -> list[str]:
        """`--oauth-endpoint` items pointing the site's provider `name` here."""
        userinfo = "/userinfo" if self.kind == "oidc" else "/api/users/@me"
        items = [f"{name}.authorize={self.url}/authorize", f"{name}.token={self.url}/token",
                 f"{name}.userinfo={self.url}{userinfo}"]
        if self.kind == "oidc":
            items += [f"{name}.jwks={self.url}/jwks", f"{name}.issuer={self.url}"]
        return items

    # -- endpoints ------------------------------------------------------------------------------
    async def authorize_page(self, request: Request) -> Response:
        self.requests.append(dict(request.query_params))
        try:
            self.server.get_consent_grant(FormRequest(request, {}), end_user=None)
        except OAuth2Error as error:
            return HTMLResponse(f"<p>{escape(error.error)}</p>", 400)
        action = f"/authorize?{urlencode(dict(request.query_params))}"
        return HTMLResponse(
            f'<form method="post" action="{escape(action)}"><input name="sub">'
            '<input name="name"><button name="decision" value="allow">Allow</button>'
            '<button name="decision" value="deny">Deny</button></form>')

    async def authorize(self, request: Request) -> Response:
        form = {k: str(v) for k, v in (await request.form()).items()}
        oauth_request = FormRequest(request, {})
        try:
            grant = self.server.get_consent_grant(oauth_request, end_user=None)
        except OAuth2Error as error:
            return HTMLResponse(f"<p>{escape(error.error)}</p>", 400)
        decision = form.get("decision")
        if decision == "fail":  # the provider itself fails, and says so to the client
            uri = add_params_to_uri(grant.redirect_uri, [
                ("error", "temporarily_unavailable"),
                ("state", request.query_params.get("state", ""))])
            return RedirectResponse(uri, 302)
        user = User(form.get("sub", ""), form.get("name", "")) if decision == "allow" else None
        response: Response = self.server.create_authorization_response(
            oauth_request, grant_user=user, grant=grant)
        return response

    async def token(self, request: Request) -> Response:
        form = {k: str(v) for k, v in (await request.form()).items()}
        response: Response = self.server.create_token_response(FormRequest(request, form))
        return response

    def bearer(self, request: Request) -> User | None:
        kind, _, token = request.headers.get("authorization", "").partition(" ")
        return self.tokens.get(token) if kind.lower() == "bearer" else None

    async def userinfo(self, request: Request) -> Response:
        user = self.bearer(request)
        if user is None:
            return JSONResponse({"error": "invalid_token"}, 401)
        return JSONResponse({"sub": user.sub, "name": user.name})

    async def discord_me(self, request: Request) -> Response:
        user = self.bearer(request)
        if user is None:
            return JSONResponse({"message": "401: Unauthorized", "code": 0}, 401)
        return JSONResponse({"id": user.sub, "username": user.name.lower(),
                             "global_name": user.name, "discriminator": "0"})

    async def jwks(self, request: Request) -> Response:
        return JSONResponse({"keys": [self.key.as_dict(private=False)]})

    # -- running --------------------------------------------------------------------------------
    def start(self) -> Provider:
        app = Starlette(routes=[
            Route("/authorize", self.authorize_page, methods=["GET"]),
            Route("/authorize", self.authorize, methods=["POST"]),
            Route("/token", self.token, methods=["POST"]),
            Route("/userinfo", self.userinfo),
            Route("/api/users/@me", self.discord_me),
            Route("/jwks", self.jwks),
        ])
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                log_config=None)
        self._uvicorn = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._uvicorn.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._uvicorn.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the provider did not start in 10 s")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        if self._uvicorn is not None and self._thread is not None:
            self._uvicorn.should_exit = True
            self._thread.join(10)


GOOGLE_ID, GOOGLE_SECRET = "ludo-google", "google-secret-for-tests"
DISCORD_ID, DISCORD_SECRET = "ludo-discord", "discord-secret-for-tests"


class OAuthSite:
    """A real `ludo serve` (LiveServer) with both providers on, and the providers (on
    `provider_host`: `localhost` makes them another site than 127.0.0.1 for a browser)."""

    def __init__(self, folder: Path, limits: dict[str, str] | None = None,
                 provider_host: str = "127.0.0.1") -> None:
        self.google = Provider("oidc", provider_host).start()
        self.discord = Provider("oauth2", provider_host).start()
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        self.google.add_client(GOOGLE_ID, GOOGLE_SECRET, f"{url}/auth/google/callback")
        self.discord.add_client(DISCORD_ID, DISCORD_SECRET, f"{url}/auth/discord/callback")
        args = ("--oauth-google-client-id", GOOGLE_ID,
                "--oauth-google-client-secret", GOOGLE_SECRET,
                "--oauth-discord-client-id", DISCORD_ID,
                "--oauth-discord-client-secret", DISCORD_SECRET,
                "--public-url", url,
                *[f"--oauth-endpoint={e}" for e in self.google.endpoints("google")],
                *[f"--oauth-endpoint={e}" for e in self.discord.endpoints("discord")])
        self.db = folder / "site.sqlite3"
        self.server = LiveServer(self.db, port=port, limits=limits, args=args).start()

    def provider(self, name: str) -> Provider:
        return self.google if name == "google" else self.discord

    def stop(self) -> None:
        self.server.stop()
        self.google.stop()
        self.discord.stop()

    def rows(self) -> tuple[int, list[tuple[str, str, str]]]:
        """(how many players, every identity as (provider, subject, player))."""
        with sqlite3.connect(self.db) as conn:
            players = conn.execute("SELECT count(*) FROM players").fetchone()[0]
            found = conn.execute("SELECT provider, subject, player_id FROM identities "
                                 "ORDER BY id").fetchall()
        return int(players), [tuple(r) for r in found]
