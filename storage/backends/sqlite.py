"""The embedded backend: one SQLite file through one aiosqlite connection (the default).

Why it looks like this (after mautrix's aiosqlite layer):

- One aiosqlite connection with ``isolation_level=None``: Python's sqlite3 module never opens or
  commits transactions behind our back; we say ``BEGIN IMMEDIATE`` / ``COMMIT`` / ``ROLLBACK``
  ourselves. ``IMMEDIATE`` takes the write lock up front, so a transaction that reads then writes
  can never fail half-way with ``SQLITE_BUSY`` because another process wrote in between -- and
  every transaction is serialised against every other writer, which is why :meth:`lock` has
  nothing to do here.
- Every task shares that one connection, so an ``asyncio.Lock`` makes a transaction exclusive:
  without it, task B's statements would run *inside* task A's open transaction (and be rolled back
  with it). Single statements outside a transaction take the same lock, so they never see another
  task's uncommitted writes either. Nested ``transaction()`` calls from the task that holds the
  lock become SAVEPOINTs.
- WAL + ``synchronous=NORMAL``: a commit is durable against a crash of the process (the bot being
  killed at any instant); only an OS crash or power cut may lose the last few commits, never
  corrupt the file. Foreign keys on; a busy timeout for a second process (backups, a CLI).
- The schema version is ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, cast

import aiosqlite

from .. import migrations
from ..errors import ConstraintViolation, DatabaseUnreadable, StorageError
from .base import Params, Row

__all__ = ["SQLiteBackend", "readable", "unreadable"]

log = logging.getLogger(__name__)

_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


def unreadable(path: str | Path, exc: sqlite3.Error) -> DatabaseUnreadable | None:
    """The storage error for SQLite finding that ``path`` is no database (``SQLITE_NOTADB``:
    overwritten, or another kind of file) or a damaged one (``SQLITE_CORRUPT``: truncated,
    partly overwritten); ``None`` for any other error (a lock, a constraint...), which keeps
    its own meaning."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == _SQLITE_NOTADB:
        problem = "it is not a SQLite database (overwritten, or another kind of file)"
    elif primary == _SQLITE_CORRUPT:
        problem = "it is damaged (truncated or partly overwritten)"
    else:
        return None
    return DatabaseUnreadable(str(path), f"{problem}; SQLite says: {exc}")


@contextmanager
def readable(path: str | Path) -> Iterator[None]:
    """Turn SQLite's "not a database" and "malformed" errors met in the block into
    :class:`~storage.errors.DatabaseUnreadable` naming ``path``."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        mapped = unreadable(path, exc)
        if mapped is None:
            raise
        raise mapped from exc


def _violation(exc: sqlite3.IntegrityError) -> ConstraintViolation:
    """The storage-level error for SQLite's ``UNIQUE constraint failed: t.col`` and kin."""
    text = str(exc)
    kind = "unique"
    if "FOREIGN KEY" in text:
        kind = "foreign_key"
    elif "CHECK" in text:
        kind = "check"
    elif "NOT NULL" in text:
        kind = "not_null"
    return ConstraintViolation(kind, text)


class SQLiteBackend:
    """A SQLite file (or ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, path: Path, *, busy_timeout_ms: int = 5000) -> None:
        self.path = path
        self.label = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._savepoint_depth = 0

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Open the file (creating it and its folder) and set the PRAGMAs."""
        if self._conn is not None:
            return
        in_memory = str(self.path) == ":memory:"
        if not in_memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            with readable(self.path):
                await self._configure(conn, in_memory)
        except BaseException:
            await conn.close()
            raise
        self._conn = conn

    async def _configure(self, conn: aiosqlite.Connection, in_memory: bool) -> None:
        """The PRAGMAs every connection runs with (the first statements to read the file)."""
        conn.row_factory = sqlite3.Row
        await conn.execute_fetchall(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        await conn.execute_fetchall("PRAGMA foreign_keys = ON")
        mode_rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
        mode = str(mode_rows[0][0]) if mode_rows else "?"
        if mode.lower() != "wal" and not in_memory:
            log.warning("could not switch %s to WAL (journal_mode=%s)", self.path, mode)
        await conn.execute_fetchall("PRAGMA synchronous = NORMAL")

    async def stop(self) -> None:
        conn = self._conn
        if conn is None:
            return
        async with self._lock:
            try:
                await conn.execute_fetchall("PRAGMA optimize")
            except sqlite3.Error as exc:  # an optimisation hint only; closing matters more
                # (one line: a damaged file fails here too, after the error that matters)
                log.warning("PRAGMA optimize on %s failed: %s", self.path, exc)
            self._conn = None
            await conn.close()

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
                with readable(self.path):
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
        try:
            if self._holds_lock():
                yield conn
                return
            async with self._lock:
                yield conn
        except sqlite3.IntegrityError as exc:
            raise _violation(exc) from exc
        except sqlite3.DatabaseError as exc:  # a damaged file: say which, in one line
            mapped = unreadable(self.path, exc)
            if mapped is None:
                raise
            raise mapped from exc

    # ------------------------------------------------------------------ statements

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self._statement() as conn:
            return cast(list[Row], list(await conn.execute_fetchall(sql, params)))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        async with self._statement() as conn:
            cursor = await conn.executemany(sql, rows)
            await cursor.close()

    async def lock(self, sql: str, params: Params = ()) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already holds the database's one write lock."""

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        rows = await self.fetchall("PRAGMA user_version")
        return int(rows[0][0])

    async def migrate(self) -> None:
        version = await self.schema_version()
        target = migrations.SCHEMA_VERSION  # read at run time: tests append migrations
        if version >= target:
            return
        # SQLite's way to change a table's shape (create, copy, drop, rename): foreign keys
        # off while a migration runs -- else dropping the old games table would delete every
        # move through ON DELETE CASCADE -- and checked before it commits. The pragma is a
        # no-op inside a transaction, so it is switched around them.
        await self.fetchall("PRAGMA foreign_keys = OFF")
        try:
            for index in range(version, target):
                async with self.transaction():
                    # Re-read inside the write lock: another process may have migrated
                    # meanwhile.
                    current = await self.schema_version()
                    if current > index:
                        continue
                    for statement in migrations.MIGRATIONS[index]:
                        await self.fetchall(statement)
                    broken = await self.fetchall("PRAGMA foreign_key_check")
                    if broken:
                        raise StorageError(
                            f"migration to schema {index + 1} breaks foreign keys: "
                            f"{[tuple(r) for r in broken[:5]]}"
                        )
                    await self.fetchall(f"PRAGMA user_version = {index + 1}")
                log.info("database %s migrated to schema version %d", self.label, index + 1)
        finally:
            await self.fetchall("PRAGMA foreign_keys = ON")

    async def integrity_check(self) -> list[str]:
        """``PRAGMA integrity_check`` plus ``foreign_key_check``."""
        rows = [str(r[0]) for r in await self.fetchall("PRAGMA integrity_check")]
        fk = await self.fetchall("PRAGMA foreign_key_check")
        if fk:
            rows = [r for r in rows if r != "ok"]
            rows += [f"foreign key violation: {tuple(r)}" for r in fk]
        return rows

    async def table_columns(self) -> dict[str, list[str]]:
        tables = await self.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        found: dict[str, list[str]] = {}
        for table in tables:
            name = str(table[0])
            columns = await self.fetchall(f"PRAGMA table_info({name})")
            found[name] = [str(c["name"]) for c in columns]
        return found
