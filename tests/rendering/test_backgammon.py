"""Backgammon pictures as a player sees them: checkers on their points, bar, trays, dice, cube,
the last turn's arrows and the labels of the side to move — checked on real PNGs by pixel."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from rendering import THEMES, BackgammonPosition, Caption, render_backgammon
from rendering.__main__ import main
from rendering.backgammon import START_POINTS
from rendering.backgammon_layout import BackgammonLayout, backgammon_layout
from rendering.backgammon_sprites import cube_sprite
from rendering.plain_text import backgammon_position, backgammon_steps
from rendering.theme import Theme
from rules import Side

from .render_pixels import Colour, banner_share, close, decode, row_share, share, trophy_in_row

LIGHT = THEMES["light"]
LAY = backgammon_layout()
START_XGID = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def around(img: Image.Image, centre: tuple[float, float], r: int) -> list[Colour]:
    """The pixels of a (2r)² box centred on ``centre``."""
    cx, cy = round(centre[0]), round(centre[1])
    return [img.getpixel((x, y)) for x in range(cx - r, cx + r) for y in range(cy - r, cy + r)]  # type: ignore[misc]


def checker_at(img: Image.Image, centre: tuple[float, float], theme: Theme) -> str:
    """``white``, ``black`` or ``none``: what the middle of a checker slot shows."""
    px = around(img, centre, round(LAY.checker * 0.3))
    if share(px, theme.white_fill) > 0.4:
        return "white"
    if share(px, theme.black_fill) > 0.4:
        return "black"
    return "none"


def stack(img: Image.Image, point: int, theme: Theme = LIGHT) -> tuple[str, int]:
    """(colour, height) of the checkers drawn on White's ``point``, read slot by slot."""
    seen = [checker_at(img, LAY.checker_centre(point, i), theme) for i in range(5)]
    height = 0
    while height < 5 and seen[height] != "none":
        height += 1
    assert len(set(seen[:height])) <= 1, (point, seen)
    return (seen[0] if height else "none", height)


def alike(a: Image.Image, b: Image.Image) -> bool:
    """The same picture up to the palette's rounding (each PNG picks its own 256 colours)."""
    assert a.size == b.size
    pa, pb = a.tobytes(), b.tobytes()
    return all(abs(x - y) <= 12 for x, y in zip(pa, pb, strict=True))


def position(**changes: object) -> BackgammonPosition:
    return BackgammonPosition(**changes)  # type: ignore[arg-type]


def points(**counts: int) -> tuple[int, ...]:
    """24 signed counts from ``p6=5, p19=-5`` style keywords."""
    board = [0] * 24
    for name, n in counts.items():
        board[int(name[1:]) - 1] = n
    return tuple(board)


#: White bearing off (3 off), Black with 2 on the bar, cube 2 owned by White, 7-point match.
MID_XGID = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:1:-1:00:2:4:0:7:10"


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_start_position_checkers_stand_on_their_points(theme: str) -> None:
    png = render_backgammon(BackgammonPosition(), theme=theme)
    assert len(png) <= 80 * 1024
    img = decode(png)
    assert img.size == LAY.image_size
    assert img.size[0] <= 720  # about a chess board's width: crisp when a phone scales it
    pal = THEMES[theme]
    expected = {24: ("white", 2), 13: ("white", 5), 8: ("white", 3), 6: ("white", 5)}
    expected.update({1: ("black", 2), 12: ("black", 5), 17: ("black", 3), 19: ("black", 5)})
    for p in range(1, 25):
        assert stack(img, p, pal) == expected.get(p, ("none", 0)), p


def test_white_point_geometry_is_gnubgs() -> None:
    # White's home board bottom right, its 24-point top right, 13 top left, 12 bottom left
    left, right = LAY.left_field, LAY.right_field
    assert LAY.point_rect(1)[2] == right[2] and not LAY.is_top(1)
    assert LAY.point_rect(24)[2] == right[2] and LAY.is_top(24)
    assert LAY.point_rect(13)[0] == left[0] and LAY.is_top(13)
    assert LAY.point_rect(12)[0] == left[0] and not LAY.is_top(12)
    with pytest.raises(ValueError, match="not a point"):
        LAY.column(25)


def test_blacks_view_puts_blacks_points_in_whites_places() -> None:
    """From Black's side the board is mirrored top to bottom: Black's home board bottom right
    (Black's p-point, White's 25 - p, where White's p-point is in White's view), the sides'
    bar, tray, dice and cube ends swapped; the columns and the label bands stay put."""
    black = backgammon_layout(bottom=1)
    assert backgammon_layout(bottom=0) == LAY and black is backgammon_layout(bottom=1)
    for p in range(1, 25):
        assert black.point_rect(25 - p) == LAY.point_rect(p)
        assert black.is_top(25 - p) is LAY.is_top(p)
        assert black.checker_centre(25 - p, 3) == LAY.checker_centre(p, 3)
    for side in (0, 1):
        assert black.bar_centre(side, 2) == LAY.bar_centre(1 - side, 2)
        assert black.tray_rect(side) == LAY.tray_rect(1 - side)
        assert black.slab_rect(side, 4) == LAY.slab_rect(1 - side, 4)
        assert black.tray_count_centre(side) == LAY.tray_count_centre(1 - side)
        assert black.dice_centres(side) == LAY.dice_centres(1 - side)
        assert black.cube_centre(side) == LAY.cube_centre(1 - side)
        assert black.cube_centre(None, offered_by=side) == LAY.cube_centre(None, 1 - side)
    assert black.cube_centre(None) == LAY.cube_centre(None)
    assert black.label_centre(3, True) == LAY.label_centre(3, True)
    with pytest.raises(ValueError, match="bottom"):
        backgammon_layout(bottom=2)


def mirrored(pos: BackgammonPosition) -> BackgammonPosition:
    """``pos`` with the sides' roles swapped: White's checkers where Black's stood, on the
    points of the same numbers in their own numbering, and so the bar, trays, dice, cube,
    offer and score."""
    other = {"white": "black", "black": "white", "centre": "centre"}

    def flip(value: Side | str | None) -> str | None:
        return None if value is None else Side(value).other.value

    return BackgammonPosition(
        points=tuple(-n for n in reversed(pos.points)),
        bar=(pos.bar[1], pos.bar[0]),
        off=None if pos.off is None else (pos.off[1], pos.off[0]),
        to_move=flip(pos.to_move),
        dice=pos.dice,
        cube=pos.cube,
        cube_owner=other[pos.cube_owner],
        offered_by=flip(pos.offered_by),
        match_length=pos.match_length,
        score=(pos.score[1], pos.score[0]),
        crawford=pos.crawford,
    )


#: Positions seen from both sides: a bear-off with hits, Black entering from the bar against
#: White's cube, a double offered, an opening with a Black-owned cube, the Crawford game.
VIEWED = [
    (MID_XGID, "8/2* 6/1*", "white"),
    ("backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:1:-1:52:2:4:0:7:10", "", None),
    ("backgammon:XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10", "", None),
    ("backgammon:XGID=-b----E-C---eE---c-e----B-:1:-1:-1:64:0:0:0:0:10", "24/18 13/9", "white"),
    ("backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:52:4:2:1:5:10", "", None),
]


@pytest.mark.parametrize(("xgid", "turn", "mover"), VIEWED)
@pytest.mark.parametrize("sheet", [False, True])
def test_blacks_view_is_whites_view_of_the_mirrored_position(
    monkeypatch: pytest.MonkeyPatch, xgid: str, turn: str, mover: str | None, sheet: bool
) -> None:
    """Black's view of a position is, pixel for pixel, White's view of the position with the
    sides' roles swapped — once both sides' checkers look alike (the only thing that tells
    them apart): Black's checkers go round the board as White's do in White's view, its
    numbers where White's are, its row at the bottom of the caption."""
    from rendering import backgammon

    same = replace(
        LIGHT,
        black_fill=LIGHT.white_fill,
        black_outline=LIGHT.white_outline,
        black_detail=LIGHT.white_detail,
    )
    monkeypatch.setattr(backgammon, "get_theme", lambda name: same)
    pos = backgammon_position(xgid)
    steps, hits = backgammon_steps(turn) if turn else ([], [])
    names = ("Ann", "Bo")
    seen = backgammon.compose_backgammon(
        pos,
        last_move=steps,
        mover=mover,
        hits=hits,
        view="black",
        sheet_labels=sheet,
        caption=Caption(players=names, status="as seen"),
    )
    other = None if mover is None else ("black" if mover == "white" else "white")
    swapped = backgammon.compose_backgammon(
        mirrored(pos),
        last_move=steps,
        mover=other,
        hits=hits,
        view="white",
        sheet_labels=sheet,
        caption=Caption(players=(names[1], names[0]), status="as seen"),
    )
    if sheet:  # the game sheet's small print names White's points: compare the board alone
        box = backgammon_layout(sheet_labels=True).board_rect
        seen, swapped = seen.crop(box), swapped.crop(box)
    assert seen.size == swapped.size
    assert seen.tobytes() == swapped.tobytes()
    plain_view = backgammon.compose_backgammon(pos, last_move=steps, mover=mover, hits=hits)
    assert (
        plain_view.tobytes()
        != backgammon.compose_backgammon(
            pos, last_move=steps, mover=mover, hits=hits, view="black"
        ).tobytes()
    )


def test_blacks_view_shows_black_at_the_bottom_by_pixel() -> None:
    """On the decoded picture: in Black's view Black's stacks stand where White's do in
    White's view (its 6-point bottom right), the labels read from Black's side when Black
    is to move, and Black's dice are in the right half."""
    white = decode(render_backgammon(position(dice=(6, 1))))
    black = decode(render_backgammon(position(to_move="black", dice=(6, 1)), view="black"))
    swap = {"white": "black", "black": "white", "none": "none"}
    for p in range(1, 25):
        colour, height = stack(white, p)
        assert stack(black, p) == (swap[colour], height), p
    assert stack(black, 6) == ("black", 5) and stack(black, 24) == ("black", 2)
    assert alike(label_crop(black, 1), label_crop(white, 1))  # "1" bottom right for both
    a, b = LAY.dice_centres(0)  # the bottom player's dice: the right half
    assert ink_blobs(black, a, LAY.die, LIGHT.black_outline) == 6
    assert ink_blobs(black, b, LAY.die, LIGHT.black_outline) == 1
    # the caption's rows follow the board: Black's (to move) at the bottom
    assert row_accent(black, 1) > 0.5 and row_accent(black, 0) == 0
    with pytest.raises(ValueError, match="the view"):
        render_backgammon(BackgammonPosition(), view="red")


def test_a_tall_stack_shows_five_and_its_count_on_the_top_checker() -> None:
    tall = list(START_POINTS)
    tall[5], tall[12] = 8, 2  # 8 on White's 6-point (3 moved from the 13)
    img = decode(render_backgammon(position(points=tall)))
    assert stack(img, 6) == ("white", 5)
    top = around(img, LAY.checker_centre(6, 4), round(LAY.checker * 0.3))
    plain = around(img, LAY.checker_centre(6, 3), round(LAY.checker * 0.3))
    ink = LIGHT.white_outline
    assert share(top, ink, 40) > 0.04  # the "8" in dark ink on the top checker
    assert share(plain, ink, 40) < 0.01
    # five exactly: no number
    img5 = decode(render_backgammon(BackgammonPosition()))
    assert share(around(img5, LAY.checker_centre(6, 4), round(LAY.checker * 0.3)), ink, 40) < 0.01


def label_crop(img: Image.Image, point: int) -> Image.Image:
    cx, cy = LAY.label_centre(LAY.column(point), LAY.is_top(point))
    half_w, half_h = LAY.unit // 2, LAY.label_band // 2
    return img.crop(
        (round(cx) - half_w, round(cy) - half_h, round(cx) + half_w, round(cy) + half_h)
    )


def test_labels_follow_the_side_to_move() -> None:
    white = decode(render_backgammon(position(to_move="white")))
    black = decode(render_backgammon(position(to_move="black")))
    # White reads "1" at the bottom right and "24" at the top right; Black the other way round
    assert alike(label_crop(white, 1), label_crop(black, 24))
    assert alike(label_crop(white, 24), label_crop(black, 1))
    assert not alike(label_crop(white, 1), label_crop(white, 24))
    # the numbering can be chosen explicitly (e.g. after the game)
    fixed = decode(render_backgammon(position(to_move=None), numbering="black"))
    assert alike(label_crop(fixed, 1), label_crop(black, 1))


def test_sheet_labels_add_small_print() -> None:
    plain = decode(render_backgammon(BackgammonPosition()))
    sheet = decode(render_backgammon(BackgammonPosition(), sheet_labels=True))
    lay = backgammon_layout(sheet_labels=True)
    assert sheet.size[1] > plain.size[1]
    # the band above White's 24-point holds two lines of text ("24" and "1A")
    cx, cy = lay.label_centre(LAY.column(24), top=True)
    band = sheet.crop(
        (
            round(cx) - 20,
            round(cy - lay.label_band / 2),
            round(cx) + 20,
            round(cy + lay.label_band / 2),
        )
    )
    rows = [
        any(not close(band.getpixel((x, y)), LIGHT.background, 30) for x in range(band.width))
        for y in range(band.height)
    ]  # type: ignore[arg-type]
    runs = sum(1 for i, inked in enumerate(rows) if inked and (i == 0 or not rows[i - 1]))
    assert runs == 2


def ink_blobs(img: Image.Image, centre: tuple[float, float], size: int, ink: Colour) -> int:
    """Separate blobs of ``ink`` inside the face of a die centred on ``centre`` (its pips)."""
    inset = round(size * 0.16)
    x0, y0 = round(centre[0] - size / 2) + inset, round(centre[1] - size / 2) + inset
    w = size - 2 * inset
    mask = {
        (x, y)
        for x in range(w)
        for y in range(w)
        if close(img.getpixel((x0 + x, y0 + y)), ink, 60)  # type: ignore[arg-type]
    }
    blobs = 0
    while mask:
        blobs += 1
        todo = [mask.pop()]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in mask:
                    mask.remove(n)
                    todo.append(n)
    return blobs


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_dice_show_their_pips_in_the_movers_half(theme: str) -> None:
    pal = THEMES[theme]
    img = decode(render_backgammon(position(dice=(6, 1)), theme=theme))
    a, b = LAY.dice_centres(0)
    assert LAY.right_field[0] < a[0] < b[0] < LAY.right_field[2]  # White's dice: right half
    # a die, not felt (24: the pips' antialiased rims are 17 off the face before the palette)
    assert share(around(img, a, LAY.die // 3), pal.white_fill, 24) > 0.5
    assert ink_blobs(img, a, LAY.die, pal.white_outline) == 6
    assert ink_blobs(img, b, LAY.die, pal.white_outline) == 1
    doubles = decode(render_backgammon(position(to_move="black", dice=(3, 3)), theme=theme))
    a, b = LAY.dice_centres(1)
    assert b[0] < LAY.left_field[2]  # Black's: left half
    assert ink_blobs(doubles, a, LAY.die, pal.black_outline) == 3
    assert ink_blobs(doubles, b, LAY.die, pal.black_outline) == 3
    # before the roll: no dice, the felt shows
    none = decode(render_backgammon(position(dice=None)))
    assert share(around(none, LAY.dice_centres(0)[0], 8), LIGHT.felt) == 1


def cube_matches(img: Image.Image, centre: tuple[float, float], value: int) -> bool:
    """Does the picture show the cube with ``value`` centred on ``centre``?"""
    sprite = cube_sprite(value, LAY.cube, LIGHT)
    x0 = round(centre[0] - sprite.width / 2)
    y0 = round(centre[1] - sprite.height / 2)
    inner = round(LAY.cube * 0.12)
    hits = total = 0
    for x in range(inner, sprite.width - inner):
        for y in range(inner, sprite.height - inner):
            want = sprite.getpixel((x, y))[:3]  # type: ignore[index]
            total += 1
            hits += close(img.getpixel((x0 + x, y0 + y)), want, 40)  # type: ignore[arg-type]
    return hits / total > 0.97


@pytest.mark.parametrize(
    ("owner", "value", "where"), [("centre", 1, None), ("white", 2, 0), ("black", 8, 1)]
)
def test_cube_stands_at_its_owners_end_with_its_value(
    owner: str, value: int, where: int | None
) -> None:
    img = decode(render_backgammon(position(cube=value, cube_owner=owner)))
    shown = 64 if value == 1 else value
    places = {None: LAY.cube_centre(None), 0: LAY.cube_centre(0), 1: LAY.cube_centre(1)}
    for place, centre in places.items():
        assert cube_matches(img, centre, shown) is (place == where), (owner, place)
    assert LAY.cube_centre(0)[1] > LAY.middle > LAY.cube_centre(1)[1]  # White's end is low


def test_an_offered_double_stands_in_the_doublers_half_at_twice_the_value() -> None:
    pos = backgammon_position("backgammon:XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10")
    assert (pos.offered_by, pos.to_move, pos.cube) == ("white", "black", 2)
    img = decode(render_backgammon(pos))
    assert cube_matches(img, LAY.cube_centre(None, offered_by=0), 4)
    for place in (None, 0, 1):  # not in its column any more
        assert not cube_matches(img, LAY.cube_centre(place), 2)
        assert not cube_matches(img, LAY.cube_centre(place), 4)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_crawford_game_has_no_cube(theme: str) -> None:
    """Nobody may double in the Crawford game: its picture leaves the cube off (as gnubg
    does), the cube column bare frame; the game after it has the cube back."""
    pal = THEMES[theme]
    match = position(dice=(5, 2), match_length=5, score=(2, 4))
    cube = decode(render_backgammon(match, theme=theme))
    crawford = decode(render_backgammon(replace(match, crawford=True), theme=theme))
    centre = LAY.cube_centre(None)
    r = LAY.cube // 2
    assert around(cube, centre, r) != around(crawford, centre, r)
    assert share(around(crawford, centre, r), pal.frame) == 1
    assert share(around(cube, centre, r), pal.cube_face, 24) > 0.4
    for place in (0, 1):  # nor at either end of its column
        assert share(around(crawford, LAY.cube_centre(place), r), pal.frame) == 1
    after = decode(render_backgammon(replace(match, score=(3, 4)), theme=theme))
    assert around(after, centre, r) == around(cube, centre, r)


def test_bar_and_trays_hold_their_checkers_and_counts() -> None:
    pos = backgammon_position(MID_XGID)
    assert pos.bar == (0, 2) and pos.borne_off(Side.WHITE) == 3
    img = decode(render_backgammon(pos))
    # Black's two on the bar, in the bottom half; nothing of White's there
    assert [checker_at(img, LAY.bar_centre(1, i), LIGHT) for i in range(3)] == [
        "black",
        "black",
        "none",
    ]
    assert checker_at(img, LAY.bar_centre(0, 0), LIGHT) == "none"
    assert LAY.bar_centre(1, 0)[1] > LAY.middle > LAY.bar_centre(0, 0)[1]

    # White's tray (bottom): three slabs, then the empty tray; Black's tray empty
    def slab(side: int, i: int) -> Colour:
        x0, y0, x1, y1 = LAY.slab_rect(side, i)
        return img.getpixel((round((x0 + x1) / 2), round((y0 + y1) / 2)))  # type: ignore[return-value]

    assert [close(slab(0, i), LIGHT.white_fill) for i in range(5)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert not close(slab(1, 0), LIGHT.black_fill)
    # the count "3" on a pill in White's colours beside the trays
    pill = around(img, LAY.tray_count_centre(0), 6)
    assert share(pill, LIGHT.white_fill) > 0.3 and share(pill, LIGHT.white_outline, 40) > 0.05
    assert share(around(img, LAY.tray_count_centre(1), 6), LIGHT.black_fill) == 0
    # the rest of the board
    assert stack(img, 2) == ("white", 3) and stack(img, 19) == ("black", 4)


def test_a_stack_of_more_than_five_on_the_bar_is_counted() -> None:
    board = list(START_POINTS)
    board[18] = board[16] = 0  # Black's 6- and 8-points are on the bar instead
    img = decode(render_backgammon(position(points=board, bar=(0, 8), off=None)))
    assert [checker_at(img, LAY.bar_centre(1, i), LIGHT) for i in range(5)] == ["black"] * 5
    top = around(img, LAY.bar_centre(1, 4), round(LAY.checker * 0.3))
    assert share(top, LIGHT.black_outline, 40) > 0.04


def on_segment(
    img: Image.Image, a: tuple[float, float], b: tuple[float, float], colour: Colour
) -> float:
    """Share of points along a→b (middle 60 %) that show ``colour``."""
    samples = [(a[0] + (b[0] - a[0]) * t / 20, a[1] + (b[1] - a[1]) * t / 20) for t in range(4, 17)]
    return sum(close(img.getpixel((round(x), round(y))), colour, 30) for x, y in samples) / len(
        samples
    )  # type: ignore[arg-type]


def test_last_turn_is_drawn_as_arrows_from_ghosts_to_the_checkers() -> None:
    # White opened 6-1 with 13/7 8/7 (the position after it; Black to roll)
    after = "backgammon:XGID=-b----EBB---eD---c-e----B-:0:0:-1:00:0:0:0:0:10"
    steps, hits = backgammon_steps("13/7 8/7")
    assert (steps, hits) == ([(13, 7), (8, 7)], [])
    pos = backgammon_position(after)
    img = decode(render_backgammon(pos, last_move=steps))
    plain = decode(render_backgammon(pos))
    assert stack(img, 7) == ("white", 2) and stack(img, 13) == ("white", 4)
    orange = LIGHT.path_line
    first = (LAY.checker_centre(13, 4), LAY.checker_centre(7, 0))
    second = (LAY.checker_centre(8, 2), LAY.checker_centre(7, 1))
    for a, b in (first, second):
        assert on_segment(img, a, b, orange) > 0.6
        assert on_segment(plain, a, b, orange) == 0
    # a faint ghost where each checker stood: neither the point's colour nor a whole checker
    for vacated in (LAY.checker_centre(13, 4), LAY.checker_centre(8, 2)):
        ghost = around(img, vacated, 3)
        assert checker_at(img, vacated, LIGHT) == "none"
        assert around(plain, vacated, 3) != ghost


def test_steps_in_blacks_numbering_and_a_hit_from_the_bar() -> None:
    # Black entered with bar/22* (White's 3-point) hitting a blot, then 13/9
    board = points(p6=5, p8=3, p13=5, p24=1, p3=-1, p16=-1, p12=-4, p19=-5, p17=-3, p1=-1)
    pos = position(points=board, bar=(1, 0), to_move="white", dice=(5, 2))
    steps, hits = backgammon_steps("bar/22* 13/9")
    img = decode(render_backgammon(pos, last_move=steps, hits=hits))
    orange = LIGHT.path_line
    assert on_segment(img, LAY.bar_centre(1, 0), LAY.checker_centre(3, 0), orange) > 0.6
    assert on_segment(img, LAY.checker_centre(12, 4), LAY.checker_centre(16, 0), orange) > 0.6
    # the blot that was hit: a ✕ beside the checker that hit it, White on the bar
    mark = around(img, LAY.checker_centre(3, 1), round(LAY.checker * 0.3))
    assert share(mark, LIGHT.captured, 40) > 0.05
    assert checker_at(img, LAY.bar_centre(0, 0), LIGHT) == "white"
    assert stack(img, 3) == ("black", 1)


def test_bearing_off_arrows_end_in_the_tray() -> None:
    pos = backgammon_position(MID_XGID)
    img = decode(render_backgammon(pos, last_move=[(6, 0)], mover=Side.WHITE))
    x0, y0, x1, y1 = LAY.slab_rect(0, 2)  # the third checker off is the one just borne off
    tip = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert on_segment(img, LAY.checker_centre(6, 1), tip, LIGHT.path_line) > 0.5


def test_caption_pips_and_score_change_the_picture() -> None:
    pos = backgammon_position(MID_XGID)
    assert (pos.pips(Side.WHITE), pos.match_length, pos.score) == (37, 7, (2, 4))
    assert BackgammonPosition().pips(Side.BLACK) == 167
    a = decode(render_backgammon(pos, caption=Caption(players=("Ann", "Bo"))))
    b = decode(render_backgammon(pos, pips=(36, 121), caption=Caption(players=("Ann", "Bo"))))
    top = LAY.caption_rect[1]
    assert alike(a.crop((0, 0, a.width, top)), b.crop((0, 0, b.width, top)))
    assert not alike(a.crop((0, top, a.width, a.height)), b.crop((0, top, b.width, b.height)))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"points": (0,) * 23}, "24 points"),
        ({"points": points(p6=16)}, "16 checkers"),
        ({"dice": (7, 1)}, "dice are 1–6"),
        ({"cube": 3}, "power of two"),
        ({"cube_owner": "me"}, "owner"),
        ({"to_move": "red"}, "side to move"),
        ({"bar": (16, 0)}, "0–15"),
    ],
)
def test_what_cannot_be_drawn_is_refused_with_the_reason(
    changes: dict[str, object], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        render_backgammon(position(**changes))


def test_bad_steps_and_xgids_are_refused() -> None:
    with pytest.raises(ValueError, match="not a point of a step"):
        render_backgammon(BackgammonPosition(), last_move=[(26, 20)])
    with pytest.raises(ValueError, match="not a backgammon step"):
        backgammon_steps("24-18")
    with pytest.raises(ValueError, match="not an XGID"):
        backgammon_position("backgammon:XGID=-b----E-C")
    with pytest.raises(ValueError, match="mover"):
        render_backgammon(position(to_move=None), last_move=[(24, 18)])


def test_xgid_reading_matches_the_start_and_the_turn_text() -> None:
    start = backgammon_position(START_XGID)
    assert start.points == START_POINTS and start.to_move == "white" and start.cube == 1
    assert backgammon_position(START_XGID.removeprefix("backgammon:")) == start
    assert backgammon_steps("24/18/13 8/5(2) 6/off bar/20*") == (
        [(24, 18), (18, 13), (8, 5), (8, 5), (6, 0), (25, 20)],
        [20],
    )


def test_command_line_draws_an_xgid(tmp_path: Path) -> None:
    out = tmp_path / "bg.png"
    code = main(
        [
            "--backgammon",
            MID_XGID,
            "--last-move",
            "8/2* 6/1*",
            "--theme",
            "dark",
            "--sheet-labels",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    with Image.open(out) as img:
        assert img.size == backgammon_layout(sheet_labels=True).image_size
    # --view black: Black's 6-point stack bottom right
    assert main(["--backgammon", START_XGID, "--view", "black", "-o", str(out)]) == 0
    assert stack(decode(out.read_bytes()), 6) == ("black", 5)
    assert main(["--backgammon", "XGID=nonsense", "-o", str(out)]) == 2


def test_layout_is_shared_and_checked() -> None:
    assert backgammon_layout() is backgammon_layout()
    assert isinstance(LAY, BackgammonLayout)
    with pytest.raises(ValueError, match="too small"):
        backgammon_layout(8)


def row_accent(img: Image.Image, row: int) -> float:
    """Share of the accent colour along the middle of caption row ``row`` (0 = top row)."""
    gap = LAY.pad // 2
    top = LAY.caption_rect[1] + gap + LAY.caption_row * (row + 1) + gap
    mid = round(top + (LAY.caption_row - gap // 2) / 2)
    left, _, right, _ = LAY.board_rect
    line = [img.getpixel((x, mid)) for x in range(left, right)]
    return share(line, LIGHT.accent)  # type: ignore[arg-type]


def test_after_the_game_the_winner_is_highlighted_and_no_dice_are_shown() -> None:
    board = points(p6=-3, p19=-5, p21=-7)  # White has borne off all 15; Black none
    over = position(points=board, to_move=None, dice=None, match_length=5, score=(4, 1))
    img = decode(
        render_backgammon(
            over,
            last_move=[(2, 0), (1, 0)],
            mover="white",
            caption=Caption(players=("Ann", "Bo"), winner="white", status="Ann wins a gammon"),
        )
    )
    # White's row (the lower) has the gold band and the trophy, no row is "to move"
    assert row_accent(img, 1) == 0 and row_accent(img, 0) == 0
    assert row_share(img, LAY, 1, LIGHT.win_band) > 0.5 and trophy_in_row(img, LAY, 1, LIGHT)
    assert not trophy_in_row(img, LAY, 0, LIGHT) and banner_share(img, LAY, LIGHT) > 0.9
    for side in (0, 1):
        for centre in LAY.dice_centres(side):
            assert share(around(img, centre, 8), LIGHT.felt) == 1
    x0, y0, x1, y1 = LAY.slab_rect(0, 10)  # the tray is full (14 and 13 hold the arrows)
    assert close(img.getpixel((round((x0 + x1) / 2), round((y0 + y1) / 2))), LIGHT.white_fill)  # type: ignore[arg-type]
    playing = decode(render_backgammon(position(to_move="black", dice=(2, 1))))
    assert row_accent(playing, 0) > 0.5 and row_accent(playing, 1) == 0  # Black to move: top


def _status_strip(img: Image.Image) -> bytes:
    from rendering.caption import status_box

    return img.crop(status_box(LAY)).tobytes()


def _row_strip(img: Image.Image, index: int) -> bytes:
    from rendering.caption import row_box

    return img.crop(row_box(LAY, index)).tobytes()


def test_the_match_is_in_the_score_rows_not_in_the_status_line() -> None:
    """The status line holds the action alone (who plays which dice, the double): a match's
    length and its Crawford game are in the players' rows, with their score."""
    names = Caption(players=("Ann", "Bo"))
    single = decode(render_backgammon(position(dice=(5, 2)), caption=names))
    match = position(dice=(5, 2), match_length=5, score=(2, 4))
    in_match = decode(render_backgammon(match, caption=names))
    crawford_named = decode(render_backgammon(replace(match, crawford=True), caption=names))
    # the same status line in a single game as in a match, Crawford or not
    assert _status_strip(single) == _status_strip(in_match) == _status_strip(crawford_named)
    # both rows carry the score "n/5"; the Crawford mark only the leader's (Black, 4: top)
    for row in (0, 1):
        assert _row_strip(single, row) != _row_strip(in_match, row)
    assert _row_strip(in_match, 0) != _row_strip(crawford_named, 0)
    assert _row_strip(in_match, 1) == _row_strip(crawford_named, 1)
    # a double offered: the offer and the question, nothing before them
    offered = position(to_move="white", offered_by="black", cube=2, match_length=5)
    alone = position(to_move="white", offered_by="black", cube=2)
    assert _status_strip(decode(render_backgammon(offered, caption=names))) == _status_strip(
        decode(render_backgammon(alone, caption=names))
    )
