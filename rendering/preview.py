"""The Move picker's private preview: the chosen piece ringed, its legal destinations marked
with the numbers of the menu's options, over the game's own board picture.

Shapes as well as colours: a ring (not a fill) round the piece, numbered discs on the
destinations, each with a dark edge so it reads on light and dark squares alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules import Square

from .layout import Layout
from .marks import badge
from .theme import Theme


def numbers_text(numbers: Sequence[int]) -> str:
    """A destination's badge: ``3``, or ``3-6`` for several options landing there (a chess
    promotion's four pieces), ``3+`` for options that are not consecutive."""
    first, last = min(numbers), max(numbers)
    if first == last:
        return str(first)
    if last - first + 1 == len(numbers):
        return f"{first}-{last}"
    return f"{first}+"


def mark_choices(
    img: Image.Image,
    lay: Layout,
    theme: Theme,
    origin: Square | None,
    targets: Sequence[Square],
) -> None:
    """Ring ``origin`` and put option numbers 1, 2, … on ``targets`` (the destination of each
    menu option, in the menu's order; several options may share a square)."""
    draw = ImageDraw.Draw(img)
    size = lay.square
    # local import: board imports layout only, no cycle, but keep the module light to load
    from .board import square_colour
    from .theme import edge_for

    if origin is not None:
        cx, cy = lay.square_center(origin)
        r = size * 0.47
        for colour, width in ((theme.mark_shadow, 0.11), (theme.accent, 0.07)):
            w = max(2, round(size * width))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=w)
    shown: dict[Square, list[int]] = {}
    for i, sq in enumerate(targets, start=1):
        shown.setdefault(sq, []).append(i)
    for sq, numbers in shown.items():
        cx, cy = lay.square_center(sq)
        text = numbers_text(numbers)
        radius = size * (0.24 if len(text) <= 2 else 0.3)
        badge(
            draw,
            (cx, cy),
            radius,
            text,
            fill=theme.accent,
            edge=edge_for(square_colour(sq, theme), theme),
            ink=theme.accent_text,
        )
