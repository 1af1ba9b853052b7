"""The analysis worker (issue 33): a niced process of its own whose batches equal the
in-process scores."""

from __future__ import annotations

import asyncio
import os

from ai.analysis import score_positions
from ai.analysis.worker import NICENESS, AnalysisWorker


def test_the_worker_scores_as_the_library_does_below_plays_priority() -> None:
    async def run() -> tuple[int, int, list[dict[str, object]]]:
        worker = AnalysisWorker()
        try:
            pid = await worker.pid()
            niceness = os.getpriority(os.PRIO_PROCESS, pid)
            return pid, niceness, await worker.score("chess", ["e4", "e5"], 1, 2, 1)
        finally:
            await worker.close()

    pid, niceness, scores = asyncio.run(run())
    assert niceness == min(19, os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
    assert pid != os.getpid()
    assert scores == score_positions("chess", ["e4", "e5"], 1, 2, 1)
    assert len(scores) == 2 and scores[0]["seat"] == "black"
