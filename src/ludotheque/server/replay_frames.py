"""The replay viewer's frames (issue #20, point 7): every step of a game as a spectator saw
it, sent once with the page, so that the browser steps through the game without asking the
server again. A frame holds only what a spectator could see at that step: the spectator's
view (`view(None)`), the events everyone saw, and the action's text only when the step was
public."""

from __future__ import annotations

from typing import Any

from .rooms import Room, Step


def frames(room: Room, steps: list[Step], lang: str,
           help_ids: set[str]) -> list[dict[str, Any]]:
    """Frame n is the game after its first n `steps` (the room's, taken before: a live game
    goes on meanwhile; frame 0: the start); an event's ruling is kept when the page can open
    its rule (`help_ids`)."""
    game = room.game
    names = room.text_names(lang)
    state = game.new(room.row.seed, room.row.players, room.row.options)
    out: list[dict[str, Any]] = [
        {"n": 0, "view": state.view(None), "events": [], "mover": None, "action": None}]
    for n, st in enumerate(steps, start=1):
        state.apply(st.seat, game.parse(st.action))
        out.append({
            "n": n, "view": state.view(None), "mover": st.seat,
            "action": st.action if st.public else None,
            "events": [{"text": game.describe(e, lang, names),
                        "ruling": e.ruling if e.ruling in help_ids else None}
                       for e in st.events if e.visible_to(None)],
        })
    return out
