"""The opponent's worker processes: searches run there so the bot's event loop never waits.

An :class:`AIWorker` keeps a few worker processes (by default one per core this process may
run on; ``AI_WORKERS`` sets another number), each its own one-process
:class:`~concurrent.futures.ProcessPoolExecutor`, started once. :meth:`AIWorker.choose` sends
the position text (never live objects) to an idle process and awaits the answer.

- **Fair**: when every process is busy, calls wait in the order they arrived (first come, first
  served) and are handed a process only when one is free, so no search sits in a process's
  queue behind another.
- **The deadline counts from the start of the search** (the time limit plus a grace period),
  never from the moment the call was queued: ten simultaneous turns make the tenth wait, not
  time out.
- **A process that dies or overruns is replaced alone**: the caller gets a
  :class:`WorkerError` it can report, the other processes' searches go on, and the next call
  works again.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from . import choose_action
from .engines import engine_for, engine_ids
from .errors import WorkerError
from .levels import Level, default_time

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Seconds allowed beyond the time limit: the process round trip, opening the position, and a
#: machine busy with other work. Past it the search is treated as hung.
DEFAULT_GRACE = 10.0

#: At most this many worker processes by default, however many cores there are.
MAX_DEFAULT_PROCESSES = 8


def default_processes() -> int:
    """One worker process per core this process may run on (at most
    :data:`MAX_DEFAULT_PROCESSES`): simultaneous computer turns think side by side."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_DEFAULT_PROCESSES))


def _worker_pid() -> int:
    """Runs in the worker: its process id. The first call warms the process up: every
    engine (and so every game's rules) is imported, so no player's first move against the
    computer pays for it (a command line loads only its own game; a worker serves them all)."""
    for game_id in engine_ids():
        engine_for(game_id)
    return os.getpid()


class _Process:
    """One worker process (a one-process pool), replaced on its own when it dies or hangs."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Spawn the process (idempotent). Spawned, not forked, so it inherits nothing of the
        bot's sockets or threads; warmed up at once (``ai`` imported), not on the first move."""
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn")
            )
            self.pool.submit(_worker_pid)

    async def stop(self, *, kill: bool = False) -> None:
        """Stop the process, killing it first when it may be hung, without blocking the loop."""
        pool, self.pool = self.pool, None
        if pool is not None:
            if kill:
                for process in list(getattr(pool, "_processes", {}).values()):
                    process.kill()
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


class AIWorker:
    """The worker processes for the opponent's searches, shared by every game of the bot.

    ``processes`` (default :func:`default_processes`) searches run at once; further calls wait
    their turn in arrival order while the event loop goes on answering everyone else.
    """

    def __init__(self, grace: float = DEFAULT_GRACE, processes: int | None = None) -> None:
        if processes is not None and processes < 1:
            raise ValueError(f"an AI worker needs at least one process, not {processes}")
        self.grace = grace
        self.processes = processes if processes is not None else default_processes()
        self._all = [_Process(number) for number in range(self.processes)]
        self._idle: collections.deque[_Process] = collections.deque(self._all)
        self._waiting: collections.deque[asyncio.Future[_Process]] = collections.deque()
        self._started = False

    @property
    def started(self) -> bool:
        return self._started

    @property
    def waiting(self) -> int:
        """Calls waiting for a free process (a figure for benchmarks and health lines)."""
        return sum(not f.done() for f in self._waiting)

    def start(self) -> None:
        """Start every worker process (idempotent)."""
        self._started = True
        for process in self._all:
            process.start()

    async def close(self) -> None:
        """Stop the worker processes and wait for them without blocking the event loop."""
        self._started = False
        await asyncio.gather(*(process.stop() for process in self._all))

    async def pid(self) -> int:
        """A worker process's id (a health check that round-trips through a process)."""
        return await self._call(_worker_pid, timeout=self.grace)

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        """The action the opponent plays at ``position`` after ``moves`` (see
        :func:`ai.choose_action`), chosen in a worker process. Raises what ``choose_action``
        raises for bad input, and :class:`WorkerError` when the process crashed or overran its
        time limit plus the grace period, counted from the start of the search (it is
        replaced)."""
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
        """Run ``fn(*args)`` in the first free process, for at most ``timeout`` seconds from
        the moment it gets one."""
        process = await self._acquire()
        try:
            return await self._run(process, fn, args, timeout)
        finally:
            self._release(process)

    async def _acquire(self) -> _Process:
        """The first idle process, or, when all are busy, the one freed next after every call
        that was waiting before this one (first come, first served)."""
        if self._idle and not self._has_waiters():
            return self._idle.popleft()
        waiter: asyncio.Future[_Process] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed a process as it was cancelled
                self._release(waiter.result())
            raise

    def _has_waiters(self) -> bool:
        while self._waiting and self._waiting[0].done():
            self._waiting.popleft()  # cancelled waiters (their callers gave up)
        return bool(self._waiting)

    def _release(self, process: _Process) -> None:
        """Hand ``process`` to the longest-waiting call, or put it back among the idle."""
        while self._has_waiters():
            waiter = self._waiting.popleft()
            if not waiter.get_loop().is_closed():
                waiter.set_result(process)
                return
        self._idle.append(process)

    async def _run(
        self, process: _Process, fn: Callable[..., T], args: tuple[Any, ...], timeout: float
    ) -> T:
        self._started = True
        process.start()
        assert process.pool is not None
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(process.pool, fn, *args)
        except BrokenProcessPool:  # died between calls: replace it and try once more
            await self._restart(process, "the worker process had died")
            assert process.pool is not None
            future = loop.run_in_executor(process.pool, fn, *args)
        try:
            return await asyncio.wait_for(future, timeout)
        except BrokenProcessPool:
            await self._restart(process, "the worker process crashed")
            raise WorkerError("the computer opponent crashed while thinking; try again") from None
        except TimeoutError:
            await self._restart(process, f"no answer within {timeout:.1f} s")
            raise WorkerError(
                f"the computer opponent did not answer within {timeout:.1f} s; try again"
            ) from None

    async def _restart(self, process: _Process, why: str) -> None:
        """Replace one process: kill it (it may be hung) and start a fresh one; the other
        processes and their searches are not touched."""
        log.warning("restarting AI worker process %d: %s", process.number, why)
        await process.stop(kill=True)
        process.start()
