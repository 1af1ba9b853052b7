"""``db.changes``: every write that changes what a game's page shows says so, at once to this
process's listeners on SQLite, and on PostgreSQL by ``NOTIFY`` to every process that listens
(another ``Database`` on the same URL stands for another process)."""

from __future__ import annotations

import asyncio

from storage import Database, PlyToRecord

from .conftest import DbTarget
from .storage_helpers import ALICE, BOB, make_game


async def next_change(queue: asyncio.Queue[int]) -> int:
    return await asyncio.wait_for(queue.get(), 30)


async def test_moves_takebacks_draw_offers_and_ends_are_told(
    db: Database, db_target: DbTarget, backend: str
) -> None:
    other = Database(db_target) if backend == "postgresql" else db
    if other is not db:
        await other.start()
    seen: asyncio.Queue[int] = asyncio.Queue()
    here: asyncio.Queue[int] = asyncio.Queue()
    try:
        other.changes.subscribe(seen.put_nowait)
        await other.changes.listen()
        db.changes.subscribe(here.put_nowait)
        await db.changes.listen()
        game = await make_game(db, now=1000.0)
        await db.games.record_moves(game.id, 0, [PlyToRecord(ALICE, "a2-a3", "P1")], now=1100.0)
        assert await next_change(seen) == game.id
        assert await next_change(here) == game.id  # the writing process hears it too
        await db.games.offer_draw(game.id, BOB, 1, now=1150.0)
        assert await next_change(seen) == game.id
        await db.games.take_back(game.id, 1, 0, now=1200.0)
        assert await next_change(seen) == game.id
        await db.games.finish_game(game.id, 0, "white", "resignation", now=1300.0)
        assert await next_change(seen) == game.id
    finally:
        if other is not db:
            await other.stop()
