"""The Database object: file creation, PRAGMAs, migrations, transactions."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

import storage.migrations as migrations_module
from storage import (
    SCHEMA_VERSION,
    Database,
    DatabaseTooNew,
    DatabaseUrlError,
    StorageError,
    database_path_from_env,
)
from storage.migrations import MIGRATIONS

EXPECTED_TABLES = {"players", "games", "moves", "challenges"}


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


async def test_start_creates_folder_file_and_schema(db_path: Path) -> None:
    assert not db_path.parent.exists()
    db = Database(db_path)
    await db.start()
    try:
        assert db_path.is_file()
        assert await db.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
        assert await db.integrity_check() == ["ok"]
    finally:
        await db.stop()
    assert EXPECTED_TABLES <= tables(db_path)
    assert user_version(db_path) == SCHEMA_VERSION


@pytest.mark.sqlite_only
async def test_connection_pragmas(db: Database) -> None:
    assert await db.fetchval("PRAGMA journal_mode") == "wal"
    assert await db.fetchval("PRAGMA foreign_keys") == 1
    assert await db.fetchval("PRAGMA synchronous") == 1  # NORMAL
    assert await db.fetchval("PRAGMA busy_timeout") == db.busy_timeout_ms > 0


async def test_reopen_keeps_data_and_does_not_remigrate(db_path: Path) -> None:
    async with Database(db_path) as db:
        await db.players.upsert_player(7, "Seven", now=5.0)
    async with Database(db_path) as db:
        player = await db.players.get_player(7)
        assert player is not None and player.display_name == "Seven"
        assert await db.schema_version() == SCHEMA_VERSION


async def test_refuses_database_newer_than_code(db_path: Path) -> None:
    async with Database(db_path) as db:
        await db.players.upsert_player(7, "Seven")
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db = Database(db_path)
    with pytest.raises(DatabaseTooNew) as info:
        await db.start()
    assert info.value.found == SCHEMA_VERSION + 1
    assert info.value.supported == SCHEMA_VERSION
    assert "upgrade" in str(info.value)
    with pytest.raises(StorageError):  # not left half-open
        db.connection  # noqa: B018
    assert user_version(db_path) == SCHEMA_VERSION + 1


async def test_migrations_apply_in_order_each_in_own_transaction(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing migration rolls back alone: earlier ones stay, the version stays put."""
    good = ["CREATE TABLE extra (x INTEGER)"]
    broken = ["CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"]
    monkeypatch.setattr(migrations_module, "MIGRATIONS", (*MIGRATIONS, good, broken))
    monkeypatch.setattr(migrations_module, "SCHEMA_VERSION", len(MIGRATIONS) + 2)
    with pytest.raises(sqlite3.OperationalError):
        await Database(db_path).start()
    assert user_version(db_path) == len(MIGRATIONS) + 1
    names = tables(db_path)
    assert "extra" in names and "half_done" not in names

    # Fixed code starts fine and applies only the missing migration.
    fixed = ["CREATE TABLE half_done (x INTEGER)"]
    monkeypatch.setattr(migrations_module, "MIGRATIONS", (*MIGRATIONS, good, fixed))
    async with Database(db_path) as db:
        assert await db.schema_version() == len(MIGRATIONS) + 2
    assert "half_done" in tables(db_path)


def test_database_path_from_env() -> None:
    assert database_path_from_env({}) == Path("data/latrunculi.sqlite3")
    assert database_path_from_env({"DATABASE_PATH": " /x/y.db "}) == Path("/x/y.db")
    assert database_path_from_env({"DATABASE_PATH": ""}) == Path("data/latrunculi.sqlite3")


async def test_default_path_comes_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "env" / "bot.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(target))
    async with Database() as db:
        assert db.path == target
    assert target.is_file()


async def test_transaction_rolls_back_on_error(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.players.upsert_player(1, "one")
            raise RuntimeError("boom")
    assert await db.players.get_player(1) is None
    async with db.transaction():
        await db.players.upsert_player(2, "two")
    assert await db.players.get_player(2) is not None


async def test_nested_transaction_is_a_savepoint(db: Database) -> None:
    async with db.transaction():
        await db.players.upsert_player(1, "outer")
        with pytest.raises(ValueError):
            async with db.transaction():
                await db.players.upsert_player(2, "inner")
                raise ValueError
        async with db.transaction():
            await db.players.upsert_player(3, "inner ok")
    assert await db.players.get_player(1) is not None
    assert await db.players.get_player(2) is None
    assert await db.players.get_player(3) is not None


async def test_other_tasks_never_see_or_join_an_open_transaction(db: Database) -> None:
    """Tasks share one connection; the lock keeps a reader out of a writer's transaction."""
    inside = asyncio.Event()
    seen: list[object] = []

    async def writer() -> None:
        with pytest.raises(RuntimeError):
            async with db.transaction():
                await db.players.upsert_player(1, "uncommitted")
                inside.set()
                await asyncio.sleep(0.05)
                raise RuntimeError

    async def reader() -> None:
        await inside.wait()
        seen.append(await db.players.get_player(1))  # waits for the writer to finish

    async def other_writer() -> None:
        await inside.wait()
        await db.players.upsert_player(2, "committed")  # not swept into the rollback

    await asyncio.gather(writer(), reader(), other_writer())
    assert seen == [None]
    assert await db.players.get_player(1) is None
    assert await db.players.get_player(2) is not None


async def test_cancelled_transaction_is_rolled_back(db: Database) -> None:
    started = asyncio.Event()

    async def slow() -> None:
        async with db.transaction():
            await db.players.upsert_player(1, "never")
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.players.get_player(1) is None
    await db.players.upsert_player(2, "after")  # the connection is usable again
    assert await db.players.get_player(2) is not None


async def test_stop_is_idempotent_and_using_a_stopped_database_fails(db_path: Path) -> None:
    db = Database(db_path)
    await db.start()
    await db.stop()
    await db.stop()
    with pytest.raises(StorageError):
        await db.games.load_game(1)


async def test_a_sqlite_url_opens_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sqlite:///relative`` is relative to the working directory (as in SQLAlchemy), and
    ``DATABASE_URL`` wins over ``DATABASE_PATH``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "ignored.sqlite3"))
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/url.sqlite3")
    async with Database() as db:
        assert db.dialect == "sqlite"
        assert await db.schema_version() == SCHEMA_VERSION
    assert (tmp_path / "data" / "url.sqlite3").is_file()
    assert not (tmp_path / "ignored.sqlite3").exists()
    absolute = tmp_path / "abs.sqlite3"
    async with Database(f"sqlite:///{absolute}") as db:  # four slashes: an absolute path
        assert db.path == absolute


def test_an_unknown_database_url_is_refused() -> None:
    with pytest.raises(DatabaseUrlError, match="unknown database URL scheme 'mysql'"):
        Database("mysql://u:p@host/db")
    with pytest.raises(DatabaseUrlError, match="sqlite:///relative/path"):
        Database("sqlite://x.db")
