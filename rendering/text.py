"""Fonts and text drawing that work on a machine without any system font.

We use Pillow's bundled scalable font (Aileron, via ``ImageFont.load_default(size=...)``, Pillow
10.1+ with FreeType). It lacks a few glyphs we want, notably the em dash of "White wins — eagle
captured"; :func:`draw_text` draws those as simple strokes instead of letting the font show a
missing-glyph box.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from PIL import ImageDraw, ImageFont

from .theme import RGB

log = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: Characters drawn as strokes because the bundled font has no glyph for them.
_DASHES = "—–"


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """The bundled font at ``size`` px (a bitmap fallback if Pillow was built without FreeType)."""
    f = ImageFont.load_default(size=size)
    if not isinstance(f, ImageFont.FreeTypeFont):
        log.warning("Pillow has no FreeType support: text will use the small bitmap font")
    return f


def _dash_width(f: Font) -> float:
    return f.getlength("M") * 0.9


def text_width(text: str, f: Font) -> float:
    """Width of ``text`` as :func:`draw_text` draws it."""
    total = 0.0
    for part, is_dash in _segments(text):
        total += _dash_width(f) if is_dash else f.getlength(part)
    return total


def _segments(text: str) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    buf = ""
    for ch in text:
        if ch in _DASHES:
            if buf:
                out.append((buf, False))
                buf = ""
            out.append((ch, True))
        else:
            buf += ch
    if buf:
        out.append((buf, False))
    return out


def fit_text(text: str, f: Font, max_width: float) -> str:
    """``text`` shortened with an ellipsis ("...") so that it fits in ``max_width`` px.

    Long Discord display names must not run into the numbers beside them.
    """
    if text_width(text, f) <= max_width:
        return text
    while text and text_width(text + "...", f) > max_width:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: RGB,
    *,
    align: str = "left",
    bold: bool = False,
) -> float:
    """Draw ``text`` vertically centred on ``xy[1]``; ``align`` says where ``xy[0]`` is.

    ``bold`` thickens the letters (the bundled font has no bold face). Returns the width drawn
    (the bold pass adds one pixel on the right, which no caller needs to know about).
    """
    width = text_width(text, f)
    x, y = xy
    if align == "center":
        x -= width / 2
    elif align == "right":
        x -= width
    for part, is_dash in _segments(text):
        if is_dash:
            w = _dash_width(f)
            top, bottom = f.getbbox("x", anchor="lm")[1::2]
            mid = y + (top + bottom) / 2
            # as thick as the font's own strokes (a hyphen's height), bold adds a pixel
            thick = max(1, round(f.getlength("M") / 16)) + (1 if bold else 0)
            top_y = round(mid - thick / 2)
            gap = w * 0.12
            draw.rectangle((x + gap, top_y, x + w - gap, top_y + thick - 1), fill=fill)
            x += w
        else:
            draw.text((x, y), part, font=f, fill=fill, anchor="lm")
            if bold:
                # faux bold by a second pass shifted sideways: a stroke would fill the gap
                # between the dot and the stem of "i"/"j", making "i" read as "l"
                draw.text((x + 1, y), part, font=f, fill=fill, anchor="lm")
            x += f.getlength(part)
    return width
