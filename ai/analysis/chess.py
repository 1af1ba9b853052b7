"""Chess positions scored at a fixed depth: Stockfish when installed, else a built-in search.

Stockfish is found as the hard level finds it (:func:`ai.engines.chess.stockfish_path`:
``STOCKFISH_PATH`` or ``stockfish`` on ``PATH``) and asked for a fixed depth with one thread
and a fresh hash for every position (``ucinewgame``), so its answer does not depend on what it
saw before: a resumed analysis equals an uninterrupted one. One engine process is kept per
analysis worker process (started on first use, quit when the process ends).

Without it, a small alpha-beta of our own (its own code: the opponent's search is tuned for
play, not for a reproducible score) at :data:`BUILTIN_DEPTH` plies plus a capture search, on the
opponent's evaluation (:func:`ai.engines.chess.evaluate`, material and piece-square tables).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import chess
import chess.engine

from rules.games import Session

from ..engines.chess import stockfish_path
from ..engines.chess_search.evaluation import evaluate
from ..errors import AIError
from .model import PositionScore
from .review import CHESS_K, Scale, win_percent

__all__ = [
    "ANALYSER",
    "BUILTIN_DEPTH",
    "STOCKFISH_DEPTH",
    "AnalysisEngineError",
    "ChessAnalyser",
    "builtin_score",
]

log = logging.getLogger(__name__)

STOCKFISH_DEPTH = 10
"""Stockfish's depth per position: tens of milliseconds each on a quiet core (depth 12 took
75 s for a 60-move game under a load average of 15 on two cores; 10 is about twice as fast)."""

BUILTIN_DEPTH = 2
"""The built-in search's depth (plus captures): about 0.1 s a position in Python."""

STARTUP_TIMEOUT = 60.0
"""Seconds Stockfish may take to start and answer ``uci`` (python-chess's default is 10)."""

MATE = 100_000
_VALUES = {
    chess.PAWN: 100,
    chess.KNIGHT: 320,
    chess.BISHOP: 330,
    chess.ROOK: 500,
    chess.QUEEN: 900,
    chess.KING: 0,
}


class AnalysisEngineError(AIError):
    """The engine an analysis uses failed (the batch is not stored; asked again, it resumes)."""


class _Builtin:
    """Negamax alpha-beta to a fixed depth with a capture-only quiescence search; moves in
    python-chess's order (captures first, most valuable victim first), so it is
    deterministic."""

    def __init__(self, board: chess.Board) -> None:
        self.board = board

    def ordered(self, captures_only: bool = False) -> list[chess.Move]:
        board = self.board
        moves = list(board.generate_legal_captures() if captures_only else board.legal_moves)

        def key(move: chess.Move) -> int:
            victim = board.piece_type_at(move.to_square)
            if victim is None:
                return 0 if not move.promotion else -800
            attacker = board.piece_type_at(move.from_square) or chess.PAWN
            return -(10 * _VALUES[victim] - _VALUES[attacker] + 10_000)

        return sorted(moves, key=key)

    def quiesce(self, alpha: int, beta: int, depth: int = 0) -> int:
        stand = evaluate(self.board)
        if stand >= beta or depth >= 6:
            return stand
        alpha = max(alpha, stand)
        for move in self.ordered(captures_only=True):
            self.board.push(move)
            score = -self.quiesce(-beta, -alpha, depth + 1)
            self.board.pop()
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        board = self.board
        if board.is_checkmate():
            return -MATE + ply
        if board.is_stalemate() or board.is_insufficient_material():
            return 0
        if ply and board.is_repetition(2):
            return 0
        if depth <= 0:
            return self.quiesce(alpha, beta)
        best = -MATE
        for move in self.ordered():
            board.push(move)
            score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            board.pop()
            if score > best:
                best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def root(self, depth: int) -> tuple[int, chess.Move | None]:
        best_move: chess.Move | None = None
        alpha = -MATE - 1
        for move in self.ordered():
            self.board.push(move)
            score = -self.negamax(depth - 1, -MATE - 1, -alpha, 1)
            self.board.pop()
            if score > alpha:
                alpha, best_move = score, move
        return alpha, best_move


def builtin_score(board: chess.Board, depth: int) -> tuple[int, chess.Move | None]:
    """The built-in search's score (centipawns, side to move) and best move at ``depth``."""
    return _Builtin(board.copy()).root(max(1, depth))


_STOCKFISH: dict[str, chess.engine.SimpleEngine] = {}
"""The engine open during a :meth:`ChessAnalyser.prepared` block (one per block)."""


class ChessAnalyser:
    """The chess family's analyser (see the module's docstring). ``path``: the Stockfish
    binary to use (default: the one the hard level would find; ``""``: never Stockfish)."""

    unit = "pawns"
    scale = Scale(k=CHESS_K, divisor=100.0, cap=20.0)

    def __init__(self, path: str | None = None) -> None:
        self.path = path

    @contextmanager
    def prepared(self) -> Iterator[None]:
        """Keep one Stockfish process for a batch of positions (started here, quit at the
        end: no engine outlives a batch, whatever happens to the worker afterwards).

        A Stockfish that cannot start fails the batch (:class:`AnalysisEngineError`): its
        scores and the built-in search's are on different scales, so one analysis never mixes
        them; the bot says the analysis failed and resumes it when asked again."""
        path = self._path()
        engine = None
        if path:
            try:  # a loaded machine may take a while to start it: a generous timeout
                engine = chess.engine.SimpleEngine.popen_uci(path, timeout=STARTUP_TIMEOUT)
                engine.configure({"Threads": 1, "Hash": 16})
                _STOCKFISH[path] = engine
            except (chess.engine.EngineError, OSError) as exc:
                raise AnalysisEngineError(f"Stockfish {path} cannot start: {exc!r}") from exc
        try:
            yield
        finally:
            if engine is not None and path is not None:
                _STOCKFISH.pop(path, None)
                try:
                    engine.quit()
                except (chess.engine.EngineError, OSError, TimeoutError):
                    engine.close()

    def _path(self) -> str | None:
        return stockfish_path() if self.path is None else (self.path or None)

    @property
    def default_depth(self) -> int:
        return STOCKFISH_DEPTH if self._path() else BUILTIN_DEPTH

    def engine(self, depth: int) -> str:
        return f"Stockfish depth {depth}" if self._path() else f"built-in search depth {depth}"

    def score(self, session: Session[Any], depth: int, played: str | None = None) -> PositionScore:
        board = getattr(session, "board", None)
        if not isinstance(board, chess.Board):
            raise TypeError("a chess analysis needs a chess session")
        seat = session.to_move
        outcome = session.outcome
        if outcome is not None:
            if outcome.winner is None:
                return PositionScore(seat=seat, value=0.0, win=50.0)
            won = outcome.winner == seat
            return PositionScore(seat=seat, value=MATE if won else -MATE, win=100.0 * won)
        legal = list(board.legal_moves)
        value, move = self._search(board, depth)
        return PositionScore(
            seat=seat,
            value=float(value),
            win=win_percent(value),
            best=board.san(move) if move is not None else None,
            forced=len(legal) == 1,
        )

    def _search(self, board: chess.Board, depth: int) -> tuple[int, chess.Move | None]:
        path = self._path()
        if path:
            engine = _STOCKFISH.get(path)
            if engine is None:
                raise AnalysisEngineError("Stockfish scores only inside prepared()")
            try:
                info = engine.analyse(board, chess.engine.Limit(depth=depth), game=object())
            except (chess.engine.EngineError, OSError) as exc:
                raise AnalysisEngineError(f"Stockfish failed: {exc!r}") from exc
            score = info["score"].relative.score(mate_score=MATE)
            pv = info.get("pv") or []
            if score is None or not pv or pv[0] not in board.legal_moves:
                raise AnalysisEngineError(f"Stockfish gave no move for {board.fen()}")
            return score, pv[0]
        return builtin_score(board, depth)


ANALYSER = ChessAnalyser()
