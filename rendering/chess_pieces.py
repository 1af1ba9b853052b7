"""Chess piece sprites from the chess glyphs of DejaVu Sans (shipped in ``assets/``).

The font draws each piece twice: an outline figure (♔♕♖♗♘♙) and a solid one (♚♛♜♝♞♟) whose
inner details are cut out. A white piece is the outline figure with its inside filled ivory; a
black piece is the solid figure in near-black with its cut-outs and a rim in the light outline
colour, so that it stands out on dark squares as a white piece does on light ones. Both get the
soft drop shadow of the Latrunculi pieces and are drawn supersampled, then scaled down.

Filling the inside of a figure needs its *hull* (the figure with its holes filled). Pillow's flood
fill is pure Python, so the hull is worked out once per glyph at a small fixed resolution and
scaled up: its edge only has to fall under the figure's own outer stroke.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from .sprites import SUPERSAMPLE, dilate, downscale, shadow_layer
from .theme import Theme

#: The font file and its licence text live beside each other in ``assets/``.
FONT_PATH = Path(__file__).with_name("assets") / "DejaVuSans.ttf"

#: FEN letter (upper case) → (outline glyph, solid glyph).
GLYPHS: dict[str, tuple[str, str]] = {
    "K": ("\u2654", "\u265a"),
    "Q": ("\u2655", "\u265b"),
    "R": ("\u2656", "\u265c"),
    "B": ("\u2657", "\u265d"),
    "N": ("\u2658", "\u265e"),
    "P": ("\u2659", "\u265f"),
}

#: Font size as a share of the square: the figures are ~0.72 em tall, so a king fills ~80 %.
_EM = 1.1
#: Where the figures stand (the shared baseline), as a share of the square from the top.
_BASELINE = 0.83
#: Resolution at which hulls are flood-filled (see the module docstring).
_HULL_RES = 48


@lru_cache(maxsize=8)
def _font(px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), px)


def _glyph_mask(glyph: str, big: int) -> Image.Image:
    """The glyph as an "L" mask on a ``big`` px square, centred and on the shared baseline."""
    mask = Image.new("L", (big, big), 0)
    f = _font(round(big * _EM))
    left, _, right, _ = f.getbbox(glyph, anchor="ls")
    x = big / 2 - (left + right) / 2
    ImageDraw.Draw(mask).text((x, big * _BASELINE), glyph, font=f, fill=255, anchor="ls")
    return mask


@lru_cache(maxsize=16)
def _hull_small(glyph: str) -> Image.Image:
    """The glyph with its holes filled, at :data:`_HULL_RES` px (255 inside, 0 outside)."""
    solid = _glyph_mask(glyph, _HULL_RES).point(lambda v: 255 if v >= 96 else 0)
    # pad by a pixel so the flood from the corner reaches all the way round the figure
    padded = Image.new("L", (_HULL_RES + 2, _HULL_RES + 2), 0)
    padded.paste(solid, (1, 1))
    ImageDraw.floodfill(padded, (0, 0), 128)
    outside = padded.crop((1, 1, _HULL_RES + 1, _HULL_RES + 1))
    return outside.point(lambda v: 0 if v == 128 else 255)


def _hull(glyph: str, big: int, shrink: int) -> Image.Image:
    """The hull at ``big`` px, shrunk by about ``shrink`` px so it stays under the outer stroke."""
    hull = _hull_small(glyph)
    if shrink:
        hull = hull.filter(ImageFilter.MinFilter(2 * shrink + 1))
    return hull.resize((big, big), Image.Resampling.BILINEAR).point(
        lambda v: 255 if v >= 128 else 0
    )


@lru_cache(maxsize=64)
def chess_sprite(letter: str, size: int, theme: Theme) -> Image.Image:
    """The RGBA picture of the FEN piece ``letter`` (``K`` white king, ``q`` black queen…).

    Sized for a ``size`` px square; cached, so treat it as read-only.
    Raises KeyError for a letter that is no chess piece.
    """
    outline_glyph, solid_glyph = GLYPHS[letter.upper()]
    white = letter.isupper()
    big = size * SUPERSAMPLE
    solid = _glyph_mask(solid_glyph, big)

    if white:
        # the figure's own outer stroke is the outline: a dark rim around it as well makes
        # the small inner shapes (the king's arches) fill in at phone size
        figure = _glyph_mask(outline_glyph, big)
        hull = _hull(outline_glyph, big, shrink=1)
        sprite = shadow_layer(_hull(outline_glyph, big, shrink=0))
        sprite.paste((*theme.white_fill, 255), (0, 0), hull)
        sprite.paste((*theme.white_outline, 255), (0, 0), figure)
    else:
        hull = _hull(solid_glyph, big, shrink=0)
        outer = dilate(hull, max(3, round(big * 0.028)))
        sprite = shadow_layer(outer)
        sprite.paste((*theme.black_outline, 255), (0, 0), outer)
        sprite.paste((*theme.black_fill, 255), (0, 0), solid)
    return downscale(sprite, size)
