"""``DATABASE_URL`` parsing: which backend, and where.

- ``sqlite:///data/bot.sqlite3`` -- a file, relative to the working directory (three slashes,
  as in SQLAlchemy); ``sqlite:////srv/bot.sqlite3`` -- an absolute path; ``sqlite:///:memory:``.
- ``postgresql://user:password@host:5432/dbname`` (or ``postgres://``) -- passed to asyncpg
  as it is, so every libpq URL option asyncpg understands works.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from ..errors import StorageError

__all__ = ["DatabaseUrlError", "is_postgres_url", "parse_sqlite_url", "redact_url", "scheme_of"]

POSTGRES_SCHEMES = ("postgresql", "postgres")
SCHEMES = ("sqlite", *POSTGRES_SCHEMES)


class DatabaseUrlError(StorageError, ValueError):
    """A database URL this project cannot use; the message names what would work."""

    def __init__(self, url: str, why: str | None = None) -> None:
        super().__init__(
            why
            or (
                f"unknown database URL scheme {scheme_of(url)!r}: use sqlite:///path/to/file "
                "or postgresql://user:password@host:port/dbname"
            )
        )
        self.url = url


def scheme_of(url: str) -> str:
    return url.split("://", 1)[0].lower() if "://" in url else ""


def is_postgres_url(url: str) -> bool:
    return scheme_of(url) in POSTGRES_SCHEMES


def parse_sqlite_url(url: str) -> Path:
    """The file of a ``sqlite:///relative`` or ``sqlite:////absolute`` URL."""
    prefix = "sqlite:///"
    if not url.lower().startswith(prefix) or len(url) == len(prefix):
        raise DatabaseUrlError(
            url, "a SQLite URL is sqlite:///relative/path or sqlite:////absolute/path"
        )
    return Path(url[len(prefix) :])


def redact_url(url: str) -> str:
    """The URL without its password, for logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()
