"""identities: accounts at sign-in providers (Discord, Google) linked to players

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04 19:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table('identities',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('provider', sa.String(length=20), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('player_id', sa.String(length=32), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('provider', 'subject', name='uq_identities_subject'),
    sa.UniqueConstraint('player_id', 'provider', name='uq_identities_player')
    )
    op.create_index('ix_identities_player_id', 'identities', ['player_id'])


def downgrade() -> None:
    op.drop_index('ix_identities_player_id', table_name='identities')
    op.drop_table('identities')
