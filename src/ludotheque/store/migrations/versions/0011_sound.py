"""sound: an account's choice of a sound when it is their turn (off by default)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 18:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('sound', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.drop_column('sound')
