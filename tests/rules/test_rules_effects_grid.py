"""The typed effects a push reports in the grid games (chess, draughts, the four Latrunculi rule
sets), each shown by one position: what moved where, what was taken, released, promoted,
placed, passed, and how the game ended (issue 31, "One game contract")."""

from __future__ import annotations

from rules.games import open_session
from rules.games.effects import (
    Effect,
    Ended,
    Moved,
    Passed,
    Placed,
    Promoted,
    Released,
    Taken,
    effects_json,
)


def effects_of(position: str, *actions: str) -> tuple[Effect, ...]:
    """The effects of the last of ``actions`` played from ``position``."""
    session = open_session(position)
    results = [session.play(a) for a in actions]
    return results[-1].effects


# ----- chess ---------------------------------------------------------------------------------


def test_chess_quiet_move_is_one_moved() -> None:
    assert effects_of("chess", "Nf3") == (Moved("white", "knight", "g1", "f3"),)


def test_chess_capture_moves_then_takes_on_the_target() -> None:
    assert effects_of("chess", "e4", "d5", "exd5") == (
        Moved("white", "pawn", "e4", "d5"),
        Taken("black", "pawn", "d5"),
    )


def test_chess_en_passant_takes_the_pawn_on_its_own_square() -> None:
    session = open_session("chess")
    for move in ("e4", "a6", "e5", "d5"):
        session.play(move)
    result = session.play("exd6")
    assert result.effects == (Moved("white", "pawn", "e5", "d6"), Taken("black", "pawn", "d5"))
    assert result.captured == ("d5",)  # the command line's summary is unchanged


def test_chess_castling_both_ways_moves_king_then_rook() -> None:
    position = "chess:r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    assert effects_of(position, "O-O") == (
        Moved("white", "king", "e1", "g1"),
        Moved("white", "rook", "h1", "f1"),
    )
    assert effects_of(position, "O-O-O") == (
        Moved("white", "king", "e1", "c1"),
        Moved("white", "rook", "a1", "d1"),
    )
    assert effects_of(position, "O-O", "O-O-O") == (
        Moved("black", "king", "e8", "c8"),
        Moved("black", "rook", "a8", "d8"),
    )


def test_chess_promotion_with_capture() -> None:
    position = "chess:1r2k3/P6p/8/8/8/8/7P/4K3 w - - 0 1"
    assert effects_of(position, "axb8=N") == (
        Moved("white", "pawn", "a7", "b8"),
        Taken("black", "rook", "b8"),
        Promoted("white", "b8", "pawn", "knight"),
    )


def test_chess_checkmate_ends_the_game_last() -> None:
    effects = effects_of("chess", "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
    assert effects == (
        Moved("white", "queen", "h5", "f7"),
        Taken("black", "pawn", "f7"),
        Ended("white", "checkmate"),
    )
    assert effects_json(effects)[-1] == {
        "kind": "ended",
        "winner": "white",
        "reason": "checkmate",
        "points": None,
        "places": [],
    }


def test_chess_history_keeps_the_effects_and_the_cli_json_stays_as_it_was() -> None:
    session = open_session("chess")
    result = session.play("e4")
    assert session.history[-1].effects == result.effects
    assert result.as_json() == {"move": "e4", "captured": [], "released": []}


# ----- draughts ------------------------------------------------------------------------------


def test_draughts_single_capture() -> None:
    assert effects_of("draughts:W:W22:B18,K1", "22x15") == (
        Moved("white", "man", "22", "15"),
        Taken("black", "man", "18"),
    )


def test_draughts_multi_jump_has_its_landing_as_path() -> None:
    assert effects_of("draughts:W:W27:B23,15,K1", "27x18x11") == (
        Moved("white", "man", "27", "11", ("18",)),
        Taken("black", "man", "23"),
        Taken("black", "man", "15"),
    )


def test_draughts_crowning_is_a_promotion() -> None:
    assert effects_of("draughts:W:W6:BK32", "6-1") == (
        Moved("white", "man", "6", "1"),
        Promoted("white", "1", "man", "king"),
    )
    assert effects_of("draughts:W:W9:B6,K32", "9x2") == (
        Moved("white", "man", "9", "2"),
        Taken("black", "man", "6"),
        Promoted("white", "2", "man", "king"),
    )


def test_draughts_taking_the_last_piece_ends_the_game() -> None:
    assert effects_of("draughts:W:W22:BK18", "22x15") == (
        Moved("white", "man", "22", "15"),
        Taken("black", "king", "18"),
        Ended("white", "no_pieces"),
    )


# ----- classic: captives stay, are released; the eagle; passes -------------------------------


def test_classic_captive_stays_on_the_board() -> None:
    assert effects_of("classic:7s/8/8/8/2Ss4/8/8/4S3 w", "e1-e4") == (
        Moved("white", "soldier", "e1", "e4"),
        Taken("black", "soldier", "d4", stays=True),
    )


def test_classic_release_when_a_holder_moves_away() -> None:
    assert effects_of("classic:7s/8/8/8/2Ss*S3/8/8/8 w", "c4-c1") == (
        Moved("white", "soldier", "c4", "c1"),
        Released("black", "soldier", "d4"),
    )


def test_classic_capture_and_release_in_one_move() -> None:
    assert effects_of("classic:7s/2s5/8/8/2Ss*S3/2s5/8/8 b", "c7-c5") == (
        Moved("black", "soldier", "c7", "c5"),
        Taken("white", "soldier", "c4", stays=True),
        Released("black", "soldier", "d4"),
    )


def test_classic_eagle_enclosed_ends_the_game() -> None:
    assert effects_of("classic:8/8/8/3S4/2sEs3/8/8/3s3s b", "d1-d3") == (
        Moved("black", "soldier", "d1", "d3"),
        Ended("black", "eagle_captured"),
    )


def test_classic_forced_pass() -> None:
    assert effects_of("classic:8/8/8/8/8/8/s7/S*s5s w", "pass") == (Passed("white"),)


# ----- rugen ---------------------------------------------------------------------------------


def test_rugen_capture_removes_the_soldier() -> None:
    assert effects_of("rugen:7s/8/8/8/2Ss4/8/8/4S3 w", "e1-e4") == (
        Moved("white", "soldier", "e1", "e4"),
        Taken("black", "soldier", "d4"),
    )


def test_rugen_eagle_steps_and_taking_the_last_soldier_wins() -> None:
    assert effects_of("rugen:7e/8/8/8/2Es4/8/8/4S3 b", "h8-g8") == (
        Moved("black", "eagle", "h8", "g8"),
    )
    assert effects_of("rugen:7e/8/8/8/2Es4/8/8/4S3 w", "e1-e4") == (
        Moved("white", "soldier", "e1", "e4"),
        Taken("black", "soldier", "d4"),
        Ended("white", "no_soldiers"),
    )


# ----- schadler: placement, alligatus, release, removal, passes ------------------------------


def test_schadler_placement() -> None:
    assert effects_of("schadler", "@d4") == (Placed("white", "counter", "d4"),)


def test_schadler_trapped_counter_stays_as_alligatus() -> None:
    assert effects_of("schadler:7c/8/8/8/8/8/8/Cc1C3c w hand=0,0", "d1-c1") == (
        Moved("white", "counter", "d1", "c1"),
        Taken("black", "counter", "b1", stays=True),
    )


def test_schadler_jump_sequence_has_its_landings_as_path() -> None:
    assert effects_of("schadler:8/8/3Cc*C2/3C4/2c5/2C5/8/c7 w hand=0,0", "c3-c5-e5-e7") == (
        Moved("white", "counter", "c3", "e7", ("c5", "e5")),
    )


def test_schadler_release_when_the_trapper_leaves() -> None:
    assert effects_of("schadler:7c/8/8/8/2cC*c3/8/8/C6c b hand=0,0", "e4-f4") == (
        Moved("black", "counter", "e4", "f4"),
        Released("white", "counter", "d4"),
    )


def test_schadler_removal_takes_the_alligatus_and_can_end_the_game() -> None:
    assert effects_of("schadler:7c/8/8/8/8/8/8/Cc*C5 w hand=0,0", "xb1") == (
        Taken("black", "counter", "b1"),
        Ended("white", "one_counter_left"),
    )


def test_schadler_pass_while_the_other_side_places() -> None:
    session = open_session("schadler:8/8/8/8/8/8/8/CC4cc w hand=0,2")
    assert session.legal_actions() == ["pass"]
    assert session.play("pass").effects == (Passed("white"),)


# ----- lat -----------------------------------------------------------------------------------


def test_lat_valkyrie_taken_by_two_sides() -> None:
    position = "lat:7b2q/11/11/3B7/3v7/V10/11/10Q w"
    assert effects_of(position, "a3-d3") == (
        Moved("white", "valkyrie", "a3", "d3"),
        Taken("black", "valkyrie", "d4"),
    )


def test_lat_queen_taken_in_a_corner_ends_the_game() -> None:
    position = "lat:qV8v/2V8/11/11/11/11/11/10Q w"
    assert effects_of(position, "c7-a7") == (
        Moved("white", "valkyrie", "c7", "a7"),
        Taken("black", "queen", "a8"),
        Ended("white", "queen_captured"),
    )


def test_latrunculi_history_has_the_effects_of_each_push() -> None:
    session = open_session("classic:7s/2s5/8/8/2Ss*S3/2s5/8/8 b")
    first = session.play("c7-c5")
    second = session.play("e4-e3")
    assert [r.effects for r in session.history] == [first.effects, second.effects]
    assert first.as_json() == {"move": "c7-c5", "captured": ["c4"], "released": ["d4"]}
