"""``python -m storage copy``: a whole database into an empty one -- SQLite to SQLite, SQLite
to PostgreSQL and back, on real servers -- ids kept, verified by replaying every game on the
destination; refused (nothing written) when it must not run."""

from __future__ import annotations

import itertools
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from storage import SCHEMA_VERSION, Database
from storage.backends.urls import parse_sqlite_url
from storage.copy import TABLES, CopyFailed, CopyRefused, copy_urls
from tests.pg_server import PostgresForTests

from .copy_helpers import fill
from .storage_helpers import ALICE, CAROL, GUILD

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]
_names = itertools.count(1)

Place = Callable[[str, bool], str]
"""``place(backend, exists)``: the URL of a new database of that backend, created and migrated
(``exists``) or not there at all (the copy creates it)."""


def url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture
def place(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Place]:
    made: list[str] = []
    server: list[PostgresForTests] = []

    def make(backend: str, exists: bool) -> str:
        if backend == "sqlite":
            path = tmp_path / f"db{next(_names)}" / "copy.sqlite3"
            if exists:
                path.parent.mkdir()
                sqlite3.connect(path).close()
            return url(path)
        if not server:
            server.append(request.getfixturevalue("postgres"))
        if exists:
            name, made_url = server[0].new_database()
        else:
            name = f"copy_{os.getpid()}_{next(_names)}"
            server[0].drop_database(name)
            made_url = urlsplit(server[0].admin_url)._replace(path=f"/{name}").geturl()
        made.append(name)
        return made_url

    yield make
    for name in made:
        server[0].drop_database(name)


async def filled(where: str) -> str:
    async with Database(where) as db:
        await fill(db)
    return where


@pytest.fixture
async def source(place: Place) -> str:
    return await filled(place("sqlite", False))


async def everything(where: str) -> dict[str, list[dict[str, object]]]:
    """Every row of every table, by column name, in key order."""
    async with Database(where) as db:
        return {
            t.name: [
                {k: r[k] for k in r.keys()}
                for r in await db.fetchall(f"SELECT * FROM {t.name} ORDER BY {', '.join(t.key)}")
            ]
            for t in TABLES
        }


@pytest.mark.parametrize(
    ("from_", "to"),
    [("sqlite", "sqlite"), ("sqlite", "postgresql"), ("postgresql", "sqlite")],
)
async def test_every_row_of_every_table_is_copied_with_its_ids_and_every_game_replays(
    place: Place, from_: str, to: str
) -> None:
    source = await filled(place(from_, True))
    destination = place(to, False)  # a new file, a database not created yet
    summary = await copy_urls(source, destination, batch_rows=7)
    assert set(summary.rows) == {t.name for t in TABLES}
    assert all(summary.rows.values()), summary.rows  # the source fills every table
    assert summary.games_replayed == summary.rows["games"] == 9  # a tournament game among them
    assert await everything(destination) == await everything(source)

    async with Database(source) as db:
        board = await db.players.leaderboard(GUILD)
        chess = await db.ratings.leaderboard(GUILD, "chess")
    assert board and chess
    async with Database(destination) as db:
        assert await db.schema_version() == SCHEMA_VERSION
        assert await db.players.leaderboard(GUILD) == board
        assert await db.ratings.leaderboard(GUILD, "chess") == chess
        active = await db.games.active_games(user_id=CAROL)
        [draughts] = [g for g in active if g.game_kind == "draughts"]
        assert draughts.draw_offer_by == ALICE
        # the copy is a database the bot goes on with: new rows get the next free ids
        fresh = await db.games.create_game(
            guild_id=GUILD,
            channel_id=1,
            game_kind="rugen",
            white_id=ALICE,
            black_id=CAROL,
            start_position="P0",
        )
        assert fresh.id == summary.rows["games"] + 1
        challenge = await db.challenges.create_challenge(
            guild_id=GUILD, channel_id=1, challenger_id=ALICE, game_kind="rugen"
        )
        assert challenge.id == summary.rows["challenges"] + 1


@pytest.mark.parametrize("to", ["sqlite", "postgresql"])
async def test_a_destination_with_rows_is_refused_and_left_as_it_was(
    source: str, place: Place, to: str
) -> None:
    destination = place(to, True)
    async with Database(destination) as db:
        await db.players.upsert_player(ALICE, "Alice")
    before = await everything(destination)
    with pytest.raises(CopyRefused, match=r"the destination is not empty: players \(1 rows\)"):
        await copy_urls(source, destination)
    assert await everything(destination) == before


@pytest.mark.parametrize("to", ["sqlite", "postgresql"])
async def test_a_tampered_ply_fails_verification_and_the_destination_stays_empty(
    source: str, place: Place, to: str
) -> None:
    async with Database(source) as db:
        game_id = await db.fetchval("SELECT min(game_id) FROM moves WHERE ply = 3")
        await db.execute(
            "UPDATE moves SET move = (SELECT move FROM moves WHERE game_id = ? AND ply = 1)"
            " WHERE game_id = ? AND ply = 3",
            (game_id, game_id),
        )
    destination = place(to, False)
    with pytest.raises(CopyFailed, match=rf"game {game_id}: ply 3 .* is illegal"):
        await copy_urls(source, destination)
    assert not any((await everything(destination)).values())


async def test_a_source_of_an_older_schema_is_refused_and_not_migrated(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURES / f"schema-v{SCHEMA_VERSION - 1}.db", old)
    with pytest.raises(CopyRefused, match="start the bot once on it to migrate it"):
        await copy_urls(url(old), url(tmp_path / "copy.sqlite3"))
    with pytest.raises(CopyRefused, match="does not exist"):
        await copy_urls(url(tmp_path / "missing.sqlite3"), url(tmp_path / "copy.sqlite3"))
    with sqlite3.connect(old) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1
    assert not (tmp_path / "copy.sqlite3").exists()


def test_the_command_line_copies_and_prints_its_summary(source: str, place: Place) -> None:
    destination = place("postgresql", False)
    done = subprocess.run(
        [sys.executable, "-m", "storage", "copy", source, destination],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert f"copy verified: {len(TABLES)} tables" in done.stderr
    assert "9 games replayed" in done.stderr
    again = subprocess.run(
        [sys.executable, "-m", "storage", "copy", source, destination],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert again.returncode == 1
    assert "copy failed: the destination is not empty" in again.stderr


async def test_a_bot_writing_on_the_sqlite_source_meanwhile_is_not_held_up(
    source: str, place: Place
) -> None:
    """The copy reads a snapshot: a bot process in the middle of a write on the source keeps
    its write lock (the copy neither waits for it nor blocks it), and what it had not
    committed is not in the copy."""
    destination = place("sqlite", False)
    async with Database(source) as bot:
        async with bot.transaction():  # the bot's write, under way during the whole copy
            await bot.players.upsert_player(777, "Mid-move")
            summary = await copy_urls(source, destination)
        assert await bot.players.get_player(777) is not None
    async with Database(destination) as db:
        assert await db.players.get_player(777) is None
        assert await db.fetchval("SELECT count(*) FROM players") == summary.rows["players"]


# ---------------------------------------------------------------- destinations not to touch

NOTES = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"
"""Another application's table: what a database the copy must not write into holds."""


def files_of(path: Path) -> dict[str, bytes]:
    """A SQLite file and its companions (``-wal``, ``-shm``), byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.glob(path.name + "*"))}


async def other_application(backend: str, tmp_path: Path, place: Place) -> str:
    """The URL of another application's database -- a SQLite file, or a PostgreSQL database
    the bot never migrated -- holding its own table and rows."""
    if backend == "sqlite":
        path = tmp_path / "other-app" / "app.sqlite3"
        path.parent.mkdir()
        with sqlite3.connect(path) as conn:
            conn.execute(NOTES)
            conn.execute("INSERT INTO notes (body) VALUES ('keep me'), ('and me')")
        conn.close()
        return url(path)
    import asyncpg

    made_url = place("postgresql", False)  # not there yet: created here, not by the bot
    parts = urlsplit(made_url)
    admin = await asyncpg.connect(parts._replace(path="/postgres").geturl())
    try:
        await admin.execute(f'CREATE DATABASE "{parts.path.lstrip("/")}"')
    finally:
        await admin.close()
    conn = await asyncpg.connect(made_url)
    try:
        await conn.execute(NOTES.replace("INTEGER PRIMARY KEY", "SERIAL PRIMARY KEY"))
        await conn.execute("INSERT INTO notes (body) VALUES ('keep me'), ('and me')")
    finally:
        await conn.close()
    return made_url


async def tables_of(where: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table of a database that is not the bot's, with its rows (read without the bot's
    ``Database``, which would migrate it)."""
    if where.startswith("sqlite:"):
        uri = f"{parse_sqlite_url(where).resolve().as_uri()}?mode=ro&immutable=1"
        with sqlite3.connect(uri, uri=True) as conn:
            names = [
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ]
            found = {n: conn.execute(f"SELECT * FROM {n}").fetchall() for n in names}
        conn.close()
        return found
    import asyncpg

    pg = await asyncpg.connect(where)
    try:
        names = [
            r[0]
            for r in await pg.fetch(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            )
        ]
        return {
            n: [tuple(r) for r in await pg.fetch(f"SELECT * FROM {n} ORDER BY 1")] for n in names
        }
    finally:
        await pg.close()


@pytest.mark.parametrize("to", ["sqlite", "postgresql"])
async def test_a_destination_holding_another_applications_tables_is_refused_untouched(
    source: str, place: Place, tmp_path: Path, to: str
) -> None:
    """Finding 4 of "What a playthrough and a hostile probe found": the copy took a file with
    no schema version for "new" and wrote the bot's tables into another application's data."""
    destination = await other_application(to, tmp_path, place)
    before = await tables_of(destination)
    files = files_of(parse_sqlite_url(destination)) if to == "sqlite" else {}
    with pytest.raises(CopyRefused, match=r"holds tables of another application \(notes\)"):
        await copy_urls(source, destination)
    assert await tables_of(destination) == before == {"notes": [(1, "keep me"), (2, "and me")]}
    if to == "sqlite":  # not even switched to WAL: not one byte written, nothing beside it
        assert files_of(parse_sqlite_url(destination)) == files


@pytest.mark.parametrize("to", ["sqlite", "postgresql"])
async def test_a_bot_database_with_another_applications_table_is_refused_too(
    source: str, place: Place, to: str
) -> None:
    """The bot's own (empty) schema is a fine destination, but not when something else keeps
    its tables there as well: the copy writes into the bot's tables only, never beside others'."""
    destination = place(to, True)
    async with Database(destination) as db:  # migrated, empty, plus a table of its own
        await db.execute(NOTES)
        await db.execute("INSERT INTO notes (id, body) VALUES (1, 'keep me')")
    with pytest.raises(CopyRefused, match=r"holds tables of another application \(notes\)"):
        await copy_urls(source, destination)
    async with Database(destination) as db:
        assert await db.fetchval("SELECT count(*) FROM players") == 0
        assert await db.fetchval("SELECT count(*) FROM notes") == 1


def copy_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", "copy", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


async def test_the_command_line_refuses_another_applications_file_in_one_line(
    source: str, place: Place, tmp_path: Path
) -> None:
    destination = await other_application("sqlite", tmp_path, place)
    path = parse_sqlite_url(destination)
    files = files_of(path)
    done = copy_command(source, destination)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "copy failed: the destination" in line and str(path) in line
    assert "holds tables of another application (notes)" in line
    assert files_of(path) == files


# ---------------------------------------------------------------- files that are no database


def damaged(tmp_path: Path, kind: str) -> Path:
    """A file where a database should be: overwritten by text, or a real bot database cut
    short (a copy that stopped half-way, a full disk)."""
    path = tmp_path / "broken" / f"{kind}.sqlite3"
    path.parent.mkdir(exist_ok=True)
    if kind == "overwritten":
        path.write_text("DISCORD_TOKEN=...\nthis was a .env file, saved over the database\n")
    else:
        whole = FIXTURES / f"schema-v{SCHEMA_VERSION - 1}.db"
        data = whole.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    return path


@pytest.mark.sqlite_only
@pytest.mark.parametrize("kind", ["overwritten", "truncated"])
@pytest.mark.parametrize("role", ["source", "destination"])
async def test_a_file_that_is_no_database_is_one_line_and_exit_1(
    source: str, tmp_path: Path, kind: str, role: str
) -> None:
    """Finding 7: a 37-line traceback for a truncated or overwritten file. Now one line that
    names the file and says what is wrong with it, and the file is left as it was."""
    bad = damaged(tmp_path, kind)
    before = files_of(bad)
    args = (url(bad), url(tmp_path / "copy.sqlite3")) if role == "source" else (source, url(bad))
    done = copy_command(*args)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert f"copy failed: the {role}" in line and str(bad) in line, line
    what = "is not a SQLite database" if kind == "overwritten" else "is damaged"
    assert what in line, line
    assert files_of(bad) == before
    assert not (tmp_path / "copy.sqlite3").exists()
