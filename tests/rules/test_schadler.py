"""schadler: every sentence of rules.md section 3, each shown by a position, plus the tricky cases,
seeded random games with undo checks, and perft cross-checked by an independent brute force."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules import (
    PASS,
    Game,
    IllegalMoveError,
    MoveKind,
    MoveSyntaxError,
    PositionError,
    Side,
    Termination,
    parse_position,
    start_position,
)

from .helpers import legal, names, play, symbol_at

START = "schadler:8/8/8/8/8/8/8/8 w hand=16,16"


def moves_from(game: Game, square: str) -> list[str]:
    return [m for m in legal(game) if m.startswith(square + "-")]


# ----- set-up and placement -------------------------------------------------------------------


def test_start_is_an_empty_board_with_sixteen_counters_in_each_hand_and_white_first() -> None:
    assert start_position("schadler").to_lpn() == START
    game = Game.new("schadler")
    assert game.turn is Side.WHITE
    assert game.position.hand == (16, 16)
    assert game.position.width == 8 and game.position.height == 8
    assert len(game.legal_moves()) == 64
    assert all(m.kind is MoveKind.PLACE for m in game.legal_moves())
    assert parse_position(START) == start_position("schadler")


def test_players_alternately_place_until_both_hands_are_empty_32_plies() -> None:
    game = Game.new("schadler")
    squares = [f"{f}{r}" for r in (1, 2, 7, 8) for f in "abcdefgh"]
    white, black = squares[:16], squares[16:]
    for i in range(16):
        assert game.turn is Side.WHITE
        with pytest.raises(IllegalMoveError, match="you still have counters to place"):
            game.play("a1-a2" if i else "a3-a4")
        game.play("@" + white[i])
        assert game.position.hand == (15 - i, 16 - i)
        game.play(black[i])  # "d4" is accepted for "@d4"
        assert game.position.hand == (15 - i, 15 - i)
    assert game.ply == 32
    full = "schadler:cccccccc/cccccccc/8/8/8/8/CCCCCCCC/CCCCCCCC w hand=0,0"
    assert game.position.to_lpn() == full
    kinds = {m.kind for m in game.legal_moves()}
    assert kinds == {MoveKind.MOVE}
    with pytest.raises(IllegalMoveError, match="placement is over: all counters are on the board"):
        game.play("@d4")


def test_placement_goes_on_any_empty_square_only() -> None:
    game = Game("schadler:8/8/8/8/3c4/8/8/8 w hand=16,15")
    assert len(game.legal_moves()) == 63
    with pytest.raises(IllegalMoveError, match=r"@d4: d4 is occupied"):
        game.play("@d4")


def test_nothing_is_trapped_during_placement_and_rule_7_does_not_restrict_it() -> None:
    # White places between two black counters (rule 7 would forbid that for a move) ...
    game, [r] = play("schadler:8/8/8/8/8/8/8/c1c5 w hand=3,3", "@b1")
    assert r.captured == () and r.released == ()
    assert game.position.to_lpn() == "schadler:8/8/8/8/8/8/8/cCc5 b hand=2,3"
    # ... and a placement that would flank a black counter traps nothing.
    game, [r] = play("schadler:8/8/8/8/8/8/8/Cc6 w hand=3,3", "@c1")
    assert r.captured == ()
    assert symbol_at(game, "b1") == "c"
    # A corner shut in by placements is not trapped either.
    game, [r] = play("schadler:8/8/8/8/8/8/C7/c7 w hand=3,3", "@b1")
    assert r.captured == () and symbol_at(game, "a1") == "c"


def test_placement_phase_side_with_empty_hand_passes_until_the_other_has_placed() -> None:
    # Not reachable from the start (hands empty alternately), only from LPN: our decision.
    game = Game("schadler:8/8/8/8/8/8/8/CC4cc w hand=0,2")
    assert game.legal_moves() == [PASS]
    with pytest.raises(IllegalMoveError, match="you have no legal move and must pass"):
        game.play("a1-a2")
    game.play("pass")
    assert game.position.to_lpn() == "schadler:8/8/8/8/8/8/8/CC4cc b hand=0,2 passes=1"
    game.play("@d4")
    assert game.position.passes == 0
    assert game.legal_moves() == [PASS]
    game.play("pass")
    game.play("@e4")
    assert game.position.to_lpn() == "schadler:8/8/8/8/3cc3/8/8/CC4cc w hand=0,0"
    assert all(m.kind is MoveKind.MOVE for m in game.legal_moves())


def test_counters_on_board_and_in_hand_are_at_most_sixteen_a_side() -> None:
    with pytest.raises(PositionError, match="white has 2 counters on the board and 15 in hand"):
        parse_position("schadler:8/8/8/8/8/8/8/CC6 w hand=15,0")
    with pytest.raises(PositionError, match="at most 16"):
        parse_position("schadler:cccccccc/cccccccc/c7/8/8/8/8/C7 w hand=0,0")
    with pytest.raises(PositionError, match="no key 'clock'"):
        parse_position("schadler:8/8/8/8/8/8/8/8 w hand=16,16 clock=3")
    with pytest.raises(PositionError, match="not a schadler piece"):
        parse_position("schadler:8/8/8/8/8/8/8/S7 w hand=15,16")
    # hand= is always written, passes= only when not zero; C* is an alligatus.
    pos = parse_position("schadler:8/8/8/8/8/8/c7/C*c6 w")
    assert pos.to_lpn() == "schadler:8/8/8/8/8/8/c7/C*c6 w hand=0,0"
    assert parse_position("schadler:8/8/8/8/8/8/8/8 b hand=16,16 passes=1").passes == 1


def test_move_notation_errors_name_the_forms() -> None:
    game = Game(START)
    with pytest.raises(MoveSyntaxError, match="a placement like @d4"):
        game.play("hello")
    with pytest.raises(IllegalMoveError, match="i8 is not on this 8x8 board"):
        game.play("@i8")


# ----- steps and jumps ------------------------------------------------------------------------


def test_a_free_counter_steps_to_an_empty_neighbour() -> None:
    game = Game("schadler:7c/8/8/8/3C4/8/8/C6c w hand=0,0")
    assert moves_from(game, "d4") == ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]
    with pytest.raises(IllegalMoveError, match="counters step to a neighbouring square or jump"):
        game.play("d4-e5")
    with pytest.raises(IllegalMoveError, match="there is no counter on d5 to jump over"):
        game.play("d4-d6")
    with pytest.raises(IllegalMoveError, match="counters step to a neighbouring square or jump"):
        game.play("d4-d7")
    with pytest.raises(IllegalMoveError, match="there is no counter on e5"):
        game.play("e5-e6")
    with pytest.raises(IllegalMoveError, match="h1 is not your counter"):
        game.play("h1-h2")
    game, [r] = play("schadler:7c/8/8/8/3C4/8/8/C6c w hand=0,0", "d4-d5")
    assert r.captured == () and r.released == ()
    assert game.position.to_lpn() == "schadler:7c/8/8/3C4/8/8/8/C6c b hand=0,0"


def test_a_step_is_a_whole_move_and_cannot_be_chained() -> None:
    game = Game("schadler:7c/8/8/8/3C4/8/8/C6c w hand=0,0")
    with pytest.raises(IllegalMoveError, match="d4-d5 is a step: a step is a whole move"):
        game.play("d4-d5-d6")


# The jump position: white c3 can jump over black c4 to c5, over white d5 to e5, over the black
# alligatus e6 (held by d6 and f6) to e7.
JUMPS = "schadler:8/8/3Cc*C2/3C4/2c5/2C5/8/c7 w hand=0,0"


def test_jumps_over_either_colour_free_or_alligatus_and_every_prefix_is_a_move() -> None:
    game = Game(JUMPS)
    assert moves_from(game, "c3") == [
        "c3-b3",
        "c3-c2",
        "c3-c5",
        "c3-c5-e5",
        "c3-c5-e5-e7",
        "c3-d3",
    ]
    game.play("c3-c5-e5-e7")  # changes direction twice; jumps over black, white, alligatus
    # Jumping removes nothing: the jumped counters are all still there, unchanged.
    assert game.position.to_lpn() == "schadler:8/4C3/3Cc*C2/3C4/2c5/8/8/c7 b hand=0,0"
    assert game.last_result is not None and game.last_result.captured == ()


def test_the_moving_counter_does_not_help_trap_from_the_square_it_left() -> None:
    # At c5 the black c4 has c3 beyond it, but c3 is the square the jumper just left.
    game, [r] = play(JUMPS, "c3-c5")
    assert r.captured == ()
    assert symbol_at(game, "c4") == "c"


def test_a_jump_sequence_never_lands_twice_on_a_square_or_on_its_start() -> None:
    # White f2 can jump round the ring of white counters c2, d3, c4, b3: f2-d2-d4-b4-b2 and back
    # to d2 would land twice on d2; f2-d2-f2 would land on its start square.
    ring = "schadler:6cc/8/8/8/2C5/1C1C4/2C1CC2/8 w hand=0,0"
    game = Game(ring)
    assert [m for m in moves_from(game, "f2") if m.count("-") > 1] == [
        "f2-d2-b2",
        "f2-d2-b2-b4",
        "f2-d2-b2-b4-d4",
        "f2-d2-d4",
        "f2-d2-d4-b4",
        "f2-d2-d4-b4-b2",
    ]
    with pytest.raises(
        IllegalMoveError,
        match=r"f2-d2-d4-b4-b2-d2: d2: a jump sequence cannot land twice on the same square",
    ):
        game.play("f2-d2-d4-b4-b2-d2")
    with pytest.raises(IllegalMoveError, match=r"f2: a jump sequence cannot land twice .*start"):
        game.play("f2-d2-f2")


def test_occupied_landing_and_foreign_or_alligatus_counters_cannot_move() -> None:
    game = Game(JUMPS)
    with pytest.raises(IllegalMoveError, match="c4 is occupied"):
        game.play("c3-c4")
    with pytest.raises(IllegalMoveError, match="a1 is not your counter"):
        game.play("a1-a2")
    game = Game("schadler:7c/8/8/8/8/8/c7/C*c5C w hand=0,0")
    with pytest.raises(IllegalMoveError, match="a1 is alligatus and cannot move"):
        game.play("a1-a3")
    assert not moves_from(game, "a1")


# ----- trapping -------------------------------------------------------------------------------


def test_a_counter_flanked_on_a_line_at_the_landing_becomes_alligatus() -> None:
    game, [r] = play("schadler:7c/8/8/8/8/8/8/Cc1C3c w hand=0,0", "d1-c1")
    assert names(r.captured) == ["b1"] and r.released == ()
    assert game.position.to_lpn() == "schadler:7c/8/8/8/8/8/8/Cc*C4c b hand=0,0"


def test_a_corner_counter_is_trapped_when_both_neighbours_are_free_counters_of_the_mover() -> None:
    # The sheet's figure A: White shuts a black counter in the corner.
    game, [r] = play("schadler:7c/8/8/8/8/8/C7/c1C4c w hand=0,0", "c1-b1")
    assert names(r.captured) == ["a1"]
    assert symbol_at(game, "a1") == "c*"
    # Without the second free white neighbour there is no corner trap.
    game, [r] = play("schadler:7C/8/8/8/8/8/8/c1C4c w hand=0,0", "c1-b1")
    assert r.captured == ()


def test_a_leap_next_to_a_corner_traps_it_the_sheets_figure_c() -> None:
    # Black d1 jumps over white c1 to b1: a1 is shut in by b1 and a2. b1 lies between two white
    # counters (a1, c1), which rule 7 allows because the landing traps a1.
    game, [r] = play("schadler:7C/8/8/8/8/8/c7/C1Cc4 b hand=0,0", "d1-b1")
    assert names(r.captured) == ["a1"]
    assert game.position.to_lpn() == "schadler:7C/8/8/8/8/8/c7/C*cC5 w hand=0,0"


def test_one_board_for_all_captures_two_at_one_landing() -> None:
    # White lands on d4 between black c4 and e4, with white b4 and f4 beyond: both are trapped
    # (and the landing between two enemies is legal because it traps, rule 7).
    game, [r] = play("schadler:7c/8/8/3C4/1Cc1cC2/8/8/c7 w hand=0,0", "d5-d4")
    assert names(r.captured) == ["c4", "e4"]
    assert game.position.to_lpn() == "schadler:7c/8/8/8/1Cc*Cc*C2/8/8/c7 b hand=0,0"
    # A corner and a line at one landing (as in the sheet's figure B, two counters in one move):
    # black b2-b1 traps a1 (with a2) and c1 (with d1).
    game, [r] = play("schadler:7C/8/8/8/8/8/cc6/C1Cc4 b hand=0,0", "b2-b1")
    assert names(r.captured) == ["a1", "c1"]


def test_trapping_happens_at_every_landing_of_a_jump_sequence() -> None:
    # White a3 jumps over a4 to a5, trapping black b5 against c5, then over a6 to a7.
    base = "schadler:7c/8/C7/1cC5/C7/C7/8/7c w hand=0,0"
    game, [r] = play(base, "a3-a5")
    assert names(r.captured) == ["b5"]
    # Continuing to a7, the jumper leaves a5: b5 is no longer held and is free again at the end.
    # Net effect: it appears in neither list.
    game, [r] = play(base, "a3-a5-a7")
    assert r.captured == () and r.released == ()
    assert symbol_at(game, "b5") == "c"
    # With white b4 and b6 also flanking b5, the counter trapped at the intermediate landing a5
    # stays held at the end (by b4 and b6): it is captured by the sequence.
    held = "schadler:7c/8/CC6/1cC5/CC6/C7/8/7c w hand=0,0"
    game, [r] = play(held, "a3-a5-a7")
    assert names(r.captured) == ["b5"]
    assert symbol_at(game, "b5") == "c*"


def test_only_the_mover_traps_moving_between_two_enemies_is_safe_when_it_traps() -> None:
    # White d5-d4 lands between black c4 and e4 and traps both; the white counter is not trapped.
    game, [r] = play("schadler:7c/8/8/3C4/1Cc1cC2/8/8/c7 w hand=0,0", "d5-d4")
    assert symbol_at(game, "d4") == "C"


# ----- alligatus ------------------------------------------------------------------------------


def test_an_alligatus_traps_nothing() -> None:
    # b1 black would be flanked by the landing on c1 and a1, but a1 is a white alligatus.
    game, [r] = play("schadler:7c/8/8/8/8/8/c7/C*c1C3c w hand=0,0", "d1-c1")
    assert r.captured == ()
    assert symbol_at(game, "b1") == "c"


def test_an_alligatus_given_in_lpn_that_nobody_holds_is_freed_by_the_next_action() -> None:
    # Our decision for positions that play cannot reach: release runs over the whole board.
    game, [r] = play("schadler:7c/8/8/8/3c*4/8/8/C6C w hand=0,0", "a1-a2")
    assert names(r.released) == ["d4"]
    assert symbol_at(game, "d4") == "c"


def test_a_trapper_that_leaves_releases_its_alligatus() -> None:
    game, [r] = play("schadler:7c/8/8/8/2cC*c3/8/8/C6c b hand=0,0", "e4-f4")
    assert names(r.released) == ["d4"] and r.captured == ()
    assert game.position.to_lpn() == "schadler:7c/8/8/8/2cC1c2/8/8/C6c w hand=0,0"
    # The same through a jump: white d6 jumps away over d5 and so releases black e6.
    game, [r] = play(JUMPS, "d6-d4-b4")
    assert names(r.released) == ["e6"] and r.captured == ()


def test_rescue_by_trapping_a_trapper_rule_6() -> None:
    # White d4 is alligatus between black c4 and e4. White c6-c5 traps c4 (against c3), so d4
    # is no longer held by two free black counters and goes free: one move, both effects.
    game, [r] = play("schadler:7c/8/2C5/8/2cC*c3/2C5/8/C6c w hand=0,0", "c6-c5")
    assert names(r.captured) == ["c4"] and names(r.released) == ["d4"]
    assert game.position.to_lpn() == "schadler:7c/8/8/2C5/2c*Cc3/2C5/8/C6c b hand=0,0"
    # The released d4 traps nothing by being released: e4 (flanked by d4 and f4) stays free.
    game, [r] = play("schadler:7c/8/2C5/8/2cC*cC2/2C5/8/C6c w hand=0,0", "c6-c5")
    assert names(r.captured) == ["c4"] and names(r.released) == ["d4"]
    assert symbol_at(game, "e4") == "c"


def test_an_alligatus_stays_while_held_even_after_other_moves() -> None:
    game, _ = play("schadler:7c/8/8/8/2cC*c3/8/8/C6c b hand=0,0", "h8-h7", "a1-a2", "h7-h8")
    assert symbol_at(game, "d4") == "C*"


# ----- removal --------------------------------------------------------------------------------


def test_an_enemy_alligatus_may_be_removed_on_a_later_turn_and_never_returns() -> None:
    game, results = play("schadler:7c/8/8/8/8/8/8/Cc1C2cc w hand=0,0", "d1-c1", "h8-h7")
    assert names(results[0].captured) == ["b1"]
    assert "xb1" in legal(game)
    r = game.play("xb1")
    assert names(r.captured) == ["b1"] and r.released == ()
    assert game.position.to_lpn() == "schadler:8/7c/8/8/8/8/8/C1C3cc b hand=0,0"
    # Removed counters never return: the hands stay empty and no placement is possible.
    assert all(m.kind is MoveKind.MOVE for m in game.legal_moves())


def test_removal_needs_an_enemy_alligatus() -> None:
    game = Game("schadler:7c/8/8/8/8/8/c7/C*c1C2cc w hand=0,0")
    with pytest.raises(IllegalMoveError, match=r"xa1: a1 is not an enemy alligatus"):
        game.play("xa1")
    with pytest.raises(IllegalMoveError, match=r"xb1: b1 is not an enemy alligatus"):
        game.play("Xb1")
    with pytest.raises(IllegalMoveError, match=r"xd4: d4 is not an enemy alligatus"):
        game.play("x d4")
    game = Game("schadler:8/8/8/8/8/8/8/Cc*C5 w hand=1,1")
    with pytest.raises(IllegalMoveError, match="you still have counters to place"):
        game.play("xb1")


def test_only_enemy_alligatus_are_removable_and_each_is() -> None:
    game = Game("schadler:8/8/8/8/8/8/c7/C*c1Cc*C1c w hand=0,0")
    assert [m for m in legal(game) if m.startswith("x")] == ["xe1"]


# ----- rule 7 ---------------------------------------------------------------------------------


def test_rule_7_no_landing_between_two_enemies_unless_it_traps() -> None:
    # c3-c4 lands between black b4 and d4 and traps nothing: illegal.
    game = Game("schadler:7c/8/8/8/1c1c4/2C5/8/C7 w hand=0,0")
    assert "c3-c4" not in legal(game)
    with pytest.raises(
        IllegalMoveError,
        match=r"landing on c4 between two enemy counters is allowed only if it traps one",
    ):
        game.play("c3-c4")
    # With white a4 beyond b4 the same step traps b4, so it is legal.
    game, [r] = play("schadler:7c/8/8/8/Cc1c4/2C5/8/C7 w hand=0,0", "c3-c4")
    assert names(r.captured) == ["b4"]


def test_rule_7_flanking_counters_may_be_alligatus() -> None:
    # Black d4 is alligatus (held by white d3 and d5): c4 is still flanked by two black counters.
    game = Game("schadler:8/8/8/3C4/1c1c*4/2CC4/8/7c w hand=0,0")
    with pytest.raises(IllegalMoveError, match="rule 7"):
        game.play("c3-c4")


def test_rule_7_a_step_between_two_enemies_legal_only_because_it_traps_on_the_other_line() -> None:
    # c4 is flanked by black b4 and d4 (untrappable: nothing beyond); the landing traps black c5
    # against white c6 on the other line, so it is legal.
    game, [r] = play("schadler:7c/8/2C5/2c5/1c1c4/2C5/8/8 w hand=0,0", "c3-c4")
    assert names(r.captured) == ["c5"]
    assert symbol_at(game, "c4") == "C" and symbol_at(game, "b4") == "c"


def test_rule_7_a_forbidden_landing_forbids_every_longer_sequence_through_it() -> None:
    # White c1 jumps over c2 to c3, flanked by black b3 and d3, trapping nothing: c1-c3 and
    # c1-c3-c5 (over c4) are both illegal.
    pos = "schadler:7c/8/8/8/2C5/1c1c4/2C5/2C5 w hand=0,0"
    game = Game(pos)
    assert not [m for m in legal(game) if m.startswith("c1-c3")]
    with pytest.raises(IllegalMoveError, match=r"landing on c3 .*\(rule 7\)"):
        game.play("c1-c3-c5")
    # With white e3 beyond d3 the landing on c3 traps d3, so both are legal. The longer one
    # leaves c3 again, so d3 is free at the end: net nothing.
    pos = "schadler:7c/8/8/8/2C5/1c1cC3/2C5/2C5 w hand=0,0"
    game, [r] = play(pos, "c1-c3")
    assert names(r.captured) == ["d3"]
    game, [r] = play(pos, "c1-c3-c5")
    assert r.captured == () and r.released == ()


def test_rule_7_at_an_intermediate_landing_legal_because_it_traps_there() -> None:
    # White b3 jumps over b4 to b5, between black a5 and c5; b5 traps c5 against white d5, then
    # the sequence goes on over b6 to b7. At the end c5 is no longer held (b5 left): net nothing.
    pos = "schadler:8/8/1C6/c1cC4/1C6/1C6/8/7c w hand=0,0"
    game = Game(pos)
    assert "b3-b5" in legal(game) and "b3-b5-b7" in legal(game)
    game, [r] = play(pos, "b3-b5")
    assert names(r.captured) == ["c5"]
    game, [r] = play(pos, "b3-b5-b7")
    assert r.captured == () and r.released == ()
    # Without white d5 the landing traps nothing: neither sequence is legal.
    game = Game("schadler:8/8/1C6/c1c5/1C6/1C6/8/7c w hand=0,0")
    assert not [m for m in legal(game) if m.startswith("b3-b5")]


# ----- end of game ----------------------------------------------------------------------------


def test_a_side_reduced_to_one_counter_loses() -> None:
    game, _ = play("schadler:7c/8/8/8/8/8/8/Cc*C5 w hand=0,0", "xb1")
    assert game.outcome is not None
    assert game.outcome.winner is Side.WHITE
    assert game.outcome.termination is Termination.ONE_COUNTER_LEFT
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("h8-h7")
    # A position given that way is already over.
    over = Game("schadler:8/8/8/8/8/8/8/CC5c b hand=0,0")
    assert over.outcome is not None and over.outcome.winner is Side.WHITE
    assert over.outcome.reason == "one_counter_left" and over.legal_moves() == []


def test_one_counter_does_not_lose_during_placement() -> None:
    game = Game("schadler:8/8/8/8/8/8/8/Cc6 w hand=5,5")
    assert game.outcome is None
    assert Game(START).outcome is None


def test_a_side_with_no_legal_action_passes() -> None:
    # White's two counters are alligatus and there is no black alligatus: White must pass.
    blocked = "schadler:8/8/8/8/8/8/c6c/C*c4cC* w hand=0,0"
    game = Game(blocked)
    assert game.legal_moves() == [PASS]
    r = game.play("pass")
    assert r.captured == () and r.released == ()
    assert game.position.to_lpn() == "schadler:8/8/8/8/8/8/c6c/C*c4cC* b hand=0,0 passes=1"
    with pytest.raises(IllegalMoveError, match="you may pass only when you have no other move"):
        Game("schadler:8/8/8/8/8/8/c6c/C*c4cC* b hand=0,0").play("pass")
    # A real action ends the run of passes.
    r = game.play("b1-c1")
    assert game.position.passes == 0 and names(r.released) == ["a1"]


def test_two_passes_in_succession_draw() -> None:
    game = Game("schadler:8/8/8/8/8/8/c6c/C*c4cC* w hand=0,0 passes=1")
    assert game.legal_moves() == [PASS]
    game.play("pass")
    assert game.outcome is not None
    assert game.outcome.winner is None and game.outcome.termination is Termination.BLOCKED
    assert game.position.passes == 2 and game.legal_moves() == []
    assert Game(game.position).outcome == game.outcome


def test_repetition_the_third_occurrence_is_illegal() -> None:
    game, _ = play(
        "schadler:c6c/8/8/8/8/8/8/C6C w hand=0,0",
        "a1-a2",
        "h8-h7",
        "a2-a1",
        "h7-h8",
        "a1-a2",
        "h8-h7",
        "a2-a1",
    )
    assert "h7-h8" not in legal(game)
    with pytest.raises(IllegalMoveError, match="that would repeat the position a third time"):
        game.play("h7-h8")


def test_a_forced_pass_is_never_refused_for_repetition() -> None:
    # White is blocked; Black shuffles d5-d6-d5: White's passes recreate the same position.
    start = "schadler:8/8/8/3c4/8/8/c6c/C*c4cC* b hand=0,0"
    game, _ = play(start, "d5-d6", "pass", "d6-d5", "pass", "d5-d6", "pass", "d6-d5")
    assert game.legal_moves() == [PASS]
    game.play("pass")  # the start position (bar the pass count), for the third time
    assert game.position.to_lpn() == start + " passes=1"
    assert "d5-d6" not in legal(game)  # that would make the position after it a third time


# ----- an independent brute force of the rules, for cross-checks ------------------------------
#
# Written straight from the text of section 3 with dictionaries and copies, sharing nothing with
# the engine but the LPN parser: a board is {(file, rank): (side, alligatus)}.

Board = dict[tuple[int, int], tuple[str, bool]]
DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def _board(lpn: str) -> tuple[Board, str, tuple[int, int]]:
    pos = parse_position(lpn)
    board: Board = {}
    for sq, p in pos.pieces():
        board[(sq % 16, sq // 16)] = ("w" if p.side is Side.WHITE else "b", p.held)
    return board, pos.turn.letter, pos.hand


def _on(sq: tuple[int, int]) -> bool:
    return 0 <= sq[0] < 8 and 0 <= sq[1] < 8


def _nbrs(sq: tuple[int, int]) -> list[tuple[int, int]]:
    return [(sq[0] + dx, sq[1] + dy) for dx, dy in DIRS if _on((sq[0] + dx, sq[1] + dy))]


def _free(board: Board, sq: tuple[int, int], side: str) -> bool:
    return board.get(sq) == (side, False)


def _corner(sq: tuple[int, int]) -> bool:
    return sq[0] in (0, 7) and sq[1] in (0, 7)


def _held(board: Board, sq: tuple[int, int]) -> bool:
    enemy = "b" if board[sq][0] == "w" else "w"
    x, y = sq
    if _free(board, (x - 1, y), enemy) and _free(board, (x + 1, y), enemy):
        return True
    if _free(board, (x, y - 1), enemy) and _free(board, (x, y + 1), enemy):
        return True
    return _corner(sq) and all(_free(board, n, enemy) for n in _nbrs(sq))


def _land(board: Board, at: tuple[int, int], side: str) -> bool:
    """The moving counter (already on ``at``) traps at this landing; False if rule 7 forbids."""
    enemy = "b" if side == "w" else "w"
    victims = []
    for n in _nbrs(at):
        if board.get(n) != (enemy, False):
            continue
        beyond = (2 * n[0] - at[0], 2 * n[1] - at[1])
        if _free(board, beyond, side) or (
            _corner(n) and all(_free(board, m, side) for m in _nbrs(n))
        ):
            victims.append(n)
    for v in victims:
        board[v] = (enemy, True)
    x, y = at
    flanked = any(
        board.get(a, ("", False))[0] == enemy and board.get(b, ("", False))[0] == enemy
        for a, b in (((x - 1, y), (x + 1, y)), ((x, y - 1), (x, y + 1)))
    )
    return not flanked or bool(victims)


def _release(board: Board) -> None:
    loose = [sq for sq, (_, held) in board.items() if held and not _held(board, sq)]
    for sq in loose:
        board[sq] = (board[sq][0], False)


def _name(sq: tuple[int, int]) -> str:
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def brute_moves(board: Board, side: str, hand: tuple[int, int]) -> dict[str, Board]:
    """Every board action by the side to move, with the board after it (turn not included)."""
    out: dict[str, Board] = {}
    empties = [(x, y) for x in range(8) for y in range(8) if (x, y) not in board]
    if hand[0] or hand[1]:
        if hand[0 if side == "w" else 1]:
            for sq in empties:
                after = dict(board)
                after[sq] = (side, False)
                _release(after)
                out["@" + _name(sq)] = after
        return out
    enemy = "b" if side == "w" else "w"
    for sq, (s, held) in board.items():
        if s == enemy and held:
            after = dict(board)
            del after[sq]
            _release(after)
            out["x" + _name(sq)] = after
    for sq, (s, held) in list(board.items()):
        if s != side or held:
            continue
        for n in _nbrs(sq):
            if n in board:
                continue
            after = dict(board)
            del after[sq]
            after[n] = (side, False)
            if _land(after, n, side):
                _release(after)
                out[_name(sq) + "-" + _name(n)] = after

        def jumps(b: Board, at: tuple[int, int], path: list[tuple[int, int]]) -> None:
            for dx, dy in DIRS:
                over, to = (at[0] + dx, at[1] + dy), (at[0] + 2 * dx, at[1] + 2 * dy)
                if not _on(to) or over not in b or to in b or to in path:
                    continue
                nb = dict(b)
                del nb[at]
                nb[to] = (side, False)
                if not _land(nb, to, side):
                    continue
                final = dict(nb)
                _release(final)
                out["-".join(_name(p) for p in path + [to])] = final
                jumps(nb, to, path + [to])

        jumps(board, sq, [sq])
    return out


def brute_perft(board: Board, side: str, hand: tuple[int, int], passes: int, depth: int) -> int:
    """Perft without repetition (it cannot arise within a few plies of a fresh start)."""
    if depth == 0:
        return 1
    if not hand[0] and not hand[1]:
        for s in ("w", "b"):
            if sum(1 for v in board.values() if v[0] == s) <= 1:
                return 0
    if passes >= 2:
        return 0
    other = "b" if side == "w" else "w"
    moves = brute_moves(board, side, hand)
    if not moves:
        return brute_perft(board, other, hand, passes + 1, depth - 1)
    total = 0
    for text, after in moves.items():
        new_hand = hand
        if text.startswith("@"):
            new_hand = (hand[0] - 1, hand[1]) if side == "w" else (hand[0], hand[1] - 1)
        total += 1 if depth == 1 else brute_perft(after, other, new_hand, 0, depth - 1)
    return total


def _as_board(game: Game) -> Board:
    board, _, _ = _board(game.position.to_lpn())
    return board


def random_games(seed: int, plies: int) -> Iterator[Game]:
    """Yield the game after every ply of a seeded random game from the start."""
    rng = random.Random(seed)
    game = Game.new("schadler")
    yield game
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            return
        game.push(rng.choice(moves))
        yield game


# ----- random games, undo, cross-checks --------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_random_games_undo_exactly_and_match_the_brute_force(seed: int) -> None:
    movement_plies = 0
    sample = random.Random(seed + 1000)
    for game in random_games(seed, 150):
        before = game.position
        lpn = before.to_lpn()
        assert parse_position(lpn) == before
        board, side, hand = _board(lpn)
        moves = game.legal_moves()
        texts = [str(m) for m in moves]
        assert len(set(texts)) == len(texts)
        if game.is_over:
            assert texts == []
            break
        if hand == (0, 0):
            movement_plies += 1
        expected = brute_moves(board, side, hand)
        # The game's moves are the brute force's, less those refused by the repetition rule
        # (and a forced pass when that leaves none).
        for text in set(expected) - set(texts):
            with pytest.raises(IllegalMoveError, match="repeat the position a third time"):
                game.parse_move(text)
        if texts == ["pass"]:
            continue
        assert set(texts) <= set(expected)
        # Play a sample of the moves (all of them when there are few) and undo each.
        checked = list(zip(moves, texts, strict=True))
        if len(checked) > 12:
            checked = sample.sample(checked, 12)
        for move, text in checked:
            result = game.play(text)  # every listed move is playable as written
            assert result.move == move and result.side.letter == side
            after = _as_board(game)
            assert after == expected[text], (lpn, text)
            assert game.turn.letter != side
            i = 0 if side == "w" else 1
            assert game.position.hand[i] == hand[i] - (1 if text.startswith("@") else 0)
            # What the move reports is its net effect on the board.
            captured = [
                sq
                for sq, v in board.items()
                if v[0] != side and (sq not in after or (after[sq][1] and not v[1]))
            ]
            released = [sq for sq, v in board.items() if v[1] and sq in after and not after[sq][1]]
            assert sorted(names(result.captured)) == sorted(_name(s) for s in captured)
            assert sorted(names(result.released)) == sorted(_name(s) for s in released)
            for listed in (result.captured, result.released):
                assert list(listed) == sorted(listed, key=lambda s: (s % 16, s // 16))
            assert game.pop() == move
            assert game.position == before
            assert game.position.to_lpn() == lpn
            assert game.legal_moves() == moves
    assert movement_plies > 50


def test_random_games_reach_every_kind_of_action() -> None:
    seen: set[str] = set()
    for seed in range(20):
        for game in random_games(seed, 150):
            r = game.last_result
            if r is None:
                continue
            if r.move.kind is MoveKind.REMOVE:
                seen.add("remove")
            elif r.move.kind is MoveKind.MOVE and len(r.move.path) > 2:
                seen.add("multi-jump")
            if r.captured and r.move.kind is MoveKind.MOVE:
                seen.add("trap")
            if r.released:
                seen.add("release")
    assert seen == {"remove", "multi-jump", "trap", "release"}


# ----- perft ----------------------------------------------------------------------------------

# A full board just after placement (the 32 placements of seed 1's random game), and a thinner
# board with alligatus on both sides (seed 3's random game after 400 plies). The counts were
# cross-checked against the brute force above at every depth pinned here.
AFTER_PLACEMENT = "schadler:CcC3c1/1CC2c2/c1C1C3/CCcCcc2/1c2c3/1CC3C1/c2C3C/cccCccCc w hand=0,0"
THINNER = "schadler:cc1cc3/C1CCc1Cc/2c5/3c4/3C*2cc/cCCc2C1/4C1C1/Cc*CC3c w hand=0,0"


def test_the_full_board_perft_position_is_reached_by_placement() -> None:
    game = Game.new("schadler")
    rng = random.Random(1)
    for _ in range(32):
        game.push(rng.choice(game.legal_moves()))
    assert game.position.to_lpn() == AFTER_PLACEMENT


@pytest.mark.parametrize(
    ("lpn", "counts"),
    [
        (AFTER_PLACEMENT, [38, 1484, 58159]),
        (THINNER, [35, 1231, 44501]),
    ],
)
def test_perft_after_placement(lpn: str, counts: list[int]) -> None:
    game = Game(lpn)
    board, side, hand = _board(lpn)
    for depth, n in enumerate(counts, start=1):
        assert game.perft(depth) == n
        assert brute_perft(board, side, hand, 0, depth) == n


def test_perft_of_the_placement_phase() -> None:
    game = Game.new("schadler")
    assert game.perft(1) == 64
    assert game.perft(2) == 64 * 63
    assert game.perft(3) == 64 * 63 * 62
