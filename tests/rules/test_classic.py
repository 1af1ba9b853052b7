"""classic: every sentence of rules.md section 1, each shown by a position."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import PASS, Game, IllegalMoveError, Move, Position, Side, parse_square, start_position

from .helpers import legal, names, play, symbol_at


def test_start_positions_and_black_moves_first() -> None:
    assert start_position("classic").to_lpn() == "classic:ssssssss/3e4/8/8/8/8/4E3/SSSSSSSS b"
    wide = start_position("classic", {"size": "12x8"})
    assert wide.to_lpn() == "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b"
    game = Game.new("classic", {"size": "12x8"})
    assert game.turn is Side.BLACK
    assert symbol_at(game, "g2") == "E" and symbol_at(game, "f7") == "e"


def test_pieces_slide_like_rooks_and_never_jump() -> None:
    game = Game("classic:ssssssss/3e4/8/8/8/8/4E3/SSSSSSSS b")
    assert "d7-d2" in legal(game) and "d7-a7" in legal(game) and "d7-h7" in legal(game)
    assert "d7-d1" not in legal(game)
    with pytest.raises(IllegalMoveError, match="d8-d6: the path is blocked at d7"):
        game.play("d8-d6")
    with pytest.raises(IllegalMoveError, match="diagonally"):
        game.play("d7-e6")
    with pytest.raises(IllegalMoveError, match="there is no piece on d5"):
        game.play("d5-d4")
    with pytest.raises(IllegalMoveError, match="it is black's turn"):
        game.play("e2-e3")
    with pytest.raises(IllegalMoveError, match="d1 is occupied"):
        game.play("d7-d1")


def test_flanked_soldier_becomes_captive_and_stays_on_the_board() -> None:
    game, [r] = play("classic:7s/8/8/8/2Ss4/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4"] and r.released == ()
    assert game.position.to_lpn() == "classic:7s/8/8/8/2Ss*S3/8/8/8 b"


def test_a_captive_cannot_move() -> None:
    game, _ = play("classic:7s/8/8/8/2Ss4/8/8/4S3 w", "e1-e4")
    with pytest.raises(IllegalMoveError, match="d4-d5: d4 is captive and cannot move"):
        game.play("d4-d5")
    assert all(m.origin != parse_square("d4") for m in game.legal_moves())


def test_the_eagle_captures_and_holds() -> None:
    _, [r] = play("classic:7s/8/8/8/2Es4/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4"]


def test_a_captive_holds_nothing_and_captures_nothing() -> None:
    # The white captive c4 is "beyond" black d4 when white lands on e4: it does not count.
    game, [r] = play("classic:7s/8/8/1s6/1sS*s4/1s6/8/4S3 w", "e1-e4")
    assert r.captured == ()
    assert symbol_at(game, "d4") == "s"


def test_corner_soldier_is_captured_by_both_neighbours() -> None:
    game, [r] = play("classic:sS6/8/8/8/8/8/8/S6s w", "a1-a7")
    assert names(r.captured) == ["a8"]
    assert symbol_at(game, "a8") == "s*"


def test_corner_capture_on_the_wide_board() -> None:
    game, [r] = play("classic:11s/12/12/12/12/12/S11/10Ss w", "a2-l2")
    assert names(r.captured) == ["l1"]


def test_moving_between_two_enemies_is_safe() -> None:
    game, [r] = play("classic:7S/8/8/8/2S1S3/8/3s4/7s b", "d2-d4")
    assert r.captured == () and symbol_at(game, "d4") == "s"


def test_multiple_captures_in_one_move() -> None:
    _, [r] = play("classic:7s/8/8/8/2Ss1sS1/8/8/4S3 w", "e1-e4")
    assert names(r.captured) == ["d4", "f4"]


def test_release_when_a_holder_moves_away() -> None:
    game, [r] = play("classic:7s/8/8/8/2Ss*S3/8/8/8 w", "c4-c1")
    assert r.captured == () and names(r.released) == ["d4"]
    assert symbol_at(game, "d4") == "s"


def test_release_when_a_holder_is_made_captive() -> None:
    # d4 is held by c4 and e4; black makes c4 captive by flanking it on the c-file.
    game, [r] = play("classic:7s/2s5/8/8/2Ss*S3/2s5/8/8 b", "c7-c5")
    assert names(r.captured) == ["c4"]
    assert names(r.released) == ["d4"]
    assert symbol_at(game, "c4") == "S*" and symbol_at(game, "d4") == "s"


def test_released_soldiers_capture_nothing_by_being_released() -> None:
    # Once free, d4 flanks white d3 against black d2; that captures nothing.
    game, [r] = play("classic:7s/2s5/8/8/2Ss*S3/2sS4/3s4/8 b", "c7-c5")
    assert names(r.released) == ["d4"]
    assert symbol_at(game, "d3") == "S"


def test_a_captive_held_again_on_another_line_is_neither_captured_nor_released() -> None:
    # c4 leaves the line c4-d4-e4 but d4 stays held on the d-file by d5 and d3: no change.
    _, [r] = play("classic:7s/8/8/3S4/2Ss*S3/3S4/8/8 w", "c4-c1")
    assert r.captured == () and r.released == ()


def test_eagles_never_become_captive() -> None:
    game, [r] = play("classic:7S/8/8/8/2sE4/8/8/4s3 b", "e1-e4")
    assert r.captured == () and symbol_at(game, "d4") == "E"


def test_eagle_enclosed_with_a_friendly_piece_is_captured_by_the_enemy_last_move() -> None:
    # White eagle d4: d5 is a white soldier, c4 and e4 black; black moves into d3.
    game, _ = play("classic:8/8/8/3S4/2sEs3/8/8/3s3s b", "d1-d3")
    assert game.outcome is not None
    assert game.outcome.winner is Side.BLACK and game.outcome.reason == "eagle_captured"
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("h1-h2")


def test_eagle_in_a_corner_or_on_an_edge_is_enclosed_by_the_edge_too() -> None:
    game, _ = play("classic:8/8/8/8/8/8/s7/E6s b", "h1-b1")
    assert game.outcome is not None and game.outcome.reason == "eagle_captured"
    game, _ = play("classic:8/8/8/8/8/8/3s4/2sE3s b", "h1-e1")
    assert game.outcome is not None and game.outcome.reason == "eagle_captured"


def test_eagle_needs_every_neighbour_occupied_and_the_enemy_last_move() -> None:
    game, _ = play("classic:8/8/8/8/2sEs3/8/8/3s3s b", "d1-d3")
    assert game.outcome is None
    # Enclosed, but the last move was White's own: not captured.
    game, _ = play("classic:7s/8/8/3S4/2sEs3/8/8/3S4 w", "d1-d3")
    assert game.outcome is None


def test_side_without_moves_passes_while_the_other_can_move() -> None:
    game = Game("classic:8/8/8/8/8/8/s7/S*s5s w")
    assert game.legal_moves() == [PASS]
    with pytest.raises(IllegalMoveError, match="must pass"):
        game.play("a1-a2")
    game.play("pass")
    assert game.turn is Side.BLACK
    with pytest.raises(IllegalMoveError, match="only when you have no other move"):
        game.play("pass")


def test_when_neither_side_can_move_more_captives_wins() -> None:
    # Black holds two white captives, white holds one: black wins, "blocked".
    game = Game("classic:8/8/8/8/8/8/8/S*s*S*5 w")
    assert game.outcome is not None
    assert game.outcome.winner is Side.BLACK and game.outcome.reason == "blocked"
    assert game.legal_moves() == []


def test_blocked_with_equal_captives_is_a_draw() -> None:
    game = Game("classic:8/8/8/8/8/8/8/S*s*6 b")
    assert game.outcome is not None
    assert game.outcome.winner is None and game.outcome.reason == "blocked"


def test_third_repetition_is_illegal() -> None:
    game, _ = play(
        "classic:7s/8/8/8/8/8/8/S7 w",
        "a1-a2",
        "h8-h7",
        "a2-a1",
        "h7-h8",
        "a1-a2",
        "h8-h7",
        "a2-a1",
    )
    with pytest.raises(IllegalMoveError, match="h7-h8: that would repeat the position a third"):
        game.play("h7-h8")
    assert "h7-h8" not in legal(game)
    game.play("h7-h6")


def test_edge_soldier_is_captured_along_the_edge_but_not_against_it() -> None:
    # b1 is flanked along rank 1 when White lands on c1 with a1 beyond: captive.
    _, [r] = play("classic:7s/8/8/8/8/2S5/8/Ss6 w", "c3-c1")
    assert names(r.captured) == ["b1"]
    # Landing on b2 above it: beyond b1 is off the board, and b1 is no corner: nothing.
    _, [r] = play("classic:7s/8/8/8/8/1S6/8/1s6 w", "b3-b2")
    assert r.captured == ()


def test_when_every_move_of_both_sides_would_repeat_the_game_ends_blocked() -> None:
    # Two lone soldiers, steered by a deterministic policy that always makes the most repeated
    # position it may. Sooner or later every move of both sides would repeat a position a third
    # time: that is "neither side has a legal move" (judged with the repetition rule for both),
    # so the game ends `blocked` (a draw, no captives), instead of both passing for ever.
    game = Game("classic:7s/8/8/8/8/8/8/S7 w")
    seen: Counter[Position] = Counter([game.position])
    previous_was_pass = False
    for _ in range(20_000):
        moves = game.legal_moves()
        if not moves:
            break
        if moves == [PASS]:
            assert not previous_was_pass, "two forced passes in a row"
            previous_was_pass = True
            game.play(PASS)
        else:
            previous_was_pass = False

            def times_seen(move: Move) -> tuple[int, str]:
                game.push(move)
                n = seen[game.position]
                game.pop()
                return (n, str(move))

            game.play(max(moves, key=times_seen))
        seen[game.position] += 1
    assert game.outcome is not None
    assert game.outcome.winner is None and game.outcome.reason == "blocked"
