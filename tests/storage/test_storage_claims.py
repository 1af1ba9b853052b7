"""Claims (``db.claims``): shared work is taken by exactly one process, and a dead process's
claim is taken over once its lease runs out. "Processes" are separate ``Database`` objects,
each with its own connection to the same real database, on each backend."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from storage import Database
from tests.storage.conftest import DbTarget

NOW = 10_000.0


@pytest.fixture
async def other(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    """A second process's connection to the test's database (file, or PostgreSQL database)."""
    second = Database(db_target)
    await second.start()
    try:
        yield second
    finally:
        await second.stop()


async def test_two_processes_racing_for_the_same_items_win_each_exactly_once(db, other):
    processes = [db, other, db, other]  # two tasks per connection as well
    owners = ["a1", "b1", "a2", "b2"]
    for item in range(40):
        won = await asyncio.gather(
            *(
                p.claims.claim("timeout", item, o, lease=60, now=NOW)
                for p, o in zip(processes, owners, strict=True)
            )
        )
        assert won.count(True) == 1, (item, won)
        winner = owners[won.index(True)]
        assert await other.claims.holder("timeout", item, now=NOW) == winner


async def test_racing_batches_split_the_items_between_the_processes(db, other):
    items = list(range(250))  # more than one statement's chunk
    mine, theirs = await asyncio.gather(
        db.claims.claim_many("reminder", items, "a", lease=60, now=NOW),
        other.claims.claim_many("reminder", reversed(items), "b", lease=60, now=NOW),
    )
    assert mine.isdisjoint(theirs) and mine | theirs == set(items)


async def test_a_claim_is_held_until_its_lease_runs_out_then_taken_over(db, other):
    assert await db.claims.claim("computer", 7, "a", lease=120, now=NOW)
    assert not await other.claims.claim("computer", 7, "b", lease=120, now=NOW + 119.9)
    # "a" died without releasing it: at the end of its lease another process takes over
    assert await other.claims.claim("computer", 7, "b", lease=120, now=NOW + 120)
    assert await db.claims.holder("computer", 7, now=NOW + 120) == "b"
    # the old owner can neither renew nor release what is no longer its own
    assert not await db.claims.extend("computer", 7, "a", lease=120, now=NOW + 121)
    assert not await db.claims.release("computer", 7, "a")
    assert await db.claims.holder("computer", 7, now=NOW + 121) == "b"


async def test_the_owner_renews_extends_and_releases_its_claim(db, other):
    assert await db.claims.claim("timeout", 1, "a", lease=60, now=NOW)
    assert await db.claims.claim("timeout", 1, "a", lease=60, now=NOW + 30)  # its own: renewed
    assert await db.claims.extend("timeout", 1, "a", lease=60, now=NOW + 80)
    assert not await other.claims.claim("timeout", 1, "b", lease=60, now=NOW + 139)
    assert await db.claims.release("timeout", 1, "a")
    assert await db.claims.holder("timeout", 1, now=NOW + 1) is None
    assert await other.claims.claim("timeout", 1, "b", lease=60, now=NOW + 1)  # free at once


async def test_kinds_are_separate_and_release_many_frees_only_the_owners(db, other):
    assert await db.claims.claim_many("timeout", [1, 2, 3], "a", lease=60, now=NOW) == {1, 2, 3}
    assert await other.claims.claim_many("reminder", [1, 2], "b", lease=60, now=NOW) == {1, 2}
    await other.claims.release_many("timeout", [1, 2, 3], "b")  # not b's: nothing changes
    assert await other.claims.holder("timeout", 2, now=NOW) == "a"
    await db.claims.release_many("timeout", [1, 2], "a")
    assert await other.claims.claim_many("timeout", [1, 2, 3], "b", lease=60, now=NOW) == {1, 2}
    assert await db.claims.holder("reminder", 1, now=NOW) == "b"


async def test_expired_claims_are_purged(db):
    await db.claims.claim_many("timeout", [1, 2], "a", lease=10, now=NOW)
    await db.claims.claim("timeout", 3, "a", lease=100, now=NOW)
    assert await db.claims.purge_expired(now=NOW + 10) == 2
    assert await db.fetchval("SELECT count(*) FROM claims") == 1
