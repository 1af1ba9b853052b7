"""The backgammon and ludo pictures drawn from a :class:`rendering.drawers.Scene`: the rules'
view of a position and the last action's effects, through :func:`rendering.drawers.draw`,
checked on the decoded picture the way a player looks at it (issue 31)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import THEMES, Caption, encode_png, get_theme
from rendering.backgammon import match_score, view_position
from rendering.drawers import Scene, draw
from rendering.ludo import knock_spot, token_centre
from rendering.ludo_layout import ludo_layout
from rendering.ludo_sprites import TOKEN_COLOURS
from rules.games import GameOutcome, Reason, find_game
from rules.games.backgammon.xgid import State, format_xgid
from rules.games.effects import Effect
from rules.games.view import PositionView

from .render_pixels import banner_share, close, decode, row_share, trophy_in_row
from .test_backgammon import LAY, around, checker_at, cube_matches, on_segment, stack
from .test_ludo import row_chip, token_at

LIGHT = THEMES["light"]
PLAYERS = {"white": "Ann", "black": "Bo"}


def played(game: str, position: str, action: str) -> tuple[PositionView, tuple[Effect, ...]]:
    """The rules' view after ``action`` from ``position``, and the action's effects."""
    session = find_game(game).session(position)
    result = session.play(action)
    return session.view(), result.effects


def picture(scene: Scene) -> Image.Image:
    """The scene drawn, as a player gets it: encoded as PNG and decoded again."""
    return decode(encode_png(draw(scene)))


def entering_with_a_hit() -> str:
    """Black on the bar with 4-3 to play; White has a blot on its 3-point (Black's 22)."""
    state = State()
    state.points = [[0] * 26, [0] * 26]
    for point, n in {6: 5, 8: 3, 13: 5, 24: 1, 3: 1}.items():
        state.points[0][point] = n
    for point, n in {13: 5, 6: 5, 8: 3, 24: 1, 25: 1}.items():
        state.points[1][point] = n
    state.turn, state.dice = 1, (4, 3)
    return format_xgid(state)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_turn_entering_from_the_bar_with_a_hit(theme: str) -> None:
    view, effects = played("backgammon", entering_with_a_hit(), "bar/22* 13/9")
    pal = THEMES[theme]
    scene = Scene(view, Caption(players=("Ann", "Bo")), effects, PLAYERS, theme=theme)
    img = picture(scene)
    # the hit blot is on White's bar, Black's checker on White's 3-point, the 13 left with 4
    assert checker_at(img, LAY.bar_centre(0, 0), pal) == "white"
    assert stack(img, 3, pal) == ("black", 1) and stack(img, 12, pal) == ("black", 4)
    # the steps as arrows in Black's numbering: bar → 22 (White's 3), 13 → 9 (White's 12 → 16)
    assert on_segment(img, LAY.bar_centre(1, 0), LAY.checker_centre(3, 0), pal.path_line) > 0.6
    from_13, to_9 = LAY.checker_centre(12, 4), LAY.checker_centre(16, 0)
    assert on_segment(img, from_13, to_9, pal.path_line) > 0.6
    # the hit's mark: a ✕ beside the checker that hit
    assert sum(close(p, pal.captured, 40) for p in around(img, LAY.checker_centre(3, 1), 12)) > 20
    # without the effects, no arrows and no cross
    bare = picture(Scene(view, Caption(players=("Ann", "Bo")), (), PLAYERS, theme=theme))
    assert on_segment(bare, LAY.bar_centre(1, 0), LAY.checker_centre(3, 0), pal.path_line) < 0.2
    assert sum(close(p, pal.captured, 40) for p in around(bare, LAY.checker_centre(3, 1), 12)) < 5


def test_a_double_offered_stands_in_the_doublers_half() -> None:
    # a 7-point match, Black owns the 2-cube and doubles to 4; White is to answer
    xgid = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:-1:-1:00:2:4:0:7:10"
    view, effects = played("backgammon", xgid, "double")
    assert view.cube is not None and view.cube.offered == 4
    img = picture(Scene(view, Caption(players=("Ann", "Bo")), effects, PLAYERS))
    assert cube_matches(img, LAY.cube_centre(None, offered_by=1), 4)
    for place in (None, 0, 1):  # not in its column any more
        assert not cube_matches(img, LAY.cube_centre(place), 2)
    # Black's two checkers on the bar, drawn from the view's off-board counts
    assert [checker_at(img, LAY.bar_centre(1, i), LIGHT) for i in range(3)] == [
        "black",
        "black",
        "none",
    ]


def test_a_finished_match_game_shows_the_score_after_it() -> None:
    xgid = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:-1:-1:00:2:4:0:7:10"
    view = find_game("backgammon").session(xgid).view()
    won = GameOutcome("white", Reason.RESIGNATION, points=2)
    position = view_position(view, won)
    assert (position.to_move, position.dice, position.offered_by) == (None, None, None)
    assert position.score == match_score(view, won) == (4, 4)
    assert view_position(view).score == (2, 4) and view_position(view).to_move == "black"
    # a finished game's picture: the score after it differs from the one before
    caption = Caption(players=("Ann", "Bo"), status="Ann wins", winner="white")
    after = draw(Scene(view, caption, outcome=won))
    before = draw(Scene(view, caption))
    strip = (0, LAY.caption_rect[1], *after.size)
    assert after.crop(strip).tobytes() != before.crop(strip).tobytes()


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_ludo_knock_is_marked_and_the_token_goes_home(theme: str) -> None:
    # red 6 → 12 with a 6, knocking the yellow token on field 12 (yellow's progress 32)
    view, effects = played("ludo", "ludo:R:6,B,B,B/Y:32,B,B,B R 6", "6-12")
    pal = get_theme(theme)
    caption = Caption(title="Ludo", words=Caption().words)
    img = picture(Scene(view, caption, effects, {"red": "Ann", "yellow": "Yuri"}, theme=theme))
    lay = ludo_layout(rows=2)
    assert token_at(img, token_centre(lay, "R", 12), "R", lay.token)
    assert not token_at(img, token_centre(lay, "R", 6), "R", lay.token)
    for spot in range(4):  # every yellow token back in its base
        assert token_at(img, token_centre(lay, "Y", -1, spot), "Y", lay.token)
    # the move ringed at both ends, the knocked token crossed out beside the field
    for progress in (6, 12):
        cx, cy = token_centre(lay, "R", progress)
        edge = (round(cx), round(cy - lay.cell * 0.5 + 3))
        assert close(img.getpixel(edge), pal.path_line, 30)  # type: ignore[arg-type]
    cx, cy = knock_spot(lay, 12, token_centre(lay, "R", 6))
    spot = (round(cx), round(cy))
    assert close(img.getpixel(spot), pal.captured, 30)  # type: ignore[arg-type]
    # no effects: no marks
    bare = picture(Scene(view, caption, (), {"red": "Ann", "yellow": "Yuri"}, theme=theme))
    assert not close(bare.getpixel(spot), pal.captured, 30)  # type: ignore[arg-type]


def test_a_ludo_seat_that_left_and_the_names_by_seat() -> None:
    view, effects = played("ludo", "ludo:R:6,B,B,B/B:3,B,B,B/Y:32,B,B,B B", "resign:blue")
    lay = ludo_layout(rows=3)
    scene = Scene(view, Caption(title="Ludo"), effects, {"red": "Ann", "blue": "Bo"})
    img = picture(scene)
    assert not token_at(img, token_centre(lay, "B", 3), "B", lay.token)  # its tokens came off
    assert token_at(img, token_centre(lay, "R", 6), "R", lay.token)
    assert token_at(img, token_centre(lay, "Y", 32), "Y", lay.token)
    # the names are the scene's: another name changes the caption only
    other = picture(Scene(view, Caption(title="Ludo"), effects, {"red": "Zed", "blue": "Bo"}))
    assert img.size == other.size and img.tobytes() != other.tobytes()
    board = (0, 0, img.size[0], lay.board_rect[3])
    assert img.crop(board).tobytes() == other.crop(board).tobytes()
    assert isinstance(io.BytesIO(encode_png(draw(scene))).getvalue(), bytes)


def test_a_finished_ludo_game_from_the_rules_view_has_its_result_and_places() -> None:
    """Red won, Blue second, Green third, Yellow ran out of time: the banner, the trophy in
    Red's row and the rows in place order, from the view's outcome; an emoji-only name shows
    the seat's colour."""
    session = find_game("ludo").session("ludo:R:F,F,F,F/B:F,42,3,B/Y:timeout1/G:43,39,17,17 R")
    assert session.outcome is not None
    names = {"red": "Ann", "blue": "🎲🎉", "yellow": "Cy", "green": "Di"}
    scene = Scene(session.view(), Caption(title="Ludo"), (), names, outcome=session.outcome)
    img = picture(scene)
    lay = ludo_layout(rows=4)
    assert banner_share(img, lay, LIGHT) > 0.9 and trophy_in_row(img, lay, 0, LIGHT)
    assert [row_chip(img, lay, row) for row in range(4)] == ["R", "B", "G", "Y"]
    assert all(row_share(img, lay, row, LIGHT.accent) < 0.05 for row in range(4))
    blue = picture(Scene(session.view(), Caption(title="Ludo"), (), {**names, "blue": "Blue"}))
    assert img.tobytes() == blue.tobytes()


def test_a_ludo_game_ended_off_the_board_is_drawn_finished() -> None:
    """An aborted game (the view still has a seat to move): the banner, no die, no row to
    move, no trophy."""
    view = find_game("ludo").session("ludo:R:6,B,B,B/Y:32,B,B,B R 6").view()
    lay = ludo_layout(rows=2)
    going = picture(Scene(view, Caption(title="Ludo"), (), {"red": "Ann", "yellow": "Yuri"}))
    assert row_share(going, lay, 0, LIGHT.accent) > 0.5 and banner_share(going, lay, LIGHT) < 0.1
    ended = Scene(
        view,
        Caption(title="Ludo", status="Game aborted"),
        (),
        {"red": "Ann", "yellow": "Yuri"},
        outcome=GameOutcome(None, Reason.ABORTED),
    )
    img = picture(ended)
    assert banner_share(img, lay, LIGHT) > 0.9
    assert all(row_share(img, lay, row, LIGHT.accent) < 0.05 for row in range(2))
    assert not any(trophy_in_row(img, lay, row, LIGHT) for row in range(2))
    cx, cy = lay.die_centre("R")
    edge = (round(cx - lay.die * 0.36), round(cy))
    red = TOKEN_COLOURS["R"][0]
    assert close(going.getpixel(edge), red, 24) and not close(img.getpixel(edge), red, 24)  # type: ignore[arg-type]
