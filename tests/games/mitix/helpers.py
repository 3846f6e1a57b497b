"""Positions for MiTiX scenario tests, written with card names."""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.core.game import Event
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.cards import CardSet, build_card_set
from ludotheque.games.mitix.notation import RESOURCES
from ludotheque.games.mitix.rules import FAMIX, MITIX, MitixState

CARDS = GAME.cards


def ids(names: Sequence[str], cards: CardSet = CARDS) -> list[int]:
    return [cards.index[n] for n in names]


def names(card_ids: Sequence[int], cards: CardSet = CARDS) -> list[str]:
    return [cards.names[c] for c in card_ids]


def force(name: str, cards: CardSet = CARDS) -> int:
    """Bios + attack: in a round without Olympe effects, the higher force wins (MX-8)."""
    return cards.bios[cards.index[name]] + cards.attaque[cards.index[name]]


def mitix_position(olympe: Sequence[Sequence[str]], areopage: Sequence[Sequence[str]],
                   state_type: type[MitixState] = MitixState) -> MitixState:
    """A MiTiX vs MiTiX position: each Olympe, each aréopage top card first."""
    cards = state_type.cards
    return state_type.from_position(MITIX, [ids(o, cards) for o in olympe],
                                    [ids(a, cards) for a in areopage])


def famix_position(areopage: Sequence[Sequence[str]],
                   olympe: Sequence[Sequence[str]] = ((), ()),
                   pile: Sequence[str] | None = None,
                   resources: Sequence[Sequence[Sequence[str]]] | None = None,
                   state_type: type[MitixState] = MitixState) -> MitixState:
    """A FaMiX vs FaMiX position; `pile` lists resources top first; `resources` per Dieu."""
    cards = state_type.cards
    res = None
    if resources is not None:
        res = [[[RESOURCES.index(r) for r in held] for held in side] for side in resources]
    return state_type.from_position(
        FAMIX, [ids(o, cards) for o in olympe], [ids(a, cards) for a in areopage],
        pile=None if pile is None else [RESOURCES.index(r) for r in pile], resources=res)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def rulings(events: Sequence[Event]) -> set[str]:
    return {e.ruling for e in events if e.ruling}


def custom_state(toml: str) -> type[MitixState]:
    """A state type playing with a small custom card set (the rules read `cls.cards`)."""
    import tomllib

    card_set = build_card_set("custom.toml", tomllib.loads(toml))

    class CustomState(MitixState):
        __slots__ = ()

    CustomState.cards = card_set
    return CustomState


def card(nom: str, bios: int, attaque: int, famille: str = "F", *, dieu: bool = False,
         amis: Sequence[str] = (), ennemis: Sequence[str] = ()) -> str:
    genre = "Prodige" if dieu else "Exploit"
    amis_t = ", ".join(f'"{a}"' for a in amis)
    ennemis_t = ", ".join(f'"{e}"' for e in ennemis)
    return (f'[[carte]]\nnom = "{nom}"\nbios = {bios}\nattaque = {attaque}\ngenre = "{genre}"\n'
            f'dieu = {"true" if dieu else "false"}\nfamille = "{famille}"\n'
            f"amis = [{amis_t}]\nennemis = [{ennemis_t}]\n")


__all__ = ["CARDS", "FAMIX", "MITIX", "card", "custom_state", "famix_position", "force", "ids",
           "kinds", "mitix_position", "names", "rulings"]
