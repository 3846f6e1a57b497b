"""The new-game form's fields and their reading: a game's pydantic options as form fields
and back, the seats a ranked game accepts, and the bots a seat can be given. Pure of
requests and pages (app.py serves the form)."""

from __future__ import annotations

import json
from typing import Any, Literal, get_args, get_origin

from starlette.datastructures import FormData

from ludotheque.bots import LEVELS, bot_names
from ludotheque.core import Game, Options
from ludotheque.store import Player


def option_fields(game: Game, preset: Options | None = None) -> list[dict[str, Any]]:
    """The game's options as form fields, read from its pydantic Options type; the values
    of `preset` (one of the game's setups) or the defaults are filled in."""
    out = []
    chosen = preset if preset is not None else game.options_type()
    defaults = chosen.model_dump(mode="json")
    rules = game.deck_rules()
    for name, info in game.options_type.model_fields.items():
        if rules is not None and name == rules.option:
            continue  # each seat's deck: picked per seat (server/decks.py), never an option
        ann = info.annotation
        field: dict[str, Any] = {"name": name, "default": getattr(chosen, name, info.default)}
        if ann is bool:
            field["kind"] = "bool"
        elif ann is int:
            field["kind"] = "int"
        elif ann in (str, str | None):
            field["kind"] = "text"
            field["default"] = "" if field["default"] is None else field["default"]
        elif get_origin(ann) is Literal:
            field["kind"] = "choice"
            field["choices"] = [str(c) for c in get_args(ann)]
        elif get_origin(ann) is tuple and item_choices(info.json_schema_extra):
            # One value per item, each from a list the game names (a deck per seat, say):
            # a select per item; anything else the type allows stays for `ludo play -o`.
            field["kind"] = "choices"
            field["choices"] = item_choices(info.json_schema_extra)
            field["default"] = [str(v) for v in defaults.get(name) or ()]
        else:
            # Anything else (tuples, lists, models) is written as JSON, like `ludo play -o`.
            field["kind"] = "json"
            value = defaults.get(name)
            # An option left out (None) is an empty field, not the word "null".
            field["default"] = "" if value is None else json.dumps(value, ensure_ascii=False)
        # Free-form fields (a text, JSON: paquets, a start position) are the engine's: the
        # form keeps them behind "Options avancées"; choices and boxes are the players'.
        field["advanced"] = field["kind"] in ("text", "json")
        out.append(field)
    return out


def item_choices(extra: object) -> list[str]:
    """The choices a game lists for each item of a tuple option (`Field(json_schema_extra=
    {"item_choices": [...]})`)."""
    if isinstance(extra, dict) and isinstance(extra.get("item_choices"), list | tuple):
        return [str(c) for c in extra["item_choices"]]
    return []


def options_from_form(game: Game, form: FormData) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in option_fields(game):
        key = f"opt_{field['name']}"
        raw = form.get(key)
        if field["kind"] == "choices":
            items = [form.get(f"{key}_{i}") for i in range(len(field["default"]))]
            if all(isinstance(v, str) and v for v in items):
                data[field["name"]] = items
            continue
        if field["kind"] == "bool":
            data[field["name"]] = raw is not None
        elif raw is None or raw == "":
            continue
        elif field["kind"] == "text":
            if str(raw).strip():
                data[field["name"]] = str(raw).strip()
        elif field["kind"] == "int":
            try:
                data[field["name"]] = int(str(raw))
            except ValueError:
                data[field["name"]] = str(raw)  # the Options model says what is wrong
        elif field["kind"] == "choices":
            continue  # read item by item below
        elif field["kind"] == "choice":
            choices = dict(zip(field["choices"], get_args(
                game.options_type.model_fields[field["name"]].annotation), strict=True))
            data[field["name"]] = choices.get(str(raw), str(raw))
        else:
            try:
                data[field["name"]] = json.loads(str(raw))
            except json.JSONDecodeError:
                data[field["name"]] = str(raw)  # the Options model says what is wrong
    return data


def ranked_problem(game: Game, player: Player, seats: list[dict[str, Any]],
                   control: object, options: Options) -> str | None:
    """Why a game cannot be ranked (MT-26), as a catalogue key, or None."""
    if player.login is None:
        return "new.ranked_account"
    if control is None:
        return "new.ranked_clock"
    # Two seats (Glicko-2) or more (OpenSkill, skill.py): the creator first, the others open.
    if len(seats) < 2 or seats[0].get("player") != player.id or any(
            s.get("kind") != "human" or s.get("player") for s in seats[1:]):
        return "new.ranked_seats"
    if getattr(options, "placement", None) == "hidden":
        return "new.ranked_variant"  # MT-16: the hidden placement is never ranked
    if getattr(options, "position", None) is not None:
        return "new.ranked_position"  # a ranked game is the whole game, from its start
    return None


def bot_choices() -> tuple[list[str], list[str]]:
    """The new-game form's bots: the levels in their order (Facile ... Expert), then
    the other engines, for those who know them (the server accepts any of bot_names())."""
    names = bot_names()
    return [b for b in LEVELS if b in names], [b for b in names if b not in LEVELS]


