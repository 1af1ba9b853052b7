"""Tournaments in storage (issue 36): sign-ups, withdrawals, rounds whose boards and games are
written in one transaction with the round counter's guarded bump -- so two processes (separate
``Database`` objects, each its own connection, on each backend) racing to start the same round
start it exactly once -- and boards read back with their games."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from rules.games import GameOutcome, Reason
from storage import BoardPlan, Database
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD

DAVE = 14
SEATS = {2: ("white", "black")}
STARTS = {2: "P0"}


@pytest.fixture
async def other(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    """A second process's connection to the test's database."""
    second = Database(db_target)
    await second.start()
    try:
        yield second
    finally:
        await second.stop()


async def _open(db: Database, *players: int) -> int:
    t = await db.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=ALICE,
        game="rugen",
        format="swiss",
        rounds=3,
        pace_hours=72,
        now=1000.0,
    )
    for p in players:
        assert await db.tournaments.join(t.id, p, now=1001.0)
    return t.id


async def test_sign_ups_are_seeded_in_join_order_and_leaving_closes_the_gap(db: Database) -> None:
    tid = await _open(db, ALICE, BOB, CAROL)
    assert not await db.tournaments.join(tid, BOB)  # in already
    assert not await db.tournaments.join(tid, DAVE, most=3)  # full
    assert await db.tournaments.leave(tid, BOB)
    assert await db.tournaments.join(tid, DAVE)
    t = await db.tournaments.require(tid)
    assert [(e.player_id, e.seed) for e in t.entrants] == [(ALICE, 1), (CAROL, 2), (DAVE, 3)]
    assert (t.status, t.round, t.pace_hours, t.format) == ("open", 0, 72, "swiss")
    assert not await db.tournaments.withdraw(tid, CAROL)  # only once it runs


async def test_a_round_writes_its_games_and_byes_and_reads_back_results(db: Database) -> None:
    tid = await _open(db, ALICE, BOB, CAROL)
    plans = [BoardPlan((ALICE, BOB)), BoardPlan((CAROL,), (1.0,))]
    games = await db.tournaments.start_round(
        tid, 0, plans, seat_names=SEATS, start_positions=STARTS, now=2000.0
    )
    assert games is not None and len(games) == 1
    [game] = games
    assert game.seats[0].player_id == ALICE and game.pace_hours == 72 and game.rated
    assert not game.start_announced  # the bot posts its first board
    assert await db.tournaments.of_game(game.id) == tid
    await db.games.finish_game(game.id, 0, GameOutcome("black", Reason.RESIGNATION), now=2100.0)
    b1, b2 = await db.tournaments.boards(tid)
    assert (b1.round, b1.board, b1.players, b1.fixed) == (1, 1, (ALICE, BOB), (None, None))
    assert b1.game is not None and b1.game.winner == "black"
    assert (b2.players, b2.fixed, b2.game) == ((CAROL,), (1.0,), None)
    t = await db.tournaments.require(tid)
    assert (t.status, t.round, t.round_started_at) == ("running", 1, 2000.0)
    assert not await db.tournaments.join(tid, DAVE)  # closed once it runs
    assert await db.tournaments.withdraw(tid, CAROL)
    assert not await db.tournaments.withdraw(tid, CAROL)
    t = await db.tournaments.require(tid)
    assert [e.player_id for e in t.active_entrants] == [ALICE, BOB]
    assert t.entrant(CAROL) is not None and t.entrant(CAROL).withdrawn_round == 1
    assert not await db.tournaments.finish(tid, 2)  # not at round 2
    assert await db.tournaments.finish(tid, 1, now=3000.0)
    assert not await db.tournaments.finish(tid, 1)
    assert (await db.tournaments.require(tid)).status == "finished"


async def test_two_processes_never_start_a_round_twice(db: Database, other: Database) -> None:
    """Each process read the tournament at round 0 and starts round 1 at the same moment:
    exactly one round 1, one set of games; the loser gets ``None`` and wrote nothing."""
    for attempt in range(5):
        tid = await _open(db, ALICE, BOB, CAROL, DAVE)
        plans = [BoardPlan((ALICE, CAROL)), BoardPlan((BOB, DAVE))]
        results = await asyncio.gather(
            *(
                p.tournaments.start_round(
                    tid, 0, plans, seat_names=SEATS, start_positions=STARTS, now=2000.0
                )
                for p in (db, other, db, other)
            )
        )
        started = [r for r in results if r is not None]
        assert len(started) == 1, (attempt, results)
        boards = await db.tournaments.boards(tid)
        assert [(b.round, b.board) for b in boards] == [(1, 1), (1, 2)]
        ids = {b.game.id for b in boards if b.game is not None}
        assert ids == {g.id for g in started[0]}
        in_games = await db.fetchval(
            "SELECT count(*) FROM game_seats WHERE player_id = ? AND game_id IN"
            " (SELECT game_id FROM tournament_boards WHERE tournament_id = ?)",
            (ALICE, tid),
        )
        assert in_games == 1
        assert (await db.tournaments.require(tid)).round == 1
        # round 2 from a stale read of round 0 is refused too
        again = await other.tournaments.start_round(
            tid, 0, plans, seat_names=SEATS, start_positions=STARTS, now=2001.0
        )
        assert again is None


async def test_cancel_and_the_sweeps_lists(db: Database) -> None:
    tid = await _open(db, ALICE, BOB)
    later = await db.tournaments.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser_id=BOB,
        game="chess",
        format="round-robin",
        starts_at=5000.0,
        now=1000.0,
    )
    assert await db.tournaments.due_to_start(4999.0) == []
    assert await db.tournaments.due_to_start(5000.0) == [later.id]
    await db.tournaments.start_round(
        tid, 0, [BoardPlan((ALICE, BOB))], seat_names=SEATS, start_positions=STARTS
    )
    assert await db.tournaments.running() == [tid]
    assert await db.tournaments.cancel(tid)
    assert not await db.tournaments.cancel(tid)
    assert await db.tournaments.running() == []
