"""Which "Sign in with ..." providers are on, and where their endpoints are.

A provider is on when both its client id and its client secret are set, by the environment
(`LUDO_OAUTH_GOOGLE_CLIENT_ID`, `LUDO_OAUTH_GOOGLE_CLIENT_SECRET`, and the same for DISCORD)
or by `ludo serve` options (`--oauth-google-client-id` ...), an option winning over the
environment. Each endpoint has the provider's published address by default and can be moved
(`--oauth-endpoint google.token=URL` or `LUDO_OAUTH_GOOGLE_TOKEN_URL`): a test points them
at a provider of its own on 127.0.0.1. docs/security.md and docs/deploy.md say how to set
them up.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

# Google is OpenID Connect (a signed id_token says who signed in); Discord is plain OAuth 2
# (its /users/@me says who the token belongs to).
DEFAULTS: dict[str, dict[str, str]] = {
    "discord": {
        "kind": "oauth2",
        "scope": "identify",
        "authorize": "https://discord.com/oauth2/authorize",
        "token": "https://discord.com/api/oauth2/token",
        "userinfo": "https://discord.com/api/users/@me",
    },
    "google": {
        "kind": "oidc",
        "scope": "openid profile",
        "authorize": "https://accounts.google.com/o/oauth2/v2/auth",
        "token": "https://oauth2.googleapis.com/token",
        "userinfo": "https://openidconnect.googleapis.com/v1/userinfo",
        "jwks": "https://www.googleapis.com/oauth2/v3/certs",
        "issuer": "https://accounts.google.com",
    },
}
GOOGLE_ISSUER = DEFAULTS["google"]["issuer"]
GOOGLE_ALSO = ("accounts.google.com",)
PROVIDERS = tuple(DEFAULTS)
ENDPOINTS = ("authorize", "token", "userinfo", "jwks", "issuer")
TITLES = {"discord": "Discord", "google": "Google"}


@dataclass(frozen=True)
class Provider:
    name: str
    kind: str  # "oidc" or "oauth2"
    client_id: str
    client_secret: str
    scope: str
    authorize: str
    token: str
    userinfo: str
    jwks: str | None = None
    issuer: str | None = None

    @property
    def title(self) -> str:
        return TITLES[self.name]

    @property
    def openid(self) -> bool:
        return self.kind == "oidc"

    @property
    def issuers(self) -> list[str]:
        """The `iss` values an id_token may carry: the issuer, and for Google's own the form
        without a scheme that Google's documentation says its tokens may also carry."""
        if self.issuer is None:
            return []
        if self.issuer == GOOGLE_ISSUER:
            return [self.issuer, *GOOGLE_ALSO]
        return [self.issuer]


def secure(url: str) -> bool:
    """https, or http to this very machine (a provider run by the tests)."""
    parts = urlsplit(url)
    if not parts.hostname:
        return False
    if parts.scheme == "https":
        return True
    if parts.scheme != "http":
        return False
    if parts.hostname == "localhost":
        return True
    try:
        return ipaddress.ip_address(parts.hostname).is_loopback
    except ValueError:
        return False


def endpoint_values(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`PROVIDER.ENDPOINT=URL` items as {"google.token": URL}; ValueError for a bad one."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        name, dot, endpoint = key.strip().partition(".")
        if not sep or not dot or name not in DEFAULTS or endpoint not in ENDPOINTS:
            raise ValueError(f"--oauth-endpoint {item!r}: write PROVIDER.ENDPOINT=URL with "
                             f"PROVIDER one of {', '.join(PROVIDERS)} and ENDPOINT one of "
                             f"{', '.join(ENDPOINTS)}")
        out[f"{name}.{endpoint}"] = value.strip()
    return out


def setting(env: Mapping[str, str], options: Mapping[str, str | None], name: str, key: str,
            env_key: str) -> str | None:
    """One provider's setting: the option if given, else the environment's, else None."""
    given = options.get(f"{name}.{key}")
    return given or env.get(f"LUDO_OAUTH_{name.upper()}_{env_key}") or None


def providers(env: Mapping[str, str], options: Mapping[str, str | None] | None = None
              ) -> dict[str, Provider]:
    """The providers that are on. `options`: "google.client_id", "google.client_secret",
    "google.token" ... as the command line gives them (None: not given). ValueError for a
    half-configured provider or an endpoint that is neither https nor on this machine."""
    options = options or {}
    found: dict[str, Provider] = {}
    for name, defaults in DEFAULTS.items():
        prefix = f"LUDO_OAUTH_{name.upper()}_"
        client_id = setting(env, options, name, "client_id", "CLIENT_ID")
        secret = setting(env, options, name, "client_secret", "CLIENT_SECRET")
        if client_id is None and secret is None:
            continue
        if client_id is None or secret is None:
            raise ValueError(f"{name}: set both the client id and the client secret "
                             f"({prefix}CLIENT_ID and {prefix}CLIENT_SECRET)")
        urls: dict[str, str | None] = {}
        for endpoint in ENDPOINTS:
            url = (setting(env, options, name, endpoint, f"{endpoint.upper()}_URL")
                   or defaults.get(endpoint))
            if url is not None and not secure(url):
                raise ValueError(f"{name}.{endpoint}: {url!r} is not an https address")
            urls[endpoint] = url
        if defaults["kind"] == "oidc" and not (urls["jwks"] and urls["issuer"]):
            raise ValueError(f"{name}: an OpenID Connect provider needs jwks and issuer")
        found[name] = Provider(
            name=name, kind=defaults["kind"], client_id=client_id, client_secret=secret,
            scope=defaults["scope"], authorize=str(urls["authorize"]), token=str(urls["token"]),
            userinfo=str(urls["userinfo"]), jwks=urls["jwks"], issuer=urls["issuer"])
    return found


def public_url(raw: str | None) -> str | None:
    """The site's address as players reach it (the redirect URIs start with it), without a
    trailing slash; ValueError unless it is an http(s) address with a host and no path."""
    if not raw:
        return None
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname \
            or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"--public-url {raw!r}: write https://HOST[:PORT]")
    return f"{parts.scheme}://{parts.netloc}"


def from_command_line(env: Mapping[str, str], credentials: Mapping[str, str | None],
                      endpoints: list[str] | tuple[str, ...], public: str | None
                      ) -> tuple[dict[str, Provider], str | None]:
    """What `ludo serve` starts with: `credentials` {"google.client_id": ...} from its
    options, `endpoints` its `--oauth-endpoint` items, `public` its `--public-url` (default:
    $LUDO_PUBLIC_URL). ValueError says what is wrong."""
    options: dict[str, str | None] = {**credentials, **endpoint_values(endpoints)}
    return providers(env, options), public_url(public or env.get("LUDO_PUBLIC_URL"))
