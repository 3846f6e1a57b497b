"""What the HTTP defences of issue 17 cost a request, in microseconds (no server: the pieces
themselves, on this machine's one core).

    PYTHONPATH=src python bench/http_defences.py

- csrf check: the token compared against a new-game form's body (parse + constant-time compare)
- game_create hit: one account key and one address key counted in the moving windows
- sign-in check: a name's windows and its growing wait, before a password is hashed
- name key: NFKC + casefold + UTS #39 skeleton of a 12-letter name
- argon2 verify: what a sign-in costs anyway (the hash threads), for scale
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlencode

from ludotheque.server import csrf
from ludotheque.server.accounts import LoginThrottle
from ludotheque.server.auth import check_password, hash_password
from ludotheque.server.limits import Limiter, Limits
from ludotheque.store.names import name_key


def per_call(work: Callable[[int], object], calls: int) -> float:
    """Microseconds per call (the best of three rounds)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for i in range(calls):
            work(i)
        best = min(best, (time.perf_counter() - started) / calls)
    return best * 1e6


def main() -> None:
    session = {"csrf": "x" * 43}
    body = urlencode({"csrf": session["csrf"], "players": "2", "seat_0": "me",
                      "seat_1": "bot:facile", "public": "on", "clock": "none",
                      "opt_variant": "base"}).encode()
    scope = {"session": session,
             "headers": [(b"content-type", b"application/x-www-form-urlencoded")]}
    # Wide limits: the bench measures the counting, not the refusals.
    limiter = Limiter(Limits(game_create="1000000 per minute",
                             game_create_address="1000000 per minute",
                             login_account="1000000 per minute",
                             login_address="1000000 per minute"))
    throttle = LoginThrottle(limiter)
    name_key("warm the table up")
    digest = hash_password("correct horse")
    rows = [
        ("csrf check", per_call(lambda i: csrf.check(scope, body), 20_000)),
        ("game_create hit (account + address)",
         per_call(lambda i: limiter.hit("game_create", f"a:{i % 500}", f"ip:{i % 50}"),
                  20_000)),
        ("sign-in check (windows + wait)",
         per_call(lambda i: throttle.check(f"name:{i % 500}", f"ip:{i % 50}"), 20_000)),
        ("name key (12 letters)", per_call(lambda i: name_key(f"Joueuse{i:05d}"), 20_000)),
        ("argon2 verify (for scale)", per_call(lambda i: check_password(digest, "wrong"), 10)),
    ]
    width = max(len(name) for name, _ in rows)
    for name, micro in rows:
        print(f"{name:<{width}}  {micro:10.1f} µs")


if __name__ == "__main__":
    main()
