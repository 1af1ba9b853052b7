"""The chess opponent: a built-in alpha-beta search on python-chess for every level, and
Stockfish for hard when one is installed.

Built in (works on a fresh machine with nothing else installed): negamax alpha-beta with
iterative deepening, a transposition table, captures first (most valuable victim, least
valuable attacker), a capture-only quiescence search, repetitions scored as draws, and an
evaluation of material plus piece-square tables (Michniewski's "simplified evaluation
function", a king table for the endgame once the queens are gone). Hard searches as deep as
its time allows; medium looks two plies ahead and easy one, both drawing among the good moves
(:func:`ai.engines.choice.pick`) so that a beginner can win at easy.

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
from .choice import pick

log = logging.getLogger(__name__)

#: The environment variable naming the Stockfish binary (a path, or a name on ``PATH``).
STOCKFISH_ENV = "STOCKFISH_PATH"
#: Time kept back from the deadline for the engine round trip.
_ENGINE_MARGIN = 0.15

MATE = 100_000
INFINITY = 1_000_000
VALUES = {
    chess.PAWN: 100,
    chess.KNIGHT: 320,
    chess.BISHOP: 330,
    chess.ROOK: 500,
    chess.QUEEN: 900,
    chess.KING: 0,
}

# Piece-square tables as printed (rank 8 first, from White's side), in centipawns.
_PST_ROWS: dict[int, tuple[int, ...]] = {
    chess.PAWN: (
        0, 0, 0, 0, 0, 0, 0, 0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
        5, 5, 10, 25, 25, 10, 5, 5,
        0, 0, 0, 20, 20, 0, 0, 0,
        5, -5, -10, 0, 0, -10, -5, 5,
        5, 10, 10, -20, -20, 10, 10, 5,
        0, 0, 0, 0, 0, 0, 0, 0,
    ),
    chess.KNIGHT: (
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20, 0, 0, 0, 0, -20, -40,
        -30, 0, 10, 15, 15, 10, 0, -30,
        -30, 5, 15, 20, 20, 15, 5, -30,
        -30, 0, 15, 20, 20, 15, 0, -30,
        -30, 5, 10, 15, 15, 10, 5, -30,
        -40, -20, 0, 5, 5, 0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50,
    ),
    chess.BISHOP: (
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 10, 10, 5, 0, -10,
        -10, 5, 5, 10, 10, 5, 5, -10,
        -10, 0, 10, 10, 10, 10, 0, -10,
        -10, 10, 10, 10, 10, 10, 10, -10,
        -10, 5, 0, 0, 0, 0, 5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20,
    ),
    chess.ROOK: (
        0, 0, 0, 0, 0, 0, 0, 0,
        5, 10, 10, 10, 10, 10, 10, 5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        0, 0, 0, 5, 5, 0, 0, 0,
    ),
    chess.QUEEN: (
        -20, -10, -10, -5, -5, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 5, 5, 5, 0, -10,
        -5, 0, 5, 5, 5, 5, 0, -5,
        0, 0, 5, 5, 5, 5, 0, -5,
        -10, 5, 5, 5, 5, 5, 0, -10,
        -10, 0, 5, 0, 0, 0, 0, -10,
        -20, -10, -10, -5, -5, -10, -10, -20,
    ),
    chess.KING: (
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
        -10, -20, -20, -20, -20, -20, -20, -10,
        20, 20, 0, 0, 0, 0, 20, 20,
        20, 30, 10, 0, 0, 10, 30, 20,
    ),
}  # fmt: skip
_KING_ENDGAME_ROWS = (
    -50, -40, -30, -20, -20, -30, -40, -50,
    -30, -20, -10, 0, 0, -10, -20, -30,
    -30, -10, 20, 30, 30, 20, -10, -30,
    -30, -10, 30, 40, 40, 30, -10, -30,
    -30, -10, 30, 40, 40, 30, -10, -30,
    -30, -10, 20, 30, 30, 20, -10, -30,
    -30, -30, 0, 0, 0, 0, -30, -30,
    -50, -30, -30, -30, -30, -30, -30, -50,
)  # fmt: skip


def _by_square(rows: tuple[int, ...], color: chess.Color) -> tuple[int, ...]:
    """A printed table (rank 8 first, White's view) indexed by python-chess squares for
    ``color``: Black reads it mirrored."""
    table = []
    for square in chess.SQUARES:
        rank, file = chess.square_rank(square), chess.square_file(square)
        row = 7 - rank if color == chess.WHITE else rank
        table.append(rows[row * 8 + file])
    return tuple(table)


#: (color, piece type) -> value + table bonus per square; the king's endgame table apart.
_TABLES = {
    (color, piece): tuple(VALUES[piece] + v for v in _by_square(rows, color))
    for color in chess.COLORS
    for piece, rows in _PST_ROWS.items()
}
_KING_ENDGAME = {color: _by_square(_KING_ENDGAME_ROWS, color) for color in chess.COLORS}


def evaluate(board: chess.Board) -> int:
    """Material and placement in centipawns, from the side to move's view."""
    endgame = not board.queens
    score = 0
    for color, sign in ((chess.WHITE, 1), (chess.BLACK, -1)):
        mask = board.occupied_co[color]
        for piece in chess.PIECE_TYPES:
            if piece == chess.KING and endgame:
                table = _KING_ENDGAME[color]
            else:
                table = _TABLES[(color, piece)]
            for square in chess.scan_forward(board.pieces_mask(piece, color) & mask):
                score += sign * table[square]
    return score if board.turn == chess.WHITE else -score


class SearchTimeout(Exception):
    """The deadline passed inside the search; the caller keeps what it had."""


class Search:
    """One alpha-beta search over a private copy of a board."""

    def __init__(self, board: chess.Board, deadline: float) -> None:
        self.board = board
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[Hashable, tuple[int, int, int, chess.Move | None]] = {}
        # Positions met before the root since the last irreversible move: meeting one again in
        # the search is a repetition, scored as a draw.
        self.seen: dict[Hashable, int] = {}
        root = board._transposition_key()
        self.seen[root] = 1
        replay = board.copy()
        for _ in range(min(board.halfmove_clock, len(board.move_stack))):
            replay.pop()
            key = replay._transposition_key()
            self.seen[key] = self.seen.get(key, 0) + 1

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 127 == 0 and time.monotonic() > self.deadline:
            raise SearchTimeout

    def ordered(self, moves: list[chess.Move], first: chess.Move | None) -> list[chess.Move]:
        """The table's move first, then captures (best victim, cheapest attacker) and
        promotions, then the rest."""
        board = self.board

        def key(move: chess.Move) -> int:
            if move == first:
                return -10_000
            score = 0
            if board.is_capture(move):
                victim = board.piece_type_at(move.to_square) or chess.PAWN
                attacker = board.piece_type_at(move.from_square) or chess.PAWN
                score -= 10 * VALUES[victim] - VALUES[attacker] + 1_000
            if move.promotion:
                score -= VALUES[move.promotion]
            return score

        return sorted(moves, key=key)

    def quiesce(self, alpha: int, beta: int) -> int:
        self._tick()
        board = self.board
        stand = evaluate(board)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        captures = list(board.generate_legal_captures())
        for move in self.ordered(captures, None):
            board.push(move)
            score = -self.quiesce(-beta, -alpha)
            board.pop()
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        board = self.board
        key = board._transposition_key()
        if ply and (board.halfmove_clock >= 100 or self.seen.get(key, 0) >= 1):
            return 0
        moves = list(board.legal_moves)
        if not moves:
            return -MATE + ply if board.is_check() else 0
        if depth <= 0:
            return self.quiesce(alpha, beta)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, flag, stored, first = entry
            score = _from_table(stored, ply)
            if stored_depth >= depth and ply:
                if flag == 0 or (flag > 0 and score >= beta) or (flag < 0 and score <= alpha):
                    return score
        original_alpha = alpha
        best_score, best_move = -INFINITY, None
        self.seen[key] = self.seen.get(key, 0) + 1
        try:
            for move in self.ordered(moves, first):
                board.push(move)
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                board.pop()
                if score > best_score:
                    best_score, best_move = score, move
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        finally:
            self.seen[key] -= 1
        flag = 1 if best_score >= beta else (-1 if best_score <= original_alpha else 0)
        self.table[key] = (depth, flag, _to_table(best_score, ply), best_move)
        return best_score

    def score_moves(self, depth: int, moves: list[chess.Move]) -> list[tuple[int, chess.Move]]:
        """Each root move's exact score at ``depth`` plies (full windows), as far as the
        deadline allows (the moves scored before it)."""
        board = self.board
        scored: list[tuple[int, chess.Move]] = []
        try:
            for move in moves:
                board.push(move)
                try:
                    score = -self.negamax(depth - 1, -INFINITY, INFINITY, 1)
                finally:
                    board.pop()
                scored.append((score, move))
        except SearchTimeout:
            pass
        return scored

    def best(self, moves: list[chess.Move], max_depth: int = 64) -> chess.Move:
        """Iterative deepening until the deadline: the best move of the deepest finished
        iteration (or of the unfinished one, once its first move is searched)."""
        board = self.board
        order = self.ordered(moves, None)
        best = order[0]
        started = time.monotonic()
        for depth in range(1, max_depth + 1):
            if depth > 2 and time.monotonic() - started > (self.deadline - started) / 2:
                break  # the next iteration would not finish: keep the time
            alpha = -INFINITY
            scores: dict[chess.Move, int] = {}
            try:
                for move in order:
                    board.push(move)
                    try:
                        score = -self.negamax(depth - 1, -INFINITY, -alpha, 1)
                    finally:
                        board.pop()
                    scores[move] = score
                    if score > alpha:
                        alpha, best = score, move
            except SearchTimeout:
                break
            order = sorted(order, key=lambda m: -scores[m])
            if alpha >= MATE - 1_000:
                break  # a forced mate found: deeper cannot do better
        return best


def _to_table(score: int, ply: int) -> int:
    """Mate scores stored relative to the node, not the root."""
    if score > MATE - 1_000:
        return score + ply
    if score < -MATE + 1_000:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > MATE - 1_000:
        return score - ply
    if score < -MATE + 1_000:
        return score + ply
    return score


#: (plies, softmax temperature in centipawns) of the weaker levels.
_WEAK = {Level.EASY: (1, 120.0), Level.MEDIUM: (2, 25.0)}


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
    """Chooses a chess move at any level (see the module's docstring)."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        assert isinstance(session, ChessSession)
        board = session.board.copy()
        moves = list(board.legal_moves)
        if level == Level.HARD:
            path = stockfish_path()
            if path is not None:
                move = stockfish_move(board, path, deadline)
                if move is not None:
                    return session.format(move)
            return session.format(Search(board, deadline).best(moves))
        depth, temperature = _WEAK[Level(level)]
        search = Search(board, deadline)
        ordered = search.ordered(moves, None)
        rng.shuffle(ordered)  # so that a timeout does not always keep the same moves
        scored = search.score_moves(depth, ordered) or [(0, ordered[0])]
        return session.format(pick(scored, temperature, rng))


def _register() -> None:
    from . import register_engine

    register_engine("chess", ChessEngine())


_register()
