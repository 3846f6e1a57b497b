"""Moderation's reads and writes: roles, reports, hidden messages, mutes, bans, closed games,
and the log of every act (docs/moderation.md).

Each act and its log line are written in one transaction: nothing is done that is not logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update

from .db import Store, holds_seat, seated
from .models import ChatMessage, GameRow, ModAction, Player, Report, now

ROLES = ("player", "moderator", "admin")
STAFF = ("moderator", "admin")
CONTEXT = 5  # chat messages shown before and after a reported one
RECENT = 10  # the reported player's recent messages shown with a report
COMMAND_LINE = "ludo admin"  # the moderator's name in the log for `ludo admin grant`


class ModerationError(Exception):
    """A request moderation refuses; `code` is a catalogue key under "mod." or "error."."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def aware(moment: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: they were written in UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def is_staff(player: Player | None) -> bool:
    return player is not None and player.role in STAFF


def muted_until(player: Player, moment: datetime | None = None) -> datetime | None:
    """The end of the mute in force, or None."""
    until = aware(player.muted_until)
    return until if until is not None and until > (moment or now()) else None


@dataclass(frozen=True)
class Ban:
    reason: str
    until: datetime | None  # None: for good


def ban_of(player: Player, moment: datetime | None = None) -> Ban | None:
    """The ban in force, or None."""
    if player.ban_reason is None:
        return None
    until = aware(player.banned_until)
    if until is not None and until <= (moment or now()):
        return None
    return Ban(player.ban_reason, until)


# -- roles ----------------------------------------------------------------------------------
def grant(store: Store, login: str, role: str) -> Player:
    """Give the account `login` the `role` (logged with the command line as moderator)."""
    if role not in ROLES:
        raise ModerationError("unknown_role")
    with store.session() as s:
        player = s.scalars(select(Player).where(Player.login == login.strip().lower())).first()
        if player is None:
            raise ModerationError("unknown_account")
        before = player.role
        player.role = role
        s.add(ModAction(moderator=None, moderator_name=COMMAND_LINE, action="grant",
                        target=player.id, target_name=player.name,
                        detail=f"{before} -> {role}", reason="ludo admin grant"))
    return player


# -- reports --------------------------------------------------------------------------------
def add_report(store: Store, reporter: str, game_id: str, reason: str, *,
               message_id: int | None = None, seat_player: str | None = None) -> Report:
    """Store a report of a chat message of the game, or of the player at a seat of it."""
    with store.session() as s:
        target = seat_player
        if message_id is not None:
            message = s.get(ChatMessage, message_id)
            if message is None or message.game_id != game_id or message.hidden:
                raise ModerationError("no_such_message")
            target = message.player
        if target is None or s.get(Player, target) is None:
            raise ModerationError("no_such_player")
        if target == reporter:
            raise ModerationError("report_self")
        report = Report(reporter=reporter, target=target, game_id=game_id,
                        message_id=message_id, reason=reason, status="open")
        s.add(report)
    return report


def report(store: Store, report_id: int) -> Report | None:
    with store.session() as s:
        return s.get(Report, report_id)


def open_reports(store: Store, limit: int = 50) -> list[dict[str, Any]]:
    """The queue, oldest first, each report with what a moderator needs to judge it: the
    game, the chat around the reported message, the reported player's recent messages, the
    acts already done on it."""
    out: list[dict[str, Any]] = []
    with store.session() as s:
        reports = list(s.scalars(select(Report).where(Report.status == "open")
                                 .order_by(Report.id).limit(limit)))
        for r in reports:
            message = s.get(ChatMessage, r.message_id) if r.message_id is not None else None
            around: list[ChatMessage] = []
            if message is not None:
                before = list(s.scalars(select(ChatMessage).where(
                    ChatMessage.game_id == message.game_id, ChatMessage.id < message.id)
                    .order_by(ChatMessage.id.desc()).limit(CONTEXT)))
                after = list(s.scalars(select(ChatMessage).where(
                    ChatMessage.game_id == message.game_id, ChatMessage.id > message.id)
                    .order_by(ChatMessage.id).limit(CONTEXT)))
                around = [*reversed(before), message, *after]
            recent = list(s.scalars(select(ChatMessage).where(ChatMessage.player == r.target)
                                    .order_by(ChatMessage.id.desc()).limit(RECENT))) \
                if r.target is not None else []
            acts = list(s.scalars(select(ModAction).where(ModAction.report_id == r.id)
                                  .order_by(ModAction.id)))
            out.append({
                "report": r,
                "reporter": s.get(Player, r.reporter) if r.reporter else None,
                "target": s.get(Player, r.target) if r.target else None,
                "game": s.get(GameRow, r.game_id) if r.game_id else None,
                "message": message, "around": around, "recent": recent, "acts": acts,
            })
    return out


def actions(store: Store, limit: int = 200) -> list[ModAction]:
    """The log, newest first."""
    with store.session() as s:
        return list(s.scalars(select(ModAction).order_by(ModAction.id.desc()).limit(limit)))


# -- acts -----------------------------------------------------------------------------------
def _log(s: Any, moderator: Player, action: str, reason: str, report_id: int | None,
         target: Player | None = None, **fields: Any) -> None:
    s.add(ModAction(moderator=moderator.id, moderator_name=moderator.name, action=action,
                    target=target.id if target else None,
                    target_name=target.name if target else "", report_id=report_id,
                    reason=reason, **fields))


def _may_act_on(moderator: Player, target: Player) -> None:
    """Nobody sanctions themselves; only an admin sanctions a moderator or an admin."""
    if target.id == moderator.id:
        raise ModerationError("self")
    if target.role in STAFF and moderator.role != "admin":
        raise ModerationError("staff")


def hide(store: Store, moderator: Player, message_id: int, reason: str,
         report_id: int | None = None) -> ChatMessage:
    """Hide a chat message from everyone (it stays in the log's detail)."""
    with store.session() as s:
        message = s.get(ChatMessage, message_id)
        if message is None:
            raise ModerationError("no_such_message")
        message.hidden = True
        target = s.get(Player, message.player) if message.player else None
        _log(s, moderator, "hide", reason, report_id, target, game_id=message.game_id,
             message_id=message.id, detail=message.text)
    return message


def mute(store: Store, moderator: Player, player_id: str, until: datetime, reason: str,
         report_id: int | None = None) -> Player:
    """No chat until `until`."""
    return _sanction(store, moderator, player_id, "mute", until, reason, report_id)


def ban(store: Store, moderator: Player, player_id: str, until: datetime | None, reason: str,
        report_id: int | None = None) -> Player:
    """No seat, no new game, no chat until `until` (None: for good)."""
    return _sanction(store, moderator, player_id, "ban", until, reason, report_id)


def _sanction(store: Store, moderator: Player, player_id: str, action: str,
              until: datetime | None, reason: str, report_id: int | None) -> Player:
    """A mute or a ban of the player, with its reason and end, logged in one transaction."""
    with store.session() as s:
        target = s.get(Player, player_id)
        if target is None:
            raise ModerationError("no_such_player")
        _may_act_on(moderator, target)
        if action == "mute":
            target.muted_until, target.mute_reason = until, reason
        else:
            target.banned_until, target.ban_reason = until, reason
        _log(s, moderator, action, reason, report_id, target, until=until)
    return target


def close_game(store: Store, moderator: Player, game_id: str, reason: str,
               report_id: int | None = None) -> GameRow:
    """End a game that is waiting or being played, with no result: nobody wins, no rating
    counts it (a ranked game without a result is never rated)."""
    with store.session() as s:
        row = s.get(GameRow, game_id)
        if row is None:
            raise ModerationError("no_such_game")
        if row.status == "over":
            raise ModerationError("game_over")
        row.status, row.public, row.updated_at = "over", False, now()
        _log(s, moderator, "close", reason, report_id, game_id=game_id)
    return row


def dismiss(store: Store, moderator: Player, report_id: int, reason: str) -> Report:
    """Take a report off the queue (whatever was done about it)."""
    with store.session() as s:
        found = s.get(Report, report_id, with_for_update=True)
        if found is None or found.status != "open":
            raise ModerationError("no_such_report")
        found.status = "closed"
        target = s.get(Player, found.target) if found.target else None
        _log(s, moderator, "dismiss", reason, report_id, target, game_id=found.game_id,
             message_id=found.message_id)
    return found


# -- what players see -------------------------------------------------------------------------
def visible_chat(store: Store, game_id: str, limit: int = 100) -> list[ChatMessage]:
    """A game's chat as players see it: hidden messages left out."""
    with store.session() as s:
        rows = list(s.scalars(select(ChatMessage).where(ChatMessage.game_id == game_id,
                                                        ChatMessage.hidden.is_(False))
                              .order_by(ChatMessage.id.desc()).limit(limit)))
    rows.reverse()
    return rows


def open_games_of(store: Store, player_id: str) -> list[str]:
    """The games waiting for players where the player holds a seat."""
    with store.session() as s:
        rows = s.scalars(select(GameRow).where(GameRow.status == "open", seated(player_id)))
        return [r.id for r in rows if holds_seat(r.seats, player_id)]


def set_status(store: Store, game_id: str, status: str) -> None:
    with store.session() as s:
        s.execute(update(GameRow).where(GameRow.id == game_id)
                  .values(status=status, updated_at=now()))
