"""Fonts and text drawing: every caption and label in DejaVu Sans, shipped in ``assets/``.

Players' display names come in any script (the languages of our rule sheets include Greek,
Turkish and Arabic), so the text uses DejaVu Sans and DejaVu Sans Bold, which cover Latin with
accents, Cyrillic, Greek and Arabic, rather than Pillow's bundled ASCII-only font.

* **Right-to-left.** Where Pillow has its raqm layout (``PIL.features.check("raqm")``: FriBiDi
  and HarfBuzz), text is laid out by it, so Arabic is shaped (joined letter forms) and ordered
  right to left. Without raqm the basic layout draws the letters in logical order, unjoined: not
  pretty, but readable and never a crash.
* **Nothing as a box.** Characters the shipped font has no glyph for (emoji, unassigned code
  points, control characters) are dropped before drawing (:func:`drawable`). Coverage is read
  from the font itself through Pillow, with no new dependency: a character is drawable when its
  glyph differs from the font's ``.notdef`` glyph (the box), checked once per character.
"""

from __future__ import annotations

import logging
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont, features

from .theme import RGB

log = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont

ASSETS = Path(__file__).with_name("assets")
#: The regular and bold faces (same licence, ``assets/DejaVuSans-LICENSE.txt``).
REGULAR_PATH = ASSETS / "DejaVuSans.ttf"
BOLD_PATH = ASSETS / "DejaVuSans-Bold.ttf"

#: A code point no font maps (a Unicode noncharacter): drawing it shows the ``.notdef`` box.
_NOTDEF_PROBE = "\U0010ffff"
#: Size at which glyph coverage is checked (any size gives the same answer).
_PROBE_SIZE = 24
#: Character categories never drawn: controls, surrogates, private use, unassigned.
_NEVER = {"Cc", "Cs", "Co", "Cn"}


def raqm_available() -> bool:
    """True when Pillow can shape text with raqm (bidirectional, joined Arabic)."""
    return bool(features.check("raqm"))


def _engine() -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if raqm_available() else ImageFont.Layout.BASIC


@lru_cache(maxsize=64)
def _load(size: int, bold: bool, engine: ImageFont.Layout) -> Font:
    path = BOLD_PATH if bold else REGULAR_PATH
    return ImageFont.truetype(str(path), size, layout_engine=engine)


def font(size: int, *, bold: bool = False) -> Font:
    """DejaVu Sans (``bold``: DejaVu Sans Bold) at ``size`` px, with raqm layout if present."""
    return _load(size, bold, _engine())


def bold_of(f: Font) -> Font:
    """The bold face of ``f`` at its size and with its layout engine."""
    if Path(str(f.path)).name == BOLD_PATH.name:
        return f
    return _load(round(f.size), True, f.layout_engine)


@lru_cache(maxsize=4)
def _notdef_mask() -> bytes:
    probe = _load(_PROBE_SIZE, False, ImageFont.Layout.BASIC)
    return bytes(probe.getmask(_NOTDEF_PROBE))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """True when the shipped font draws ``ch`` as itself rather than as the ``.notdef`` box.

    Both faces cover the same characters for our purposes (the bold face is checked too, so a
    character the bold face lacks is dropped everywhere rather than boxed in a bold name).
    """
    if unicodedata.category(ch) in _NEVER:
        return False
    notdef = _notdef_mask()
    for bold in (False, True):
        probe = _load(_PROBE_SIZE, bold, ImageFont.Layout.BASIC)
        if bytes(probe.getmask(ch)) == notdef and ch != " ":
            return False
    return True


def drawable(text: str) -> str:
    """``text`` without the characters no shipped font can draw (emoji, unassigned, controls).

    Runs of spaces left behind by a dropped character are collapsed to one.
    """
    kept = "".join(ch for ch in text if has_glyph(ch))
    if kept == text:
        return text
    return " ".join(kept.split()) if kept.strip() else ""


def _direction(f: Font, rtl: bool = False) -> str | None:
    """The base direction under raqm: the caption's language decides it, not the text's
    first letter. An English (or Greek, Cyrillic…) sentence is left to right, so
    "محمد (Black) to move" keeps its words in that order with only the name's letters right
    to left; an Arabic one is right to left (``rtl``), so "Alice (الأبيض) يفوز" reads from
    the right with the Latin name and the numbers inside it left to right (raqm would
    otherwise take the direction from the first letter, a name's). The basic layout takes no
    direction."""
    if f.layout_engine != ImageFont.Layout.RAQM:
        return None
    return "rtl" if rtl else "ltr"


def text_width(text: str, f: Font, *, rtl: bool = False) -> float:
    """Width of ``text`` as :func:`draw_text` draws it (``f`` is the face it is drawn in)."""
    return f.getlength(drawable(text), direction=_direction(f, rtl))


def fit_text(text: str, f: Font, max_width: float, *, rtl: bool = False) -> str:
    """``text`` shortened with an ellipsis ("...") so that it fits in ``max_width`` px.

    Long Discord display names must not run into the numbers beside them.
    """
    text = drawable(text)
    if text_width(text, f, rtl=rtl) <= max_width:
        return text
    mark = _ellipsis_mark(text) if rtl else ""
    while text and text_width(text + "..." + mark, f, rtl=rtl) > max_width:
        text = text[:-1]
    return text.rstrip() + "..." + mark if text else ""


def _ellipsis_mark(text: str) -> str:
    """In a right-to-left line, the mark that keeps the "..." of a cut left-to-right run (a
    Latin or Cyrillic name) at that run's end: the dots are neutral and would otherwise take
    the line's direction and land before the name (U+200E LEFT-TO-RIGHT MARK, an invisible
    strong character the dots then side with). Nothing for text that ends right to left."""
    for ch in reversed(text):
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return "\u200e"
        if kind in ("R", "AL"):
            return ""
    return ""


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: RGB,
    *,
    align: str = "left",
    bold: bool = False,
    rtl: bool = False,
) -> float:
    """Draw ``text`` vertically centred on ``xy[1]``; ``align`` says where ``xy[0]`` is.

    ``bold`` draws it in the bold face of ``f``; ``rtl`` lays it out right to left (an
    Arabic sentence). Characters no shipped font has are left out (see :func:`drawable`).
    Returns the width drawn.
    """
    face = bold_of(f) if bold else f
    text = drawable(text)
    direction = _direction(face, rtl)
    width = face.getlength(text, direction=direction)
    x, y = xy
    if align == "center":
        x -= width / 2
    elif align == "right":
        x -= width
    if text:
        draw.text((x, y), text, font=face, fill=fill, anchor="lm", direction=direction)
    return width
