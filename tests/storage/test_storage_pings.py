"""Rationed pings (``db.pings``) and the batched editing of expired challenges' messages."""

from __future__ import annotations

import asyncio

from storage import Database
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD


async def test_a_ping_is_claimed_once_per_period_per_kind_scope_and_target(db: Database) -> None:
    hour = 3600.0
    assert await db.pings.claim("draw", 7, BOB, every=hour, now=1000.0)
    assert not await db.pings.claim("draw", 7, BOB, every=hour, now=1000.0 + hour - 1)
    assert await db.pings.claim("draw", 8, BOB, every=hour, now=1001.0)  # another game
    assert await db.pings.claim("draw", 7, ALICE, every=hour, now=1002.0)  # another target
    assert await db.pings.claim("challenge", 7, BOB, every=hour, now=1003.0)  # another kind
    assert await db.pings.claim("draw", 7, BOB, every=hour, now=1000.0 + hour)  # an hour on
    assert not await db.pings.claim("draw", 7, BOB, every=hour, now=1000.0 + hour + 5)


async def test_two_processes_claiming_one_ping_let_exactly_one_through(db_target: DbTarget) -> None:
    async with Database(db_target) as one, Database(db_target) as two:
        results = await asyncio.gather(
            *(d.pings.claim("draw", 1, BOB, every=3600.0, now=5000.0) for d in (one, two) * 5)
        )
    assert sorted(results) == [False] * 9 + [True]


async def test_expiry_is_one_write_and_the_messages_are_handed_out_in_batches_once(
    db: Database,
) -> None:
    for i in range(250):
        c = await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            challenged_id=BOB if i % 2 else CAROL,
            game_kind="rugen",
            expires_in=60 + i,
            now=1000.0,
        )
        if i != 7:  # one challenge never got its message
            await db.challenges.set_challenge_message(c.id, 50_000 + i)
    expired = await db.challenges.expire_challenges(now=5000.0)
    assert len(expired) == 250  # every overdue challenge at once
    assert await db.challenges.stale_message_count() == 249
    handed: list[int] = []
    while batch := await db.challenges.claim_stale_messages(100):
        assert len(batch) <= 100
        handed += [c.message_id for c in batch]  # type: ignore[misc]
    assert sorted(handed) == [50_000 + i for i in range(250) if i != 7]
    assert await db.challenges.stale_message_count() == 0


async def test_two_processes_editing_expired_messages_each_get_different_ones(
    db_target: DbTarget,
) -> None:
    """Two sweeps claiming stale messages at the same moment never get the same one (on
    PostgreSQL the UPDATE that waited re-checks the flag on the committed row)."""
    async with Database(db_target) as one, Database(db_target) as two:
        for i in range(300):
            c = await one.challenges.create_challenge(
                guild_id=GUILD,
                channel_id=CHANNEL,
                challenger_id=ALICE,
                challenged_id=BOB,
                game_kind="rugen",
                expires_in=60,
                now=1000.0,
            )
            await one.challenges.set_challenge_message(c.id, 70_000 + i)
        assert len(await one.challenges.expire_challenges(now=5000.0)) == 300
        handed: list[int] = []
        while True:
            batches = await asyncio.gather(
                *(d.challenges.claim_stale_messages(40) for d in (one, two, one, two))
            )
            if not any(batches):
                break
            handed += [c.message_id for batch in batches for c in batch]  # type: ignore[misc]
        assert len(handed) == len(set(handed)) == 300
        assert await two.challenges.stale_message_count() == 0
