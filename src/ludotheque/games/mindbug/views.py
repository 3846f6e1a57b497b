"""What a seat of a Mindbug game may see: the boards with their powers, the hands it knows,
the decision pending, the table's log (`view_of`, the state's `view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.game import JSON

from .cards import KEYWORD_BITS
from .marks import EXHAUSTED, FRESH, NO_BLOCK, NONE

if TYPE_CHECKING:
    from .rules import MindbugState


def card_view(state: MindbugState, c: int) -> dict[str, JSON]:
    return {"id": c, "key": state.key(c)}


def view_of(state: MindbugState, seat: int | None) -> dict[str, JSON]:
    st = state.stats()
    everyone = (1 << state.n) - 1
    boards: list[JSON] = []
    for s in range(state.n):
        row = []
        for c in state.boards[s]:
            cr = state.creature(c)
            row.append({
                "id": c, "key": cr.key, "name": cr.name, "name_en": cr.name_en,
                "power": st.power[c], "base_power": cr.power,
                "keywords": [k for k, b in KEYWORD_BITS.items() if st.kw[c] & b],
                "exhausted": bool(state.flags[c] & EXHAUSTED),
                "fresh": bool(state.flags[c] & FRESH),
                "owner": state.owner[c],
                "cannot_block": bool(state.flags[c] & NO_BLOCK) or c in st.no_block,
                "cannot_attack": c in st.no_attack,
            })
            if state.aim[c] != NONE:  # Tag Team: the opponent its effect aims at
                row[-1]["aim"] = state.aim[c]
        boards.append(row)
    hands: list[JSON] = []
    for s in range(state.n):
        if seat == s:
            shown = list(state.hands[s])
        else:
            mask = everyone if seat is None else 1 << seat
            shown = [c for c in state.hands[s] if state.known[c] & mask == mask]
        hands.append({"count": len(state.hands[s]),
                      "cards": [card_view(state, c) for c in shown]})
    pending: dict[str, JSON] | None = None
    if state.winner == NONE and state.stack:
        task = state.stack[-1]
        who = state._options()[0]
        pending = {"kind": task[0], "seat": who}
        mask = everyone if seat is None else 1 << seat
        if task[0] in ("mindbug", "mindfrog", "hunt", "block", "frenzy", "rapid", "keep",
                       "revive", "pick", "foe"):
            pending["card"] = task[1]
            # The creature's key when this seat may know it (a card given from a hand
            # is known to its two players only), so that a screen can show the card.
            if state.known[task[1]] & mask == mask:
                pending["key"] = state.key(task[1])
        if task[0] == "pick":
            pending["verb"] = state.creature(task[1]).triggered(task[3])[task[4]].verb
            pending["picks"] = list(task[6])
        if task[0] == "order":
            pending["cards"] = [t[0] for t in task[1]]
            pending["keys"] = [state.key(t[0]) for t in task[1]]
    result = state.result()
    return {
        "players": state.n,
        "turn": state.turn,
        "active": state.active,
        "life": list(state.life),
        "mindbugs": list(state.mindbugs),
        "mindfrogs": list(state.mindfrogs),
        "hand_limit": state.hand_limit,
        "boards": boards,
        "hands": hands,
        "discards": [[card_view(state, c) for c in d] for d in state.discards],
        "piles": [len(p) for p in state.piles],
        "unused": len(state.unused),
        "reveals": [list(r) for r in state.reveals],
        "pending": pending,
        "seat": seat,
        "log": [e.to_json() for e in state.log],
        "result": result.to_json() if result is not None else None,
    }
