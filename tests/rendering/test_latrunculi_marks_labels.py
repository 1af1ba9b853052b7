"""Issue 32: the coordinates stay clear of the pieces on every board size, and the ring round
a released captive is bold enough to see on a phone (read on decoded pictures)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rendering.caption as caption_module
from rendering import THEMES, Caption, encode_png, layout
from rendering.board import board_background, square_colour
from rendering.captures import variant_name
from rendering.drawers import Scene, draw
from rendering.latrunculi_scene import position_of
from rendering.layout import Layout
from rendering.render import compose
from rules import Side, parse_square
from rules.games import find_game
from rules.games.effects import Released

from .render_pixels import close, decode

#: Each rule set's start, with classic's wide board (12×8) as well as its 8×8 one.
STARTS = [("classic", None), ("classic", {"size": "12x8"}), ("rugen", None), ("schadler", None)]
STARTS += [("lat", None)]


def _plain(lay: Layout, theme: str) -> Image.Image:
    """The board background without its labels: the margins, the frame and the squares."""
    pal = THEMES[theme]
    img = Image.new("RGB", lay.image_size, pal.background)
    d = ImageDraw.Draw(img)
    left, top, right, bottom = lay.board_rect
    fw = lay.frame_width
    d.rectangle((left - fw, top - fw, right + fw - 1, bottom + fw - 1), fill=pal.frame)
    for sq in lay.squares():
        x0, y0, x1, y1 = lay.square_rect(sq)
        d.rectangle((x0, y0, x1 - 1, y1 - 1), fill=square_colour(sq, pal))
    return img


def _label_ink(lay: Layout, theme: str) -> list[tuple[int, int]]:
    """The pixels the file letters and rank numbers draw."""
    labelled = board_background(lay, THEMES[theme]).tobytes()
    plain = _plain(lay, theme).tobytes()
    width = lay.image_size[0]
    return [
        (i % width, i // width)
        for i in range(len(plain) // 3)
        if labelled[3 * i : 3 * i + 3] != plain[3 * i : 3 * i + 3]
    ]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("seat", ["white", "black"])
@pytest.mark.parametrize(("game", "options"), STARTS)
def test_no_piece_covers_a_coordinate_at_the_start(
    game: str, options: dict[str, str] | None, seat: str, theme: str
) -> None:
    """At every rule set's start (the edge rows full), on 8×8, 11×8 and 12×8 boards, the
    labels' pixels are the same with the pieces on the board as on the empty board."""
    rules_game = find_game(game)
    view = rules_game.session(rules_game.start(options)).view()
    full = decode(encode_png(draw(Scene(view, Caption(), perspective=seat, theme=theme))))
    position = position_of(view)
    empty_position = dataclasses.replace(position, cells=(None,) * len(position.cells))
    empty = decode(encode_png(compose(empty_position, view=Side(seat), theme=theme)))
    lay = layout(position.width, position.height, Side(seat))
    ink = _label_ink(lay, theme)
    # every file letter and rank number is drawn: ink in each column and each row
    for col in range(lay.files):
        x0 = lay.board_rect[0] + col * lay.square
        assert any(x0 <= x < x0 + lay.square and y > lay.board_rect[3] - lay.square for x, y in ink)
    for row in range(lay.ranks):
        y0 = lay.board_rect[1] + row * lay.square
        assert any(y0 <= y < y0 + lay.square and x < lay.board_rect[0] + lay.square for x, y in ink)
    covered = [p for p in ink if full.getpixel(p) != empty.getpixel(p)]
    assert not covered, (game, options, seat, theme, len(covered), covered[:5])


@pytest.mark.parametrize(("files", "seat"), [(8, Side.WHITE), (11, Side.BLACK), (12, Side.WHITE)])
def test_the_coordinates_are_drawn_in_bands_beside_the_board(files: int, seat: Side) -> None:
    """The rank numbers in a band left of the board, the file letters in one under it, clear
    of the squares (the pieces fill them); a wide board's labels grow with its text unit."""
    lay = layout(files, 8, seat)
    assert lay.label_band > lay.pad and lay.label_size >= layout(8, 8).label_size
    left, _, _, bottom = lay.board_rect
    ink = _label_ink(lay, "light")
    assert ink
    for x, y in ink:
        assert x < left - lay.frame_width or y >= bottom + lay.frame_width


def _ring_run(img: Image.Image, lay: Layout, name: str, colour: tuple[int, int, int]) -> int:
    """The longest run of pixels in ``colour`` along the middle row of ``name``, from its left
    edge to its centre: the ring's thickness where it crosses that row."""
    x0, y0, _, _ = lay.square_rect(parse_square(name))
    y = y0 + lay.square // 2
    run = best = 0
    for x in range(x0, x0 + lay.square // 2):
        run = run + 1 if close(img.getpixel((x, y)), colour, 30) else 0  # type: ignore[arg-type]
        best = max(best, run)
    return best


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_ring_round_a_released_captive_is_at_least_6_px(theme: str) -> None:
    """c8-c4 takes c3 captive and so frees the black soldier on d3 (its captor): the solid
    ring round d3 is at least 6 px of the release colour at the default size (it was 3)."""
    session = find_game("classic").session("classic:2s5/3e4/8/8/8/2Ss*S3/2s1E3/8 b")
    result = session.play("c8-c4")
    assert [e.cell for e in result.effects if isinstance(e, Released)] == ["d3"]
    img = decode(
        encode_png(draw(Scene(session.view(), Caption(), last=result.effects, theme=theme)))
    )
    lay = layout(8, 8)
    pal = THEMES[theme]
    assert _ring_run(img, lay, "d3", pal.release_mark) >= 6
    plain = decode(encode_png(draw(Scene(session.view(), Caption(), theme=theme))))
    assert _ring_run(plain, lay, "d3", pal.release_mark) == 0


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("classic", "Latrunculi · Move 12 · Bob (Black) to move"),
        ("rugen", "Latrunculi · Move 12 · Alice (White) to move"),
        ("schadler", "Ludus latrunculorum · Alice (White) to place"),
        ("lat", "LAT (Viking) · Move 12 · Alice (White) to move"),
    ],
)
def test_the_status_line_of_a_game_in_play_names_the_game(
    game: str, line: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As chess's and draughts' do: on an 8×8 board the rule set's long name gave way to the
    status (three of the four rule sets showed none), now its shorter form (or the status
    without the move number) makes room for it."""
    drawn: list[str] = []
    real = caption_module.draw_text

    def spy(*args: Any, **kwargs: Any) -> float:
        drawn.append(args[2])
        return real(*args, **kwargs)

    monkeypatch.setattr(caption_module, "draw_text", spy)
    view = find_game(game).session().view()
    caption = Caption(players=("Alice", "Bob"), title=variant_name(game), move_number=12)
    draw(Scene(view, caption))
    assert drawn[0] == line


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_game_marks_a_capture_in_one_colour(theme: str) -> None:
    """The ✕ of draughts, backgammon and ludo and Latrunculi's frame and ✕ share the theme's
    one capture colour (draughts, backgammon and ludo had a red of their own)."""
    pal = THEMES[theme]
    assert "captured" not in {f.name for f in dataclasses.fields(pal)}
    assert pal.captured == pal.capture_mark
