"""Backgammon sprites: checkers, dice, the doubling cube and the points' triangles.

Drawn supersampled and cached per size and theme like the other games' pieces, so a picture
costs a few pastes. A checker is the draughts man's disc (the same ivory and near-black in
every theme, with contrasting rims); a die takes its player's checker colours.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules import Side

from .backgammon_layout import BackgammonLayout
from .marks import ghost
from .sprites import SUPERSAMPLE, piece_sprite
from .text import draw_text, font
from .theme import RGB, Theme


def checker_sprite(side: Side, lay: BackgammonLayout, theme: Theme) -> Image.Image:
    """A checker: the draughts man's disc, sized so its disc is ``lay.checker`` across."""
    return piece_sprite("S", side, False, sprite_size(lay), theme)


def sprite_size(lay: BackgammonLayout) -> int:
    # piece sprites draw their disc at 80 % of the sprite's edge
    return round(lay.checker / 0.8)


@lru_cache(maxsize=8)
def ghost_checker(side: Side, lay: BackgammonLayout, theme: Theme) -> Image.Image:
    return ghost(checker_sprite(side, lay, theme))


def side_colours(side: Side, theme: Theme) -> tuple[RGB, RGB]:
    """(fill, ink) of ``side``'s checkers and dice."""
    if side is Side.WHITE:
        return theme.white_fill, theme.white_outline
    return theme.black_fill, theme.black_outline


#: Pip positions on a die face, in thirds of the face.
PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def die_sprite(value: int, side: Side, size: int, theme: Theme) -> Image.Image:
    """A die in ``side``'s checker colours, drawn supersampled (RGBA, ``size`` px)."""
    fill, ink = side_colours(side, theme)
    return die_face(value, fill, ink, size)


@lru_cache(maxsize=32)
def die_face(value: int, fill: RGB, ink: RGB, size: int) -> Image.Image:
    """A die showing ``value``, ``fill`` with ``ink`` pips and edge (RGBA, ``size`` px)."""
    s = SUPERSAMPLE
    big = size * s
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    edge = max(s, round(big * 0.05))
    draw.rounded_rectangle(
        (0, 0, big - 1, big - 1),
        radius=big * 0.18,
        fill=(*fill, 255),
        outline=(*ink, 255),
        width=edge,
    )
    r = big * 0.09
    for col, row in PIPS[value]:
        cx = big * (0.27 + 0.23 * col)
        cy = big * (0.27 + 0.23 * row)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*ink, 255))
    return img.convert("RGBa").resize((size, size), Image.Resampling.LANCZOS).convert("RGBA")


@lru_cache(maxsize=32)
def cube_sprite(value: int, size: int, theme: Theme) -> Image.Image:
    """The doubling cube showing ``value`` (RGBA, ``size`` px)."""
    s = SUPERSAMPLE
    big = size * s
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, big - 1, big - 1),
        radius=big * 0.16,
        fill=(*theme.cube_face, 255),
        outline=(*theme.cube_ink, 255),
        width=max(s, round(big * 0.06)),
    )
    small = img.convert("RGBa").resize((size, size), Image.Resampling.LANCZOS).convert("RGBA")
    text = str(value)
    f = font(max(9, round(size * (0.5 if len(text) <= 2 else 0.36))))
    draw_text(
        ImageDraw.Draw(small),
        (size / 2, size / 2),
        text,
        f,
        theme.cube_ink,
        align="center",
        bold=True,
    )
    return small


@lru_cache(maxsize=4)
def triangle_mask(width: int, height: int, pointing_down: bool) -> Image.Image:
    """An antialiased triangle (L mask): base along one long edge, tip toward the other."""
    s = SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    tip = height * s * 0.96
    inset = width * s * 0.04
    if pointing_down:
        shape = [(inset, 0), (width * s - inset, 0), (width * s / 2, tip)]
    else:
        shape = [
            (inset, height * s),
            (width * s - inset, height * s),
            (width * s / 2, height * s - tip),
        ]
    ImageDraw.Draw(big).polygon(shape, fill=255)
    return big.resize((width, height), Image.Resampling.LANCZOS)
