"""The base set, loaded and checked once (DG-8)."""

from __future__ import annotations

from .cards import CardSet, load_cards, slug

CARDS: CardSet = load_cards()
SORT_SLUGS: tuple[str, ...] = tuple(slug(s.name) for s in CARDS.sorts)
CHATEAU_SLUGS: tuple[str, ...] = tuple(slug(c.name) for c in CARDS.chateaux)
