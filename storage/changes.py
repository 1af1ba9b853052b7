"""``db.changes``: who wants to know that a game changed (a move, a takeback, an end).

The live board (``web/``) pushes a game's new state to its open pages the moment it changes,
whoever changed it: ``/move``, a button, the computer, a timeout, another browser, another
process. The repositories call :meth:`GameChanges.changed` after every write that changes
what a game's page shows. On SQLite (one process) the listeners of this process are told at
once; on PostgreSQL the change is a ``NOTIFY`` on :data:`CHANNEL`, which PostgreSQL delivers
to every process that ``LISTEN``\\ s -- this one included -- when the write commits. No
polling either way.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .database import Database

__all__ = ["CHANNEL", "GameChanges", "Listener"]

log = logging.getLogger(__name__)

CHANNEL = "latrunculi_games"
"""PostgreSQL's notification channel; the payload is the game's id."""

Listener = Callable[[int], None]
"""Called with a changed game's id, in the event loop: must not block (queue the work)."""


class GameChanges:
    """The listeners of this process, and PostgreSQL's ``LISTEN`` connection once one
    subscribes."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._listeners: list[Listener] = []
        self._connection: Any = None  # asyncpg.Connection while listening

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` for every changed game from now on; returns its unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _tell(self, game_id: int) -> None:
        for listener in list(self._listeners):
            try:
                listener(game_id)
            except Exception:  # one broken listener must not stop a move
                log.exception("a game change listener failed for game %d", game_id)

    async def changed(self, game_id: int) -> None:
        """Say that ``game_id`` changed (called after its write)."""
        if self._db.dialect == "postgresql":
            await self._db.execute("SELECT pg_notify(?, ?)", (CHANNEL, str(game_id)))
        else:
            self._tell(game_id)

    async def listen(self) -> None:
        """On PostgreSQL, open the connection that receives every process's changes (idempotent;
        nothing to do on SQLite, whose changes are all this process's own)."""
        if self._db.dialect != "postgresql" or self._connection is not None:
            return
        import asyncpg

        url: str = getattr(self._db.backend, "url")  # noqa: B009 - PostgresBackend's URL
        self._connection = await asyncpg.connect(url)

        def received(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            if payload.isdigit():
                self._tell(int(payload))

        await self._connection.add_listener(CHANNEL, received)
        log.info("listening for game changes on PostgreSQL channel %s", CHANNEL)

    async def close(self) -> None:
        """Close the ``LISTEN`` connection, if one is open."""
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.close()
