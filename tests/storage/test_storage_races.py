"""Racing writers: exactly one wins, the others get a clear error, the game stays consistent.

Races run both between tasks sharing one ``Database`` (serialised by its lock) and between two
``Database`` objects on the same file (two SQLite connections, serialised by SQLite's own
write lock and the busy timeout) — the latter is what a second bot process would do.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import pytest

from storage import (
    ChallengeNotPending,
    ConcurrencyError,
    Database,
    GameOver,
)
from tests.storage.conftest import DbTarget
from tests.storage.storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, make_game


@pytest.fixture
async def db2(db: Database, db_target: DbTarget) -> AsyncIterator[Database]:
    """A second connection to the same file, like a second process."""
    other = Database(db_target)
    await other.start()
    try:
        yield other
    finally:
        await other.stop()


def split(results: list[Any]) -> tuple[list[Any], list[BaseException]]:
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    return wins, losses


async def race(*calls: Awaitable[Any]) -> tuple[list[Any], list[BaseException]]:
    return split(list(await asyncio.gather(*calls, return_exceptions=True)))


@pytest.mark.parametrize("connections", [1, 2])
async def test_two_moves_at_the_same_ply_leave_exactly_one(
    db: Database, db2: Database, connections: int
) -> None:
    other = db2 if connections == 2 else db
    game = await make_game(db)
    wins, losses = await race(
        db.games.record_move(game.id, 0, ALICE, "a2-a3", "PA"),
        other.games.record_move(game.id, 0, ALICE, "b2-b3", "PB"),
    )
    assert len(wins) == 1 and len(losses) == 1
    assert isinstance(losses[0], ConcurrencyError)
    assert "the game moved on: it is at ply 1 now" in str(losses[0])
    moves = await db.games.game_moves(game.id)
    assert len(moves) == 1
    stored = await db.games.require_game(game.id)
    assert stored.ply == 1 and stored.current_position == moves[0].position_after
    assert stored == wins[0]


async def test_many_racers_per_ply_over_a_whole_game(db: Database, db2: Database) -> None:
    """Ten writers on two connections race for each of 30 plies: one move per ply, always."""
    game = await make_game(db)
    players = (ALICE, BOB)
    for ply in range(30):
        calls = [
            (db if i % 2 else db2).games.record_move(
                game.id, ply, players[ply % 2], f"m{ply}-{i}", f"P{ply + 1}-{i}"
            )
            for i in range(10)
        ]
        wins, losses = await race(*calls)
        assert len(wins) == 1, losses
        assert len(losses) == 9 and all(isinstance(e, ConcurrencyError) for e in losses)
    moves = await db2.games.game_moves(game.id)
    assert [m.ply for m in moves] == list(range(1, 31))
    stored = await db.games.require_game(game.id)
    assert stored.ply == 30 and stored.current_position == moves[-1].position_after
    assert all(m.position_after == f"P{m.ply}-{m.move.split('-')[1]}" for m in moves)
    assert await db.integrity_check() == ["ok"]


@pytest.mark.parametrize("connections", [1, 2])
async def test_double_accept_creates_one_game(
    db: Database, db2: Database, connections: int
) -> None:
    other = db2 if connections == 2 else db
    created = await db.challenges.create_challenge(
        guild_id=GUILD, channel_id=CHANNEL, challenger_id=ALICE, game_kind="rugen", colour="white"
    )
    wins, losses = await race(
        db.challenges.accept_challenge(created.id, BOB, start_position="S"),
        other.challenges.accept_challenge(created.id, CAROL, start_position="S"),
        db.challenges.accept_challenge(created.id, BOB, start_position="S"),
    )
    assert len(wins) == 1 and len(losses) == 2
    assert all(isinstance(e, ChallengeNotPending) and e.status == "accepted" for e in losses)
    games = await db.games.active_games()
    assert [g.id for g in games] == [wins[0].id]
    stored = await db.challenges.get_challenge(created.id)
    assert stored is not None and stored.game_id == wins[0].id
    assert stored.accepted_by == wins[0].black_id


async def test_accept_racing_cancel_and_expiry(db: Database, db2: Database) -> None:
    for attempt in range(6):
        created = await db.challenges.create_challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            challenged_id=BOB,
            game_kind="rugen",
            expires_in=100,
            now=0.0,
        )
        first, second = (db, db2) if attempt % 2 else (db2, db)
        wins, losses = await race(
            first.challenges.accept_challenge(created.id, BOB, start_position="S", now=50.0),
            second.challenges.cancel_challenge(created.id, ALICE, now=50.0),
        )
        assert len(wins) == 1 and len(losses) == 1
        assert isinstance(losses[0], ChallengeNotPending)
        stored = await db.challenges.get_challenge(created.id)
        assert stored is not None and stored.status in ("accepted", "cancelled")
        assert (stored.status == "accepted") == (stored.game_id is not None)

    created = await db.challenges.create_challenge(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        challenged_id=BOB,
        game_kind="rugen",
        expires_in=100,
        now=0.0,
    )
    swept, accepted = await asyncio.gather(
        db2.challenges.expire_challenges(now=100.0),
        db.challenges.accept_challenge(created.id, BOB, start_position="S", now=99.0),
        return_exceptions=True,
    )
    # The accept came in time (at 99 s); whichever ran first, the other must agree with it.
    stored = await db.challenges.get_challenge(created.id)
    assert stored is not None
    if isinstance(accepted, BaseException):
        assert isinstance(accepted, ChallengeNotPending) and stored.status == "expired"
        assert [c.id for c in swept] == [created.id]  # type: ignore[union-attr]
    else:
        assert stored.status == "accepted" and swept == []


@pytest.mark.parametrize("connections", [1, 2])
async def test_resign_while_a_move_lands(db: Database, db2: Database, connections: int) -> None:
    other = db2 if connections == 2 else db
    outcomes = set()
    for attempt in range(8):
        game = await make_game(db)
        await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
        move = db.games.record_move(game.id, 1, BOB, "a7-a6", "P2")
        resign = other.games.finish_game(game.id, 1, "black", "resignation")
        calls = (move, resign) if attempt % 2 else (resign, move)
        wins, losses = await race(*calls)
        assert len(wins) == 1 and len(losses) == 1
        assert isinstance(losses[0], ConcurrencyError)
        stored = await db.games.require_game(game.id)
        moves = await db.games.game_moves(game.id)
        if stored.status == "finished":
            outcomes.add("resigned")
            assert stored.ply == 1 and len(moves) == 1 and stored.current_position == "P1"
        else:
            outcomes.add("moved")
            assert stored.ply == 2 and len(moves) == 2 and stored.current_position == "P2"
            with pytest.raises(ConcurrencyError):  # a late resign at the old ply stays refused
                await other.games.finish_game(game.id, 1, "black", "resignation")
    if connections == 1:
        # One connection serialises the two calls in the order they were started, so both
        # orders are seen. Across two connections which one SQLite lets in first is up to
        # the threads' timing: the race above checks that exactly one stands either way,
        # and the two orders are forced one after the other below.
        assert outcomes == {"resigned", "moved"}
    for first_resigns in (True, False):
        game = await make_game(db)
        await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
        if first_resigns:
            await other.games.finish_game(game.id, 1, "black", "resignation")
            with pytest.raises(ConcurrencyError):
                await db.games.record_move(game.id, 1, BOB, "a7-a6", "P2")
        else:
            await db.games.record_move(game.id, 1, BOB, "a7-a6", "P2")
            with pytest.raises(ConcurrencyError):
                await other.games.finish_game(game.id, 1, "black", "resignation")
        stored = await db.games.require_game(game.id)
        assert stored.status == ("finished" if first_resigns else "active")
        assert stored.ply == (1 if first_resigns else 2)


async def test_move_after_resignation_reports_game_over(db: Database, db2: Database) -> None:
    game = await make_game(db)
    await db2.games.finish_game(game.id, 0, "black", "resignation")
    with pytest.raises(GameOver, match="resignation"):
        await db.games.record_move(game.id, 0, ALICE, "a2-a3", "P1")
    assert await db.games.game_moves(game.id) == []
