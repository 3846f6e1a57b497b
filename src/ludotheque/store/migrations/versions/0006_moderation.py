"""moderation: roles and sanctions on players, hidden chat messages, reports, the log

Revision ID: 0006
Revises: 0003
Create Date: 2026-12-04 16:50:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('role', sa.String(length=10), nullable=False,
                                   server_default='player'))
        batch.add_column(sa.Column('muted_until', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('mute_reason', sa.Text(), nullable=True))
        batch.add_column(sa.Column('banned_until', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('ban_reason', sa.Text(), nullable=True))
    with op.batch_alter_table('chat') as batch:
        batch.add_column(sa.Column('hidden', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table('reports',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('reporter', sa.String(length=32), nullable=True),
    sa.Column('target', sa.String(length=32), nullable=True),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('message_id', sa.Integer(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['reporter'], ['players.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['target'], ['players.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.ForeignKeyConstraint(['message_id'], ['chat.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_reports_status', 'reports', ['status'])
    op.create_index('ix_reports_target', 'reports', ['target'])
    op.create_table('mod_log',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('moderator', sa.String(length=32), nullable=True),
    sa.Column('moderator_name', sa.String(length=40), nullable=False),
    sa.Column('action', sa.String(length=10), nullable=False),
    sa.Column('target', sa.String(length=32), nullable=True),
    sa.Column('target_name', sa.String(length=40), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('message_id', sa.Integer(), nullable=True),
    sa.Column('report_id', sa.Integer(), nullable=True),
    sa.Column('until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('mod_log')
    op.drop_index('ix_reports_target', 'reports')
    op.drop_index('ix_reports_status', 'reports')
    op.drop_table('reports')
    with op.batch_alter_table('chat') as batch:
        batch.drop_column('hidden')
    with op.batch_alter_table('players') as batch:
        batch.drop_column('ban_reason')
        batch.drop_column('banned_until')
        batch.drop_column('mute_reason')
        batch.drop_column('muted_until')
        batch.drop_column('role')
