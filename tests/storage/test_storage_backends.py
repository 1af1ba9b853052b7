"""What every backend must do the same way: constraint errors, nested transactions, the
schema. (Runs on each backend the ``db`` fixture offers.)"""

from __future__ import annotations

import pytest

from storage import ConstraintViolation, Database


async def test_a_duplicate_key_is_one_storage_error(db: Database) -> None:
    await db.execute(
        "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)", (1, 0, 0)
    )
    with pytest.raises(ConstraintViolation) as info:
        await db.execute(
            "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)", (1, 0, 0)
        )
    assert info.value.kind == "unique"
    assert await db.fetchval("SELECT count(*) FROM players") == 1


async def test_a_missing_reference_is_one_storage_error(db: Database) -> None:
    with pytest.raises(ConstraintViolation) as info:
        await db.executemany(
            "INSERT INTO moves (game_id, ply, player_id, move, position_after, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(999, 1, 1, "a1-a2", "P", 0)],
        )
    assert info.value.kind == "foreign_key"


async def test_a_failed_savepoint_keeps_the_outer_transaction(db: Database) -> None:
    """A constraint error inside a nested transaction rolls back only that block; the outer
    one goes on and commits (PostgreSQL too, where a failed statement would otherwise spoil
    the whole transaction)."""
    insert = "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, ?, ?)"
    async with db.transaction():
        await db.execute(insert, (1, 0, 0))
        with pytest.raises(ConstraintViolation):
            async with db.transaction():
                await db.execute(insert, (2, 0, 0))
                await db.execute(insert, (1, 0, 0))
        await db.execute(insert, (3, 0, 0))
    rows = await db.fetchall("SELECT user_id FROM players ORDER BY user_id")
    assert [r["user_id"] for r in rows] == [1, 3]
    assert [r[0] for r in rows] == [1, 3]
