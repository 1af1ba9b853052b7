"""Latrunculi's capture and release marks and the last-move tint, read as a colour-blind player
would: by shape and lightness, not by hue alone. Everything is measured on rendered pixels.
"""

from __future__ import annotations

import math

import pytest
from PIL import Image

import rules
from rendering import THEMES, layout, render_board
from rendering.board import square_colour
from rules import Move, MoveKind, MoveResult, Side, parse_square

from .render_pixels import DEUTERANOPIA, Colour, Lab, close, contrast, decode, seen

# soldiers on c3 / c5 (dark squares) and d3 / d5 (light squares); Black's a8-a7 is the move
POSITION = rules.parse_position("classic:s7/8/8/2ss4/8/2ss4/8/3e3E w")
DARK_SQ = {"capture": "c3", "release": "c5"}
LIGHT_SQ = {"capture": "d3", "release": "d5"}
MOVE = Move(MoveKind.MOVE, (parse_square("a8"), parse_square("a7")))
MARKED = MoveResult(
    MOVE,
    Side.BLACK,
    captured=(parse_square("c3"), parse_square("d3")),
    released=(parse_square("c5"), parse_square("d5")),
)
PLAIN = MoveResult(MOVE, Side.BLACK)
LAY = layout(8, 8)


def _pictures(theme: str) -> tuple[Image.Image, Image.Image]:
    marked = decode(render_board(POSITION, last_move=MARKED, theme=theme))
    plain = decode(render_board(POSITION, last_move=PLAIN, theme=theme))
    return marked, plain


def _mark_mask(marked: Image.Image, plain: Image.Image, name: str) -> set[tuple[int, int]]:
    """Pixels of square ``name`` (relative to its corner) that the mark changed.

    Two PNGs may get slightly different palettes, so "changed" allows a small difference.
    """
    x0, y0, x1, y1 = LAY.square_rect(parse_square(name))
    return {
        (x - x0, y - y0)
        for x in range(x0, x1)
        for y in range(y0, y1)
        if not close(marked.getpixel((x, y)), plain.getpixel((x, y)), 12)  # type: ignore[arg-type]
    }


def _cross_section(img: Image.Image, name: str) -> list[Colour]:
    """The middle row of square ``name`` from its left edge to its centre (crosses the mark)."""
    x0, y0, _, _ = LAY.square_rect(parse_square(name))
    y = y0 + LAY.square // 2
    return [img.getpixel((x, y)) for x in range(x0, x0 + LAY.square // 2)]  # type: ignore[misc]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_capture_and_release_marks_have_different_shapes(theme: str) -> None:
    marked, plain = _pictures(theme)
    for squares in (DARK_SQ, LIGHT_SQ):
        cap = _mark_mask(marked, plain, squares["capture"])
        rel = _mark_mask(marked, plain, squares["release"])
        assert cap and rel
        assert len(cap & rel) / len(cap | rel) < 0.5  # not the same outline in another colour
        s = LAY.square
        # the capture frame is dashed: along its top side the mark breaks off at least twice
        row = [(x, 3) in cap for x in range(s)]
        gaps = sum(1 for a, b in zip(row, row[1:], strict=False) if a and not b)
        assert gaps >= 2, (theme, squares)
        # the release mark is a solid ring: unbroken on a circle, clear of the square's corners
        r = s * 0.45
        c = s / 2
        on_ring = [
            (round(c + r * math.cos(t / 36 * math.pi)), round(c + r * math.sin(t / 36 * math.pi)))
            for t in range(72)
        ]
        assert all(p in rel for p in on_ring), (theme, squares)
        assert (2, 2) not in rel and (2, 2) in cap


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("mark", ["capture", "release"])
def test_marks_stand_out_at_3_to_1_on_light_and_dark_squares(theme: str, mark: str) -> None:
    marked, plain = _pictures(theme)
    pal = THEMES[theme]
    for squares in (DARK_SQ, LIGHT_SQ):
        name = squares[mark]
        ground = square_colour(parse_square(name), pal)
        # across the mark's stroke there is a band at least 2 px wide at >= 3:1 to the square
        section = [contrast(p, ground) >= 3.0 for p in _cross_section(marked, name)]
        run = best = 0
        for ok in section:
            run = run + 1 if ok else 0
            best = max(best, run)
        assert best >= 2, (
            theme,
            mark,
            name,
            [round(contrast(p, ground), 2) for p in _cross_section(marked, name)],
        )
        # and most of what the mark draws clears 3:1 (the rest is its coloured core)
        x0, y0, _, _ = LAY.square_rect(parse_square(name))
        pixels = [marked.getpixel((x0 + x, y0 + y)) for x, y in _mark_mask(marked, plain, name)]
        strong = sum(contrast(p, ground) >= 3.0 for p in pixels)  # type: ignore[arg-type]
        assert strong / len(pixels) >= 0.4, (theme, mark, name)


def _seen_by_deuteranope(c: Colour) -> Lab:
    return seen(c, DEUTERANOPIA)


def _core_colour(img: Image.Image, name: str) -> Colour:
    """The most colourful pixel across the mark's stroke: its coloured core."""
    return max(_cross_section(img, name), key=lambda p: max(p) - min(p))


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_mark_colours_stay_apart_for_a_deuteranope(theme: str) -> None:
    marked, _ = _pictures(theme)
    for squares in (DARK_SQ, LIGHT_SQ):
        cap = _seen_by_deuteranope(_core_colour(marked, squares["capture"]))
        rel = _seen_by_deuteranope(_core_colour(marked, squares["release"]))
        assert math.dist(cap, rel) >= 30, (theme, squares, cap, rel)


def test_the_old_red_green_pair_would_not_pass() -> None:
    """The measure above is strict enough: the red/green pair the marks had fails it."""
    assert math.dist(_seen_by_deuteranope((214, 36, 48)), _seen_by_deuteranope((34, 160, 72))) < 30


def _lightness(c: Colour) -> float:
    return seen(c)[0]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_last_move_tint_changes_light_and_dark_squares_alike(theme: str) -> None:
    """a8 is a light square, a7 a dark one: both must visibly change lightness."""
    pal = THEMES[theme]
    img = decode(render_board(POSITION, last_move=PLAIN, theme=theme))
    changes = []
    for name in ("a8", "a7"):
        sq = parse_square(name)
        x0, y0, _, _ = LAY.square_rect(sq)
        tinted = img.getpixel((x0 + 4, y0 + 4))
        changes.append(abs(_lightness(tinted) - _lightness(square_colour(sq, pal))))  # type: ignore[arg-type]
    assert min(changes) >= 6, changes
    assert max(changes) <= 2.5 * min(changes), changes
