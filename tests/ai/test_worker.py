"""``ai.worker.AIWorker`` with a real worker process: answers, keeps the event loop free,
survives a crash and a hang."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator

import pytest

from ai import GameOverError, Level, WorkerError
from ai.worker import AIWorker
from rules.games import open_session


@pytest.fixture
async def worker() -> AsyncIterator[AIWorker]:
    w = AIWorker(grace=20.0)
    w.start()
    try:
        yield w
    finally:
        await w.close()


async def test_the_worker_answers_a_legal_move_in_another_process(worker: AIWorker) -> None:
    action = await worker.choose("schadler", Level.MEDIUM, time_limit=0.3)
    assert action in open_session("schadler").legal_actions()
    assert await worker.pid() != os.getpid()


async def test_the_event_loop_keeps_running_while_the_worker_thinks(worker: AIWorker) -> None:
    await worker.pid()  # the process is up
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    await worker._call(time.sleep, 1.0, timeout=30.0)  # the worker busy for a second
    ticker.cancel()
    # The loop ran while the worker was busy. Not a rate (a loaded machine can starve the loop
    # for most of that second): a loop blocked by the call would not have ticked at all.
    assert ticks >= 3
    assert (await worker.choose("classic", Level.EASY, 0.2)) in open_session(
        "classic"
    ).legal_actions()


async def test_bad_input_is_reported_as_in_choose_action(worker: AIWorker) -> None:
    with pytest.raises(GameOverError):
        await worker.choose("classic:8/8/8/8/8/8/8/S*s*6 b", Level.EASY)
    assert (await worker.choose("rugen", Level.EASY, 0.2)) in open_session("rugen").legal_actions()


async def test_a_crashed_worker_is_restarted_and_the_caller_told(worker: AIWorker) -> None:
    pid = await worker.pid()
    # A call that keeps the worker busy long enough to die in the middle of it.
    thinking = asyncio.create_task(worker._call(time.sleep, 10, timeout=60.0))
    await asyncio.sleep(0.5)
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(WorkerError, match="crashed"):
        await thinking
    assert await worker.pid() != pid
    assert (await worker.choose("lat", Level.EASY, 0.2)) in open_session("lat").legal_actions()


async def test_a_worker_past_its_deadline_is_replaced() -> None:
    w = AIWorker(grace=0.5)
    try:
        pid = await w._call(os.getpid, timeout=30.0)
        with pytest.raises(WorkerError, match="did not answer"):
            await w._call(time.sleep, 30, timeout=1.0)
        assert await w._call(os.getpid, timeout=30.0) != pid
    finally:
        await w.close()
