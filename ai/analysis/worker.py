"""The analysis worker: one process of its own, at a lower CPU priority than play.

Analyses never slow play: they run in one spawned process (:class:`AnalysisWorker` queues
the callers, first come first served; a lock file held while a batch is scored,
:data:`LOCK_FILE`, makes it one analysis at a time per machine, whatever the number of bot
processes), niced by :data:`NICENESS`, so the opponent's worker processes and the bot's event loop
win the CPU whenever they want it. Each call scores a few positions only
(:func:`ai.analysis.score_positions`): the caller stores them and shows the progress between
calls, and a restart resumes from what was stored.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import multiprocessing
import os
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from ..errors import WorkerError
from . import score_positions

__all__ = ["LOCK_FILE", "NICENESS", "AnalysisWorker"]

log = logging.getLogger(__name__)

NICENESS = 10
"""How much nicer than the bot the analysis process runs (``os.nice``)."""


def _lower_priority() -> None:
    """Runs first in the worker process: lower its priority below play's."""
    try:
        os.nice(NICENESS)
    except OSError:  # pragma: no cover - not permitted here: runs at the normal priority
        log.warning("could not lower the analysis worker's priority")


LOCK_FILE = Path(tempfile.gettempdir()) / "latrunculi-bot-analysis.lock"
"""Held (``flock``) while a batch is scored: one analysis thinks at a time per machine, however
many bot processes run there."""


def _score_alone(*args: Any) -> list[dict[str, Any]]:
    """Runs in the worker: :func:`ai.analysis.score_positions` under the machine's lock."""
    with LOCK_FILE.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return score_positions(*args)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _ready() -> int:
    """Runs in the worker: its process id (a warm-up, and a health check)."""
    import ai.analysis.chess  # noqa: F401 - imported once, not on the first analysis

    return os.getpid()


class AnalysisWorker:
    """One niced worker process for the analyses; ``await score(...)`` runs
    :func:`ai.analysis.score_positions` there (callers wait their turn)."""

    def __init__(self, timeout: float = 600.0) -> None:
        self.timeout = timeout
        self._pool: ProcessPoolExecutor | None = None
        self._locks: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}

    def start(self) -> None:
        """Spawn the process (idempotent)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
            self._pool.submit(_ready)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    async def pid(self) -> int:
        return int(await self._call(_ready))

    async def score(
        self, position: str, moves: Sequence[str], first: int, count: int, depth: int | None
    ) -> list[dict[str, Any]]:
        """The scores of ``count`` positions from ``first`` (see
        :func:`ai.analysis.score_positions`), computed in the worker process."""
        result: list[dict[str, Any]] = await self._call(
            _score_alone, position, tuple(moves), first, count, depth
        )
        return result

    def _lock(self) -> asyncio.Lock:
        """The queue of this event loop's callers (a test session runs many loops)."""
        loop = asyncio.get_running_loop()
        for other in [o for o in self._locks if o.is_closed()]:
            del self._locks[other]
        return self._locks.setdefault(loop, asyncio.Lock())

    async def _call(self, fn: Any, *args: Any) -> Any:
        async with self._lock():
            self.start()
            assert self._pool is not None
            loop = asyncio.get_running_loop()
            try:
                future = loop.run_in_executor(self._pool, fn, *args)
                return await asyncio.wait_for(future, self.timeout)
            except (BrokenProcessPool, TimeoutError) as exc:
                log.warning("restarting the analysis worker: %r", exc)
                pool, self._pool = self._pool, None
                for process in list(getattr(pool, "_processes", {}).values()):
                    process.kill()
                await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
                raise WorkerError("the analysis stopped unexpectedly; try again") from None
