"""A small chart of a player's rating over their rated results, for ``/stats``.

A pure function from plain numbers to PNG bytes, like the board drawers: no storage or Discord
types. The line joins the rating after each result; a shaded band shows the rating ± its
deviation (how sure the rating is: wide while provisional, narrow once settled), so a player
sees both where they stand and how firmly. Points are spaced evenly by result rather than by
date: a month without games would otherwise squash every game into a corner.

The chart's words come in a :class:`ChartWords` (English by default): the renderer may not
import the bot, so the bot passes them translated, as it does the boards' :class:`Words`. In a
right-to-left language the header is mirrored (the title at the right, the current rating at
the left) and every text is laid out right to left; the time axis still runs left to right.

A phone shows the chart about 300 px wide, under half its size: its words are drawn at 22 px and
more so that they still read at 10 px there. While a rating is provisional its deviation is
wide -- hundreds of points -- and a shaded band would fill the whole plot; so up to
:data:`_WHISKERS_UP_TO` results the deviation is a thin whisker at each result (clipped to the
plot, the number itself in the header), and only a settled history gets the band.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from PIL import Image, ImageDraw

from .render import encode_png
from .text import bold_of, draw_text, fit_text, font, text_width
from .theme import RGB, get_theme, mix

__all__ = ["ChartWords", "RatingPoint", "render_rating_chart"]

WIDTH, HEIGHT = 640, 380
_LEFT, _RIGHT, _TOP, _BOTTOM = 84, 24, 96, 56
#: The words' sizes in px: at least 10 px on a phone, which shows the chart ~300 px wide.
_SMALL, _LABEL, _TITLE = 22, 24, 28
#: Up to this many results the deviation is drawn as whiskers, not a band.
_WHISKERS_UP_TO = 24
_GRID_STEPS = (25, 50, 100, 200, 250, 500)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating and deviation after one rated result, and when (unix seconds)."""

    at: float
    rating: float
    rd: float


def english_results(count: int) -> str:
    """ "1 rated result", "12 rated results"."""
    return f"{count} rated result{'s' if count != 1 else ''}"


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The words a rating chart draws besides its title, in one language."""

    #: The chart reads right to left (Arabic).
    rtl: bool = False
    #: The current rating and deviation, top corner: ``{rating}``, ``{rd}``.
    now: str = "now {rating} ± {rd}"
    #: The number of rated results under the line; a function, as each language forms its
    #: plurals its own way.
    results: Callable[[int], str] = field(default=english_results)


def _grid_step(span: float) -> int:
    """A round step giving 3-6 horizontal lines over ``span`` rating points."""
    for step in _GRID_STEPS:
        if span / step <= 6:
            return step
    return 1000


def render_rating_chart(
    points: Sequence[RatingPoint],
    *,
    title: str,
    words: ChartWords = ChartWords(),  # noqa: B008 - frozen: one shared default is safe
    start: float = 1500.0,
    start_rd: float = 500.0,
    theme: str = "light",
) -> bytes:
    """The chart of ``points`` (oldest first; the line starts from ``start`` ± ``start_rd``,
    where every rating begins) under ``title``, its other ``words`` in the title's language;
    PNG bytes. At least one point is needed."""
    if not points:
        raise ValueError("a rating chart needs at least one rated result")
    palette = get_theme(theme)
    background, ink, muted = palette.background, palette.text, palette.muted_text
    line: RGB = palette.release_mark  # Okabe-Ito blue: reads on both themes
    band = mix(background, line, 0.18)
    grid = mix(background, muted, 0.25)
    img = Image.new("RGB", (WIDTH, HEIGHT), background)
    draw = ImageDraw.Draw(img)
    values = [start, *(p.rating for p in points)]
    lows = [start - start_rd, *(p.rating - p.rd for p in points)]
    highs = [start + start_rd, *(p.rating + p.rd for p in points)]
    # the band is clipped to a sensible window round the line so a provisional RD of 500
    # does not flatten the line itself
    low = min(min(values) - 50, max(min(lows), min(values) - 250))
    high = max(max(values) + 50, min(max(highs), max(values) + 250))
    step = _grid_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM

    def x_of(i: int) -> float:
        return _LEFT + plot_w * i / max(1, len(values) - 1)

    def y_of(rating: float) -> float:
        clipped = min(high, max(low, rating))
        return _TOP + plot_h * (high - clipped) / (high - low)

    small, label = font(_SMALL), font(_LABEL)
    for level in range(int(low), int(high) + 1, step):
        y = y_of(level)
        draw.line([(_LEFT, y), (WIDTH - _RIGHT, y)], fill=grid, width=1)
        draw_text(draw, (_LEFT - 8, y), str(level), small, muted, align="right")
    upper = [(x_of(i), y_of(h)) for i, h in enumerate(highs)]
    lower = [(x_of(i), y_of(lo)) for i, lo in enumerate(lows)]
    if len(values) > _WHISKERS_UP_TO:
        draw.polygon(upper + lower[::-1], fill=band)
    else:  # a provisional deviation spans the plot: a whisker, not a band that covers it
        whisker = mix(background, line, 0.45)
        cap = 5
        for (x, top), (_, bottom) in zip(upper, lower, strict=True):
            draw.line([(x, top), (x, bottom)], fill=whisker, width=2)
            draw.line([(x - cap, top), (x + cap, top)], fill=whisker, width=2)
            draw.line([(x - cap, bottom), (x + cap, bottom)], fill=whisker, width=2)
    if len(values) > 1:
        draw.line([(x_of(i), y_of(v)) for i, v in enumerate(values)], fill=line, width=3)
    radius = 5 if len(values) <= 60 else 3
    for i, v in enumerate(values):
        x, y = x_of(i), y_of(v)
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=line)
    last = points[-1]
    rtl = words.rtl
    # the header: the title on the first line, the current rating under it, both from where
    # reading starts (the left; the right when read from the right)
    title_x = WIDTH - _RIGHT if rtl else _LEFT
    title_align = "right" if rtl else "left"
    now = words.now.format(rating=round(last.rating), rd=round(last.rd))
    room = WIDTH - _LEFT - _RIGHT
    size = next(  # a long title shrinks to the words' size before it is cut
        (n for n in range(_TITLE, _SMALL - 1, -2) if text_width(title, bold_of(font(n))) <= room),
        _SMALL,
    )
    caption = fit_text(title, bold_of(font(size)), room, rtl=rtl)
    draw_text(
        draw,
        (title_x, _TOP * 0.28),
        caption,
        font(size),
        ink,
        align=title_align,
        bold=True,
        rtl=rtl,
    )
    draw_text(draw, (title_x, _TOP * 0.66), now, label, muted, align=title_align, rtl=rtl)
    first_day = datetime.fromtimestamp(points[0].at, UTC).strftime("%Y-%m-%d")
    last_day = datetime.fromtimestamp(last.at, UTC).strftime("%Y-%m-%d")
    bottom = HEIGHT - _BOTTOM / 2
    draw_text(draw, (_LEFT, bottom), first_day, small, muted)
    dates = text_width(first_day, small) + text_width(last_day, small)
    count = fit_text(words.results(len(points)), small, plot_w - dates - 24, rtl=rtl)
    draw_text(draw, (_LEFT + plot_w / 2, bottom), count, small, muted, align="center", rtl=rtl)
    draw_text(draw, (WIDTH - _RIGHT, bottom), last_day, small, muted, align="right")
    return encode_png(img)
