"""The typed effects of the dice games' actions (rules.games.effects): what each backgammon and
ludo action reports, in order, through the public interface; and, over seeded random playouts,
that the effects alone carry one view's pieces to the next (they are complete)."""

from __future__ import annotations

import pytest

from rules.games import open_session
from rules.games.effects import (
    Borne,
    CubeOffered,
    CubeTaken,
    Ended,
    Hit,
    Knocked,
    Moved,
    Passed,
    Resigned,
    Rolled,
    SeatFinished,
    effects_json,
)

from .bg_helpers import xgid
from .dice_playouts import apply_effects, counts, playout


def checker(seat: str, source: str, target: str) -> Moved:
    return Moved(seat, "checker", source, target)


def token(seat: str, source: str, target: str) -> Moved:
    return Moved(seat, "token", source, target)


# ----- backgammon ------------------------------------------------------------------------------


def test_backgammon_opening_roll_is_one_die_each_white_first() -> None:
    s = open_session("backgammon")
    assert s.play("roll:3-5").effects == (Rolled("white", (3,)), Rolled("black", (5,)))
    assert s.to_move == "black"


def test_backgammon_opening_tie_still_reports_both_dice() -> None:
    s = open_session("backgammon")
    assert s.play("roll:4-4").effects == (Rolled("white", (4,)), Rolled("black", (4,)))
    assert s.chance_due


def test_backgammon_roll_is_the_movers_dice() -> None:
    s = open_session(xgid({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 4, 5: 1}, "black"))
    assert s.play("roll:2-5").effects == (Rolled("black", (5, 2)),)


def test_backgammon_turn_is_one_moved_per_step_and_a_hit_right_after_its_step() -> None:
    # Black's blot on its 20-point stands on White's 5-point.
    s = open_session(xgid({13: 2, 6: 13}, {20: 1, 24: 14}, dice="31"))
    result = s.play("13/10 6/5*")
    assert result.effects == (
        checker("white", "13", "10"),
        checker("white", "6", "5"),
        Hit("black", "5"),
    )
    assert result.captured == (5,)  # the command line's summary is as it was
    assert result.as_json() == {"move": "13/10 6/5*", "captured": [5], "released": []}


def test_backgammon_black_steps_are_named_from_whites_side() -> None:
    # Black 24/18*/15: from White's 1 to 7 (hitting White's blot there) and on to 10.
    s = open_session(xgid({7: 1, 6: 14}, {24: 2, 13: 13}, turn="black", dice="63"))
    assert s.play("24/18*/15").effects == (
        checker("black", "1", "7"),
        Hit("white", "7"),
        checker("black", "7", "10"),
    )


def test_backgammon_entering_from_the_bar() -> None:
    s = open_session(xgid({25: 1, 6: 14}, {25: 1, 6: 14}, dice="43"))
    assert s.play("bar/21 6/3").effects == (
        checker("white", "bar", "21"),
        checker("white", "6", "3"),
    )
    s.play("roll:2-1")
    # Black's bar entry onto its 23-point, White's 2.
    assert s.play("bar/23 6/5").effects == (
        checker("black", "bar", "2"),
        checker("black", "19", "20"),
    )


def test_backgammon_bearing_off_reports_moved_then_borne() -> None:
    s = open_session(xgid({6: 2, 3: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, dice="61"))
    assert s.play("6/off 3/2").effects == (
        checker("white", "6", "off"),
        Borne("white", "6"),
        checker("white", "3", "2"),
    )


def test_backgammon_black_bears_off_from_whites_19_to_24() -> None:
    s = open_session(xgid({6: 5}, {2: 1, 1: 3}, turn="black", dice="21"))
    assert s.play("2/off 1/off").effects[:2] == (
        checker("black", "23", "off"),
        Borne("black", "23"),
    )


def test_backgammon_double_take_and_drop() -> None:
    position = xgid({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, cube=1, owner=1)
    s = open_session(position)
    assert s.play("double").effects == (CubeOffered("white", 4),)
    assert s.play("take").effects == (CubeTaken("black", 4),)
    s = open_session(position)
    s.play("double")
    assert s.play("drop").effects == (Ended("white", "drop", points=2),)


def test_backgammon_a_forced_pass() -> None:
    # White on the bar against Black's closed board (Black's 1–6, White's 19–24).
    black = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
    s = open_session(xgid({25: 1, 6: 14}, black, dice="61"))
    assert s.legal_actions() == ["pass"]
    assert s.play("pass").effects == (Passed("white"),)


def test_backgammon_gammon_ends_with_points_times_the_cube() -> None:
    s = open_session(xgid({1: 1}, {13: 15}, dice="21", cube=1, owner=1))
    effects = s.play("1/off").effects
    assert effects == (
        checker("white", "1", "off"),
        Borne("white", "1"),
        Ended("white", "gammon", points=4),
    )
    outcome = s.outcome
    assert outcome is not None and outcome.points == 4
    assert effects_json(effects)[-1] == {
        "kind": "ended",
        "winner": "white",
        "reason": "gammon",
        "points": 4,
        "places": [],
    }


# ----- ludo ------------------------------------------------------------------------------------


def test_ludo_roll_for_the_first_turn_is_one_die_per_colour() -> None:
    s = open_session("ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B RBY")
    assert s.play("roll:3-6-2").effects == (
        Rolled("red", (3,)),
        Rolled("blue", (6,)),
        Rolled("yellow", (2,)),
    )


def test_ludo_roll_is_the_movers_die() -> None:
    s = open_session("ludo:R:B,B,B,B/Y:B,B,B,B Y")
    assert s.play("roll:6").effects == (Rolled("yellow", (6,)),)


def test_ludo_entering_from_the_yard() -> None:
    s = open_session("ludo:R:B,B,B,B/Y:B,B,B,B Y 1")
    assert s.play("B-0").effects == (token("yellow", "yard", "20"),)
    s = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R 6")
    assert s.play("BB-0").effects == (token("red", "yard", "0"), token("red", "yard", "0"))
    s = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R 6")
    assert s.play("B-5").effects == (token("red", "yard", "5"),)


def test_ludo_knock_is_one_per_token_after_the_move() -> None:
    # Two red tokens on field 10, blue's start field: blue enters and knocks both.
    s = open_session("ludo:R:10,10,B,B/B:B,B,B,B/Y:B,B,B,B B 1")
    result = s.play("B-0")
    assert result.effects == (
        token("blue", "yard", "10"),
        Knocked("red", "10"),
        Knocked("red", "10"),
    )
    assert result.captured == (10,)


def test_ludo_track_wraps_and_home_line_fields() -> None:
    s = open_session("ludo:R:38,B,B,B/Y:37,B,B,B Y 5")
    assert s.play("37-42").effects == (token("yellow", "17", "home:2"),)
    s = open_session("ludo:R:42,B,B,B/Y:37,B,B,B R 5")
    assert s.play("42-41").effects == (token("red", "home:2", "home:1"),)  # a bounce


def test_ludo_a_seat_finishing_ends_the_game_with_places() -> None:
    s = open_session("ludo:R:F,F,F,41/B:12,B,B,B/Y:30,3,B,B R 3")
    assert s.play("41-F").effects == (
        token("red", "home:1", "home"),
        SeatFinished("red", 1),
        Ended("red", "finished", places=("red", "yellow", "blue")),
    )


def test_ludo_resignation_and_the_last_one_left() -> None:
    s = open_session("ludo:R:5,B,B,B/B:12,B,B,B/Y:B,B,B,B B 3")
    assert s.play("resign:blue").effects == (Resigned("blue"),)
    assert s.play("resign:red").effects == (
        Resigned("red"),
        Ended("yellow", "resignation", places=("yellow", "red", "blue")),
    )


def test_ludo_a_pass() -> None:
    s = open_session("ludo:R:B,B,B,B/Y:B,B,B,B R 3")
    assert s.play("pass").effects == (Passed("red"),)


# ----- over random playouts: the effects are complete -----------------------------------------


@pytest.mark.parametrize(
    ("game", "seed"), [("backgammon", 1), ("backgammon", 2), ("ludo", 3), ("ludo", 4), ("ludo", 5)]
)
def test_effects_carry_each_view_to_the_next(game: str, seed: int) -> None:
    piece = "checker" if game == "backgammon" else "token"
    places = {"backgammon": {"bar", "off"}, "ludo": {"yard", "home"}}[game]
    played = 0
    for session, action in playout(game, seed, leave_chance=0.01):
        view = session.view()
        before = counts(view)
        result = session.push(session.parse(action))
        after = session.view()
        assert apply_effects(before, result, piece) == counts(after), action
        for effect in result.effects:
            if isinstance(effect, Moved):
                assert {effect.source, effect.target} <= set(after.cells) | places
        ends = [e for e in result.effects if isinstance(e, Ended)]
        outcome = session.outcome
        if outcome is None:
            assert not ends
        else:
            assert ends == [
                Ended(outcome.winner, outcome.reason.value, outcome.points, outcome.places)
            ]
        played += 1
    assert played > 20
