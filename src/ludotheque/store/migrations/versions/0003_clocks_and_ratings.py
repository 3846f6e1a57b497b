"""time controls, ranked games and ratings; tutorial lessons

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03 07:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('clock', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('ranked', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column('rated', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('lesson', sa.String(length=40), nullable=True))
    op.create_table('ratings',
    sa.Column('player', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('pool', sa.String(length=20), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player'], ['players.id'], ),
    sa.PrimaryKeyConstraint('player', 'game', 'pool')
    )


def downgrade() -> None:
    op.drop_table('ratings')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('lesson')
        batch.drop_column('rated')
        batch.drop_column('ranked')
        batch.drop_column('clock')
