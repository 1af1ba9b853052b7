"""Many computer turns at once: how long each waits for a worker process, how long its search
takes, and whether any runs out of time.

    .venv/bin/python bench/ai_worker_bench.py [--turns 12] [--time 0.3] [--level hard]
                                              [--processes N ...] [--grace 10]

Starts ``--turns`` searches at the same instant (as when that many games' boards ask the
computer for its move together) on an :class:`ai.worker.AIWorker` of each ``--processes``
count (default: 1 and one per core), and prints per turn the wait for a free process, the
search's own time, and the failures (a :class:`~ai.WorkerError`: an overrun). The deadline
counts from the start of each search, so with enough turns queued the waits grow but no turn
fails; before issue 30 it counted from the queueing and the turns after the first dozen failed
(and a random move was played for them).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import Level, WorkerError  # noqa: E402
from ai.worker import AIWorker, default_processes  # noqa: E402


async def run(turns: int, think: float, level: Level, processes: int, grace: float) -> None:
    worker = AIWorker(grace=grace, processes=processes)
    worker.start()
    for _ in range(processes):  # every process up and warm before the clock starts
        await worker.pid()
    waits: list[float] = []
    searches: list[float] = []
    failures = 0

    async def turn() -> None:
        nonlocal failures
        asked = time.perf_counter()
        process = await worker._acquire()  # noqa: SLF001 - the bench times the queue itself
        started = time.perf_counter()
        try:
            await worker._run(  # noqa: SLF001
                process,
                _choose,
                ("classic", level, think),
                think + grace,
            )
        except WorkerError:
            failures += 1
        finally:
            worker._release(process)  # noqa: SLF001
        waits.append(started - asked)
        searches.append(time.perf_counter() - started)

    began = time.perf_counter()
    await asyncio.gather(*(turn() for _ in range(turns)))
    wall = time.perf_counter() - began
    await worker.close()
    print(
        f"processes {processes}: {turns} turns of {think:g} s at {level.value}: "
        f"failed {failures}; wait p50 {statistics.median(waits):.2f} s, max {max(waits):.2f} s; "
        f"search p50 {statistics.median(searches):.2f} s, max {max(searches):.2f} s; "
        f"all answered in {wall:.2f} s ({wall / turns:.2f} s per turn)"
    )


def _choose(position: str, level: Level, think: float) -> str:
    from ai import choose_action

    return choose_action(position, level, think)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--time", type=float, default=0.3, help="seconds of thought per turn")
    parser.add_argument("--level", choices=[v.value for v in Level], default=Level.HARD.value)
    parser.add_argument("--processes", type=int, nargs="*")
    parser.add_argument("--grace", type=float, default=10.0)
    args = parser.parse_args()
    counts = args.processes or sorted({1, default_processes()})
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for processes in counts:
        asyncio.run(run(args.turns, args.time, Level(args.level), processes, args.grace))


if __name__ == "__main__":
    main()
