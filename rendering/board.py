"""The board background: margins, frame, squares and edge labels, cached per layout and theme.

None of this changes between moves, so it is drawn once per (board size, view, square size,
theme) and each picture starts from a copy of it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules import Square
from rules.geometry import FILES, square_file, square_rank

from .layout import Layout
from .text import draw_text, font
from .theme import RGB, Theme


def square_colour(square: Square, theme: Theme) -> RGB:
    """Colour of the empty ``square``: a1 is dark, as on a chess board."""
    dark = (square_file(square) + square_rank(square)) % 2 == 0
    return theme.dark_square if dark else theme.light_square


def label_font_size(lay: Layout) -> int:
    """Coordinates at ~22 % of the text unit (:attr:`Layout.label_size`)."""
    return lay.label_size


@lru_cache(maxsize=32)
def board_background(lay: Layout, theme: Theme) -> Image.Image:
    """The empty board with its frame and labels (RGB; copy it before drawing on it).

    A layout without ``edge_labels`` gets no file letters and rank numbers; the others get
    them in the bands left of and under the board (:attr:`Layout.label_band`).
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
    _edge_labels(draw, lay, theme)
    return img


def _edge_labels(draw: ImageDraw.ImageDraw, lay: Layout, theme: Theme) -> None:
    """The rank numbers centred in the band left of the board, each on its row, and the file
    letters centred in the band under it, each under its column: in the theme's label colour
    on the picture's background, where no piece can cover them."""
    f = font(label_font_size(lay))
    left, top, _, bottom = lay.board_rect
    fw = lay.frame_width
    x = (left - fw) / 2
    for row in range(lay.ranks):
        y = top + row * lay.square + lay.square / 2
        draw_text(
            draw, (x, y), str(lay.rank_at_row(row) + 1), f, theme.label, align="center", bold=True
        )
    y = bottom + fw + (lay.label_band - fw) / 2
    for col in range(lay.files):
        x = left + col * lay.square + lay.square / 2
        draw_text(
            draw, (x, y), FILES[lay.file_at_column(col)], f, theme.label, align="center", bold=True
        )
