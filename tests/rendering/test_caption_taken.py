"""Taken pieces in the caption (issue 32): one icon per kind with "×N" on a dark chip instead
of N overlapping icons nobody can count, and white icons outlined so they stand out on the
cream strip. Checked on decoded pictures."""

from __future__ import annotations

from PIL import Image

import rules
from rendering import render_board
from rendering.caption import (
    COUNT_CHIP,
    COUNT_TEXT,
    ICON_OUTLINE,
    count_chip,
    row_box,
    taken_strip,
)
from rendering.chess_pieces import chess_sprite
from rendering.layout import layout
from rendering.sprites import piece_sprite
from rendering.theme import contrast_ratio, get_theme
from rules import Side

from .render_pixels import close, decode

LIGHT = get_theme("light")


def _schadler(black_left: int) -> Image.Image:
    """A schadler board with two white counters left (Black took 14) and ``black_left``
    black ones (White took 16 - ``black_left``); White to move, White's row the lower one."""
    black = "c" * black_left
    position = rules.parse_position(
        f"schadler:C7/8/8/8/8/8/8/{black}{8 - black_left - 1}C w hand=0,0"
    )
    return decode(render_board(position, players=("Alice", "Bob")))


def _pixels(
    img: Image.Image, box: tuple[int, int, int, int]
) -> list[tuple[int, tuple[int, int, int]]]:
    """(x, colour) of every pixel in ``box``."""
    left, top, right, bottom = box
    return [(x, img.getpixel((x, y))) for y in range(top, bottom) for x in range(left, right)]  # type: ignore[misc]


def _notes_box(index: int) -> tuple[int, int, int, int]:
    """The right half of player row ``index`` (0: the top one), where the notes are."""
    left, top, right, bottom = row_box(layout(8, 8), index)
    return ((left + right) // 2, top, right, bottom)


def test_fourteen_counters_taken_show_as_one_icon_and_a_times_14_chip() -> None:
    img = _schadler(2)
    box = _notes_box(0)  # Bob's row: the white counters Black took, on the cream strip
    pixels = _pixels(img, box)
    chip = [x for x, c in pixels if close(c, COUNT_CHIP, 6)]
    assert len(chip) > 60, len(chip)
    x0, x1 = min(chip), max(chip)
    # the chip's words: white ink inside it (the cream strip is not that white)
    assert any(x0 < x < x1 and close(c, COUNT_TEXT, 6) for x, c in pixels)
    # one icon and its chip, not fourteen overlapping icons (139 px before)
    ink = [x for x, c in pixels if not close(c, LIGHT.background, 10)]
    assert max(ink) - min(ink) < 70, (min(ink), max(ink))
    # the count is what changes from 14 to 13 taken: only inside White's row's chip
    left, top, right, bottom = _notes_box(1)
    a, b = _schadler(2), _schadler(3)
    diff = [
        x
        for y in range(top, bottom)
        for x in range(left, right)
        if not close(a.getpixel((x, y)), b.getpixel((x, y)), 30)  # type: ignore[arg-type]
    ]
    white_chip = [x for x, c in _pixels(a, (left, top, right, bottom)) if close(c, COUNT_CHIP, 6)]
    assert diff and min(white_chip) <= min(diff) and max(diff) <= max(white_chip)


def test_white_icons_are_outlined_with_contrast_on_the_cream_strip() -> None:
    assert contrast_ratio(LIGHT.white_fill, LIGHT.background) < 1.2  # why: 1.05 alone
    assert contrast_ratio(ICON_OUTLINE, LIGHT.background) >= 3
    assert contrast_ratio(ICON_OUTLINE, LIGHT.win_band) >= 3
    assert contrast_ratio(ICON_OUTLINE, LIGHT.white_fill) >= 3
    img = _schadler(2)
    pixels = _pixels(img, _notes_box(0))
    outline = [x for x, c in pixels if close(c, ICON_OUTLINE, 8)]
    fill = [x for x, c in pixels if close(c, LIGHT.white_fill, 6)]
    assert len(outline) > 30 and fill
    # the counter's left edge, away from the chip: the outline just outside its fill
    assert min(fill) - 3 <= min(outline) < min(fill)
    # a black icon needs none: its strip is the same size as the icon
    strip = taken_strip("c", 22, lambda k, s: piece_sprite("C", Side.BLACK, False, s, LIGHT), "C")
    assert strip is not None and strip.size == (22, 22)
    white = taken_strip("c", 22, lambda k, s: piece_sprite("C", Side.WHITE, False, s, LIGHT), "C")
    assert white is not None and white.size == (26, 26)


def test_a_strip_orders_kinds_and_counts_alike_ones() -> None:
    def piece(letter: str, size: int) -> Image.Image:
        return chess_sprite(letter, size, LIGHT)

    one = taken_strip("q", 20, piece, "QRBNPqrbnp")
    many = taken_strip("pqpp", 20, piece, "QRBNPqrbnp")
    assert one is not None and many is not None
    chip = count_chip(3, 14)
    assert many.width == one.width + round(20 * 0.18) + 20 + chip.width - 5
    assert taken_strip("", 20, piece, "QRBNPqrbnp") is None
    assert count_chip(14, 14).width > count_chip(3, 14).width
