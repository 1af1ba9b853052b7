"""The built-in chess engine's endgame knowledge and king safety (issue 37), on positions whose
evaluation or result is known: at fixed small depths, so nothing depends on machine speed."""

from __future__ import annotations

import time

import chess
import pytest

from ai.engines.chess_search import Search, evaluate

FAR = 1e9  # a deadline no test reaches: the depth limit ends every search


def white_view(fen: str) -> int:
    board = chess.Board(fen)
    score = evaluate(board)
    return score if board.turn == chess.WHITE else -score


@pytest.mark.parametrize(
    ("fen", "winning"),
    [
        # The a-pawn runs and the king on h8 is outside its square: a won pawn ending.
        ("7k/8/8/8/8/8/P7/K7 w - - 0 1", True),
        # The king on a8 stands in the pawn's path: nothing to win.
        ("k7/8/8/8/8/8/P7/K7 w - - 0 1", False),
        # The rule of the square depends on who moves: White to move queens the h-pawn...
        ("8/8/8/2k5/7P/8/8/K7 w - - 0 1", True),
        # ...Black to move steps into the square (Kd5) and catches it.
        ("8/8/8/2k5/7P/8/8/K7 b - - 0 1", False),
    ],
)
def test_the_rule_of_the_square(fen: str, winning: bool) -> None:
    score = white_view(fen)
    assert (score > 500) == winning
    if not winning:
        assert score < 300


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/4k3/8/8/8/KB6 w - - 0 1",  # king and bishop cannot mate
        "8/8/8/4k3/8/8/8/KN6 b - - 0 1",  # nor king and knight
        "8/8/3k4/8/8/8/2B5/1K3n2 w - - 0 1",  # bishop against knight
    ],
)
def test_material_that_cannot_mate_scores_as_a_draw(fen: str) -> None:
    # Only the tempo bonus (12) of the side to move is left.
    assert abs(evaluate(chess.Board(fen))) <= 12


def test_opposite_coloured_bishops_halve_an_extra_pawn() -> None:
    # Two pawns up with bishops of one colour (d3 and f7 are light squares) wins; with the
    # bishop on the dark e3 against the light f7, the ending is drawish and scores far less.
    same = white_view("8/4kb2/8/3P4/2P5/3B4/4K3/8 w - - 0 1")
    opposite = white_view("8/4kb2/8/3P4/2P5/4B3/4K3/8 w - - 0 1")
    assert same > 200
    assert opposite < same * 2 // 3


def test_a_passed_pawn_wants_its_king_near_and_the_enemy_king_far() -> None:
    # A rook ending with a passed d-pawn: the same position with the kings swapped round it.
    escorted = white_view("8/8/8/3P4/2K5/8/5k2/r6R w - - 0 1")
    blockaded = white_view("8/3k4/8/3P4/8/8/5K2/r6R w - - 0 1")
    assert escorted > blockaded + 40


@pytest.mark.parametrize(
    ("behind", "in_front"),
    [
        # White's rook behind its own passed d-pawn pushes it; in front, it blocks it.
        ("8/8/4k3/3P4/8/8/4K3/3R4 w - - 0 1", "3R4/8/4k3/3P4/8/8/4K3/8 w - - 0 1"),
        # Behind Black's passed d-pawn the rook follows it to d1; in front it is in the way.
        ("3R4/8/8/8/3p4/4k3/8/4K3 w - - 0 1", "8/8/8/8/3p4/4k3/8/3RK3 w - - 0 1"),
    ],
)
def test_a_rook_belongs_behind_a_passed_pawn(behind: str, in_front: str) -> None:
    assert white_view(behind) > white_view(in_front)


def test_a_rook_on_the_seventh_rank_against_pawns_there() -> None:
    # The rook on a7 attacks f7-g7-h7 and cuts the king off on the back rank; on a6 it
    # does neither.
    seventh = white_view("6k1/R4ppp/8/8/8/8/5PPP/6K1 w - - 0 1")
    sixth = white_view("6k1/5ppp/R7/8/8/8/5PPP/6K1 w - - 0 1")
    assert seventh >= sixth + 20


def test_a_broken_king_shelter_costs_in_the_middlegame_only() -> None:
    # Black's g- and h-pawns pushed two squares in front of the castled king: a real
    # weakness with queens and pieces on the board, none in the pawn ending.
    intact = white_view("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1")
    broken = white_view("r1bq1rk1/pppp1p2/2n2n2/2b1p1pp/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1")
    assert broken - intact >= 50
    intact = white_view("6k1/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/6K1 w - - 0 1")
    broken = white_view("6k1/pppp1p2/8/4p1pp/4P3/8/PPPP1PPP/6K1 w - - 0 1")
    assert abs(broken - intact) < 20


def test_pieces_aimed_at_the_king_count_while_queens_are_on() -> None:
    # White's queen, rook and knights bear down on Black's king; the same pieces on the
    # queen's side hit nothing. With the attacker's queen the difference is larger.
    attack = white_view("6k1/5ppp/8/6N1/7Q/8/5PPP/5RK1 w - - 0 1")
    quiet = white_view("6k1/5ppp/8/8/8/1N6/Q4PPP/5RK1 w - - 0 1")
    assert attack - quiet >= 60


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        ("8/8/8/4k3/8/8/8/K6Q w - - 0 1", 12),  # queen mates in at most 10 moves
        ("8/8/8/4k3/8/8/8/KR6 w - - 0 1", 30),  # rook mates in at most 16 moves
    ],
)
def test_the_engine_mates_a_bare_king(fen: str, moves: int) -> None:
    # A shallow search alone cannot see these mates: the mop-up evaluation (drive the king to
    # the edge, bring one's own king near) leads there against the best defence found by the
    # same search.
    board = chess.Board(fen)
    for _ in range(2 * moves):
        if board.is_game_over(claim_draw=True):
            break
        search = Search(board.copy(), time.monotonic() + FAR)
        board.push(search.best(max_depth=3 if board.turn == chess.WHITE else 2))
    assert board.is_checkmate() and board.turn == chess.BLACK
