"""rugen: every sentence of rules.md section 2, each shown by a position."""

from __future__ import annotations

import pytest

from rules import Game, IllegalMoveError, Side, start_position

from .helpers import legal, names, play, symbol_at


def test_start_position_and_white_moves_first() -> None:
    start = start_position("rugen")
    assert start.to_lpn() == "rugen:ssssssss/ssssssss/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w"
    assert start_position("rugen", {"rows": "1"}).to_lpn().endswith(" w rows=1")
    assert Game(start).turn is Side.WHITE


def test_eagles_step_exactly_one_square() -> None:
    game = Game.new("rugen")
    assert {"d3-c3", "d3-e3", "d3-d4"} <= set(legal(game))
    with pytest.raises(IllegalMoveError, match="moves exactly one square"):
        game.play("d3-d5")


def test_soldiers_slide_without_jumping() -> None:
    game = Game.new("rugen")
    with pytest.raises(IllegalMoveError, match="the path is blocked at d3"):
        game.play("d2-d5")
    assert "a2-a6" in legal(game) and "a2-a7" not in legal(game)


def test_flanked_soldier_is_removed() -> None:
    game, [r] = play("rugen:7s/8/8/8/2Ss4/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4"]
    assert game.position.to_lpn() == "rugen:7s/8/8/8/2S1S3/8/8/8 b"


def test_the_eagle_helps_capture() -> None:
    _, [r] = play("rugen:7s/8/8/8/2Es4/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4"]


def test_full_enclosure_in_a_corner_and_on_an_edge() -> None:
    _, [r] = play("rugen:7s/8/8/S7/8/8/8/sS6 w", "a5-a2")
    assert names(r.captured) == ["a1"]
    _, [r] = play("rugen:7s/8/8/3S4/8/8/8/2SsS3 w", "d5-d2")
    assert names(r.captured) == ["d1"]


def test_enclosure_needs_every_neighbour_to_be_the_movers() -> None:
    _, [r] = play("rugen:7s/8/8/3S4/8/8/8/2ssS3 w", "d5-d2")
    assert r.captured == ()


def test_eagles_are_never_captured() -> None:
    game, [r] = play("rugen:7s/8/8/8/2Se4/8/8/4S3 w", "e1-e4")
    assert r.captured == () and symbol_at(game, "d4") == "e"


def test_moving_between_two_enemies_is_safe() -> None:
    game, [r] = play("rugen:7S/8/8/8/2S1S3/8/3s4/7s b", "d2-d4")
    assert r.captured == () and symbol_at(game, "d4") == "s"


def test_several_soldiers_in_one_move() -> None:
    _, [r] = play("rugen:7s/8/8/8/2Ss1sS1/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4", "f4"]


def test_row_capture_only_with_the_option() -> None:
    _, [r] = play("rugen:7s/8/8/8/1Sss4/8/8/4S3 w rows=1", "e1-e4")
    assert names(r.captured) == ["c4", "d4"]
    _, [r] = play("rugen:7s/8/8/8/1Sss4/8/8/4S3 w", "e1-e4")
    assert r.captured == ()


def test_row_capture_along_a_file_and_by_enclosure() -> None:
    _, [r] = play("rugen:7s/3S4/8/3s4/3s4/3S4/8/8 w rows=1", "d7-d6")
    assert names(r.captured) == ["d4", "d5"]
    _, [r] = play("rugen:7s/8/8/2S5/8/8/SS6/ss6 w rows=1", "c5-c1")
    assert names(r.captured) == ["a1", "b1"]
    _, [r] = play("rugen:7s/8/8/2S5/8/8/SS6/ss6 w", "c5-c1")
    assert r.captured == ()


def test_a_row_at_right_angles_to_the_move_is_not_captured() -> None:
    _, [r] = play("rugen:7s/8/3S4/3s4/3s4/3S4/8/4S3 w rows=1", "e1-e4")
    assert r.captured == ()


def test_win_when_the_opponent_has_no_soldiers() -> None:
    game, _ = play("rugen:7e/8/8/8/2Ss4/8/8/4S3 w", "e1-e4")
    assert game.outcome is not None
    assert game.outcome.winner is Side.WHITE and game.outcome.reason == "no_soldiers"


def test_win_by_enclosing_the_eagle() -> None:
    game, _ = play("rugen:eS6/8/8/8/8/8/8/S6s w", "a1-a7")
    assert game.outcome is not None
    assert game.outcome.winner is Side.WHITE and game.outcome.reason == "eagle_captured"


def test_eagle_next_to_its_own_piece_is_not_enclosed() -> None:
    game, _ = play("rugen:es6/8/8/8/8/8/8/S6s w", "a1-a7")
    assert game.outcome is None


def test_no_soldiers_is_checked_before_eagle_captured() -> None:
    game, [r] = play("rugen:e1sS4/S7/8/8/8/8/8/1S6 w", "b1-b8")
    assert names(r.captured) == ["c8"]
    assert game.outcome is not None and game.outcome.reason == "no_soldiers"


def test_a_side_without_legal_moves_loses() -> None:
    game, _ = play("rugen:eS6/s6S/S7/8/8/8/8/8 w", "h7-b7")
    assert game.outcome is not None
    assert game.outcome.winner is Side.WHITE and game.outcome.reason == "no_legal_moves"
    assert game.legal_moves() == []


def test_fifty_moves_each_without_capture_is_a_draw() -> None:
    game, _ = play("rugen:7s/8/8/8/8/8/8/S6e w clock=99", "a1-a2")
    assert game.outcome is not None
    assert game.outcome.winner is None and game.outcome.reason == "fifty_move_rule"


def test_a_capture_resets_the_fifty_move_count() -> None:
    game, _ = play("rugen:6ss/8/8/8/2Ss4/8/8/4S3 w clock=99", "e1-e4")
    assert game.outcome is None and game.position.clock == 0
    game, _ = play("rugen:6ss/8/8/8/2S5/8/8/4S3 w clock=10", "e1-e4")
    assert game.position.clock == 11


def test_third_repetition_is_illegal() -> None:
    game, _ = play(
        "rugen:7s/8/8/8/8/8/8/S6E w",
        "a1-a2",
        "h8-h7",
        "a2-a1",
        "h7-h8",
        "a1-a2",
        "h8-h7",
        "a2-a1",
    )
    with pytest.raises(IllegalMoveError, match="repeat the position a third time"):
        game.play("h7-h8")
