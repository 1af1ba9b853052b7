"""The chess opponent: a built-in search on python-chess for every level, and Stockfish for
hard when one is installed.

Built in (works on a fresh machine with nothing else installed; :mod:`.chess_search`): a
principal-variation alpha-beta search with a transposition table, null move, late-move
reductions, check extensions and a quiescence search pruned by static exchange, over PeSTO's
tapered evaluation. Hard plays from a small public-domain opening book, then searches as deep
as its time allows; medium looks two plies ahead and easy one (plus the quiescence search),
both drawing among the good moves (:func:`ai.engines.choice.pick`) so that a beginner can win
at easy.

Stockfish: when the environment names one (``STOCKFISH_PATH``, which the bot's ``.env`` sets)
or a ``stockfish`` binary is on ``PATH``, hard asks it instead, through python-chess's
synchronous :class:`chess.engine.SimpleEngine` (the search runs in the opponent's worker
process, which has no event loop to share) with the move's time limit. The engine process is
started for the move and quit after it; if it cannot be started or fails, the built-in search
plays and a warning is logged.
"""

from __future__ import annotations

import logging
import os
import random
import shutil
import time
from collections.abc import Hashable
from typing import Any

import chess
import chess.engine

from rules.games import ChessSession, Session

from ..levels import Level
from .chess_search import MATE, Evaluator, Search, book_move
from .choice import pick

log = logging.getLogger(__name__)

#: The environment variable naming the Stockfish binary (a path, or a name on ``PATH``).
STOCKFISH_ENV = "STOCKFISH_PATH"
#: Time kept back from the deadline for the engine round trip.
_ENGINE_MARGIN = 0.15

#: (plies, softmax temperature in centipawns) of the weaker levels.
_WEAK = {Level.EASY: (1, 120.0), Level.MEDIUM: (2, 25.0)}


class _Memory:
    """What hard's searches in this process keep between moves: the transposition table (its
    key is the exact position, so an entry stays true in any game, and the next move starts
    from the last search's results: its moves ordered first, its bounds cutting) and the
    evaluator's caches; both bounded."""

    #: Entries kept at most (about 12,000 are added per move at 1.5 s; some 800 bytes each:
    #: 40 MB at most).
    LIMIT = 50_000

    def __init__(self) -> None:
        self.evaluator = Evaluator()
        self._table: dict[Hashable, tuple[int, int, int, chess.Move | None]] = {}

    def table(self) -> dict[Hashable, tuple[int, int, int, chess.Move | None]]:
        if len(self._table) > self.LIMIT:
            self._table.clear()
        return self._table


_MEMORY = _Memory()


def _graded(score: int) -> int:
    """A score for :func:`pick`: mates a thousand centipawns apart per move of distance, so
    that a level that sees a mate in one never draws a slower one instead."""
    if score > MATE - 1_000:
        return MATE - 1_000 * (MATE - score)
    if score < -MATE + 1_000:
        return -MATE + 1_000 * (MATE + score)
    return score


def stockfish_path() -> str | None:
    """The Stockfish binary hard uses: ``STOCKFISH_PATH`` when set, else ``stockfish`` on
    ``PATH``, else ``None``."""
    configured = os.environ.get(STOCKFISH_ENV, "").strip()
    if configured:
        return shutil.which(configured) or configured
    return shutil.which("stockfish")


def stockfish_move(board: chess.Board, path: str, deadline: float) -> chess.Move | None:
    """The move the UCI engine at ``path`` plays within the deadline, or ``None`` (logged)
    when it cannot be started or answers nothing legal.

    The engine is started for this move and quit after it: no engine process outlives a move
    (the worker may be killed and replaced at any time, and python-chess's background thread
    would keep a finished command-line run waiting)."""
    try:
        engine = chess.engine.SimpleEngine.popen_uci(path)
        try:
            seconds = max(0.05, deadline - time.monotonic() - _ENGINE_MARGIN)
            result = engine.play(board, chess.engine.Limit(time=seconds))
        finally:
            _quit(engine)
    except (chess.engine.EngineError, OSError, TimeoutError) as exc:
        log.warning("chess engine %s failed (%s); the built-in search plays", path, exc)
        return None
    if result.move is None or result.move not in board.legal_moves:
        log.warning("chess engine %s answered no legal move; the built-in search plays", path)
        return None
    return result.move


def _quit(engine: chess.engine.SimpleEngine) -> None:
    """Ask the engine to quit (so it exits cleanly), killing it if it does not answer."""
    try:
        engine.quit()
    except (chess.engine.EngineError, OSError, TimeoutError):
        engine.close()


class ChessEngine:
    """Chooses a chess move at any level (see the module's docstring). ``stockfish=False``
    keeps hard on the built-in search even where Stockfish is installed (the benchmark
    measures the built-in engine against Stockfish itself)."""

    def __init__(self, stockfish: bool = True) -> None:
        self.stockfish = stockfish

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        assert isinstance(session, ChessSession)
        board = session.board.copy()
        moves = list(board.legal_moves)
        if level == Level.HARD:
            path = stockfish_path() if self.stockfish else None
            if path is not None:
                move = stockfish_move(board, path, deadline)
                if move is not None:
                    return session.format(move)
            move = book_move(board, rng)
            if move is None:
                move = Search(board, deadline, _MEMORY.evaluator, table=_MEMORY.table()).best(moves)
            return session.format(move)
        depth, temperature = _WEAK[Level(level)]
        search = Search(board, deadline)
        ordered = list(moves)
        rng.shuffle(ordered)  # so that a timeout does not always keep the same moves
        scored = search.score_moves(1, ordered) or [(0, ordered[0])]
        if depth > 1 and len(scored) == len(ordered):
            # Deeper only when every move has its one-ply score, and kept only when every
            # move gets the deeper one too: on a slow machine medium falls back to one ply
            # (still better than easy: a lower temperature), never to a random subset.
            scored.sort(key=lambda item: item[0], reverse=True)
            deeper = search.score_moves(depth, [move for _, move in scored])
            if len(deeper) == len(scored):
                scored = deeper
        return session.format(pick([(_graded(s), m) for s, m in scored], temperature, rng))


def _register() -> None:
    from . import register_engine

    register_engine("chess", ChessEngine())


_register()
