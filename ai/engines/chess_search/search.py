"""The built-in chess search: principal-variation alpha-beta on python-chess.

Iterative deepening with aspiration windows around the last score; a transposition table
keyed by python-chess's transposition key (the bitboards, side, castling and en-passant
square: exact, no hash collisions); null-move pruning (never in check, nor for a side left
with king and pawns, where zugzwang is common); reverse futility and futility pruning near the
leaves; late-move reductions for quiet moves ordered late; one ply more for a move that gives
check; moves ordered by the table's move, captures by static exchange (winning ones by most
valuable victim and least valuable attacker), two killer moves per ply and a history score;
and a quiescence search over captures and promotions that drops captures losing material by
static exchange, with every reply searched when in check. Repetitions (of the search path or
of the game since its last irreversible move) and the fifty-move rule score as draws.

The search raises :class:`SearchTimeout` inside when the deadline passes; :meth:`Search.best`
keeps the best move of the deepest iteration it finished (or of the unfinished one once its
first move was searched) and does not start an iteration it would not have time to finish.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator

import chess

from .evaluation import SEE_VALUE, Evaluator
from .exchange import see, see_at_least

MATE = 100_000
MATE_BOUND = MATE - 1_000
INFINITY = 1_000_000
MAX_PLY = 64

EXACT, LOWER, UPPER = 0, 1, 2

#: Late-move reduction by (depth, move number), a logarithmic formula as most engines use.
_LMR = [[0] * 64 for _ in range(MAX_PLY + 1)]
for _d in range(1, MAX_PLY + 1):
    for _m in range(1, 64):
        _LMR[_d][_m] = int(0.75 + math.log(_d) * math.log(_m) / 2.25)

_FUTILITY = (0, 200, 350, 500)
_REVERSE_FUTILITY = 110
_DELTA = 200
_NULL = chess.Move.null()


def _first(item: tuple[int, chess.Move]) -> int:
    return item[0]


def _capture_order(board: chess.Board, move: chess.Move) -> tuple[int, bool]:
    """A capture's or promotion's place among the captures -- most valuable victim first,
    least valuable attacker first, a promotion's new piece added -- and whether the static
    exchange says it loses material (only looked at when the victim is worth less than the
    attacker: the exchange costs more than the ordering it refines)."""
    victim = board.piece_type_at(move.to_square) or chess.PAWN
    attacker = board.piece_type_at(move.from_square) or chess.PAWN
    score = 10 * SEE_VALUE[victim] - SEE_VALUE[attacker]
    if move.promotion:
        score += SEE_VALUE[move.promotion]
    losing = SEE_VALUE[victim] < SEE_VALUE[attacker] and see(board, move) < 0
    return score, losing


_BB_SQUARES = chess.BB_SQUARES
_PAWN_ATTACKS = chess.BB_PAWN_ATTACKS
_KNIGHT_ATTACKS = chess.BB_KNIGHT_ATTACKS
_DIAG_ATTACKS = chess.BB_DIAG_ATTACKS
_DIAG_MASKS = chess.BB_DIAG_MASKS
_RANK_ATTACKS = chess.BB_RANK_ATTACKS
_RANK_MASKS = chess.BB_RANK_MASKS
_FILE_ATTACKS = chess.BB_FILE_ATTACKS
_FILE_MASKS = chess.BB_FILE_MASKS


def gives_check(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move`` (legal, side to move) checks, read from attack tables without making
    it: python-chess's ``Board.gives_check`` pushes and pops the move, which costs as much as
    searching a node, and the pruning asks it of many moves it then skips."""
    from_square = move.from_square
    to = move.to_square
    piece = board.piece_type_at(from_square)
    if move.promotion or piece == chess.KING and abs(to - from_square) == 2:
        return board.gives_check(move)  # promotions and castling: the rare, long way
    if piece == chess.PAWN and board.ep_square == to and not board.occupied & _BB_SQUARES[to]:
        return board.gives_check(move)  # en passant removes a second piece
    turn = board.turn
    king = board.king(not turn)
    if king is None:
        return False
    to_mask = _BB_SQUARES[to]
    occupied = (board.occupied & ~_BB_SQUARES[from_square]) | to_mask
    king_mask = _BB_SQUARES[king]
    # The moved piece's own check from its new square.
    if piece == chess.PAWN:
        if _PAWN_ATTACKS[turn][to] & king_mask:
            return True
    elif piece == chess.KNIGHT:
        if _KNIGHT_ATTACKS[to] & king_mask:
            return True
    elif piece != chess.KING:
        attacks = 0
        if piece != chess.ROOK:
            attacks |= _DIAG_ATTACKS[to][_DIAG_MASKS[to] & occupied]
        if piece != chess.BISHOP:
            attacks |= (
                _RANK_ATTACKS[to][_RANK_MASKS[to] & occupied]
                | _FILE_ATTACKS[to][_FILE_MASKS[to] & occupied]
            )
        if attacks & king_mask:
            return True
    # A check discovered by a slider behind the square left (the enemy king was not in check
    # before the move, so any attacker now other than the moved piece is a discovered one).
    ours = board.occupied_co[turn] & ~_BB_SQUARES[from_square] & ~to_mask
    sliders = ours & (board.bishops | board.rooks | board.queens)
    if not sliders:
        return False
    diagonal = _DIAG_ATTACKS[king][_DIAG_MASKS[king] & occupied] & (board.bishops | board.queens)
    straight = (
        _RANK_ATTACKS[king][_RANK_MASKS[king] & occupied]
        | _FILE_ATTACKS[king][_FILE_MASKS[king] & occupied]
    ) & (board.rooks | board.queens)
    return bool((diagonal | straight) & sliders)


class SearchTimeout(Exception):
    """The deadline passed inside the search; the caller keeps what it had."""


class Search:
    """One search over a private copy of a board; reuse it for several depths."""

    def __init__(
        self,
        board: chess.Board,
        deadline: float,
        evaluator: Evaluator | None = None,
        max_nodes: int | None = None,
        table: dict[Hashable, tuple[int, int, int, chess.Move | None]] | None = None,
    ) -> None:
        self.board = board
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.evaluator = evaluator or Evaluator()
        self.nodes = 0
        self.completed_depth = 0
        #: The score of the last finished iteration, for the side to move.
        self.score = 0
        #: The best move so far of the iteration under way.
        self.partial: chess.Move | None = None
        #: key -> (depth, flag, score, move); a caller may pass the table of its last search
        #: (the key is exact, so entries stay true: the next move starts from them).
        self.table: dict[Hashable, tuple[int, int, int, chess.Move | None]] = (
            {} if table is None else table
        )
        self.killers: list[list[chess.Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[tuple[bool, int, int], int] = {}
        # Positions on the path to the current node and in the game since its last irreversible
        # move: meeting one again is a repetition, scored as a draw.
        self.seen: dict[Hashable, int] = {}
        replay = board.copy()
        for _ in range(min(board.halfmove_clock, len(board.move_stack))):
            replay.pop()
            key = replay._transposition_key()
            self.seen[key] = self.seen.get(key, 0) + 1

    # ----- bookkeeping ---------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 63 == 0:  # a clock read every 64 nodes: a few ms late at most
            if time.monotonic() > self.deadline:
                raise SearchTimeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise SearchTimeout

    def _store(self, key: Hashable, depth: int, flag: int, score: int, ply: int,
               move: chess.Move | None) -> None:  # fmt: skip
        if score > MATE_BOUND:
            score += ply
        elif score < -MATE_BOUND:
            score -= ply
        old = self.table.get(key)
        if old is not None and old[0] > depth and flag != EXACT:
            return  # keep the deeper bound
        if move is None and old is not None:
            move = old[3]
        self.table[key] = (depth, flag, score, move)

    # ----- ordering ------------------------------------------------------------------------

    def _order(self, moves: list[chess.Move], first: chess.Move | None, ply: int
               ) -> list[chess.Move]:  # fmt: skip
        board = self.board
        killers = self.killers[ply]
        killer0 = killers[0]
        killer1 = killers[1]
        history = self.history
        turn = board.turn
        targets = board.occupied_co[not turn]
        if board.ep_square is not None:
            targets |= chess.BB_SQUARES[board.ep_square] & (
                chess.BB_RANK_6 if turn else chess.BB_RANK_3
            )
        scored = []
        for move in moves:
            to = move.to_square
            if targets & chess.BB_SQUARES[to] or move.promotion:
                if first is not None and to == first.to_square and move == first:
                    scored.append((10_000_000, move))
                    continue
                score, losing = _capture_order(board, move)
                # losing captures after the quiet moves, the others before them
                score += -2_000_000 if losing else 1_000_000
            elif first is not None and to == first.to_square and move == first:
                score = 10_000_000
            elif killer0 is not None and to == killer0.to_square and move == killer0:
                score = 900_000
            elif killer1 is not None and to == killer1.to_square and move == killer1:
                score = 800_000
            else:
                score = history.get((turn, move.from_square, to), 0)
            scored.append((score, move))
        scored.sort(key=_first, reverse=True)
        return [move for _, move in scored]

    def _moves(self, first: chess.Move | None, ply: int) -> Iterator[chess.Move]:
        """The legal moves in search order, generated in stages so that a cut-off spares the
        later ones: the table's move before any are generated (the key is exact, so it is
        legal here), then captures and promotions (winning and equal ones by most valuable
        victim), the two killers (checked for legality alone), the quiet moves by history,
        and the losing captures last. Most nodes cut off on one of the first moves, and
        generating every legal move costs as much as searching several nodes."""
        board = self.board
        if first is not None:
            yield first
        turn = board.turn
        targets = board.occupied_co[not turn]
        if board.ep_square is not None:
            targets |= _BB_SQUARES[board.ep_square] & (chess.BB_RANK_6 if turn else chess.BB_RANK_3)
        back_rank = chess.BB_RANK_8 if turn else chess.BB_RANK_1
        promoting = (
            board.pawns & board.occupied_co[turn] & (chess.BB_RANK_7 if turn else chess.BB_RANK_2)
        )
        good: list[tuple[int, chess.Move]] = []
        bad: list[tuple[int, chess.Move]] = []
        for move in board.generate_legal_moves(
            chess.BB_ALL, targets | (back_rank if promoting else 0)
        ):
            to = move.to_square
            if not (targets & _BB_SQUARES[to] or move.promotion) or move == first:
                continue  # a quiet move to the back rank: with the quiet ones
            score, losing = _capture_order(board, move)
            (bad if losing else good).append((score, move))
        if good:
            good.sort(key=_first, reverse=True)
            for _, move in good:
                yield move
        killers = [
            killer
            for killer in self.killers[ply]
            if killer is not None
            and killer != first
            and not killer.promotion
            and not targets & _BB_SQUARES[killer.to_square]
            and board.is_legal(killer)
        ]
        yield from killers
        history = self.history
        quiets = []
        for move in board.generate_legal_moves(chess.BB_ALL, ~targets):
            if move.promotion or move == first or move in killers:
                continue
            quiets.append((history.get((turn, move.from_square, move.to_square), 0), move))
        quiets.sort(key=_first, reverse=True)
        for _, move in quiets:
            yield move
        if bad:
            bad.sort(key=_first, reverse=True)
            for _, move in bad:
                yield move

    def _reward(self, move: chess.Move, depth: int, ply: int,
                quiets: list[chess.Move]) -> None:  # fmt: skip
        """A quiet move that cut off: remember it as a killer and raise its history; lower
        the history of the quiet moves tried before it."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        turn = self.board.turn
        bonus = depth * depth
        history = self.history
        key = (turn, move.from_square, move.to_square)
        history[key] = min(history.get(key, 0) + bonus, 700_000)
        for other in quiets:
            if other != move:
                key = (turn, other.from_square, other.to_square)
                history[key] = history.get(key, 0) - bonus

    # ----- the searches --------------------------------------------------------------------

    def quiesce(self, alpha: int, beta: int, ply: int, in_check: bool | None = None) -> int:
        """Captures and promotions until the position is quiet; all replies in check
        (``in_check`` when the caller knows it already, saving a look-up)."""
        self._tick()
        board = self.board
        if in_check is None:
            in_check = board.is_check()
        if in_check:
            moves = list(board.generate_legal_moves())
            if not moves:
                return -MATE + ply
            best = -INFINITY
            ordered = self._order(moves, None, min(ply, MAX_PLY))
        else:
            stand = self.evaluator.evaluate(board)
            if stand >= beta or ply >= MAX_PLY:
                return stand
            if stand > alpha:
                alpha = stand
            best = stand
            captures: list[tuple[int, chess.Move]] = []
            # Delta pruning needs the score to move by the material only: against a side
            # without pawns a capture may leave it too little to win (scored as a draw).
            delta = _DELTA if board.pawns & board.occupied_co[not board.turn] else INFINITY
            for move in board.generate_legal_captures():
                victim = board.piece_type_at(move.to_square) or chess.PAWN
                # Delta pruning: even winning this piece cannot lift the score to alpha.
                if not move.promotion and stand + SEE_VALUE[victim] + delta <= alpha:
                    continue
                if not see_at_least(board, move, 0):
                    continue
                attacker = board.piece_type_at(move.from_square) or chess.PAWN
                captures.append((10 * SEE_VALUE[victim] - SEE_VALUE[attacker], move))
            captures.sort(key=_first, reverse=True)
            ordered = [move for _, move in captures]
            if board.pawns & (chess.BB_RANK_7 if board.turn else chess.BB_RANK_2):
                for move in board.generate_legal_moves(
                    board.pawns, chess.BB_RANK_8 | chess.BB_RANK_1
                ):
                    if move.promotion == chess.QUEEN and not board.is_capture(move):
                        ordered.insert(0, move)
        for move in ordered:
            board.push(move)
            score = -self.quiesce(-beta, -alpha, ply + 1)
            board.pop()
            if score > best:
                best = score
                if score > alpha:
                    if score >= beta:
                        return score
                    alpha = score
        return best

    def negamax(self, depth: int, alpha: int, beta: int, ply: int,
                null_allowed: bool = True, in_check: bool | None = None) -> int:  # fmt: skip
        """The score of the position for the side to move, searched ``depth`` plies
        (``in_check``: whether the side to move is in check, when the caller knows)."""
        board = self.board
        pv_node = beta - alpha > 1
        key = board._transposition_key()
        if board.halfmove_clock >= 100 or self.seen.get(key, 0):
            return 0
        if in_check is None:
            in_check = board.is_check()
        if in_check:
            depth += 1
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, in_check)
        self._tick()
        if ply >= MAX_PLY:
            return self.evaluator.evaluate(board)

        # Mate distance pruning: no line here beats a mate already found nearer the root.
        alpha = max(alpha, -MATE + ply)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha

        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            stored_depth, flag, score, tt_move = entry
            if score > MATE_BOUND:
                score -= ply
            elif score < -MATE_BOUND:
                score += ply
            if stored_depth >= depth and not pv_node:
                if (
                    flag == EXACT
                    or (flag == LOWER and score >= beta)
                    or (flag == UPPER and score <= alpha)
                ):
                    return score

        static = -INFINITY if in_check else self.evaluator.evaluate(board)
        turn = board.turn
        has_pieces = bool(board.occupied_co[turn] & ~board.pawns & ~board.kings)

        if not pv_node and not in_check:
            # Reverse futility: far enough above beta that a shallow search will not fall.
            if depth <= 3 and static - _REVERSE_FUTILITY * depth >= beta and abs(beta) < MATE_BOUND:
                return static
            # Null move: let the opponent move twice; if that still fails high, cut.
            if null_allowed and depth >= 3 and static >= beta and has_pieces:
                reduction = 3 + depth // 6
                board.push(_NULL)
                self.seen[key] = self.seen.get(key, 0) + 1
                try:
                    score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, False)
                finally:
                    self.seen[key] -= 1
                    board.pop()
                if score >= beta:
                    return beta if score >= MATE_BOUND else score

        if tt_move is None and depth >= 5 and pv_node:
            # Internal iterative deepening: a shallow search to find a move to try first.
            self.negamax(depth - 2, alpha, beta, ply, null_allowed)
            entry = self.table.get(key)
            if entry is not None:
                tt_move = entry[3]

        futile = not pv_node and not in_check and depth <= 3 and static + _FUTILITY[depth] <= alpha
        original_alpha = alpha
        best_score = -INFINITY
        best_move: chess.Move | None = None
        quiets: list[chess.Move] = []
        legal = 0
        self.seen[key] = self.seen.get(key, 0) + 1
        try:
            for index, move in enumerate(self._moves(tt_move, ply)):
                legal += 1
                quiet = not move.promotion and not board.is_capture(move)
                if quiet and index and best_score > -MATE_BOUND:
                    # Late-move pruning at the leaves: skip quiet moves ordered far behind.
                    if (
                        not pv_node
                        and not in_check
                        and depth <= 3
                        and index >= 4 + 4 * depth * depth
                    ):
                        if not gives_check(board, move):
                            continue
                    if futile and not gives_check(board, move):
                        continue
                board.push(move)
                checks = board.is_check()
                if index == 0:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, True, checks)
                else:
                    reduction = 0
                    if quiet and depth >= 3 and index >= 3 and not in_check and not checks:
                        reduction = _LMR[min(depth, MAX_PLY)][min(index, 63)]
                        if pv_node:
                            reduction -= 1
                        if move == self.killers[ply][0] or move == self.killers[ply][1]:
                            reduction -= 1
                        reduction = max(0, min(reduction, depth - 2))
                    score = -self.negamax(
                        depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, True, checks
                    )
                    if score > alpha and reduction:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, True, checks)
                    if alpha < score < beta:
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, True, checks)
                board.pop()
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if quiet:
                                self._reward(move, depth, ply, quiets)
                            break
                if quiet:
                    quiets.append(move)
        finally:
            self.seen[key] -= 1
        if best_move is None:
            if not legal:
                return -MATE + ply if in_check else 0
            # Every move was pruned: the position is at least as bad as alpha for us.
            return alpha
        flag = LOWER if best_score >= beta else (UPPER if best_score <= original_alpha else EXACT)
        self._store(key, depth, flag, best_score, ply, best_move)
        return best_score

    # ----- the root ------------------------------------------------------------------------

    def _root(self, depth: int, alpha: int, beta: int, order: list[chess.Move],
              scores: dict[chess.Move, int]) -> tuple[int, chess.Move]:  # fmt: skip
        """One iteration at the root over ``order``; records each move's score."""
        board = self.board
        key = board._transposition_key()
        best_score, best_move = -INFINITY, order[0]
        self.seen[key] = self.seen.get(key, 0) + 1
        try:
            for index, move in enumerate(order):
                board.push(move)
                try:
                    if index == 0:
                        score = -self.negamax(depth - 1, -beta, -alpha, 1)
                    else:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                        if alpha < score < beta:
                            score = -self.negamax(depth - 1, -beta, -alpha, 1)
                finally:
                    board.pop()
                scores[move] = score
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        # Only a move proven better than the window counts if time runs out.
                        self.partial = move
                        alpha = score
                        if alpha >= beta:
                            break
        finally:
            self.seen[key] -= 1
        return best_score, best_move

    def best(self, moves: list[chess.Move] | None = None, max_depth: int = MAX_PLY,
             soft_fraction: float = 0.6) -> chess.Move:  # fmt: skip
        """Iterative deepening until the deadline (or ``max_depth``): the best move of the
        deepest finished iteration, or of the unfinished one once it found a better one."""
        board = self.board
        if moves is None:
            moves = list(board.legal_moves)
        entry = self.table.get(board._transposition_key())
        order = self._order(moves, entry[3] if entry is not None else None, 0)
        best = order[0]
        if len(order) == 1:
            return best
        started = time.monotonic()
        budget = self.deadline - started
        score = 0
        for depth in range(1, max_depth + 1):
            if depth > 1 and time.monotonic() - started > budget * soft_fraction:
                break  # the next iteration would likely not finish: keep the time
            scores: dict[chess.Move, int] = {}
            self.partial = None
            try:
                if depth >= 4 and abs(score) < MATE_BOUND:
                    window = 40
                    while True:
                        alpha, beta = score - window, score + window
                        value, move = self._root(depth, alpha, beta, order, scores)
                        if alpha < value < beta:
                            break
                        if value >= beta:
                            best = move  # a fail high is a better move already
                            order = [move] + [m for m in order if m != move]
                        window *= 4
                        if window > 1_000:
                            value, move = self._root(depth, -INFINITY, INFINITY, order, scores)
                            break
                else:
                    value, move = self._root(depth, -INFINITY, INFINITY, order, scores)
            except SearchTimeout:
                if self.partial is not None and self.partial == order[0]:
                    pass
                elif self.partial is not None:
                    best = self.partial
                break
            score, best = value, move
            self.completed_depth = depth
            order = [best] + sorted(
                (m for m in order if m != best),
                key=lambda m: scores.get(m, -INFINITY),
                reverse=True,
            )
            if abs(score) >= MATE_BOUND and depth > 1:
                break  # a forced mate found (for either side): deeper changes nothing
        self.score = score
        return best

    def score_moves(self, depth: int, moves: list[chess.Move]) -> list[tuple[int, chess.Move]]:
        """Each root move's exact score at ``depth`` plies (full windows), as far as the
        deadline allows (the moves scored before it); the weaker levels draw among them."""
        board = self.board
        key = board._transposition_key()
        scored: list[tuple[int, chess.Move]] = []
        self.seen[key] = self.seen.get(key, 0) + 1
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
        finally:
            self.seen[key] -= 1
        return scored
