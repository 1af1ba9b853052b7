"""Piece pictures, drawn with Pillow primitives and cached per size and theme.

Each piece is drawn at 4× its final size and scaled down with LANCZOS, which gives smooth edges
without an anti-aliasing library. The result is cached (``functools.lru_cache``): a board draws
the same dozen sprites on every move, so after the first picture a sprite costs one paste.

Silhouettes differ by outline, not just by an inner emblem, so the kinds stay apart when Discord
shows the board at 300–400 px on a phone: soldier = disc with a rim, eagle = disc with a spread-
winged bird, counter = thick tablet seen slightly from above, queen = crown, valkyrie = winged
shield, berserker = horned helmet; a draughts man is the soldier's disc, a draughts king (``K``)
that disc with a crown. A held piece (classic captive, schadler alligatus) is greyed and
crossed out with a red X.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from rules import Side

from .theme import RGB, Theme, mix

SUPERSAMPLE = 4

Point = tuple[float, float]
# A shape drawer gets a draw context and a function mapping unit coordinates (0..1) to pixels.
Scale = Callable[[float, float], Point]
ShapeDrawer = Callable[[ImageDraw.ImageDraw, Scale, float, int], None]


def _mirror(points: Sequence[Point]) -> list[Point]:
    return [(1 - x, y) for x, y in points]


def _poly(draw: ImageDraw.ImageDraw, s: Scale, points: Sequence[Point], fill: int | RGB) -> None:
    draw.polygon([s(x, y) for x, y in points], fill=fill)


def _circle(
    draw: ImageDraw.ImageDraw,
    s: Scale,
    cx: float,
    cy: float,
    r: float,
    fill: int | RGB | None = None,
    outline: int | RGB | None = None,
    width: float = 0,
) -> None:
    x0, y0 = s(cx - r, cy - r)
    x1, y1 = s(cx + r, cy + r)
    draw.ellipse((x0, y0, x1, y1), fill=fill, outline=outline, width=round(width))


def _rect(
    draw: ImageDraw.ImageDraw, s: Scale, x0: float, y0: float, x1: float, y1: float, fill: int | RGB
) -> None:
    draw.rectangle((*s(x0, y0), *s(x1, y1)), fill=fill)


# ----- silhouettes (drawn into an "L" mask with fill 255) -------------------------------------

_DISC_R = 0.40
_EAGLE_R = 0.40

_CROWN = [
    (0.17, 0.76),
    (0.12, 0.33),
    (0.32, 0.52),
    (0.5, 0.2),
    (0.68, 0.52),
    (0.88, 0.33),
    (0.83, 0.76),
]
_WING = [
    (0.36, 0.44),
    (0.07, 0.17),
    (0.10, 0.31),
    (0.04, 0.35),
    (0.11, 0.45),
    (0.06, 0.51),
    (0.15, 0.60),
    (0.12, 0.66),
    (0.30, 0.68),
]
_HORN = [
    (0.30, 0.48),
    (0.15, 0.42),
    (0.08, 0.29),
    (0.09, 0.12),
    (0.17, 0.28),
    (0.25, 0.35),
    (0.36, 0.38),
]
_EAGLE_TIP = [(0.16, 0.30), (0.02, 0.16), (0.06, 0.36), (0.1, 0.52)]
_EAGLE_WING = [
    (0.47, 0.50),
    (0.17, 0.27),
    (0.20, 0.39),
    (0.15, 0.42),
    (0.23, 0.50),
    (0.19, 0.55),
    (0.30, 0.61),
    (0.47, 0.64),
]


def _silhouette(kind: str, draw: ImageDraw.ImageDraw, s: Scale) -> None:
    if kind in ("S", "K"):
        _circle(draw, s, 0.5, 0.5, _DISC_R, fill=255)
    elif kind == "E":
        # the soldier's disc with wing tips standing out left and right: an outline of its
        # own, so the eagle is found among the soldiers by shape, even at phone size
        _circle(draw, s, 0.5, 0.5, _EAGLE_R, fill=255)
        _poly(draw, s, _EAGLE_TIP, 255)
        _poly(draw, s, _mirror(_EAGLE_TIP), 255)
    elif kind == "C":
        # a tablet seen from slightly above: top face plus its visible edge
        draw.ellipse((*s(0.1, 0.16), *s(0.9, 0.74)), fill=255)
        draw.ellipse((*s(0.1, 0.28), *s(0.9, 0.86)), fill=255)
        _rect(draw, s, 0.1, 0.45, 0.9, 0.57, 255)
    elif kind == "Q":
        _poly(draw, s, _CROWN, 255)
        _rect(draw, s, 0.15, 0.70, 0.85, 0.84, 255)
        for cx, cy in ((0.12, 0.30), (0.5, 0.17), (0.88, 0.30)):
            _circle(draw, s, cx, cy, 0.06, fill=255)
    elif kind == "V":
        _poly(draw, s, _WING, 255)
        _poly(draw, s, _mirror(_WING), 255)
        _circle(draw, s, 0.5, 0.56, 0.26, fill=255)
    elif kind == "B":
        draw.pieslice((*s(0.22, 0.30), *s(0.78, 0.86)), 180, 360, fill=255)
        _rect(draw, s, 0.18, 0.57, 0.82, 0.70, 255)
        _rect(draw, s, 0.44, 0.66, 0.56, 0.86, 255)
        _poly(draw, s, _HORN, 255)
        _poly(draw, s, _mirror(_HORN), 255)
    else:  # an unknown kind still shows up as a plain disc rather than crashing a game
        _circle(draw, s, 0.5, 0.5, _DISC_R, fill=255)


def _details(
    kind: str, draw: ImageDraw.ImageDraw, s: Scale, big: int, fill: RGB, detail: RGB, edge: RGB
) -> None:
    """The inner marks of a piece, in the detail colour, inside its silhouette."""
    line = big * 0.045
    if kind == "S":
        _circle(draw, s, 0.5, 0.5, 0.27, outline=detail, width=line)
    elif kind == "K":
        # a draughts king: the man's disc with a crown on it (a shape, not a second disc)
        _circle(draw, s, 0.5, 0.5, 0.33, outline=detail, width=line * 0.7)
        crown = [(0.5 + (x - 0.5) * 0.5, 0.49 + (y - 0.5) * 0.5) for x, y in _CROWN]
        _poly(draw, s, crown, detail)
        _rect(draw, s, 0.5 - 0.35 * 0.5, 0.625, 0.5 + 0.35 * 0.5, 0.665, detail)
        for cx, cy in crown[1], crown[3], crown[5]:
            _circle(draw, s, cx, cy, 0.035, fill=detail)
    elif kind == "E":
        _circle(draw, s, 0.5, 0.5, 0.36, outline=detail, width=line * 0.6)
        _poly(draw, s, _EAGLE_WING, detail)
        _poly(draw, s, _mirror(_EAGLE_WING), detail)
        draw.ellipse((*s(0.43, 0.40), *s(0.57, 0.70)), fill=detail)  # body
        _circle(draw, s, 0.5, 0.33, 0.065, fill=detail)  # head
        _poly(draw, s, [(0.44, 0.66), (0.56, 0.66), (0.61, 0.79), (0.39, 0.79)], detail)  # tail
    elif kind == "C":
        # the edge band a shade darker than the top face, and a rim line around the face
        # the edge: darker than an ivory face, a little lighter than a black one
        side_tone = mix(fill, edge, 0.3 if sum(fill) > sum(edge) else 0.14)
        draw.ellipse((*s(0.1, 0.28), *s(0.9, 0.86)), fill=side_tone)
        _rect(draw, s, 0.1, 0.45, 0.9, 0.57, side_tone)
        draw.ellipse(
            (*s(0.1, 0.16), *s(0.9, 0.74)), fill=fill, outline=edge, width=round(line * 0.5)
        )
        draw.ellipse(
            (*s(0.28, 0.3), *s(0.72, 0.6)), outline=mix(fill, detail, 0.6), width=round(line * 0.45)
        )
    elif kind == "Q":
        _rect(draw, s, 0.15, 0.70, 0.85, 0.735, detail)
        for cx in (0.3, 0.5, 0.7):
            _circle(draw, s, cx, 0.785, 0.035, fill=detail)
        _circle(draw, s, 0.5, 0.5, 0.05, fill=detail)
    elif kind == "V":
        _circle(draw, s, 0.5, 0.56, 0.19, outline=detail, width=line * 0.8)
        _circle(draw, s, 0.5, 0.56, 0.07, fill=detail)
        for wing in (_WING, _mirror(_WING)):
            # two feather lines per wing
            (ax, ay), (bx, by) = wing[0], wing[2]
            draw.line(
                (*s(ax, ay + 0.08), *s(bx + (0.06 if bx < 0.5 else -0.06), by + 0.06)),
                fill=detail,
                width=round(line * 0.6),
            )
            (bx, by) = wing[4]
            draw.line(
                (*s(ax, ay + 0.16), *s(bx + (0.06 if bx < 0.5 else -0.06), by + 0.04)),
                fill=detail,
                width=round(line * 0.6),
            )
    elif kind == "B":
        _rect(draw, s, 0.18, 0.585, 0.82, 0.62, detail)
        _rect(draw, s, 0.475, 0.36, 0.525, 0.58, detail)
        for cx in (0.27, 0.73):
            _circle(draw, s, cx, 0.655, 0.03, fill=detail)


def _held_mark(draw: ImageDraw.ImageDraw, s: Scale, big: int, theme: Theme) -> None:
    """A bold red X with a white edge: readable on either piece colour and either square."""
    ends = (((0.22, 0.22), (0.78, 0.78)), ((0.78, 0.22), (0.22, 0.78)))
    for colour, width in ((theme.held_mark_edge, 0.15), (theme.held_mark, 0.095)):
        w = round(big * width)
        for a, b in ends:
            draw.line((*s(*a), *s(*b)), fill=colour, width=w)
            for p in (a, b):
                _circle(draw, s, *p, width / 2, fill=colour)


_THRESHOLD = [0] * 8 + [255] * 248


def _colours(side: Side, held: bool, theme: Theme) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, detail) for a piece of ``side``."""
    if side is Side.WHITE:
        fill, outline, detail = theme.white_fill, theme.white_outline, theme.white_detail
        if held:
            fill = theme.held_white_fill
            detail = mix(fill, outline, 0.45)
    else:
        fill, outline, detail = theme.black_fill, theme.black_outline, theme.black_detail
        if held:
            fill = theme.held_black_fill
            detail = mix(fill, outline, 0.45)
    return fill, outline, detail


@lru_cache(maxsize=256)
def piece_sprite(
    kind: str, side: Side, held: bool, size: int, theme: Theme, upside_down: bool = False
) -> Image.Image:
    """The RGBA picture of a piece for a ``size`` px square (treat it as read-only).

    ``kind`` is the LPN letter (``S``, ``E``, ``C``, ``Q``, ``V``, ``B``). A held piece is a
    classic captive (greyed, crossed out: it may still be freed) unless ``upside_down``: a
    schadler alligatus is "turned upside down" on the rule sheet, so it is drawn so — the
    counter flipped (its edge band above its face, the underside plain), in its own colours.
    """
    if held and upside_down:
        return _upside_down(kind, side, size, theme)
    big = size * SUPERSAMPLE

    def s(x: float, y: float) -> Point:
        return (x * big, y * big)

    fill, outline, detail = _colours(side, held, theme)

    mask = Image.new("L", (big, big), 0)
    _silhouette(kind, ImageDraw.Draw(mask), s)
    outer = dilate(mask, max(3, round(big * 0.032)))
    sprite = shadow_layer(outer)
    sprite.paste((*outline, 255), (0, 0), outer)
    sprite.paste((*fill, 255), (0, 0), mask)
    draw = ImageDraw.Draw(sprite)
    _details(kind, draw, s, big, fill, detail, outline)
    if held:
        _held_mark(draw, s, big, theme)
    return downscale(sprite, size)


@lru_cache(maxsize=16)
def _upside_down(kind: str, side: Side, size: int, theme: Theme) -> Image.Image:
    """A piece turned over: drawn in its own colours without the face's marks, then flipped
    top to bottom (a counter's edge band then shows above its face), its shadow still below."""
    big = size * SUPERSAMPLE

    def s(x: float, y: float) -> Point:
        return (x * big, y * big)

    fill, outline, _ = _colours(side, False, theme)
    underside = mix(fill, outline, 0.18)
    mask = Image.new("L", (big, big), 0)
    _silhouette(kind, ImageDraw.Draw(mask), s)
    outer = dilate(mask, max(3, round(big * 0.032)))
    body = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    body.paste((*outline, 255), (0, 0), outer)
    body.paste((*underside, 255), (0, 0), mask)
    if kind == "C":
        draw = ImageDraw.Draw(body)
        side_tone = mix(fill, outline, 0.3 if sum(fill) > sum(outline) else 0.14)
        draw.ellipse((*s(0.1, 0.28), *s(0.9, 0.86)), fill=side_tone)
        _rect(draw, s, 0.1, 0.45, 0.9, 0.57, side_tone)
        draw.ellipse(
            (*s(0.1, 0.16), *s(0.9, 0.74)),
            fill=underside,
            outline=outline,
            width=round(big * 0.045 * 0.5),
        )
    flipped = body.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    sprite = shadow_layer(outer.transpose(Image.Transpose.FLIP_TOP_BOTTOM))
    sprite.alpha_composite(flipped)
    return downscale(sprite, size)


def dilate(mask: Image.Image, ring: int) -> Image.Image:
    """``mask`` grown by about ``ring`` px all round (for an outline around a silhouette).

    A blur thresholded low does it: a MaxFilter of that size is ~100x slower at this resolution.
    """
    return mask.filter(ImageFilter.GaussianBlur(ring / 1.9)).point(_THRESHOLD)


def shadow_layer(outer: Image.Image) -> Image.Image:
    """A transparent RGBA canvas holding the soft drop shadow of the silhouette ``outer``.

    The shadow lifts pieces off both square colours; pieces are painted onto this canvas.
    """
    big = outer.width
    shadow_alpha = outer.point(lambda v: v * 40 // 100)
    shadow_alpha = shadow_alpha.filter(ImageFilter.GaussianBlur(big * 0.02))
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    offset = round(big * 0.025)
    shadow = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    shadow.paste((0, 0, 0, 255), (0, offset), shadow_alpha.crop((0, 0, big, big - offset)))
    shadow.putalpha(shadow.getchannel("A"))
    sprite.alpha_composite(shadow)
    return sprite


def downscale(sprite: Image.Image, size: int) -> Image.Image:
    """The supersampled ``sprite`` at ``size`` px, with smooth edges.

    Resized in premultiplied alpha so the transparent edge does not bleed black fringes.
    """
    small = sprite.convert("RGBa").resize((size, size), Image.Resampling.LANCZOS)
    return small.convert("RGBA")


def side_chip(side: Side, size: int, theme: Theme) -> Image.Image:
    """A small plain disc in ``side``'s piece colours, for the caption's player rows."""
    return piece_sprite("S", side, False, size, theme)
