"""The built-in chess engine against an earlier version of itself (issue 37): a match cheaper and
more sensitive than games against Stockfish, for telling whether a change to the search or the
evaluation is a gain.

The old engine is ``ai/engines/chess_search/`` as of the git revision ``--old`` (default
``HEAD``: the last commit, against the work tree's uncommitted changes), written to a temporary
directory and imported under another name; the new one is the work tree's. Games come in
pairs from one opening (up to ``--book-plies`` plies drawn from the engine's own book with the
pair's seed), the new engine White in one and Black in the other. Each move is one
:class:`Search` with ``--time`` seconds, by default of the process's own CPU time
(``--clock cpu``, so that a loaded machine does not favour whichever side it slows less), or to
a fixed ``--depth``. An engine whose ``Search`` takes a ``table`` keeps its table and evaluator
from move to move, as hard does in its worker process. Games are drawn by threefold repetition,
the fifty-move rule, insufficient material or at ``--max-plies``. Prints won/drawn/lost for the
new engine, its score and the Elo difference that score means (with a 95 % interval from the
games' spread).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import logging
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import chess

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "ai/engines/chess_search"
OLD_NAME = "chess_search_old"


class _CpuClock:
    """Stands in for the search module's :mod:`time`: its clock is the process's CPU time."""

    monotonic = staticmethod(time.process_time)


def export_old(revision: str, into: Path) -> None:
    """Write the engine package as of ``revision`` to ``into/OLD_NAME``."""
    names = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "--name-only", revision, PACKAGE + "/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    target = into / OLD_NAME
    target.mkdir()
    for name in names:
        data = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{revision}:{name}"], check=True, capture_output=True
        ).stdout
        (target / Path(name).name).write_bytes(data)


def _modules(old_dir: str, cpu: bool) -> tuple[ModuleType, ModuleType]:
    sys.path.insert(0, old_dir)
    sys.path.insert(0, str(ROOT))
    new = importlib.import_module("ai.engines.chess_search.search")
    old = importlib.import_module(OLD_NAME + ".search")
    if cpu:
        new.time = _CpuClock  # type: ignore[attr-defined]
        old.time = _CpuClock  # type: ignore[attr-defined]
    return new, old


def play(
    old_dir: str,
    pair: int,
    new_white: bool,
    seconds: float,
    depth: int,
    cpu: bool,
    book_plies: int,
    max_plies: int,
) -> tuple[float, int]:
    """One game; the new engine's points and the game's length in plies."""
    new, old = _modules(old_dir, cpu)
    from ai.engines.chess_search import book_move

    clock = time.process_time if cpu else time.monotonic
    memory: dict[ModuleType, dict[str, Any]] = {}
    for module in (new, old):
        if "table" in inspect.signature(module.Search).parameters:
            memory[module] = {"evaluator": module.Evaluator(), "table": {}}
    board = chess.Board()
    rng = random.Random(pair)
    for _ in range(book_plies):
        move = book_move(board, rng)
        if move is None:
            break
        board.push(move)
    while board.outcome(claim_draw=True) is None and board.ply() < max_plies:
        module = new if (board.turn == chess.WHITE) == new_white else old
        deadline = math.inf if depth else clock() + seconds
        search = module.Search(board.copy(), deadline, **memory.get(module, {}))
        board.push(search.best(max_depth=depth or 64))
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, board.ply()
    return (1.0 if (outcome.winner == chess.WHITE) == new_white else 0.0), board.ply()


def elo(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (clamped off 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: no "-0" printed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="HEAD", help="git revision of the old engine")
    parser.add_argument("--pairs", type=int, default=10, help="game pairs (colours swapped)")
    parser.add_argument("--time", type=float, default=0.5, help="seconds a move")
    parser.add_argument("--depth", type=int, default=0, help="a fixed depth instead of time")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--seed", type=int, default=1000, help="the first pair's opening seed")
    parser.add_argument("--book-plies", type=int, default=10)
    parser.add_argument("--max-plies", type=int, default=300)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with tempfile.TemporaryDirectory() as old_dir:
        export_old(args.old, Path(old_dir))
        jobs = [(args.seed + pair, white) for pair in range(args.pairs) for white in (True, False)]
        points: list[float] = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [
                pool.submit(
                    play,
                    old_dir,
                    seed,
                    white,
                    args.time,
                    args.depth,
                    args.clock == "cpu",
                    args.book_plies,
                    args.max_plies,
                )
                for seed, white in jobs
            ]
            for (seed, white), future in zip(jobs, futures, strict=True):
                result, plies = future.result()
                points.append(result)
                log.info(
                    "opening %d, new engine %s: %s after %d plies",
                    seed,
                    "white" if white else "black",
                    {1.0: "won", 0.5: "drawn", 0.0: "lost"}[result],
                    plies,
                )
    won, drawn = points.count(1.0), points.count(0.5)
    lost = len(points) - won - drawn
    score = sum(points) / len(points)
    spread = statistics.pstdev(points) / math.sqrt(len(points)) if len(points) > 1 else 0.5
    limit = f"depth {args.depth}" if args.depth else f"{args.time:g} {args.clock} s/move"
    print(f"chess built-in, work tree vs {args.old}, {limit}, {len(points)} games")
    print(
        f"new engine won {won}, drawn {drawn}, lost {lost}: score {100 * score:.1f} %, "
        f"Elo {elo(score):+.0f} (95 %: {elo(score - 1.96 * spread):+.0f} .. "
        f"{elo(score + 1.96 * spread):+.0f})"
    )


if __name__ == "__main__":
    main()
