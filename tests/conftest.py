"""Suite-wide safety net: aiosqlite (0.22) runs each connection on a non-daemon thread, so a
connection some test left open keeps the interpreter from exiting after the last test — the
run then hangs with every test passed. At the end of the session each connection still
running is told to stop (and named in the log), so the run ends and the leak is visible."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from typing import Any

import aiosqlite
import aiosqlite.core
import pytest

from tests.pg_server import PostgresForTests

log = logging.getLogger(__name__)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    for obj in gc.get_objects():
        if isinstance(obj, aiosqlite.Connection) and obj._thread is not None:  # noqa: SLF001
            if obj._thread.is_alive():  # noqa: SLF001
                log.warning("an aiosqlite connection was left open by a test: %r", obj)
                obj._tx.put_nowait((None, lambda: aiosqlite.core._STOP_RUNNING_SENTINEL))  # noqa: SLF001


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresForTests]:
    """The session's PostgreSQL server (``TEST_DATABASE_URL``, or one started for the run)."""
    server = PostgresForTests()
    try:
        yield server
    finally:
        server.close()
