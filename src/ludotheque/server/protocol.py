"""The WebSocket protocol: JSON text messages, one object each, with a "type".

Client -> server:
  {"type": "watch", "game": ID, "since": N}       follow a room; get its state and the steps
                                                  after version N (0 or absent: all of them)
  {"type": "act", "game": ID, "seat": S, "action": TEXT, "version": N?}
  {"type": "sit", "game": ID, "seat": S}          take a free seat of an online game
  {"type": "chat", "game": ID, "text": TEXT}
  {"type": "resign", "game": ID, "seat": S}       give up: two players, the other wins;
                                                  more, a bot takes the seat
  {"type": "report", "game": ID, "message": CHAT_ID | "seat": S, "reason": TEXT}
                                                  report a chat message or a seat's player
  {"type": "hint", "game": ID, "seat": S}        Difficile's move for the asker's seat
                                                  (unranked games with a bot: hints.py)
  {"type": "claim", "game": ID, "seat": S}       the player to act of an untimed online
                                                  game is away (server/offers.py): win, or
                                                  a bot takes the away seat (3+ players)
  {"type": "offer", "game": ID, "seat": S, "offer": "draw" | "takeback"}
  {"type": "answer", "game": ID, "seat": S, "offer": "draw" | "takeback" | "rematch",
   "accept": BOOL}                                accept or decline the other's offer
  {"type": "rematch", "game": ID}                 ask for (or accept) a rematch of an ended
                                                  game; the state's "rematch.game" is the
                                                  new game once everyone has asked
  {"type": "ping"}
Server -> client:
  {"type": "state", ...}   the room as this client may see it (see rooms.Room.state_for)
  {"type": "chat", "game": ID, "name": ..., "text": <HTML-escaped>, "at": ISO, "id": N}
  {"type": "chat_hidden", "game": ID, "id": N}   a moderator hid that message
  {"type": "reported", "game": ID, "message": <translated>}   a report was received
  {"type": "error", "code": CODE, "message": <translated>, "game": ID?}
      (`muted` and `banned` also carry "reason" and "until": ISO time, null for good)
  {"type": "hint", "game": ID, "seat": S, "version": N, "action": TEXT, "text": WORDS}
  {"type": "presence", "game": ID, "online": [SEAT...], "watchers": N}
      the seats whose player has the room open, and how many others watch (room_presence.py);
      sent after a watch's state, and to the room a moment after someone comes or goes
  {"type": "pong"}
Every problem gets an error to the sender only; nothing else changes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 8 * 1024  # bytes of one client message
MAX_CHAT = 500  # characters of one chat message
# How many messages each socket, account and address may send: server/limits.py (`Limits`).

# A game id as the site makes them (secrets.token_urlsafe): anything else is refused before
# it reaches the store, and an error can always echo it.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

TYPES = ("watch", "act", "sit", "chat", "resign", "report", "hint", "ping",
         "claim", "offer", "answer", "rematch")


class ProtocolError(Exception):
    """A message the server refuses; `code` is a catalogue key under "error."."""

    def __init__(self, code: str, detail: str = "", **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.params = params


@dataclass(frozen=True)
class Message:
    type: str
    game: str | None
    data: dict[str, Any]

    def int_field(self, name: str, *, required: bool = True) -> int | None:
        value = self.data.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 31:
            raise ProtocolError("bad_field", field=name)
        return value

    def text_field(self, name: str, limit: int) -> str:
        value = self.data.get(name)
        if not isinstance(value, str):
            raise ProtocolError("bad_field", field=name)
        if len(value) > limit:
            raise ProtocolError("too_long", field=name, limit=limit)
        if not encodable(value):
            raise ProtocolError("bad_field", field=name)
        return value


def encodable(text: str) -> bool:
    """False for a text with a lone surrogate ("\\ud800" in the JSON): it cannot be stored
    nor sent back to anyone, so it is refused where it comes in."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse(raw: str | bytes | None) -> Message:
    if raw is None or isinstance(raw, bytes):
        raise ProtocolError("not_text")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_large", limit=MAX_MESSAGE)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        # ValueError: not JSON, or an integer over Python's 4,300 digits.
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_object")
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError("unknown_type")
    game = data.get("game")
    if kind != "ping" and (not isinstance(game, str) or not GAME_ID.fullmatch(game)):
        raise ProtocolError("bad_field", field="game")
    return Message(kind, game if isinstance(game, str) else None, data)
