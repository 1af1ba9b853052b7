"""Replay GIF size and time for a 60-ply game (a measurement, not a test).

    .venv/bin/python bench/gif_bench.py [--plies 60] [--runs 3]

For chess and draughts (8×8) and LAT (11×8): a game of ``--plies`` legal moves from the start
(chosen at random with a fixed seed, often captures, none ending the game) is drawn frame by
frame and encoded as the GIF ``/history`` attaches. Prints the GIF size and the median wall
and CPU time of drawing + encoding, and the peak of the process's resident memory while the
first run made it, over what it was before (``VmHWM``, reset with ``/proc/self/clear_refs``;
``-`` where the kernel does not allow that). Targets from the issue: ≤ 1 MB for 8×8 and
≤ 1.5 MB for LAT, made in ≤ 1 s; issue 38: a replay's peak ≤ 150 MiB, whatever its length
(``--plies 300``).
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import statistics
import time
from pathlib import Path

from PIL import Image

from rendering.game_frames import game_frames, replay_gif
from rules.games import find_game

GAMES = (("8x8 chess", "chess"), ("8x8 draughts", "draughts"), ("11x8 lat", "lat"))


def played_game(game_id: str, plies: int, seed: int = 7) -> list[str]:
    """``plies`` legal moves from the start: random but repeatable, none ending the game."""
    rng = random.Random(seed)
    session = find_game(game_id).session()
    moves: list[str] = []
    while len(moves) < plies and not session.is_over:
        options, captures = [], []
        for text in session.legal_actions():
            result = session.play(text)
            ends = session.is_over
            session.pop()
            if not ends:
                options.append(text)
                if result.captured:
                    captures.append(text)
        if not options:
            break
        text = rng.choice(captures if captures and rng.random() < 0.5 else options)
        session.play(text)
        moves.append(text)
    return moves


def _kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _peak_reset() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores")
    print(
        f"{'game':14} {'plies':>5} {'frames':>6} {'GIF KB':>8} {'median ms':>10} {'cpu ms':>8} "
        f"{'peak MiB':>9}"
    )
    for label, game_id in GAMES:
        moves = played_game(game_id, args.plies)
        walls, cpus, size, frames, peak = [], [], 0, 0, "-"
        for run in range(max(1, args.runs)):
            gc.collect()
            before = _kib("VmRSS")
            exact = run == 0 and _peak_reset()
            w0, c0 = time.perf_counter(), time.process_time()
            gif = replay_gif(game_frames(game_id, moves, players=("Alice", "Bob")))
            walls.append((time.perf_counter() - w0) * 1000)
            cpus.append((time.process_time() - c0) * 1000)
            if exact:
                peak = f"{(_kib('VmHWM') - before) / 1024:+,.0f}"
            size = len(gif)
            with Image.open(io.BytesIO(gif)) as img:
                frames = img.n_frames
        print(
            f"{label:14} {len(moves):>5} {frames:>6} {size / 1024:>8.1f} "
            f"{statistics.median(walls):>10.1f} {statistics.median(cpus):>8.1f} {peak:>9}"
        )


if __name__ == "__main__":
    main()
