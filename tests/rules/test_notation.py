"""Move notation and LPN: accepted forms, canonical output, precise errors, round trips."""

from __future__ import annotations

import pytest

from rules import (
    Game,
    IllegalMoveError,
    MoveKind,
    MoveSyntaxError,
    PositionError,
    UnknownVariantError,
    parse_move,
    parse_position,
    parse_square,
    square_name,
)


@pytest.mark.parametrize(
    "text", ["a2-a5", "a2a5", "A2-A5", "a2 a5", "a2\u2013a5", "a2\u2014a5", "  a2 - a5 "]
)
def test_every_accepted_slide_form_gives_the_canonical_move(text: str) -> None:
    move = parse_move(text)
    assert move.kind is MoveKind.MOVE and str(move) == "a2-a5"


def test_other_move_kinds() -> None:
    assert str(parse_move("c3-c5-e5")) == "c3-c5-e5"
    assert str(parse_move("c3c5e5")) == "c3-c5-e5"
    assert str(parse_move("@d4")) == "@d4" and str(parse_move("D4")) == "@d4"
    assert str(parse_move("Xd5")) == "xd5" and str(parse_move("x d5")) == "xd5"
    assert str(parse_move("PASS")) == "pass"
    assert str(parse_move("k8-k1")) == "k8-k1"
    assert str(parse_move("a1a10")) == "a1-a10"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "a9z1",
        "a0-a3",
        "m1-m2",
        "a2-",
        "--",
        "a2-a5!",
        "x" * 200,
        "💥",
        "a2-a5; drop table",
    ],
)
def test_anything_else_is_not_a_move_and_the_error_quotes_it(text: str) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        parse_move(text)
    message = str(info.value)
    assert "expected" in message
    if len(text) > 64:
        assert "too long" in message
    elif len(text) <= 30:
        assert repr(text) in message


def test_syntax_errors_are_told_apart_from_illegal_moves() -> None:
    game = Game.new("rugen")
    with pytest.raises(MoveSyntaxError, match="'a2 to a5' is not a move; expected a move like"):
        game.parse_move("a2 to a5")
    with pytest.raises(MoveSyntaxError, match="not a rugen move"):
        game.parse_move("@d4")
    with pytest.raises(IllegalMoveError) as info:
        game.parse_move("a2-a8")
    assert info.value.move == "a2-a8" and info.value.reason == "a8 is occupied"
    with pytest.raises(IllegalMoveError, match="i1 is not on this 8x8 board"):
        game.parse_move("i1-i2")


def test_squares() -> None:
    assert square_name(parse_square("L12")) == "l12"
    for bad in ["a0", "a13", "q1", "1a", ""]:
        with pytest.raises(ValueError):
            parse_square(bad)


@pytest.mark.parametrize(
    "lpn",
    [
        "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w",
        "rugen:7s/8/8/8/2Ss4/8/8/4S3 b clock=37 rows=1",
        "classic:ssssssss/3e4/8/8/8/8/4E3/SSSSSSSS b",
        "classic:7s/8/8/8/2Ss*S3/8/8/8 w",
        "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b",
    ],
)
def test_lpn_round_trips(lpn: str) -> None:
    assert parse_position(lpn).to_lpn() == lpn
    assert parse_position(parse_position(lpn).to_lpn()) == parse_position(lpn)


def test_lpn_canonical_output_drops_defaults() -> None:
    assert parse_position("rugen:8/8/8/8/8/8/8/S6s w clock=0 rows=0").to_lpn() == (
        "rugen:8/8/8/8/8/8/8/S6s w"
    )


@pytest.mark.parametrize(
    ("lpn", "message"),
    [
        ("rugen", "not a position"),
        ("chess:8/8/8/8/8/8/8/8 w", "unknown variant 'chess'"),
        ("rugen:8/8/8/8/8/8/8/8", "side to move"),
        ("rugen:8/8/8/8/8/8/8 w", "a rugen board is 8x8, not 8x7"),
        ("rugen:8/8/8/8/8/8/8/7 w", "ranks differ in length"),
        ("classic:10/10/10/10/10/10/10/10 w", "a classic board is 8x8 or 12x8, not 10x8"),
        ("rugen:8/8/8/8/8/8/8/7Q w", "'Q' is not a rugen piece"),
        ("rugen:8/8/8/8/8/8/8/7S* w", "'*' cannot mark 'S' in rugen"),
        ("classic:8/8/8/8/8/8/8/EE6 w", "white has 2 eagles; a classic side has at most 1"),
        ("classic:8/8/8/8/8/8/ssssssss/s7 w", "black has 9 soldiers"),
        ("rugen:8/8/8/8/8/8/8/8 x", "side to move must be 'w' or 'b'"),
        ("rugen:8/8/8/8/8/8/8/8 w hand=1,1", "rugen positions have no key 'hand'"),
        ("classic:8/8/8/8/8/8/8/8 w clock=3", "classic positions have no key 'clock'"),
        ("rugen:8/8/8/8/8/8/8/8 w clock=-1", "clock='-1'"),
        ("rugen:8/8/8/8/8/8/8/8 w rows=2", "rows must be one of 0, 1"),
        ("rugen:8/8/8/8/8/8/8/8 w clock=1 clock=2", "given twice"),
        ("rugen:8/8/8/8/8/8/8/8 w clock", "expected key=value"),
        ("rugen:8/8/8/8/8/8/8/4!3 w", "unexpected '!'"),
    ],
)
def test_bad_positions_are_refused_with_a_precise_message(lpn: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        parse_position(lpn)
    assert message in str(info.value)


def test_unknown_variant_is_a_position_error() -> None:
    with pytest.raises(UnknownVariantError, match="expected one of classic, rugen"):
        Game.new("chess")
