"""The English draughts opponent: alpha-beta over the rules' own session.

The session's move generator already applies the compulsory-capture rules (a capture when any
is possible, the whole multi-jump, crowning ends the move), so the search plays exactly the
moves a player may. Negamax with iterative deepening, a transposition table, the game's own
end checks (no move, no pieces, threefold repetition, forty moves), and a capture extension: a
position where a capture is due is never judged statically, the jumps are searched first.

The evaluation (side to move's view, a man 100): kings 160; men gain as they advance, most on
the two rows before crowning; an intact back row keeps enemy men from crowning; the centre
counts; with a material lead, trading down and kings closing in on the enemy pieces turn it
into a win instead of a forty-move draw. Hard searches as deep as its time allows; medium four
plies and easy two, both drawing among the good moves (:func:`ai.engines.choice.pick`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any

from rules.games import DraughtsMove, DraughtsSession, Session

from ..levels import Level
from .choice import pick

WIN = 100_000
INFINITY = 1_000_000
MAN, KING = 100, 160
#: (plies, softmax temperature in hundredths of a man) of the weaker levels.
_WEAK = {Level.EASY: (2, 60.0), Level.MEDIUM: (4, 15.0)}

_BLACK, _WHITE = 1, -1
_CENTRE = frozenset({9, 10, 13, 14, 17, 18, 21, 22})  # 0-based squares 10–11, 14–15, 18–19, 22–23


def _row(square: int) -> int:
    return square // 4


def _column(square: int) -> int:
    row = square // 4
    return 2 * (square % 4) + (1 if row % 2 == 0 else 0)


def _advance_table(side: int) -> tuple[int, ...]:
    """A man's bonus per square: a little per row advanced, more on the last two before
    crowning; its own back row guarded."""
    table = []
    for square in range(32):
        row = _row(square) if side == _BLACK else 7 - _row(square)
        bonus = 3 * row + (8 if row >= 5 else 0)
        if row == 0:
            bonus += 6
        if square in _CENTRE:
            bonus += 4
        table.append(bonus)
    return tuple(table)


_MAN_BONUS = {_BLACK: _advance_table(_BLACK), _WHITE: _advance_table(_WHITE)}


def evaluate(board: list[int], side: int) -> int:
    """The position's worth for ``side`` (1 Black, -1 White), a man counting 100."""
    material = {_BLACK: 0, _WHITE: 0}
    placement = 0
    kings: dict[int, list[int]] = {_BLACK: [], _WHITE: []}
    pieces: dict[int, list[int]] = {_BLACK: [], _WHITE: []}
    for square, value in enumerate(board):
        if value == 0:
            continue
        colour = _BLACK if value > 0 else _WHITE
        pieces[colour].append(square)
        if abs(value) == 2:
            material[colour] += KING
            kings[colour].append(square)
            placement += colour * (6 if square in _CENTRE else 0)
        else:
            material[colour] += MAN
            placement += colour * _MAN_BONUS[colour][square]
    score = material[_BLACK] - material[_WHITE] + placement
    lead = material[_BLACK] - material[_WHITE]
    if lead:
        # Ahead: fewer pieces on the board make the lead count more, and the leader's kings
        # hunt the other side's pieces (so the win comes before the forty-move rule).
        leader = _BLACK if lead > 0 else _WHITE
        total = material[_BLACK] + material[_WHITE]
        score += leader * (2400 - total) // 40
        targets = pieces[-leader]
        for king in kings[leader]:
            nearest = min((_distance(king, t) for t in targets), default=0)
            score -= leader * 3 * nearest
    return score * side


def _distance(a: int, b: int) -> int:
    return max(abs(_row(a) - _row(b)), abs(_column(a) - _column(b)))


class SearchTimeout(Exception):
    """The deadline passed inside the search."""


class Search:
    """Alpha-beta over a draughts session (every push is popped again)."""

    def __init__(self, session: DraughtsSession, deadline: float) -> None:
        self.session = session
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[Hashable, tuple[int, int, int, DraughtsMove | None]] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 511 == 0 and time.monotonic() > self.deadline:
            raise SearchTimeout

    def _terminal(self, ply: int) -> int:
        outcome = self.session.outcome
        assert outcome is not None
        return 0 if outcome.winner is None else -WIN + ply

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        session = self.session
        moves = session.legal_moves()
        if not moves:
            return self._terminal(ply)
        capturing = bool(moves[0].captured)
        if depth <= 0 and not capturing:
            return evaluate(session.board, session.side)
        key = (session.side, *session.board)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, flag, score, first = entry
            if stored_depth >= depth and abs(score) < WIN - 1_000:
                if flag == 0 or (flag > 0 and score >= beta) or (flag < 0 and score <= alpha):
                    return score
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        original_alpha = alpha
        best_score, best_move = -INFINITY, None
        for move in moves:
            session.push(move)
            score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            session.pop()
            if score > best_score:
                best_score, best_move = score, move
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        flag = 1 if best_score >= beta else (-1 if best_score <= original_alpha else 0)
        self.table[key] = (depth, flag, best_score, best_move)
        return best_score

    def _unwind(self, ply: int) -> None:
        """Take back what a search cut short by its deadline left played (the session is the
        caller's: it must be left as it was found)."""
        while self.session.ply > ply:
            self.session.pop()

    def score_moves(
        self, depth: int, moves: list[DraughtsMove]
    ) -> list[tuple[int, DraughtsMove]]:
        """Each move's exact score at ``depth`` plies, as far as the deadline allows."""
        session = self.session
        start = session.ply
        scored: list[tuple[int, DraughtsMove]] = []
        try:
            for move in moves:
                session.push(move)
                score = -self.negamax(depth - 1, -INFINITY, INFINITY, 1)
                session.pop()
                scored.append((score, move))
        except SearchTimeout:
            self._unwind(start)
        return scored

    def best(self, moves: list[DraughtsMove], rng: random.Random) -> DraughtsMove:
        """Iterative deepening until the deadline; equal best moves are drawn by ``rng``."""
        session = self.session
        order = list(moves)
        rng.shuffle(order)
        best = order[0]
        start = session.ply
        started = time.monotonic()
        for depth in range(1, 64):
            if depth > 2 and time.monotonic() - started > (self.deadline - started) / 2:
                break  # the next iteration would not finish
            alpha = -INFINITY
            scores: dict[DraughtsMove, int] = {}
            try:
                for move in order:
                    session.push(move)
                    score = -self.negamax(depth - 1, -INFINITY, -alpha, 1)
                    session.pop()
                    scores[move] = score
                    if score > alpha:
                        alpha, best = score, move
            except SearchTimeout:
                self._unwind(start)
                break
            order.sort(key=lambda m: -scores[m])
            if abs(alpha) >= WIN - 1_000:
                break  # a forced win or loss is found
        return best


class DraughtsEngine:
    """Chooses a draughts move at any level (see the module's docstring)."""

    def choose(
        self, session: Session[Any], level: Level, deadline: float, rng: random.Random
    ) -> str:
        assert isinstance(session, DraughtsSession)
        moves = session.legal_moves()
        search = Search(session, deadline)
        if level == Level.HARD:
            return session.format(search.best(moves, rng))
        depth, temperature = _WEAK[Level(level)]
        rng.shuffle(moves)
        scored = search.score_moves(depth, moves) or [(0, moves[0])]
        return session.format(pick(scored, temperature, rng))


def _register() -> None:
    from . import register_engine

    register_engine("draughts", DraughtsEngine())


_register()
