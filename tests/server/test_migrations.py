"""Alembic upgrades from every earlier schema version, with data in it.

For each revision R: a new database is brought up one revision at a time to R, and after each
revision it gets the rows a site of that version would have written (raw SQL against that
schema, not today's models). Then it is upgraded to the newest schema, and today's Store must
read every row back, and the stored game must still replay through the engine.

A new migration adds its revision's rows to ROWS (and what to check to `check_head`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, create_engine, text

from ludotheque import games
from ludotheque.core import Rng
from ludotheque.core.record import Move, Record, replay_steps
from ludotheque.store import Store, identities, social
from ludotheque.store.db import alembic_config
from ludotheque.store.decks import decks_of
from ludotheque.store.moderation import open_reports

from .postgres import Postgres

WHEN = datetime(2026, 11, 20, 18, 30, tzinfo=UTC)
SEED = 4242


def mitan_moves(count: int = 40) -> list[tuple[int, str]]:
    """A real Mitan game's first moves (seeded random play): what the rows store."""
    game = games.get("mitan")
    state = game.new(SEED, 2)
    rng = Rng(7)
    moves: list[tuple[int, str]] = []
    while len(moves) < count and not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_texts(seat))
        state.play(action, seat)
        moves.append((seat, action))
    return moves


MOVES = mitan_moves()


def rows_0001(conn: Connection) -> None:
    conn.execute(text(
        "INSERT INTO players (id, name, login, password_hash, created_at) VALUES "
        "('p-guest', 'Gaston', NULL, NULL, :at), "
        "('p-acct', 'Aline', 'aline', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', :at)"),
        {"at": WHEN})
    conn.execute(text("INSERT INTO settings (key, value) VALUES ('secret_key', 'k-old')"))
    conn.execute(text(
        "INSERT INTO games (id, game, game_version, seed, players, options, seats, status, "
        "public, creator, result, moves_count, created_at, updated_at) VALUES "
        "('g-mitan', 'mitan', '1', :seed, 2, '{}', :seats, 'live', :pub, 'p-acct', NULL, "
        ":n, :at, :at)"),
        {"seed": SEED, "n": len(MOVES), "at": WHEN, "pub": True,
         "seats": '[{"kind": "human", "player": "p-acct", "name": "Aline"}, '
                  '{"kind": "human", "player": "p-guest", "name": "Gaston"}]'})
    for idx, (seat, action) in enumerate(MOVES):
        conn.execute(text("INSERT INTO moves (game_id, idx, seat, action, at) "
                          "VALUES ('g-mitan', :i, :s, :a, :at)"),
                     {"i": idx, "s": seat, "a": action, "at": WHEN})
    conn.execute(text("INSERT INTO chat (game_id, player, name, text, at) "
                      "VALUES ('g-mitan', 'p-guest', 'Gaston', 'bonjour <b>', :at)"),
                 {"at": WHEN})


def rows_0002(conn: Connection) -> None:
    conn.execute(text(
        "INSERT INTO games (id, game, game_version, seed, players, options, seats, status, "
        "public, creator, result, moves_count, created_at, updated_at) VALUES "
        "('g-daily', 'mitan', '1', 77, 2, '{}', :seats, 'live', :pub, 'p-acct', NULL, 0, "
        ":at, :at)"),
        {"at": WHEN, "pub": False,
         "seats": '[{"kind": "human", "player": "p-acct", "name": "Aline"}, '
                  '{"kind": "bot", "player": null, "name": "moyen", "bot": "moyen"}]'})
    conn.execute(text("INSERT INTO daily (day, game, player, game_id, seat, at) "
                      "VALUES ('2026-11-20', 'mitan', 'p-acct', 'g-daily', 0, :at)"),
                 {"at": WHEN})


def rows_0003(conn: Connection) -> None:
    conn.execute(text("UPDATE games SET clock = :clock, ranked = :ranked WHERE id = 'g-mitan'"),
                 {"clock": '{"control": "blitz", "remaining": [170.5, 162.0]}', "ranked": True})
    conn.execute(text(
        "INSERT INTO ratings (player, game, pool, rating, rd, volatility, games, updated_at) "
        "VALUES ('p-acct', 'mitan', 'blitz', 1612.5, 80.25, 0.06, 3, :at)"), {"at": WHEN})


BIG = (1 << 128) | 12345


def rows_0004(conn: Connection) -> None:
    # From 0004 on, seeds are decimal text: a fresh game's 129-bit seed fits.
    conn.execute(text(
        "INSERT INTO games (id, game, game_version, seed, players, options, seats, status, "
        "public, creator, result, moves_count, created_at, updated_at, ranked) VALUES "
        "('g-big', 'mitan', '1', :seed, 2, '{}', '[]', 'open', :pub, NULL, NULL, 0, :at, "
        ":at, :ranked)"), {"seed": str(BIG), "at": WHEN, "pub": True, "ranked": False})


def rows_0005(conn: Connection) -> None:
    conn.execute(text("INSERT INTO signed_in (id, player, created_at, expires_at) "
                      "VALUES (:id, 'p-acct', :at, :until)"),
                 {"id": "f" * 64, "at": WHEN, "until": datetime(2099, 1, 1, tzinfo=UTC)})


def rows_0006(conn: Connection) -> None:
    conn.execute(text("UPDATE players SET role = 'moderator', muted_until = :until, "
                      "mute_reason = 'calme' WHERE id = 'p-acct'"),
                 {"until": datetime(2099, 1, 1, tzinfo=UTC)})
    conn.execute(text("INSERT INTO reports (reporter, target, game_id, message_id, reason, "
                      "status, at) VALUES ('p-acct', 'p-guest', 'g-mitan', NULL, 'rude', "
                      "'open', :at)"), {"at": WHEN})
    conn.execute(text("INSERT INTO mod_log (at, moderator, moderator_name, action, target, "
                      "target_name, detail, reason) VALUES (:at, NULL, 'ludo admin', 'grant', "
                      "'p-acct', 'Aline', 'player -> moderator', 'ludo admin grant')"),
                 {"at": WHEN})
    # A finished game: 0008 gives it its players' plays (profiles) when it upgrades.
    conn.execute(text(
        "INSERT INTO games (id, game, game_version, seed, players, options, seats, status, "
        "public, creator, result, moves_count, created_at, updated_at, ranked) VALUES "
        "('g-over', 'mitan', '1', '5', 2, '{}', :seats, 'over', :pub, 'p-acct', :result, 0, "
        ":at, :at, :ranked)"),
        {"at": WHEN, "pub": True, "ranked": False,
         "seats": '[{"kind": "human", "player": "p-acct", "name": "Aline"}, '
                  '{"kind": "human", "player": "p-guest", "name": "Gaston"}]',
         "result": '{"ranks": [1, 0], "scores": [0, 1], "reason": "resigned"}'})


def rows_0008(conn: Connection) -> None:
    conn.execute(text("INSERT INTO friends (low, high, asker, status, at) VALUES "
                      "('p-acct', 'p-guest', 'p-acct', 'pending', :at)"), {"at": WHEN})
    conn.execute(text("INSERT INTO rating_history (player, game, pool, game_id, rating, rd, at)"
                      " VALUES ('p-acct', 'mitan', 'blitz', 'g-over', 1612.5, 80.25, :at)"),
                 {"at": WHEN})


def rows_0007(conn: Connection) -> None:
    conn.execute(text("INSERT INTO identities (provider, subject, player_id, created) "
                      "VALUES ('google', '1094', 'p-acct', :at)"), {"at": WHEN})


DUE = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)


def rows_0009(conn: Connection) -> None:
    # A correspondence game's seats to act and its move's deadline; a rematch named.
    conn.execute(text("UPDATE games SET to_act = :to_act, deadline = :due, rematch = 'g-big' "
                      "WHERE id = 'g-daily'"), {"to_act": "[0]", "due": DUE})


def rows_0010(conn: Connection) -> None:
    conn.execute(text("INSERT INTO decks (id, player, game, name, text, created_at, "
                      "updated_at) VALUES ('d-1', 'p-acct', 'mitix', 'Mes dieux', "
                      "'20 Zeus', :at, :at)"), {"at": WHEN})


def rows_0011(conn: Connection) -> None:
    # Aline turned the room's sound on (issue 20); Gaston, a guest, keeps the default.
    conn.execute(text("UPDATE players SET sound = :on WHERE id = 'p-acct'"), {"on": True})


ROWS: dict[str, Callable[[Connection], None]] = {
    "0001": rows_0001,
    "0002": rows_0002,
    "0003": rows_0003,
    "0004": rows_0004,
    "0005": rows_0005,
    "0006": rows_0006,
    "0007": rows_0007,
    "0008": rows_0008,
    "0009": rows_0009,
    "0010": rows_0010,
    "0011": rows_0011,
}


def revisions() -> list[str]:
    """Every revision, oldest first."""
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    return [r.revision for r in reversed(list(script.walk_revisions()))]


def test_every_revision_has_its_rows() -> None:
    # A migration without rows here would be upgraded empty: this test asks for them.
    missing = [r for r in revisions() if r not in ROWS]
    assert not missing, f"add the rows a site of revision(s) {missing} would hold to ROWS"


def build(url: str, until: str) -> None:
    """Revision by revision up to `until`, each revision's rows written at its schema."""
    cfg = alembic_config(url)
    engine = create_engine(url)
    try:
        for revision in revisions():
            command.upgrade(cfg, revision)
            with engine.begin() as conn:
                ROWS[revision](conn)
            if revision == until:
                return
    finally:
        engine.dispose()


def check_head(url: str, since: str) -> None:
    command.upgrade(alembic_config(url), "head")
    store = Store(url)
    try:
        assert store.secret_key() == "k-old"  # sessions survive the upgrade
        aline, gaston = store.account("aline"), store.player("p-guest")
        assert aline is not None and aline.name == "Aline" and aline.id == "p-acct"
        assert gaston is not None and gaston.login is None
        row = store.game("g-mitan")
        assert row is not None and row.status == "live" and row.seed == SEED
        assert [s["name"] for s in row.seats] == ["Aline", "Gaston"]
        moves = store.moves("g-mitan")
        assert [(m.seat, m.action) for m in moves] == MOVES
        record = Record("mitan", row.seed, row.players, dict(row.options),
                        moves=[Move(m.seat, m.action) for m in moves])
        assert len(list(replay_steps(games.get("mitan"), record))) == len(MOVES)
        assert [m.text for m in store.chat("g-mitan")] == ["bonjour <b>"]
        if since >= "0002":
            attempt = store.daily_attempt("2026-11-20", "mitan", "p-acct")
            assert attempt is not None and attempt.game_id == "g-daily"
        if since >= "0003":
            assert row.ranked and row.clock == {"control": "blitz",
                                                "remaining": [170.5, 162.0]}
            rating = store.rating("p-acct", "mitan", "blitz")
            assert rating is not None and rating.rating == 1612.5 and rating.games == 3
        else:
            assert not row.ranked and row.clock is None
        big = store.game("g-big")
        assert (big is not None and big.seed == BIG) == (since >= "0004")
        signed = store.signed_in("f" * 64)
        assert (signed is not None and signed.id == "p-acct") == (since >= "0005")
        # Accounts made before names had keys got theirs: a look-alike cannot register.
        assert aline.name_key
        assert aline.role == ("moderator" if since >= "0006" else "player")
        reports = [r["report"].reason for r in open_reports(store)]
        assert reports == (["rude"] if since >= "0006" else [])
        signs_in = identities.owner(store, "google", "1094")
        assert (signs_in is not None and signs_in.id == "p-acct") == (since >= "0007")
        if since >= "0006":  # a game over before 0008 has its plays
            won, total = social.plays(store, "p-guest", False, social.GameFilter())
            assert total == 1 and won[0][0].outcome == "win" and won[0][1].id == "g-over"
            assert social.record(store, "p-acct", True) == {
                "mitan": {"win": 0, "draw": 0, "loss": 1}}
        if since >= "0008":
            assert [f.status for f in social.friends(store, "p-guest")] == ["pending"]
            assert [h.rating for h in social.history(store, "p-acct", "mitan", "blitz")] \
                == [1612.5]
        daily_game = store.game("g-daily")
        assert (daily_game is not None) == (since >= "0002")
        if daily_game is None:
            assert store.expired(DUE.timestamp() + 1) == []
        elif since >= "0009":
            assert daily_game.to_act == [0] and daily_game.rematch == "g-big"
            assert store.expired(DUE.timestamp() + 1) == ["g-daily"]
            assert store.expired(DUE.timestamp() - 1) == []
        else:
            assert daily_game.to_act is None and daily_game.deadline is None
            assert store.expired(DUE.timestamp() + 1) == []
        decks = [(d.name, d.text) for d in decks_of(store, "p-acct")]
        assert decks == ([("Mes dieux", "20 Zeus")] if since >= "0010" else [])
        # The sound is off for every player a site had before 0011.
        assert aline.sound == (since >= "0011") and not gaston.sound
    finally:
        store.close()


@pytest.mark.parametrize("since", revisions())
def test_upgrade_from_every_revision_with_data_on_sqlite(since: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / f'from-{since}.sqlite3'}"
    build(url, since)
    check_head(url, since)


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    server = Postgres().start()
    yield server
    server.stop()


def test_upgrade_from_every_revision_with_data_on_postgresql(postgres: Postgres) -> None:
    for since in revisions():
        url = postgres.create_database(f"from_{since}")
        build(url, since)
        check_head(url, since)
