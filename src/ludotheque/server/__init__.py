"""The site: one ASGI app (pages + one WebSocket per client), rooms, bots in a process pool.

`create_app(db_url)` builds it; `ludo serve` runs it with uvicorn. See docs/site.md.
"""

from .app import create_app

__all__ = ["create_app"]
