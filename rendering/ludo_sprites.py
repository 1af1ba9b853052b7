"""Ludo sprites: tokens in four colours that colour-blind players can still tell apart.

The four colours differ in lightness as well as hue (yellow lightest, then green, red and
blue darkest but far apart on the blue–yellow axis that deuteranopes and protanopes keep), and
every token carries its colour's letter, so nobody has to tell red from green by hue alone.
Like the other games' pieces they look the same in every theme, and they are drawn
supersampled and cached per size.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .marks import ghost
from .sprites import SUPERSAMPLE
from .text import draw_text, font
from .theme import RGB

#: (fill, ink) per colour letter: ink is the letter's colour and the token's rim.
TOKEN_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "R": ((206, 44, 44), (255, 255, 255)),
    "B": ((32, 92, 206), (255, 255, 255)),
    "Y": ((250, 208, 44), (34, 30, 26)),
    "G": ((46, 170, 108), (20, 28, 24)),
}
NAMES = {"R": "Red", "B": "Blue", "Y": "Yellow", "G": "Green"}
#: The rim round every token: dark, so the light tokens stand out on light fields too.
RIM: RGB = (28, 24, 22)


@lru_cache(maxsize=32)
def token_sprite(colour: str, size: int) -> Image.Image:
    """A ``colour`` token ``size`` px across: a disc with a dark rim, an inner ring and the
    colour's letter (RGBA)."""
    fill, ink = TOKEN_COLOURS[colour]
    s = SUPERSAMPLE
    big = size * s
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    rim = max(s, round(big * 0.06))
    draw.ellipse((0, 0, big - 1, big - 1), fill=(*RIM, 255))
    draw.ellipse((rim, rim, big - 1 - rim, big - 1 - rim), fill=(*fill, 255))
    ring = big * 0.14
    draw.ellipse(
        (ring, ring, big - 1 - ring, big - 1 - ring),
        outline=(*ink, 150),
        width=max(s, round(big * 0.025)),
    )
    small = img.convert("RGBa").resize((size, size), Image.Resampling.LANCZOS).convert("RGBA")
    f = font(max(8, round(size * 0.5)))
    draw_text(
        ImageDraw.Draw(small), (size / 2, size / 2), colour, f, ink, align="center", bold=True
    )
    return small


@lru_cache(maxsize=32)
def ghost_token(colour: str, size: int) -> Image.Image:
    """A knocked token, faint, where it stood before it went back to its base."""
    return ghost(token_sprite(colour, size), 0.45)


@lru_cache(maxsize=16)
def knocked_token(colour: str, size: int) -> Image.Image:
    """A token a move knocked back to its base, where it stood: paler than a token but plain
    to see (the picture crosses it out)."""
    return ghost(token_sprite(colour, size), 0.62)
