"""The built-in chess search (issue 37) on positions with known best moves, at fixed small
depths (a deadline far away and ``max_depth``), so nothing here depends on the machine's
speed; and the engine's contract through the session: legal moves, the session as found."""

from __future__ import annotations

import random
import time

import chess
import pytest

from ai import Level
from ai.engines.chess import ChessEngine
from ai.engines.chess_search import MATE, Search, book_move, evaluate, see
from ai.engines.chess_search.search import gives_check
from rules.games import open_session

FAR = 1e9  # a deadline no test reaches: the depth limit ends every search here


def best(fen: str, depth: int) -> tuple[str, int, Search]:
    board = chess.Board(fen)
    search = Search(board.copy(), time.monotonic() + FAR)
    move = search.best(max_depth=depth)
    return board.san(move), search.score, search


@pytest.mark.parametrize(
    ("fen", "depth", "san"),
    [
        # Mate in one: the back rank.
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "Rd8#"),
        # Mate in one among many queen checks (Qc7 would stalemate).
        ("k7/8/1K6/8/8/8/7Q/8 w - - 0 1", 1, None),
        # Mate in two: Ra8+ Rb8 Rxb8#.
        ("6k1/5ppp/8/8/8/8/1r3PPP/R5K1 w - - 0 1", 3, "Ra8+"),
    ],
)
def test_mates_are_found_and_scored_by_distance(fen: str, depth: int, san: str | None) -> None:
    move, score, _ = best(fen, depth)
    board = chess.Board(fen)
    board.push_san(move)
    if san is not None:
        assert move == san
    plies_to_mate = 1 if depth == 1 else 3
    assert score == MATE - plies_to_mate
    if plies_to_mate == 1:
        assert board.is_checkmate()


def test_a_check_extension_finds_a_smothered_mate_beyond_the_nominal_depth() -> None:
    # Philidor's smothered mate: Qg8+ Rxg8 Nf7#, three plies. At two plies only the check
    # extension (Qg8+ and Nf7 give check) reaches the mate; one ply sees nothing of it.
    fen = "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1"
    move, score, _ = best(fen, 2)
    assert (move, score) == ("Qg8+", MATE - 3)
    move, score, _ = best(fen, 1)
    assert move != "Qg8+" and score < MATE - 1_000


@pytest.mark.parametrize(
    ("fen", "san"),
    [
        # White's queen on d5 hangs to the knight on f6.
        ("rnbqkb1r/pppp1ppp/5n2/3Q4/4P3/8/PPP2PPP/RNB1KBNR b KQkq - 0 4", {"Nxd5"}),
        # Black's queen on g4 hangs to the bishop on c1 (d3 opened its diagonal) and to the
        # queen on d1.
        ("rnb1kbnr/pppp1ppp/8/4p3/4P1q1/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1", {"Bxg4", "Qxg4"}),
    ],
)
def test_a_hanging_queen_is_taken(fen: str, san: set[str]) -> None:
    move, score, _ = best(fen, 3)
    assert move in san
    assert score > 500


def test_static_exchange_counts_the_recaptures() -> None:
    # Rxe5 wins a pawn (nothing takes back); Nxe5 loses the knight for two pawns... less one:
    # the classic examples of the Chess Programming Wiki (knight 320, bishop 330 here).
    board = chess.Board("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1")
    assert see(board, chess.Move.from_uci("e1e5")) == 100
    board = chess.Board("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
    assert see(board, chess.Move.from_uci("d3e5")) == 100 - 320
    # A queen taking a pawn defended by a pawn loses the queen for a pawn.
    board = chess.Board("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")
    assert see(board, chess.Move.from_uci("d2d5")) == 100 - 950


def test_the_quiescence_search_refuses_a_losing_capture() -> None:
    # Qxd5 is White's only capture and loses the queen to ...cxd5: the quiescence search
    # keeps the quiet score instead (pruned by static exchange: no capture is searched).
    board = chess.Board("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")
    search = Search(board, time.monotonic() + FAR)
    assert search.quiesce(-MATE, MATE, 0) == evaluate(board)
    assert search.nodes == 1
    # ... while a winning capture is taken: Qxd5 when nothing defends d5.
    board = chess.Board("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1")
    search = Search(board, time.monotonic() + FAR)
    assert search.quiesce(-MATE, MATE, 0) > evaluate(board) + 50


class _NullCounter(chess.Board):
    """A board that counts the null moves pushed on it."""

    nulls = 0

    def push(self, move: chess.Move) -> None:
        if not move:
            type(self).nulls += 1
        super().push(move)


@pytest.mark.parametrize(
    ("fen", "passes"),
    [
        # A pawn ending in mutual zugzwang: whoever moves loses his pawn. A search that let a
        # side pass (null move) here would find the passing side safe.
        ("8/8/8/3Kp3/4Pk2/8/8/8 w - - 0 1", False),
        ("8/8/8/3Kp3/4Pk2/8/8/8 b - - 0 1", False),
        # With a rook each, null moves are allowed (and used): the guard is the pawn ending.
        ("r7/8/8/3Kp3/4Pk2/8/8/R7 w - - 0 1", True),
    ],
)
def test_no_null_move_in_a_pawn_ending(fen: str, passes: bool) -> None:
    _NullCounter.nulls = 0
    board = _NullCounter(fen)
    search = Search(board, time.monotonic() + FAR)
    search.best(max_depth=8)
    assert (_NullCounter.nulls > 0) == passes
    if not passes:
        # And the side to move knows it is the one in zugzwang.
        assert search.score < -50


def test_evaluation_is_symmetric_and_from_the_side_to_move() -> None:
    for fen in (
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ):
        board = chess.Board(fen)
        assert evaluate(board) == evaluate(board.mirror())
    # A queen up is a lot, from either side's view.
    board = chess.Board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    assert evaluate(board) > 800
    board.turn = chess.BLACK
    assert evaluate(board) < -800


def test_the_opening_book_answers_main_lines_and_nothing_else() -> None:
    rng = random.Random(3)
    board = chess.Board()
    first = {book_move(board, rng) for _ in range(30)}
    assert first and first <= set(board.legal_moves) and len(first) > 1
    board.push_san("e4")
    assert book_move(board, rng) in set(board.legal_moves)
    assert book_move(chess.Board("8/8/8/3Kp3/4Pk2/8/8/8 w - - 0 1"), rng) is None


@pytest.mark.parametrize("level", list(Level))
def test_the_engine_plays_legal_moves_and_leaves_the_session_as_found(level: Level) -> None:
    engine = ChessEngine(stockfish=False)
    rng = random.Random(7)
    session = open_session(
        "chess:r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8"
    )
    for _ in range(4):
        before = (session.position_text(), session.ply, len(session.board.move_stack))
        # A deadline already past: the search plays the best move of its first iteration.
        action = engine.choose(session, level, time.monotonic(), rng)
        assert (session.position_text(), session.ply, len(session.board.move_stack)) == before
        assert action in session.legal_actions()
        session.play(action)


@pytest.mark.parametrize(
    ("fen", "uci", "checks"),
    [
        ("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", True),  # discovered by the rook
        ("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "g1f2", False),
        ("4k3/8/2N5/1B6/8/8/8/6K1 w - - 0 1", "c6a7", True),  # discovered by the bishop
        ("4k3/8/2N5/1B6/8/8/8/6K1 w - - 0 1", "b5a4", False),  # the knight still blocks
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", False),
        ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1e2", False),
        ("4k3/8/8/8/8/8/8/3K1N2 w - - 0 1", "f1d2", False),
        ("4k3/8/8/5N2/8/8/8/3K4 w - - 0 1", "f5d6", True),  # a knight's own check
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", False),  # castling: the rook on d1
        ("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", True),
        ("7k/1P6/8/8/8/8/8/6K1 w - - 0 1", "b7b8q", True),  # promotion on the king's rank
        ("8/8/8/8/3pP3/8/5K2/k7 b - e3 0 1", "d4e3", True),  # en passant, the pawn's check
        ("8/8/8/8/3pP3/8/8/k5K1 b - e3 0 1", "d4e3", False),
        ("8/8/8/8/r2pP2K/8/8/6k1 b - e3 0 1", "d4e3", True),  # en passant discovers the rook
    ],
)
def test_the_quick_check_test_agrees_with_python_chess(fen: str, uci: str, checks: bool) -> None:
    """The pruning asks whether a move checks without making it; it must agree with
    python-chess exactly (a missed check would prune a mating line)."""
    board = chess.Board(fen)
    move = chess.Move.from_uci(uci)
    if not board.is_legal(move):
        pytest.fail(f"{uci} is not legal in {fen}")
    assert board.gives_check(move) is checks
    assert gives_check(board, move) is checks


def test_the_quick_check_test_agrees_on_every_move_of_random_games() -> None:
    rng = random.Random(37)
    compared = 0
    for _ in range(12):
        board = chess.Board()
        for _ in range(120):
            moves = list(board.legal_moves)
            if not moves:
                break
            for move in moves:
                assert gives_check(board, move) == board.gives_check(move), (board.fen(), move)
                compared += 1
            board.push(rng.choice(moves))
    assert compared > 10_000


def test_the_staged_move_order_yields_every_legal_move_once() -> None:
    """Moves come in stages (table move, good captures, killers, quiet moves, losing
    captures); each legal move exactly once, whatever the killers hold (a killer from another
    position may be illegal here, or a capture now)."""
    rng = random.Random(5)
    for _ in range(8):
        board = chess.Board()
        for _ in range(80):
            moves = list(board.legal_moves)
            if not moves:
                break
            search = Search(board.copy(), time.monotonic() + FAR)
            elsewhere = chess.Move(rng.randrange(64), rng.randrange(64))
            search.killers[3] = [rng.choice(moves), elsewhere]
            first = rng.choice([None, rng.choice(moves)])
            staged = list(search._moves(first, 3))
            assert len(staged) == len(moves) and set(staged) == set(moves), board.fen()
            if first is not None:
                assert staged[0] == first
            board.push(rng.choice(moves))
