"""A lesson's starting position (the tutorial's `position` option): what is on the table and
the first player's hand, written as text; everything hidden from that player comes from the
seed, as in an ordinary game.

    hand: 3, 5, 8, 9, 10, Pause; posed: 10, 10, 10, 10, 2 / -; base: 0, 25; discard: Pause

- `hand`: seat 0's hand once it has drawn (1 to 6 cards): the position is the moment seat 0
  is to play its first turn (MK-10, MK-11).
- `posed`: each seat's posed cards, seats separated by `/`, `-` for none: `7` a Value card,
  `M7` a MIMIK that copied a 7 (MK-26; that seat has posed its MIMIK, MK-25).
- `base`: each side's base, 0 or 25 (MK-5, MK-7); 0 for every side when left out.
- `discard`: the discard pile, its top card last.

Every card named is taken out of the deck (MK-1); the rest is shuffled by the seed, then the
other seats are dealt 5 cards each (MK-3). Card names are the notation's (`Discard x2`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.core.data import did_you_mean
from ludotheque.core.rng import Rng

from .cards import CODES, MIMIK, NAMES, posed

RESET = 25  # MK-7
SECTIONS = ("hand", "posed", "base", "discard")


@dataclass(frozen=True)
class Position:
    hand: tuple[int, ...]
    posed: tuple[tuple[tuple[int, int], ...], ...]  # per seat: (face, value)
    base: tuple[int, ...] | None
    discard: tuple[int, ...]


def _card(name: str, where: str) -> int:
    code = CODES.get(name)
    if code is None:
        raise ValueError(f"{where}: {name!r} is not a MIMIK card{did_you_mean(name, CODES)}")
    return code


def _names(text: str, where: str) -> tuple[int, ...]:
    return tuple(_card(n.strip(), where) for n in text.split(",") if n.strip())


def _posed_card(text: str, where: str) -> tuple[int, int]:
    if text.startswith("M") and text[1:].isdigit() and 1 <= int(text[1:]) <= 10:
        return MIMIK, int(text[1:])
    if text.isdigit() and 1 <= int(text) <= 10:
        return int(text), int(text)
    raise ValueError(f"{where}: {text!r} is no posed card (a value 1 to 10, or M and the "
                     f"value a MIMIK copied)")


def parse_position(text: str) -> Position:
    """The position written `text`; a ValueError says what is wrong with it."""
    parts: dict[str, str] = {}
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        name, colon, body = chunk.partition(":")
        name = name.strip()
        if not colon or name not in SECTIONS:
            raise ValueError(f"{chunk.strip()!r}: expected one of "
                             f"{', '.join(s + ':' for s in SECTIONS)}")
        if name in parts:
            raise ValueError(f"{name}: given twice")
        parts[name] = body
    if "hand" not in parts or "posed" not in parts:
        raise ValueError("a position needs a hand: and a posed: section")
    hand = _names(parts["hand"], "hand")
    if not 1 <= len(hand) <= 6:
        raise ValueError(f"hand: seat 0 has drawn, so it holds 1 to 6 cards, not {len(hand)}")
    seats: list[tuple[tuple[int, int], ...]] = []
    for group in parts["posed"].split("/"):
        group = group.strip()
        if group == "-":
            seats.append(())
            continue
        cards = tuple(_posed_card(c.strip(), "posed") for c in group.split(",") if c.strip())
        if not cards:
            raise ValueError("posed: write - for a seat with no posed card")
        if sum(1 for face, _ in cards if face == MIMIK) > 1:
            raise ValueError("posed: one MIMIK per player (MK-25)")
        seats.append(cards)
    base: tuple[int, ...] | None = None
    if "base" in parts:
        try:
            base = tuple(int(b) for b in parts["base"].split(","))
        except ValueError:
            raise ValueError("base: numbers separated by commas") from None
        if any(b not in (0, RESET) for b in base):
            raise ValueError(f"base: a base is 0 or {RESET} (MK-5, MK-7)")
    discard = _names(parts.get("discard", ""), "discard")
    if MIMIK in hand and hand.count(MIMIK) > 1 and not any(
            face == MIMIK for face, _ in seats[0]):
        raise ValueError("hand: one MIMIK in hand (MK-25)")
    return Position(hand, tuple(seats), base, discard)


def check_position(position: Position, players: int, sides: list[tuple[int, ...]],
                   target: int, deck: list[int]) -> None:
    """The position fits the game: a posed group per seat, a base per side, no card more than
    the deck holds, every side's score under the target. A ValueError says what does not."""
    if len(position.posed) != players:
        raise ValueError(f"posed: {len(position.posed)} seat(s) given for {players} players")
    if position.base is not None and len(position.base) != len(sides):
        raise ValueError(f"base: {len(position.base)} base(s) given for {len(sides)} sides")
    left = {code: deck.count(code) for code in set(deck)}
    named = list(position.hand) + list(position.discard) + [
        face for cards in position.posed for face, _ in cards]
    for code in named:
        if left.get(code, 0) < 1:
            raise ValueError(f"the deck has no more {NAMES[code]} cards for this position "
                             f"(MK-1, MK-4)")
        left[code] -= 1
    for team, seats in enumerate(sides):
        base = position.base[team] if position.base is not None else 0
        score = base + sum(value for s in seats for _, value in position.posed[s])
        if score >= target:
            raise ValueError(f"posed: a side starts at {score} points; a position keeps "
                             f"every side under the target {target} (MK-7, MK-9)")


def deal(position: Position, rng: Rng, deck: list[int]) -> tuple[list[int], list[list[int]]]:
    """The draw pile (the deck without the position's cards, shuffled by `rng`) and the posed
    cards as the engine holds them."""
    pile = list(deck)
    named = list(position.hand) + list(position.discard) + [
        face for cards in position.posed for face, _ in cards]
    for code in named:
        pile.remove(code)
    rng.shuffle(pile)
    tableau = [[posed(face, value) for face, value in cards] for cards in position.posed]
    return pile, tableau
