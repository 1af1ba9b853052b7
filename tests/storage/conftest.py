"""Fixtures for the storage tests: every test runs on each backend -- a real SQLite file in its
own tmp_path, and a fresh database on a real PostgreSQL server (tests/pg_server.py).

A test is SQLite-only when it is about SQLite itself (old schema files, the crash writer, WAL,
PRAGMAs): its module says ``pytestmark = pytest.mark.sqlite_only``, or it asks for ``db_path``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Database
from tests.pg_server import PostgresForTests

BACKENDS = ("sqlite", "postgresql")

DbTarget = Path | str
"""What ``Database()`` opens: a SQLite file or a PostgreSQL URL."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    sqlite_only = (
        metafunc.definition.get_closest_marker("sqlite_only") is not None
        or "db_path" in metafunc.fixturenames
    )
    metafunc.parametrize("backend", ["sqlite"] if sqlite_only else BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "test.sqlite3"


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[DbTarget]:
    """An empty, migrated database of the test's backend: its file or URL (open it as often as
    a test needs: each ``Database(db_target)`` is another process's connection). PostgreSQL:
    the session's test database, emptied before the test (tests/pg_server.py)."""
    if backend == "sqlite":
        yield tmp_path / "data" / "test.sqlite3"
        return
    server: PostgresForTests = request.getfixturevalue("postgres")
    yield server.clean_database()


@pytest.fixture
async def db(db_target: DbTarget) -> AsyncIterator[Database]:
    database = Database(db_target)
    await database.start()
    try:
        yield database
    finally:
        await database.stop()
