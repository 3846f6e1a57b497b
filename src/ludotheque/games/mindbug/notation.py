"""Mindbug's actions and their text notation (see docs/rules/mindbug.md).

A card is written `<creature key>#<card number>` (the key of the data file, the card's number
in this game). Actions, with KEY#N for a card:
  play KEY#N      play a card from hand (or play a given card)
  attack KEY#N    attack with a creature
  block KEY#N     block with a creature          noblock   let the attack through
  hunt KEY#N      CHASSEUR: choose the blocker   nohunt    do not use it
  pick KEY#N      choose a card for an effect    done      stop an "up to" choice
  first KEY#N     choose which simultaneous effect happens first
  mindbug / mindfrog     take the played creature       decline   do not
  again / stop           FURIE's second attack, RAPIDE's attack: take it or not
  keep                   keep a given card in hand
  foe 3                  choose which opponent an effect targets (Tag Team)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ludotheque.core.errors import NotationError
from ludotheque.core.game import Action

CARD_VERBS = ("play", "attack", "block", "hunt", "pick", "first")
WORDS = ("mindbug", "mindfrog", "decline", "noblock", "nohunt", "again", "stop", "done", "keep")

_CARD = re.compile(
    r"(play|attack|block|hunt|pick|first) ([a-z0-9]+(?:-[a-z0-9]+)*)#(0|[1-9][0-9]{0,3})")
_FOE = re.compile(r"foe ([0-3])")


@dataclass(frozen=True, slots=True)
class CardAction(Action):
    """A decision naming one card: `verb key#card`."""

    verb: str
    card: int
    key: str

    def text(self) -> str:
        return f"{self.verb} {self.key}#{self.card}"


@cache
def card_action(verb: str, card: int, key: str) -> CardAction:
    """The action `verb key#card`, made once and shared: the engine lists a few of them at
    every decision of every game, and an action is an immutable value."""
    return CardAction(verb, card, key)


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A decision with no card: mindbug, decline, noblock, stop ..."""

    word: str

    def text(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Foe(Action):
    """Tag Team: the opponent an effect targets."""

    seat: int

    def text(self) -> str:
        return f"foe {self.seat}"


WORD = {w: Word(w) for w in WORDS}  # each word's action, made once


def parse(text: str) -> Action:
    """The action written `text`; NotationError for anything else."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "an action is a text")
    t = text.strip()
    if t in WORDS:
        return Word(t)
    m = _CARD.fullmatch(t)
    if m:
        return CardAction(m.group(1), int(m.group(3)), m.group(2))
    m = _FOE.fullmatch(t)
    if m:
        return Foe(int(m.group(1)))
    raise NotationError(text, "expected e.g. 'play KEY#12', 'attack KEY#3', 'block KEY#3', "
                              "'noblock', 'mindbug', 'decline', 'pick KEY#3', 'done', 'foe 1'")
