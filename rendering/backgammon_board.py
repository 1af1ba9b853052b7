"""The empty backgammon board: frame, fields, the 24 points, trays and point labels (cached).

Only the labels depend on the position (they follow the side to move), and the layout on the
side seen at the bottom, so there are at most four backgrounds per size and theme, and each
picture starts from a copy of one.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules import Side

from .backgammon_layout import BackgammonLayout
from .backgammon_sprites import triangle_mask
from .text import draw_text, font
from .theme import Theme, mix


def label_font_size(lay: BackgammonLayout) -> int:
    return max(10, round(lay.unit * 0.4))


def point_label(white_point: int, numbering: Side) -> int:
    """The number a player of ``numbering`` calls White's ``white_point``."""
    return white_point if numbering is Side.WHITE else 25 - white_point


def sheet_label(white_point: int) -> str:
    """The game sheet's name of White's point: 1–12 as White counts, 1A–12A beyond
    (White's 24-point is 1A, its 13-point 12A)."""
    return str(white_point) if white_point <= 12 else f"{25 - white_point}A"


@lru_cache(maxsize=16)
def backgammon_background(lay: BackgammonLayout, theme: Theme, numbering: Side) -> Image.Image:
    """The empty board with its points and labels from ``numbering``'s side (cached), each
    point where ``lay`` puts it (mirrored in Black's view, the text upright)."""
    img = Image.new("RGB", lay.image_size, theme.background)
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = lay.board_rect
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=theme.frame)
    for fx0, fy0, fx1, fy1 in (lay.left_field, lay.right_field):
        draw.rectangle((fx0, fy0, fx1 - 1, fy1 - 1), fill=theme.felt)
    tray_fill = mix(theme.frame, theme.felt, 0.4)
    for side in (0, 1):
        tx0, ty0, tx1, ty1 = lay.tray_rect(side)
        draw.rectangle((tx0, ty0, tx1 - 1, ty1 - 1), fill=tray_fill)
    big = label_font_size(lay)
    small = max(9, round(lay.unit * 0.26))
    for p in range(1, 25):
        px0, py0, px1, py1 = lay.point_rect(p)
        top = lay.is_top(p)
        colour = theme.point_a if (lay.column(p) + top) % 2 == 0 else theme.point_b
        mask = triangle_mask(px1 - px0, py1 - py0, top)
        img.paste(colour, (px0, py0), mask)
        cx, cy = lay.label_centre(lay.column(p), top)
        if lay.sheet_labels:
            # the player's number next to the board, the sheet's name outside it
            shift = lay.label_band * 0.22
            draw_text(
                draw,
                (cx, cy + (shift if top else -shift)),
                str(point_label(p, numbering)),
                font(big),
                theme.label,
                align="center",
                bold=True,
            )
            draw_text(
                draw,
                (cx, cy - (shift * 1.6 if top else -shift * 1.6)),
                sheet_label(p),
                font(small),
                theme.muted_text,
                align="center",
            )
        else:
            draw_text(
                draw,
                (cx, cy),
                str(point_label(p, numbering)),
                font(big),
                theme.label,
                align="center",
                bold=True,
            )
    return img
