"""What every backend must do the same way: constraint errors, nested transactions (on each
backend the ``db`` fixture offers), the same schema, and PostgreSQL's migration runner."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from storage import (
    SCHEMA_VERSION,
    ConstraintViolation,
    Database,
    DatabaseTooNew,
    StorageError,
    migrations,
)
from storage.pg_migrations import PG_BASELINE_VERSION, PG_VERSION_TABLE
from tests.pg_server import PostgresForTests


async def test_a_duplicate_key_is_one_storage_error(db: Database) -> None:
    await db.execute(
        "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)", (1, 0, 0)
    )
    with pytest.raises(ConstraintViolation) as info:
        await db.execute(
            "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)", (1, 0, 0)
        )
    assert info.value.kind == "unique"
    assert await db.fetchval("SELECT count(*) FROM players") == 1


async def test_a_missing_reference_is_one_storage_error(db: Database) -> None:
    with pytest.raises(ConstraintViolation) as info:
        await db.executemany(
            "INSERT INTO moves (game_id, ply, player_id, move, position_after, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(999, 1, 1, "a1-a2", "P", 0)],
        )
    assert info.value.kind == "foreign_key"


async def test_a_failed_savepoint_keeps_the_outer_transaction(db: Database) -> None:
    """A constraint error inside a nested transaction rolls back only that block; the outer
    one goes on and commits (PostgreSQL too, where a failed statement would otherwise spoil
    the whole transaction)."""
    insert = "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)"
    async with db.transaction():
        await db.execute(insert, (1, 0, 0))
        with pytest.raises(ConstraintViolation):
            async with db.transaction():
                await db.execute(insert, (2, 0, 0))
                await db.execute(insert, (1, 0, 0))
        await db.execute(insert, (3, 0, 0))
    rows = await db.fetchall("SELECT user_id FROM players ORDER BY user_id")
    assert [r["user_id"] for r in rows] == [1, 3]
    assert [r[0] for r in rows] == [1, 3]


async def test_both_backends_have_the_same_tables_and_columns(
    tmp_path: Path, postgres: PostgresForTests
) -> None:
    """After migrating, SQLite and PostgreSQL have the same tables with the same columns in the
    same order: a SQLite migration without its PostgreSQL counterpart (storage/pg_migrations.py)
    fails here."""
    async with Database(tmp_path / "parity.sqlite3") as lite:
        sqlite_schema = await lite.table_columns()
    name, url = postgres.new_database(migrated=False)
    try:
        async with Database(url) as pg:
            assert await pg.schema_version() == SCHEMA_VERSION
            pg_schema = await pg.table_columns()
    finally:
        postgres.drop_database(name)
    assert "games" in sqlite_schema and "game_seats" in sqlite_schema
    assert pg_schema == sqlite_schema


async def test_concurrent_starters_migrate_an_empty_postgresql_once(
    postgres: PostgresForTests, caplog: pytest.LogCaptureFixture
) -> None:
    """Three processes starting at once on an empty database: one migrates under the advisory
    lock, the others wait and find the schema current (a second run of the baseline would fail
    on its CREATE TABLE)."""
    name, url = postgres.new_database(migrated=False)
    starters = [Database(url) for _ in range(3)]
    try:
        with caplog.at_level(logging.INFO, logger="storage.backends.postgres"):
            await asyncio.gather(*(db.start() for db in starters))
        versions = [await db.schema_version() for db in starters]
        assert versions == [SCHEMA_VERSION] * 3
        migrated = [r for r in caplog.records if "migrated to schema version" in r.getMessage()]
        assert len(migrated) == SCHEMA_VERSION - PG_BASELINE_VERSION + 1
    finally:
        for db in starters:
            await db.stop()
        postgres.drop_database(name)


async def test_a_postgresql_schema_newer_than_the_code_is_refused(
    postgres: PostgresForTests,
) -> None:
    name, url = postgres.new_database()
    try:
        async with Database(url) as db:
            await db.execute(f"UPDATE {PG_VERSION_TABLE} SET version = ?", (SCHEMA_VERSION + 1,))
        with pytest.raises(DatabaseTooNew) as info:
            await Database(url).start()
        assert info.value.found == SCHEMA_VERSION + 1
    finally:
        postgres.drop_database(name)


async def test_a_sqlite_migration_without_its_postgresql_step_stops_the_start(
    postgres: PostgresForTests, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, url = postgres.new_database()
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, ["SELECT 1"]))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    try:
        with pytest.raises(StorageError, match=f"schema {SCHEMA_VERSION + 1} has no PostgreSQL"):
            await Database(url).start()
    finally:
        postgres.drop_database(name)
