"""Players' forms: play as a guest, create an account, sign in and out; server-side sessions.

- A signed-in browser holds a random token in its (signed) session cookie; the database keeps
  the token's SHA-256 (store: `signed_in`). Signing out deletes that row, so a copy of the
  cookie made before signs nobody in.
- Password hashes (argon2, deliberately slow) run on their own small pool of threads, with a
  bounded queue, never on the threads that read the database for pages.
- Sign-in attempts are counted per name and per address; after a few wrong passwords each
  next try of that name waits longer (1, 2, 4 ... seconds), and past the window's count the
  name is refused until the window moves on. An unknown name is treated exactly like a known
  one (a hash against a dummy, the same counts), so neither the answer nor its time tells
  whether an account exists.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import TYPE_CHECKING, TypeVar

from limits import parse
from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response

from ludotheque.store import Player
from ludotheque.store.db import NameTaken
from ludotheque.store.names import name_key

from .auth import PASSWORD_MIN, check_password, clean_name, hash_password, password_problem
from .i18n import pick, translate
from .limits import Limiter, RateLimited

if TYPE_CHECKING:
    from .app import Site

T = TypeVar("T")

SESSION_TOKEN = "sid"
SESSION_LIFETIME = timedelta(days=365)
LANG_COOKIE = "lang"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def safe_next(raw: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if raw and raw.startswith("/") and not raw.startswith("//") and "\\" not in raw:
        return raw
    return "/"


def address(conn: HTTPConnection) -> str:
    """The client's address as the limits count it (`ip:...`)."""
    return f"ip:{conn.client.host if conn.client else 'unknown'}"


class Hasher:
    """argon2 on its own threads; at most `waiting` hashes queued, past that a refusal."""

    def __init__(self, workers: int, waiting: int) -> None:
        self.pool = ThreadPoolExecutor(max(1, workers), thread_name_prefix="argon2")
        self.waiting = max(1, waiting)
        self.pending = 0  # changed on the event loop only
        # Made now, not at the first unknown name (whose answer would then take twice as long).
        self._dummy = hash_password(secrets.token_urlsafe(16))

    async def run(self, work: Callable[..., T], *args: str) -> T:
        if self.pending >= self.waiting:
            raise RateLimited("hash_waiting", 1.0)
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool, work, *args)
        finally:
            self.pending -= 1

    async def hash(self, password: str) -> str:
        result: str = await self.run(hash_password, password)
        return result

    async def check(self, password_hash: str | None, password: str) -> tuple[bool, str | None]:
        """Like auth.check_password; with no hash (no such account) a dummy one is checked,
        which takes the same time and never matches."""
        if password_hash is None:
            await self.run(check_password, self._dummy, password)
            return False, None
        result: tuple[bool, str | None] = await self.run(check_password, password_hash,
                                                         password)
        return result

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class LoginThrottle:
    """Wrong passwords, counted per name (`login_account`) and per address (`login_address`)
    in moving windows; past `login_free_failures` a name's next try waits 1, 2, 4 ... s."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter

    def failures(self, name: str) -> int:
        item = self.limiter.item("login_account")
        stats = self.limiter.strategy.get_window_stats(item, "login_account", name)
        return item.amount - stats.remaining

    def delay(self, failures: int) -> int:
        over = failures - self.limiter.settings.login_free_failures
        return 0 if over <= 0 else 2 ** min(over - 1, 16)

    def check(self, name: str, addr: str) -> None:
        """RateLimited when this name or this address must wait."""
        limiter = self.limiter
        if not limiter.enabled:
            return
        for limit, key in (("login_account", name), ("login_address", addr)):
            item = limiter.item(limit)
            if not limiter.strategy.test(item, limit, key):
                raise RateLimited(limit, limiter.retry_after(item, limit, key))
        wait = self.delay(self.failures(name))
        if wait:
            item = parse(f"1 per {wait} second")
            if not limiter.strategy.test(item, "login_wait", name):
                raise RateLimited("login_wait", limiter.retry_after(item, "login_wait", name))

    def failed(self, name: str, addr: str) -> None:
        limiter = self.limiter
        if not limiter.enabled:
            return
        for limit, key in (("login_account", name), ("login_address", addr)):
            limiter.strategy.hit(limiter.item(limit), limit, key)
        wait = self.delay(self.failures(name))
        if wait:
            limiter.strategy.hit(parse(f"1 per {wait} second"), "login_wait", name)

    def succeeded(self, name: str) -> None:
        if self.limiter.enabled:
            self.limiter.clear("login_account", name)


class Accounts:
    """The handlers of /login, /register, /guest and /logout, and who a request is."""

    def __init__(self, site: Site) -> None:
        self.site = site
        settings = site.limiter.settings
        self.hasher = Hasher(settings.hash_workers, settings.hash_waiting)
        self.throttle = LoginThrottle(site.limiter)

    # -- sessions -----------------------------------------------------------------------------
    async def player(self, conn: HTTPConnection) -> Player | None:
        token = conn.session.get(SESSION_TOKEN)
        if not isinstance(token, str):
            return None
        return await asyncio.to_thread(self.site.store.signed_in, token_hash(token))

    async def sign_in(self, request: Request, player: Player) -> None:
        token = secrets.token_urlsafe(32)
        await self.site.store.sign_in.committed(player.id, token_hash(token),
                                                SESSION_LIFETIME)
        old = request.session.get(SESSION_TOKEN)
        if isinstance(old, str):  # signing in as someone else ends the previous session
            await self.site.store.sign_out.committed(token_hash(old))
        request.session.pop("player", None)  # the old cookie-only session, from before 0005
        request.session[SESSION_TOKEN] = token

    # -- forms --------------------------------------------------------------------------------
    async def login_page(self, request: Request) -> Response:
        player = await self.player(request)
        return self.site.page(request, "login.html", player, password_min=PASSWORD_MIN,
                              next=safe_next(request.query_params.get("next")), error=None)

    async def form_error(self, request: Request, key: str, nxt: str) -> Response:
        player = await self.player(request)
        return self.site.page(request, "login.html", player, status=400, next=nxt,
                              password_min=PASSWORD_MIN,
                              error=translate(pick(request.cookies.get(LANG_COOKIE)), key,
                                              n=PASSWORD_MIN))

    async def guest(self, request: Request) -> Response:
        form = await request.form()
        nxt = safe_next(str(form.get("next", "/")))
        name = clean_name(str(form.get("name", "")))
        if name is None:
            return await self.form_error(request, "auth.bad_name", nxt)
        self.site.limiter.hit("guest_address", address(request))
        try:
            p = await self.site.store.create_guest_committed(name)
        except NameTaken:
            # An account's name (or one that looks like it) is not a guest's to take.
            return await self.form_error(request, "auth.name_is_account", nxt)
        await self.sign_in(request, p)
        return RedirectResponse(nxt, 303)

    async def register(self, request: Request) -> Response:
        form = await request.form()
        nxt = safe_next(str(form.get("next", "/")))
        name = clean_name(str(form.get("name", "")))
        password = str(form.get("password", ""))
        if name is None:
            return await self.form_error(request, "auth.bad_name", nxt)
        problem = password_problem(password)
        if problem is not None:
            return await self.form_error(request, problem, nxt)
        self.site.limiter.hit("register_address", address(request))
        digest = await self.hasher.hash(password)
        try:
            p = await self.site.store.create_account_committed(name, digest)
        except NameTaken:
            return await self.form_error(request, "auth.name_taken", nxt)
        await self.sign_in(request, p)
        return RedirectResponse(nxt, 303)

    async def login(self, request: Request) -> Response:
        form = await request.form()
        nxt = safe_next(str(form.get("next", "/")))
        name = " ".join(str(form.get("name", "")).split())[:100]
        password = str(form.get("password", ""))[:1000]
        # Counted by the name as compared, whether an account has it or not.
        who, addr = f"name:{name_key(name)}", address(request)
        self.throttle.check(who, addr)
        account = await asyncio.to_thread(self.site.store.account, name) if name else None
        ok, new_hash = await self.hasher.check(
            account.password_hash if account is not None else None, password)
        if account is None or not ok:
            self.throttle.failed(who, addr)
            return await self.form_error(request, "auth.wrong", nxt)
        self.throttle.succeeded(who)
        if new_hash is not None:
            await self.site.store.set_password_hash.committed(account.id, new_hash)
        await self.sign_in(request, account)
        return RedirectResponse(nxt, 303)

    async def logout(self, request: Request) -> Response:
        token = request.session.get(SESSION_TOKEN)
        if isinstance(token, str):
            await self.site.store.sign_out.committed(token_hash(token))
        request.session.clear()
        return RedirectResponse("/", 303)
