"""Who played a finished game and how it went for each: the `plays` rows (models.Play).

Written in the transaction that ends the game (db.py), and once for the games already over
by migration 0008, from the same function. A seat handed to a bot when its player left
(a resignation or a clock with 3+ seats) keeps the player as `left_player`: that player lost.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

WIN, DRAW, LOSS = "win", "draw", "loss"
OUTCOMES = (WIN, DRAW, LOSS)
MULTI = "-multi"  # the pools of games of 3+ seats (OpenSkill): "blitz-multi"


def rating_pool(control: str, seats: int) -> str:
    """The rating pool of a ranked game: its time control for two seats (Glicko-2), the
    time control and MULTI for more (OpenSkill: free-for-all and teams), so that a game's
    duels and its team games are two ratings."""
    return control if seats == 2 else control + MULTI


def seat_players(seats: list[dict[str, Any]]) -> list[str | None]:
    """Each seat's account id: the human seated, or the one who left it to a bot."""
    out: list[str | None] = []
    for seat in seats:
        player = seat.get("player") if seat.get("kind") == "human" else seat.get("left_player")
        out.append(str(player) if player and not seat.get("deleted") else None)
    return out


def outcome(ranks: list[int], seat: int, left: bool) -> str:
    """win (first, alone or tied), draw (every seat equal), loss (anything else; a seat
    left to a bot is its player's loss whatever the bot made of it)."""
    if left:
        return LOSS
    if all(r == ranks[0] for r in ranks):
        return DRAW
    return WIN if ranks[seat] == min(ranks) else LOSS


def plays_of(game_id: str, game: str, seats: list[dict[str, Any]],
             result: dict[str, Any] | None, ranked: bool, public: bool,
             lesson: str | None, ended_at: datetime) -> list[dict[str, Any]]:
    """The rows of one finished game: one per account holding exactly one seat."""
    if result is None or lesson is not None:
        return []
    ranks = [int(r) for r in result.get("ranks", [])]
    if len(ranks) != len(seats):
        return []
    players = seat_players(seats)
    out = []
    for seat, player in enumerate(players):
        if player is None or players.count(player) != 1:
            continue  # nobody's seat, or a hotseat game against oneself
        left = seats[seat].get("kind") != "human"
        out.append({"player": player, "game_id": game_id, "game": game, "seat": seat,
                    "outcome": outcome(ranks, seat, left), "ranked": bool(ranked),
                    "public": bool(public), "ended_at": ended_at})
    return out
