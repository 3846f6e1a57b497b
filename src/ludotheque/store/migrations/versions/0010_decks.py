"""decks: the decks accounts build (paquets, decks: core/decks.py)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04 19:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table('decks',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('player', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player'], ['players.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_decks_player', 'decks', ['player'])


def downgrade() -> None:
    op.drop_index('ix_decks_player', table_name='decks')
    op.drop_table('decks')
