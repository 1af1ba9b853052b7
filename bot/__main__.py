"""``python -m bot``: read settings, open the database, log in and run until stopped.

Exit status 2 with one line on stderr when the token is missing or Discord rejects it; exit
status 1 with one line when Discord cannot be reached (no network, DNS, firewall), when
another bot process runs on the same SQLite file (the launcher holds the file's lock for its
whole life: :mod:`storage.process_lock`), or when the database cannot be used: unreachable,
of a newer schema, or a file that is no database or a damaged one (naming the file).
"""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord
from dotenv import find_dotenv, load_dotenv

from storage import Database, DatabaseInUse, ProcessLock, StorageError

from .client import create_bot
from .settings import Settings, SettingsError

log = logging.getLogger("bot")


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
    )
    # discord.py's gateway chatter is noisy at DEBUG; keep it at INFO unless asked.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


async def run(settings: Settings) -> None:
    db = Database(settings.database)
    await db.start()
    try:
        async with create_bot(settings, db=db) as bot:
            await bot.start(settings.token)
    finally:
        await db.stop()


def main(argv: list[str] | None = None) -> int:
    load_dotenv(find_dotenv(usecwd=True))
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    log.info("starting with %r", settings)
    # One process per SQLite file; PostgreSQL is shared by many processes (no file, no lock).
    sqlite_file = Database(settings.database).path
    lock = ProcessLock(sqlite_file) if sqlite_file is not None else None
    try:
        if lock is not None:
            lock.acquire()
    except DatabaseInUse as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # e.g. a folder the bot may not write in
        assert lock is not None
        print(f"error: cannot create the database's lock file {lock.path}: {exc}", file=sys.stderr)
        return 1
    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        print(
            "error: Discord rejected DISCORD_TOKEN (improper token): copy the bot token again "
            "from the developer portal",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, OSError) as exc:
        print(
            f"error: cannot reach Discord ({exc}); check the network and try again", file=sys.stderr
        )
        return 1
    except StorageError as exc:  # the database: unreachable, newer than this code, ...
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        if lock is not None:
            lock.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
