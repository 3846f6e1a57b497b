"""Translation catalogues: every text the site shows, in French (default) and English.

Catalogues are flat JSON files `i18n/<lang>.json` (key -> text with {named} fields). The
templates call `t("key")`; the scripts get the same catalogue in the page and call `t("key")`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGS:
        lang = DEFAULT_LANG
    text = resources.files(__package__).joinpath("i18n", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def pick(lang: str | None) -> str:
    return lang if lang in LANGS else DEFAULT_LANG


def translate(lang: str, key: str, **params: Any) -> str:
    """The text of `key` in `lang` (French when the English one is missing); the key itself
    when no catalogue has it, so a missing text shows up instead of crashing a page. A key
    written as `key_one` / `key_other` takes the form that agrees with the number `n` (as
    the scripts' t() does)."""
    n = params.get("n")
    if isinstance(n, int) and key not in catalogue(lang) and key not in catalogue(DEFAULT_LANG):
        key = f"{key}_{'one' if is_one(lang, n) else 'other'}"
    text = catalogue(lang).get(key) or catalogue(DEFAULT_LANG).get(key) or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def is_one(lang: str, n: int) -> bool:
    """Whether `n` takes the singular: 0 and 1 in French ("0 coup", "1 coup"), 1 in English
    ("0 moves", "1 move"). Templates pick a `_one` or `_other` key with it."""
    return n < 2 if pick(lang) == "fr" else n == 1


def bot_label(lang: str, spec: str) -> str:
    """A bot's name for people: a level's translated name (`bot.facile` ...: Facile, Easy),
    any other engine by its spec (`mcts`, `greedy`)."""
    return catalogue(pick(lang)).get(f"bot.{spec}") or spec


def seat_label(lang: str, seat: dict[str, Any]) -> str:
    """A seat as the lists and the replay name it: a bot by its level's translated name
    ("Robot Facile", "Bot Easy"), a seat still free as such, a person by their name."""
    if seat.get("kind") == "bot":
        return translate(lang, "seat.bot_named", name=bot_label(lang, str(seat.get("bot"))))
    if seat.get("kind") == "tutor":
        return translate(lang, "seat.tutor")
    if seat.get("deleted"):
        return translate(lang, "seat.deleted")
    return str(seat.get("name") or translate(lang, "list.free_seat"))
