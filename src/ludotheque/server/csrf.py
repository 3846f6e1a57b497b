"""Cross-site request forgery: every form the site receives carries a token only its own
pages know.

The token is made for the browser's session (the signed session cookie) the first time a page
shows a form, before anyone signs in, so a forged sign-in from another site fails too (login
CSRF). Every POST must send it back as the form field `csrf`: the middleware reads the form
(at most MAX_FORM bytes), compares in constant time, and answers 403 with nothing done when it
is missing or wrong. It guards every POST route, so a new form cannot forget it.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

FIELD = "csrf"
SESSION_KEY = "csrf"
# The site's forms are a few hundred bytes; a larger body is refused before it is read whole.
MAX_FORM = 64 * 1024
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def token(session: MutableMapping[str, Any]) -> str:
    """This browser's token, made on first use and kept in its session."""
    found = session.get(SESSION_KEY)
    if not isinstance(found, str) or not found:
        found = session[SESSION_KEY] = secrets.token_urlsafe(32)
    return found


class Refusal(Exception):
    """A request refused before its handler: the status and the catalogue key to show."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(key)
        self.status = status
        self.key = key


Refuse = Callable[[Request, Refusal], Awaitable[Response]]


class CsrfMiddleware:
    """Checks the token of every unsafe request; must run inside the SessionMiddleware."""

    def __init__(self, app: ASGIApp, refuse: Refuse | None = None) -> None:
        self.app = app
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        try:
            body = await read_body(scope, receive)
            check(scope, body)
        except Refusal as refusal:
            request = Request(scope)
            if self.refuse is None:
                response: Response = PlainTextResponse(refusal.key, refusal.status)
            else:
                response = await self.refuse(request, refusal)
            await response(scope, receive, send)
            return
        await self.app(scope, replay(body, receive), send)


async def read_body(scope: Scope, receive: Receive) -> bytes:
    """The whole body, refused (413) past MAX_FORM bytes, declared or sent."""
    for name, value in scope.get("headers", []):
        if name == b"content-length" and value.isdigit() and int(value) > MAX_FORM:
            raise Refusal(413, "error.form_too_large")
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Refusal(400, "error.form_refused")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_FORM:
            raise Refusal(413, "error.form_too_large")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def check(scope: Scope, body: bytes) -> None:
    """Refusal (403) unless the form's token is this session's."""
    session = scope.get("session")
    expected = session.get(SESSION_KEY) if isinstance(session, dict) else None
    content_type = b""
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            content_type = value.split(b";", 1)[0].strip().lower()
    sent: list[str] = []
    if content_type == b"application/x-www-form-urlencoded":
        try:
            sent = parse_qs(body.decode("utf-8"), max_num_fields=1000).get(FIELD, [])
        except (UnicodeDecodeError, ValueError):
            sent = []
    if not isinstance(expected, str) or len(sent) != 1 or not secrets.compare_digest(
            sent[0].encode(), expected.encode()):
        raise Refusal(403, "error.csrf")


def replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the handler the body already read, then the client's messages."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
