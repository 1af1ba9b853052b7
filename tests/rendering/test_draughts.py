"""Draughts pictures as a player sees them: numbered dark squares, men, crowned kings, jumps."""

from __future__ import annotations

import pytest
from PIL import Image

from rendering import THEMES, Caption, layout, render_draughts
from rendering.board import square_colour
from rendering.caption import row_box
from rendering.draughts import START_PIECES, draughts_background, draughts_square
from rendering.layout import Layout
from rendering.theme import mix
from rules import Side, square_name

from .render_pixels import (
    banner_share,
    close,
    decode,
    occupant,
    patch,
    row_share,
    share,
    trophy_in_row,
)

LIGHT = THEMES["light"]
#: Black's man on 15 has just jumped White's man on 19 and king on 27, landing on 31 (crowned).
AFTER_JUMP = {1: "b", 2: "b", 5: "b", 9: "B", 31: "B", 14: "w", 22: "w", 25: "w", 29: "W"}


def lay_for(view: Side = Side.WHITE) -> Layout:
    return layout(8, 8, view, edge_labels=False)


def test_numbers_follow_the_standard_diagram() -> None:
    names = {n: square_name(draughts_square(n)) for n in range(1, 33)}
    assert [names[n] for n in (1, 2, 3, 4)] == ["b8", "d8", "f8", "h8"]  # Black's back row
    assert [names[n] for n in (5, 8, 9, 12)] == ["a7", "g7", "b6", "h6"]
    assert [names[n] for n in (29, 30, 31, 32)] == ["a1", "c1", "e1", "g1"]  # White's
    squares = set(names.values())
    assert len(squares) == 32
    for n in range(1, 33):  # all dark: a1 is dark, as on a chess board
        sq = draughts_square(n)
        assert square_colour(sq, LIGHT) == LIGHT.dark_square, n
    for bad in (0, 33, -1):
        with pytest.raises(ValueError, match="not a draughts square"):
            draughts_square(bad)


@pytest.mark.parametrize("view", list(Side))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_start_position_men_on_their_squares(view: Side, theme: str) -> None:
    png = render_draughts(START_PIECES, view=view, theme=theme)
    assert len(png) <= 80 * 1024
    img = decode(png)
    lay = lay_for(view)
    assert img.size == lay.image_size
    pal = THEMES[theme]
    for n in range(1, 33):
        expected = "black" if n <= 12 else "white" if n >= 21 else "empty"
        sq = draughts_square(n)
        if expected == "empty":
            # the square's number is in its corner, not in its middle
            assert share(patch(img, lay, sq), square_colour(sq, pal)) > 0.9, n
        else:
            assert occupant(img, lay, sq, pal) == expected, n
    for sq in lay.squares():  # nothing on a light square
        if square_colour(sq, pal) == pal.light_square:
            assert occupant(img, lay, sq, pal) == "empty", square_name(sq)


def test_black_view_puts_square_1_at_the_bottom() -> None:
    white, black = lay_for(Side.WHITE), lay_for(Side.BLACK)
    _, top, _, bottom = white.board_rect
    assert white.square_rect(draughts_square(1))[1] == top
    assert black.square_rect(draughts_square(1))[3] == bottom
    # Black's view: square 1 (a black man) bottom right, 32 (a white man) top left
    img = decode(render_draughts(START_PIECES, view="black"))
    left = black.board_rect[0]
    assert black.square_rect(draughts_square(32))[:2] == (left + black.square, top)  # g1
    assert occupant(img, black, draughts_square(32), LIGHT) == "white"
    assert occupant(img, black, draughts_square(1), LIGHT) == "black"


def _number_ink(img: Image.Image, lay: Layout, sq: int) -> int:
    """Pixels unlike the square's own colour in the top-left corner box of ``sq``."""
    x0, y0, _, _ = lay.square_rect(sq)
    box = round(lay.square * 0.26)
    own = square_colour(sq, LIGHT)
    px = [img.getpixel((x, y)) for x in range(x0, x0 + box) for y in range(y0, y0 + box)]
    return sum(1 for p in px if not close(p, own, 30))  # type: ignore[arg-type]


def side_pixel(img: Image.Image, lay: Layout, number: int) -> tuple[int, int, int]:
    """A pixel in the top right corner of a square, clear of its number and of a piece."""
    _, y0, x1, _ = lay.square_rect(draughts_square(number))
    return img.getpixel((x1 - 4, y0 + 4))  # type: ignore[return-value]


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    """Equal but for the palette's ±1 rounding (each PNG gets its own 256-colour palette)."""
    return all(
        close(p, q, 6) for p, q in zip(a.get_flattened_data(), b.get_flattened_data(), strict=True)
    )


def test_every_dark_square_carries_its_number() -> None:
    lay = lay_for()
    img = draughts_background(lay, LIGHT)
    counts = {n: _number_ink(img, lay, draughts_square(n)) for n in range(1, 33)}
    assert all(c > 8 for c in counts.values()), counts
    # two-digit numbers use more ink than one-digit ones: 1 vs 11 vs 31
    assert counts[11] > counts[1] and counts[31] > counts[1]
    for sq in lay.squares():
        if square_colour(sq, LIGHT) == LIGHT.light_square:
            assert _number_ink(img, lay, sq) == 0
    # the same number is drawn for the same square in both views
    black = lay_for(Side.BLACK)
    img_b = draughts_background(black, LIGHT)
    for n in (1, 17, 32):
        a = lay.square_rect(draughts_square(n))
        b = black.square_rect(draughts_square(n))
        assert img.crop(a).tobytes() == img_b.crop(b).tobytes()


def test_kings_wear_a_crown_and_men_do_not() -> None:
    lay = lay_for()
    img = decode(render_draughts({29: "W", 30: "w", 1: "B", 2: "b"}))
    for n, detail in ((29, LIGHT.white_detail), (1, LIGHT.black_detail)):
        crown = patch(img, lay, draughts_square(n), 0.12)
        assert share(crown, detail, 30) > 0.25, n
    for n, detail in ((30, LIGHT.white_detail), (2, LIGHT.black_detail)):
        plain = patch(img, lay, draughts_square(n), 0.12)
        assert share(plain, detail, 30) == 0, n
    # the crown is a shape: its points stand above its band (detail colour high in the
    # middle column, the piece's fill between the points)
    cx, cy = lay.square_center(draughts_square(29))
    s = lay.square
    tip = img.getpixel((cx, round(cy - s * 0.11)))
    band = img.getpixel((cx, round(cy + s * 0.1)))
    beside_tip = img.getpixel((round(cx - s * 0.06), round(cy - s * 0.11)))
    assert close(tip, LIGHT.white_detail, 40)  # type: ignore[arg-type]
    assert close(band, LIGHT.white_detail, 40)  # type: ignore[arg-type]
    assert close(beside_tip, LIGHT.white_fill, 30)  # type: ignore[arg-type]


def test_a_step_tints_both_squares_without_an_arrow() -> None:
    pieces = dict(START_PIECES)
    pieces[15] = pieces.pop(11)
    lay = lay_for()
    img = decode(render_draughts(pieces, last_move=[11, 15], to_move="white"))
    plain = decode(render_draughts(pieces, to_move="white"))
    tinted = mix(LIGHT.dark_square, LIGHT.move_tint, LIGHT.move_tint_strength)
    for n in (11, 15):
        assert close(side_pixel(img, lay, n), tinted, 3), n
    # no arrow: the corner the two squares share looks as without the move
    a = lay.square_center(draughts_square(11))
    b = lay.square_center(draughts_square(15))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert share([img.getpixel(mid)], LIGHT.path_line, 40) == 0  # type: ignore[list-item]
    assert img.getpixel((mid[0] + 6, mid[1] + 6)) == plain.getpixel((mid[0] + 6, mid[1] + 6))


def _along(lay: Layout, a: int, b: int, t: float) -> tuple[int, int]:
    ax, ay = lay.square_center(draughts_square(a))
    bx, by = lay.square_center(draughts_square(b))
    return (round(ax + (bx - ax) * t), round(ay + (by - ay) * t))


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_multi_jump_draws_arrows_numbered_landings_and_ghosts(theme: str) -> None:
    pal = THEMES[theme]
    lay = lay_for()
    img = decode(
        render_draughts(
            AFTER_JUMP,
            last_move=[15, 24, 31],
            jumped={19: "w", 27: "W"},
            to_move="white",
            theme=theme,
        )
    )
    # start and landings tinted
    tinted = mix(pal.dark_square, pal.move_tint, pal.move_tint_strength)
    for n in (15, 24):
        assert close(side_pixel(img, lay, n), tinted, 3), n
    # the arrows: path colour on the way from 15 to 24 and from 24 to 31
    for a, b in ((15, 24), (24, 31)):
        for t in (0.2, 0.3, 0.7):
            px = img.getpixel(_along(lay, a, b, t))
            assert close(px, pal.path_line, 40), (a, b, t, px)  # type: ignore[arg-type]
    # the landings numbered: badge 1 in the middle of the empty landing 24
    assert share(patch(img, lay, draughts_square(24), 0.1), pal.path_line, 40) > 0.3
    # the piece that moved stands on 31, crowned
    assert occupant(img, lay, draughts_square(31), pal) == "other"  # its crown in the middle
    assert share(patch(img, lay, draughts_square(31), 0.3), pal.black_fill) > 0.3
    # the jumped squares: a ✕ over a faint ghost of the piece taken
    for n in (19, 27):
        sq = draughts_square(n)
        assert share(patch(img, lay, sq, 0.2), pal.captured, 40) > 0.1, n
        # the ghost: between the square's colour and the white piece's fill, off the cross
        cx, cy = lay.square_center(sq)
        px = img.getpixel((cx, cy - round(lay.square * 0.37)))
        base = pal.dark_square
        assert sum(px) > sum(base) + 30, (n, px)  # type: ignore[arg-type]
        assert sum(px) < sum(pal.white_fill) - 30, (n, px)  # type: ignore[arg-type]


def test_jumped_squares_as_numbers_ghost_the_other_sides_men() -> None:
    lay = lay_for()
    img = decode(render_draughts(AFTER_JUMP, last_move=[15, 24, 31], jumped=[19, 27]))
    kinged = decode(render_draughts(AFTER_JUMP, last_move=[15, 24, 31], jumped={19: "w", 27: "W"}))
    for n in (19, 27):
        sq = draughts_square(n)
        cx, cy = lay.square_center(sq)
        px = img.getpixel((cx, cy - round(lay.square * 0.37)))
        assert sum(px) > sum(LIGHT.dark_square) + 30  # type: ignore[arg-type]
    # the ghost on 27 is a man here, a king when the caller says so
    box = lay.square_rect(draughts_square(27))
    assert not same_picture(img.crop(box), kinged.crop(box))
    box = lay.square_rect(draughts_square(19))
    assert same_picture(img.crop(box), kinged.crop(box))


def test_single_jump_has_an_arrow_but_no_number() -> None:
    lay = lay_for()
    pieces = {24: "b", 14: "w"}
    img = decode(render_draughts(pieces, last_move=[15, 24], jumped=[19], to_move="white"))
    assert close(img.getpixel(_along(lay, 15, 24, 0.25)), LIGHT.path_line, 40)  # type: ignore[arg-type]
    # no badge in the landing's lower corners
    x0, y0, x1, y1 = lay.square_rect(draughts_square(24))
    r = round(lay.square * 0.16)
    corners = [img.getpixel((x1 - r - 3, y1 - r - 3)), img.getpixel((x0 + r + 3, y1 - r - 3))]
    assert share(corners, LIGHT.path_line, 40) == 0  # type: ignore[arg-type]


def test_caption_names_and_highlight() -> None:
    img = decode(
        render_draughts(
            START_PIECES,
            to_move=None,
            caption=Caption(
                players=("Alice", "Bob"), status="Bob (Black) wins — no pieces", winner="black"
            ),
        )
    )
    lay = lay_for()
    # Black (the top row) won: its row has the gold band and the trophy, no row the blue of
    # the side to move, and the status line is the result banner
    assert (
        row_share(img, lay, 0, LIGHT.win_band) > 0.5 and row_share(img, lay, 0, LIGHT.accent) == 0
    )
    assert trophy_in_row(img, lay, 0, LIGHT) and not trophy_in_row(img, lay, 1, LIGHT)
    assert banner_share(img, lay, LIGHT) > 0.9


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"pieces": {33: "w"}}, "33 is not a draughts square"),
        ({"pieces": {5: "k"}}, "'k' is not a draughts piece"),
        ({"pieces": {5: "w"}, "last_move": [5, 0]}, "0 is not a draughts square"),
        ({"pieces": {5: "w"}, "jumped": [40]}, "40 is not a draughts square"),
        ({"pieces": {5: "w"}, "theme": "neon"}, "unknown theme 'neon'"),
    ],
)
def test_bad_input_is_refused_with_the_reason(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        render_draughts(**kwargs)  # type: ignore[arg-type]


def test_taken_men_and_kings_show_in_the_takers_row() -> None:
    lay = lay_for()
    img = decode(render_draughts({24: "b"}, caption=Caption(taken=("bB", "w"))))
    plain = decode(render_draughts({24: "b"}))
    for index, fill in ((1, LIGHT.black_fill), (0, LIGHT.white_fill)):
        left, top, right, bottom = row_box(lay, index)
        box = ((left + right) // 2, top, right, bottom)
        with_icons = share(list(img.crop(box).get_flattened_data()), fill, 16)
        without = share(list(plain.crop(box).get_flattened_data()), fill, 16)
        assert with_icons > without + 0.01, index
    with pytest.raises(ValueError, match="'k' is not a draughts piece"):
        render_draughts({24: "b"}, caption=Caption(taken=("k", "")))
