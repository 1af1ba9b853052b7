"""Transactions that read, then write what they read, wait for another process's transaction
on those rows, then decide on what it committed: on SQLite the file's write lock serialises
them, on PostgreSQL ``Database.lock`` (``SELECT ... FOR UPDATE``) does. Each test holds a
transaction open in a second connection at a known point, so the overlap is certain."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from storage import Database, NoDrawOffer, NotAllowed
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, DAVE, make_game
from tests.storage.test_storage_tables import ERIN, _table


@pytest.fixture
async def other(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    second = Database(db_target)  # another process's connection
    await second.start()
    try:
        yield second
    finally:
        await second.stop()


async def _while_held(
    other: Database, hold: Callable[[], Awaitable[object]], act: Awaitable[object]
) -> object:
    """Run ``hold`` in a transaction of ``other`` and keep it open; start ``act`` meanwhile
    and check that it waits; commit; return what ``act`` ends with (or raises)."""
    entered, release = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with other.transaction():
            await hold()
            entered.set()
            await release.wait()

    held = asyncio.create_task(holder())
    await entered.wait()
    acting = asyncio.ensure_future(act)
    await asyncio.sleep(0.3)
    assert not acting.done(), "it did not wait for the other transaction"
    release.set()
    await held
    return await acting


async def test_a_join_waits_for_another_join_of_the_last_seat_and_is_refused(
    db: Database, other: Database
) -> None:
    table_id = await _table(db)
    for who in (BOB, CAROL):
        await db.challenges.join_table(table_id, who, now=1001.0)
    with pytest.raises(NotAllowed, match="the table is full"):
        await _while_held(
            other,
            lambda: other.challenges.join_table(table_id, DAVE, now=1002.0),
            db.challenges.join_table(table_id, ERIN, now=1002.0),
        )
    table = await db.challenges.get_challenge(table_id)
    assert table is not None and table.seated == (ALICE, BOB, CAROL, DAVE)


async def test_accepting_a_draw_being_withdrawn_waits_and_finds_no_offer(
    db: Database, other: Database
) -> None:
    game = await make_game(db)
    await db.games.offer_draw(game.id, ALICE, 0)
    with pytest.raises(NoDrawOffer):
        await _while_held(
            other,
            lambda: other.games.clear_draw_offer(game.id),
            db.games.accept_draw(game.id, BOB, 0),
        )
    stored = await db.games.require_game(game.id)
    assert stored.is_active and stored.draw_offer_by is None
