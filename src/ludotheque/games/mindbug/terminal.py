"""The terminal table for `ludo play mindbug` (Rich). Imported lazily by Game.render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_view(view: Mapping[str, Any], seat: int | None, lang: str = "fr") -> Any:
    from rich.pretty import Pretty

    return Pretty(dict(view))
