"""daily challenge attempts

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03 06:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table('daily',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('day', sa.String(length=10), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('player', sa.String(length=32), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.ForeignKeyConstraint(['player'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('day', 'game', 'player', name='uq_daily_attempt'),
    sa.UniqueConstraint('game_id')
    )
    op.create_index(op.f('ix_daily_day'), 'daily', ['day'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_daily_day'), table_name='daily')
    op.drop_table('daily')
