"""game seeds as decimal text: 128-bit seeds from secrets (docs/security.md)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04 16:30:00

SQLite's INTEGER and PostgreSQL's INTEGER/BIGINT hold at most 64 bits; a new game's seed has
129. Existing rows keep their seed, written in decimal.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.alter_column('seed', existing_type=sa.Integer(), type_=sa.String(length=80),
                           existing_nullable=False, postgresql_using='seed::text')


def downgrade() -> None:
    # Only where every seed fits the old column: a game with a big seed cannot go back.
    with op.batch_alter_table('games') as batch:
        batch.alter_column('seed', existing_type=sa.String(length=80), type_=sa.Integer(),
                           existing_nullable=False, postgresql_using='seed::integer')
