"""Copy a whole database to another one (``python -m storage copy SRC_URL DST_URL``), verified.

Why it works this way:

- **Every table, ids kept.** Rows are copied table by table in foreign-key order with their own
  ids, so a game keeps its number (``#42`` in Discord stays ``#42``), challenges keep pointing
  at their games and ratings at their players. The list of tables is fixed here and checked
  against the source's: a table this module does not know (a new migration) stops the copy
  instead of being left behind silently.
- **Same schema on both sides.** The source must be at this code's schema version (an older
  file is migrated by starting the bot once; the copy never migrates a source behind the
  user's back) and the destination must be empty — it is created and migrated if needed.
  "Empty" means new, or this bot's schema without rows: a database holding any table of
  another application is refused before anything touches it (an existing SQLite file is
  inspected read-only first, as opening it the bot's way would already switch it to WAL),
  so the copy never writes the bot's tables beside someone else's.
- **A damaged file is named.** A file that is no SQLite database, or a truncated one, is
  refused in one line naming it (:class:`~storage.errors.DatabaseUnreadable`), the source as
  the user named it, not the temporary snapshot the copy reads.
- **All or nothing.** Everything is written in one transaction on the destination, in batches
  (``executemany``). The source is read as one consistent snapshot that never holds up a bot
  still running on it (:func:`copy_urls`). Verification runs inside the destination's
  transaction before it commits: a failed copy leaves the destination as empty as it was.
- **Verified by the rules.** Row counts per table must match, and every game is replayed on
  the destination through :mod:`storage.replay` (the rules core re-checks every ply) and must
  load exactly as it does from the source (seats, plies, position, result).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from .backends.sqlite import readable
from .backends.urls import DatabaseUrlError
from .database import Database
from .errors import DatabaseUnreadable, StorageError
from .migrations import SCHEMA_VERSION
from .replay import replay_game

__all__ = [
    "TABLES",
    "CopyFailed",
    "CopyRefused",
    "CopySummary",
    "Table",
    "copy_database",
    "copy_urls",
]

log = logging.getLogger(__name__)

BATCH_ROWS = 1000
"""Rows read and inserted per statement batch (keyset pages of the source)."""


class CopyRefused(StorageError):
    """The copy was not started: a source or destination it must not touch (nothing written)."""


class CopyFailed(StorageError):
    """The copy ran but did not verify; the destination's transaction was rolled back."""


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the schema, as the copy reads it: its name and primary key (the order of
    the keyset pages). ``serial``: the column whose ids a PostgreSQL sequence hands out, reset
    past the copied ids afterwards."""

    name: str
    key: tuple[str, ...]
    serial: str | None = None


TABLES: tuple[Table, ...] = (
    Table("players", ("user_id",)),
    Table("guild_settings", ("guild_id",)),
    Table("matches", ("id",), serial="id"),
    Table("match_seats", ("match_id", "seat")),
    Table("games", ("id",), serial="id"),
    Table("game_seats", ("game_id", "seat")),
    Table("moves", ("game_id", "ply")),
    Table("challenges", ("id",), serial="id"),
    Table("challenge_seats", ("challenge_id", "seat")),
    Table("pings", ("kind", "scope", "target_id")),
    Table("ratings", ("guild_id", "game", "player_id")),
    Table("rating_history", ("game_id", "player_id")),
    # leases of running bot processes (schema 16): copied as they are; with the bots stopped
    # for the copy they have expired or soon will, and are then taken over as usual
    Table("claims", ("kind", "item")),
    # tournaments (schema 17): after the games their boards point at
    Table("tournaments", ("id",), serial="id"),
    Table("tournament_entrants", ("tournament_id", "player_id")),
    Table("tournament_boards", ("tournament_id", "round", "board")),
    Table("tournament_seats", ("tournament_id", "round", "board", "seat")),
    # analyses (schema 18): one a finished game, after the games
    Table("analyses", ("game_id",)),
    # the replies waiting for an analysis (schema 19), after the analyses
    Table("analysis_replies", ("game_id", "token")),
    # Activity launches (schema 19): after the games they open
    Table("activity_launches", ("instance_id",)),
)
"""Every table of the schema, each after the tables its foreign keys point at."""


@dataclass(frozen=True, slots=True)
class CopySummary:
    """What a verified copy moved: rows per table, games replayed, seconds taken."""

    rows: dict[str, int]
    games_replayed: int
    seconds: float

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())


async def copy_database(
    source: Database, destination: Database, *, batch_rows: int = BATCH_ROWS
) -> CopySummary:
    """Copy every row of ``source`` into the empty ``destination`` (both started) and verify.

    Raises :class:`CopyRefused` (nothing written) when the schema versions differ from this
    code's, a table is unknown or the destination holds rows; :class:`CopyFailed` (the
    destination rolled back) when the copy does not verify.
    """
    started = time.perf_counter()
    await _check_schema(source, "source")
    await _check_schema(destination, "destination")
    await _check_tables(source, destination)
    async with source.transaction(), destination.transaction():
        if source.dialect == "postgresql":  # one snapshot for the whole read, as on SQLite
            await source.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        occupied = {t.name: n for t in TABLES if (n := await _count(destination, t.name))}
        if occupied:
            listed = ", ".join(f"{name} ({n} rows)" for name, n in occupied.items())
            raise CopyRefused(f"the destination is not empty: {listed}; give an empty database")
        rows: dict[str, int] = {}
        for table in TABLES:
            rows[table.name] = await _copy_table(source, destination, table, batch_rows)
            log.info("copied %s: %d rows", table.name, rows[table.name])
        await _reset_sequences(destination)
        replayed = await _verify(source, destination, rows)
    summary = CopySummary(rows, replayed, time.perf_counter() - started)
    log.info(
        "copy verified: %d tables, %d rows, %d games replayed, %.1f s",
        len(rows),
        summary.total_rows,
        summary.games_replayed,
        summary.seconds,
    )
    return summary


async def _check_schema(db: Database, role: str) -> None:
    version = await db.schema_version()
    if version != SCHEMA_VERSION:
        raise CopyRefused(
            f"the {role} is at schema version {version}, this code at {SCHEMA_VERSION}: "
            "start the bot once on it to migrate it (or use the code of its version)"
        )


async def _check_tables(source: Database, destination: Database) -> None:
    """Every table of the source is one the copy knows, with the destination's columns."""
    known = {t.name for t in TABLES}
    have, want = await source.table_columns(), await destination.table_columns()
    unknown = sorted(set(have) - known)
    if unknown:
        raise CopyRefused(f"the source has tables the copy does not know: {', '.join(unknown)}")
    for table in TABLES:
        if set(have.get(table.name, ())) != set(want.get(table.name, ())):
            raise CopyRefused(
                f"table {table.name} has other columns in the source than in the destination"
            )


async def _count(db: Database, table: str) -> int:
    return int(await db.fetchval(f"SELECT count(*) FROM {table}"))  # noqa: S608 (fixed names)


async def _copy_table(source: Database, destination: Database, table: Table, batch: int) -> int:
    """Copy one table in keyset pages of ``batch`` rows (each page one ``executemany``)."""
    order = ", ".join(table.key)
    first = f"SELECT * FROM {table.name} ORDER BY {order} LIMIT {int(batch)}"  # noqa: S608
    marks = ", ".join("?" for _ in table.key)
    after = (
        f"SELECT * FROM {table.name} WHERE ({order}) > ({marks})"  # noqa: S608
        f" ORDER BY {order} LIMIT {int(batch)}"
    )
    copied = 0
    page = await source.fetchall(first)
    insert: str | None = None
    while page:
        if insert is None:
            columns = list(page[0].keys())
            insert = (
                f"INSERT INTO {table.name} ({', '.join(columns)})"  # noqa: S608
                f" VALUES ({', '.join('?' for _ in columns)})"
            )
        await destination.executemany(insert, [tuple(row) for row in page])
        copied += len(page)
        if len(page) < batch:
            break
        last = page[-1]
        page = await source.fetchall(after, [last[column] for column in table.key])
    return copied


async def _reset_sequences(destination: Database) -> None:
    """On PostgreSQL, move each identity sequence past the copied ids: rows inserted with
    their own ids leave it at 1, and the next new game would collide with game 1. (SQLite
    needs nothing: a new row takes ``max(id) + 1``.)"""
    if destination.dialect != "postgresql":
        return
    for table in TABLES:
        if table.serial is None:
            continue
        await destination.execute(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', '{table.serial}'),"
            f" (SELECT coalesce(max({table.serial}), 0) + 1 FROM {table.name}), false)"
        )


async def _verify(source: Database, destination: Database, rows: dict[str, int]) -> int:
    """Counts per table, then every game replayed on the destination; returns games replayed."""
    problems: list[str] = []
    for table in TABLES:
        have = await _count(destination, table.name)
        want = await _count(source, table.name)
        if have != want or have != rows[table.name]:
            problems.append(f"{table.name}: {want} rows in the source, {have} in the destination")
    game_ids: Sequence[Any] = [
        row[0] for row in await source.fetchall("SELECT id FROM games ORDER BY id")
    ]
    for game_id in game_ids:
        problems += await _verify_game(source, destination, int(game_id))
    if problems:
        for problem in problems:
            log.error("verification: %s", problem)
        shown = "; ".join(problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise CopyFailed(f"the copy did not verify, nothing was written: {shown}{more}")
    return len(game_ids)


async def _verify_game(source: Database, destination: Database, game_id: int) -> list[str]:
    """The game replayed on the destination by the rules, and equal to the source's."""
    original = await source.games.load_game(game_id)
    copied = await destination.games.load_game(game_id)
    if copied is None or original is None:
        return [f"game {game_id} is missing from the destination"]
    original_moves = await source.games.game_moves(game_id)
    copied_moves = await destination.games.game_moves(game_id)
    problems = [f"game {game_id}: {p}" for p in replay_game(copied, copied_moves).problems]
    if copied != original:
        problems.append(f"game {game_id} loads differently from the destination")
    if copied_moves != original_moves:
        problems.append(f"game {game_id}'s plies differ on the destination")
    return problems


# ---------------------------------------------------------------------- opening by URL


async def _create_postgres_database(url: str) -> None:
    """Create the destination's PostgreSQL database when it does not exist yet (connecting
    to the server's ``postgres`` database to do so), as a new SQLite file is created."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url)
    except asyncpg.InvalidCatalogNameError:
        parts = urlsplit(url)
        name = unquote(parts.path.lstrip("/"))
        admin = await asyncpg.connect(parts._replace(path="/postgres").geturl())
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        log.info("created the PostgreSQL database %s", name)
    else:
        await conn.close()


def _where(db: Database) -> str:
    """What names a database, to tell whether two URLs are one database."""
    return str(db.path.resolve()) if db.path is not None else db.backend.label


def _database(url: str, role: str) -> Database:
    try:
        return Database(url)
    except DatabaseUrlError as exc:
        raise CopyRefused(f"the {role}: {exc}") from exc


def _snapshot(path: Path, into: Path) -> None:
    """A consistent copy of the SQLite file ``path`` (SQLite's online backup: one read
    transaction, which in WAL mode never blocks the bot's writes), checked for damage
    (``PRAGMA quick_check`` on the copy: a truncated file is refused before anything is
    written anywhere, not half-way through the copy)."""
    with readable(path):
        source = sqlite3.connect(path)
        try:
            target = sqlite3.connect(into)
            try:
                source.backup(target)
            finally:
                target.close()
        finally:
            source.close()
        _check_intact(into, path)


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write to the SQLite file ``path`` nor leave files beside it:
    read-only, and "immutable" unless a write-ahead log is there to be read (a file in WAL
    mode opened read-only otherwise creates its ``-wal`` and ``-shm``)."""
    wal = path.with_name(path.name + "-wal").exists()
    return sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro{'' if wal else '&immutable=1'}", uri=True
    )


def _check_intact(path: Path, named: Path) -> None:
    """``PRAGMA quick_check`` of the SQLite file ``path`` (read-only), reported as a problem
    of ``named`` (the file the user gave)."""
    with readable(named):
        conn = _read_only(path)
        try:
            found = [str(row[0]) for row in conn.execute("PRAGMA quick_check(1)")]
        finally:
            conn.close()
    if found != ["ok"]:
        raise DatabaseUnreadable(
            str(named), f"it is damaged (truncated or partly overwritten); SQLite says: {found[0]}"
        )


def _sqlite_contents(path: Path) -> tuple[int, list[str]]:
    """The schema version and table names of the existing SQLite file ``path``, read through
    a read-only connection: the bot's own opening switches a file to WAL, a write the copy
    must not make before it knows the file is its to write."""
    _check_intact(path, path)
    with readable(path):
        conn = _read_only(path)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            names = [
                str(row[0])
                for row in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
                    " AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
        finally:
            conn.close()
    return version, names


def _refuse_foreign(label: str, version: int, tables: Sequence[str]) -> None:
    """Refuse a destination holding tables that are not this schema's (at schema version 0,
    every table is another application's: the bot has never been there)."""
    known = {t.name for t in TABLES}
    foreign = sorted(tables if version == 0 else set(tables) - known)
    if foreign:
        raise CopyRefused(
            f"the destination {label} holds tables of another application"
            f" ({', '.join(foreign)}): give a new database, or an empty one of this bot"
        )


async def _connect_checked(db: Database, role: str, url: str) -> None:
    """Connect ``db`` and check its schema version before anything migrates it: the source
    must be at this code's version, the destination at it or new, and hold no other
    application's tables."""
    if role == "destination" and db.path is not None and db.path.is_file():
        if db.path.stat().st_size:  # (a file of zero bytes is a new, empty database)
            version, tables = await asyncio.to_thread(_sqlite_contents, db.path)
            _refuse_foreign(db.backend.label, version, tables)
    if role == "destination" and db.dialect == "postgresql":
        await _create_postgres_database(url)
    await db.backend.start()
    version = await db.backend.schema_version()
    if role == "source" and version == 0:
        raise CopyRefused(f"the source {url} is no database of this bot (it has no schema version)")
    if role == "source" and version != SCHEMA_VERSION:
        raise CopyRefused(
            f"the source is at schema version {version}, this code at {SCHEMA_VERSION}: "
            "start the bot once on it to migrate it (or use the code of its version)"
        )
    if role == "destination" and db.dialect == "postgresql":
        _refuse_foreign(db.backend.label, version, list(await db.backend.table_columns()))
    if role == "destination" and version not in (0, SCHEMA_VERSION):
        raise CopyRefused(
            f"the destination {db.backend.label} is a schema-{version} database; give an empty one"
        )


async def copy_urls(
    source_url: str, destination_url: str, *, batch_rows: int = BATCH_ROWS
) -> CopySummary:
    """:func:`copy_database` between two database URLs (``sqlite:///path``,
    ``postgresql://...``); the destination is created and migrated if new.

    The source is read as one consistent snapshot, so the bot may go on running on it
    (writes made meanwhile are simply not in the copy): a SQLite source is first copied with
    SQLite's online backup into a temporary file (a long read inside the live file's write
    lock would hold up the bot's moves), a PostgreSQL source is read in one REPEATABLE READ
    transaction.
    """
    source = _database(source_url, "source")
    destination = _database(destination_url, "destination")
    if _where(source) == _where(destination):
        raise CopyRefused("the source and the destination are the same database")
    if source.path is not None and not source.path.is_file():
        raise CopyRefused(f"the source {source_url} does not exist")
    original = source.path
    role = "source"
    with tempfile.TemporaryDirectory(prefix="storage-copy-") as folder:
        snapshot = Path(folder) / "source.sqlite3"
        try:
            if original is not None:
                await asyncio.to_thread(_snapshot, original, snapshot)
                source = Database(snapshot)
            try:
                await _connect_checked(source, "source", source_url)
                role = "destination"
                await _connect_checked(destination, "destination", destination_url)
                await source.start()
                await destination.start()
                return await copy_database(source, destination, batch_rows=batch_rows)
            finally:
                for db in (source, destination):
                    await db.stop()
                    await db.backend.stop()
        except DatabaseUnreadable as exc:
            if original is not None and exc.path in (str(snapshot), str(original)):
                exc, role = exc.of(str(original)), "source"  # the file the user named
            raise CopyRefused(f"the {role} {exc}") from exc
