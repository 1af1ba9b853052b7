"""An analysis interrupted by a restart, or held by another process (issue 33): the reply of
whoever asked is edited again by the process that finishes the analysis (its interaction's
token and message are stored with the analysis), and of several processes on one database
only one works on an analysis, a dead one's taken over once its claim ran out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot import create_bot
from bot.services.analysis import ANALYSIS, ANALYSIS_LEASE
from storage import Database

from .conftest import SharedAnalyst, make_settings
from .helpers import challenge_and_accept, last_board

MOVES = [("alice", "e4"), ("bob", "e5"), ("alice", "Nf3"), ("bob", "Qh4"), ("alice", "Nxh4")]
MIN = 60


class CountingAnalyst(SharedAnalyst):
    """The real analysis worker; counts the batches, and from batch ``stop`` on never answers
    (as a process killed while thinking: the restart cancels the wait)."""

    def __init__(self, worker: Any, env: Any = None, stop: int | None = None) -> None:
        super().__init__(worker)
        self.env = env
        self.calls: list[int] = []
        self.stop = stop
        self.stuck = asyncio.Event()

    async def score(
        self, position: str, moves: Sequence[str], first: int, count: int, depth: int | None
    ) -> list[dict[str, Any]]:
        self.calls.append(first)
        if self.stop is not None and len(self.calls) >= self.stop:
            self.stuck.set()
            await self.env.external_wait(asyncio.Event().wait(), reason="a dying process")
        return await super().score(position, moves, first, count, depth)


async def _finished_game(arena) -> tuple[Any, Any]:
    game, where = await challenge_and_accept(arena, "chess")
    for who, move in MOVES:
        await getattr(arena, who).slash(where, "move", move=move)
    await arena.bob.slash(where, "resign")
    return game, where


def _reply(where, member, message_id: int) -> Any:
    [reply] = [m for m in where.history(viewer=member) if m.id == message_id]
    return reply


async def test_the_reply_is_edited_again_by_the_restarted_bot(
    arena, bot_factory, analysis_worker
) -> None:
    game, where = await _finished_game(arena)
    dying = CountingAnalyst(analysis_worker, arena.env, stop=2)
    await arena.env.restart_bot(bot_factory(analyst=dying))
    c = await arena.carol.click(last_board(where), label="Analysis")
    await dying.stuck.wait()  # the first batch stored and shown, the second never comes
    assert c.response.content == f"⏳ Analysing game #{game.id}… 4 of 5 moves"
    assert (await arena.db.analyses.get(game.id)).done == 4

    fresh = CountingAnalyst(analysis_worker)
    seen = len(arena.env.http_requests)
    await arena.env.restart_bot(bot_factory(analyst=fresh))
    await arena.bot.analysis.wait(game.id)
    assert fresh.calls == [4]  # resumed where the first process stopped
    sent = [str(request) for request in arena.env.http_requests[seen:]]
    assert any(f"Analysing game #{game.id}… 5 of 5 moves" in s for s in sent)
    reply = _reply(where, arena.carol, c.response.id)  # the same message, edited
    assert reply.content.startswith(f"📈 **Analysis of game #{game.id}** (Chess, ")
    assert "blunders 1" in reply.content
    assert [a.filename for a in reply.attachments] == ["analysis.png"]
    assert await arena.db.fetchval("SELECT count(*) FROM analysis_replies") == 0
    assert await arena.db.fetchval("SELECT count(*) FROM claims") == 0  # released


async def test_an_analysis_another_process_holds_is_left_to_it_until_its_lease_runs_out(
    arena, bot_factory, analysis_worker
) -> None:
    game, where = await _finished_game(arena)
    analyst = CountingAnalyst(analysis_worker)
    await arena.env.restart_bot(bot_factory(analyst=analyst))
    await arena.db.claims.claim(
        ANALYSIS, game.id, "a-process-that-died", lease=ANALYSIS_LEASE, now=arena.bot.now()
    )
    c = await arena.alice.click(last_board(where), label="Analysis")
    await arena.bot.analysis.wait(game.id)
    assert analyst.calls == [] and (await arena.db.analyses.get(game.id)).done == 0
    await arena.env.advance_time(5 * MIN)  # the sweep looks every minute: still held
    assert analyst.calls == []
    await arena.env.advance_time(ANALYSIS_LEASE)  # expired: the next sweep takes it over
    await arena.bot.analysis.wait(game.id)
    assert analyst.calls == [0, 4]
    assert (await arena.db.analyses.get(game.id)).finished
    reply = _reply(where, arena.alice, c.response.id)
    assert reply.content.startswith(f"📈 **Analysis of game #{game.id}**")


async def test_two_processes_resuming_at_once_analyse_once(
    arena, bot_factory, analysis_worker, db_path
) -> None:
    game, where = await _finished_game(arena)
    mine = CountingAnalyst(analysis_worker)
    await arena.env.restart_bot(bot_factory(analyst=mine))
    await arena.db.analyses.begin(game.id, total=6, depth=1, language="en")
    theirs = CountingAnalyst(analysis_worker)
    second = create_bot(
        make_settings(db_path), db=Database(db_path), clock=arena.bot.clock, analyst=theirs
    )
    await second.db.start()
    try:
        await asyncio.gather(arena.bot.analysis.resume(), second.analysis.resume())
        await asyncio.gather(arena.bot.analysis.wait(game.id), second.analysis.wait(game.id))
    finally:
        await second.analysis.close()
        await second.db.stop()
    assert sorted([mine.calls, theirs.calls]) == [[], [0, 4]]  # one process did it all
    stored = await arena.db.analyses.get(game.id)
    assert stored.finished and stored.done == 6


class FailingOnce(CountingAnalyst):
    """The first batch fails (a worker that crashed), the rest are scored."""

    async def score(
        self, position: str, moves: Sequence[str], first: int, count: int, depth: int | None
    ) -> list[dict[str, Any]]:
        if not self.calls:
            self.calls.append(first)
            raise RuntimeError("the worker died")
        return await super().score(position, moves, first, count, depth)


async def test_a_failed_analysis_says_so_waits_for_a_new_request_then_resumes(
    arena, bot_factory, analysis_worker
) -> None:
    game, where = await _finished_game(arena)
    analyst = FailingOnce(analysis_worker)
    await arena.env.restart_bot(bot_factory(analyst=analyst))
    c = await arena.alice.click(last_board(where), label="Analysis")
    await arena.bot.analysis.wait(game.id)
    assert c.response.content == (
        f"The analysis of game #{game.id} failed; ask again to resume it."
    )
    assert await arena.db.fetchval("SELECT count(*) FROM analysis_replies") == 0
    await arena.env.advance_time(3 * MIN)  # the sweep does not retry it every minute
    assert analyst.calls == [0]
    again = await arena.alice.click(last_board(where), label="Analysis")
    await arena.bot.analysis.wait(game.id)
    assert analyst.calls == [0, 0, 4]
    assert again.response.content.startswith(f"📈 **Analysis of game #{game.id}**")
