"""Post-game analysis (issue 33): the queue that computes each finished game's analysis once,
stores it as it goes, shows its progress, and words the result in the reader's language.

- **Computed once, stored**: ``db.analyses`` keeps every position's score as it comes
  (:func:`ai.analysis.score_positions`, a few positions a call, in the niced analysis worker
  process); the finished :class:`~ai.analysis.Analysis` is stored too and shown again
  instantly to anyone who asks.
- **One at a time**: a single task of this process takes the games in the order they were
  asked for; the worker process serves one call at a time. Play is never slowed: the
  opponent's processes and the event loop run at a higher priority than the analysis process.
- **One process per analysis**: several bot processes may share the database; the one that
  works on an analysis claims it first (``db.claims``, kind :data:`ANALYSIS`, a lease of
  :data:`ANALYSIS_LEASE` renewed before each batch, released when done). A process that finds
  it claimed leaves it; when the holder died, its lease runs out and the next process to look
  (its sweep, a restart, a new request) takes the analysis over from the stored scores.
- **Progress**: everyone waiting for a game's analysis has their own (ephemeral) reply. The
  reply's interaction token and message id are stored with the analysis
  (``db.analyses.add_reply``), so whichever process works on it — the asker's, another, or the
  same after a restart — edits every reply after each batch ("analysing… 23 of 61 moves") and
  replaces it with the result when it is done (through the interaction's webhook: the only way
  to edit an ephemeral message, for the 15 minutes Discord keeps the token).
- **Restart**: the queue is rebuilt from the analyses begun and not finished; they resume at
  the first position not yet stored.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from ai.analysis import Analysis, MoveReview, analysable_games, summarise
from ai.analysis.base import analyser_for
from storage import AnalysisRecord, AnalysisReply, GameRecord

from ..errors import UserError
from ..i18n import mark, translate

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "ANALYSIS",
    "ANALYSIS_LEASE",
    "BATCH",
    "REPLY_LIFE",
    "AnalysisQueue",
    "Analyst",
    "is_analysable",
    "move_label",
    "refuse",
]

log = logging.getLogger(__name__)

BATCH = 4
"""Positions scored per worker call: the progress is shown and stored after each batch."""

ANALYSIS = "analysis"
"""The claims' kind of an analysis being worked on (``db.claims``, item: the game's id)."""

ANALYSIS_LEASE = 660.0
"""Seconds a process holds an analysis it works on, renewed before each batch: longer than
the worst batch (the worker gives up after 600 s), so a live process never loses it; after a
crash another process takes it over at most this long later."""

REPLY_LIFE = 14 * 60.0
"""Seconds a reply stays editable: Discord accepts an interaction's token for 15 minutes
(a minute's margin)."""

SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""lichess's (and the chess books') signs of the classes."""


class Analyst(Protocol):
    """The analysis worker seam: :class:`ai.analysis.worker.AnalysisWorker` in production."""

    def start(self) -> None: ...

    async def close(self) -> None: ...

    async def score(
        self, position: str, moves: Sequence[str], first: int, count: int, depth: int | None
    ) -> list[dict[str, Any]]: ...


def is_analysable(game_kind: str) -> bool:
    """Whether the bot offers an analysis of ``game_kind`` games."""
    return game_kind in analysable_games()


def refuse(record: GameRecord) -> None:
    """Refuse, in words, what cannot be analysed: a game still played (no help during play),
    a game without an analysis, a game without moves."""
    if record.is_active:
        raise UserError(
            mark(
                "Game #{game} is still being played: it can be analysed once it is over "
                "(no help during play)."
            ),
            game=record.id,
        )
    if not is_analysable(record.game_kind):
        raise UserError(
            mark("Game #{game} cannot be analysed: its game has no analysis yet."), game=record.id
        )
    if record.ply == 0:
        raise UserError(mark("Game #{game} has no moves to analyse."), game=record.id)


def move_label(record_ply: int, numbered: bool, seat_index: int) -> str:
    """The move's number as the text shows it: ``23`` for the side that moved first, ``23…``
    for the other (``seat_index`` 1) in a game that numbers moves; the ply's number (from 1)
    otherwise."""
    if not numbered:
        return str(record_ply + 1)
    number = record_ply // 2 + 1
    return f"{number}…" if seat_index == 1 else str(number)


@dataclass
class _Job:
    """One game's analysis queued or under way in this process."""

    game_id: int
    done: asyncio.Event = field(default_factory=asyncio.Event)


class AnalysisQueue:
    """The analyses of one bot process (``bot.analysis``)."""

    def __init__(self, bot: GameBot, analyst: Analyst, depth: int | None = None) -> None:
        self.bot = bot
        self.analyst = analyst
        self.depth = depth
        self._jobs: dict[int, _Job] = {}
        self._queue: collections.deque[int] = collections.deque()
        self._task: asyncio.Task[None] | None = None
        #: Analyses that failed here: the sweep leaves them (no retry every minute); a new
        #: request or a restart tries again.
        self._failed_ids: set[int] = set()

    # ----- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Start the worker and queue again the analyses a restart interrupted."""
        self.analyst.start()
        await self.resume()

    async def resume(self) -> int:
        """Queue the unfinished analyses not queued here yet (at start, and from the sweep:
        those of a process that died are taken over once its claim ran out); how many."""
        added = 0
        for record in await self.bot.db.analyses.unfinished(limit=100):
            if record.game_id not in self._jobs and record.game_id not in self._failed_ids:
                self._enqueue(record.game_id)
                added += 1
        return added

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        await self.analyst.close()

    # ----- asking --------------------------------------------------------------------------

    async def stored(self, game_id: int) -> AnalysisRecord | None:
        return await self.bot.db.analyses.get(game_id)

    async def request(
        self, record: GameRecord, token: str, message_id: int, language: str
    ) -> AnalysisRecord:
        """The game's analysis row, begun now if it was not; unless it is finished the reply
        ``message_id`` of the interaction ``token`` (answered already) is stored, to be edited
        with the progress and then the result by whichever process does the work."""
        db = self.bot.db
        depth = self.depth or analyser_for(record.game_kind).default_depth
        now = self.bot.now()
        stored, _ = await db.analyses.begin(
            record.id, total=record.ply + 1, depth=depth, language=language, now=now
        )
        if not stored.finished:
            await db.analyses.add_reply(
                record.id,
                token=token,
                message_id=message_id,
                language=language,
                expires_at=now + REPLY_LIFE,
            )
            self._failed_ids.discard(record.id)
            self._enqueue(record.id)
        return stored

    async def wait(self, game_id: int) -> None:
        """Until the game's analysis queued here ends (tests and benchmarks)."""
        job = self._jobs.get(game_id)
        if job is not None:
            await job.done.wait()

    def _enqueue(self, game_id: int) -> _Job:
        job = self._jobs.get(game_id)
        if job is None:
            job = self._jobs[game_id] = _Job(game_id)
            self._queue.append(game_id)
        if self._task is None or self._task.done():  # one task, alive while there is work
            self._task = asyncio.create_task(self._run(), name="analysis-queue")
        return job

    # ----- the work ------------------------------------------------------------------------

    async def _run(self) -> None:
        while self._queue:
            game_id = self._queue.popleft()
            job = self._jobs[game_id]
            try:
                await self._claimed(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # logged; the next request starts it again from what is stored
                log.exception("the analysis of game %d failed", game_id)
                self._failed_ids.add(game_id)
                await self._failed(game_id)
            finally:
                self._jobs.pop(game_id, None)
                job.done.set()

    async def _claim(self, game_id: int) -> bool:
        """Take (or renew) this process's claim on the analysis."""
        bot = self.bot
        return await bot.db.claims.claim(
            ANALYSIS, game_id, bot.claim_owner, lease=ANALYSIS_LEASE, now=bot.now()
        )

    async def _claimed(self, game_id: int) -> None:
        """Analyse the game if this process wins its claim (else another one works on it)."""
        if not await self._claim(game_id):
            log.info("the analysis of game %d is another process's", game_id)
            return
        try:
            await self._analyse(game_id)
        finally:
            try:  # on a crash the lease runs out instead
                await self.bot.db.claims.release(ANALYSIS, game_id, self.bot.claim_owner)
            except Exception:
                log.exception("could not release the analysis of game %d", game_id)

    async def _analyse(self, game_id: int) -> None:
        db = self.bot.db
        record = await db.games.load_game(game_id)
        stored = await db.analyses.get(game_id)
        if record is None or stored is None:
            return
        moves = [m.move for m in await db.games.game_moves(record.id)]
        while not stored.finished and stored.done < stored.total:
            if not await self._claim(game_id):  # our lease ran out and was taken over
                log.warning("the analysis of game %d was taken over", game_id)
                return
            count = min(BATCH, stored.total - stored.done)
            scores = await self.analyst.score(
                record.start_position, moves, stored.done, count, stored.depth
            )
            try:
                stored = await db.analyses.add_scores(
                    record.id, stored.done, scores, now=self.bot.now()
                )
            except LookupError:  # another process stored these meanwhile: go on from there
                fresh = await db.analyses.get(record.id)
                if fresh is None:
                    return
                stored = fresh
            await self._progress(record, stored)
        if not stored.finished:
            analysis = await asyncio.to_thread(
                summarise, record.start_position, moves, stored.scores, stored.depth
            )
            stored = await db.analyses.finish(record.id, analysis.to_json(), now=self.bot.now())
        from .analysis_view import result_message  # the words and pictures of a result

        replies = await db.analyses.replies(record.id, now=self.bot.now())
        for reply in replies:
            payload = await result_message(self.bot, record, stored, reply.language)
            await self._edit(reply, **payload)
        await db.analyses.drop_replies(record.id, [r.token for r in replies])

    async def _progress(self, record: GameRecord, stored: AnalysisRecord) -> None:
        moves = stored.total - 1
        for reply in await self.bot.db.analyses.replies(record.id, now=self.bot.now()):
            await self._edit(
                reply,
                content=progress_text(record.id, min(stored.done, moves), moves, reply.language),
            )

    async def _failed(self, game_id: int) -> None:
        """Say so in every waiting reply (they are forgotten: asking again resumes)."""
        try:
            db = self.bot.db
            replies = await db.analyses.replies(game_id, now=self.bot.now())
            for reply in replies:
                await self._edit(
                    reply,
                    content=translate(
                        mark("The analysis of game #{game} failed; ask again to resume it."),
                        reply.language,
                        game=game_id,
                    ),
                )
            await db.analyses.drop_replies(game_id, [r.token for r in replies])
        except Exception:
            log.exception("could not report the failed analysis of game %d", game_id)

    async def _edit(self, reply: AnalysisReply, **payload: Any) -> None:
        """Edit one asker's reply through its interaction's webhook (any process may)."""
        application_id = self.bot.application_id
        if application_id is None:  # pragma: no cover - set once the bot logged in
            return
        webhook = discord.Webhook.partial(application_id, reply.token, client=self.bot)
        try:
            await webhook.edit_message(reply.message_id, **payload)
        except discord.HTTPException as exc:  # the reply is gone or its token expired
            log.info("could not edit an analysis reply: %s", exc)


def progress_text(game_id: int, done: int, total: int, language: str) -> str:
    return translate(
        mark("⏳ Analysing game #{game}… {done} of {total} moves"),
        language,
        game=game_id,
        done=done,
        total=total,
    )


def result_of(stored: AnalysisRecord) -> Analysis:
    assert stored.result is not None
    return Analysis.from_json(stored.result)


def costly(analysis: Analysis) -> list[MoveReview]:
    return analysis.costliest(3)
