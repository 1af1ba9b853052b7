"""The opponent's worker process: searches run there so the bot's event loop never waits.

One :class:`AIWorker` holds a one-process :class:`~concurrent.futures.ProcessPoolExecutor`,
started once. Each :meth:`AIWorker.choose` sends the position text (never live objects) to the
process and awaits the answer with a deadline of the time limit plus a grace period. When the
process dies or overruns, the pool is replaced and the caller gets a :class:`WorkerError`
it can report ("the bot could not think of a move, try again") — the next call works again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from . import choose_action
from .errors import WorkerError
from .levels import Level, default_time

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Seconds allowed beyond the time limit: the process round trip, opening the position, and a
#: machine busy with other work. Past it the search is treated as hung.
DEFAULT_GRACE = 10.0


def _worker_pid() -> int:
    """Runs in the worker: its process id (also warms the process up: ``ai`` is imported)."""
    return os.getpid()


class AIWorker:
    """A single worker process for the opponent's searches, shared by every game of the bot.

    Calls are served one at a time in the order they arrive (one process, one core): the bot
    plays its moves in turn while the event loop goes on answering everyone else.
    """

    def __init__(self, grace: float = DEFAULT_GRACE) -> None:
        self.grace = grace
        self._pool: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def start(self) -> None:
        """Start the worker process (idempotent). It is spawned, not forked, so it inherits
        nothing of the bot's sockets or threads."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn")
            )
            self._pool.submit(_worker_pid)  # spawn now, not on the first move

    async def close(self) -> None:
        """Stop the worker process and wait for it without blocking the event loop."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    async def pid(self) -> int:
        """The worker process's id (a health check that round-trips through the process)."""
        return await self._call(_worker_pid, timeout=self.grace)

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        """The action the opponent plays at ``position`` after ``moves`` (see
        :func:`ai.choose_action`), chosen in the worker. Raises what ``choose_action`` raises for
        bad input, and :class:`WorkerError` when the worker crashed or overran (it is
        restarted)."""
        limit = default_time(level) if time_limit is None else time_limit
        return await self._call(
            choose_action,
            position,
            Level(level),
            time_limit,
            None,
            tuple(moves),
            timeout=limit + self.grace,
        )

    async def _call(self, fn: Callable[..., T], *args: Any, timeout: float) -> T:
        """Run ``fn(*args)`` in the worker and await it for at most ``timeout`` seconds."""
        self.start()
        assert self._pool is not None
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._pool, fn, *args)
        except BrokenProcessPool:  # died between calls: replace it and try once more
            await self._restart("the worker process had died")
            assert self._pool is not None
            future = loop.run_in_executor(self._pool, fn, *args)
        try:
            return await asyncio.wait_for(future, timeout)
        except BrokenProcessPool:
            await self._restart("the worker process crashed")
            raise WorkerError("the computer opponent crashed while thinking; try again") from None
        except TimeoutError:
            await self._restart(f"no answer within {timeout:.1f} s")
            raise WorkerError(
                f"the computer opponent did not answer within {timeout:.1f} s; try again"
            ) from None

    async def _restart(self, why: str) -> None:
        """Replace the pool: kill its process (it may be hung) and start a fresh one."""
        log.warning("restarting the AI worker: %s", why)
        pool, self._pool = self._pool, None
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
        self.start()
