"""Pushing changes to open pages: a game's subscribers are woken when storage says the game
changed (:class:`storage.changes.GameChanges`: in this process on SQLite, from any process by
PostgreSQL ``LISTEN/NOTIFY``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from storage import Database

__all__ = ["Broadcaster"]

log = logging.getLogger(__name__)


class Broadcaster:
    """Each open page holds a queue of size one: a change while the page is still being sent
    the previous one coalesces (the page gets the latest state, never a backlog)."""

    def __init__(self, on_change: Callable[[int], None] | None = None) -> None:
        self._queues: dict[int, set[asyncio.Queue[int]]] = {}
        self._on_change = on_change  # told first (the snapshots forget the old state)
        self._unsubscribe: Callable[[], None] | None = None

    async def attach(self, db: Database) -> None:
        """Listen to ``db``'s game changes (PostgreSQL: open the ``LISTEN`` connection)."""
        self._unsubscribe = db.changes.subscribe(self.publish)
        await db.changes.listen()

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def publish(self, game_id: int) -> None:
        """Wake every page of ``game_id`` (called in the event loop, never blocks)."""
        if self._on_change is not None:
            self._on_change(game_id)
        for queue in self._queues.get(game_id, ()):
            if queue.empty():
                queue.put_nowait(game_id)

    @property
    def open_pages(self) -> int:
        return sum(len(q) for q in self._queues.values())

    @asynccontextmanager
    async def subscribe(self, game_id: int) -> AsyncIterator[asyncio.Queue[int]]:
        """A queue that receives ``game_id`` whenever that game changes, while open."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._queues.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            queues = self._queues.get(game_id)
            if queues is not None:
                queues.discard(queue)
                if not queues:
                    del self._queues[game_id]
