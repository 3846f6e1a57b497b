"""The routes of profiles, friends and the ranked lobby's seeks (mounted by app.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.routing import Route

from .friends import Friends
from .profiles import Profiles
from .seek import Seeks

if TYPE_CHECKING:
    from .app import Site


def social_routes(site: Site) -> list[Route]:
    profiles, friends, seeks = Profiles(site), Friends(site), Seeks(site)
    return [
        Route("/u/{name}", profiles.page, name="profile"),
        Route("/u/{name}/games", profiles.games_page, name="profile_games"),
        *friends.routes(),
        Route("/seek/{kind}", seeks.seek, methods=["POST"]),
    ]
