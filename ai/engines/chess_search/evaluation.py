"""A tapered evaluation for the built-in chess search: PeSTO's piece-square tables plus a few
cheap pawn and piece terms, in centipawns from the side to move's view.

The tables and material values are Ronald Friederich's PeSTO ("Piece-Square Tables Only", the
evaluation of his engine Rofchade), published freely on the TalkChess forum and reproduced on
the Chess Programming Wiki (https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function).
Each table is printed from White's side with a8 first; a middlegame and an endgame score are
summed separately and blended by the material left (the "game phase": 24 with every minor,
rook and queen on the board, 0 with none).

Speed matters more than detail in a Python search (a few thousand positions a second), so
the middlegame and endgame halves are packed into one integer (``mg + eg * 2**16``, as
Stockfish once did) and summed with one table look-up per piece; the other terms use
python-chess's bitboards only.
"""

from __future__ import annotations

import chess

#: Packing of a (middlegame, endgame) pair into one integer.
_SHIFT = 1 << 16
#: Phase weight of each piece type (pawn, knight, bishop, rook, queen, king).
PHASE = (0, 0, 1, 1, 2, 4, 0)
MAX_PHASE = 24

#: Material by phase (index = python-chess piece type; 0 unused).
MG_VALUE = (0, 82, 337, 365, 477, 1025, 0)
EG_VALUE = (0, 94, 281, 297, 512, 936, 0)
#: A single value per piece for move ordering and exchange counting.
SEE_VALUE = (0, 100, 320, 330, 500, 950, 20_000)

_MG = {
    chess.PAWN: (
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ),
    chess.KNIGHT: (
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ),
    chess.BISHOP: (
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ),
    chess.ROOK: (
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ),
    chess.QUEEN: (
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ),
    chess.KING: (
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ),
}  # fmt: skip

_EG = {
    chess.PAWN: (
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ),
    chess.KNIGHT: (
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ),
    chess.BISHOP: (
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ),
    chess.ROOK: (
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ),
    chess.QUEEN: (
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ),
    chess.KING: (
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ),
}  # fmt: skip


def _pack(mg: int, eg: int) -> int:
    return mg + eg * _SHIFT


def _unpack(score: int) -> tuple[int, int]:
    eg = (score + _SHIFT // 2) >> 16
    return score - eg * _SHIFT, eg


def _table(piece: chess.PieceType, color: chess.Color) -> tuple[int, ...]:
    """Value plus table bonus, packed, indexed by python-chess square (a1 = 0) for ``color``;
    signed so that White's pieces count up and Black's down."""
    sign = 1 if color == chess.WHITE else -1
    out = []
    for square in chess.SQUARES:
        # The printed tables have a8 at index 0: White reads square ^ 56, Black square as is
        # (Black's a8 is its own a1 seen from the other side).
        index = square ^ 56 if color == chess.WHITE else square
        out.append(
            sign * _pack(MG_VALUE[piece] + _MG[piece][index], EG_VALUE[piece] + _EG[piece][index])
        )
    return tuple(out)


#: TABLES[color][piece] -> 64 packed signed scores.
TABLES = {
    color: {piece: _table(piece, color) for piece in chess.PIECE_TYPES} for color in chess.COLORS
}

# Extra terms, (middlegame, endgame) in centipawns.
BISHOP_PAIR = _pack(30, 50)
#: A passed pawn by its rank counted from its own side (0-7).
PASSED = tuple(_pack(mg, eg) for mg, eg in ((0, 0), (2, 8), (5, 12), (10, 25), (25, 50),
                                            (45, 90), (70, 140), (0, 0)))  # fmt: skip
DOUBLED = _pack(-10, -20)
ISOLATED = _pack(-12, -15)
ROOK_OPEN = _pack(25, 10)
ROOK_HALF_OPEN = _pack(12, 5)
#: A rook on the seventh rank (counted from its own side) holding enemy pawns there or the
#: enemy king on its back rank.
ROOK_SEVENTH = _pack(20, 30)
#: A rook behind a passed pawn on its file (behind our own pawn it pushes it, behind the
#: enemy's it follows it to the queening square), in the ending.
ROOK_BEHIND_PASSED = _pack(0, 25)
TEMPO = 12

# King safety (middlegame only, so that the taper removes it as pieces leave the board).
#: Own pawns in front of a king on its first two ranks: one rank ahead, two ranks ahead.
SHIELD_NEAR = 14
SHIELD_FAR = 7
#: A file at or beside the king with no pawn of its own side (half-open), or with no pawn.
KING_FILE_HALF_OPEN = 14
KING_FILE_OPEN = 22
#: Attack units per square of the enemy king's zone that a piece attacks (knight, bishop,
#: rook, queen), and the middlegame penalty by the sum of units (Stockfish's old quadratic
#: "king danger" curve, capped): one attacker alone counts for nothing.
ATTACK_UNITS = (0, 0, 2, 2, 3, 5, 0)
KING_DANGER = tuple(min(400, units * units // 5) for units in range(100))

# Passed pawns in the ending, by rank counted from their own side (0-7): king proximity to
# the square in front of the pawn (the enemy king's distance counts up, our own down).
PASSED_ENEMY_KING = (0, 0, 0, 10, 20, 35, 50, 0)
PASSED_OWN_KING = (0, 0, 0, 4, 8, 14, 20, 0)
#: A passed pawn that the bare enemy king cannot catch (rule of the square).
UNSTOPPABLE = 600
#: A passed pawn whose way forward is free (the square in front empty).
PASSED_FREE = (0, 0, 2, 5, 10, 18, 28, 0)

#: Mop-up of a won ending against a bare king: a base, the bare king driven to the edge
#: (or to the bishop's corner with bishop and knight) and the winning king brought near.
MOP_UP = 600
#: Mobility per attacked square beyond a typical count (knight, bishop, rook, queen).
MOBILITY = {
    chess.KNIGHT: _pack(4, 4),
    chess.BISHOP: _pack(5, 5),
    chess.ROOK: _pack(2, 4),
    chess.QUEEN: _pack(1, 2),
}
MOBILITY_BASE = {chess.KNIGHT: 4, chess.BISHOP: 6, chess.ROOK: 6, chess.QUEEN: 12}
_KNIGHT = chess.BB_KNIGHT_ATTACKS
_DIAG = chess.BB_DIAG_ATTACKS
_DIAG_MASK = chess.BB_DIAG_MASKS
_RANK = chess.BB_RANK_ATTACKS
_RANK_MASK = chess.BB_RANK_MASKS
_FILE = chess.BB_FILE_ATTACKS
_FILE_MASK = chess.BB_FILE_MASKS

_FILES = chess.BB_FILES
_ADJACENT = tuple(
    (_FILES[f - 1] if f > 0 else 0) | (_FILES[f + 1] if f < 7 else 0) for f in range(8)
)


def _front_span(color: chess.Color, square: chess.Square) -> int:
    """The squares in front of a pawn on its own and the adjacent files: no enemy pawn there
    means the pawn is passed."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    files = _FILES[file] | _ADJACENT[file]
    if color == chess.WHITE:
        ahead = chess.BB_ALL << (8 * (rank + 1)) & chess.BB_ALL if rank < 7 else 0
    else:
        ahead = chess.BB_ALL >> (8 * (8 - rank)) if rank > 0 else 0
    return files & ahead


_PASSED_MASK = {
    color: tuple(_front_span(color, sq) for sq in chess.SQUARES) for color in chess.COLORS
}


#: Chebyshev (king move) distance between two squares.
DISTANCE = tuple(tuple(chess.square_distance(a, b) for b in chess.SQUARES) for a in chess.SQUARES)
#: Manhattan distance of a square from the centre (0 for d4/e4/d5/e5, 6 in a corner).
CENTRE_DISTANCE = tuple(
    max(3 - chess.square_file(sq), chess.square_file(sq) - 4)
    + max(3 - chess.square_rank(sq), chess.square_rank(sq) - 4)
    for sq in chess.SQUARES
)


def _king_zone(square: chess.Square, color: chess.Color) -> int:
    """The king's square, the squares around it and the three squares beyond those toward the
    enemy: where attacking pieces matter."""
    zone = chess.BB_KING_ATTACKS[square] | chess.BB_SQUARES[square]
    forward = (zone << 8) & chess.BB_ALL if color == chess.WHITE else zone >> 8
    return zone | forward


KING_ZONE = {color: tuple(_king_zone(sq, color) for sq in chess.SQUARES) for color in chess.COLORS}


def _shield_masks(square: chess.Square, color: chess.Color) -> tuple[int, int, int]:
    """(one rank ahead, two ranks ahead, the three files) of a king on ``square``."""
    file = chess.square_file(square)
    files = _FILES[file] | _ADJACENT[file]
    rank = chess.square_rank(square)
    step = 1 if color == chess.WHITE else -1
    near = chess.BB_RANKS[rank + step] & files if 0 <= rank + step <= 7 else 0
    far = chess.BB_RANKS[rank + 2 * step] & files if 0 <= rank + 2 * step <= 7 else 0
    return near, far, files


SHIELD = {color: tuple(_shield_masks(sq, color) for sq in chess.SQUARES) for color in chess.COLORS}


def _pawn_terms(white_pawns: int, black_pawns: int) -> tuple[int, int, int]:
    """Passed, doubled and isolated pawns of both sides, packed (White's view), and the
    passed pawns of White and Black (their king terms depend on more than the pawns)."""
    score = 0
    passed = [0, 0]
    for color, own, other, sign in (
        (chess.WHITE, white_pawns, black_pawns, 1),
        (chess.BLACK, black_pawns, white_pawns, -1),
    ):
        masks = _PASSED_MASK[color]
        bb = own
        while bb:
            low = bb & -bb
            square = low.bit_length() - 1
            bb ^= low
            file = square & 7
            if not masks[square] & other:
                passed[color] |= low
                rank = square >> 3
                score += sign * PASSED[rank if color == chess.WHITE else 7 - rank]
            if not own & _ADJACENT[file]:
                score += sign * ISOLATED
        for file_mask in _FILES:
            count = chess.popcount(own & file_mask)
            if count > 1:
                score += sign * DOUBLED * (count - 1)
    return score, passed[chess.WHITE], passed[chess.BLACK]


def _passed_king_terms(
    passed: int, color: chess.Color, own_king: int, enemy_king: int, occupied: int,
    bare_enemy: bool, enemy_to_move: bool,
) -> int:  # fmt: skip
    """Endgame centipawns (positive: good for ``color``) of ``color``'s passed pawns from the
    kings' places: the enemy king far from the pawn's path and our own near it, a free square
    ahead, and a pawn the bare enemy king cannot catch (the rule of the square)."""
    score = 0
    while passed:
        low = passed & -passed
        passed ^= low
        square = low.bit_length() - 1
        rank = square >> 3 if color == chess.WHITE else 7 - (square >> 3)
        front = square + 8 if color == chess.WHITE else square - 8
        enemy_distance = DISTANCE[enemy_king][front]
        score += PASSED_ENEMY_KING[rank] * enemy_distance
        score -= PASSED_OWN_KING[rank] * DISTANCE[own_king][front]
        if not occupied & chess.BB_SQUARES[front]:
            score += PASSED_FREE[rank]
        if bare_enemy:
            promotion = (square & 7) | (56 if color == chess.WHITE else 0)
            # A pawn on its first possible rank moves two squares at once.
            to_go = min(7 - rank, 5)
            # Our own pieces on the path block the pawn: no unstoppable then.
            path = chess.BB_FILES[square & 7] & _PASSED_MASK[color][square]
            if not path & occupied and DISTANCE[enemy_king][promotion] - enemy_to_move > to_go:
                score += UNSTOPPABLE + 20 * rank
    return score


class Evaluator:
    """Evaluates positions, remembering the pawn terms of pawn structures it has seen (they
    change on few moves)."""

    def __init__(self) -> None:
        self.pawn_cache: dict[tuple[int, int], tuple[int, int, int]] = {}
        #: Scores of whole positions: a search meets about a third of its positions again
        #: (transpositions, re-searches, the next iteration), and a look-up is far cheaper.
        self.cache: dict[tuple[int, ...], int] = {}

    def evaluate(self, board: chess.Board) -> int:
        """The position's score in centipawns for the side to move."""
        key = (
            board.pawns,
            board.knights,
            board.bishops,
            board.rooks,
            board.queens,
            board.kings,
            board.occupied_co[chess.WHITE],
            board.turn,
        )
        cache = self.cache
        value = cache.get(key)
        if value is None:
            value = self._evaluate(board)
            if len(cache) > 50_000:  # some 450 bytes an entry: 22 MB at most
                cache.clear()
            cache[key] = value
        return value

    def _evaluate(self, board: chess.Board) -> int:
        white = board.occupied_co[chess.WHITE]
        black = board.occupied_co[chess.BLACK]
        score = 0
        phase = 0
        white_tables = TABLES[chess.WHITE]
        black_tables = TABLES[chess.BLACK]
        occupied = white | black
        kings = board.kings
        white_king = (kings & white).bit_length() - 1
        black_king = (kings & black).bit_length() - 1
        score += white_tables[chess.KING][white_king] + black_tables[chess.KING][black_king]
        table = white_tables[chess.PAWN]
        own = board.pawns & white
        while own:
            low = own & -own
            score += table[low.bit_length() - 1]
            own ^= low
        table = black_tables[chess.PAWN]
        own = board.pawns & black
        while own:
            low = own & -own
            score += table[low.bit_length() - 1]
            own ^= low
        # The pieces: table, phase, mobility (squares attacked not held by their own side,
        # read straight from python-chess's attack tables) and attacks on the enemy king's
        # zone (units summed per side: [units on Black's king, units on White's king]).
        zones = (KING_ZONE[chess.WHITE][white_king], KING_ZONE[chess.BLACK][black_king])
        units = [0, 0]
        attackers = [0, 0]
        for piece, bb in (
            (chess.KNIGHT, board.knights),
            (chess.BISHOP, board.bishops),
            (chess.ROOK, board.rooks),
            (chess.QUEEN, board.queens),
        ):
            if not bb:
                continue
            mobility = MOBILITY[piece]
            base = MOBILITY_BASE[piece]
            weight = ATTACK_UNITS[piece]
            for tables, own, not_own, sign, side in (
                (white_tables, bb & white, ~white, 1, 1),
                (black_tables, bb & black, ~black, -1, 0),
            ):
                table = tables[piece]
                zone = zones[side]
                while own:
                    low = own & -own
                    square = low.bit_length() - 1
                    own ^= low
                    score += table[square]
                    phase += PHASE[piece]
                    if piece == chess.KNIGHT:
                        attacks = _KNIGHT[square]
                    elif piece == chess.BISHOP:
                        attacks = _DIAG[square][_DIAG_MASK[square] & occupied]
                    elif piece == chess.ROOK:
                        attacks = (
                            _RANK[square][_RANK_MASK[square] & occupied]
                            | _FILE[square][_FILE_MASK[square] & occupied]
                        )
                    else:
                        attacks = (
                            _DIAG[square][_DIAG_MASK[square] & occupied]
                            | _RANK[square][_RANK_MASK[square] & occupied]
                            | _FILE[square][_FILE_MASK[square] & occupied]
                        )
                    score += sign * mobility * (chess.popcount(attacks & not_own) - base)
                    hits = attacks & zone
                    if hits:
                        attackers[side] += 1
                        units[side] += weight * chess.popcount(hits)

        pawns = board.pawns
        white_pawns, black_pawns = pawns & white, pawns & black
        key = (white_pawns, black_pawns)
        cached = self.pawn_cache.get(key)
        if cached is None:
            cached = _pawn_terms(white_pawns, black_pawns)
            if len(self.pawn_cache) > 100_000:
                self.pawn_cache.clear()
            self.pawn_cache[key] = cached
        pawn_score, white_passed, black_passed = cached
        score += pawn_score

        bishops = board.bishops
        if bishops & white and chess.popcount(bishops & white) >= 2:
            score += BISHOP_PAIR
        if bishops & black and chess.popcount(bishops & black) >= 2:
            score -= BISHOP_PAIR
        rooks = board.rooks
        if rooks:
            passed = white_passed | black_passed
            for color, sign, seventh, enemy_king, enemy_pawns in (
                (white, 1, chess.BB_RANK_7, black_king, black_pawns),
                (black, -1, chess.BB_RANK_2, white_king, white_pawns),
            ):
                own_rooks = rooks & color
                own_pawns = pawns & color
                while own_rooks:
                    low = own_rooks & -own_rooks
                    own_rooks ^= low
                    square = low.bit_length() - 1
                    file_mask = _FILES[square & 7]
                    if not file_mask & own_pawns:
                        score += sign * (ROOK_HALF_OPEN if file_mask & pawns else ROOK_OPEN)
                    if low & seventh and (
                        enemy_pawns & seventh or _BACK_RANK[sign > 0] & (1 << enemy_king)
                    ):
                        score += sign * ROOK_SEVENTH
                    if file_mask & passed:
                        score += sign * _rook_behind_passed(
                            square, file_mask & white_passed, file_mask & black_passed, pawns
                        )

        mg, eg = _unpack(score)
        if phase > MAX_PHASE:
            phase = MAX_PHASE

        # King safety, middlegame only: the shield of pawns before a king on its first two
        # ranks, open files at it, and the attackers of its zone (two at least).
        if phase >= 6:
            mg += _king_safety(white_king, chess.WHITE, white_pawns, pawns)
            mg -= _king_safety(black_king, chess.BLACK, black_pawns, pawns)
            if attackers[1] >= 2 and board.queens & white:
                mg += KING_DANGER[min(units[1], 99)]
            if attackers[0] >= 2 and board.queens & black:
                mg -= KING_DANGER[min(units[0], 99)]

        # Passed pawns and the kings, for the ending.
        if white_passed or black_passed:
            white_pieces = white & ~pawns & ~kings
            black_pieces = black & ~pawns & ~kings
            if white_passed:
                eg += _passed_king_terms(
                    white_passed, chess.WHITE, white_king, black_king, occupied,
                    not black_pieces, board.turn == chess.BLACK,
                )  # fmt: skip
            if black_passed:
                eg -= _passed_king_terms(
                    black_passed, chess.BLACK, black_king, white_king, occupied,
                    not white_pieces, board.turn == chess.WHITE,
                )  # fmt: skip

        blend = mg * phase + eg * (MAX_PHASE - phase)
        # Rounded toward zero, so that a position and its mirror score exactly opposite.
        value = blend // MAX_PHASE if blend >= 0 else -(-blend // MAX_PHASE)
        if phase <= 8:
            value = _endgame(board, value, white, black, white_king, black_king)
        return (value if board.turn else -value) + TEMPO


#: The enemy's back rank, by whether we are White.
_BACK_RANK = (chess.BB_RANK_1, chess.BB_RANK_8)


def _rook_behind_passed(square: chess.Square, white_passed: int, black_passed: int,
                        pawns: int) -> int:  # fmt: skip
    """The bonus of a rook on ``square`` behind passed pawns of its file (either side's):
    behind a white pawn means below it, behind a black one above it, no pawn between."""
    bonus = 0
    for passed, white_pawn in ((white_passed, True), (black_passed, False)):
        while passed:
            low = passed & -passed
            passed ^= low
            pawn = low.bit_length() - 1
            if (square < pawn) == white_pawn and not chess.between(square, pawn) & pawns:
                bonus += ROOK_BEHIND_PASSED
    return bonus


def _king_safety(king: chess.Square, color: chess.Color, own_pawns: int, pawns: int) -> int:
    """Middlegame centipawns (positive: good for ``color``) of the pawns sheltering its
    king: shield pawns one and two ranks ahead of a king on its first two ranks, and files at
    the king without pawns of its own (wherever the king stands: walking away is no cure)."""
    score = 0
    rank = king >> 3
    if rank in ((0, 1) if color == chess.WHITE else (7, 6)):
        near, far, _ = SHIELD[color][king]
        score += SHIELD_NEAR * chess.popcount(near & own_pawns)
        score += SHIELD_FAR * chess.popcount(far & own_pawns)
    file = king & 7
    for f in (file - 1, file, file + 1):
        if 0 <= f <= 7:
            mask = _FILES[f]
            if not mask & own_pawns:
                score -= KING_FILE_OPEN if not mask & pawns else KING_FILE_HALF_OPEN
    return score


_LIGHT = chess.BB_LIGHT_SQUARES
_MINOR_VALUE = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def _material(board: chess.Board, color_mask: int) -> int:
    """Pieces other than pawns and king, in pawns (3, 3, 5, 9)."""
    return (
        3 * chess.popcount((board.knights | board.bishops) & color_mask)
        + 5 * chess.popcount(board.rooks & color_mask)
        + 9 * chess.popcount(board.queens & color_mask)
    )


def _endgame(board: chess.Board, value: int, white: int, black: int, white_king: int,
             black_king: int) -> int:  # fmt: skip
    """Endgame knowledge on the blended score (White's view): mop-up against a bare king so
    that the engine mates, and scaling of drawish material (opposite bishops, a side ahead
    by no more than a minor piece and without pawns)."""
    if not value:
        return value
    strong, weak = (white, black) if value > 0 else (black, white)
    strong_king, weak_king = (white_king, black_king) if value > 0 else (black_king, white_king)
    sign = 1 if value > 0 else -1
    pawns = board.pawns
    strong_material = _material(board, strong)
    weak_material = _material(board, weak)
    if not weak & ~board.kings:
        # A bare king: mate it if the material mates, else a pawn ending (left as it is).
        bishops = board.bishops & strong
        knights = board.knights & strong
        mating = (
            board.queens & strong
            or board.rooks & strong
            or (bishops & _LIGHT and bishops & ~_LIGHT)
            or (bishops and knights)
        )
        if not mating:
            return value if strong & pawns else 0
        near = 14 - (
            abs((strong_king & 7) - (weak_king & 7)) + abs((strong_king >> 3) - (weak_king >> 3))
        )
        if bishops and knights and not board.queens & strong and not board.rooks & strong:
            # Bishop and knight mate only in a corner of the bishop's colour.
            corners = (chess.A1, chess.H8) if not bishops & _LIGHT else (chess.A8, chess.H1)
            edge = 7 - min(DISTANCE[weak_king][c] for c in corners)
            edge = 10 * edge + 5 * CENTRE_DISTANCE[weak_king]
        else:
            edge = 10 * CENTRE_DISTANCE[weak_king]
        return sign * (abs(value) + MOP_UP + edge + 4 * near)
    if not strong & pawns:
        # Without pawns, a side at most a minor piece ahead rarely wins.
        if strong_material - weak_material <= 3:
            if strong_material <= 3:
                return 0 if not weak & pawns or strong_material == 0 else _toward_zero(value, 16)
            return _toward_zero(value, 4)
    bishops = board.bishops
    if (
        strong_material == 3
        and weak_material == 3
        and chess.popcount(bishops) == 2
        and bishops & _LIGHT
        and bishops & ~_LIGHT
        and bishops & white
        and bishops & black
    ):
        # Opposite-coloured bishops alone: a pawn or two ahead is often a draw.
        return _toward_zero(value, 2)
    return value


def _toward_zero(value: int, divisor: int) -> int:
    """``value / divisor`` rounded toward zero (a position and its mirror stay opposite)."""
    return value // divisor if value >= 0 else -(-value // divisor)


def evaluate(board: chess.Board) -> int:
    """A one-off evaluation (tests, the weaker levels' callers)."""
    return Evaluator().evaluate(board)
