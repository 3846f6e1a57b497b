"""The State of a game of Mitan: market, snake draft, placement, battle and the four endings.

The board is a flat list of 81 ints (board.py); a battle action is an int code
(notation.encode). The battle actions are listed by moves.py, a pure function of the
board; the repetition rule (MT-18) uses an incremental Zobrist key, and clone() copies a
handful of small lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ludotheque.core.errors import NotationError
from ludotheque.core.game import JSON, Action, Event, Result, State
from ludotheque.core.rng import Rng

from .board import (
    BELIER,
    BLACK,
    CAMPS,
    CAVALIER,
    CHEF,
    CODES,
    ENVOUTEUR,
    KIND_OF_CODE,
    MARKET_KINDS,
    MITANS,
    NEIGHBOURS,
    PASSEUR,
    PORTE_BOUCLIER,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    WHITE,
    ZOBRIST,
    ZOBRIST_BLACK,
)
from .moves import generate
from .notation import (
    CAPTURE,
    MOVE,
    PASS,
    PICKS,
    PUSH,
    SHOT,
    SWAP,
    Move,
    Pass,
    Pick,
    Place,
    move,
    place,
)

DRAFT, PLACEMENT, BATTLE, OVER = 0, 1, 2, 3
PHASES = ("draft", "placement", "battle", "over")
# MT-14: the snake draft, 14 picks.
DRAFT_ORDER = (0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1)
MARKET_TYPES, MARKET_COPIES = 6, 3  # MT-13
PIECES_PER_ARMY = 8  # the Chef and 7 drafted pieces
HALF_MOVE_LIMIT = 150  # MT-23

# Ways to end (Result.reason) with their ruling.
CHEF_CAPTURED = "chef_captured"
CENTRE_HELD = "centre_held"
ANNIHILATION = "annihilation"
HALF_MOVE_LIMIT_REACHED = "half_move_limit"
DOUBLE_PASS = "double_pass"
RULING_OF = {CHEF_CAPTURED: "MT-20", CENTRE_HELD: "MT-21", ANNIHILATION: "MT-22",
             HALF_MOVE_LIMIT_REACHED: "MT-23", DOUBLE_PASS: "MT-19"}

_ONE = ((0,), (1,))
_BOTH = (0, 1)
_EMPTY_ROW = (0,) * 14
_D1 = SQUARES
_D2 = SQUARES * SQUARES
_D3 = SQUARES * SQUARES * 14


def _piece_letter(v: int) -> str:
    letter = CODES[v >> 1]
    return letter if v & 1 == WHITE else letter.lower()


class MitanState(State):
    """One moment of a game of Mitan."""

    # -- construction -----------------------------------------------------------------------------
    def __init__(self, seed: int | None = None, hidden: bool = False) -> None:
        if seed is None:
            # An empty state for clone() and from_json() to fill (and pickle's copies): the
            # module is compiled (COMPILED), and a compiled class is made by calling it only.
            return
        self.rng = Rng(seed)
        self.hidden = hidden  # MT-16: hidden placement
        self.phase = DRAFT
        self.market = [0] * 14
        # MT-13: 6 of the 12 types drawn from the seed, 3 copies each.
        for kind in self.rng.sample(MARKET_KINDS, MARKET_TYPES):
            self.market[kind] = MARKET_COPIES
        self.drafted = [[0] * 14, [0] * 14]
        self.reserve = [[0] * 14, [0] * 14]
        for s in _BOTH:
            self.reserve[s][CHEF] = 1
        self.picks = 0
        self.placed = [0, 0]
        self.board = [0] * SQUARES
        self.turn = WHITE
        self.ply = 0
        self.streak = [0, 0]
        self.points = [0, 0]
        self.passes = 0
        self.key = 0
        self.seen: dict[int, int] = {}
        self.twice = 0  # how many positions of `seen` occurred twice (MT-18 check needed)
        self.material = [0, 0]
        self.last = -1  # code of the last battle action, -2 for a pass, -1 for none
        self.ending: tuple[str, int] | None = None  # (reason, winner or -1 for a draw)
        self.squares: list[list[int]] = [[], []]  # where each side's pieces stand
        self._legal: list[Move] | None = None  # legal actions, until the next action

    # -- whose decision ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == BATTLE:
            return _ONE[self.turn]
        if phase == DRAFT:
            return _ONE[DRAFT_ORDER[self.picks]]
        if phase == PLACEMENT:
            if self.hidden:  # MT-16: both place at once, in secret
                return tuple(s for s in _BOTH if self.placed[s] < PIECES_PER_ARMY)
            return _ONE[(self.placed[0] + self.placed[1]) & 1]  # MT-15: W, B, W, B ...
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == BATTLE:
            if seat != self.turn:
                return []
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate()
            if not legal:
                return [PASS]  # MT-17, MT-18: no legal action left, the player passes
            return legal[:]  # type: ignore[return-value]
        if seat not in self.to_act():
            return []
        if phase == DRAFT:
            return [PICKS[k] for k in MARKET_KINDS if self.market[k]]
        reserve = self.reserve[seat]
        empty = [sq for sq in CAMPS[seat] if not self.board[sq]]
        if reserve[CHEF]:  # MT-15: each places their Chef first
            return [place(CHEF, sq) for sq in empty]
        return [place(k, sq) for k in MARKET_KINDS if reserve[k] for sq in empty]

    def apply(self, seat: int, action: Action) -> list[Event]:
        # The battle's common case without the generic checks' overhead; anything else (and
        # every illegal action) goes through State.apply, which refuses it unchanged.
        if self.phase == BATTLE and seat == self.turn and type(action) is Move:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._generate()
            if action in legal:
                self._legal = None
                return self._battle(action)
        return super().apply(seat, action)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == BATTLE:
            if isinstance(action, Move):
                if self._legal is None:
                    self._legal = self._generate()
                if action in self._legal:
                    return None
                return self._explain(action)
            if isinstance(action, Pass):
                if self._legal is None:
                    self._legal = self._generate()
                if self._legal:
                    return "you may pass only without a legal action (MT-17)"
                return None
            return f"{action.text()}: the battle has begun, pieces move now"
        if phase == DRAFT:
            if not isinstance(action, Pick):
                return f"{action.text()}: this is the draft, pick a piece (MT-14)"
            if action.kind not in MARKET_KINDS:
                return f"{action!r}: the market never holds such a piece (MT-13)"
            if not self.market[action.kind]:
                return f"{action.text()}: no {CODES[action.kind]} left in the market (MT-14)"
            return None
        if not isinstance(action, Place):
            return f"{action.text()}: this is the placement, place a piece (MT-15)"
        if not 0 < action.kind < len(CODES) or not 0 <= action.square < SQUARES:
            return f"{action!r} is no piece or no square"
        reserve = self.reserve[seat]
        if reserve[CHEF] and action.kind != CHEF:
            return f"{action.text()}: place your Chef first (MT-15)"
        if not reserve[action.kind]:
            return f"{action.text()}: no {CODES[action.kind]} left to place"
        if action.square not in CAMPS[seat]:
            return f"{action.text()}: place on your own two first ranks (MT-15)"
        if self.board[action.square]:
            return f"{action.text()}: that square is taken"
        return None

    def _explain(self, action: Move) -> str:
        if not 0 <= action < 5 * _D3:
            return f"{int(action)} is the code of no action"
        text = action.text()
        v = self.board[action.origin]
        if not v or v & 1 != self.turn or v >> 1 != action.kind:
            return f"{text}: you have no {CODES[action.kind]} on {SQUARE_NAMES[action.origin]}"
        if _next_to(self.board, action.origin, ENVOUTEUR * 2 + (self.turn ^ 1)):
            return f"{text}: that piece is paralysed by an Envoûteur (MT-10)"
        if action in self._generate(check_repetition=False):
            return f"{text}: it would make a position occur a third time (MT-18)"
        return f"{text} is not a legal move now"

    # -- move generation --------------------------------------------------------------------------
    def _generate(self, check_repetition: bool = True) -> list[Move]:
        """Every legal battle action of the side to move (pass excluded), in a stable order."""
        c = self.turn
        out = generate(self.board, c, self.squares[c], self.squares[c ^ 1])
        if check_repetition and self.twice:
            # MT-18: no action may make a position occur for the third time.
            seen = self.seen
            key = self.key
            out = [m for m in out if seen.get(self._key_after(key, m), 0) < 2]
        return out

    def _key_after(self, key: int, code: int) -> int:
        """The Zobrist key of the position after the battle action `code`."""
        b = self.board
        t = code % SQUARES
        f = code // _D1 % SQUARES
        mtype = code // _D3
        v = b[f]
        x = b[t]
        key ^= ZOBRIST_BLACK
        if mtype == SHOT:
            return key ^ ZOBRIST[t][x]
        if mtype == SWAP:
            return key ^ ZOBRIST[f][v] ^ ZOBRIST[t][x] ^ ZOBRIST[f][x] ^ ZOBRIST[t][v]
        key ^= ZOBRIST[f][v] ^ ZOBRIST[t][v]
        if mtype == CAPTURE:
            return key ^ ZOBRIST[t][x]
        if mtype == PUSH:
            beyond = 2 * t - f if abs(t - f) in (1, SIZE) else t + (t - f) // 2
            return key ^ ZOBRIST[t][x] ^ ZOBRIST[beyond][x]
        return key

    # -- the transition ---------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._legal = None
        if isinstance(action, Move):
            return self._battle(action)
        if isinstance(action, Pass):
            return self._pass()
        if isinstance(action, Pick):
            return self._pick(seat, action.kind)
        assert isinstance(action, Place)
        return self._place(seat, action.kind, action.square)

    def _pick(self, seat: int, kind: int) -> list[Event]:
        # MT-14: a picked piece leaves the market.
        self.market[kind] -= 1
        self.drafted[seat][kind] += 1
        self.reserve[seat][kind] += 1
        self.picks += 1
        events = [Event("pick", {"seat": seat, "piece": CODES[kind]}, ruling="MT-14")]
        if self.picks == len(DRAFT_ORDER):
            self.phase = PLACEMENT
            left = {CODES[k]: n for k, n in enumerate(self.market) if n}
            events.append(Event("draft_over", {"left_out": left}, ruling="MT-14"))
        return events

    def _place(self, seat: int, kind: int, sq: int) -> list[Event]:
        self.reserve[seat][kind] -= 1
        self.placed[seat] += 1
        self.board[sq] = kind * 2 + seat
        self.squares[seat].append(sq)
        self.material[seat] += 1
        data = {"seat": seat, "piece": CODES[kind], "square": SQUARE_NAMES[sq]}
        if self.hidden:
            # MT-16: only the placing seat learns where; the other learns that it happened.
            events = [Event("place", data, to=(seat,), ruling="MT-16"),
                      Event("placed_in_secret", {"seat": seat}, ruling="MT-16")]
        else:
            events = [Event("place", data, ruling="MT-15")]
        if self.placed[0] + self.placed[1] == 2 * PIECES_PER_ARMY:
            if self.hidden:
                armies = [[f"{CODES[v >> 1]}@{SQUARE_NAMES[s]}" for s in CAMPS[seat_]
                           if (v := self.board[s])] for seat_ in _BOTH]
                events.append(Event("reveal", {"armies": armies}, ruling="MT-16"))
            self._start_battle(events)
        return events

    def _start_battle(self, events: list[Event]) -> None:
        self.phase = BATTLE
        self.turn = WHITE  # MT-15: White makes the first move
        key = 0
        for sq, v in enumerate(self.board):
            if v:
                key ^= ZOBRIST[sq][v]
        self.key = key
        self.seen = {key: 1}
        self.twice = 0
        events.append(Event("battle", {}, ruling="MT-15"))
        self._start_turn(events)

    def _battle(self, action: Move) -> list[Event]:
        b = self.board
        c = self.turn
        t = action % SQUARES
        f = action // _D1 % SQUARES
        mtype = action // _D3
        v = b[f]
        x = b[t]
        own = self.squares[c]
        key = self.key ^ ZOBRIST_BLACK
        captured = 0
        data: dict[str, JSON] = {"seat": c, "action": action.text()}
        if mtype == MOVE:
            b[f] = 0
            b[t] = v
            own[own.index(f)] = t
            key ^= ZOBRIST[f][v] ^ ZOBRIST[t][v]
            kind = "move"
        elif mtype == CAPTURE:
            b[f] = 0
            b[t] = v
            own[own.index(f)] = t
            self.squares[c ^ 1].remove(t)
            key ^= ZOBRIST[f][v] ^ ZOBRIST[t][v] ^ ZOBRIST[t][x]
            captured = x
            kind = "crush" if v >> 1 == BELIER else "capture"
        elif mtype == SHOT:
            b[t] = 0
            self.squares[c ^ 1].remove(t)
            key ^= ZOBRIST[t][x]
            captured = x
            kind = "shot"
        elif mtype == PUSH:
            beyond = 2 * t - f if abs(t - f) in (1, SIZE) else t + (t - f) // 2
            b[f] = 0
            b[t] = v
            b[beyond] = x
            own[own.index(f)] = t
            enemy = self.squares[c ^ 1]
            enemy[enemy.index(t)] = beyond
            key ^= ZOBRIST[f][v] ^ ZOBRIST[t][v] ^ ZOBRIST[t][x] ^ ZOBRIST[beyond][x]
            data["pushed_to"] = SQUARE_NAMES[beyond]
            kind = "push"
        else:
            b[f] = x
            b[t] = v
            if x & 1 != c:  # the Espion's swap: each side's piece changes square
                own[own.index(f)] = t
                enemy = self.squares[c ^ 1]
                enemy[enemy.index(t)] = f
            key ^= ZOBRIST[f][v] ^ ZOBRIST[t][x] ^ ZOBRIST[f][x] ^ ZOBRIST[t][v]
            kind = "swap"
        self.key = key
        self.last = action
        self.passes = 0
        self.ply += 1
        if captured:
            data["captured"] = _piece_letter(captured)
            self.material[c ^ 1] -= 1
            # A capture is irreversible: no earlier position can occur again (MT-18).
            self.seen = {key: 1}
            self.twice = 0
        else:
            self._count_position()
        events = [Event(kind, data, ruling=_RULING_OF_ACTION[v >> 1][mtype])]
        if captured >> 1 == CHEF:
            self._end(CHEF_CAPTURED, c, events)  # MT-20
            return events
        self._after_action(events)
        return events

    def _pass(self) -> list[Event]:
        c = self.turn
        self.key ^= ZOBRIST_BLACK
        self.last = -2
        self.passes += 1
        self.ply += 1
        self._count_position()
        events = [Event("pass", {"seat": c}, ruling="MT-17")]
        if self.passes >= 2:
            self._end(DOUBLE_PASS, self._points_winner(), events)  # MT-19
            return events
        self._after_action(events)
        return events

    def _count_position(self) -> None:
        n = self.seen.get(self.key, 0) + 1
        self.seen[self.key] = n
        if n == 2:
            self.twice += 1

    def _after_action(self, events: list[Event]) -> None:
        c = self.turn
        # MT-22: after an action, a player left with only their Chef loses.
        for s in (c ^ 1, c):
            if self.material[s] <= 1:
                self._end(ANNIHILATION, s ^ 1, events)
                return
        # MT-23: after 150 half-moves the game ends; no turn starts after the last one.
        if self.ply >= HALF_MOVE_LIMIT:
            self._end(HALF_MOVE_LIMIT_REACHED, self._points_winner(), events)
            return
        self.turn = c ^ 1
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        t = self.turn
        b = self.board
        held = 0
        for m in MITANS:
            if b[m] and b[m] & 1 == t:
                held += 1
        if held:
            self.points[t] += held  # MT-23: one centre point per Mitan at the turn's start
        # MT-21: holding 2 of the 3 Mitans at the start of two turns in a row wins.
        if held >= 2:
            self.streak[t] += 1
        else:
            self.streak[t] = 0
        if held:
            events.append(Event("centre", {"seat": t, "held": held, "streak": self.streak[t],
                                           "points": self.points[t]}, ruling="MT-21"))
        if self.streak[t] >= 2:
            self._end(CENTRE_HELD, t, events)

    def _points_winner(self) -> int:
        a, b = self.points
        return -1 if a == b else (0 if a > b else 1)

    def _end(self, reason: str, winner: int, events: list[Event]) -> None:
        self.phase = OVER
        self.ending = (reason, winner)
        events.append(Event("end", {"reason": reason, "winner": winner,
                                    "points": list(self.points)}, ruling=RULING_OF[reason]))

    # -- the end ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        if self.ending is None:
            return None
        reason, winner = self.ending
        ranks = (0, 0) if winner < 0 else ((0, 1) if winner == 0 else (1, 0))
        who = "draw" if winner < 0 else f"{('White', 'Black')[winner]} wins"
        detail = (f"{who} ({reason.replace('_', ' ')}); centre points "
                  f"{self.points[0]}-{self.points[1]} after {self.ply} half-moves")
        return Result(ranks, (float(self.points[0]), float(self.points[1])), reason, detail,
                      RULING_OF[reason])

    # -- information ------------------------------------------------------------------------------
    def hides_information(self) -> bool:
        # MT-16: only the hidden placement, until the reveal, hides anything.
        return self.hidden and self.phase == PLACEMENT

    def _secret(self, seat: int | None, owner: int) -> bool:
        """Whether `owner`'s placement is hidden from `seat` now (MT-16)."""
        return self.hidden and self.phase == PLACEMENT and seat != owner

    def view(self, seat: int | None) -> dict[str, JSON]:
        board: list[str] = []
        for v in self.board:
            board.append("" if not v or self._secret(seat, v & 1) else _piece_letter(v))
        out: dict[str, JSON] = {
            "phase": PHASES[self.phase],
            "placement": "hidden" if self.hidden else "open",
            "to_act": list(self.to_act()),
            "market": {CODES[k]: n for k, n in enumerate(self.market) if n},
            "drafted": [{CODES[k]: n for k, n in enumerate(d) if n} for d in self.drafted],
            "placed": list(self.placed),
            "reserve": [None if self._secret(seat, s) else
                        {CODES[k]: n for k, n in enumerate(self.reserve[s]) if n} for s in _BOTH],
            "board": board,
            "mitans": [SQUARE_NAMES[m] for m in MITANS],
            "turn": self.turn,
            "ply": self.ply,
            "streak": list(self.streak),
            "points": list(self.points),
            "last": (None if self.last == -1 else "pass" if self.last == -2
                     else move(self.last).text()),
        }
        if self.phase == BATTLE:
            out.update(self._battle_marks())
        if seat is not None and seat in self.to_act():
            out["legal"] = self.legal_texts(seat)
        result = self.result()
        if result is not None:
            out["result"] = result.to_json()
        return out

    def is_public(self, seat: int, action: Action) -> bool:
        # MT-16: a hidden placement is secret until the reveal; the draft, the open placement
        # and every battle action are seen by both players (Mitan has no other secret).
        return not (self.hidden and self.phase == PLACEMENT and isinstance(action, Place))

    def _battle_marks(self) -> dict[str, JSON]:
        """What the screen shows beside the pieces: the squares of paralysed pieces (MT-10)
        and of shielded ones (MT-9), both sides, and the side to move's actions refused only
        by the repetition rule (MT-18). Read from the position, like the move generator."""
        b = self.board
        paralysed: list[str] = []
        shielded: list[str] = []
        for s in _BOTH:
            enchanter, shield = ENVOUTEUR * 2 + (s ^ 1), PORTE_BOUCLIER * 2 + s
            for sq in sorted(self.squares[s]):
                if _next_to(b, sq, enchanter):
                    paralysed.append(SQUARE_NAMES[sq])
                if _next_to(b, sq, shield):
                    shielded.append(SQUARE_NAMES[sq])
        banned: list[str] = []
        if self.twice:
            if self._legal is None:
                self._legal = self._generate()
            allowed = set(self._legal)
            banned = [m.text() for m in self._generate(check_repetition=False)
                      if m not in allowed]
        return {"paralysed": paralysed, "shielded": shielded, "banned": banned}

    def reopen_secret_choices(self, seat: int) -> None:
        """MT-16: the other army's secret placement is taken back (its Chef and drafted
        pieces return to its reserve), so both armies are placed at once from here."""
        if not (self.hidden and self.phase == PLACEMENT) or seat not in self.to_act():
            return
        other = 1 - seat
        for sq in self.squares[other]:
            self.board[sq] = 0
        self.material[other] -= len(self.squares[other])
        self.squares[other] = []
        self.placed[other] = 0
        self.reserve[other] = self.drafted[other][:]
        self.reserve[other][CHEF] = 1
        self._legal = None

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        """Re-deal what `seat` cannot see: the other army's secret placement (MT-16)."""
        out = self.clone()
        if self.hidden and self.phase == PLACEMENT:
            out._redeal_placement(seat, rng)
        # A copy never holds the true generator (docs/security.md), though Mitan draws only
        # the market from it. Drawn last, as the bots reseeded their copies before.
        out.rng = rng.fork()
        return out

    def _redeal_placement(self, seat: int | None, rng: Rng) -> None:
        """The other army's secret placement, drawn again from its drafted pieces."""
        for owner in _BOTH:
            if owner == seat or not self.placed[owner]:
                continue
            camp = CAMPS[owner]
            for sq in camp:
                self.board[sq] = 0
            pool = [k for k in MARKET_KINDS for _ in range(self.drafted[owner][k])]
            rng.shuffle(pool)
            hidden_pieces = [CHEF * 2 + owner] + [k * 2 + owner
                                                  for k in pool[:self.placed[owner] - 1]]
            squares = list(camp)
            rng.shuffle(squares)
            reserve = [0] * 14
            for k in pool[self.placed[owner] - 1:]:
                reserve[k] += 1
            self.reserve[owner] = reserve
            self.squares[owner] = squares[:len(hidden_pieces)]
            for v, sq in zip(hidden_pieces, squares, strict=False):
                self.board[sq] = v

    # -- copies and persistence -------------------------------------------------------------------
    def clone(self) -> Self:
        out = type(self)()
        # Every field, the lists copied below (no __dict__ to copy in the compiled class).
        out.rng = self.rng
        out.hidden = self.hidden
        out.phase = self.phase
        out.market = self.market
        out.drafted = self.drafted
        out.reserve = self.reserve
        out.picks = self.picks
        out.placed = self.placed
        out.turn = self.turn
        out.ply = self.ply
        out.passes = self.passes
        out.key = self.key
        out.twice = self.twice
        out.last = self.last
        out.ending = self.ending
        out._legal = self._legal
        out.board = self.board[:]
        out.streak = self.streak[:]
        out.points = self.points[:]
        out.material = self.material[:]
        out.squares = [self.squares[0][:], self.squares[1][:]]
        out.seen = self.seen.copy()
        # The Rng is read once, for the market (MT-13), and never changed after: shared.
        if self.phase != BATTLE:
            out.market = self.market[:]
            out.drafted = [self.drafted[0][:], self.drafted[1][:]]
            out.reserve = [self.reserve[0][:], self.reserve[1][:]]
            out.placed = self.placed[:]
        return out

    def to_json(self) -> dict[str, JSON]:
        return {
            "rng": self.rng.to_json(),
            "hidden": self.hidden,
            "phase": self.phase,
            "market": list(self.market),
            "drafted": [list(d) for d in self.drafted],
            "reserve": [list(r) for r in self.reserve],
            "picks": self.picks,
            "placed": list(self.placed),
            "board": list(self.board),
            "turn": self.turn,
            "ply": self.ply,
            "streak": list(self.streak),
            "points": list(self.points),
            "passes": self.passes,
            "key": f"{self.key:016x}",
            "seen": [[f"{k:016x}", n] for k, n in sorted(self.seen.items())],
            "material": list(self.material),
            "squares": [list(sq) for sq in self.squares],
            "last": self.last,
            "ending": None if self.ending is None else list(self.ending),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        out = cls()
        out.rng = Rng.from_json(data["rng"])
        out.hidden = bool(data["hidden"])
        out.phase = int(data["phase"])
        out.market = [int(n) for n in data["market"]]
        out.drafted = [[int(n) for n in d] for d in data["drafted"]]
        out.reserve = [[int(n) for n in r] for r in data["reserve"]]
        out.picks = int(data["picks"])
        out.placed = [int(n) for n in data["placed"]]
        out.board = [int(v) for v in data["board"]]
        out.turn = int(data["turn"])
        out.ply = int(data["ply"])
        out.streak = [int(n) for n in data["streak"]]
        out.points = [int(n) for n in data["points"]]
        out.passes = int(data["passes"])
        out.key = int(data["key"], 16)
        out.seen = {int(k, 16): int(n) for k, n in data["seen"]}
        out.twice = sum(1 for n in out.seen.values() if n >= 2)
        out.material = [int(n) for n in data["material"]]
        out.squares = [[int(n) for n in sq] for sq in data["squares"]]
        out.last = int(data["last"])
        ending = data["ending"]
        out.ending = None if ending is None else (str(ending[0]), int(ending[1]))
        out._legal = None
        return out

    # -- positions written as text (tests, tutorial, daily challenge) -----------------------------
    def fen(self) -> str:
        """The battle position as text: ranks 9 to 1, side to move, half-moves, streaks, points.

        White's pieces are capitals, Black's small letters, digits count empty squares:
        "4c4/9/9/9/9/9/9/9/4C4 w 0 0,0 0,0".
        """
        rows = []
        for r in range(SIZE - 1, -1, -1):
            row, run = "", 0
            for f in range(SIZE):
                v = self.board[r * SIZE + f]
                if not v:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                row += _piece_letter(v)
            rows.append(row + (str(run) if run else ""))
        return (f"{'/'.join(rows)} {'wb'[self.turn]} {self.ply} "
                f"{self.streak[0]},{self.streak[1]} {self.points[0]},{self.points[1]}")

    @classmethod
    def from_fen(cls, text: str) -> Self:
        """A battle position from its text (see fen()); the trailing counters may be left out.

        The position counts as seen once (MT-18); no turn start is scored for it, the streaks
        and points are taken as written.
        """
        parts = text.split()
        if not 1 <= len(parts) <= 5:
            raise NotationError(text, "a position is: ranks, side, half-moves, streaks, points")
        parts += ["w", "0", "0,0", "0,0"][len(parts) - 1:]
        rows = parts[0].split("/")
        if len(rows) != SIZE:
            raise NotationError(text, f"a position has {SIZE} ranks separated by '/'")
        board = [0] * SQUARES
        for i, row in enumerate(rows):
            r = SIZE - 1 - i
            f = 0
            for ch in row:
                if ch.isdigit() and ch != "0":
                    f += int(ch)
                    continue
                kind = KIND_OF_CODE.get(ch.upper())
                if kind is None or f >= SIZE:
                    raise NotationError(text, f"rank {r + 1}: unexpected {ch!r}")
                board[r * SIZE + f] = kind * 2 + (WHITE if ch.isupper() else BLACK)
                f += 1
            if f != SIZE:
                raise NotationError(text, f"rank {r + 1} has {f} squares, not {SIZE}")
        chefs = [sum(1 for v in board if v == CHEF * 2 + s) for s in _BOTH]
        if chefs != [1, 1]:
            raise NotationError(text, "each side has exactly one Chef")
        if parts[1] not in ("w", "b"):
            raise NotationError(text, "the side to move is w or b")
        try:
            ply = int(parts[2])
            streak = [int(n) for n in parts[3].split(",")]
            points = [int(n) for n in parts[4].split(",")]
        except ValueError:
            raise NotationError(text, "half-moves, streaks and points are whole numbers") from None
        if (len(streak) != 2 or len(points) != 2 or min(streak + points) < 0
                or not 0 <= ply < HALF_MOVE_LIMIT or max(streak) > 1):
            raise NotationError(text, "half-moves 0..149, two streaks 0..1, two points >= 0")
        out = cls(0)
        out.market = [0] * 14
        out.reserve = [[0] * 14, [0] * 14]
        for v in board:
            if v and v >> 1 != CHEF:
                out.drafted[v & 1][v >> 1] += 1
        out.picks = len(DRAFT_ORDER)
        out.placed = [PIECES_PER_ARMY, PIECES_PER_ARMY]
        out.board = board
        out.squares = [[sq for sq, v in enumerate(board) if v and v & 1 == s] for s in _BOTH]
        out.material = [len(sq) for sq in out.squares]
        out.phase = BATTLE
        out.turn = WHITE if parts[1] == "w" else BLACK
        out.ply = ply
        out.streak = streak
        out.points = points
        key = ZOBRIST_BLACK if out.turn == BLACK else 0
        for sq, v in enumerate(board):
            if v:
                key ^= ZOBRIST[sq][v]
        out.key = key
        out.seen = {key: 1}
        return out

    # -- conveniences for tests and bots ----------------------------------------------------------
    def piece_at(self, name: str) -> str:
        """The piece on a square as its letter (capital White, small Black), '' when empty."""
        from .board import square

        v = self.board[square(name)]
        return _piece_letter(v) if v else ""

    def mobility(self, colour: int) -> int:
        """How many battle actions `colour` would have with the move (repetition ignored)."""
        turn, self.turn = self.turn, colour
        try:
            return len(self._generate(check_repetition=False))
        finally:
            self.turn = turn


def _next_to(b: list[int], sq: int, value: int) -> bool:
    """Whether a piece of this value stands on a neighbouring square (MT-9 shield, MT-10)."""
    for n in NEIGHBOURS[sq]:  # noqa: SIM110 (a plain loop is faster than any() here)
        if b[n] == value:
            return True
    return False


# The ruling cited by each battle action's event, by piece kind and action type.
_RULING_OF_ACTION: tuple[tuple[str | None, ...], ...] = tuple(
    tuple("MT-8" if k == BELIER else "MT-7" if mt == SHOT else
          "MT-11" if (mt == SWAP and k == PASSEUR) else "MT-12" if mt == SWAP else
          "MT-6" if k == CAVALIER and mt == CAPTURE else "MT-5" if mt == CAPTURE else None
          for mt in range(5))
    for k in range(14))

__all__ = ["MitanState"]
