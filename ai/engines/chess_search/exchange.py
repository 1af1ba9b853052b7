"""Static exchange evaluation: what a capture wins or loses once both sides have taken back on
its square as long as it pays, cheapest attacker first (x-rays through the pieces that have
gone included). The search orders captures by it and the quiescence search drops the ones that
lose material."""

from __future__ import annotations

import chess

from .evaluation import SEE_VALUE

_ORDER = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)


def see(board: chess.Board, move: chess.Move) -> int:
    """The material balance (centipawns, for the side making ``move``) of the exchange that
    ``move`` starts on its target square."""
    to = move.to_square
    from_mask = chess.BB_SQUARES[move.from_square]
    if board.is_en_passant(move):
        victim = chess.PAWN
        occupied = board.occupied ^ from_mask ^ chess.BB_SQUARES[to ^ 8]
    else:
        victim = board.piece_type_at(to) or 0
        occupied = board.occupied ^ from_mask
    attacker = board.piece_type_at(move.from_square) or chess.PAWN
    gains = [SEE_VALUE[victim]]
    if move.promotion:
        gains[0] += SEE_VALUE[move.promotion] - SEE_VALUE[chess.PAWN]
        attacker = move.promotion
    side = not board.turn
    masks = (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings)
    on_square = attacker
    while True:
        attackers = board.attackers_mask(side, to, occupied) & occupied
        if not attackers:
            break
        piece = 0
        found = 0
        for index in range(6):
            found = attackers & masks[index]
            if found:
                piece = _ORDER[index]
                break
        # A king may only take back when nothing defends the square any more.
        if piece == chess.KING and board.attackers_mask(not side, to, occupied) & occupied:
            break
        gains.append(SEE_VALUE[on_square] - gains[-1])
        occupied ^= found & -found
        on_square = piece
        side = not side
    # Either side may stop taking: unwind from the end.
    for index in range(len(gains) - 1, 0, -1):
        gains[index - 1] = -max(-gains[index - 1], gains[index])
    return gains[0]


def see_at_least(board: chess.Board, move: chess.Move, threshold: int = 0) -> bool:
    """Whether the exchange ``move`` starts wins at least ``threshold``; cheap when the
    victim is worth at least the attacker (no exchange can then lose)."""
    if not move.promotion:
        victim = board.piece_type_at(move.to_square) or chess.PAWN
        attacker = board.piece_type_at(move.from_square) or chess.PAWN
        if SEE_VALUE[victim] - SEE_VALUE[attacker] >= threshold:
            return True
    return see(board, move) >= threshold
