"""server-side sessions (signed_in); account names unique by their confusable skeleton

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04 16:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ludotheque.store.names import name_key

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table('signed_in',
    sa.Column('id', sa.String(length=64), nullable=False),
    sa.Column('player', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player'], ['players.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_signed_in_player', 'signed_in', ['player'])
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('name_key', sa.String(length=200), nullable=True))
    # Existing accounts get their key; of two that now look alike, the older keeps the plain
    # key and the other a key made unique by its id (it can still sign in by its login).
    players = sa.table('players', sa.column('id', sa.String), sa.column('name', sa.String),
                       sa.column('login', sa.String), sa.column('name_key', sa.String),
                       sa.column('created_at', sa.DateTime))
    if op.get_context().as_sql:  # an SQL script (--sql) has no rows to read
        op.create_index('ix_players_name_key', 'players', ['name_key'], unique=True)
        return
    bind = op.get_bind()
    rows = bind.execute(sa.select(players.c.id, players.c.name)
                        .where(players.c.login.is_not(None))
                        .order_by(players.c.created_at, players.c.id)).all()
    taken: set[str] = set()
    for player_id, name in rows:
        key = name_key(name)
        if key in taken:
            key = f"{key}#{player_id}"
        taken.add(key)
        bind.execute(players.update().where(players.c.id == player_id).values(name_key=key))
    op.create_index('ix_players_name_key', 'players', ['name_key'], unique=True)


def downgrade() -> None:
    op.drop_index('ix_players_name_key', table_name='players')
    with op.batch_alter_table('players') as batch:
        batch.drop_column('name_key')
    op.drop_index('ix_signed_in_player', table_name='signed_in')
    op.drop_table('signed_in')
