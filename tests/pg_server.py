"""A real PostgreSQL for the tests: the server of ``TEST_DATABASE_URL`` (CI starts one with
tools/pg_test_server.sh), else a throwaway one this test session starts with that same script
and stops at its end. No mock: every PostgreSQL test runs on a real server.

A storage test gets the session's test database emptied (:meth:`PostgresForTests.clean_database`:
every table's rows deleted and the ids restarted, ~30 ms; a ``CREATE DATABASE`` per test took
over a second on a loaded machine). Tests that need a database of their own (an empty one to
migrate, one whose version they change) ask :meth:`PostgresForTests.new_database`: created from
a migrated template (``CREATE DATABASE ... TEMPLATE``) or empty, dropped afterwards.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import tempfile
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg

from storage import Database
from storage.pg_migrations import PG_VERSION_TABLE

__all__ = ["PostgresForTests"]

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "pg_test_server.sh"


def _run(job: Callable[[], Awaitable[None]]) -> None:
    """Run ``job`` to the end on an event loop of its own (in a thread, so that a test already
    inside a loop may call this too)."""

    async def main() -> None:
        await job()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, main()).result()


def _with_database(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


class PostgresForTests:
    """One server for the session: a template database and fresh databases from it."""

    def __init__(self) -> None:
        self._folder: str | None = None
        url = os.environ.get("TEST_DATABASE_URL", "").strip()
        if not url:
            self._folder = tempfile.mkdtemp(prefix="latrunculi-pg-")
            os.rmdir(self._folder)  # the script creates it (owned by the server's user)
            url = subprocess.run(
                ["bash", str(SCRIPT), "start", self._folder],
                check=True,
                capture_output=True,
                text=True,
                timeout=120,
            ).stdout.strip()
        self.admin_url = url
        self._prefix = f"lt{os.getpid()}"
        self._counter = itertools.count(1)
        self.template = f"{self._prefix}_template"
        self._template_ready = False
        self._shared: tuple[str, str] | None = None

    def _admin(self, *statements: str) -> None:
        async def run() -> None:
            conn = await asyncpg.connect(self.admin_url)
            try:
                for statement in statements:
                    await conn.execute(statement)
            finally:
                await conn.close()

        _run(run)

    def _ensure_template(self) -> None:
        if self._template_ready:
            return
        self._admin(
            f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)",
            f"CREATE DATABASE {self.template}",
        )

        async def migrate() -> None:
            async with Database(_with_database(self.admin_url, self.template)):
                pass

        _run(migrate)
        self._template_ready = True

    def new_database(self, *, migrated: bool = True) -> tuple[str, str]:
        """A fresh database (at the current schema, or empty): its name and URL."""
        name = f"{self._prefix}_{next(self._counter)}"
        if migrated:
            self._ensure_template()
            self._admin(f"CREATE DATABASE {name} TEMPLATE {self.template}")
        else:
            self._admin(f"CREATE DATABASE {name}")
        return name, _with_database(self.admin_url, name)

    def clean_database(self) -> str:
        """The session's shared test database (migrated), emptied: its URL."""
        if self._shared is None:
            self._shared = self.new_database()
        url = self._shared[1]

        async def clean() -> None:
            conn = await asyncpg.connect(url)
            try:
                tables = await conn.fetch(
                    "SELECT table_name FROM information_schema.tables"
                    " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                    " AND table_name != $1",
                    PG_VERSION_TABLE,
                )
                identities = await conn.fetch(
                    "SELECT table_name, column_name FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND is_identity = 'YES'"
                )
                # replica mode: no foreign-key or other triggers, so any order of deletes
                statements = ["SET session_replication_role = replica"]
                statements += [f'DELETE FROM "{t[0]}"' for t in tables]
                statements += [
                    f'ALTER TABLE "{t}" ALTER COLUMN "{c}" RESTART' for t, c in identities
                ]
                statements.append("SET session_replication_role = origin")
                await conn.execute("; ".join(statements))
            finally:
                await conn.close()

        _run(clean)
        return url

    def drop_database(self, name: str) -> None:
        self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def close(self) -> None:
        if self._shared is not None:
            self.drop_database(self._shared[0])
        if self._template_ready:
            self.drop_database(self.template)
        if self._folder is not None:
            subprocess.run(["bash", str(SCRIPT), "stop", self._folder], check=False, timeout=120)
