"""Card and piece data: TOML or JSON files validated against a schema on load.

Every mistake is reported with an address a person can act on:
    cards/base.toml, card "Persée", field "amis": unknown card "Meduse" (did you mean "Méduse"?)
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_document(source: str | Path, text: str | None = None) -> dict[str, Any]:
    """Parse a TOML or JSON document (chosen by the file's suffix)."""
    name = str(source)
    if text is None:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        if name.endswith(".json"):
            data = json.loads(text)
        else:
            data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{name}: not valid {'JSON' if name.endswith('.json') else 'TOML'}: "
                        f"{exc}") from None
    if not isinstance(data, dict):
        raise DataError(f"{name}: the document must be a table of entries")
    return data


def read_package_document(package: str, name: str) -> tuple[str, dict[str, Any]]:
    """Read a data file shipped inside a package; returns (its display name, its content)."""
    path = resources.files(package).joinpath(name)
    display = f"{package.rsplit('.', 1)[-1]}/{name}"
    if not path.is_file():
        raise DataError(f"{display}: no such data file")
    return display, read_document(display, path.read_text(encoding="utf-8"))


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """' (did you mean "X"?)' for the closest candidate, or '' when none is close."""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


def entry_error(source: str, kind: str, name: str, field: str | None, message: str) -> DataError:
    where = f'{source}, {kind} "{name}"'
    if field:
        where += f', field "{field}"'
    return DataError(f"{where}: {message}")


def field_problem(exc: ValidationError, fields: Iterable[str] = ()) -> tuple[str | None, str]:
    """The field (dotted path) and the problem a person should fix first in `exc`."""
    # A misspelt field is both unknown and missing: name the unknown one first.
    err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    field = ".".join(str(p) for p in err["loc"]) or None
    message = err["msg"]
    if err["type"] == "extra_forbidden" and field:
        message = f"unknown field{did_you_mean(field, fields)}"
    elif err["type"] == "missing":
        message = "missing"
    else:
        message += f" (got {err.get('input')!r})"
    return field, message


def validate_entries(
    source: str,
    entries: Any,
    model: type[M],
    *,
    kind: str = "card",
    key: str = "name",
) -> list[M]:
    """Validate a list of entries (TOML `[[card]]` tables) against `model`.

    Names must be unique. Errors name the file, the entry (by `key`, or its position) and the
    field, and propose the closest known field for an unknown one.
    """
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise DataError(f"{source}: expected a list of {kind} entries")
    fields = list(model.model_fields)
    out: list[M] = []
    seen: set[str] = set()
    for position, raw in enumerate(entries, start=1):
        name = str(raw.get(key, f"#{position}")) if isinstance(raw, Mapping) else f"#{position}"
        if not isinstance(raw, Mapping):
            raise entry_error(source, kind, name, None, "must be a table of fields")
        try:
            item = model.model_validate(dict(raw))
        except ValidationError as exc:
            field, message = field_problem(exc, fields)
            raise entry_error(source, kind, name, field, message) from None
        if name in seen:
            raise entry_error(source, kind, name, key, "duplicate name")
        seen.add(name)
        out.append(item)
    return out


def check_reference(source: str, kind: str, name: str, field: str, ref: str,
                    known: Iterable[str], what: str = "card") -> None:
    """Fail when `ref` (a name written in `field` of entry `name`) is not among `known`."""
    pool = list(known)
    if ref not in pool:
        raise entry_error(source, kind, name, field,
                          f'unknown {what} "{ref}"{did_you_mean(ref, pool)}')
