"""Helpers that look at a rendered board the way a player would: colours at square centres."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from rendering import Layout, Theme
from rendering.board import square_colour

Colour = tuple[int, int, int]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


def close(a: Colour, b: Colour, tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def patch(img: Image.Image, lay: Layout, sq: int, frac: float = 0.12) -> list[Colour]:
    """Pixels in a small box around the centre of ``sq`` (inside a soldier's rim)."""
    cx, cy = lay.square_center(sq)
    r = round(lay.square * frac)
    return [img.getpixel((x, y)) for x in range(cx - r, cx + r) for y in range(cy - r, cy + r)]  # type: ignore[misc]


def share(pixels: list[Colour], colour: Colour, tol: int = 14) -> float:
    return sum(close(p, colour, tol) for p in pixels) / len(pixels)


def occupant(img: Image.Image, lay: Layout, sq: int, theme: Theme) -> str:
    """``white``, ``black`` or ``empty`` judged from the middle of the square, else ``other``."""
    px = patch(img, lay, sq)
    if share(px, theme.white_fill) > 0.5:
        return "white"
    if share(px, theme.black_fill) > 0.5:
        return "black"
    if share(px, square_colour(sq, theme)) > 0.9:
        return "empty"
    return "other"


def corner_pixel(img: Image.Image, lay: Layout, sq: int) -> Colour:
    """A pixel inside ``sq`` but outside any piece (its top-right corner area, where no
    coordinate is drawn: rank numbers go top left, file letters bottom right)."""
    _, y0, x1, _ = lay.square_rect(sq)
    off = max(3, lay.square // 16) + 1
    return img.getpixel((x1 - 1 - off - 2, y0 + off + 2))  # type: ignore[return-value]


def top_edge(img: Image.Image, lay: Layout, sq: int) -> list[Colour]:
    """A row of pixels just inside the top edge of ``sq``, where a square frame is drawn."""
    x0, y0, x1, _ = lay.square_rect(sq)
    return [img.getpixel((x, y0 + 3)) for x in range(x0 + 4, x1 - 4)]  # type: ignore[misc]


def luminance(c: Colour) -> float:
    """Relative luminance (WCAG) of an sRGB colour."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of two colours (1.0 = the same lightness)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def row_share(img: Image.Image, lay: object, index: int, colour: Colour, tol: int = 6) -> float:
    """Share of ``colour`` along the middle of caption player row ``index`` (0: the top)."""
    from rendering.caption import row_box

    left, top, right, bottom = row_box(lay, index)  # type: ignore[arg-type]
    mid = (top + bottom) // 2
    line = [img.getpixel((x, mid)) for x in range(left + 4, right - 4)]
    return share(line, colour, tol)  # type: ignore[arg-type]


def trophy_in_row(img: Image.Image, lay: object, index: int, theme: Theme) -> bool:
    """Whether row ``index`` shows the winner's trophy: a cup of the trophy's gold with its
    dark edge, left of the name (a shape, told apart from the row's band by its edge)."""
    from rendering.caption import chip_size, row_box

    left, top, right, bottom = row_box(lay, index)  # type: ignore[arg-type]
    chip = chip_size(lay)  # type: ignore[arg-type]
    box = (left + chip, top, left + chip * 3, bottom)
    px = [img.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])]
    return share(px, theme.trophy, 10) > 0.06 and share(px, theme.trophy_edge, 16) > 0.03  # type: ignore[arg-type]


def banner_share(img: Image.Image, lay: object, theme: Theme) -> float:
    """Share of the result banner's dark band at the left end of the status line (left of
    where its centred words can reach)."""
    from rendering.caption import status_box

    left, top, right, bottom = status_box(lay)  # type: ignore[arg-type]
    mid = (top + bottom) // 2
    line = [img.getpixel((x, mid)) for x in range(left + 3, left + 16)]
    return share(line, theme.banner, 10)  # type: ignore[arg-type]


#: CIELAB (L*, a*, b*), D65.
Lab = tuple[float, float, float]
#: Machado, Oliveira & Fernandes (2009), colour-vision deficiencies at severity 1, on linear RGB.
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
NORMAL_VISION = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def linear(v: float) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    s = v / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[float, float, float]) -> Lab:
    """CIELAB (D65) of linear RGB."""
    r, g, b = rgb
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(c: Colour, matrix: Sequence[Sequence[float]] = NORMAL_VISION) -> Lab:
    """CIELAB (D65) of sRGB ``c`` as an eye with ``matrix`` (one of the above) sees it."""
    lin = [linear(v) for v in c]
    r, g, b = (
        max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix
    )
    return lab((r, g, b))
