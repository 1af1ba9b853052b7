"""The one database connection, its transactions and its migrations.

Why it looks like this (after mautrix's aiosqlite layer):

- One aiosqlite connection with ``isolation_level=None``: Python's sqlite3 module never opens or
  commits transactions behind our back; we say ``BEGIN IMMEDIATE`` / ``COMMIT`` / ``ROLLBACK``
  ourselves. ``IMMEDIATE`` takes the write lock up front, so a transaction that reads then writes
  can never fail half-way with ``SQLITE_BUSY`` because another process wrote in between.
- Every task shares that one connection, so an ``asyncio.Lock`` makes a transaction exclusive:
  without it, task B's statements would run *inside* task A's open transaction (and be rolled back
  with it). Single statements outside a transaction take the same lock, so they never see another
  task's uncommitted writes either. Nested ``transaction()`` calls from the task that holds the
  lock become SAVEPOINTs.
- WAL + ``synchronous=NORMAL``: a commit is durable against a crash of the process (the bot being
  killed at any instant); only an OS crash or power cut may lose the last few commits, never
  corrupt the file. Foreign keys on; a busy timeout for a second process (backups, a CLI).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .challenges import ChallengeRepository
from .claims import ClaimRepository
from .errors import DatabaseTooNew, StorageError
from .games import GameRepository
from .guilds import GuildRepository
from .health import HealthRepository
from .matches import MatchRepository
from .migrations import MIGRATIONS, SCHEMA_VERSION
from .pings import PingRepository
from .players import PlayerRepository
from .ratings import RatingRepository

__all__ = ["DEFAULT_DATABASE_PATH", "Database", "database_path_from_env"]

log = logging.getLogger(__name__)

DEFAULT_DATABASE_PATH = Path("data/latrunculi.sqlite3")

Params = Sequence[Any] | Mapping[str, Any]


def database_path_from_env(environ: Mapping[str, str] | None = None) -> Path:
    """``DATABASE_PATH`` from the environment, or ``data/latrunculi.sqlite3``."""
    env = os.environ if environ is None else environ
    value = env.get("DATABASE_PATH", "").strip()
    return Path(value) if value else DEFAULT_DATABASE_PATH


class Database:
    """The bot's SQLite database: ``await db.start()`` once, ``await db.stop()`` at shutdown.

    Repositories hang off it: ``db.games``, ``db.challenges``, ``db.players``, ``db.pings``,
    ``db.matches``, ``db.ratings``, ``db.guilds``, ``db.claims``, ``db.health``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout_ms: int = 5000,
    ) -> None:
        self.path: Path = database_path_from_env() if path is None else Path(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._savepoint_depth = 0
        self.games = GameRepository(self)
        self.challenges = ChallengeRepository(self)
        self.players = PlayerRepository(self)
        self.pings = PingRepository(self)
        self.matches = MatchRepository(self)
        self.ratings = RatingRepository(self)
        self.guilds = GuildRepository(self)
        self.claims = ClaimRepository(self)
        self.health = HealthRepository(self)

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Open the file (creating it and its folder), set PRAGMAs, apply migrations.

        Raises :class:`DatabaseTooNew` if the file's schema is newer than this code.
        """
        if self._conn is not None:
            return
        in_memory = str(self.path) == ":memory:"
        if not in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await conn.execute_fetchall("PRAGMA foreign_keys = ON")
            mode_rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            mode = str(mode_rows[0][0]) if mode_rows else "?"
            if mode.lower() != "wal" and not in_memory:
                log.warning("could not switch %s to WAL (journal_mode=%s)", self.path, mode)
            await conn.execute_fetchall("PRAGMA synchronous = NORMAL")
            self._conn = conn
            await self._migrate()
            # games finished before ratings existed (schema 13), rated once, in order
            await self.ratings.rate_pending()
        except BaseException:
            self._conn = None
            await conn.close()
            raise
        log.info("database %s open at schema version %d", self.path, SCHEMA_VERSION)

    async def stop(self) -> None:
        """Close the connection after any running transaction finishes."""
        conn = self._conn
        if conn is None:
            return
        async with self._lock:
            try:
                await conn.execute_fetchall("PRAGMA optimize")
            except sqlite3.Error:  # an optimisation hint only; closing matters more
                log.exception("PRAGMA optimize failed")
            self._conn = None
            await conn.close()
        log.info("database %s closed", self.path)

    async def __aenter__(self) -> Database:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("the database is not started (call await db.start())")
        return self._conn

    # ------------------------------------------------------------------ transactions

    def _holds_lock(self) -> bool:
        task = asyncio.current_task()
        return task is not None and self._owner is task

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Run the block as one atomic unit: all its writes commit together or none do.

        Nest-safe: inside a transaction of the same task, this opens a SAVEPOINT, so a failing
        inner block rolls back only its own writes.
        """
        conn = self.connection
        if self._holds_lock():
            depth = self._savepoint_depth
            name = f"sp_{depth}"
            self._savepoint_depth += 1
            await conn.execute_fetchall(f"SAVEPOINT {name}")
            try:
                yield
            except BaseException:
                await conn.execute_fetchall(f"ROLLBACK TO {name}")
                await conn.execute_fetchall(f"RELEASE {name}")
                raise
            else:
                await conn.execute_fetchall(f"RELEASE {name}")
            finally:
                self._savepoint_depth = depth
            return

        async with self._lock:
            self._owner = asyncio.current_task()
            try:
                await conn.execute_fetchall("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self._rollback(conn)
                    raise
                try:
                    await conn.execute_fetchall("COMMIT")
                except BaseException:
                    await self._rollback(conn)
                    raise
            finally:
                self._owner = None
                self._savepoint_depth = 0

    @staticmethod
    async def _rollback(conn: aiosqlite.Connection) -> None:
        # aiosqlite runs statements in order on its thread, so this ROLLBACK lands after any
        # statement of the failed block, even one whose await was cancelled.
        try:
            await conn.execute_fetchall("ROLLBACK")
        except sqlite3.OperationalError as exc:  # e.g. SQLite already rolled back itself
            log.debug("rollback: %s", exc)

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for one statement, waiting for other tasks' transactions to end."""
        conn = self.connection
        if self._holds_lock():
            yield conn
            return
        async with self._lock:
            yield conn

    # ------------------------------------------------------------------ statements

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """Run one statement and return every row (also for ``... RETURNING`` writes)."""
        async with self._statement() as conn:
            return list(await conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    async def execute(self, sql: str, params: Params = ()) -> None:
        await self.fetchall(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        async with self._statement() as conn:
            cursor = await conn.executemany(sql, rows)
            await cursor.close()

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        return int(await self.fetchval("PRAGMA user_version"))

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > SCHEMA_VERSION:
            raise DatabaseTooNew(str(self.path), version, SCHEMA_VERSION)
        if version == SCHEMA_VERSION:
            return
        # SQLite's way to change a table's shape (create, copy, drop, rename): foreign keys
        # off while a migration runs -- else dropping the old games table would delete every
        # move through ON DELETE CASCADE -- and checked before it commits. The pragma is a
        # no-op inside a transaction, so it is switched around them.
        await self.execute("PRAGMA foreign_keys = OFF")
        try:
            for index in range(version, SCHEMA_VERSION):
                async with self.transaction():
                    # Re-read inside the write lock: another process may have migrated
                    # meanwhile.
                    current = await self.schema_version()
                    if current > index:
                        continue
                    for statement in MIGRATIONS[index]:
                        await self.execute(statement)
                    broken = await self.fetchall("PRAGMA foreign_key_check")
                    if broken:
                        raise StorageError(
                            f"migration to schema {index + 1} breaks foreign keys: "
                            f"{[tuple(r) for r in broken[:5]]}"
                        )
                    await self.execute(f"PRAGMA user_version = {index + 1}")
                log.info("database %s migrated to schema version %d", self.path, index + 1)
        finally:
            await self.execute("PRAGMA foreign_keys = ON")

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` plus ``foreign_key_check``: ``["ok"]`` when healthy."""
        rows = [str(r[0]) for r in await self.fetchall("PRAGMA integrity_check")]
        fk = await self.fetchall("PRAGMA foreign_key_check")
        if fk:
            rows = [r for r in rows if r != "ok"]
            rows += [f"foreign key violation: {tuple(r)}" for r in fk]
        return rows
