"""One bot process per SQLite file: the running bot holds an exclusive lock next to it.

SQLite is the embedded default for one process. Several bot processes (shards split over
processes) need PostgreSQL; a second bot started by mistake on the same file is refused at
once with a message saying so, rather than running beside the first.

The lock is ``fcntl.flock`` on ``<database>.lock`` (``data/latrunculi.sqlite3.lock``), taken
with ``LOCK_NB`` and held for the process's life. The kernel drops it when the process ends in
any way — a crash or ``kill -9`` included — so a stale lock can never keep the bot from
starting again. Only the bot's launcher takes it (``python -m bot``): everything else that
opens the file for a moment (``python -m storage copy``, an online backup with ``sqlite3
… ".backup …"``, ``python -m rendering``, the tests' helpers) works beside a running bot as
before, SQLite's own locking keeping each statement safe. The file holds the holder's pid, for
the message only: the lock itself is the truth.
"""

from __future__ import annotations

import fcntl
import logging
import os
from pathlib import Path

from .errors import StorageError

__all__ = ["DatabaseInUse", "ProcessLock", "lock_path_for"]

log = logging.getLogger(__name__)


class DatabaseInUse(StorageError):
    """Another bot process holds the database file's lock."""

    def __init__(self, path: Path, pid: str) -> None:
        holder = f"pid {pid}" if pid else "pid unknown"
        super().__init__(
            f"{path} is in use by another bot process ({holder}): only one bot process may "
            "run on a SQLite file. Stop the other one first; to run several processes (shards), "
            "use PostgreSQL (DATABASE_URL, see README: Operations)"
        )
        self.path = path
        self.pid = pid


def lock_path_for(database_path: Path) -> Path:
    """Where the lock of ``database_path`` lives: beside it, ``<name>.lock``."""
    return database_path.with_name(database_path.name + ".lock")


class ProcessLock:
    """The bot process's exclusive hold on a SQLite file: :meth:`acquire` at start-up (or
    :class:`DatabaseInUse`), :meth:`release` at shutdown (or the process's end does it)."""

    def __init__(self, database_path: Path) -> None:
        self.database_path = database_path
        self.path = lock_path_for(database_path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> ProcessLock:
        """Take the lock without waiting; raises :class:`DatabaseInUse` naming the holder."""
        if self._fd is not None:
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            os.close(fd)
            raise DatabaseInUse(self.database_path, pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self._fd = fd
        log.info("holding %s: no other bot process can start on this database", self.path)
        return self

    def release(self) -> None:
        """Let go (closing the descriptor drops the lock); the file stays, empty of meaning."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> ProcessLock:
        return self.acquire()

    def __exit__(self, *exc_info: object) -> None:
        self.release()
