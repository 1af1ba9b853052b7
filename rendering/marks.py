"""Marks drawn on the squares of the grid boards: move tints, arrows, check, ghosts, captures.

Every mark that carries meaning has a shape of its own as well as a colour, so that players who
cannot tell red from green still read it: a king in check gets a ring as well as a glow, a
piece taken gets a cross over its ghost, a jump path is an arrow with numbered landings.

One set of marks serves every game (issue 32): the ✕ over a piece taken (draughts, backgammon,
ludo and Latrunculi alike, :func:`taken_mark`) and the ring of a king in check
(:func:`check_mark`) are drawn in the theme's :attr:`~rendering.theme.Theme.capture_mark`, a
bright vermilion that keeps a colour difference of ΔE ≥ 30 (CIE76) from every square, felt and
point under deuteranopia and protanopia as well as to normal eyes (a red does not: the red ✕
was ΔE 15 from the light theme's dark square for a deuteranope), inside a near-black outline and
a thin light halo: a second lightness round the colour, so the shape reads on any ground.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from rules import Square

from .board import square_colour
from .layout import Layout
from .sprites import SUPERSAMPLE, downscale
from .text import draw_text, font
from .theme import RGB, Theme, mix

Point = tuple[float, float]

#: Radius of a landing's number badge, as a share of the square: on an empty landing, and in
#: the corner of the last one (where the piece that moved stands).
_BADGE = 0.19
_CORNER_BADGE = 0.16


def tint_square(draw: ImageDraw.ImageDraw, lay: Layout, theme: Theme, sq: Square) -> None:
    """Fill ``sq`` with its own colour blended towards the theme's last-move tint."""
    x0, y0, x1, y1 = lay.square_rect(sq)
    colour = mix(square_colour(sq, theme), theme.move_tint, theme.move_tint_strength)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)


#: The check ring's bands as shares of the square: the coloured band, each near-black outline
#: and the light halo outside them.
_CHECK_BAND = 0.05
_CHECK_OUTLINE = 0.025
_CHECK_HALO = 0.02


@lru_cache(maxsize=8)
def check_mark(size: int, theme: Theme) -> Image.Image:
    """RGBA overlay for a king in check: a glow under the king and a bold ring round it.

    The glow is the familiar signal; the ring is the shape that says "check" whatever colours
    a player sees: a band of :attr:`Theme.check` between two near-black outlines, with a thin
    light halo outside, like the ✕ of a piece taken (:func:`taken_mark`), on a light square or
    a dark one.
    """
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    # radial glow: concentric discs, strongest round the king, fading towards the corners
    glow = Image.new("L", (big, big), 0)
    gdraw = ImageDraw.Draw(glow)
    steps = 32
    c = big / 2
    for i in range(steps):
        t = i / (steps - 1)  # 0 at the corners .. 1 at the centre
        r = big * (0.71 - 0.45 * t)
        alpha = round(60 + 195 * min(1.0, t * 1.5))
        gdraw.ellipse((c - r, c - r, c + r, c + r), fill=alpha)
    img.paste((*theme.check, 255), (0, 0), glow)
    # the ring, just inside the square's edge and clear of the king's silhouette: the coloured
    # band between two near-black outlines and two light halos, all centred on one circle
    draw = ImageDraw.Draw(img)
    total = _CHECK_BAND + 2 * (_CHECK_OUTLINE + _CHECK_HALO)
    middle = big * (0.497 - total / 2)
    for colour, share in (
        (theme.mark_edge, total),
        (theme.mark_shadow, _CHECK_BAND + 2 * _CHECK_OUTLINE),
        (theme.check, _CHECK_BAND),
    ):
        r = middle + big * share / 2
        draw.ellipse((c - r, c - r, c + r, c + r), outline=(*colour, 255), width=round(big * share))
    return downscale(img, size)


def ghost(sprite: Image.Image, opacity: float = 0.38) -> Image.Image:
    """A faint copy of ``sprite``: the piece a move took, still shown where it stood."""
    faded = sprite.copy()
    faded.putalpha(sprite.getchannel("A").point(lambda a: round(a * opacity)))
    return faded


def cross(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    width: int,
    colour: RGB,
    edge: RGB,
    *,
    edged: bool = True,
) -> None:
    """A bold ✕ with a light edge (none with ``edged=False``), centred on ``centre``, drawn
    straight onto ``draw`` (the marks of a piece taken are :func:`taken_mark`)."""
    cx, cy = centre
    bands = ((edge, width + max(2, width // 2)), (colour, width)) if edged else ((colour, width),)
    for fill, w in bands:
        for dx in (-radius, radius):
            draw.line((cx - dx, cy - radius, cx + dx, cy + radius), fill=fill, width=w)
        for px, py in (
            (cx - radius, cy - radius),
            (cx + radius, cy + radius),
            (cx + radius, cy - radius),
            (cx - radius, cy + radius),
        ):
            r = w / 2
            draw.ellipse((px - r, py - r, px + r, py + r), fill=fill)


def _outlined_cross(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    width: float,
    core: RGB,
    outline: RGB,
    halo: RGB,
) -> None:
    """A ✕ of ``width`` px arms in ``core``, inside an ``outline`` band and a ``halo`` band."""
    rim = max(2.0, width * _TAKEN_OUTLINE)
    light = max(1.0, width * _TAKEN_HALO)
    for fill, w in ((halo, width + 2 * (rim + light)), (outline, width + 2 * rim), (core, width)):
        cross(draw, centre, radius, round(w), fill, fill, edged=False)


#: The ✕ of a piece taken: each near-black outline and the light halo outside it, as shares of
#: the arms' width.
_TAKEN_OUTLINE = 0.35
_TAKEN_HALO = 0.2


@lru_cache(maxsize=64)
def taken_sprite(radius: float, width: float, theme: Theme, halo: RGB) -> Image.Image:
    """The RGBA ✕ of :func:`taken_mark` on a transparent square, drawn supersampled."""
    reach = radius + width / 2 * (1 + 2 * (_TAKEN_OUTLINE + _TAKEN_HALO)) + 2
    size = 2 * math.ceil(reach)
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    s = SUPERSAMPLE
    _outlined_cross(
        ImageDraw.Draw(img),
        (big / 2, big / 2),
        radius * s,
        width * s,
        theme.capture_mark,
        theme.mark_shadow,
        halo,
    )
    return downscale(img, size)


def taken_mark(
    img: Image.Image,
    centre: Point,
    radius: float,
    width: float,
    theme: Theme,
    halo: RGB | None = None,
) -> None:
    """The ✕ over a piece taken, the same in every game: arms ``radius`` px from ``centre`` to
    each corner, ``width`` px wide, in the theme's capture colour inside a near-black outline
    and a thin light halo (``halo``: the theme's light mark edge unless said otherwise)."""
    edge = theme.mark_edge if halo is None else halo
    sprite = taken_sprite(round(radius * 4) / 4, round(width * 4) / 4, theme, edge)
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def _arrow_polygon(a: Point, b: Point, width: float, head: float) -> list[Point]:
    """Outline of an arrow from ``a`` to ``b`` (tip at ``b``), shaft ``width``, head ``head``."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    neck = length - head * 1.1
    hw, hh = width / 2, head * 0.75
    nkx, nky = ax + ux * neck, ay + uy * neck
    return [
        (ax + nx * hw, ay + ny * hw),
        (nkx + nx * hw, nky + ny * hw),
        (nkx + nx * hh, nky + ny * hh),
        (bx, by),
        (nkx - nx * hh, nky - ny * hh),
        (nkx - nx * hw, nky - ny * hw),
        (ax - nx * hw, ay - ny * hw),
    ]


def arrow(
    img: Image.Image,
    a: Point,
    b: Point,
    *,
    width: float,
    colour: RGB,
    edge: RGB,
) -> None:
    """An arrow from ``a`` to ``b`` with a dark edge, drawn supersampled for smooth sides.

    The edge keeps an orange arrow readable on the light squares and the dark ones alike.
    """
    sprite, (x0, y0) = arrow_sprite(a, b, width, colour, edge)
    img.paste(sprite, (x0, y0), sprite)


@lru_cache(maxsize=256)
def arrow_sprite(
    a: Point, b: Point, width: float, colour: RGB, edge: RGB
) -> tuple[Image.Image, tuple[int, int]]:
    """The RGBA picture of an arrow and where its top-left corner goes (cached by its ends: a
    grid board has only so many jumps; a backgammon turn's arrows are mostly new).

    Drawn as two coverage masks (the edged outline, the coloured arrow inside it) at
    :data:`SUPERSAMPLE` times the size and averaged down (``reduce``: each pixel's alpha is
    the share of it the shape covers). A diagonal arrow's box is large: the RGBA layer resized
    with LANCZOS it replaced took 12–100 ms per arrow, this 1–4 ms, for the same look (edge
    pixels differ by the two filters' rounding).
    """
    pad = width * 2
    x0 = math.floor(min(a[0], b[0]) - pad)
    y0 = math.floor(min(a[1], b[1]) - pad)
    x1 = math.ceil(max(a[0], b[0]) + pad)
    y1 = math.ceil(max(a[1], b[1]) + pad)
    s = SUPERSAMPLE

    def local(p: Point) -> Point:
        return ((p[0] - x0) * s, (p[1] - y0) * s)

    head = width * 2.2
    border = max(1.0, width * 0.22)
    outer = _arrow_polygon(local(a), local(b), (width + 2 * border) * s, (head + border) * s)
    # the inner arrow is pulled back along the shaft so the edge shows round the tip as well
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    back = border * 1.8 / length
    tip = (bx - (bx - ax) * back, by - (by - ay) * back)
    inner = _arrow_polygon(local(a), local(tip), width * s, head * s)
    masks = []
    for polygon in (outer, inner):
        mask = Image.new("L", ((x1 - x0) * s, (y1 - y0) * s), 0)
        ImageDraw.Draw(mask).polygon(polygon, fill=255)
        masks.append(mask.reduce(s))
    sprite = Image.new("RGBA", (x1 - x0, y1 - y0), (*edge, 255))
    sprite.paste((*colour, 255), (0, 0), masks[1])
    sprite.putalpha(masks[0])
    return sprite, (x0, y0)


def badge(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    text: str,
    *,
    fill: RGB,
    edge: RGB,
    ink: RGB,
) -> None:
    """A small numbered disc (a landing's place in a multi-jump)."""
    cx, cy = centre
    r = radius
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=max(1, round(r / 5))
    )
    f = font(max(9, round(r * 1.25)))
    draw_text(draw, (cx, cy), text, f, ink, align="center", bold=True)


def _banded(
    draw: ImageDraw.ImageDraw,
    stroke: Callable[[ImageDraw.ImageDraw, RGB, float], None],
    core: RGB,
    edge: RGB,
    width: float,
    edged: float,
) -> None:
    """Draw ``stroke`` twice: ``edged`` px wide in ``edge``, then ``width`` px in ``core`` on it.

    The edge shows on both sides of the coloured core, so the mark keeps its contrast on a
    square whatever the core's colour.
    """
    stroke(draw, edge, edged)
    stroke(draw, core, width)


#: The capture frame's dashes along one side, as (start, end) shares of the side: a bracket at
#: each corner and one dash in the middle.
_DASHES = ((0.0, 0.22), (0.38, 0.62), (0.78, 1.0))


@lru_cache(maxsize=16)
def capture_frame(size: int, theme: Theme, edge: RGB) -> Image.Image:
    """RGBA overlay of a ``size`` px square: a DASHED square frame in the capture colour.

    Dashed, so it reads as "captured" by its line style alone; its neighbour, the release
    mark, is a solid ring.
    """
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    width = big * 0.075
    lo = width * 0.85 + big * 0.012  # the edge band's outer side just inside the square
    hi = big - lo

    edged = width * 1.7

    def stroke(d: ImageDraw.ImageDraw, colour: RGB, w: float) -> None:
        fill = (*colour, 255)
        half = w / 2
        # a dash's ends: the corner brackets close their corner; the others keep their gaps
        # (the edge colour only rims the core's ends, it does not bridge the gaps)
        rim = (w - width) / 2
        for a, b in _DASHES:
            p = lo + (hi - lo) * a - (half if a == 0 else rim)
            q = lo + (hi - lo) * b + (half if b == 1 else rim)
            for x0, y0, x1, y1 in (
                (p, lo - half, q, lo + half),  # top
                (p, hi - half, q, hi + half),  # bottom
                (lo - half, p, lo + half, q),  # left
                (hi - half, p, hi + half, q),  # right
            ):
                d.rectangle((x0, y0, x1, y1), fill=fill)

    _banded(ImageDraw.Draw(img), stroke, theme.capture_mark, edge, width, edged)
    return downscale(img, size)


@lru_cache(maxsize=16)
def release_ring(size: int, theme: Theme, edge: RGB) -> Image.Image:
    """RGBA overlay of a ``size`` px square: a SOLID ring in the release colour round a piece.

    Its coloured core is ~7 px at the default square (3 px was lost on a phone), with an edge
    of ~3 px on each side: on a square the core's colour does not stand out from, the
    contrast comes from the edge."""
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    width = big * 0.095
    edged = width * 2.0
    c = big / 2
    r = big / 2 - edged / 2 - big * 0.012

    def stroke(d: ImageDraw.ImageDraw, colour: RGB, w: float) -> None:
        d.ellipse(
            (c - r - w / 2, c - r - w / 2, c + r + w / 2, c + r + w / 2),
            outline=(*colour, 255),
            width=round(w),
        )

    _banded(ImageDraw.Draw(img), stroke, theme.release_mark, edge, width, edged)
    return downscale(img, size)


@lru_cache(maxsize=16)
def removed_cross(size: int, theme: Theme, edge: RGB) -> Image.Image:
    """RGBA overlay of a ``size`` px square: a ✕ where a captured piece was taken off (the ✕
    of :func:`taken_mark`, its halo ``edge``: the light or dark edge that suits the square)."""
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    c = (big / 2, big / 2)
    width = big * 0.085
    _outlined_cross(
        ImageDraw.Draw(img), c, big * 0.2, width, theme.capture_mark, theme.mark_shadow, edge
    )
    return downscale(img, size)


@lru_cache(maxsize=16)
def lost_mark(size: int, theme: Theme, edge: RGB) -> Image.Image:
    """RGBA overlay of a ``size`` px square: the game-deciding loss of an eagle or a Queen.

    A ✕ from corner to corner of the square, twice as large and bold as the ✕ of a plain
    capture, so the piece that decided the game is found at a glance on the final board.
    """
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    c = (big / 2, big / 2)
    width = big * 0.12
    _outlined_cross(
        ImageDraw.Draw(img), c, big * 0.33, width, theme.capture_mark, theme.mark_shadow, edge
    )
    return downscale(img, size)


def toward(a: Point, b: Point, cut: float) -> Point:
    """The point ``cut`` px before ``b`` on the line from ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    return (b[0] - dx / length * cut, b[1] - dy / length * cut)


def jump_arrows(img: Image.Image, lay: Layout, theme: Theme, centres: Sequence[Point]) -> None:
    """Arrows from landing to landing along a jump path (under the pieces)."""
    width = max(3.0, lay.square * 0.09)
    for i, (a, b) in enumerate(zip(centres, centres[1:], strict=False)):
        # the last arrow stops at the rim of the piece that made the move, so both show;
        # the others stop at the rim of the landing's number badge
        last = i == len(centres) - 2
        tip = toward(a, b, lay.square * (0.36 if last else _BADGE + 0.01))
        arrow(img, a, tip, width=width, colour=theme.path_line, edge=theme.mark_shadow)


def landing_badges(img: Image.Image, lay: Layout, theme: Theme, centres: Sequence[Point]) -> None:
    """Number each landing of a multi-jump 1, 2, … (over the pieces)."""
    draw = ImageDraw.Draw(img)
    for i in range(1, len(centres)):
        x, y = centres[i]
        r = lay.square * _BADGE
        if i == len(centres) - 1:
            r = lay.square * _CORNER_BADGE
            # the last landing holds the piece: the badge goes to the lower corner across
            # the arrow's way in (a step is diagonal, so one lower corner always is)
            dx = centres[i][0] - centres[i - 1][0]
            dy = centres[i][1] - centres[i - 1][1]
            off = lay.square * 0.5 - r - lay.square * 0.03
            x += off if (dx < 0) == (dy > 0) else -off
            y += off
        badge(
            draw,
            (x, y),
            r,
            str(i),
            fill=theme.path_line,
            edge=theme.mark_shadow,
            ink=theme.mark_shadow,
        )
