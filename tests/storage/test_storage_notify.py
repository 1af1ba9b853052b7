"""Turn notifications in storage: each player's choice (mention, DM, silent) and the claim on
their hourly "your move" DM digest — once per hour at most, only with news, and exactly one
claimer across processes."""

from __future__ import annotations

import asyncio

import pytest

from storage import NOTIFY_MODES, Database, DigestDue
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL

HOUR = 3600.0


async def test_the_choice_is_stored_and_defaults_to_mention(db: Database) -> None:
    assert NOTIFY_MODES[0] == "mention"
    assert await db.players.notify_mode(ALICE) == "mention"  # a stranger
    await db.players.upsert_player(BOB, "Bob", now=100.0)
    assert (await db.players.get_player(BOB)).notify == "mention"
    for mode in ("dm", "silent", "mention", "dm"):
        player = await db.players.set_notify(BOB, "Bob", mode, now=200.0)
        assert player.notify == mode and await db.players.notify_mode(BOB) == mode
    created = await db.players.set_notify(ALICE, "Alice", "silent", now=300.0)
    assert (created.display_name, created.notify, created.wins) == ("Alice", "silent", 0)
    with pytest.raises(ValueError, match="unknown notify mode"):
        await db.players.set_notify(ALICE, "Alice", "carrier pigeon", now=400.0)  # type: ignore[arg-type]
    assert await db.players.notify_mode(ALICE) == "silent"  # unchanged


async def test_turns_are_noted_only_for_players_who_chose_dms(db: Database) -> None:
    await db.players.set_notify(ALICE, "Alice", "dm", now=100.0)
    await db.players.set_notify(BOB, "Bob", "silent", now=100.0)
    assert await db.players.note_turn(ALICE, 1000.0)
    assert not await db.players.note_turn(BOB, 1000.0)
    assert not await db.players.note_turn(CAROL, 1000.0)  # no row
    assert await db.players.digests_due(1000.0, HOUR) == [DigestDue(ALICE, None)]


async def test_one_digest_an_hour_and_only_with_news(db: Database) -> None:
    await db.players.set_notify(ALICE, "Alice", "dm", now=100.0)
    assert await db.players.digests_due(1000.0, HOUR) == []  # nothing new
    await db.players.note_turn(ALICE, 1000.0)
    [due] = await db.players.digests_due(1000.0, HOUR)
    assert await db.players.claim_digest(due, 1000.0, HOUR)
    assert not await db.players.claim_digest(due, 1000.0, HOUR)  # taken
    assert (await db.players.get_player(ALICE)).digest_at == 1000.0
    # a new turn within the hour waits for the hour to be up
    await db.players.note_turn(ALICE, 1500.0)
    await db.players.note_turn(ALICE, 1600.0)  # folded into the same digest
    assert await db.players.digests_due(1000.0 + HOUR - 1, HOUR) == []
    [due] = await db.players.digests_due(1000.0 + HOUR, HOUR)
    assert due == DigestDue(ALICE, 1000.0)
    assert await db.players.claim_digest(due, 1000.0 + HOUR, HOUR)
    assert await db.players.digests_due(1000.0 + 3 * HOUR, HOUR) == []  # no news since


async def test_switching_away_from_dms_drops_the_waiting_digest(db: Database) -> None:
    await db.players.set_notify(ALICE, "Alice", "dm", now=100.0)
    await db.players.note_turn(ALICE, 1000.0)
    await db.players.set_notify(ALICE, "Alice", "mention", now=1100.0)
    assert await db.players.digests_due(5000.0, HOUR) == []
    await db.players.set_notify(ALICE, "Alice", "dm", now=1200.0)
    assert await db.players.digests_due(5000.0, HOUR) == []  # nothing new since


async def test_two_processes_claiming_one_digest_let_exactly_one_through(
    db_target: DbTarget,
) -> None:
    async with Database(db_target) as one, Database(db_target) as two:
        await one.players.set_notify(ALICE, "Alice", "dm", now=100.0)
        await one.players.note_turn(ALICE, 1000.0)
        [due] = await two.players.digests_due(2000.0, HOUR)
        results = await asyncio.gather(
            *(d.players.claim_digest(due, 2000.0, HOUR) for d in (one, two) * 5)
        )
    assert sorted(results) == [False] * 9 + [True]
