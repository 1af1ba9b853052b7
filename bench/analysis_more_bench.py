"""Seconds to analyse a whole ludo game of two and 100 plies of schadler (issue 33), in one
process (the bot's niced analysis worker does the same work in batches).

    PYTHONPATH=. .venv/bin/python bench/analysis_more_bench.py [--playouts 200] [--plies 100]

The games are generated first, seeded: ludo by seeded dice and the easy opponent's choices to
the end, schadler by the easy opponent (placement then movement). Wall-clock and this
process's CPU seconds are printed with the load average: on a shared machine the wall clock
measures the neighbours too, the CPU seconds are what a quiet core would take. Goal: at most
60 s per game (issue 33); ludo's line also gives the playouts spent on its choices.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.analysis import score_positions, summarise  # noqa: E402
from ai.engines import engine_for  # noqa: E402
from ai.levels import Level  # noqa: E402
from rules.games import find_game  # noqa: E402


def play(game_id: str, plies: int, seed: int) -> tuple[str, list[str]]:
    """The start and up to ``plies`` actions of a seeded game between easy opponents."""
    rules = find_game(game_id)
    start = rules.start()
    session = rules.session(start)
    rng = random.Random(seed)
    engine = engine_for(game_id)
    moves: list[str] = []
    while session.outcome is None and len(moves) < plies:
        auto = getattr(session, "automatic", None)
        action = auto(rng) if auto is not None else None
        if action is None:
            action = engine.choose(session, Level.EASY, time.monotonic() + 0.05, rng)
        session.play(action)
        moves.append(session.history[-1].canonical)
    return start, moves


def timed(game_id: str, start: str, moves: list[str], depth: int) -> None:
    began, cpu = time.perf_counter(), time.process_time()
    scores = score_positions(start, moves, 0, len(moves) + 1, depth)
    analysis = summarise(start, moves, scores, depth)
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    kinds = Counter(m.kind or "good" for m in analysis.moves)
    judged = [s["playouts"] for s in scores if "playouts" in s]
    spent = (
        f"; playouts per move: {sum(judged) / len(judged):.0f} on average, {max(judged)} at most"
        if judged
        else ""
    )
    print(
        f"{game_id:<9} {len(moves):>7}  {analysis.engine:<22} {seconds:8.1f} {cpu:8.1f}  "
        f"judged {len(analysis.moves)}: {dict(sorted(kinds.items()))}{spent}"
    )


def main(args: argparse.Namespace) -> int:
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print("game      actions  engine                 wall s    cpu s")
    timed("ludo", *play("ludo", 100_000, 3), args.playouts)
    timed("schadler", *play("schadler", args.plies, 5), args.depth)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--depth", type=int, default=2)
    sys.exit(main(parser.parse_args()))
