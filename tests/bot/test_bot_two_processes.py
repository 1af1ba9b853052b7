"""Two bot processes on one database file never post a lost board twice: the catch-up claims
the game in storage (a lease) before posting. A process that claimed and died leaves the board
to the other once its lease has run out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot import GameBot, create_bot
from bot.services.catchup import CLAIM_SECONDS, MARK, SETTLE_SECONDS, catch_up
from storage import Database

from .conftest import make_settings
from .helpers import challenge_and_accept, rules_game

MIN = 60


@pytest_asyncio.fixture
async def second(arena, db_path) -> AsyncIterator[GameBot]:
    """A second bot process: its own bot object, game service, per-game locks and connection
    to the same database file, talking to the same (simulated) Discord as the first."""
    bot = create_bot(make_settings(db_path), db=Database(db_path), clock=arena.bot.clock)
    await bot.db.start()
    bot.get_partial_messageable = arena.bot.get_partial_messageable  # type: ignore[method-assign]
    yield bot
    await bot.db.stop()


def catch_ups(where: Any) -> list[Any]:
    return [m for m in where.history() if MARK in m.content and m.attachments]


async def lose_a_board(arena: Any, game_id: int, who: Any, move: str) -> None:
    """``move`` is stored but its board never posted (the process died in between)."""
    svc = arena.bot.games
    await svc.commit(await svc.prepare(game_id, who.id, move))


async def test_two_processes_catching_up_at_once_post_each_lost_board_once(arena, second):
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    arena.bot.get_cog("Sweep").loop.cancel()  # the two sweeps run by hand, at the same time
    for round_ in range(1, 9):
        mover = arena.alice if round_ % 2 else arena.bob
        move = str((await rules_game(arena, game.id)).legal_moves()[0])
        await lose_a_board(arena, game.id, mover, move)
        await arena.env.advance_time(SETTLE_SECONDS + 1)
        posted = await asyncio.gather(catch_up(arena.bot), catch_up(second))
        assert sorted(posted) == [0, 1], (round_, posted)
        assert len(catch_ups(where)) == round_, round_
        assert f"`{move}` —" in catch_ups(where)[-1].content
    stored = await arena.db.games.load_game(game.id)
    assert (stored.ply, stored.announced_ply, stored.announce_claimed_until) == (8, 8, None)


async def test_a_claim_whose_process_died_expires_and_the_board_is_posted(arena, second):
    game, where = await challenge_and_accept(arena, "rugen")
    await lose_a_board(arena, game.id, arena.alice, "a2-a3")
    arena.bot.get_cog("Sweep").loop.cancel()
    await arena.env.advance_time(SETTLE_SECONDS + 1)
    # the second process claims it and dies before posting
    claimed = await second.db.games.claim_announcement(
        game.id, now=second.now(), lease=CLAIM_SECONDS
    )
    assert claimed is not None
    assert await catch_up(arena.bot) == 0  # the claim holds
    await arena.env.advance_time(CLAIM_SECONDS - MIN)
    assert await catch_up(arena.bot) == 0 and catch_ups(where) == []
    await arena.env.advance_time(MIN)  # the lease has run out
    assert await catch_up(arena.bot) == 1
    [caught] = catch_ups(where)
    assert f"<@{arena.bob.id}>, your move (Black)" in caught.content
    assert await catch_up(second) == 0 and len(catch_ups(where)) == 1


@pytest.mark.simcord(check_errors=False)
async def test_a_failed_catch_up_post_is_retried_by_either_process(arena, second):
    game, where = await challenge_and_accept(arena, "rugen")
    await lose_a_board(arena, game.id, arena.alice, "a2-a3")
    arena.bot.get_cog("Sweep").loop.cancel()
    await arena.env.advance_time(SETTLE_SECONDS + 1)
    arena.env.inject_error("POST", f"/channels/{where.id}/messages", status=500)
    assert await catch_up(arena.bot) == 0  # Discord refused: the claim is given back
    assert await catch_up(second) == 1  # so the next sweep, in any process, posts it
    assert len(catch_ups(where)) == 1


async def test_a_move_read_before_another_process_moved_loses_the_race_cleanly(arena, second):
    """The bot reads a game, then its plies to replay it: two reads. A move stored by another
    process in between belongs to a later state of the game; the move being prepared here
    still sees the game it read, and is refused by the guarded write as the game moved on
    (it was once refused with "looks inconsistent; an admin has to look at it")."""
    game, where = await challenge_and_accept(arena, "rugen")  # Alice White, Bob Black
    await arena.alice.slash(where, "move", move="a2-a3")
    arena.bot.games.forget(game.id)  # (not replayed yet in this process)
    read = await arena.db.games.load_game(game.id)  # this process read the game at ply 1...
    other = second.games  # ...the other process then plays Bob's h7-h6
    await other.commit(await other.prepare(game.id, arena.bob.id, "h7-h6"))
    session = await arena.bot.games.session(read)  # the replay of what this process read
    assert session.ply == 1 and session.position_text() == read.current_position
    r = await arena.bob.slash(where, "move", move="g7-g6")  # his turn is over
    assert "not your turn" in r.response.content
