"""The board background: margins, frame, squares and edge labels, cached per layout and theme.

None of this changes between moves, so it is drawn once per (board size, view, square size,
theme) and each picture starts from a copy of it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules import Square
from rules.geometry import FILES, make_square, square_file, square_rank

from .layout import Layout
from .text import draw_text, font
from .theme import RGB, Theme, mix


def square_colour(square: Square, theme: Theme) -> RGB:
    """Colour of the empty ``square``: a1 is dark, as on a chess board."""
    dark = (square_file(square) + square_rank(square)) % 2 == 0
    return theme.dark_square if dark else theme.light_square


def label_font_size(lay: Layout) -> int:
    """Coordinates at ~22 % of a square: small print in a corner, about 9 px after a phone
    scales the picture down (as lichess's)."""
    return max(9, round(lay.text_unit * 0.22))


def _label_ink(square: Square, theme: Theme) -> RGB:
    """A coordinate's colour: the other square colour, darkened on light squares."""
    own = square_colour(square, theme)
    if own == theme.light_square:
        return mix(theme.dark_square, theme.label, 0.35)
    return mix(theme.light_square, (255, 255, 255), 0.2)


@lru_cache(maxsize=32)
def board_background(lay: Layout, theme: Theme) -> Image.Image:
    """The empty board with its frame and labels (RGB; copy it before drawing on it).

    A layout without ``edge_labels`` gets no file letters and rank numbers.
    """
    img = Image.new("RGB", lay.image_size, theme.background)
    draw = ImageDraw.Draw(img)
    left, top, right, bottom = lay.board_rect
    fw = lay.frame_width
    draw.rectangle((left - fw, top - fw, right + fw - 1, bottom + fw - 1), fill=theme.frame)
    for sq in lay.squares():
        x0, y0, x1, y1 = lay.square_rect(sq)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=square_colour(sq, theme))
    if not lay.edge_labels:
        return img

    # inside the edge squares, as on lichess: file letters in the bottom-right corner of the
    # bottom row, rank numbers in the top-left corner of the left column, each in the other
    # square colour (readable on both), clear of a piece's disc
    f = font(label_font_size(lay))
    inset = max(2, round(lay.square * 0.05))
    ascent = f.getbbox("0", anchor="lm")
    half = (ascent[3] - ascent[1]) / 2
    bottom_row = lay.ranks - 1
    for col in range(lay.files):
        sq = make_square(lay.file_at_column(col), lay.rank_at_row(bottom_row))
        x0, y0, x1, y1 = lay.square_rect(sq)
        draw_text(
            draw,
            (x1 - inset, y1 - inset - half),
            FILES[lay.file_at_column(col)],
            f,
            _label_ink(sq, theme),
            align="right",
            bold=True,
        )
    for row in range(lay.ranks):
        sq = make_square(lay.file_at_column(0), lay.rank_at_row(row))
        x0, y0, x1, y1 = lay.square_rect(sq)
        draw_text(
            draw,
            (x0 + inset, y0 + inset + half),
            str(lay.rank_at_row(row) + 1),
            f,
            _label_ink(sq, theme),
            bold=True,
        )
    return img
