"""Mindbug for the AI adapters: a setup's action ids and a seat's view as numbers.

The contract is core/encoding.py; docs/rules/mindbug.md ("Encoding for the AI adapters") gives
the order of the ids and the meaning and scale of every number.

Actions name a card by its creature and its number in the game (`attack gorillion#7`). Which
creature a number holds is dealt by the shuffle, so every creature of the catalogue can stand
behind every number; the numbers themselves are only those of the draw piles (MB-3, MB-21:
10 per seat), since the unused cards never come into play. The id space is therefore
verb x card number x creature, cut down to the verbs and creatures the catalogue can produce.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ludotheque.core.encoding import Encoding, EncodingError
from ludotheque.core.game import JSON

from .cards import CHASSEUR, FURIE, KEYWORD_BITS, RAPIDE, Catalogue, Creature, Effect, catalogue
from .notation import CARD_VERBS, WORDS
from .position import PILE  # MB-3 / MB-21: 10 cards a seat, the only ones that come into play
from .rules import DECISIONS, FOE_CONDITIONS, FOE_VERBS

# The seats as the observer sees them, from its own seat onwards (MB-20: left is the next one).
SEAT_NAMES: dict[int, tuple[str, ...]] = {2: ("mine", "opponent"),
                                          4: ("mine", "left", "mate", "right")}
TEAM_NAMES = ("mine", "opponent")
# Scales that bring the numbers to about [0, 1].
LIFE_SCALE = 5.0  # MB-3: 3 life at the start, 0.6 here; gains (MB-18) may pass 5
TURN_SCALE = 50.0  # random games last 20 to 70 turns (the limit, TURN_LIMIT, is 300)
MINDBUG_SCALE = 2.0  # MB-3: 2 Mindbugs at most
POWER_SCALE = 10.0  # the strongest creature of the sets has 10
PENDING_KINDS = tuple(sorted(DECISIONS))
# The effects that leave their controller a choice of cards (rules.py: the "pick" task).
PICK_VERBS = ("defeat", "take_control", "forbid_block", "grant_keywords", "discard",
              "give_card", "play_from_discard")
CARD_FLAGS = ("exhausted", "fresh", "cannot_block", "cannot_attack")


def _effects(creature: Creature) -> tuple[Effect, ...]:
    return (creature.play + creature.attack + creature.defeated + creature.discard
            + creature.passive)


def _can_have(cat: Catalogue, keyword: int) -> bool:
    """Whether some creature of the catalogue has, gives or copies `keyword`."""
    return any(cr.keywords & keyword or any(e.keywords & keyword for e in _effects(cr))
               for cr in cat.creatures)


def action_texts(cat: Catalogue, players: int) -> tuple[str, ...]:
    """Every action text a game of `players` with `cat` can offer, in the documented order:
    the words (notation order), `foe N`, then `verb key#card` by verb, card number, creature."""
    triggered = [e for cr in cat.creatures
                 for e in cr.play + cr.attack + cr.defeated + cr.discard]
    verbs = {e.verb for e in triggered}
    hunter = _can_have(cat, CHASSEUR)
    offered = {
        "mindbug": True,
        "mindfrog": players == 4,  # MB-22: Mindfrogs exist in Tag Team only
        "decline": True,
        "noblock": True,
        "nohunt": hunter,  # MB-10
        "again": _can_have(cat, FURIE),  # MB-12
        "stop": _can_have(cat, FURIE) or _can_have(cat, RAPIDE),  # MB-12, MB-2
        "done": any(e.verb in PICK_VERBS and (e.up_to or e.optional) for e in triggered),
        "keep": "give_card" in verbs,
    }
    out = [w for w in WORDS if offered[w]]
    # Tag Team: "the opponent" of an effect is one opponent, named: a hand or a discard pile,
    # a comparison of creatures, a permanent effect aimed at the opponent.
    names_foe = any((e.verb in FOE_VERBS and e.target == "opponent")
                    or e.condition in FOE_CONDITIONS for e in triggered)
    aims = any(e.target == "opponent" for cr in cat.creatures for e in cr.passive)
    if players == 4 and (names_foe or aims):
        out += [f"foe {s}" for s in range(players)]
    every = [cr.key for cr in cat.creatures]
    kinds: dict[str, list[str]] = {
        "play": every,
        "attack": every,
        "block": every,
        "hunt": every if hunter else [],
        "pick": every if verbs & set(PICK_VERBS) else [],
        # MB-15: only Détruit effects come at once (creatures defeated together) to be ordered.
        "first": [cr.key for cr in cat.creatures if cr.defeated],
    }
    for verb in CARD_VERBS:
        out += [f"{verb} {key}#{card}" for card in range(PILE * players) for key in kinds[verb]]
    return tuple(out)


class _Observer:
    """Turns a seat's view into the numbers named by `names` (built with them, so the two
    cannot drift apart)."""

    def __init__(self, cat: Catalogue, players: int) -> None:
        self.players = players
        self.cards = PILE * players
        self.keys = [cr.key for cr in cat.creatures]
        self.kind = {cr.key: i for i, cr in enumerate(cat.creatures)}
        self.copies = [float(cr.copies) for cr in cat.creatures]
        seats = SEAT_NAMES[players]
        names: list[str] = []

        def add(name: str) -> int:
            names.append(name)
            return len(names) - 1

        def per_kind(prefix: str) -> int:
            first = len(names)
            names.extend(f"{prefix}.{key}" for key in self.keys)
            return first

        self.life = [add(f"life.{t}") for t in TEAM_NAMES]
        self.mindbugs = [add(f"mindbugs.{r}") for r in seats]
        self.mindfrogs = [add(f"mindfrogs.{r}") for r in seats] if players == 4 else []
        self.hand_count = [add(f"hand_count.{r}") for r in seats]
        self.pile = [add(f"pile.{r}") for r in seats]
        self.active = [add(f"active.{r}") for r in seats]
        self.turn = add("turn")
        self.over = add("over")
        self.pending_kind = {k: add(f"pending.{k}") for k in PENDING_KINDS}
        self.pending_seat = [add(f"pending.seat.{r}") for r in seats]
        self.pending_verb = {v: add(f"pending.verb.{v}") for v in PICK_VERBS}
        self.pending_card = per_kind("pending.card")
        # Summaries by creature: my hand, the cards of other hands I know, boards, discards.
        self.hand = [per_kind("hand" if r == "mine" else f"hand.{r}") for r in seats]
        self.board = [per_kind(f"board.{r}") for r in seats]
        self.discard = [per_kind(f"discard.{r}") for r in seats]
        # One block per card number, the numbers the actions use.
        fields = ([f"{zone}.{r}" for zone in ("hand", "board", "discard") for r in seats]
                  + [f"kind.{key}" for key in self.keys] + ["power"] + list(KEYWORD_BITS)
                  + list(CARD_FLAGS) + ["pending", "picked", "to_order"])
        if players == 4:  # the opponent its permanent "the opponent" effect aims at
            fields += [f"aim.{r}" for r in seats]
        self.field = {f: i for i, f in enumerate(fields)}
        self.card_base = len(names)
        self.card_size = len(fields)
        for card in range(self.cards):
            names.extend(f"card.{card}.{f}" for f in fields)
        self.names = tuple(names)

    def _card(self, card: JSON, field: str) -> int:
        if not isinstance(card, int) or not 0 <= card < self.cards:
            raise EncodingError(f"card {card!r} is outside the setup's numbers "
                                f"0..{self.cards - 1}")
        return self.card_base + card * self.card_size + self.field[field]

    def _place(self, out: list[float], card: Mapping[str, JSON], zone: str, row: int) -> int:
        """Mark a shown card: its zone, its creature and the summary row; its creature index."""
        key = str(card["key"])
        kind = self.kind[key]
        out[self._card(card["id"], zone)] = 1.0
        out[self._card(card["id"], f"kind.{key}")] = 1.0
        out[row + kind] += 1.0 / self.copies[kind]
        return kind

    def __call__(self, view: Mapping[str, JSON], seat: int) -> list[float]:
        out = [0.0] * len(self.names)
        n = self.players
        seats = SEAT_NAMES[n]
        team = seat % 2  # MB-20: seats 0 and 2 against 1 and 3
        life = view["life"]
        out[self.life[0]] = life[team] / LIFE_SCALE
        out[self.life[1]] = life[1 - team] / LIFE_SCALE
        for s in range(n):
            r = (s - seat) % n
            out[self.mindbugs[r]] = view["mindbugs"][s] / MINDBUG_SCALE
            if self.mindfrogs:
                out[self.mindfrogs[r]] = float(view["mindfrogs"][s])  # MB-22: one at most
            hand = view["hands"][s]
            out[self.hand_count[r]] = hand["count"] / view["hand_limit"]
            out[self.pile[r]] = view["piles"][s] / PILE
            for card in hand["cards"]:
                self._place(out, card, f"hand.{seats[r]}", self.hand[r])
            for card in view["discards"][s]:
                self._place(out, card, f"discard.{seats[r]}", self.discard[r])
            for card in view["boards"][s]:
                self._place(out, card, f"board.{seats[r]}", self.board[r])
                c = card["id"]
                out[self._card(c, "power")] = card["power"] / POWER_SCALE
                for keyword in card["keywords"]:
                    out[self._card(c, keyword)] = 1.0
                for flag in CARD_FLAGS:
                    out[self._card(c, flag)] = float(bool(card[flag]))
                if "aim" in card:
                    out[self._card(c, f"aim.{seats[(card['aim'] - seat) % n]}")] = 1.0
        out[self.active[(view["active"] - seat) % n]] = 1.0
        out[self.turn] = view["turn"] / TURN_SCALE
        out[self.over] = float(view["result"] is not None)
        pending = view["pending"]
        if pending is not None:
            out[self.pending_kind[pending["kind"]]] = 1.0
            out[self.pending_seat[(pending["seat"] - seat) % n]] = 1.0
            if "verb" in pending:
                out[self.pending_verb[pending["verb"]]] = 1.0
            if "card" in pending:
                out[self._card(pending["card"], "pending")] = 1.0
            if "key" in pending:  # only when this seat may know the creature
                out[self.pending_card + self.kind[pending["key"]]] = 1.0
            for c in pending.get("picks", ()):
                out[self._card(c, "picked")] = 1.0
            for c in pending.get("cards", ()):
                out[self._card(c, "to_order")] = 1.0
        return out


@cache
def mindbug_encoding(players: int, new_servants: bool) -> Encoding:
    """The encoding of a setup; the `position` option changes neither the actions (its cards
    are numbered in the draw piles) nor the observation, so it is not part of the key."""
    cat = catalogue(new_servants)
    observer = _Observer(cat, players)
    return Encoding(action_texts(cat, players), len(observer.names), observer, observer.names)

