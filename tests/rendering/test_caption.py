"""The words and figures of the caption: status line, results, captures derived from a position."""

from __future__ import annotations

import rules
from rendering import derive_captures, status_text
from rules import Outcome, Side, Termination


def test_side_to_move_with_names_and_move_number() -> None:
    pos = rules.start_position("classic")  # Black moves first
    assert status_text(pos) == "Black to move"
    assert (
        status_text(pos, players=("Alice", "Bob"), move_number=12)
        == "Move 12 · Bob (Black) to move"
    )


def test_placement_phase_says_place() -> None:
    pos = rules.start_position("schadler")
    assert status_text(pos) == "White to place"


def test_result_replaces_the_turn() -> None:
    pos = rules.start_position("classic")
    won = Outcome(Side.WHITE, Termination.EAGLE_CAPTURED)
    assert status_text(pos, outcome=won) == "White wins — eagle captured"
    assert status_text(pos, outcome=won, players=("Alice", "Bob")) == (
        "Alice (White) wins — eagle captured"
    )
    draw = Outcome(None, Termination.BLOCKED)
    assert status_text(pos, outcome=draw) == "Draw — both sides blocked"


def test_explicit_status_wins() -> None:
    pos = rules.start_position("rugen")
    won = Outcome(Side.BLACK, Termination.NO_SOLDIERS)
    assert status_text(pos, outcome=won, status="Bob resigned") == "Bob resigned"


def test_every_termination_has_words() -> None:
    from rendering.caption import REASON_WORDS

    for t in Termination:
        assert t.value in REASON_WORDS


def test_captures_at_the_start_are_zero() -> None:
    for v in rules.variants():
        assert derive_captures(rules.start_position(v.id)) == (0, 0), v.id
    assert derive_captures(rules.start_position("classic", {"size": "12x8"})) == (0, 0)


def test_captures_count_removed_and_held_pieces() -> None:
    # rugen: White removed one black soldier
    game = rules.Game("rugen:ssssssss/sssssss1/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS b")
    assert derive_captures(game.position) == (1, 0)
    # classic 12x8: one black captive, measured against the 12x8 start (12 soldiers)
    pos = rules.parse_position("classic:sssssssssss1/5e6/12/12/12/2Ss*S7/6E5/SSSSSSSSSS2 w")
    assert derive_captures(pos) == (1, 0)
    # schadler: one white alligatus held by Black, one white counter removed
    pos = rules.parse_position("schadler:8/8/3C*4/3c4/3C4/8/8/8 w hand=13,15")
    assert derive_captures(pos) == (0, 2)
