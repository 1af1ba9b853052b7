"""A tournament's standings as a picture (issue 36), posted with the text after every result.

A pure function from plain rows to PNG bytes, like :mod:`rendering.rating_chart`: the bot
passes the names and the column headings already in the server's language (the renderer may
not import the bot). One row per player: place, name, points, then the format's tiebreak
columns, then the games in progress; withdrawn players are greyed. Words at 22 px and more, so
they read on a phone that shows the picture at half its size; right-to-left languages are laid
out right to left (the columns keep their order, as numbers read the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .render import encode_png
from .text import draw_text, fit_text, font
from .theme import get_theme, mix

__all__ = ["StandingRow", "render_standings"]

WIDTH = 820
_ROW, _HEAD, _TITLE_H, _PAD = 40, 44, 56, 20
_NAME_W = 240
_SIZE, _HEADING, _TITLE = 22, 20, 26


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int
    name: str
    values: tuple[str, ...]
    """Points, the tiebreaks, games in progress: already formatted, as the headings say."""
    withdrawn: bool = False


def render_standings(
    rows: Sequence[StandingRow],
    *,
    title: str,
    headings: Sequence[str],
    theme: str = "light",
    rtl: bool = False,
) -> bytes:
    """The standings table under ``title``; ``headings`` name the ``values`` columns."""
    palette = get_theme(theme)
    background, ink, muted = palette.background, palette.text, palette.muted_text
    stripe = mix(background, muted, 0.10)
    height = _TITLE_H + _HEAD + _ROW * max(1, len(rows)) + _PAD
    img = Image.new("RGB", (WIDTH, height), background)
    draw = ImageDraw.Draw(img)
    regular, bold = font(_SIZE), font(_SIZE, bold=True)
    heading_font = font(_HEADING, bold=True)
    title_font = font(_TITLE, bold=True)
    draw_text(
        draw,
        (WIDTH - _PAD if rtl else _PAD, _TITLE_H / 2),
        fit_text(title, title_font, WIDTH - 2 * _PAD, rtl=rtl),
        title_font,
        ink,
        align="right" if rtl else "left",
        rtl=rtl,
    )
    columns = len(headings)
    col_w = (WIDTH - 2 * _PAD - 50 - _NAME_W) / max(1, columns)
    x_values = [_PAD + 50 + _NAME_W + col_w * (i + 0.5) for i in range(columns)]
    y = _TITLE_H + _HEAD / 2
    for x, heading in zip(x_values, headings, strict=True):
        shown = fit_text(heading, heading_font, col_w - 6, rtl=rtl)
        draw_text(draw, (x, y), shown, heading_font, muted, align="center", rtl=rtl)
    draw.line((_PAD, _TITLE_H + _HEAD - 2, WIDTH - _PAD, _TITLE_H + _HEAD - 2), fill=muted)
    for index, row in enumerate(rows):
        top = _TITLE_H + _HEAD + index * _ROW
        if index % 2:
            draw.rectangle((_PAD, top, WIDTH - _PAD, top + _ROW - 1), fill=stripe)
        colour = muted if row.withdrawn else ink
        middle = top + _ROW / 2
        draw_text(draw, (_PAD + 36, middle), f"{row.place}.", bold, colour, align="right")
        name = fit_text(row.name, regular, _NAME_W - 10, rtl=rtl)
        if rtl:
            draw_text(draw, (_PAD + 50 + _NAME_W - 10, middle), name, regular, colour,
                      align="right", rtl=True)  # fmt: skip
        else:
            draw_text(draw, (_PAD + 50, middle), name, regular, colour)
        for x, value in zip(x_values, row.values, strict=True):
            draw_text(draw, (x, middle), value, bold if x == x_values[0] else regular, colour,
                      align="center")  # fmt: skip
    return encode_png(img)
