"""Replay GIF size and time for a 60-ply game (a measurement, not a test).

    .venv/bin/python bench/gif_bench.py [--plies 60] [--runs 3]

For chess and draughts (8×8) and LAT (11×8): a game of ``--plies`` legal moves from the start
(chosen at random with a fixed seed, often captures, none ending the game) is drawn frame by
frame and encoded as the GIF ``/history`` attaches. Prints the GIF size and the median wall
and CPU time of drawing + encoding. Targets from the issue: ≤ 1 MB for 8×8 and ≤ 1.5 MB for
LAT, made in ≤ 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':14} {'plies':>5} {'GIF KB':>8} {'median ms':>10} {'cpu ms':>8}")
    for label, game_id in GAMES:
        moves = played_game(game_id, args.plies)
        walls, cpus, size = [], [], 0
        for _ in range(max(1, args.runs)):
            w0, c0 = time.perf_counter(), time.process_time()
            gif = replay_gif(game_frames(game_id, moves, players=("Alice", "Bob")))
            walls.append((time.perf_counter() - w0) * 1000)
            cpus.append((time.process_time() - c0) * 1000)
            size = len(gif)
        print(
            f"{label:14} {len(moves):>5} {size / 1024:>8.1f} "
            f"{statistics.median(walls):>10.1f} {statistics.median(cpus):>8.1f}"
        )


if __name__ == "__main__":
    main()
