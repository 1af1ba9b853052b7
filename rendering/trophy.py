"""The trophy beside a finished game's winner: a cup drawn with Pillow shapes, cached per size.

Drawn, not a font glyph: the shipped fonts have no emoji, and a shape of its own (a cup with
handles on a foot) says "winner" apart from any colour.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .sprites import SUPERSAMPLE, downscale
from .theme import Theme


@lru_cache(maxsize=16)
def trophy_sprite(size: int, theme: Theme) -> Image.Image:
    """RGBA ``size`` × ``size`` picture of a gold cup with a dark edge (readable on the gold
    band of the winner's row, on the banner and on the page)."""
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)

    def s(x: float, y: float) -> tuple[float, float]:
        return (x * big, y * big)

    edge = max(2, round(big * 0.06))
    for colour, grow in ((theme.trophy_edge, edge), (theme.trophy, 0)):
        fill = (*colour, 255)
        g = grow
        # handles: rings either side of the bowl
        for cx in (0.2, 0.8):
            x, y = s(cx, 0.34)
            r = big * 0.15
            draw.ellipse(
                (x - r - g, y - r - g, x + r + g, y + r + g),
                outline=fill,
                width=round(big * 0.07 + 2 * g),
            )
        # the bowl: a half disc under a flat rim
        x0, y0 = s(0.22, 0.02)
        x1, y1 = s(0.78, 0.62)
        draw.pieslice((x0 - g, y0 - g, x1 + g, y1 + g), 0, 180, fill=fill)
        draw.rectangle((x0 - g, s(0, 0.1)[1] - g, x1 + g, s(0, 0.33)[1] + g), fill=fill)
        # stem and foot
        draw.rectangle((*s(0.44, 0.6), *s(0.56, 0.8)), fill=fill)
        draw.rectangle(
            (s(0.26, 0)[0] - g, s(0, 0.8)[1] - g, s(0.74, 0)[0] + g, s(0, 0.94)[1] + g), fill=fill
        )
        if g:
            draw.rectangle(
                (s(0.44, 0)[0] - g, s(0, 0.6)[1], s(0.56, 0)[0] + g, s(0, 0.8)[1]), fill=fill
            )
    return downscale(img, size)
