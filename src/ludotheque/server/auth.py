"""Players: guests (a name in a signed session cookie) and accounts (argon2 password hashes)."""

from __future__ import annotations

import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

NAME_MAX = 24
PASSWORD_MIN = 8
PASSWORD_MAX = 200

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(password_hash: str, password: str) -> tuple[bool, str | None]:
    """(matches, a new hash when the parameters have changed since it was made)."""
    try:
        _hasher.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, None
    if _hasher.check_needs_rehash(password_hash):
        return True, _hasher.hash(password)
    return True, None


def clean_name(raw: str) -> str | None:
    """A display name: NFKC-normalised ("Ｖｉｃｔｉｍ" is "Victim"), trimmed, 1 to NAME_MAX
    printable characters; None if unusable. Look-alike names are told apart by
    store/names.py."""
    name = " ".join(unicodedata.normalize("NFKC", raw[:10 * NAME_MAX]).split())
    if not 1 <= len(name) <= NAME_MAX:
        return None
    if any(unicodedata.category(c).startswith("C") for c in name):
        return None
    return name


def password_problem(password: str) -> str | None:
    """The catalogue key of what is wrong with a new password, or None."""
    if len(password) < PASSWORD_MIN:
        return "auth.password_short"
    if len(password) > PASSWORD_MAX:
        return "auth.password_long"
    return None
