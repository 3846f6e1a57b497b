"""The daily challenge: one deal a day per game, the same for everyone, against the strongest
bot; one attempt per account; a leaderboard per game and day.

MT-24 sets it for one game (the day's market from a seed derived from the date, one attempt
per account, against the strongest bot, ranked by wins, then fewer half-moves, then more
points). Every game follows the same rules, with its own score (docs/daily.md).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from ludotheque.core import Config, Game, Result
from ludotheque.core.rng import FRESH_BITS

# The strongest level the bots have (MT-24).
DAILY_BOT = "difficile"
# The first day a challenge is shown for: earlier ones are no page (and date arithmetic near
# year 1 would overflow).
FIRST_DAY = date(2020, 1, 1)
# The account plays the first seat (the one who moves first).
PLAYER_SEAT = 0


def today() -> date:
    """The challenge changes at midnight UTC, for everyone at once."""
    return datetime.now(UTC).date()


def parse_day(text: str | None) -> date | None:
    """A day written YYYY-MM-DD, or None when it is not one."""
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class Challenge:
    """One game's challenge of one day."""

    day: date
    game: Game
    config: Config
    seed: int

    def seats(self, player: str, name: str) -> list[dict[str, Any]]:
        """The seats of the game row: the account at PLAYER_SEAT, the bot elsewhere."""
        bot = {"kind": "bot", "player": None, "name": DAILY_BOT, "bot": DAILY_BOT}
        return [{"kind": "human", "player": player, "name": name} if i == PLAYER_SEAT
                else dict(bot) for i in range(self.config.players)]


def daily_seed(key: bytes, game_id: str, day: date) -> int:
    """The seed of a game's deal of a day: HMAC-SHA256 under the site's daily key.

    Keyed, so that the seeds published with past days' records (and the code) tell nothing of
    the days to come; FRESH_BITS bits of it, marked big like a fresh seed, so the engines take
    the hashed generator (docs/security.md)."""
    mac = hmac.new(key, f"daily\x1f{game_id}\x1f{day.isoformat()}".encode(),
                   hashlib.sha256).digest()
    return (1 << FRESH_BITS) | int.from_bytes(mac[:FRESH_BITS // 8], "big")


def challenge(game: Game, day: date, key: bytes) -> Challenge | None:
    """The day's challenge of a game, or None for a game with no two-player setup.

    Everything comes from the date, the game and the site's daily `key` (Store.daily_key):
    the setup (when a game has several, the day picks one; never one of `Game.not_daily`)
    and the seed of the deal (MT-13, MT-24)."""
    setups = [c for c in game.configs()
              if c.players == 2 and c.label not in game.not_daily]
    if not setups:
        return None
    seed = daily_seed(key, game.id, day)
    return Challenge(day, game, setups[seed % len(setups)], seed)


@dataclass(frozen=True)
class Standing:
    """One finished attempt on the leaderboard."""

    name: str
    player: str
    game_id: str
    outcome: str  # win, draw, loss
    moves: int
    score: float

    @property
    def key(self) -> tuple[int, int, float]:
        """MT-24: wins first, then fewer half-moves, then the higher score. Draws come next,
        then losses, where the longer defence ranks higher (docs/daily.md: a quick
        resignation must not beat a fight to the end)."""
        if self.outcome == "loss":
            return (2, -self.moves, -self.score)
        return (0 if self.outcome == "win" else 1, self.moves, -self.score)


def standing(name: str, player: str, game_id: str, seat: int, result: dict[str, Any],
             moves: int) -> Standing:
    """An attempt's line from its stored result; `moves` counts every action of the game
    (the same setup actions for everyone, so fewer actions is fewer half-moves)."""
    r = Result.from_json(result)
    outcome = "draw" if r.is_draw else ("win" if r.ranks[seat] == 0 else "loss")
    score = r.scores[seat] if seat < len(r.scores) else 0.0
    return Standing(name, player, game_id, outcome, moves, float(score))


def leaderboard(standings: list[Standing]) -> list[tuple[int, Standing]]:
    """Ranked standings, equal keys sharing a rank (1, 2, 2, 4 ...)."""
    ordered = sorted(standings, key=lambda s: (s.key, s.name.lower()))
    out: list[tuple[int, Standing]] = []
    for i, s in enumerate(ordered):
        rank = out[-1][0] if out and out[-1][1].key == s.key else i + 1
        out.append((rank, s))
    return out
