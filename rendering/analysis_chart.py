"""The analysis chart: the first player's win chance over a game, with each costly move marked.

A pure function from plain numbers to PNG bytes, like :mod:`rendering.rating_chart` (whose look
it shares): the renderer may not import the bot or the analysis, so the bot passes the curve,
the marks and the words, translated. The area above the line is the second player's share
(dark), below it the first player's (light), as lichess draws its advantage chart; the 50 %
line is the level game. A mark sits where the costly move left the curve, its shape and colour
telling the class (a small circle: inaccuracy, a larger circle: mistake, a triangle: blunder;
Okabe-Ito colours that stay apart for colour-blind readers), the ring's colour the mover's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .render import encode_png
from .text import bold_of, draw_text, fit_text, font, text_width
from .theme import RGB, get_theme, mix

__all__ = ["ChartLegend", "ChartMark", "ChartSeries", "render_analysis_chart"]

WIDTH, HEIGHT = 720, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 70, 24, 96, 56
_SMALL, _TITLE = 22, 28

#: Colour of each class's mark (Okabe-Ito: sky blue, orange, vermillion).
CLASS_COLOURS: dict[str, RGB] = {
    "inaccuracy": (86, 180, 233),
    "mistake": (230, 159, 0),
    "blunder": (213, 94, 0),
}


@dataclass(frozen=True, slots=True)
class ChartMark:
    """A costly move: after ``ply`` plies (1 = after the first move) by the ``first`` seat
    (or the second), of ``kind`` (``inaccuracy``, ``mistake``, ``blunder``)."""

    ply: int
    first: bool
    kind: str
    #: With one line per seat: the index of the mover's line.
    seat: int = 0


@dataclass(frozen=True, slots=True)
class ChartSeries:
    """One seat's own win-chance line (games of more than two seats: ludo), in ``colour``."""

    values: Sequence[float]
    colour: RGB


@dataclass(frozen=True, slots=True)
class ChartLegend:
    """The chart's words in the reader's language: the names of the classes and the axis."""

    inaccuracy: str = "inaccuracy"
    mistake: str = "mistake"
    blunder: str = "blunder"
    axis: str = "win %"
    rtl: bool = False


def _mark(draw: ImageDraw.ImageDraw, x: float, y: float, mark: ChartMark, ring: RGB) -> None:
    colour = CLASS_COLOURS.get(mark.kind, CLASS_COLOURS["mistake"])
    if mark.kind == "blunder":
        r = 10
        draw.polygon(
            [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)],
            fill=colour,
            outline=ring,
            width=2,
        )
    else:
        r = 6 if mark.kind == "inaccuracy" else 8
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=ring, width=2)


def render_analysis_chart(
    curve: Sequence[float],
    marks: Sequence[ChartMark],
    *,
    title: str,
    legend: ChartLegend = ChartLegend(),  # noqa: B008 - frozen: one shared default is safe
    theme: str = "light",
    series: Sequence[ChartSeries] = (),
) -> bytes:
    """The chart of ``curve`` (the first seat's win chance in %, one value per position from
    the start) with ``marks``, under ``title``; PNG bytes. With ``series`` (every seat's own
    line, ludo) the plot is plain and each seat's line is drawn in its colour, the marks on
    the mover's line."""
    if len(curve) < 2:
        raise ValueError("an analysis chart needs at least one move")
    palette = get_theme(theme)
    background, ink, muted = palette.background, palette.text, palette.muted_text
    img = Image.new("RGB", (WIDTH, HEIGHT), background)
    draw = ImageDraw.Draw(img)
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM
    light, dark = palette.white_fill, palette.black_fill
    line: RGB = palette.release_mark

    def x_of(i: int) -> float:
        return _LEFT + plot_w * i / (len(curve) - 1)

    def y_of(value: float) -> float:
        return _TOP + plot_h * (100.0 - max(0.0, min(100.0, value))) / 100.0

    points = [(x_of(i), y_of(v)) for i, v in enumerate(curve)]
    if series:
        draw.rectangle([_LEFT, _TOP, _LEFT + plot_w, _TOP + plot_h], fill=light)
    else:
        draw.rectangle([_LEFT, _TOP, _LEFT + plot_w, _TOP + plot_h], fill=dark)
        draw.polygon([(_LEFT, _TOP + plot_h), *points, (_LEFT + plot_w, _TOP + plot_h)], fill=light)
    draw.rectangle([_LEFT, _TOP, _LEFT + plot_w, _TOP + plot_h], outline=muted, width=1)
    small = font(_SMALL)
    grid = mix(light, dark, 0.5)
    for level in (0, 25, 50, 75, 100):
        y = y_of(level)
        if level not in (0, 100):
            draw.line([(_LEFT, y), (_LEFT + plot_w, y)], fill=grid, width=2 if level == 50 else 1)
        draw_text(draw, (_LEFT - 8, y), f"{level}", small, muted, align="right")
    if series:
        for one in series:
            draw.line(
                [(x_of(i), y_of(v)) for i, v in enumerate(one.values)], fill=one.colour, width=3
            )
    else:
        draw.line(points, fill=line, width=3)
    for mark in marks:
        own = series[mark.seat].values if series and 0 <= mark.seat < len(series) else curve
        if 0 <= mark.ply < len(own):
            x, y = x_of(mark.ply), y_of(own[mark.ply])
            _mark(draw, x, y, mark, palette.white_outline if mark.first else palette.black_outline)
    rtl = legend.rtl
    room = WIDTH - _LEFT - _RIGHT
    size = next(
        (n for n in range(_TITLE, _SMALL - 1, -2) if text_width(title, bold_of(font(n))) <= room),
        _SMALL,
    )
    title_x = WIDTH - _RIGHT if rtl else _LEFT
    draw_text(
        draw,
        (title_x, _TOP * 0.3),
        fit_text(title, bold_of(font(size)), room, rtl=rtl),
        font(size),
        ink,
        align="right" if rtl else "left",
        bold=True,
        rtl=rtl,
    )
    # the legend: each class's mark and name, in a row under the title
    x = float(_LEFT)
    y = _TOP * 0.72
    for kind in ("inaccuracy", "mistake", "blunder"):
        name = str(getattr(legend, kind))
        _mark(draw, x + 10, y, ChartMark(0, True, kind), palette.white_outline)
        shown = fit_text(name, small, room / 3 - 34, rtl=rtl)
        draw_text(draw, (x + 26, y), shown, small, muted, rtl=rtl)
        x += room / 3
    draw_text(
        draw,
        (_LEFT + plot_w / 2, HEIGHT - _BOTTOM / 2),
        legend.axis,
        small,
        muted,
        align="center",
        rtl=rtl,
    )
    return encode_png(img)
