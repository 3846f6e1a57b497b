"""The pieces of the HTTP defences on their own (the attacks themselves are in
test_abuse_http.py): name keys, the sign-in waits, the limits as settings and in the docs,
and migration 0005 on a database that already has look-alike accounts."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from ludotheque.server.accounts import LoginThrottle
from ludotheque.server.auth import clean_name
from ludotheque.server.limits import Limiter, Limits, RateLimited
from ludotheque.store import Store, migrate
from ludotheque.store.db import NameTaken, alembic_config
from ludotheque.store.names import name_key

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("look_alike", [
    "Vіctim",        # Cyrillic і (U+0456)
    "Ｖｉｃｔｉｍ",  # fullwidth
    "VICTIM", "victim", "  Victim ",
    "Vıctim",        # dotless ı
    "Vict\u0456m",
])
def test_look_alike_names_have_one_key(look_alike: str) -> None:
    assert name_key(look_alike) == name_key("Victim")


@pytest.mark.parametrize("other", ["Victor", "Victime", "Vic tim", "Élodie"])
def test_different_names_have_different_keys(other: str) -> None:
    assert name_key(other) != name_key("Victim")


def test_a_display_name_is_nfkc_normalised() -> None:
    assert clean_name("Ｖｉｃｔｉｍ") == "Victim"
    assert clean_name("ﬁlou") == "filou"  # the ligature is two letters
    assert clean_name("a\u202eb") is None  # a right-to-left override is refused


def test_accounts_are_unique_by_key_and_guests_cannot_take_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'names.sqlite3'}"
    migrate(url)
    store = Store(url)
    victim = store.create_account("Victim", "hash")
    with pytest.raises(NameTaken):
        store.create_account("Vіctim", "hash")
    with pytest.raises(NameTaken):
        store.create_guest("ＶＩＣＴＩＭ")
    found = store.account("victım")
    assert found is not None and found.id == victim.id
    assert store.create_guest("Victor").name == "Victor"
    assert store.create_guest("Victor").name == "Victor"  # guests may share names
    store.close()


def test_migration_0005_keys_existing_look_alike_accounts_apart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    command.upgrade(alembic_config(url), "0003")
    store = Store(url)
    with store.session() as s:
        for pid, name, created in (("p1", "Victim", "2026-01-01"),
                                   ("p2", "Vіctim", "2026-02-01")):
            s.execute(text("INSERT INTO players (id, name, login, password_hash, created_at) "
                           "VALUES (:id, :name, :login, 'h', :created)"),
                      {"id": pid, "name": name, "login": name.lower(), "created": created})
    store.close()
    migrate(url)
    store = Store(url)
    first, second = store.player("p1"), store.player("p2")
    assert first is not None and second is not None
    assert first.name_key == name_key("Victim")
    assert second.name_key == f"{name_key('Victim')}#p2"
    # The older keeps the name; the other still signs in by its own login.
    assert (found := store.account("Victim")) is not None and found.id == "p1"
    assert (found := store.account("vіctim")) is not None and found.id in ("p1", "p2")
    store.close()


def test_wrong_passwords_make_the_next_try_wait_longer() -> None:
    limiter = Limiter(Limits(login_account="5 per minute", login_free_failures=2))
    throttle = LoginThrottle(limiter)
    waits = []
    for _ in range(4):
        throttle.check("name:x", "ip:a")  # not waiting now
        throttle.failed("name:x", "ip:a")
        try:
            throttle.check("name:x", "ip:a")
            waits.append(0)
        except RateLimited as refused:
            waits.append(refused.retry_after_seconds)
            time.sleep(refused.retry_after + 0.05)
    assert waits == [0, 0, 1, 2]
    throttle.failed("name:x", "ip:a")
    with pytest.raises(RateLimited) as stopped:  # 5 in the window: refused for the minute
        throttle.check("name:x", "ip:a")
    assert stopped.value.name == "login_account" and stopped.value.retry_after > 40
    throttle.check("name:y", "ip:a")  # another name is not held back
    throttle.succeeded("name:x")
    throttle.check("name:x", "ip:a")  # a right password clears the name's failures


def test_limits_change_by_name_and_refuse_nonsense() -> None:
    changed = Limits().with_values({"game_create": "5 per minute", "hash_workers": "3"})
    assert changed.game_create == "5 per minute" and changed.hash_workers == 3
    for bad in ({"no_such": "1 per second"}, {"game_create": "lots"},
                {"hash_workers": "two"}):
        with pytest.raises(ValueError):
            Limits().with_values(bad)


def test_the_security_page_lists_every_limit_with_its_default() -> None:
    page = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    section = page.split("\n## The limits\n", 1)[1].split("\n## ", 1)[0]
    listed = dict(re.findall(r"^\| `(\w+)` \| ([^|]+?) \|", section, flags=re.MULTILINE))
    assert listed == Limits().described()


def test_a_session_ends_at_sign_out_or_expiry(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'sessions.sqlite3'}"
    migrate(url)
    store = Store(url)
    alice = store.create_guest("alice")
    store.sign_in(alice.id, "laptop", timedelta(days=1))
    store.sign_in(alice.id, "old", timedelta(seconds=-1))  # already expired
    assert (found := store.signed_in("laptop")) is not None and found.id == alice.id
    assert store.signed_in("old") is None and store.signed_in("unknown") is None
    store.sign_in(alice.id, "phone", timedelta(days=1))  # clears the expired one
    with store.session() as s:
        assert s.scalar(text("SELECT count(*) FROM signed_in WHERE id = 'old'")) == 0
    store.sign_out("laptop")
    assert store.signed_in("laptop") is None and store.signed_in("phone") is not None
    store.close()
