"""The creatures as data, in the effect language (MB-30), validated on load.

A creature file is a TOML document with `set = "<name>"` and `[[creature]]` tables; each
creature has `[[creature.effect]]` tables. Mistakes are reported with the file, the creature
and the field. The engine (rules.py) interprets these effects; no creature name appears there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludotheque.core.data import (
    entry_error,
    read_document,
    read_package_document,
    validate_entries,
)
from ludotheque.core.errors import DataError

# -- keywords (MB-2): bits of a mask ----------------------------------------------------------
CHASSEUR: Final = 1
CORIACE: Final = 2
FURIE: Final = 4
FURTIF: Final = 8
VENIMEUX: Final = 16
RAPIDE: Final = 32

KEYWORD_BITS: dict[str, int] = {
    "CHASSEUR": CHASSEUR,
    "CORIACE": CORIACE,
    "FURIE": FURIE,
    "FURTIF": FURTIF,
    "VENIMEUX": VENIMEUX,
    "RAPIDE": RAPIDE,
}
KEYWORD_EN: dict[str, str] = {
    "CHASSEUR": "HUNTER",
    "CORIACE": "TOUGH",
    "FURIE": "FRENZY",
    "FURTIF": "SNEAKY",
    "VENIMEUX": "POISONOUS",
    "RAPIDE": "FAST",
}

Keyword = Literal["CHASSEUR", "CORIACE", "FURIE", "FURTIF", "VENIMEUX", "RAPIDE"]
Trigger = Literal["play", "attack", "defeated", "passive", "discard_life_loss"]
Verb = Literal[
    # triggered verbs
    "gain_life", "lose_life", "set_life", "defeat", "take_control", "play_from_discard",
    "discard", "recover_discard", "steal_hand", "give_card", "grant_keywords", "forbid_block",
    "play_self",
    # permanent verbs (trigger = "passive")
    "power", "keywords", "copy_keywords", "cannot_block", "cannot_attack", "evade",
    "silence_play",
]
Target = Literal["self", "allies", "other_allies", "enemies", "any", "you", "opponent"]
Condition = Literal["my_turn", "alone", "fewer_creatures", "more_creatures", "life_is"]

PLAYER_TARGETS = ("you", "opponent")
CREATURE_TARGETS = ("self", "allies", "other_allies", "enemies", "any")

# Which targets each verb accepts, and whether it is permanent (passive) or triggered.
VERB_TARGETS: dict[str, tuple[str, ...]] = {
    "gain_life": PLAYER_TARGETS,
    "lose_life": PLAYER_TARGETS,
    "set_life": PLAYER_TARGETS,
    "defeat": CREATURE_TARGETS,
    "take_control": ("enemies",),
    "play_from_discard": PLAYER_TARGETS,
    "discard": PLAYER_TARGETS,
    "recover_discard": ("you",),
    "steal_hand": ("opponent",),
    "give_card": ("opponent",),
    "grant_keywords": CREATURE_TARGETS,
    "forbid_block": ("enemies", "any"),
    "play_self": ("self",),
    "power": CREATURE_TARGETS,
    "keywords": CREATURE_TARGETS,
    "copy_keywords": ("self",),
    "cannot_block": ("enemies", "opponent"),  # "opponent": the creatures of the opponent
    "cannot_attack": ("enemies",),
    "evade": ("self",),
    "silence_play": ("opponent",),
}
PASSIVE_VERBS = frozenset({"power", "keywords", "copy_keywords", "cannot_block",
                           "cannot_attack", "evade", "silence_play"})


class EffectModel(BaseModel):
    """One effect of a creature in the effect language (MB-30)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    trigger: Trigger
    verb: Verb
    target: Target = "self"
    count: int | Literal["all"] = Field(default=1)
    up_to: bool = False
    optional: bool = False
    chooser: Literal["controller", "target", "random"] = "controller"
    power_min: int | None = None
    power_max: int | None = None
    extreme: Literal["highest", "lowest"] | None = None
    condition: Condition | None = None
    value: int = 0
    amount: int = 0
    life_to: int | Literal["opponent"] | None = None
    keywords: list[Keyword] = Field(default_factory=list)
    per: Literal["other_ally"] | None = None


class CreatureModel(BaseModel):
    """One creature of a set (MB-1): name, power, keywords, copies, texts and effects."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = Field(min_length=1)
    name_en: str = Field(min_length=1)
    power: int = Field(ge=0)
    keywords: list[Keyword] = Field(default_factory=list)
    copies: int = Field(ge=1, le=4)
    text_fr: str = Field(min_length=1)
    text_en: str = Field(min_length=1)
    effect: list[EffectModel] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect ready for the interpreter (plain attributes, keyword mask precomputed)."""

    trigger: str
    verb: str
    target: str
    count: int  # -1: every matching creature
    up_to: bool
    optional: bool
    chooser: str
    power_min: int | None
    power_max: int | None
    extreme: str | None
    condition: str | None
    value: int
    amount: int
    life_to: int | str | None
    keywords: int
    per: str | None


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature kind: what every copy of it is and does."""

    index: int
    key: str
    name: str
    name_en: str
    power: int
    keywords: int
    copies: int
    text_fr: str
    text_en: str
    set: str
    play: tuple[Effect, ...]
    attack: tuple[Effect, ...]
    defeated: tuple[Effect, ...]
    discard: tuple[Effect, ...]
    passive: tuple[Effect, ...]

    def triggered(self, trigger: str) -> tuple[Effect, ...]:
        # Tests in a row rather than a dict built at every call: the engine asks at every effect.
        if trigger == "play":
            return self.play
        if trigger == "attack":
            return self.attack
        if trigger == "defeated":
            return self.defeated
        if trigger == "discard_life_loss":
            return self.discard
        raise KeyError(trigger)


class Catalogue:
    """The creatures of one game (one or more sets), indexed by position and by key."""

    def __init__(self, name: str, creatures: tuple[Creature, ...]) -> None:
        self.name = name
        self.creatures = creatures
        self.by_key = {c.key: c for c in creatures}
        self._deck = tuple(c.index for c in creatures for _ in range(c.copies))
        # What the effects can change at all, so that the engine skips what cannot happen:
        # the keywords an effect gives (granted, permanent, copied; any other keyword is a
        # creature's own), and whether a permanent effect forbids attacks.
        self.given_keywords = 0
        for cr in creatures:
            for e in (*cr.play, *cr.attack, *cr.defeated, *cr.discard, *cr.passive):
                if e.verb in ("grant_keywords", "keywords", "copy_keywords"):
                    self.given_keywords |= e.keywords
        self.forbids_attacks = any(e.verb == "cannot_attack"
                                   for cr in creatures for e in cr.passive)

    def deck(self) -> list[int]:
        """Every card of the sets as creature indexes, copies included (a new list)."""
        return list(self._deck)

    def get(self, key: str) -> Creature | None:
        return self.by_key.get(key)


def _mask(words: Iterable[str]) -> int:
    out = 0
    for w in words:
        out |= KEYWORD_BITS[w]
    return out


def _check_effect(source: str, card: str, i: int, e: EffectModel) -> None:
    """Cross-field checks the schema cannot express; errors name the field."""
    where = f"effect[{i}]"

    def fail(field: str, message: str) -> DataError:
        return entry_error(source, "creature", card, f"{where}.{field}", message)

    if e.target not in VERB_TARGETS[e.verb]:
        raise fail("target", f"verb {e.verb!r} takes a target among "
                             f"{', '.join(VERB_TARGETS[e.verb])}, not {e.target!r}")
    passive = e.verb in PASSIVE_VERBS
    if passive != (e.trigger == "passive"):
        rule = ("permanent: its trigger must be" if passive
                else "not permanent: its trigger cannot be")
        raise fail("trigger", f"verb {e.verb!r} is {rule} 'passive'")
    if e.verb in ("gain_life", "lose_life", "power") and e.amount == 0:
        raise fail("amount", f"verb {e.verb!r} needs a non-zero amount")
    if e.verb == "set_life" and e.life_to is None:
        raise fail("life_to", "verb 'set_life' needs life_to (a number or \"opponent\")")
    if e.verb in ("keywords", "copy_keywords", "grant_keywords") and not e.keywords:
        raise fail("keywords", f"verb {e.verb!r} needs at least one keyword")
    if e.condition == "life_is" and e.value <= 0:
        raise fail("value", "condition 'life_is' needs a positive value")
    if isinstance(e.count, int) and e.count < 1:
        raise fail("count", "count must be at least 1 (or \"all\")")
    if e.trigger == "discard_life_loss" and e.verb != "play_self":
        raise fail("verb", "a discard pile trigger can only play the creature itself")


def _build(index: int, set_name: str, m: CreatureModel) -> Creature:
    effects = [
        Effect(
            trigger=e.trigger, verb=e.verb, target=e.target,
            count=-1 if e.count == "all" else e.count, up_to=e.up_to, optional=e.optional,
            chooser=e.chooser, power_min=e.power_min, power_max=e.power_max,
            extreme=e.extreme, condition=e.condition, value=e.value, amount=e.amount,
            life_to=e.life_to, keywords=_mask(e.keywords), per=e.per,
        )
        for e in m.effect
    ]

    def of(trigger: str) -> tuple[Effect, ...]:
        return tuple(e for e in effects if e.trigger == trigger)

    return Creature(
        index=index, key=m.key, name=m.name, name_en=m.name_en, power=m.power,
        keywords=_mask(m.keywords), copies=m.copies, text_fr=m.text_fr, text_en=m.text_en,
        set=set_name, play=of("play"), attack=of("attack"), defeated=of("defeated"),
        discard=of("discard_life_loss"), passive=of("passive"),
    )


def parse_set(source: str, document: Mapping[str, Any]) -> tuple[str, list[CreatureModel]]:
    """Validate one set document; returns its name and its creatures."""
    unknown = sorted(set(document) - {"set", "creature"})
    if unknown:
        raise DataError(f"{source}: unknown top-level field {unknown[0]!r} "
                        "(a set file has 'set' and [[creature]] tables)")
    name = document.get("set")
    if not isinstance(name, str) or not name:
        raise DataError(f'{source}: missing set = "<name>"')
    models = validate_entries(source, document.get("creature", []), CreatureModel,
                              kind="creature", key="name")
    keys: set[str] = set()
    for m in models:
        if m.key in keys:
            raise entry_error(source, "creature", m.name, "key", f"duplicate key {m.key!r}")
        keys.add(m.key)
        for i, e in enumerate(m.effect):
            _check_effect(source, m.name, i, e)
    return name, models


def build_catalogue(name: str, sets: Sequence[tuple[str, str, Mapping[str, Any]]]) -> Catalogue:
    """A catalogue from (source, set name, document) triples; keys unique across sets."""
    creatures: list[Creature] = []
    seen: dict[str, str] = {}
    for source, _, document in sets:
        set_name, models = parse_set(source, document)
        for m in models:
            if m.key in seen:
                raise entry_error(source, "creature", m.name, "key",
                                  f"key {m.key!r} is already used in {seen[m.key]}")
            seen[m.key] = source
            creatures.append(_build(len(creatures), set_name, m))
    return Catalogue(name, tuple(creatures))


def load_file(path: str) -> Catalogue:
    """A catalogue from one set file on disk (for tests and new sets)."""
    return build_catalogue(path, [(path, "", read_document(path))])


SET_FILES = {"first_contact": "data/first_contact.toml", "new_servants": "data/new_servants.toml"}


@cache
def catalogue(new_servants: bool = False) -> Catalogue:
    """The shipped catalogue: First Contact (MB-1), with the New Servants set if asked."""
    names = ["first_contact", *(["new_servants"] if new_servants else [])]
    docs = []
    for n in names:
        source, document = read_package_document(__package__ or "", SET_FILES[n])
        docs.append((source, n, document))
    return build_catalogue("+".join(names), docs)
