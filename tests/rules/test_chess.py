"""Chess through the house interface: every rule sentence of games.md's chess section by a
position, the accepted input forms, and refusals with reasons."""

from __future__ import annotations

import chess
import pytest

from rules import (
    GameOutcome,
    IllegalMoveError,
    MoveSyntaxError,
    PositionError,
    Reason,
    open_session,
)
from rules.games import ChessSession

START = "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def at(fen: str) -> ChessSession:
    session = open_session("chess:" + fen)
    assert isinstance(session, ChessSession)
    return session


def refusal(session: ChessSession, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        session.play(text)
    assert info.value.move == text
    return info.value.reason


def test_start_position_and_seats() -> None:
    session = open_session("chess")
    assert session.position_text() == START
    assert session.seats == ("white", "black") and session.to_move == "white"


@pytest.mark.parametrize(("depth", "nodes"), [(1, 20), (2, 400), (3, 8902)])
def test_perft_from_the_start(depth: int, nodes: int) -> None:
    assert open_session("chess").perft(depth) == nodes


def test_perft_of_kiwipete_matches_the_published_counts() -> None:
    # The standard perft test position with castling, en passant and promotions in reach.
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert at(kiwipete).perft(1) == 48
    assert at(kiwipete).perft(2) == 2039


def test_moves_are_san_sorted_as_text() -> None:
    actions = open_session("chess").legal_actions()
    assert actions == sorted(actions) and "Nf3" in actions and "e4" in actions


def test_fen_output_is_python_chess_fen_with_en_passant_only_when_legal() -> None:
    session = open_session("chess")
    session.play("e4")
    # No black pawn can take on e3, so python-chess writes no en-passant square.
    assert session.position_text() == (
        "chess:rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    )
    board = chess.Board()
    board.push_san("e4")
    assert session.position_text() == "chess:" + board.fen()
    legal_ep = at("rnbqkbnr/ppp1pppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
    legal_ep.play("f5")
    assert legal_ep.position_text().split()[3] == "f6"


def test_en_passant_reports_the_passed_pawns_square() -> None:
    session = at("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
    result = session.play("exd6")
    assert result.canonical == "exd6" and result.captured == ("d5",)
    assert session.position_text() == (
        "chess:rnbqkbnr/ppp1p1pp/3P4/5p2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    )


def test_en_passant_in_uci_and_an_ordinary_capture_reports_the_target() -> None:
    session = at("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    assert session.play("e5f6").captured == ("f5",)
    session = at("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    result = session.play("exd5")
    assert result.captured == ("d5",) and result.seat == "white"


PROMOTION = "8/4P2k/8/8/8/8/6K1/3r4 w - - 0 1"


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("e8=Q", "e8=Q"),
        ("e8Q", "e8=Q"),
        ("e8q", "e8=Q"),
        ("e7e8q", "e8=Q"),
        ("e8=N", "e8=N"),
        ("e8n", "e8=N"),
        ("e8=R", "e8=R"),
        ("e7e8b", "e8=B"),
    ],
)
def test_promotion_input_forms(typed: str, canonical: str) -> None:
    session = at(PROMOTION)
    assert session.play(typed).canonical == canonical


def test_promotion_with_capture_without_equals_sign() -> None:
    session = at("3r4/4P1k1/8/8/8/8/6K1/8 w - - 0 1")
    result = session.play("exd8q")
    assert result.canonical == "exd8=Q" and result.captured == ("d8",)


def test_promotion_to_every_piece_and_not_to_a_king_is_listed() -> None:
    moves = at(PROMOTION).legal_actions()
    assert {"e8=Q", "e8=R", "e8=B", "e8=N"} <= set(moves)
    assert not any(m.startswith("e8=K") for m in moves)


def test_a_pawn_on_the_last_rank_must_promote() -> None:
    assert refusal(at(PROMOTION), "e8") == "a pawn reaching the last rank must promote: e8=Q"
    assert refusal(at(PROMOTION), "e7e8") == ("a pawn reaching the last rank must promote: e7e8q")


CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("O-O", "O-O"),
        ("o-o", "O-O"),
        ("0-0", "O-O"),
        ("e1g1", "O-O"),
        ("O-O-O", "O-O-O"),
        ("o-o-o", "O-O-O"),
        ("0-0-0", "O-O-O"),
        ("e1c1", "O-O-O"),
    ],
)
def test_castling_forms(typed: str, canonical: str) -> None:
    session = at(CASTLE)
    assert session.play(typed).canonical == canonical
    rook = "f1" if canonical == "O-O" else "d1"
    assert session.board.piece_at(chess.parse_square(rook)) == chess.Piece.from_symbol("R")


def test_castling_refusals_say_why() -> None:
    lost = at("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1")
    assert refusal(lost, "O-O") == "white can no longer castle kingside"
    in_check = at("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1")
    assert refusal(in_check, "O-O") == "you cannot castle out of check"
    through = at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
    assert refusal(through, "O-O") == "the king may not pass through or land on an attacked square"
    blocked = at("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")
    assert refusal(blocked, "0-0-0") == (
        "the squares between king and rook must be empty to castle queenside"
    )
    assert refusal(at(START[6:]), "e1g1") == (
        "the squares between king and rook must be empty to castle kingside"
    )


def test_fools_mate_is_checkmate_for_black() -> None:
    session = open_session("chess")
    for move in ("f3", "e5", "g4"):
        session.play(move)
    result = session.play("Qh4")  # the '#' may be left out
    assert result.canonical == "Qh4#"
    assert session.outcome == GameOutcome("black", Reason.CHECKMATE)
    assert session.legal_actions() == []
    assert refusal(session, "a3") == "the game is over"


def test_stalemate_is_a_draw() -> None:
    session = at("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1")
    session.play("Qf7")
    assert session.outcome == GameOutcome(None, Reason.STALEMATE)


def test_insufficient_material_ends_the_game_at_once() -> None:
    session = at("8/8/8/4k3/8/3r4/4K3/8 w - - 0 1")
    result = session.play("Kxd3")
    assert result.captured == ("d3",)
    assert session.outcome == GameOutcome(None, Reason.INSUFFICIENT_MATERIAL)
    bishop = at("8/8/8/4k3/8/3r4/4K3/7B w - - 0 1")
    bishop.play("Kxd3")
    assert bishop.outcome == GameOutcome(None, Reason.INSUFFICIENT_MATERIAL)


def test_threefold_repetition_ends_the_game_at_once() -> None:
    session = open_session("chess")
    for move in ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"):
        session.play(move)
        assert session.outcome is None
    session.play("Ng8")  # the start position for the third time
    assert session.outcome == GameOutcome(None, Reason.THREEFOLD_REPETITION)
    session.pop()
    assert session.outcome is None


def test_fifty_moves_end_the_game_at_once_after_the_hundredth_half_move() -> None:
    session = at("8/8/8/4k3/8/8/4K3/R7 w - - 99 80")
    assert session.outcome is None
    session.play("Ra2")
    assert session.outcome == GameOutcome(None, Reason.FIFTY_MOVES)


def test_a_capture_or_pawn_move_resets_the_fifty_move_count() -> None:
    session = at("8/8/8/4k3/8/8/3PK3/R7 w - - 99 80")
    session.play("d4")
    assert session.outcome is None and session.position_text().split()[4] == "0"


def test_mate_on_the_hundredth_half_move_wins() -> None:
    session = at("6k1/8/6K1/8/8/8/8/R7 w - - 99 80")
    session.play("Ra8")
    assert session.outcome == GameOutcome("white", Reason.CHECKMATE)


@pytest.mark.parametrize("typed", ["Nf3", "nf3", "g1f3", "G1F3", " Nf3 ", "Ng1f3", "Ng1-f3"])
def test_san_and_uci_inputs(typed: str) -> None:
    assert open_session("chess").play(typed).canonical == "Nf3"


@pytest.mark.parametrize("typed", ["banana", "e9", "Zf3", "0000", "--", "e2e4e5", "Nf3??x"])
def test_syntax_errors_quote_the_input(typed: str) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        open_session("chess").parse(typed)
    assert repr(typed.strip()) in str(info.value) and "SAN or UCI" in str(info.value)


def test_refusals_with_reasons() -> None:
    start = open_session("chess")
    assert refusal(start, "e5") == "no white pawn can move to e5"
    assert refusal(start, "e3e4") == "there is no piece on e3"
    assert refusal(start, "e7e5") == "e7 holds a black pawn; it is white's turn"
    assert refusal(start, "g1g3") == "a knight on g1 cannot move to g3"
    assert refusal(start, "exd5") == "there is nothing to capture on d5"
    assert refusal(start, "Nf3=Q") == "only a pawn reaching the last rank promotes"
    pinned = at("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    assert refusal(pinned, "Bd3") == "that move would leave your king in check"
    assert refusal(pinned, "e2d3") == "that move would leave your king in check"
    check = at("4k3/8/8/8/8/8/3PrP2/3QKB2 w - - 0 1")
    assert refusal(check, "d3") == (
        "your king is in check and that move does not get it out of check"
    )
    ambiguous = at("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    assert refusal(ambiguous, "Nd2") == "ambiguous: say which piece (Nbd2 or Nfd2)"
    assert ambiguous.play("Nbd2").canonical == "Nbd2"


@pytest.mark.parametrize(
    "text",
    [
        "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "chess:8/8/8/8/8/8/8/8 w - - 0 1",
        "chess:4k3/8/8/8/8/8/8/R3K3 b - - 0 1" + " extra",
    ],
)
def test_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(PositionError):
        open_session(text)


def test_a_position_with_the_side_not_to_move_in_check_is_refused() -> None:
    with pytest.raises(PositionError, match="opposite check"):
        open_session("chess:4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")


def test_push_and_pop_restore_castling_rights_and_en_passant() -> None:
    session = at("r3k2r/8/8/8/1p6/8/P7/R3K2R w KQkq - 0 1")
    before = session.position_text()
    session.play("a4")
    session.play("bxa3")
    session.play("O-O")
    session.pop()
    session.pop()
    session.pop()
    assert session.position_text() == before and session.ply == 0
