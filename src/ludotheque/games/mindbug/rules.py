"""Mindbug's rules: the state, the step loop, the endings. What each decision offers is in
choices.py, what an action does in decisions.py, the tasks that run at once in tasks.py, the
passive powers in passives.py, the effect interpreter (MB-30) in effects.py, the seats' views
in views.py.

The game runs on a stack of tasks. A task is a plain tuple (tag, ...); decision tasks wait for
a seat's action, the others run at once. `_advance` runs tasks until a decision with options is
on top (or the game is over); every choice the rules give a player is such a decision (MB-15).

Cards are numbered 0..N-1 after the shuffle; `kind[card]` is the creature. Owner (MB-16) and
controller are tracked per card. Hidden cards are those not `known` to a seat; `determinize`
re-deals the creatures of hidden cards among them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Self, final

from ludotheque.core.game import JSON, Action, Event, Result, State
from ludotheque.core.rng import Rng

from .cards import CORIACE, RAPIDE, Catalogue, Creature, catalogue
from .choices import card_actions, choices
from .decisions import decide, no_choice
from .marks import (
    DRAW,
    EXHAUSTED,
    FOE_CONDITIONS,
    FOE_VERBS,
    FRESH,
    KW_SHIFT,
    NO_BLOCK,
    NONE,
    Task,
)
from .notation import CardAction, Foe
from .passives import Stats, aimed, compute_stats
from .position import Position
from .tasks import run_task
from .views import view_of

LOG_SIZE: Final = 12
TURN_LIMIT: Final = 300  # a project safeguard: a game this long is a draw (docs/rules/mindbug.md)

DECISIONS: Final = frozenset({"act", "mindbug", "mindfrog", "hunt", "block", "frenzy",
                              "rapid", "order", "pick", "foe", "keep", "revive"})

_CATALOGUES: Final[dict[str, Catalogue]] = {}
_ALONE: Final = ((0,), (1,), (2,), (3,))  # to_act()'s answer for each seat, made once


def register_catalogue(cat: Catalogue) -> None:
    """Make a catalogue known by name, so that states using it load from JSON."""
    _CATALOGUES[cat.name] = cat


def catalogue_named(name: str) -> Catalogue:
    if name in _CATALOGUES:
        return _CATALOGUES[name]
    cat = catalogue(new_servants="new_servants" in name.split("+"))
    if cat.name != name:
        raise KeyError(f"unknown creature catalogue {name!r}")
    register_catalogue(cat)
    return cat


def _tuplify(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    return x


def _listify(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_listify(v) for v in x]
    return x


@final
class MindbugState(State):
    """One moment of a game of Mindbug (2 players, or Tag Team 2 vs 2)."""

    cat: Catalogue
    n: int
    hand_limit: int
    rng: Rng
    kind: list[int]  # changed only at set-up and by determinize
    _creature_of: list[Creature]  # each card's creature, from `kind`
    # Each card's "play" / "attack" / "block" action as each creature: [card][kind], made
    # once a catalogue (the actions listed at nearly every decision).
    _plays: tuple[tuple[CardAction, ...], ...]
    _attacks: tuple[tuple[CardAction, ...], ...]
    _blocks: tuple[tuple[CardAction, ...], ...]
    owner: list[int]
    known: list[int]
    ctrl: list[int]
    flags: list[int]
    aim: list[int]  # Tag Team: the opponent a creature's permanent "the opponent" effect aims at
    hands: list[list[int]]
    piles: list[list[int]]
    discards: list[list[int]]
    boards: list[list[int]]
    unused: list[int]
    life: list[int]
    mindbugs: list[int]
    mindfrogs: list[int]
    active: int
    turn: int
    passed: list[int]
    stack: list[Task]
    winner: int
    reason: str
    reveals: list[list[str]]
    # Every transition's events, newest first, as (events, older) pairs shared by copies: a
    # transition adds a pair, and the table's log is read from them only when asked (`log`).
    # `_depth` counts the pairs; they are folded into one before they get many.
    _history: tuple[tuple[Event, ...], Any] | None
    _depth: int
    _opts: tuple[int, list[Action]] | None
    # The passive stats (MB-17). A step of the engine (a task, or a decision and what it
    # does) reads them as they are at its first read, and keeps them for the rest of the
    # step. They are recomputed only when what they are computed from (boards, controllers,
    # granted keywords, aims, and life or the turn when a condition reads them) changed
    # since: `_stale`, set by every such change. `_step` counts the steps, `_seen` is the
    # step of the last read.
    _st: Stats | None
    _stale: bool
    _step: int
    _seen: int
    _short: bool  # a hand may have shrunk since the last refill (MB-5)

    # -- set-up -----------------------------------------------------------------------------
    def __init__(self) -> None:
        """An empty state, filled by `start`, `clone` or `from_json`. Compiled (mypyc), the
        class must be made by its own constructor, not `object.__new__`; and an `__init__`
        without arguments is what gives the compiled class its pickling (and copies)."""

    @classmethod
    def start(cls, seed: int, players: int, cat: Catalogue,
              position: Position | None = None) -> MindbugState:
        self = cls()
        self.cat = cat
        self.n = players
        tag = players == 4
        self.hand_limit = 3 if tag else 5  # MB-22: hands of 3 in Tag Team
        self.rng = Rng(seed)
        deck = cat.deck()
        self.rng.shuffle(deck)
        count = len(deck)
        self.kind = deck
        self.owner = [NONE] * count
        self.known = [0] * count
        self.ctrl = [NONE] * count
        self.flags = [0] * count
        self.aim = [NONE] * count
        # MB-3 / MB-21: a draw pile of 10 per player, the rest unused and hidden.
        self.piles = [list(range(10 * s, 10 * s + 10)) for s in range(players)]
        for s in range(players):
            for c in self.piles[s]:
                self.owner[c] = s
        self.unused = list(range(10 * players, count))
        self.hands = [[] for _ in range(players)]
        self.discards = [[] for _ in range(players)]
        self.boards = [[] for _ in range(players)]
        self.life = [3, 3]  # MB-3, MB-21: 3 life each, shared by a team in Tag Team
        self.mindbugs = [1 if tag else 2] * players  # MB-3, MB-22
        self.mindfrogs = [1 if tag else 0] * players  # MB-22
        self.passed = [0] * players
        self.turn = 1
        self.winner = NONE
        self.reason = ""
        self.stack = []
        self._opts = None
        self._st = None
        self._stale = False
        self._step = 0
        self._seen = -1
        self._short = True
        self.reveals = []
        self._history = None
        self._depth = 0
        if position is None:
            self.active = self._who_starts()
        else:
            self._place(position)
        self.stack.append(("act",))
        self._advance([])
        return self

    def _place(self, position: Position) -> None:
        # The tutorial's positions (position.py): the listed cards take the place of the first
        # cards of their seat's draw pile, swapping creatures with other cards of the box.
        fixed: set[int] = set()
        for s in range(self.n):
            hand, board = position.hands[s], position.boards[s]
            slots = self.piles[s][:len(hand) + len(board)]
            for c, key in zip(slots, hand + board, strict=True):
                want = self.cat.by_key[key].index
                if self.kind[c] != want:
                    d = next(d for d in range(len(self.kind))
                             if d != c and d not in fixed and self.kind[d] == want)
                    self.kind[c], self.kind[d] = self.kind[d], self.kind[c]
                fixed.add(c)
            self.hands[s] = slots[:len(hand)]
            self.boards[s] = slots[len(hand):]
            self.piles[s] = self.piles[s][len(slots):]
            if position.piles is not None:  # a shorter draw pile: the rest is unused
                for c in self.piles[s][position.piles[s]:]:
                    self.owner[c] = NONE
                    self.unused.append(c)
                self.piles[s] = self.piles[s][:position.piles[s]]
            for c in self.hands[s]:
                self.known[c] |= 1 << s
            for c, tired in zip(self.boards[s], position.exhausted[s], strict=True):
                self.ctrl[c] = s
                self._public(c)
                if tired:
                    self.flags[c] |= EXHAUSTED  # MB-11: its CORIACE already used
        self.life = list(position.life)
        self.mindbugs = list(position.mindbugs)
        self.active = position.first

    def _who_starts(self) -> int:
        # MB-4: each player reveals a card of the unused pile; the higher power starts; on a
        # tie, again. The cards go back and the unused pile is reshuffled. (Tag Team: the team
        # of the winning reveal starts with its first seat.)
        teams = 2
        for _ in range(100):
            self.rng.shuffle(self.unused)
            shown = [self.unused[t] for t in range(teams)]
            self.reveals.append([self.cat.creatures[self.kind[c]].key for c in shown])
            powers = [self.cat.creatures[self.kind[c]].power for c in shown]
            self.rng.shuffle(self.unused)
            if powers[0] != powers[1]:
                return 0 if powers[0] > powers[1] else 1
        return 0

    # -- small helpers ----------------------------------------------------------------------
    def creature(self, card: int) -> Creature:
        return self._creature_of[card]

    def key(self, card: int) -> str:
        return self._creature_of[card].key

    def _read_kinds(self) -> None:
        creatures = self.cat.creatures
        self._creature_of = [creatures[k] for k in self.kind]
        count = len(self.kind)
        self._plays = card_actions(self.cat, "play", count)
        self._attacks = card_actions(self.cat, "attack", count)
        self._blocks = card_actions(self.cat, "block", count)

    def team(self, seat: int) -> int:
        return seat % 2  # MB-20: A1, B1, A2, B2; in 2 players the team is the seat

    def opponents(self, seat: int) -> list[int]:
        if self.n == 2:
            return [1 - seat]
        return [(seat + 1) % 4, (seat + 3) % 4]  # MB-20: left (next seat) first, then right

    def teammate(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.n == 4 else None

    def seats_of_team(self, team: int) -> list[int]:
        return [team] if self.n == 2 else [team, team + 2]  # MB-20: A1, B1, A2, B2

    def enemies(self, seat: int) -> list[int]:
        return [c for o in self.opponents(seat) for c in self.boards[o]]

    def all_in_play(self) -> list[int]:
        return [c for b in self.boards for c in b]

    def _public(self, card: int) -> None:
        self.known[card] = (1 << self.n) - 1

    def cards_of(self, seat: int) -> list[str]:
        """The creature keys a seat controls, in order (for tests and logs)."""
        return [self.key(c) for c in self.boards[seat]]

    # -- passive powers (MB-17) ---------------------------------------------------------------
    def stats(self) -> Stats:
        """The stats now, as they were at the first read of this step of the engine."""
        st = self._st
        if st is None or (self._stale and self._seen != self._step):
            st = self._st = compute_stats(self)
            self._stale = False
        self._seen = self._step
        return st

    def power_of(self, card: int) -> int:
        return self.stats().power[card]

    def keywords_of(self, card: int) -> int:
        return self.stats().kw[card]

    def may_have(self, card: int, keyword: int) -> bool:
        """Whether the creature can ever have the keyword: its own, or one that an effect of
        the catalogue gives."""
        return bool((self._creature_of[card].keywords | self.cat.given_keywords) & keyword)

    def has_keyword(self, card: int, keyword: int) -> bool:
        """Whether a creature in play has the keyword now (MB-2, MB-17). A keyword that no
        effect of the catalogue gives is the creature's own: no stats needed to know it."""
        if self.cat.given_keywords & keyword:
            return bool(self.stats().kw[card] & keyword)
        return bool(self._creature_of[card].keywords & keyword)

    # -- the contract: whose decision, which actions -----------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.winner != NONE or not self.stack:
            return ()
        return _ALONE[self._options()[0]]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winner != NONE or not self.stack:
            return []
        who, acts = self._options()
        return list(acts) if who == seat else []

    def _options(self) -> tuple[int, list[Action]]:
        if self._opts is None:
            self._opts = choices(self, self.stack[-1])
        return self._opts

    # -- the transition ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        # An action from the options of the decision on top (the object itself, as a bot or a
        # playout passes it back from legal_actions) is legal: no copy of the list and no
        # comparison. Anything else goes through State.apply's checks, which refuse an
        # illegal action without a change.
        opts = self._opts
        if opts is not None and opts[0] == seat and self.winner == NONE and self.stack:
            for a in opts[1]:
                if a is action:
                    return self._apply(seat, action)
        return super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        task = self.stack.pop()
        self._opts = None
        decide(self, task, seat, action, ev)
        self._steps(ev)
        self._history = (tuple(ev), self._history)
        self._depth += 1
        if self._depth > 20 * LOG_SIZE:
            self._history = (self.log, None)
            self._depth = 1
        return ev

    @property
    def log(self) -> tuple[Event, ...]:
        """The last public events (LOG_SIZE at most), oldest first, for the table."""
        out: list[Event] = []
        node = self._history
        while node is not None and len(out) < LOG_SIZE:
            events, node = node
            out[:0] = [e for e in events if e.to is None]
        return tuple(out[-LOG_SIZE:])

    def _advance(self, ev: list[Event]) -> None:
        """Run tasks until a decision with options is on top, or the game is over. Called
        from outside the transition (set-up, a test's position), anything may have changed:
        the stats are recomputed and the hands refilled if they must."""
        self._read_kinds()
        self._stale = True
        self._short = True
        self._steps(ev)

    def _steps(self, ev: list[Event]) -> None:
        """`_advance`'s loop, one task or decision a step."""
        self._opts = None
        stack = self.stack
        while self.winner == NONE:
            self._step += 1
            if self._short:
                self._refill(ev)
            if not stack:
                self._end_turn(ev)
                continue
            task = stack[-1]
            if task[0] in DECISIONS:
                who, acts = choices(self, task)
                if acts:
                    if (task[0] in ("pick", "foe") and len(acts) == 1
                            and isinstance(acts[0], CardAction | Foe)):
                        # A forced choice (one candidate, nothing optional) is made at once.
                        stack.pop()
                        decide(self, task, who, acts[0], ev)
                        continue
                    self._opts = (who, acts)
                    return
                stack.pop()
                no_choice(self, task, ev)
                continue
            stack.pop()
            run_task(self, task, ev)
        stack.clear()
        self._st = None

    def _run_now(self, task: Task, ev: list[Event]) -> None:
        """Run a task that needs no decision as the step loop's next step, without pushing it
        and popping it back: the caller's last act, so that it would be on top. Only when
        the loop would run it at once: no hand to refill first (MB-5), the game not over;
        else it is pushed for the loop."""
        if self._short or self.winner != NONE:
            self.stack.append(task)
            return
        self._step += 1  # its own step, as in the loop: the stats are read anew (MB-17)
        run_task(self, task, ev)

    def _refill(self, ev: list[Event]) -> None:
        # MB-5 / MB-22: below the hand size with cards in the draw pile, draw at once.
        self._short = False  # until a hand shrinks again (draw piles never grow)
        limit = self.hand_limit
        known, creature_of = self.known, self._creature_of
        for s in range(self.n):
            hand, pile = self.hands[s], self.piles[s]
            missing = limit - len(hand)
            if missing <= 0 or not pile:
                continue
            # The top of the pile is its end: the cards come in the order of pile.pop().
            drawn = pile[-missing:]
            drawn.reverse()
            del pile[-missing:]
            hand += drawn
            bit = 1 << s
            for c in drawn:
                known[c] |= bit
            ev.append(Event("draw", {"seat": s, "count": len(drawn)}, ruling="MB-5"))
            ev.append(Event("drawn", {"seat": s, "cards": drawn,
                                      "keys": [creature_of[c].key for c in drawn]},
                            to=_ALONE[s]))

    def _end_turn(self, ev: list[Event]) -> None:
        granted = 0
        flags = self.flags
        for board in self.boards:
            for c in board:
                f = flags[c]
                if f > EXHAUSTED:  # the turn's marks and granted keywords end
                    granted |= f
                    flags[c] = f & EXHAUSTED
        # The stats (MB-17) change with the turn through granted keywords and "my turn"
        # conditions only: otherwise the next turn's first decision reads them as they are.
        st = self._st
        if granted >> KW_SHIFT or (st is not None and st.reads_turn):
            self._stale = True
        if self.turn >= TURN_LIMIT:
            self.winner = DRAW
            self.reason = "turn_limit"
            ev.append(Event("game_over", {"reason": self.reason}))
            return
        self.turn += 1
        self.active = (self.active + 1) % self.n
        ev.append(Event("turn", {"seat": self.active, "turn": self.turn}))
        self.stack.append(("act",))

    def _win(self, team: int, reason: str, ev: list[Event], ruling: str) -> None:
        self.winner = team
        self.reason = reason
        ev.append(Event("game_over", {"winner": team, "seats": self.seats_of_team(team),
                                      "reason": reason}, ruling=ruling))

    def _defeat(self, cards: Sequence[int], ev: list[Event], st: Stats | None = None,
                ruling: str | None = None) -> None:
        """Defeat creatures at once; their Détruit effects are ordered by the active player."""
        if st is None:
            st = self.stats()
        triggers: list[tuple[int, int, str]] = []
        for c in cards:
            seat = self.ctrl[c]
            if seat == NONE:
                continue
            if st.kw.get(c, 0) & CORIACE and not self.flags[c] & EXHAUSTED:
                # MB-11: the first time, CORIACE is exhausted instead, with no Détruit effect.
                self.flags[c] |= EXHAUSTED
                ev.append(Event("exhausted", {"seat": seat, "card": c, "key": self.key(c)},
                                ruling="MB-11"))
                continue
            self.boards[seat].remove(c)
            self._stale = True
            self.ctrl[c] = NONE
            self.flags[c] = 0
            self.aim[c] = NONE
            owner = self.owner[c]
            # MB-16: a defeated creature goes to its owner's discard pile.
            self.discards[owner].append(c)
            ev.append(Event("defeated", {"seat": seat, "card": c, "key": self.key(c),
                                         "owner": owner}, ruling=ruling or "MB-16"))
            if self.creature(c).defeated:
                triggers.append((c, seat, "defeated"))
        self._push_triggers(tuple(triggers))

    def _push_triggers(self, triggers: tuple[tuple[int, int, str], ...]) -> None:
        if len(triggers) == 1:
            t = triggers[0]
            self.stack.append(("fx", t[0], t[1], t[2], 0, NONE))
        elif triggers:
            # MB-15: several effects at once: the active player chooses their order.
            self.stack.append(("order", triggers))

    def _lose_life(self, team: int, amount: int, ev: list[Event], ruling: str) -> None:
        if amount <= 0:
            return
        before = self.life[team]
        self.life[team] = max(0, before - amount)
        self._life_changed()
        ev.append(self._life_event(team, before, ruling))
        self._after_life_change(team, before, ev)

    def _life_changed(self) -> None:
        st = self._st
        if st is not None and st.reads_life:  # a "life is" condition (MB-17)
            self._stale = True

    def _life_event(self, team: int, before: int, ruling: str) -> Event:
        return Event("life", {"team": team, "seats": self.seats_of_team(team),
                              "life": self.life[team], "change": self.life[team] - before},
                     ruling=ruling)

    def _after_life_change(self, team: int, before: int, ev: list[Event]) -> None:
        if self.life[team] <= 0:
            # MB-18 / MB-27: a player (a team) at 0 life loses at once.
            self._win(1 - team, "life", ev, "MB-18")
            return
        if self.life[team] < before:
            # Effects that wait in a discard pile for a life loss (MB-30, trigger
            # discard_life_loss) are offered to their owner.
            for s in self.seats_of_team(team):
                for c in self.discards[s]:
                    if self.creature(c).discard:
                        self.stack.append(("revive", c, s))

    # -- the end ---------------------------------------------------------------------------------
    def is_public(self, seat: int, action: Action) -> bool:
        """Plays, attacks, blocks, Mindbugs and every word are seen by all. The one secret
        choice is the card an opponent gives from their hand (give_card, New Servants): only
        the giver and the receiver learn it, which is everyone in a 2-player game (decision 8
        of docs/rules/mindbug.md: a card every player knows is public) but not in Tag Team."""
        if isinstance(action, CardAction) and self.stack and self.stack[-1][0] == "pick":
            _, source, ctrl, trig, idx, foe, _ = self.stack[-1]
            if self.creature(source).triggered(trig)[idx].verb == "give_card":
                learns = self.known[action.card] | (1 << int(ctrl)) | (1 << int(foe))
                return bool(learns == (1 << self.n) - 1)
        return True

    def is_over(self) -> bool:
        return self.winner != NONE

    def result(self) -> Result | None:
        if self.winner == NONE:
            return None
        scores = tuple(float(self.life[self.team(s)]) for s in range(self.n))
        teams = tuple(self.team(s) for s in range(self.n)) if self.n == 4 else None
        if self.winner == DRAW:
            return Result((0,) * self.n, scores, self.reason,
                          "la partie a atteint la limite de tours", teams=teams)
        ranks = tuple(0 if self.team(s) == self.winner else 1 for s in range(self.n))
        detail = {
            "life": "les points de vie adverses sont tombés à zéro",
            "no_action": "l'adversaire ne pouvait ni jouer ni attaquer",
            "team_stuck": "les deux joueurs de l'équipe adverse n'ont pas pu agir",
        }[self.reason]
        # MB-19: the remaining life and the way of winning are kept in the result.
        ruling = {"life": "MB-18", "no_action": "MB-6", "team_stuck": "MB-26"}[self.reason]
        return Result(ranks, scores, self.reason, detail, ruling, teams)

    # -- information ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        return view_of(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        out = self.clone()
        mask = (1 << self.n) - 1 if seat is None else 1 << seat
        hidden = [c for h in self.hands for c in h if self.known[c] & mask != mask]
        hidden += [c for p in self.piles for c in p]
        hidden += self.unused
        kinds = [out.kind[c] for c in hidden]
        rng.shuffle(kinds)
        for c, k in zip(hidden, kinds, strict=True):
            out.kind[c] = k
        out._read_kinds()
        # The copy's own generator: what the piles give after a reshuffle is hidden too. It is
        # the second word drawn, as when the bots reseeded their copies after this method drew
        # one: seeded bot games (the arena's, docs/bots.md) stay the same games.
        rng.next64()
        out.rng = rng.fork()
        out._opts = None
        out._st = None
        out._stale = False
        return out

    # -- copies and persistence -------------------------------------------------------------------
    def clone(self) -> Self:
        out = type(self)()
        out.cat = self.cat
        out.n = self.n
        out.hand_limit = self.hand_limit
        out.rng = self.rng.copy()
        out.kind = self.kind[:]
        out._creature_of = self._creature_of  # these never change in place
        out._plays = self._plays
        out._attacks = self._attacks
        out._blocks = self._blocks
        out.owner = self.owner[:]
        out.known = self.known[:]
        out.ctrl = self.ctrl[:]
        out.flags = self.flags[:]
        out.aim = self.aim[:]
        out.hands = [h[:] for h in self.hands]
        out.piles = [p[:] for p in self.piles]
        out.discards = [d[:] for d in self.discards]
        out.boards = [b[:] for b in self.boards]
        out.unused = self.unused[:]
        out.life = self.life[:]
        out.mindbugs = self.mindbugs[:]
        out.mindfrogs = self.mindfrogs[:]
        out.active = self.active
        out.turn = self.turn
        out.passed = self.passed[:]
        out.stack = self.stack[:]
        out.winner = self.winner
        out.reason = self.reason
        out.reveals = self.reveals  # never changed after set-up
        out._history = self._history
        out._depth = self._depth
        out._opts = self._opts
        out._st = self._st
        out._stale = self._stale
        out._step = self._step
        out._seen = self._seen
        out._short = self._short
        return out

    def to_json(self) -> dict[str, JSON]:
        return {
            "catalogue": self.cat.name,
            "players": self.n,
            "rng": self.rng.to_json(),
            "kind": self.kind,
            "owner": self.owner,
            "known": self.known,
            "ctrl": self.ctrl,
            "flags": self.flags,
            "aim": self.aim,
            "hands": self.hands,
            "piles": self.piles,
            "discards": self.discards,
            "boards": self.boards,
            "unused": self.unused,
            "life": self.life,
            "mindbugs": self.mindbugs,
            "mindfrogs": self.mindfrogs,
            "active": self.active,
            "turn": self.turn,
            "passed": self.passed,
            "stack": [_listify(t) for t in self.stack],
            "winner": self.winner,
            "reason": self.reason,
            "reveals": self.reveals,
            "log": [e.to_json() for e in self.log],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = cls()
        out.cat = catalogue_named(data["catalogue"])
        out.n = int(data["players"])
        out.hand_limit = 3 if out.n == 4 else 5
        out.rng = Rng.from_json(data["rng"])
        for name in ("kind", "owner", "known", "ctrl", "flags", "unused", "life", "mindbugs",
                     "mindfrogs", "passed"):
            setattr(out, name, [int(x) for x in data[name]])
        for name in ("hands", "piles", "discards", "boards"):
            setattr(out, name, [[int(x) for x in row] for row in data[name]])
        # States saved before the Tag Team aims were kept have none (every card: NONE).
        out.aim = [int(x) for x in data.get("aim", [NONE] * len(out.kind))]
        out._read_kinds()
        out.active = int(data["active"])
        out.turn = int(data["turn"])
        out.stack = [_tuplify(t) for t in data["stack"]]
        out.winner = int(data["winner"])
        out.reason = str(data["reason"])
        out.reveals = [list(r) for r in data["reveals"]]
        out._history = (tuple(Event.from_json(e) for e in data.get("log", [])), None)
        out._depth = 1
        out._opts = None
        out._st = None
        out._stale = False
        out._step = 0
        out._seen = -1
        out._short = True
        return out


__all__ = ["DRAW", "EXHAUSTED", "FOE_CONDITIONS", "FOE_VERBS", "FRESH", "KW_SHIFT", "NONE",
           "NO_BLOCK", "RAPIDE", "MindbugState", "Stats", "Task", "aimed", "catalogue_named",
           "register_catalogue"]
