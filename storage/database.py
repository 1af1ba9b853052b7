"""The database: one storage interface over two backends, chosen by a URL.

``Database()`` reads ``DATABASE_URL`` (or, for compatibility, ``DATABASE_PATH``); the default is
the embedded SQLite file ``data/latrunculi.sqlite3``, nothing to install. ``postgresql://…``
selects PostgreSQL through asyncpg, for several bot processes over one database. The
repositories (``db.games``, ``db.challenges``, ...) are the same on both and write one SQL
dialect; the backends (:mod:`storage.backends`) run it, own transactions and migrations, and
turn constraint errors into :class:`~storage.errors.ConstraintViolation`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import migrations
from .analyses import AnalysisRepository
from .backends.base import Backend, Params, Row
from .backends.sqlite import SQLiteBackend
from .backends.urls import DatabaseUrlError, is_postgres_url, parse_sqlite_url
from .challenges import ChallengeRepository
from .changes import GameChanges
from .claims import ClaimRepository
from .errors import DatabaseTooNew, StorageError
from .games import GameRepository
from .guilds import GuildRepository
from .health import HealthRepository
from .launches import LaunchRepository
from .matches import MatchRepository
from .pings import PingRepository
from .players import PlayerRepository
from .ratings import RatingRepository
from .tournaments import TournamentRepository

if TYPE_CHECKING:
    import aiosqlite

__all__ = [
    "DEFAULT_DATABASE_PATH",
    "Database",
    "DatabaseUrlError",
    "database_path_from_env",
    "database_url_from_env",
]

log = logging.getLogger(__name__)

DEFAULT_DATABASE_PATH = Path("data/latrunculi.sqlite3")


def database_path_from_env(environ: Mapping[str, str] | None = None) -> Path:
    """``DATABASE_PATH`` from the environment, or ``data/latrunculi.sqlite3``."""
    env = os.environ if environ is None else environ
    value = env.get("DATABASE_PATH", "").strip()
    return Path(value) if value else DEFAULT_DATABASE_PATH


def database_url_from_env(environ: Mapping[str, str] | None = None) -> str | Path:
    """``DATABASE_URL`` if set, else the SQLite file of :func:`database_path_from_env`."""
    env = os.environ if environ is None else environ
    url = env.get("DATABASE_URL", "").strip()
    return url if url else database_path_from_env(env)


class Database:
    """The bot's database: ``await db.start()`` once, ``await db.stop()`` at shutdown.

    ``target`` is a SQLite file path, a ``sqlite:///path`` URL or a ``postgresql://`` URL
    (default: the environment, see :func:`database_url_from_env`). Repositories hang off it:
    ``db.games``, ``db.challenges``, ``db.players``, ``db.pings``, ``db.matches``,
    ``db.ratings``, ``db.guilds``, ``db.claims``, ``db.health``, ``db.analyses``,
    ``db.launches``.
    """

    def __init__(
        self,
        target: str | os.PathLike[str] | None = None,
        *,
        busy_timeout_ms: int = 5000,
    ) -> None:
        chosen = database_url_from_env() if target is None else target
        self.busy_timeout_ms = busy_timeout_ms  # SQLite: how long to wait for another writer
        self.path: Path | None = None
        self.backend: Backend
        if isinstance(chosen, str) and is_postgres_url(chosen):
            from .backends.postgres import PostgresBackend  # asyncpg only when asked for

            self.backend = PostgresBackend(chosen)
        else:
            if isinstance(chosen, str) and chosen.startswith("sqlite:"):
                self.path = parse_sqlite_url(chosen)
            elif isinstance(chosen, str) and "://" in chosen:
                raise DatabaseUrlError(chosen)
            else:
                self.path = Path(chosen)
            self.backend = SQLiteBackend(self.path, busy_timeout_ms=busy_timeout_ms)
        self._started = False
        self.games = GameRepository(self)
        self.challenges = ChallengeRepository(self)
        self.players = PlayerRepository(self)
        self.pings = PingRepository(self)
        self.matches = MatchRepository(self)
        self.ratings = RatingRepository(self)
        self.guilds = GuildRepository(self)
        self.claims = ClaimRepository(self)
        self.health = HealthRepository(self)
        self.tournaments = TournamentRepository(self)
        self.changes = GameChanges(self)
        self.analyses = AnalysisRepository(self)
        self.launches = LaunchRepository(self)

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.backend.dialect

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Connect (creating a SQLite file and its folder) and apply the migrations.

        Raises :class:`DatabaseTooNew` if the schema is newer than this code.
        """
        if self._started:
            return
        await self.backend.start()
        try:
            version = await self.backend.schema_version()
            if version > migrations.SCHEMA_VERSION:
                raise DatabaseTooNew(self.backend.label, version, migrations.SCHEMA_VERSION)
            await self.backend.migrate()
            self._started = True
            # games finished before ratings existed (schema 13), rated once, in order
            await self.ratings.rate_pending()
        except BaseException:
            self._started = False
            await self.backend.stop()
            raise
        log.info(
            "database %s open at schema version %d", self.backend.label, migrations.SCHEMA_VERSION
        )

    async def stop(self) -> None:
        """Close the connection(s) after any running transaction finishes."""
        if not self._started:
            return
        await self.changes.close()
        await self.backend.stop()  # waits for a running transaction to finish its statements
        self._started = False
        log.info("database %s closed", self.backend.label)

    async def __aenter__(self) -> Database:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The SQLite connection (tests trace its statements); SQLite only."""
        if not isinstance(self.backend, SQLiteBackend):
            raise StorageError("the database is not SQLite: it has no single connection")
        return self.backend.connection

    def _require_started(self) -> None:
        if not self._started:
            raise StorageError("the database is not started (call await db.start())")

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Run the block as one atomic unit: all its writes commit together or none do.

        Nest-safe: inside a transaction of the same task, this opens a SAVEPOINT, so a failing
        inner block rolls back only its own writes.
        """
        self._require_started()
        async with self.backend.transaction():
            yield

    async def lock(self, sql: str, params: Params = ()) -> None:
        """Inside a transaction that reads rows and then writes depending on them: lock the
        rows the ``SELECT`` ``sql`` reads until it ends (PostgreSQL ``FOR UPDATE``; nothing
        on SQLite, whose ``BEGIN IMMEDIATE`` already serialises writers)."""
        self._require_started()
        await self.backend.lock(sql, params)

    # ------------------------------------------------------------------ statements

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement and return every row (also for ``... RETURNING`` writes)."""
        self._require_started()
        return await self.backend.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    async def execute(self, sql: str, params: Params = ()) -> None:
        await self.fetchall(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        self._require_started()
        await self.backend.executemany(sql, rows)

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        self._require_started()
        return await self.backend.schema_version()

    async def integrity_check(self) -> list[str]:
        """``["ok"]`` when healthy (SQLite: ``PRAGMA integrity_check`` and
        ``foreign_key_check``), else the problems found."""
        self._require_started()
        return await self.backend.integrity_check()

    async def table_columns(self) -> dict[str, list[str]]:
        """Every table with its columns in order (equal on both backends)."""
        self._require_started()
        return await self.backend.table_columns()
