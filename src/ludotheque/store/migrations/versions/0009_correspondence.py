"""correspondence: a game's seats to act and its move deadline, its rematch

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 19:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('to_act', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('deadline', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('rematch', sa.String(length=16), nullable=True))
    op.create_index('ix_games_deadline', 'games', ['deadline'])


def downgrade() -> None:
    op.drop_index('ix_games_deadline', 'games')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('rematch')
        batch.drop_column('deadline')
        batch.drop_column('to_act')
