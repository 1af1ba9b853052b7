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
    w = AIWorker(grace=20.0, processes=1)
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
    w = AIWorker(grace=0.5, processes=1)
    try:
        pid = await w._call(os.getpid, timeout=30.0)
        with pytest.raises(WorkerError, match="did not answer"):
            await w._call(time.sleep, 30, timeout=1.0)
        assert await w._call(os.getpid, timeout=30.0) != pid
    finally:
        await w.close()


async def test_simultaneous_turns_wait_their_turn_and_none_runs_out_of_time() -> None:
    """Sixteen hard turns at once on one process: each waits for the one before, and its
    deadline (0.3 s of thought + 3 s of grace) counts from the start of its own search. When
    it counted from the queueing, the turns after the first dozen timed out, the worker was
    killed mid-search and the bot played a random move."""
    w = AIWorker(grace=3.0, processes=1)
    try:
        await w.pid()
        turns = [w.choose("classic", Level.HARD, time_limit=0.3) for _ in range(16)]
        actions = await asyncio.gather(*turns)
        legal = open_session("classic").legal_actions()
        assert all(action in legal for action in actions), actions
    finally:
        await w.close()


async def test_calls_waiting_for_a_process_are_served_in_arrival_order() -> None:
    w = AIWorker(grace=20.0, processes=1)
    finished: list[int] = []

    async def call(number: int) -> None:
        await w._call(time.sleep, 0.05, timeout=30.0)
        finished.append(number)

    try:
        await w.pid()
        calls = []
        for number in range(8):
            calls.append(asyncio.create_task(call(number)))
            await asyncio.sleep(0)  # queued one after another
        await asyncio.gather(*calls)
        assert finished == list(range(8))
        assert w.waiting == 0
    finally:
        await w.close()


async def test_a_hung_search_is_replaced_alone_and_the_others_finish() -> None:
    """Two processes: one search hangs past its deadline while the other thinks; only the hung
    process is killed, and the other search's answer arrives."""
    w = AIWorker(grace=0.5, processes=2)
    try:
        w.start()
        steady = asyncio.create_task(w._call(os.getpid, timeout=30.0))
        first_pid = await steady
        thinking = asyncio.create_task(w._call(time.sleep, 3.0, timeout=60.0))
        await asyncio.sleep(0)
        with pytest.raises(WorkerError, match="did not answer"):
            await w._call(time.sleep, 30, timeout=1.0)
        assert await thinking is None  # its process was not killed with the hung one
        pids = {await w._call(os.getpid, timeout=30.0) for _ in range(4)}
        assert len(pids) == 2 and first_pid > 0
    finally:
        await w.close()


async def test_a_caller_that_gives_up_while_waiting_leaves_no_process_behind() -> None:
    w = AIWorker(grace=20.0, processes=1)
    try:
        await w.pid()
        busy = asyncio.create_task(w._call(time.sleep, 0.5, timeout=30.0))
        await asyncio.sleep(0)
        impatient = asyncio.create_task(w._call(os.getpid, timeout=30.0))
        await asyncio.sleep(0.05)
        impatient.cancel()
        await busy
        assert isinstance(await w._call(os.getpid, timeout=30.0), int)  # the process came back
    finally:
        await w.close()


def test_one_worker_process_per_core_by_default() -> None:
    assert AIWorker().processes == min(len(os.sched_getaffinity(0)), 8)
    with pytest.raises(ValueError, match="at least one process"):
        AIWorker(processes=0)
