"""Which sign-in providers are on, from the environment and `ludo serve`'s options."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ludotheque.server.oauth_config import (
    endpoint_values,
    from_command_line,
    providers,
    public_url,
)

from .live import ROOT


def test_a_provider_is_on_with_both_its_id_and_secret() -> None:
    assert providers({}) == {}
    env = {"LUDO_OAUTH_GOOGLE_CLIENT_ID": "gid", "LUDO_OAUTH_GOOGLE_CLIENT_SECRET": "gs"}
    found = providers(env)
    assert list(found) == ["google"]
    google = found["google"]
    assert google.openid and google.client_id == "gid" and google.client_secret == "gs"
    assert google.issuer == "https://accounts.google.com"
    assert google.issuers == ["https://accounts.google.com", "accounts.google.com"]
    assert google.jwks == "https://www.googleapis.com/oauth2/v3/certs"
    # An option wins over the environment.
    assert providers(env, {"google.client_id": "other"})["google"].client_id == "other"
    discord = providers({}, {"discord.client_id": "d", "discord.client_secret": "s"})["discord"]
    assert not discord.openid and discord.userinfo == "https://discord.com/api/users/@me"
    assert discord.scope == "identify"


@pytest.mark.parametrize("env", [
    {"LUDO_OAUTH_GOOGLE_CLIENT_ID": "gid"},
    {"LUDO_OAUTH_DISCORD_CLIENT_SECRET": "s"},
])
def test_half_a_provider_is_refused(env: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="both the client id and the client secret"):
        providers(env)


def test_endpoints_move_but_stay_on_https_or_this_machine() -> None:
    both = {"google.client_id": "g", "google.client_secret": "s"}
    moved = providers({}, {**both, **endpoint_values(
        ["google.token=http://127.0.0.1:9/token", "google.issuer=http://localhost:9"])})
    assert moved["google"].token == "http://127.0.0.1:9/token"
    assert moved["google"].issuer == "http://localhost:9"
    assert moved["google"].issuers == ["http://localhost:9"]  # that one alone
    env = {"LUDO_OAUTH_GOOGLE_JWKS_URL": "https://keys.example/jwks"}
    assert providers(env, both)["google"].jwks == "https://keys.example/jwks"
    for bad in ("http://provider.example/token", "ftp://127.0.0.1/x", "/token"):
        with pytest.raises(ValueError, match="not an https address"):
            providers({}, {**both, "google.token": bad})
    for item in ("google.token", "github.token=https://x", "google.secret=https://x"):
        with pytest.raises(ValueError, match=r"PROVIDER\.ENDPOINT=URL"):
            endpoint_values([item])


def test_public_url_is_an_origin() -> None:
    assert public_url(None) is None
    assert public_url("https://ludo.example.org/") == "https://ludo.example.org"
    assert public_url("http://127.0.0.1:8123") == "http://127.0.0.1:8123"
    for bad in ("ludo.example.org", "https://ludo.example.org/path", "javascript:x"):
        with pytest.raises(ValueError, match="--public-url"):
            public_url(bad)
    assert from_command_line({"LUDO_PUBLIC_URL": "https://a.example"}, {}, [], None) == (
        {}, "https://a.example")


def test_ludo_serve_refuses_a_half_configured_provider() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ludotheque.cli", "serve", "--oauth-google-client-id", "g"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 2
    assert "both the client id and the client secret" in done.stderr
