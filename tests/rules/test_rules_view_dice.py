"""The dice games' position views and action views (rules.games.view) through the public
interface: the board as data, JSON round trips, piece counts, the last action's marks, and the
action views against the legal actions over seeded random playouts."""

from __future__ import annotations

import json

import pytest

from rules.games import open_session
from rules.games.view import ActionView, Cube, PieceView

from .bg_helpers import xgid
from .dice_playouts import OFF_BOARD_PLACES, playout

# ----- backgammon ------------------------------------------------------------------------------


def test_backgammon_start_view() -> None:
    view = open_session("backgammon").view()
    assert (view.game, view.board, view.files, view.ranks) == ("backgammon", "points", 12, 2)
    assert view.cells == tuple(str(p) for p in range(1, 25))
    assert view.pieces["24"] == (PieceView("white", "checker", 2),)
    assert view.pieces["1"] == (PieceView("black", "checker", 2),)  # Black's 24-point
    assert view.pieces["12"] == (PieceView("black", "checker", 5),)  # Black's 13-point
    assert view.off_board == {"white": {"bar": 0, "off": 0}, "black": {"bar": 0, "off": 0}}
    assert view.cube == Cube(1, None, None)
    assert (view.dice, view.to_move, view.outcome, view.last) == ((), "white", None, ())
    assert view.extra["opening"] is True


def test_backgammon_view_after_the_opening_roll_and_a_turn() -> None:
    s = open_session("backgammon")
    s.play("roll:3-1")
    view = s.view()
    assert view.dice == (3, 1) and view.to_move == "white"
    assert view.extra["dice_of"] == "white"
    assert view.extra["opening_roll"] == {"white": 3, "black": 1}
    s.play("8/5 6/5")
    view = s.view()
    assert view.pieces["5"] == (PieceView("white", "checker", 2),)
    assert set(view.last) == {"8", "6", "5"}
    assert view.to_move == "black" and view.dice == ()


def test_backgammon_bar_off_cube_match_and_outcome() -> None:
    position = xgid(
        {25: 1, 3: 2}, {25: 2, 1: 4}, dice="00", cube=2, owner=-1, score=(2, 1), match=5
    )
    s = open_session(position)
    view = s.view()
    assert view.off_board == {"white": {"bar": 1, "off": 12}, "black": {"bar": 2, "off": 9}}
    assert view.cube == Cube(4, "black", None)
    assert view.extra["match"] == 5
    assert view.extra["score"] == {"white": 2, "black": 1}
    s.play("roll:5-3")
    assert s.view().extra["dice_of"] == "white"


def test_backgammon_offered_cube_and_finished_game() -> None:
    s = open_session(xgid({1: 1}, {13: 15}, cube=1, owner=1))
    s.play("double")
    view = s.view()
    assert view.cube == Cube(2, "white", 4)
    assert view.to_move == "black"
    s.play("drop")
    view = s.view()
    assert view.to_move is None
    assert view.outcome == {"winner": "white", "reason": "drop", "points": 2}


def test_backgammon_action_views() -> None:
    s = open_session(xgid({25: 1, 6: 14}, {25: 1, 6: 14}, dice="43"))
    views = s.action_views()
    assert [a.text for a in views] == s.legal_actions()
    assert ActionView("bar/21 6/3", "turn", steps=(("bar", "21"), ("6", "3"))) in views
    s = open_session(xgid({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 4, 5: 1}))
    assert s.action_views() == [ActionView("double", "double"), ActionView("roll", "roll")]
    s.play("double")
    assert [a.kind for a in s.action_views()] == ["drop", "take"]


# ----- ludo ------------------------------------------------------------------------------------


def test_ludo_start_view() -> None:
    view = open_session("ludo:R:B,B,B,B/B:B,B,B,B/Y:B,B,B,B RBY").view()
    assert (view.game, view.board) == ("ludo", "track")
    assert view.cells == tuple(str(f) for f in range(40)) + ("home:0", "home:1", "home:2", "home:3")
    assert view.seats == ("red", "blue", "yellow")
    assert view.pieces == {}
    assert view.off_board == {s: {"yard": 4, "home": 0} for s in ("red", "blue", "yellow")}
    assert view.extra["start_fields"] == {"red": "0", "blue": "10", "yellow": "20"}
    assert view.extra["rolling"] == ["red", "blue", "yellow"]
    assert view.extra["track"] == 40


def test_ludo_view_stacks_home_lines_and_last_move() -> None:
    s = open_session("ludo:R:F,41,3,3/Y:41,12,B,B Y 5")
    view = s.view()
    assert view.pieces["3"] == (PieceView("red", "token", 2),)
    assert view.pieces["32"] == (PieceView("yellow", "token"),)  # yellow's progress 12
    assert view.pieces["home:1"] == (PieceView("red", "token"), PieceView("yellow", "token"))
    assert view.off_board["red"] == {"yard": 0, "home": 1}
    assert view.dice == (5,) and view.to_move == "yellow"
    s.play("12-17")  # field 37
    view = s.view()
    assert view.last == ("32", "37")
    assert view.dice == () and view.to_move == "red"


def test_ludo_view_after_a_knock_and_a_resignation() -> None:
    s = open_session("ludo:R:10,10,B,B/B:B,B,B,B/Y:B,B,B,B B 1")
    s.play("B-0")
    view = s.view()
    assert view.last == ("yard", "10")
    assert view.off_board["red"] == {"yard": 4, "home": 0}
    s.play("resign:yellow")
    view = s.view()
    assert view.extra["left"] == {"yellow": "resignation"}
    assert view.off_board["yellow"] == {"yard": 0, "home": 0}
    assert view.seats == ("red", "blue", "yellow")


def test_ludo_action_views() -> None:
    s = open_session("ludo:R:B,B,B,B/B:36,B,B,B/Y:B,B,B,B B 6")
    assert s.action_views() == [
        ActionView("36-42", "move", "6", "home:2"),
        ActionView("B-5", "move", "yard", "15"),
        ActionView("BB-0", "move", "yard", "10"),
    ]
    assert s.legal_actions() == ["36-42", "B-5", "BB-0"]
    s.play("36-42")
    assert s.action_views() == [ActionView("roll", "roll")]
    s.play("roll:2")
    assert s.action_views() == [ActionView("42-F", "move", "home:2", "home")]


# ----- over random playouts ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seed"), [("backgammon", 7), ("ludo", 8), ("ludo", 9)])
def test_views_over_random_playouts(game: str, seed: int) -> None:
    places = OFF_BOARD_PLACES[game]
    for session, action in playout(game, seed, leave_chance=0.005):
        view = session.view()
        data = view.as_json()
        assert json.loads(json.dumps(data)) == data
        assert set(view.pieces) <= set(view.cells)
        assert set(view.last) <= set(view.cells) | places
        totals: dict[str, int] = {}
        for pieces in view.pieces.values():
            for p in pieces:
                assert p.count > 0
                totals[p.seat] = totals.get(p.seat, 0) + p.count
        for seat, counts in view.off_board.items():
            totals[seat] = totals.get(seat, 0) + sum(counts.values())
        left = view.extra.get("left", {})
        assert isinstance(left, dict)
        full = 15 if game == "backgammon" else 4
        assert totals == {s: 0 if s in left else full for s in view.seats}
        actions = session.action_views()
        assert [a.text for a in actions] == session.legal_actions()
        for a in actions:
            json.dumps(a.as_json())
            cells = [c for step in a.steps for c in step] + [
                c for c in (a.source, a.target) if c is not None
            ]
            assert set(cells) <= set(view.cells) | places, a
        session.play(action)
    final = session.view()
    assert (final.outcome is None) == (final.to_move is not None) == (not session.is_over)
