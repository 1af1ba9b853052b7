"""English draughts through the house interface: every rule sentence of games.md's draughts
section by a position, the PDN inputs, and refusals with reasons.

Squares (PDN): 1 b8, 2 d8, 3 f8, 4 h8, 5 a7 … 29 a1, 30 c1, 31 e1, 32 g1; Black starts on 1–12
and moves toward 29–32, White starts on 21–32 and moves toward 1–4.
"""

from __future__ import annotations

import pytest

from rules import GameOutcome, IllegalMoveError, MoveSyntaxError, PositionError, Reason
from rules import open_session as _open
from rules.games import DraughtsSession

START = "draughts:B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def at(position: str) -> DraughtsSession:
    session = _open("draughts:" + position)
    assert isinstance(session, DraughtsSession)
    return session


def refusal(session: DraughtsSession, text: str) -> str:
    before = session.position_text()
    with pytest.raises(IllegalMoveError) as info:
        session.play(text)
    assert info.value.move == text and session.position_text() == before
    return info.value.reason


def test_start_position_black_moves_first() -> None:
    session = _open("draughts")
    assert session.position_text() == START
    assert session.seats == ("black", "white") and session.to_move == "black"
    assert session.legal_actions() == ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]


@pytest.mark.parametrize(
    ("depth", "nodes"), [(1, 7), (2, 49), (3, 302), (4, 1469), (5, 7361), (6, 36768)]
)
def test_perft_from_the_start(depth: int, nodes: int) -> None:
    assert _open("draughts").perft(depth) == nodes


def test_men_step_diagonally_forward_only() -> None:
    black = at("B:W32:B18")
    assert black.legal_actions() == ["18-22", "18-23"]
    white = at("W:W18:B1")
    assert white.legal_actions() == ["18-14", "18-15"]
    assert refusal(white, "18-22") == "a man moves and jumps only forward"


def test_kings_step_in_all_four_directions() -> None:
    assert at("B:W32:BK18").legal_actions() == ["18-14", "18-15", "18-22", "18-23"]
    assert at("W:WK18:B1").legal_actions() == ["18-14", "18-15", "18-22", "18-23"]


def test_no_flying_kings() -> None:
    session = at("B:W27:BK18")
    # 23 is empty and 27 holds an enemy man two squares away: no long jump, no long slide.
    assert not any("x" in m for m in session.legal_actions())
    assert refusal(session, "18-5") == "a king moves one square at a time (no flying kings)"
    assert refusal(session, "18-9") == "there is no piece to jump on 14"
    assert refusal(session, "18x32") == "a king moves one square at a time (no flying kings)"


def test_capturing_is_compulsory() -> None:
    session = at("B:W15:B1,11")
    assert session.legal_actions() == ["11x18"]
    assert refusal(session, "1-6") == "capturing is compulsory: 11x18 is available"
    result = session.play("11x18")
    assert result.captured == (15,) and result.as_json()["captured"] == [15]


def test_free_choice_among_captures_no_obligation_to_take_the_most() -> None:
    session = at("B:W14,16,24:B9,12")
    assert session.legal_actions() == ["12x19x28", "9x18"]
    assert session.play("9x18").captured == (14,)


def test_a_capture_goes_on_while_the_same_piece_can_jump() -> None:
    session = at("B:W14,16,24:B9,12")
    assert refusal(session, "12x19") == (
        "the capture must go on while the same piece can jump: 12x19x28"
    )
    result = session.play("12x19x28")
    assert result.canonical == "12x19x28" and result.captured == (16, 24)
    assert session.position_text() == "draughts:W:W14:B9,28"


@pytest.mark.parametrize("typed", ["12x19x28", "12-19-28", "12:19:28", "12X19X28", "12 x 19 x 28"])
def test_multi_jump_input_forms(typed: str) -> None:
    assert at("B:W14,16,24:B9,12").play(typed).canonical == "12x19x28"


def test_a_capture_may_be_given_by_its_start_and_end_when_that_names_one() -> None:
    assert at("B:W14,16,24:B9,12").play("12x28").canonical == "12x19x28"


def test_a_king_may_capture_round_a_circle_back_to_its_square_either_way() -> None:
    session = at("B:W14,15,22,23:BK10")
    assert session.legal_actions() == ["10x17x26x19x10", "10x19x26x17x10"]
    assert refusal(session, "10x10") == (
        "ambiguous: say every landing (10x17x26x19x10 or 10x19x26x17x10)"
    )
    result = session.play("10x19x26x17x10")
    assert result.captured == (15, 23, 22, 14)
    assert session.position_text() == "draughts:W:W:BK10"
    assert session.outcome == GameOutcome("black", Reason.NO_PIECES)


def test_crowning_ends_the_move() -> None:
    # The black man on 21 jumps 25 and lands on 30, Black's crowning row; as a king it could
    # jump 26 on to 23, but the move ends where it was crowned.
    session = at("B:W25,26:B21")
    assert session.legal_actions() == ["21x30"]
    assert refusal(session, "21x30x23") == "a man crowned on 30 ends its move there"
    session.play("21x30")
    assert session.position_text() == "draughts:W:W26:BK30"


def test_a_man_stepping_onto_the_far_row_is_crowned() -> None:
    session = at("B:W5:B25 plies=7")
    session.play("25-29")
    assert session.position_text() == "draughts:W:W5:BK29"
    session.pop()
    assert session.position_text() == "draughts:B:W5:B25 plies=7"


def test_kings_jump_backwards_and_may_go_on() -> None:
    # A black king on 18 jumps backwards over 15 to 11, then on over 8 to 4.
    session = at("B:W8,15:BK18")
    assert session.legal_actions() == ["18x11x4"]
    assert session.play("18x11x4").captured == (15, 8)


def test_a_man_does_not_slide() -> None:
    session = at("B:W32:B11")
    assert refusal(session, "11-22") == "a man steps one square, or jumps over an enemy piece"


def test_you_cannot_jump_your_own_piece_or_an_empty_square() -> None:
    session = at("B:W32:B11,15")
    assert refusal(session, "11x18") == "you cannot jump your own piece on 15"
    lone = at("B:W32:B11")
    assert refusal(lone, "11x18") == "there is no piece to jump on 15"


def test_no_pieces_wins() -> None:
    session = at("B:W15:B11")
    session.play("11x18")
    assert session.outcome == GameOutcome("black", Reason.NO_PIECES)
    assert session.legal_actions() == []
    assert refusal(session, "18-22") == "the game is over"


def test_no_legal_moves_wins() -> None:
    session = at("B:W21:B10,17")
    session.play("10-14")  # the white man on 21 is now shut in by 17 and 14
    assert session.outcome == GameOutcome("black", Reason.NO_LEGAL_MOVES)


def test_forty_moves_draw_after_eighty_plies_without_capture_or_man_move() -> None:
    session = at("B:WK32:BK1 plies=79")
    assert session.outcome is None
    session.play("1-5")
    assert session.position_text() == "draughts:W:WK32:BK5 plies=80"
    assert session.outcome == GameOutcome(None, Reason.FORTY_MOVES)


def test_king_moves_count_toward_the_forty_moves() -> None:
    session = at("B:WK32:BK1 plies=5")
    session.play("1-6")
    assert session.position_text().endswith(" plies=6")


def test_a_man_move_resets_the_forty_move_counter() -> None:
    session = at("B:WK32:B1 plies=79")
    session.play("1-6")
    assert session.position_text() == "draughts:W:WK32:B6" and session.outcome is None


def test_a_capture_resets_the_forty_move_counter() -> None:
    session = at("B:WK15,K32:BK11 plies=79")
    session.play("11x18")
    assert session.position_text() == "draughts:W:WK32:BK18" and session.outcome is None


def test_threefold_repetition_draws() -> None:
    session = at("B:WK32:BK1")
    shuffle = ["1-5", "32-27", "5-1", "27-32", "1-5", "32-27", "5-1"]
    for move in shuffle:
        session.play(move)
        assert session.outcome is None
    session.play("27-32")  # the opening position with Black to move, for the third time
    assert session.outcome == GameOutcome(None, Reason.THREEFOLD_REPETITION)
    session.pop()
    assert session.outcome is None


@pytest.mark.parametrize("typed", ["11-15", "11x15", "11:15", " 11 - 15 "])
def test_step_input_forms(typed: str) -> None:
    assert _open("draughts").play(typed).canonical == "11-15"


@pytest.mark.parametrize("typed", ["", "11", "a-b", "11-", "e3-e4", "11--15", "11-15!"])
def test_syntax_errors_quote_the_input(typed: str) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        _open("draughts").parse(typed)
    assert repr(typed.strip()) in str(info.value) or not typed.strip()


def test_a_number_off_the_board_is_a_syntax_error() -> None:
    with pytest.raises(MoveSyntaxError, match="33 is not a square"):
        _open("draughts").parse("33-37")


def test_refusals_with_reasons_at_the_start() -> None:
    session = _open("draughts")
    assert isinstance(session, DraughtsSession)
    assert refusal(session, "14-18") == "there is no piece on 14"
    assert refusal(session, "22-18") == "22 is not your piece"
    assert refusal(session, "1-5") == "5 is not empty"
    assert refusal(session, "11-14") == "11 to 14 is not a diagonal step or jump"
    assert refusal(session, "11-19") == "11 to 19 is not a diagonal step or jump"
    assert refusal(session, "11-20") == "there is no piece to jump on 16"
    assert refusal(session, "11-15-19") == "a step is one square; only captures go on"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("draughts:B:W21:B1 plies=x", "not a draughts position"),
        ("draughts:X:W21:B1", "not a draughts position"),
        ("draughts:B:W21:W1", "lists white twice"),
        ("draughts:B:W21,21:B1", "listed twice"),
        ("draughts:B:W21:B1,K21", "listed twice"),
        ("draughts:B:W33:B1", "not a square"),
        ("draughts:B:W2:B1", "crowning row"),
        ("draughts:B:W21:B30", "crowning row"),
        ("draughts:B:W1,2,3,4,5,6,7,8,9,10,11,12,13:B30", "more than 12"),
    ],
)
def test_bad_positions_are_refused(text: str, why: str) -> None:
    with pytest.raises(PositionError, match=why):
        _open(text)


def test_position_text_round_trips_with_kings_and_counter() -> None:
    text = "draughts:W:W18,K26,30:BK3,9 plies=12"
    assert _open(text).position_text() == text
    # The lists may come in either order; the output is canonical.
    assert _open("draughts:W:BK3,9:W18,K26,30 plies=12").position_text() == text
    assert _open("draughts:B:W18 plies=0:B3".replace(" plies=0", "")).position_text() == (
        "draughts:B:W18:B3"
    )
