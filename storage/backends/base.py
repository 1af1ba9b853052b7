"""What every storage backend offers :class:`storage.Database`, and the row type they return.

The repositories write one SQL dialect (SQLite's, with ``?`` or ``:name`` placeholders and the
portable forms listed in docs/storage.md); a backend runs it on its driver, maps the driver's
constraint errors to :class:`storage.errors.ConstraintViolation`, and owns its transactions
and migrations, because those differ in kind between an embedded file and a server.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

__all__ = ["Backend", "Params", "Row"]

Params = Sequence[Any] | Mapping[str, Any]
"""Positional (``?``) or named (``:name``) parameters of one statement."""


class Row(Protocol):
    """A result row: ``sqlite3.Row`` and ``asyncpg.Record`` both read by column name
    (``row["id"]``) and by position (``row[0]``), and list their column names."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...


class Backend(Protocol):
    """One database driver behind :class:`storage.Database`."""

    #: ``"sqlite"`` or ``"postgresql"``
    dialect: str
    #: where the data lives, for log lines and error messages (never a password)
    label: str

    async def start(self) -> None:
        """Connect; the schema is migrated separately by :meth:`migrate`."""

    async def stop(self) -> None:
        """Disconnect after any running transaction finishes."""

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """One atomic unit; nested calls (same task) are savepoints."""
        ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Run one statement (also ``... RETURNING``) and return every row."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row."""

    async def lock(self, sql: str, params: Params = ()) -> None:
        """Lock the rows ``sql`` (a ``SELECT``) reads until the transaction ends, so that a
        transaction that reads then writes cannot race another (see docs/storage.md)."""

    async def schema_version(self) -> int:
        """The schema version stored in the database (0 for a new one)."""
        ...

    async def migrate(self) -> None:
        """Bring the schema to :data:`storage.migrations.SCHEMA_VERSION`, each step once."""

    async def integrity_check(self) -> list[str]:
        """``["ok"]`` when the stored data is consistent, else the problems found."""
        ...

    async def table_columns(self) -> dict[str, list[str]]:
        """Every table of the schema with its column names, in order (for the test that both
        backends' schemas are equal)."""
        ...

