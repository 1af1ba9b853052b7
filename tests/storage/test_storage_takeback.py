"""Taking plies back (``take_back``): guarded on the expected ply like a move, in one
transaction, back to the stored position, with the clock, the draw offer and the
announcement mark going back too."""

from __future__ import annotations

import asyncio

import pytest

from storage import ConcurrencyError, Database, GameOver, PlyToRecord

from .storage_helpers import ALICE, BOB, make_game


async def _three_plies(db: Database) -> int:
    game = await make_game(db, now=1000.0)
    plies = [PlyToRecord(ALICE, "a2-a3", "P1"), PlyToRecord(BOB, "a7-a6", "P2")]
    await db.games.record_moves(game.id, 0, plies, now=1100.0)
    await db.games.record_move(game.id, 2, ALICE, "b2-b3", "P3", now=1200.0)
    await db.games.set_board_message(game.id, 1, 9001, ply=3)
    await db.games.offer_draw(game.id, BOB, 3, now=1250.0)
    return game.id


async def test_taking_back_restores_the_position_and_removes_the_plies(db: Database) -> None:
    game_id = await _three_plies(db)
    game = await db.games.take_back(game_id, 3, 1, now=1300.0)
    assert (game.ply, game.current_position, game.turn_since) == (1, "P1", 1300.0)
    assert game.pending_draw_offer is None and game.is_active
    assert [m.move for m in await db.games.game_moves(game_id)] == ["a2-a3"]
    # the plies played after it are new to the catch-up
    await db.games.record_move(game_id, 1, BOB, "h7-h6", "P2b", now=1400.0)
    assert game_id in [g.id for g in await db.games.unannounced_games(1e9, 0.0)]
    back = await db.games.take_back(game_id, 2, 0, now=1500.0)
    assert (back.ply, back.current_position) == (0, "P0")
    assert await db.games.game_moves(game_id) == []


async def test_a_takeback_racing_a_move_leaves_exactly_one(db: Database) -> None:
    game_id = await _three_plies(db)
    results = await asyncio.gather(
        db.games.take_back(game_id, 3, 2, now=1300.0),
        db.games.record_move(game_id, 3, BOB, "c7-c6", "P4", now=1300.0),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and isinstance(errors[0], ConcurrencyError)
    game = await db.games.require_game(game_id)
    moves = await db.games.game_moves(game_id)
    assert game.ply == len(moves) and game.current_position == moves[-1].position_after
    # a stale takeback changes nothing
    with pytest.raises(ConcurrencyError):
        await db.games.take_back(game_id, 3 if game.ply != 3 else 4, 1, now=1400.0)
    assert await db.games.game_moves(game_id) == moves


async def test_no_takeback_in_a_finished_game(db: Database) -> None:
    game_id = await _three_plies(db)
    await db.games.finish_game(game_id, 3, "black", "resignation", now=1300.0)
    with pytest.raises(GameOver):
        await db.games.take_back(game_id, 3, 2, now=1400.0)
    assert len(await db.games.game_moves(game_id)) == 3
