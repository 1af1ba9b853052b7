"""The storage backends behind :class:`storage.Database`: SQLite (embedded, the default) and
PostgreSQL (asyncpg, imported only when a ``postgresql://`` URL asks for it)."""

from .base import Backend, Params, Row
from .urls import DatabaseUrlError, is_postgres_url, parse_sqlite_url, redact_url

__all__ = [
    "Backend",
    "DatabaseUrlError",
    "Params",
    "Row",
    "is_postgres_url",
    "parse_sqlite_url",
    "redact_url",
]
