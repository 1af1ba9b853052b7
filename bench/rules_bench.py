"""Rules-core speed: legal-move generation per position and perft nodes per second.

Prints, for every registered variant, the start position and a crowded midgame (reached by a
seeded random game), beside python-chess's perft throughput on the chess start position measured
in the same run. Run: ``python bench/rules_bench.py`` (``pip install chess`` first for the
comparison; without it the chess line is skipped with a note).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from rules import Game, variants

PERFT_BUDGET_S = 1.5


def _time_per_call(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Median seconds per call over a few batches."""
    batch, samples = 1, []
    while True:
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        elapsed = time.perf_counter() - t0
        if elapsed > min_seconds / 5:
            break
        batch *= 2
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - t0) / batch)
    return statistics.median(samples)


def _perft_rate(
    perft: Callable[[int], int], budget: float = PERFT_BUDGET_S
) -> tuple[int, int, float]:
    """Deepest perft that fits the budget: (depth, nodes, nodes per second)."""
    depth, nodes, rate = 0, 0, 0.0
    for d in range(1, 8):
        t0 = time.perf_counter()
        n = perft(d)
        elapsed = time.perf_counter() - t0
        depth, nodes, rate = d, n, n / elapsed if elapsed else 0.0
        if elapsed * 25 > budget:  # the next depth would take far longer than the budget
            break
    return depth, nodes, rate


def _uncached_movegen(game: Game) -> Callable[[], object]:
    def run() -> object:
        game._moves = None  # noqa: SLF001 - measure generation, not the per-ply cache
        return game.legal_moves()

    return run


def _midgame(variant_id: str, options: dict[str, str] | None = None, plies: int = 40) -> Game:
    """A crowded position: a seeded random game of ``plies`` plies, or, where pieces start in
    hand, of just enough plies to place them all and move twice (a full board is the costly case
    for jump sequences)."""
    rng = random.Random(7)
    game = Game.new(variant_id, options)
    in_hand = sum(game.position.hand)
    target = in_hand + 2 if in_hand else plies
    for _ in range(target):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    if game.is_over:
        game.pop()
    return game


def chess_rate() -> tuple[int, float] | None:
    try:
        import chess
    except ImportError:
        return None

    board = chess.Board()

    def perft(depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += perft(depth - 1)
            board.pop()
        return n

    depth, nodes, rate = _perft_rate(perft)
    return depth, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.parse_args()
    chess_result = chess_rate()
    print(f"{'position':34} {'movegen µs':>11} {'moves':>6} {'perft d':>8} {'nodes':>9}"
          f" {'nodes/s':>10} {'vs chess':>9}")
    if chess_result:
        print(f"{'python-chess start (reference)':34} {'':>11} {'':>6} {chess_result[0]:>8}"
              f" {'':>9} {chess_result[1]:>10,.0f} {'1.00':>9}")
    else:
        print("python-chess is not installed: `pip install chess` for the reference line")
    cases: list[tuple[str, Game]] = []
    for v in variants():
        cases.append((f"{v.id} start", Game.new(v.id)))
        for opt in v.options:
            for value in opt.values:
                if value != opt.default:
                    cases.append((f"{v.id} start {opt.key}={value}",
                                  Game.new(v.id, {opt.key: value})))
        cases.append((f"{v.id} midgame", _midgame(v.id)))
    for name, game in cases:
        per_call = _time_per_call(_uncached_movegen(game))
        n_moves = len(game.legal_moves())
        depth, nodes, rate = _perft_rate(game.perft)
        ratio = f"{rate / chess_result[1]:.2f}" if chess_result else "-"
        print(f"{name:34} {per_call * 1e6:>11.1f} {n_moves:>6} {depth:>8} {nodes:>9}"
              f" {rate:>10,.0f} {ratio:>9}")


if __name__ == "__main__":
    main()
