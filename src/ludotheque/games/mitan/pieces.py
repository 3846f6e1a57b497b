"""The pieces' data (names, codes, texts, values) from data/pieces.toml, checked on load.

The moves themselves are rules, in rules.py; the data says what each piece is called, which
letter writes it (MT-4) and whether the market may draw it (MT-13).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from ludotheque.core.data import (
    check_reference,
    entry_error,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.errors import DataError

from .board import CHEF, CODES

ENGINE_CODES = CODES[1:]


class Piece(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(min_length=1, max_length=1)
    name: str = Field(min_length=1)
    name_en: str = Field(min_length=1)
    market: bool
    value: float = Field(ge=0, le=20)
    text_fr: str = Field(min_length=1)
    text_en: str = Field(min_length=1)


def validate_pieces(source: str, document: dict[str, object]) -> tuple[Piece, ...]:
    """The pieces in engine order (by code letter), or a DataError naming file, piece, field."""
    if set(document) != {"piece"}:
        extra = sorted(set(document) - {"piece"})
        raise DataError(f"{source}: expected only [[piece]] tables, found {extra or 'none'}")
    pieces = validate_entries(source, document["piece"], Piece, kind="piece")
    by_code: dict[str, Piece] = {}
    for p in pieces:
        check_reference(source, "piece", p.name, "code", p.code, ENGINE_CODES, what="piece code")
        if p.code in by_code:
            raise entry_error(source, "piece", p.name, "code",
                              f'code "{p.code}" is already used by "{by_code[p.code].name}"')
        by_code[p.code] = p
        # MT-13: the Chef is never in the market, every other piece may be drawn.
        if p.market != (p.code != CODES[CHEF]):
            must = "false (the Chef is never in the market)" if p.code == CODES[CHEF] else "true"
            raise entry_error(source, "piece", p.name, "market", f"must be {must}")
    missing = [c for c in ENGINE_CODES if c not in by_code]
    if missing:
        raise DataError(f"{source}: missing pieces with codes {', '.join(missing)}")
    return tuple(by_code[c] for c in ENGINE_CODES)


def load_pieces_file(path: str | Path) -> tuple[Piece, ...]:
    return validate_pieces(str(path), read_document(path))


@cache
def pieces() -> tuple[Piece, ...]:
    """The 13 pieces shipped with the game, indexed by kind - 1."""
    source, document = read_package_document(__package__ or "ludotheque.games.mitan",
                                             "data/pieces.toml")
    return validate_pieces(source, document)


def piece(kind: int) -> Piece:
    return pieces()[kind - 1]
