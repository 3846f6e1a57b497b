"""Storage: SQLAlchemy 2 models, Alembic migrations, and the Store the server uses.

A game is its record: the row keeps the seed, the options and the seats; one row per accepted
action keeps the moves. Replaying them rebuilds every state, so a restarted server resumes
every game exactly.
"""

from .db import Store, default_url, migrate
from .models import Base, ChatMessage, DailyAttempt, GameRow, MoveRow, Player, RatingRow

__all__ = ["Base", "ChatMessage", "DailyAttempt", "GameRow", "MoveRow", "Player", "RatingRow",
           "Store", "default_url", "migrate"]
