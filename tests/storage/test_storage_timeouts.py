"""Move timeouts and reminders (when a turn started, which turns are due, claiming a reminder
once across processes) and the one-live-rematch-per-game rule, on real SQLite files."""

from __future__ import annotations

import asyncio

import pytest

from storage import ChallengeRecord, Database, RematchExists
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_game


async def test_turn_starts_at_creation_and_at_each_move_not_at_a_draw_offer(db: Database) -> None:
    game = await make_game(db, now=1000.0)
    assert game.turn_since == 1000.0 and game.reminded_ply is None
    await db.games.offer_draw(game.id, ALICE, 0, now=1500.0)
    assert (await db.games.require_game(game.id)).turn_since == 1000.0
    game = await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1", now=2000.0)
    assert game.turn_since == 2000.0


async def test_due_turns_are_active_games_oldest_first(db: Database) -> None:
    old = await make_game(db, now=1000.0)
    newer = await make_game(db, ALICE, CAROL, now=2000.0)
    moved = await make_game(db, BOB, CAROL, now=1000.0)
    await db.games.record_move(moved.id, 0, BOB, "a2-a3", "P1", now=3000.0)
    done = await make_game(db, CAROL, ALICE, now=500.0)
    await db.games.finish_game(done.id, 0, "white", "resignation", now=600.0)
    due = await db.games.turns_started_before(2000.0)
    assert [g.id for g in due] == [old.id, newer.id]
    assert [g.id for g in await db.games.turns_started_before(1999.0)] == [old.id]
    assert await db.games.turns_started_before(999.0) == []


async def test_a_reminder_is_claimed_once_per_turn(db: Database, db_target: DbTarget) -> None:
    game = await make_game(db, now=1000.0)
    assert [g.id for g in await db.games.reminders_due(1500.0, 0.0)] == [game.id]
    assert await db.games.reminders_due(1500.0, 1000.0) == []  # window excludes its start
    other = Database(db_target)  # a second process
    await other.start()
    try:
        claims = await asyncio.gather(
            db.games.mark_reminded(game.id, 0), other.games.mark_reminded(game.id, 0)
        )
    finally:
        await other.stop()
    assert sorted(claims) == [False, True]
    assert await db.games.reminders_due(1500.0, 0.0) == []
    assert not await db.games.mark_reminded(game.id, 1)  # not at that ply: nothing claimed
    game = await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1", now=2000.0)
    assert game.reminded_ply == 0
    assert [g.id for g in await db.games.reminders_due(2500.0, 0.0)] == [game.id]
    assert await db.games.mark_reminded(game.id, 1)
    await db.games.finish_game(game.id, 1, "white", "timeout", now=3000.0)
    assert await db.games.reminders_due(9999.0, 0.0) == []
    assert not await db.games.mark_reminded(game.id, 1)


async def _rematch(db: Database, game_id: int, challenger: int) -> ChallengeRecord:
    return await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=challenger,
        challenged_id=BOB if challenger == ALICE else ALICE,
        game_kind="rugen",
        rematch_of=game_id,
        now=1000.0,
    )


async def test_one_live_rematch_per_game_across_two_connections(
    db: Database, db_target: DbTarget
) -> None:
    game = await make_game(db)
    await db.games.finish_game(game.id, 0, "black", "resignation", now=1000.0)
    other = Database(db_target)
    await other.start()
    try:
        results = await asyncio.gather(
            _rematch(db, game.id, ALICE), _rematch(other, game.id, BOB), return_exceptions=True
        )
    finally:
        await other.stop()
    [made] = [r for r in results if not isinstance(r, BaseException)]
    [error] = [r for r in results if isinstance(r, BaseException)]
    assert isinstance(error, RematchExists), error
    assert error.game_id == game.id and error.challenge_id == made.id
    assert "already offered" in str(error)
    assert made.rematch_of == game.id
    assert (await db.challenges.get_challenge(made.id)).rematch_of == game.id  # type: ignore[union-attr]
    # declined: a new offer is allowed; accepted: never again
    await db.challenges.decline_challenge(made.id, made.challenged_id or 0, now=1001.0)
    again = await _rematch(db, game.id, BOB)
    await db.challenges.accept_challenge(again.id, ALICE, start_position="P0", now=1002.0)
    with pytest.raises(RematchExists) as info:
        await _rematch(db, game.id, ALICE)
    assert info.value.challenge_id == again.id
    # plain challenges between the same players are not limited
    await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="rugen",
    )


async def test_each_game_is_due_at_its_own_pace(db: Database) -> None:
    """Issue 36: a game's ``pace_hours`` sets its deadline and its reminder (a quarter of the
    pace, at most 24 hours before); the others follow the default, none when it is off."""
    hour = 3600.0
    default = await make_game(db, now=0.0)  # at the default pace, here 2 hours
    quick = await db.games.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_kind="rugen", white_id=ALICE, black_id=CAROL,
        start_position="P0", pace_hours=1, now=0.0,
    )  # fmt: skip
    slow = await db.games.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_kind="rugen", white_id=BOB, black_id=CAROL,
        start_position="P0", pace_hours=72, now=0.0,
    )  # fmt: skip
    assert (quick.pace_hours, slow.pace_hours, default.pace_hours) == (1, 72, None)

    async def due(at: float, default_timeout: float | None, **kw: bool) -> list[int]:
        return [g.id for g in await db.games.paced_turns_due(at * hour, default_timeout, **kw)]

    assert await due(0.74, 2 * hour, reminders=True) == []
    assert await due(0.75, 2 * hour, reminders=True) == [quick.id]  # a quarter hour left
    assert await due(1.5, 2 * hour, reminders=True) == [default.id]  # the quick one is late
    assert await due(1.0, 2 * hour) == [quick.id]
    assert await due(2.0, 2 * hour) == [default.id, quick.id]
    assert await due(2.0, None) == [quick.id]  # MOVE_TIMEOUT_HOURS=0: only chosen paces
    assert await due(54.0 - 0.01, None, reminders=True) == []
    assert await due(54.0, None, reminders=True) == [slow.id]  # 18 hours before its 72
    assert await db.games.mark_reminded(slow.id, 0)
    assert await due(60.0, None, reminders=True) == []
    assert await due(72.0 - 0.01, None) == [quick.id]
    assert await due(72.0, None) == [quick.id, slow.id]
    await db.claims.claim("timeout", slow.id, "someone", lease=60, now=72.0 * hour)
    left = await db.games.paced_turns_due(72.0 * hour, None, unclaimed="timeout")
    assert [g.id for g in left] == [quick.id]
