"""social: plays (profiles' records), rating history, friends, challenges

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-04 19:00:00

The games already over get their plays rows here (the same function as the server's).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from ludotheque.store.plays import plays_of

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    plays = op.create_table(
        'plays',
        sa.Column('player', sa.String(length=32), nullable=False),
        sa.Column('game_id', sa.String(length=16), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('outcome', sa.String(length=5), nullable=False),
        sa.Column('ranked', sa.Boolean(), nullable=False),
        sa.Column('public', sa.Boolean(), nullable=False),
        sa.Column('ended_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['player'], ['players.id']),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.PrimaryKeyConstraint('player', 'game_id'))
    op.create_index('ix_plays_player_ended', 'plays', ['player', 'ended_at'])
    op.create_index('ix_plays_game_id', 'plays', ['game_id'])
    op.create_table(
        'rating_history',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('player', sa.String(length=32), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('pool', sa.String(length=20), nullable=False),
        sa.Column('game_id', sa.String(length=16), nullable=False),
        sa.Column('rating', sa.Float(), nullable=False),
        sa.Column('rd', sa.Float(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['player'], ['players.id']),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.PrimaryKeyConstraint('id'))
    op.create_index('ix_rating_history_player', 'rating_history',
                    ['player', 'game', 'pool', 'id'])
    op.create_table(
        'friends',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('low', sa.String(length=32), nullable=False),
        sa.Column('high', sa.String(length=32), nullable=False),
        sa.Column('asker', sa.String(length=32), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['low'], ['players.id']),
        sa.ForeignKeyConstraint(['high'], ['players.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('low', 'high', name='uq_friends_pair'))
    op.create_index('ix_friends_high', 'friends', ['high'])
    op.create_table(
        'challenges',
        sa.Column('id', sa.String(length=16), nullable=False),
        sa.Column('challenger', sa.String(length=32), nullable=False),
        sa.Column('friend', sa.String(length=32), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.Column('clock', sa.String(length=20), nullable=True),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('game_id', sa.String(length=16), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['challenger'], ['players.id']),
        sa.ForeignKeyConstraint(['friend'], ['players.id']),
        sa.ForeignKeyConstraint(['game_id'], ['games.id']),
        sa.PrimaryKeyConstraint('id'))
    op.create_index('ix_challenges_challenger', 'challenges', ['challenger'])
    op.create_index('ix_challenges_friend', 'challenges', ['friend'])
    op.create_index('ix_challenges_status', 'challenges', ['status'])
    _fill_plays(plays)


def _json(value: Any) -> Any:
    """A JSON column as read by plain SQL: text on SQLite, already decoded on PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


def _fill_plays(plays: sa.Table) -> None:
    """The finished games' plays, a thousand games at a time."""
    if op.get_context().as_sql:
        return  # an SQL script (alembic --sql) has no rows to read: a live upgrade fills them
    conn = op.get_bind()
    games = sa.table('games', sa.column('id'), sa.column('game'), sa.column('seats'),
                     sa.column('result'), sa.column('ranked'), sa.column('public'),
                     sa.column('lesson'), sa.column('updated_at'), sa.column('status'))
    last = ""
    while True:
        rows = conn.execute(sa.select(games).where(games.c.status == 'over', games.c.id > last)
                            .order_by(games.c.id).limit(1000)).all()
        if not rows:
            return
        batch: list[dict[str, Any]] = []
        for row in rows:
            ended = row.updated_at
            if isinstance(ended, str):
                ended = datetime.fromisoformat(ended)
            if ended.tzinfo is None:
                ended = ended.replace(tzinfo=UTC)
            batch.extend(plays_of(row.id, row.game, _json(row.seats) or [],
                                  _json(row.result), bool(row.ranked), bool(row.public),
                                  row.lesson, ended))
        players = sa.table('players', sa.column('id'))
        wanted = {b["player"] for b in batch}
        known = set(conn.scalars(sa.select(players.c.id).where(players.c.id.in_(wanted)))) \
            if wanted else set()
        batch = [b for b in batch if b["player"] in known]
        if batch:
            conn.execute(plays.insert(), batch)
        last = rows[-1].id


def downgrade() -> None:
    op.drop_table('challenges')
    op.drop_table('friends')
    op.drop_table('rating_history')
    op.drop_table('plays')
