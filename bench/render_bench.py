"""Render + PNG-encode timings of board pictures (a measurement, not a test).

    .venv/bin/python bench/render_bench.py [--runs N]

Prints, per board size, the cold first render (empty caches: sprites and background drawn) and
the median / p95 of warm renders, plus the PNG size. Targets from the issue: median ≤ 15 ms for
8×8 and ≤ 25 ms for 11×8 at the default size, PNG ≤ 80 KB.
"""

from __future__ import annotations

import argparse
import statistics
import time

import rules
from rendering import render_board
from rendering.board import board_background
from rendering.captures import _start_for
from rendering.layout import layout
from rendering.sprites import piece_sprite
from rendering.text import font

# Mid-game-looking positions with a last move, so highlights and the caption are exercised.
CASES: list[tuple[str, str, list[str]]] = [
    ("8x8 classic", "classic", ["c8-c5", "e2-e4", "a8-a6", "a1-a5"]),
    ("8x8 rugen", "rugen", ["a2-a3", "h7-h6", "a3-a5"]),
    (
        "12x8 classic",
        "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b",
        ["c8-c5", "g2-g4", "a8-a6"],
    ),
    ("11x8 lat", "lat", ["a1-a4", "k8-k5", "f2-f4"]),
]


def _clear_caches() -> None:
    for cached in (piece_sprite, board_background, font, layout, _start_for):
        cached.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print(f"{'board':<14} {'cold ms':>8} {'median ms':>10} {'p95 ms':>8} {'PNG KB':>8}")
    for label, start, moves in CASES:
        game = rules.Game(rules.position_from_text(start))
        last = None
        for m in moves:
            last = game.play(m)
        kwargs = dict(last_move=last, players=("Alice", "Bob"), move_number=game.ply)

        _clear_caches()
        t0 = time.perf_counter()
        png = render_board(game.position, **kwargs)  # type: ignore[arg-type]
        cold = (time.perf_counter() - t0) * 1000

        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            png = render_board(game.position, **kwargs)  # type: ignore[arg-type]
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(len(times) * 0.95))]
        print(
            f"{label:<14} {cold:8.1f} {statistics.median(times):10.2f} {p95:8.2f} "
            f"{len(png) / 1024:8.1f}"
        )


if __name__ == "__main__":
    main()
