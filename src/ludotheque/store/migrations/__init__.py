"""Alembic migrations of the Ludothèque database (run by `Store` at start-up)."""
