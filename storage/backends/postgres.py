"""The server backend: PostgreSQL through an asyncpg connection pool.

- A statement outside a transaction borrows a pooled connection for itself (autocommit).
- A transaction holds one connection for its whole block. Which one is remembered in a context
  variable together with the task that opened it, so every statement of that task inside the
  block runs on it, and a nested ``transaction()`` of the same task is a SAVEPOINT (as on
  SQLite). Tasks started inside the block do not inherit it: their statements take their own
  connection, as another task's would on SQLite.
- Isolation is READ COMMITTED. SQLite's ``BEGIN IMMEDIATE`` serialises every writer; here two
  transactions run at once, so a repository that reads rows and then writes depending on what it
  read locks them first with :meth:`lock` (``SELECT ... FOR UPDATE``). The guarded updates
  (``UPDATE ... WHERE ply = :expected``) need no lock: PostgreSQL re-checks the ``WHERE`` of a
  row another transaction changed meanwhile, so of two, one matches and one matches nothing.
- asyncpg's constraint errors become :class:`~storage.errors.ConstraintViolation`.
- Migrations (:mod:`storage.pg_migrations`) run under ``pg_advisory_lock``: a second process
  starting at the same time waits, then finds the schema current and runs nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, cast

import asyncpg

from .. import migrations
from ..errors import ConstraintViolation, StorageError
from ..pg_migrations import PG_BASELINE_VERSION, PG_MIGRATIONS, PG_VERSION_TABLE
from .base import Params, Row
from .pg_sql import bind, compile_sql
from .urls import redact_url

__all__ = ["MIGRATION_LOCK", "PostgresBackend"]

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x4C61_7472_756E
"""The advisory lock key every starter of this schema takes while it migrates."""

_KINDS = {
    "23505": "unique",
    "23503": "foreign_key",
    "23514": "check",
    "23502": "not_null",
}


@dataclass
class _Held:
    """The connection a task's open transaction runs on."""

    task: asyncio.Task[Any] | None
    conn: Any  # asyncpg.Connection


def _violation(exc: Exception) -> ConstraintViolation:
    code = str(getattr(exc, "sqlstate", ""))
    detail = getattr(exc, "detail", None)
    text = str(exc) + (f" ({detail})" if detail else "")
    return ConstraintViolation(_KINDS.get(code, "unique"), text)


async def _keep_session(conn: Any) -> None:
    """What a connection needs before it goes back to the pool: nothing but the end of an
    unfinished transaction. asyncpg's default reset runs ``pg_advisory_unlock_all(); CLOSE ALL;
    UNLISTEN *; RESET ALL`` on every release -- a round trip per transaction that cost more
    than the move itself in bench/storage_bench.py -- for session state this code never
    leaves behind: no LISTEN, no SET, no cursors outside a transaction, and the one advisory
    lock (migrations) is released in a ``finally``."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


class PostgresBackend:
    """A PostgreSQL database named by a ``postgresql://`` URL."""

    dialect = "postgresql"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = url
        self.label = redact_url(url)
        self.min_size = min_size
        self.max_size = max_size
        self._pool: Any = None  # asyncpg.Pool
        self._held: ContextVar[_Held | None] = ContextVar(f"pg_held_{id(self)}", default=None)

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        if self._pool is not None:
            return
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=self.min_size, max_size=self.max_size, reset=_keep_session
            )
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"cannot connect to PostgreSQL at {self.label}: {exc}") from exc

    async def stop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    def _pool_or_fail(self) -> Any:
        if self._pool is None:
            raise StorageError("the database is not started (call await db.start())")
        return self._pool

    def _current(self) -> Any | None:
        """The connection of this task's open transaction, if any."""
        held = self._held.get()
        if held is None or held.task is not asyncio.current_task():
            return None
        return held.conn

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        conn = self._current()
        if conn is not None:  # nested: asyncpg makes it a SAVEPOINT
            async with conn.transaction():
                yield
            return
        async with self._pool_or_fail().acquire() as conn:
            token = self._held.set(_Held(asyncio.current_task(), conn))
            try:
                async with conn.transaction():
                    yield
            finally:
                self._held.reset(token)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        conn = self._current()
        try:
            if conn is not None:
                yield conn
                return
            async with self._pool_or_fail().acquire() as conn:
                yield conn
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _violation(exc) from exc

    # ------------------------------------------------------------------ statements

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        compiled = compile_sql(sql)
        args = bind(compiled, params)
        async with self._connection() as conn:
            return cast(list[Row], await conn.fetch(compiled.text, *args))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        compiled = compile_sql(sql)
        batch = [bind(compiled, row) for row in rows]
        if not batch:
            return
        async with self._connection() as conn:
            await conn.executemany(compiled.text, batch)

    async def lock(self, sql: str, params: Params = ()) -> None:
        """``sql FOR UPDATE`` inside this task's transaction (outside one a lock would end
        with the statement, so there is nothing to do)."""
        if self._current() is None:
            return
        await self.fetchall(f"{sql} FOR UPDATE", params)

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn: Any) -> int:
        exists = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", PG_VERSION_TABLE)
        if not exists:
            return 0
        value = await conn.fetchval(f"SELECT version FROM {PG_VERSION_TABLE}")
        return 0 if value is None else int(value)

    async def migrate(self) -> None:
        target = migrations.SCHEMA_VERSION
        missing = [v for v in range(PG_BASELINE_VERSION, target + 1) if v not in PG_MIGRATIONS]
        if missing:
            raise StorageError(
                f"schema {missing[0]} has no PostgreSQL migration (storage/pg_migrations.py)"
            )
        async with self._pool_or_fail().acquire() as conn:
            if await self._version(conn) >= target:
                return
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await self._migrate_locked(conn, target)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def _migrate_locked(self, conn: Any, target: int) -> None:
        # Re-read under the lock: another process may have migrated while we waited.
        version = await self._version(conn)
        while version < target:
            step = max(version + 1, PG_BASELINE_VERSION)
            async with conn.transaction():
                if version == 0:
                    await conn.execute(f"CREATE TABLE {PG_VERSION_TABLE} (version BIGINT NOT NULL)")
                    await conn.execute(f"INSERT INTO {PG_VERSION_TABLE} (version) VALUES (0)")
                for statement in PG_MIGRATIONS[step]:
                    await conn.execute(statement)
                await conn.execute(f"UPDATE {PG_VERSION_TABLE} SET version = $1", step)
            log.info("database %s migrated to schema version %d", self.label, step)
            version = step

    async def integrity_check(self) -> list[str]:
        """PostgreSQL checks every constraint on every write; what could still be wrong is a
        constraint left unvalidated (``NOT VALID``), so those are reported."""
        rows = await self.fetchall(
            "SELECT conrelid::regclass::text AS tab, conname FROM pg_constraint"
            " WHERE NOT convalidated AND connamespace = current_schema()::regnamespace"
        )
        if not rows:
            return ["ok"]
        return [f"constraint {r['conname']} on {r['tab']} is not validated" for r in rows]

    async def table_columns(self) -> dict[str, list[str]]:
        rows = await self.fetchall(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name != ?"
            " ORDER BY table_name, ordinal_position",
            (PG_VERSION_TABLE,),
        )
        found: dict[str, list[str]] = {}
        for row in rows:
            found.setdefault(str(row["table_name"]), []).append(str(row["column_name"]))
        return found
