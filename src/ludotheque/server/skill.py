"""OpenSkill ratings of ranked games of three seats or more, and of teams (free-for-all of
3-8, two against two): the Plackett-Luce model of the maintained `openskill` library.

Its default model (mu 25, sigma 25/3, beta sigma/2, tau mu/300) scaled by 60, so that its
numbers read like the Glicko-2 ones of two-player games (a newcomer 1500; a deviation under
110 is an established rating, over it the rating is shown with a question mark). A seat's
rating is stored as (rating = mu, rd = sigma); Glicko's volatility is unused (0).
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from ludotheque.store import RatingRow

SCALE = 60.0
MODEL = PlackettLuce(mu=25.0 * SCALE, sigma=25.0 / 3 * SCALE, beta=25.0 / 6 * SCALE,
                     tau=25.0 / 300 * SCALE)


def sides(result: dict[str, Any], seats: int) -> tuple[list[list[int]], list[int]]:
    """The seats grouped by team (each seat its own side without teams) and each side's
    rank: the result's rank, and a seat handed to a bot (`left`) after every seat that
    stayed (its player gave the game up). Teams keep the order of their first seat."""
    ranks = [int(r) for r in result["ranks"]]
    left = set(int(s) for s in result.get("left", []))
    worst = max(ranks) + 1 if ranks else 0
    ranks = [worst if s in left else r for s, r in enumerate(ranks)]
    teams = result.get("teams")
    groups: dict[int, list[int]] = {}
    for seat in range(seats):
        key = int(teams[seat]) if teams is not None else seat
        groups.setdefault(key, []).append(seat)
    grouped = list(groups.values())
    # A team's rank: its best member's (a team wins or loses together; a member who left
    # does not pull the team's rank down when the others finished it).
    return grouped, [min(ranks[s] for s in group) for group in grouped]


def _rating(row: RatingRow | None) -> Any:
    return MODEL.rating() if row is None else MODEL.rating(mu=row.rating, sigma=row.rd)


def openskill(rows: list[RatingRow | None], result: dict[str, Any]
              ) -> list[tuple[float, float, float]]:
    """Every seat's new (mu, sigma, 0) after a ranked game of 3+ seats or of teams."""
    groups, ranks = sides(result, len(rows))
    teams = [[_rating(rows[s]) for s in group] for group in groups]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    out: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(rows)
    for group, new in zip(groups, rated, strict=True):
        for seat, rating in zip(group, new, strict=True):
            out[seat] = (float(rating.mu), float(rating.sigma), 0.0)
    return out
